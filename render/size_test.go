package render_test

import (
	"io"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/render"
)

// TestTooBigToDraw: a map whose picture would pass render.MaxPixels is
// refused by both writers before anything is laid out (a 1999x2000-hex
// sheet took 17 GB), with the size in the message; a sane one is drawn.
func TestTooBigToDraw(t *testing.T) {
	g := &maps.Grid{ShiftOdd: true, Digits: 4}
	g.AddSheet(maps.NewSheet("C", 0, 0, 10, 1999, 1, 2000))
	big := &maps.Map{Grid: g}
	for name, draw := range map[string]func(io.Writer, *maps.Map, *render.Overlay, render.MapOptions) error{"png": render.MapPNG, "svg": render.MapSVG} {
		err := draw(io.Discard, big, nil, render.MapOptions{})
		if err == nil || !strings.Contains(err.Error(), "more than the 64 million muster draws") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := render.CheckSize("x", 8000, 8000); err != nil {
		t.Errorf("64 M pixels refused: %v", err)
	}
	if err := render.CheckSize("x", 8193, 8192); err == nil {
		t.Error("more than 64 M pixels accepted")
	}
}
