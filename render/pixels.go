package render

import (
	"image"
	"image/color"
	"sync"
)

// A module's big pictures (boards, displays, holding boxes: millions of
// pixels each) are drawn one after another and dropped once encoded. Each
// new one would be a new allocation of megabytes that brings the next
// collection closer, and every collection scans the whole battle; so the
// pixels of a big picture, once encoded, are kept for the next
// (newPaletted, releasePaletted). The pictures are the same: the pixels
// are cleared before reuse.

// bigPicture is the fewest pixels whose buffer is kept for reuse.
const bigPicture = 1 << 20

// pixelBufs holds released pixel buffers (*[]byte).
var pixelBufs sync.Pool

// newPaletted is image.NewPaletted, reusing a released buffer when the
// picture is big and one is large enough.
func newPaletted(r image.Rectangle, pal color.Palette) *image.Paletted {
	w, h := r.Dx(), r.Dy()
	if w <= 0 || h <= 0 || w*h < bigPicture {
		return image.NewPaletted(r, pal)
	}
	n := w * h
	if b, ok := pixelBufs.Get().(*[]byte); ok {
		if cap(*b) >= n {
			pix := (*b)[:n]
			clear(pix)
			return &image.Paletted{Pix: pix, Stride: w, Rect: r, Palette: pal}
		}
		pixelBufs.Put(b) // too small for this one; kept for a smaller
	}
	return image.NewPaletted(r, pal)
}

// ReservePixels readies a buffer of at least n pixels for the next big
// picture: a caller about to draw several big pictures (a module's boards)
// names the largest, so that one buffer serves them all, where each that
// outgrew the one before would bring a buffer of its own (Terrible Swift
// Sword's boards: 9.5 M pixels, then 11.2 M).
func ReservePixels(n int) {
	if n < bigPicture {
		return
	}
	if b, ok := pixelBufs.Get().(*[]byte); ok {
		if cap(*b) >= n {
			pixelBufs.Put(b)
			return
		}
	}
	pix := make([]byte, 0, n)
	pixelBufs.Put(&pix)
}

// releasePaletted hands the pixels of a big picture back for reuse: img
// must not be used after.
func releasePaletted(img *image.Paletted) {
	if len(img.Pix) >= bigPicture {
		pix := img.Pix[:0]
		img.Pix = nil
		pixelBufs.Put(&pix)
	}
}
