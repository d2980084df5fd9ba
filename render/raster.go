package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
)

// Images are drawn with the standard library only: paletted images, a
// scanline polygon fill, straight lines and a 3×5 bitmap font, so the same
// battle gives the same PNG bytes on every machine.

// font3x5 holds each glyph as five rows of three bits, top row first.
var font3x5 = map[rune][5]uint8{
	'A': {2, 5, 7, 5, 5}, 'B': {6, 5, 6, 5, 6}, 'C': {3, 4, 4, 4, 3}, 'D': {6, 5, 5, 5, 6},
	'E': {7, 4, 6, 4, 7}, 'F': {7, 4, 6, 4, 4}, 'G': {3, 4, 5, 5, 3}, 'H': {5, 5, 7, 5, 5},
	'I': {7, 2, 2, 2, 7}, 'J': {1, 1, 1, 5, 2}, 'K': {5, 5, 6, 5, 5}, 'L': {4, 4, 4, 4, 7},
	'M': {5, 7, 7, 5, 5}, 'N': {6, 5, 5, 5, 5}, 'O': {2, 5, 5, 5, 2}, 'P': {6, 5, 6, 4, 4},
	'Q': {2, 5, 5, 6, 3}, 'R': {6, 5, 6, 5, 5}, 'S': {3, 4, 2, 1, 6}, 'T': {7, 2, 2, 2, 2},
	'U': {5, 5, 5, 5, 7}, 'V': {5, 5, 5, 5, 2}, 'W': {5, 5, 7, 7, 5}, 'X': {5, 5, 2, 5, 5},
	'Y': {5, 5, 2, 2, 2}, 'Z': {7, 1, 2, 4, 7},
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {6, 1, 2, 4, 7}, '3': {6, 1, 2, 1, 6},
	'4': {5, 5, 7, 1, 1}, '5': {7, 4, 6, 1, 6}, '6': {3, 4, 7, 5, 7}, '7': {7, 1, 2, 2, 2},
	'8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 6},
	'-': {0, 0, 7, 0, 0}, '.': {0, 0, 0, 0, 2}, '/': {1, 1, 2, 4, 4}, '(': {1, 2, 2, 2, 1},
	')': {4, 2, 2, 2, 4}, '\'': {2, 2, 0, 0, 0}, ',': {0, 0, 0, 2, 4}, '&': {2, 5, 2, 5, 3},
	'+': {0, 2, 7, 2, 0}, '*': {5, 2, 5, 0, 0}, '#': {5, 7, 5, 7, 5}, ':': {0, 2, 0, 2, 0},
	'?': {6, 1, 2, 0, 2}, '=': {0, 7, 0, 7, 0}, '!': {2, 2, 2, 0, 2}, '_': {0, 0, 0, 0, 7},
}

// textWidth is the width of s at scale k: 4 pixels a glyph, less the last gap.
func textWidth(s string, k int) int {
	n := len([]rune(s))
	if n == 0 {
		return 0
	}
	return (4*n - 1) * k
}

// fitText shortens s until it fits w pixels at scale k.
func fitText(s string, w, k int) string {
	r := []rune(strings.ToUpper(s))
	for len(r) > 1 && textWidth(string(r), k) > w {
		r = r[:len(r)-1]
	}
	return string(r)
}

// drawText writes s upper-cased with its top-left corner at x, y.
func drawText(img *image.Paletted, s string, x, y, k int, c uint8) {
	for _, ch := range strings.ToUpper(s) {
		g, ok := font3x5[ch]
		if !ok && ch != ' ' {
			g = font3x5['?']
		}
		for row := 0; row < 5; row++ {
			for col := 0; col < 3; col++ {
				if g[row]&(4>>col) != 0 {
					fillRect(img, x+col*k, y+row*k, k, k, c)
				}
			}
		}
		x += 4 * k
	}
}

// drawTextCentered centres s on cx.
func drawTextCentered(img *image.Paletted, s string, cx, y, k int, c uint8) {
	drawText(img, s, cx-textWidth(s, k)/2, y, k, c)
}

// fillRect fills whole spans of rows: the first row of the rectangle is
// filled, then copied to the rows below.
func fillRect(img *image.Paletted, x, y, w, h int, c uint8) {
	r := image.Rect(x, y, x+w, y+h).Intersect(img.Rect)
	if r.Empty() {
		return
	}
	first := img.PixOffset(r.Min.X, r.Min.Y)
	row := img.Pix[first : first+r.Dx()]
	for i := range row {
		row[i] = c
	}
	for yy := r.Min.Y + 1; yy < r.Max.Y; yy++ {
		o := img.PixOffset(r.Min.X, yy)
		copy(img.Pix[o:o+len(row)], row)
	}
}

func strokeRect(img *image.Paletted, x, y, w, h int, c uint8) {
	fillRect(img, x, y, w, 1, c)
	fillRect(img, x, y+h-1, w, 1, c)
	fillRect(img, x, y, 1, h, c)
	fillRect(img, x+w-1, y, 1, h, c)
}

// fillPolygon fills a convex or concave polygon by even-odd scanlines,
// sampling each pixel at its centre.
func fillPolygon(img *image.Paletted, poly []pt, c uint8) {
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, p := range poly {
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	var xs []float64
	for y := int(math.Floor(minY)); y <= int(math.Ceil(maxY)); y++ {
		sy := float64(y) + 0.5
		xs = xs[:0]
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			if (a.Y <= sy) == (b.Y <= sy) {
				continue
			}
			xs = append(xs, a.X+(sy-a.Y)*(b.X-a.X)/(b.Y-a.Y))
		}
		for i := 1; i < len(xs); i++ { // insertion sort: few crossings
			for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
				xs[j], xs[j-1] = xs[j-1], xs[j]
			}
		}
		for i := 0; i+1 < len(xs); i += 2 {
			x0 := int(math.Ceil(xs[i] - 0.5))
			x1 := int(math.Ceil(xs[i+1] - 0.5))
			fillRect(img, x0, y, x1-x0, 1, c)
		}
	}
}

// drawLine draws a line of the given width (a square brush).
func drawLine(img *image.Paletted, a, b pt, width int, c uint8) {
	n := int(math.Max(math.Abs(b.X-a.X), math.Abs(b.Y-a.Y)))
	if n == 0 {
		n = 1
	}
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x := int(math.Round(a.X + t*(b.X-a.X)))
		y := int(math.Round(a.Y + t*(b.Y-a.Y)))
		fillRect(img, x-width/2, y-width/2, width, width, c)
	}
}

// encodePNG writes img with the default settings, which are deterministic.
func encodePNG(img image.Image) []byte {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		panic(err) // writing to a buffer cannot fail
	}
	return buf.Bytes()
}

// parseHex reads "#rrggbb" (or "#rgb"); ok is false for anything else.
func parseHex(s string) (color.RGBA, bool) {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return color.RGBA{}, false
	}
	var v [3]uint8
	for i := 0; i < 3; i++ {
		var n uint8
		for _, ch := range s[2*i : 2*i+2] {
			n <<= 4
			switch {
			case ch >= '0' && ch <= '9':
				n |= uint8(ch - '0')
			case ch >= 'a' && ch <= 'f':
				n |= uint8(ch-'a') + 10
			case ch >= 'A' && ch <= 'F':
				n |= uint8(ch-'A') + 10
			default:
				return color.RGBA{}, false
			}
		}
		v[i] = n
	}
	return color.RGBA{v[0], v[1], v[2], 255}, true
}
