package render

import (
	"bytes"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// The loader refuses art that render would refuse to draw.
func TestArtLimit(t *testing.T) {
	if battle.ArtMaxPixels != MaxPixels {
		t.Errorf("battle.ArtMaxPixels %d, render.MaxPixels %d", battle.ArtMaxPixels, MaxPixels)
	}
}

// TestArtMap draws the demo over its art: at the picture's centre of hex
// A0301 (woods on the art) the pixel is the art's green, not muster's own
// woods colour; the SVG carries the art inline; both are deterministic.
func TestArtMap(t *testing.T) {
	b, ds := battle.LoadDir("../examples/art-demo", battle.Options{})
	if len(ds) > 0 || b == nil {
		t.Fatalf("load: %v", ds)
	}
	opt := MapOptions{HexSize: 24, Palette: NewPalette(b.Rules)}
	img := MapImage(b.Map, nil, opt)
	c, _, _ := b.Map.Grid.Parse("A0301")
	x, y := Center(b.Map.Grid, 24, c)
	got := img.RGBAAt(int(x), int(y)+6)
	art := color.RGBA{112, 150, 86, 255} // scripts/artmap's woods
	if d := math.Abs(float64(got.G)-float64(art.G)) + math.Abs(float64(got.R)-float64(art.R)); d > 30 {
		t.Errorf("A0301 is %v, want near the art's %v", got, art)
	}
	if again := MapImage(b.Map, nil, opt); !bytes.Equal(again.Pix, img.Pix) {
		t.Error("two pictures differ")
	}
	var svg bytes.Buffer
	if err := MapSVG(&svg, b.Map, nil, opt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), `href="data:image/png;base64,`) || strings.Contains(svg.String(), ">0301<") {
		t.Error("the SVG does not draw the art in place of the hexes")
	}
	// without art, muster draws the hex and labels it
	b.Map.Grid.Sheets[0].Art = nil
	svg.Reset()
	MapSVG(&svg, b.Map, nil, opt)
	if !strings.Contains(svg.String(), ">0301<") {
		t.Error("no labels without art")
	}
}
