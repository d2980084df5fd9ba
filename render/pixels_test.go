package render

import (
	"image"
	"testing"

	"github.com/muster-wargames/muster/internal/race"
)

// A big picture's pixels come back for the next (newPaletted): cleared,
// with the new picture's bounds and stride, and never shared with a small
// picture.
func TestNewPalettedReusesCleared(t *testing.T) {
	a := newPaletted(image.Rect(0, 0, 1500, 1000), nil)
	for i := range a.Pix {
		a.Pix[i] = 7
	}
	releasePaletted(a)
	if a.Pix != nil {
		t.Fatal("a released picture keeps its pixels")
	}
	b := newPaletted(image.Rect(2, 3, 1202, 1003), nil)
	if b.Stride != 1200 || len(b.Pix) != 1200*1000 || b.Rect != image.Rect(2, 3, 1202, 1003) {
		t.Fatalf("stride %d, %d pixels, bounds %v", b.Stride, len(b.Pix), b.Rect)
	}
	for i, p := range b.Pix {
		if p != 0 {
			t.Fatalf("pixel %d is %d, not cleared", i, p)
		}
	}
	for i := range b.Pix {
		b.Pix[i] = 5
	}
	releasePaletted(b)
	small := newPaletted(image.Rect(0, 0, 100, 100), nil)
	if small.Pix[0] != 0 || cap(small.Pix) != 100*100 {
		t.Fatalf("a small picture got a released buffer (cap %d)", cap(small.Pix))
	}
	releasePaletted(small)
}

// ReservePixels readies one buffer for pictures up to its size: a picture
// drawn after a smaller one, both within it, is drawn in the same pixels,
// where without it the larger brings a buffer of its own. A buffer too
// small for a reservation is let go, not kept beside it.
func TestReservePixels(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector's sync.Pool drops what it is given at random")
	}
	for pixelBufs.Get() != nil { // what other tests' pictures left
	}
	releasePaletted(newPaletted(image.Rect(0, 0, 1100, 1000), nil)) // an earlier picture's, too small
	ReservePixels(1300 * 1000)
	a := newPaletted(image.Rect(0, 0, 1200, 1000), nil)
	first := &a.Pix[:cap(a.Pix)][cap(a.Pix)-1]
	releasePaletted(a)
	b := newPaletted(image.Rect(0, 0, 1300, 1000), nil)
	if &b.Pix[:cap(b.Pix)][cap(b.Pix)-1] != first {
		t.Error("the larger picture did not get the reserved buffer")
	}
	releasePaletted(b)
	c := newPaletted(image.Rect(0, 0, 1300, 1001), nil) // one row past the reservation
	if &c.Pix[:cap(c.Pix)][cap(c.Pix)-1] == first {
		t.Error("a picture past the reservation got its buffer")
	}
	releasePaletted(c)
}
