package render

import (
	"bytes"
	"encoding/xml"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/rulesets"
	"image/color"
	"io"
	"strings"
	"testing"
)

func tinyMap(pointy bool) *maps.Map {
	g := &maps.Grid{Pointy: pointy, ShiftOdd: true, Digits: 2}
	g.AddSheet(maps.NewSheet("A", 0, 0, 1, 4, 1, 3))
	m := maps.New(g)
	m.Hexes(func(c maps.Coord) { m.Set(c, maps.Hex{Terrain: m.TerrainIndex("clear"), Elevation: -1}) })
	m.Set(maps.Coord{X: 0, Y: 2}, maps.Hex{Terrain: m.TerrainIndex("woods"), Elevation: -1})
	m.Hexsides[maps.EdgeOf(maps.Coord{X: 1, Y: 1}, maps.Coord{X: 2, Y: 1})] = []string{"stream"}
	m.Roads = append(m.Roads, maps.Road{Type: "road", Path: []maps.Coord{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 2, Y: 0}}})
	return m
}

func TestPNGPixels(t *testing.T) {
	for _, pointy := range []bool{false, true} {
		m := tinyMap(pointy)
		no := false
		opt := MapOptions{HexSize: 24, Labels: &no, Palette: &Palette{Terrain: map[string]string{"woods": "#7fa66a", "clear": "#e9e4c8"}}}
		img := MapImage(m, &Overlay{Title: "Tiny"}, opt)
		x, y := Center(m.Grid, 24, maps.Coord{X: 0, Y: 2})
		if got, want := img.RGBAAt(int(x), int(y)), (color.RGBA{0x7f, 0xa6, 0x6a, 0xff}); got != want {
			t.Errorf("pointy=%v: woods hex centre is %v, want %v", pointy, got, want)
		}
		x, y = Center(m.Grid, 24, maps.Coord{X: 3, Y: 0})
		if got, want := img.RGBAAt(int(x), int(y)), (color.RGBA{0xe9, 0xe4, 0xc8, 0xff}); got != want {
			t.Errorf("pointy=%v: clear hex centre is %v, want %v", pointy, got, want)
		}
		var svg bytes.Buffer
		if err := MapSVG(&svg, m, &Overlay{Title: "Tiny <&>", Markers: []Marker{{Hex: maps.Coord{X: 0, Y: 0}, Fill: "#ff0000", Label: "2", Title: "a & b"}},
			Rings: []Ring{{Hex: maps.Coord{X: 1, Y: 1}, Label: "1"}}, InPlay: map[maps.Coord]bool{{X: 0, Y: 0}: true}}, opt); err != nil {
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
func bigMap() *maps.Map {
	g := &maps.Grid{ShiftOdd: true, Digits: 2}
	for i, id := range []string{"A", "B", "C", "D"} {
		g.AddSheet(maps.NewSheet(id, (i%2)*60, (i/2)*45, 1, 60, 1, 45))
	}
	m := maps.New(g)
	names := []string{"clear", "woods", "town", "marsh", "orchard"}
	m.Hexes(func(c maps.Coord) {
		m.Set(c, maps.Hex{Terrain: m.TerrainIndex(names[(c.X*7+c.Y*3)%5]), Elevation: int16((c.X + c.Y) / 15 % 6)})
	})
	for x := 0; x+1 < g.W; x += 2 {
		m.Hexsides[maps.EdgeOf(maps.Coord{X: x, Y: 40}, maps.Coord{X: x + 1, Y: 40})] = []string{"stream"}
	}
	var path []maps.Coord
	for x := 0; x < g.W; x++ {
		path = append(path, maps.Coord{X: x, Y: 30})
	}
	m.Roads = append(m.Roads, maps.Road{Type: "pike", Path: path})
	return m
}

// BenchmarkPNGBigMapSmallHexes was a test that failed over 8 seconds:
// 10,800 hexes at hex size 10.
func BenchmarkPNGBigMapSmallHexes(b *testing.B) {
	m := bigMap()
	for i := 0; i < b.N; i++ {
		if err := MapPNG(io.Discard, m, &Overlay{Title: "Big"}, MapOptions{HexSize: 10}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPNGBigMap(b *testing.B) {
	m := bigMap()
	for i := 0; i < b.N; i++ {
		MapPNG(io.Discard, m, &Overlay{Title: "Big"}, MapOptions{HexSize: 20})
	}
}

func BenchmarkSVGBigMap(b *testing.B) {
	m := bigMap()
	for i := 0; i < b.N; i++ {
		MapSVG(io.Discard, m, &Overlay{Title: "Big"}, MapOptions{HexSize: 20})
	}
}

func TestPaletteFromRuleset(t *testing.T) {
	r, err := rulesets.Series("gbacw")
	if err != nil {
		t.Fatal(err)
	}
	p := NewPalette(r)
	if got := p.terrainColor("woods", nil); got != "#7fa66a" {
		t.Errorf("woods is %s, want the ruleset's #7fa66a", got)
	}
	if got := p.terrainColor("no-such-terrain", nil); got != hashColor("no-such-terrain", 0.7) {
		t.Errorf("unknown terrain is %s, want the colour from its name", got)
	}
	if got := styleFor(p.Hexsides, "ford", LineStyle{Width: 3}); got != (LineStyle{"#9fd0ff", 5, "3 2", 5}) {
		t.Errorf("ford is %+v", got)
	}
	if got := styleFor(p.Roads, "no-such-road", LineStyle{Width: 3}); got.Width != 3 || got.Color != hashColor("no-such-road", 0.45) {
		t.Errorf("unknown road is %+v", got)
	}
	if f, tx := SideColors("", "nope"); f != DefaultSideColor || tx != DefaultSideText {
		t.Errorf("side fallback is %s %s", f, tx)
	}
}

// BenchmarkMapImageBigMap is BenchmarkPNGBigMap's drawing, without the
// PNG encoder.
func BenchmarkMapImageBigMap(b *testing.B) {
	m := bigMap()
	for i := 0; i < b.N; i++ {
		MapImage(m, &Overlay{Title: "Big"}, MapOptions{HexSize: 20})
	}
}

// TestSheetIDs: on a map of several sheets every hex label carries its
// sheet's id (A0101 and B0101 are two hexes) and each sheet's id is written
// faintly over it; on a map of one sheet labels drop the id and no letter
// is drawn over the hexes.
func TestSheetIDs(t *testing.T) {
	yes := true
	svgOf := func(m *maps.Map) string {
		var b bytes.Buffer
		if err := MapSVG(&b, m, &Overlay{Title: "t"}, MapOptions{HexSize: 24, Labels: &yes}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	one := svgOf(tinyMap(false))
	if strings.Contains(one, `<g id="sheet-ids">`) || !strings.Contains(one, ">0101<") || strings.Contains(one, ">A0101<") {
		t.Error("one sheet: want labels without the sheet's id and no sheet letter")
	}
	g := &maps.Grid{ShiftOdd: true, Digits: 2}
	g.AddSheet(maps.NewSheet("A", 0, 0, 1, 4, 1, 3))
	g.AddSheet(maps.NewSheet("B", 4, 0, 1, 4, 1, 3))
	m := maps.New(g)
	m.Hexes(func(c maps.Coord) { m.Set(c, maps.Hex{Terrain: m.TerrainIndex("clear"), Elevation: -1}) })
	two := svgOf(m)
	if !strings.Contains(two, `<g id="sheet-ids">`) || !strings.Contains(two, ">A0101<") || !strings.Contains(two, ">B0101<") {
		t.Error("two sheets: want labels with their sheet's id and each sheet's letter")
	}
}
