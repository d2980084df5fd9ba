package render

import (
	"bytes"
	"image"
	"image/color"
	"math/rand"
	"testing"
)

// similarRows is a picture whose rows mostly repeat the row above, as a
// board's do: some equal, most changed in a few places, some noise.
func similarRows(r *rand.Rand, n int, rect image.Rectangle) *image.Paletted {
	pal := make(color.Palette, n)
	for i := range pal {
		pal[i] = color.RGBA{uint8(r.Intn(256)), uint8(r.Intn(256)), uint8(r.Intn(256)), 255}
	}
	img := image.NewPaletted(rect, pal)
	w := rect.Dx()
	for i := range img.Pix {
		switch k := r.Intn(40); {
		case k == 0:
			img.Pix[i] = uint8(r.Intn(n))
		case k < 36 && i >= w:
			img.Pix[i] = img.Pix[i-w]
		case i > 0:
			img.Pix[i] = img.Pix[i-1]
		}
	}
	for y := 2; y < rect.Dy(); y += 5 { // rows equal to the one above
		copy(img.Pix[y*w:(y+1)*w], img.Pix[(y-1)*w:y*w])
	}
	return img
}

// packRows packs only what differs from the row above; each row it gives
// must be the row packed whole (packRow), at every depth, for widths that
// fill no word, part of one and many, and for sub-images.
func TestPackRowsPacksEveryRow(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for _, n := range []int{2, 3, 4, 5, 16, 17} {
		for _, sz := range [][2]int{{1, 1}, {1, 9}, {7, 5}, {15, 4}, {16, 4}, {17, 6}, {33, 17}, {64, 9}, {301, 57}, {1500, 20}} {
			img := similarRows(r, n, image.Rect(2, 3, 2+sz[0], 3+sz[1]))
			for _, im := range []*image.Paletted{img, img.SubImage(image.Rect(3, 4, 2+sz[0], 3+sz[1])).(*image.Paletted)} {
				b := im.Bounds()
				if b.Empty() {
					continue
				}
				depth := paletteDepth(im)
				y := 0
				packRows(im, depth, func(row []byte) {
					want := make([]byte, len(row))
					off := im.PixOffset(b.Min.X, b.Min.Y+y)
					if depth == 8 {
						copy(want[1:], im.Pix[off:off+b.Dx()])
					} else {
						packRow(want[1:], im.Pix[off:off+b.Dx()], depth)
					}
					if !bytes.Equal(row, want) {
						t.Fatalf("%d colours, %v, row %d:\n got %x\nwant %x", n, b, y, row, want)
					}
					y++
				})
				if y != b.Dy() {
					t.Fatalf("%d colours, %v: %d rows", n, b, y)
				}
			}
		}
	}
}
