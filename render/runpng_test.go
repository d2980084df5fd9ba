package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand"
	"testing"
)

// encodeRuns must give a PNG that image/png decodes (its zlib reader checks
// the Adler-32) to the very pixels: every depth, odd widths, rows equal to
// the one above, partly equal, runs and noise, one row, one column, a row
// too long for a copy from the row above.
func TestEncodeRunsDecodes(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, n := range []int{1, 2, 3, 4, 5, 16, 17, 256} {
		for _, sz := range [][2]int{{1, 1}, {2, 1}, {1, 9}, {7, 3}, {33, 17}, {301, 257}, {1500, 90}, {40000, 3}} {
			pal := make(color.Palette, n)
			for i := range pal {
				pal[i] = color.NRGBA{uint8(r.Intn(256)), uint8(r.Intn(256)), uint8(r.Intn(256)), uint8(255 - r.Intn(2)*100)}
			}
			img := image.NewPaletted(image.Rect(2, 3, 2+sz[0], 3+sz[1]), pal)
			w := sz[0]
			for i := range img.Pix {
				switch k := r.Intn(20); {
				case k == 0:
					img.Pix[i] = uint8(r.Intn(n))
				case k < 12 && i >= w:
					img.Pix[i] = img.Pix[i-w] // as the row above
				case i > 0:
					img.Pix[i] = img.Pix[i-1] // a run
				}
			}
			if sz[1] > 3 { // a row equal to the one above
				copy(img.Pix[w:2*w], img.Pix[:w])
			}
			for _, im := range []*image.Paletted{img, img.SubImage(image.Rect(3, 4, 2+sz[0], 3+sz[1])).(*image.Paletted)} {
				if im.Bounds().Empty() {
					continue
				}
				data := encodeRuns(im)
				got, err := png.Decode(bytes.NewReader(data))
				if err != nil {
					t.Fatalf("%d colours, %v: %v", n, sz, err)
				}
				b := im.Bounds()
				gb := got.Bounds()
				if gb.Dx() != b.Dx() || gb.Dy() != b.Dy() {
					t.Fatalf("%d colours, %v: decoded %v", n, sz, gb)
				}
				bad := 0
				for y := 0; y < b.Dy(); y++ {
					for x := 0; x < b.Dx(); x++ {
						w := color.NRGBAModel.Convert(im.At(b.Min.X+x, b.Min.Y+y))
						g := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y))
						if w != g {
							bad++
						}
					}
				}
				if bad > 0 {
					t.Errorf("%d colours, %v: %d pixels differ", n, sz, bad)
				}
			}
		}
	}
}

// A flat board codes to a small fraction of its pixels.
func TestEncodeRunsSmall(t *testing.T) {
	img := image.NewPaletted(image.Rect(0, 0, 2000, 2000), color.Palette{color.White, color.Black, color.Gray{128}})
	for y := 0; y < 2000; y++ {
		img.Pix[y*2000+y] = 1
		img.Pix[y*2000+(y*7)%2000] = 2
	}
	if n := len(encodeRuns(img)); n > 60000 {
		t.Errorf("%d bytes for a flat 2000x2000 picture", n)
	}
}
