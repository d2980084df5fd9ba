package render

import (
	"image"
	"testing"
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
