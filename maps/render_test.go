package maps

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"io"
	"testing"
	"time"
)

func tinyMap(pointy bool) *Map {
	g := &Grid{Pointy: pointy, ShiftOdd: true, Digits: 2}
	g.AddSheet(NewSheet("A", 0, 0, 1, 4, 1, 3))
	m := New(g)
	m.Hexes(func(c Coord) { m.Set(c, Hex{Terrain: m.TerrainIndex("clear"), Elevation: -1}) })
	m.Set(Coord{0, 2}, Hex{Terrain: m.TerrainIndex("woods"), Elevation: -1})
	m.Hexsides[EdgeOf(Coord{1, 1}, Coord{2, 1})] = []string{"stream"}
	m.Roads = append(m.Roads, Road{Type: "road", Path: []Coord{{0, 0}, {1, 0}, {2, 0}}})
	return m
}

func TestPNGPixels(t *testing.T) {
	for _, pointy := range []bool{false, true} {
		m := tinyMap(pointy)
		no := false
		opt := RenderOptions{HexSize: 24, Labels: &no}
		img := RenderImage(m, &Overlay{Title: "Tiny"}, opt)
		x, y := Center(m.Grid, 24, Coord{0, 2})
		if got, want := img.RGBAAt(int(x), int(y)), (color.RGBA{0x7f, 0xa6, 0x6a, 0xff}); got != want {
			t.Errorf("pointy=%v: woods hex centre is %v, want %v", pointy, got, want)
		}
		x, y = Center(m.Grid, 24, Coord{3, 0})
		if got, want := img.RGBAAt(int(x), int(y)), (color.RGBA{0xe9, 0xe4, 0xc8, 0xff}); got != want {
			t.Errorf("pointy=%v: clear hex centre is %v, want %v", pointy, got, want)
		}
		var svg bytes.Buffer
		if err := RenderSVG(&svg, m, &Overlay{Title: "Tiny <&>", Markers: []Marker{{Hex: Coord{0, 0}, Fill: "#ff0000", Label: "2", Title: "a & b"}},
			Rings: []Ring{{Hex: Coord{1, 1}, Label: "1"}}, InPlay: map[Coord]bool{{0, 0}: true}}, opt); err != nil {
			t.Fatal(err)
		}
		if err := wellFormed(svg.Bytes()); err != nil {
			t.Errorf("pointy=%v: SVG is not XML: %v", pointy, err)
		}
	}
}

func wellFormed(b []byte) error {
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		if _, err := d.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// bigMap is four 60 x 45 sheets: 10,800 hexes.
func bigMap() *Map {
	g := &Grid{ShiftOdd: true, Digits: 2}
	for i, id := range []string{"A", "B", "C", "D"} {
		g.AddSheet(NewSheet(id, (i%2)*60, (i/2)*45, 1, 60, 1, 45))
	}
	m := New(g)
	names := []string{"clear", "woods", "town", "marsh", "orchard"}
	m.Hexes(func(c Coord) {
		m.Set(c, Hex{Terrain: m.TerrainIndex(names[(c.X*7+c.Y*3)%5]), Elevation: int16((c.X + c.Y) / 15 % 6)})
	})
	for x := 0; x+1 < g.W; x += 2 {
		m.Hexsides[EdgeOf(Coord{x, 40}, Coord{x + 1, 40})] = []string{"stream"}
	}
	var path []Coord
	for x := 0; x < g.W; x++ {
		path = append(path, Coord{x, 30})
	}
	m.Roads = append(m.Roads, Road{Type: "pike", Path: path})
	return m
}

func TestBigMapIsFast(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	m := bigMap()
	start := time.Now()
	if err := RenderPNG(io.Discard, m, &Overlay{Title: "Big"}, RenderOptions{HexSize: 10}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("10,800 hexes took %v", d)
	}
}

func BenchmarkPNGBigMap(b *testing.B) {
	m := bigMap()
	for i := 0; i < b.N; i++ {
		RenderPNG(io.Discard, m, &Overlay{Title: "Big"}, RenderOptions{HexSize: 20})
	}
}

func BenchmarkSVGBigMap(b *testing.B) {
	m := bigMap()
	for i := 0; i < b.N; i++ {
		RenderSVG(io.Discard, m, &Overlay{Title: "Big"}, RenderOptions{HexSize: 20})
	}
}
