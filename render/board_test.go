package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// testBoard is a 20 x 20 board of flat-topped hexes 62 px apart.
func testBoard() *Board {
	bd := &Board{W: 20*62 + 100, H: 20*72 + 100, HexW: 4.0 * 62 / 3.0, HexH: 72}
	terrain := []string{"clear", "woods", "town", "marsh", "orchard"}
	for x := 0; x < 20; x++ {
		for y := 0; y < 20; y++ {
			cy := 72 + y*72
			if x%2 == 1 {
				cy += 36
			}
			bd.Hexes = append(bd.Hexes, BoardHex{X: 50 + x*62, Y: cy, Terrain: terrain[(x+y)%5], Elevation: (x + y) % 4, Label: "0101"})
		}
	}
	bd.Sides = []BoardSide{{A: image.Pt(50, 72), B: image.Pt(112, 108), Features: []string{"stream"}}}
	bd.Roads = []BoardRoad{{Type: "pike", Segs: [][2]image.Point{{image.Pt(50, 72), image.Pt(50, 144)}}}, {Type: "trail"}}
	bd.Palette = &Palette{Terrain: map[string]string{"woods": "#7fa66a"}}
	return bd
}

func TestBoardPNG(t *testing.T) {
	bd := testBoard()
	img, err := png.Decode(bytes.NewReader(bd.PNG()))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := img.Bounds(), image.Rect(0, 0, bd.W, bd.H); got != want {
		t.Errorf("bounds %v, want %v", got, want)
	}
	if r, g, b, _ := img.At(1, 1).RGBA(); r>>8 != 235 || g>>8 != 235 || b>>8 != 228 {
		t.Errorf("background is %d,%d,%d", r>>8, g>>8, b>>8)
	}
	// the second hex of the first column is woods at elevation 1 of 3
	h := bd.Hexes[1]
	want := shadeLevel(rgba("#7fa66a"), 1, 3)
	if r, g, b, _ := img.At(h.X+10, h.Y+10).RGBA(); uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(b>>8) != want.B {
		t.Errorf("woods hex is %d,%d,%d, want %v", r>>8, g>>8, b>>8, want)
	}
	if !bytes.Equal(bd.PNG(), testBoard().PNG()) {
		t.Error("the same board gave different bytes")
	}
}

func TestCounterPNG(t *testing.T) {
	st := CounterStyle{Size: 56, Back: "#2c4a7c", Text: "#ffffff"}
	for _, b := range [][]byte{
		st.Unit(UnitCounter{Name: "74 IL", Designation: "1/1/RW", Symbol: SymbolInfantry, Values: []string{"4", "R"}}),
		st.Leader(LeaderCounter{Name: "Rosecrans", Title: "RW army", Ratings: []string{"init 2"}, Replacement: true}),
		MarkerCounter(56, "BREAST-", "WORKS"),
		Boxes(300, 200, []Box{{X: 20, Y: 20, W: 120, H: 60, Label: "Turn 3"}}, "NONE"),
	} {
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := img.(*image.Paletted); !ok {
			t.Errorf("%T, want a paletted PNG", img)
		}
	}
	img, _ := png.Decode(bytes.NewReader(st.Unit(UnitCounter{Name: "X"})))
	if r, g, b, _ := img.At(0, 0).RGBA(); r>>8 != 0x16 || g>>8 != 0x25 || b>>8 != 0x3e {
		t.Errorf("edge is %d,%d,%d, want half the side colour", r>>8, g>>8, b>>8)
	}
}

func BenchmarkBoardPNG(b *testing.B) {
	bd := testBoard()
	for i := 0; i < b.N; i++ {
		bd.PNG()
	}
}

// A placed stamp sets the pixels stampAt sets, wholly on the picture or
// clipped at any edge.
func TestPlacedStamp(t *testing.T) {
	bd := testBoard()
	var z raster
	for _, sh := range []stampShape{
		bd.stamp(func(img *image.Paletted) { z.polygon(img, bd.hexPolygon(0, 0), 1) }),
		bd.stamp(func(img *image.Paletted) {
			poly := bd.hexPolygon(0, 0)
			for i := range poly {
				z.line(img, poly[i], poly[(i+1)%len(poly)], 1, 1)
			}
		}),
	} {
		for _, at := range []image.Point{{100, 100}, {0, 0}, {199, 50}, {50, 199}, {-20, 90}, {210, 230}} {
			pal := color.Palette{color.White, color.Black, color.Gray{128}}
			want := image.NewPaletted(image.Rect(0, 0, 200, 200), pal)
			got := image.NewPaletted(image.Rect(0, 0, 200, 200), pal)
			stampAt(want, sh, at.X, at.Y, 2)
			sh.on(got).at(got, at.X, at.Y, 2)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("stamp of %d spans at %v: placed differs from stampAt", len(sh.spans), at)
			}
		}
	}
}
