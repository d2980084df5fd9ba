package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand"
	"testing"
)

// encodePaletted must write image/png's bytes exactly.
func TestEncodePalettedMatchesImagePNG(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{1, 2, 3, 4, 5, 16, 17, 200, 256} {
		for _, sz := range [][2]int{{1, 1}, {7, 3}, {33, 17}, {301, 257}, {1500, 90}} {
			for _, level := range []png.CompressionLevel{png.BestSpeed, png.DefaultCompression, png.NoCompression} {
				pal := make(color.Palette, n)
				for i := range pal {
					pal[i] = color.RGBA{uint8(r.Intn(256)), uint8(r.Intn(256)), uint8(r.Intn(256)), 255}
				}
				if n > 3 {
					pal[2] = color.NRGBA{1, 2, 3, 100}
				}
				img := image.NewPaletted(image.Rect(2, 3, 2+sz[0], 3+sz[1]), pal)
				// runs of colour, as a board has, and noise
				for i := range img.Pix {
					if r.Intn(10) == 0 {
						img.Pix[i] = uint8(r.Intn(n))
					} else if i > 0 {
						img.Pix[i] = img.Pix[i-1]
					}
				}
				var want bytes.Buffer
				if err := (&png.Encoder{CompressionLevel: level}).Encode(&want, img); err != nil {
					t.Fatal(err)
				}
				if got := encodePaletted(img, level); !bytes.Equal(got, want.Bytes()) {
					t.Errorf("%d colours, %v, level %d: %d bytes, image/png %d", n, sz, level, len(got), want.Len())
				}
				sub := img.SubImage(image.Rect(3, 4, 2+sz[0], 3+sz[1])).(*image.Paletted)
				if sub.Bounds().Empty() {
					continue
				}
				want.Reset()
				if err := (&png.Encoder{CompressionLevel: level}).Encode(&want, sub); err != nil {
					t.Fatal(err)
				}
				if got := encodePaletted(sub, level); !bytes.Equal(got, want.Bytes()) {
					t.Errorf("sub-image: %d colours, %v, level %d differs", n, sz, level)
				}
			}
		}
	}
}
