package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
)

// Images are drawn with the standard library only: one scanline polygon
// rasterizer (lines are rectangles), whole spans of rows, and a 3×5 bitmap
// font for the VASSAL pictures, so the same battle gives the same PNG bytes
// on every machine.

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

// The one rasterizer: every picture's shapes are polygons filled by
// scanlines (fillPaths), which hand a painter whole spans of a row and,
// anti-aliased, the partly covered pixels at their ends. Paletted images
// (the VASSAL counters, holding boxes and boards) are filled crisp, one
// sample at each pixel's centre; map pictures anti-aliased, 16 sample
// rows a pixel with exact coverage along each.

// painter is where fillPaths draws: span fills pixels x0 to x1-1 of row y
// fully, pixel covers one pixel partly (0 < cov < 1).
type painter interface {
	span(y, x0, x1 int)
	pixel(y, x int, cov float32)
}

// palPainter paints one palette index; a pixel counts when it is at least
// half covered.
type palPainter struct {
	img *image.Paletted
	c   uint8
}

func (p palPainter) span(y, x0, x1 int) {
	o := p.img.PixOffset(x0, y)
	row := p.img.Pix[o : o+x1-x0]
	for i := range row {
		row[i] = p.c
	}
}

func (p palPainter) pixel(y, x int, cov float32) {
	if cov >= 0.5 {
		p.img.Pix[p.img.PixOffset(x, y)] = p.c
	}
}

// rgbaPainter paints a colour over an RGBA image, with its opacity and the
// coverage: out = (src·α + dst·(255-α)) / 255.
type rgbaPainter struct {
	img     *image.RGBA
	c       [4]uint8 // r, g, b, 255
	opacity float32  // 0..1
}

func (p rgbaPainter) span(y, x0, x1 int) {
	if p.opacity < 1 {
		a := uint32(p.opacity*255 + 0.5)
		for x := x0; x < x1; x++ {
			p.blend(p.img.PixOffset(x, y), a)
		}
		return
	}
	o := p.img.PixOffset(x0, y)
	row := p.img.Pix[o : o+4*(x1-x0)]
	copy(row, p.c[:])
	for n := 4; n < len(row); n *= 2 {
		copy(row[n:], row[:n])
	}
}

func (p rgbaPainter) pixel(y, x int, cov float32) {
	if a := uint32(cov*p.opacity*255 + 0.5); a > 0 {
		p.blend(p.img.PixOffset(x, y), a)
	}
}

func (p rgbaPainter) blend(o int, a uint32) {
	px := p.img.Pix[o : o+4 : o+4]
	for i := 0; i < 4; i++ {
		px[i] = uint8((uint32(p.c[i])*a + uint32(px[i])*(255-a) + 127) / 255)
	}
}

// aaRows is the number of sample rows a pixel row has, anti-aliased.
const aaRows = 16

// raster holds fillPaths' buffers between calls.
type raster struct {
	xs    []float64
	edges []edge
	cover []float32 // a row's partly covered pixels
	delta []float32 // a row's coverage steps: fully covered runs
}

// fillPaths fills the polygons as one path by the even-odd rule (a hole
// is a polygon inside another), clipped to bounds, crisp or anti-aliased.
func (r *raster) fillPaths(p painter, bounds image.Rectangle, polys [][]pt, aa bool) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, poly := range polys {
		for _, q := range poly {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	b := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(bounds)
	if b.Empty() {
		return
	}
	if x0, y0, x1, y1, ok := pixelRect(polys); ok {
		// a rectangle on pixel edges: whole rows, crisp or not
		for y := max(y0, b.Min.Y); y < min(y1, b.Max.Y); y++ {
			if l, r := max(x0, b.Min.X), min(x1, b.Max.X); r > l {
				p.span(y, l, r)
			}
		}
		return
	}
	r.setEdges(polys)
	if !aa {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			xs := r.crossings(float64(y) + 0.5)
			for i := 0; i+1 < len(xs); i += 2 {
				x0 := max(int(math.Ceil(xs[i]-0.5)), b.Min.X)
				x1 := min(int(math.Ceil(xs[i+1]-0.5)), b.Max.X)
				if x1 > x0 {
					p.span(y, x0, x1)
				}
			}
		}
		return
	}
	w := b.Dx()
	if cap(r.cover) < w+2 {
		r.cover, r.delta = make([]float32, w+2), make([]float32, w+2)
	}
	cover, delta := r.cover[:w+2], r.delta[:w+2]
	left, right := float64(b.Min.X), float64(b.Max.X)
	const step = 1.0 / aaRows
	for y := b.Min.Y; y < b.Max.Y; y++ {
		lo, hi := w+1, -1
		for s := 0; s < aaRows; s++ {
			xs := r.crossings(float64(y) + (float64(s)+0.5)*step)
			for i := 0; i+1 < len(xs); i += 2 {
				xa, xb := xs[i], xs[i+1]
				if xa < left {
					xa = left
				}
				if xb > right {
					xb = right
				}
				xa, xb = xa-left, xb-left
				if xb <= xa {
					continue
				}
				ia, ib := int(xa), int(xb)
				lo, hi = min(lo, ia), max(hi, ib)
				if ia == ib {
					cover[ia] += float32((xb - xa) * step)
					continue
				}
				cover[ia] += float32((float64(ia+1) - xa) * step)
				delta[ia+1] += step
				delta[ib] -= step
				cover[ib] += float32((xb - float64(ib)) * step)
			}
		}
		if hi < 0 {
			continue
		}
		hi = min(hi, w-1)
		var acc float32
		run := -1 // start of a fully covered run
		for i := lo; i <= hi; i++ {
			acc += delta[i]
			c := acc + cover[i]
			if c >= 1-1.0/512 {
				if run < 0 {
					run = i
				}
				continue
			}
			if run >= 0 {
				p.span(y, b.Min.X+run, b.Min.X+i)
				run = -1
			}
			if c > 1.0/512 {
				p.pixel(y, b.Min.X+i, c)
			}
		}
		if run >= 0 {
			p.span(y, b.Min.X+run, b.Min.X+hi+1)
		}
		clear(cover[lo : hi+2])
		clear(delta[lo : hi+2])
	}
}

// pixelRect reports whether polys is one axis-aligned rectangle with its
// corners on whole pixels, and which.
func pixelRect(polys [][]pt) (x0, y0, x1, y1 int, ok bool) {
	if len(polys) != 1 || len(polys[0]) != 4 {
		return
	}
	ps := polys[0]
	for _, q := range ps {
		if q.X != math.Trunc(q.X) || q.Y != math.Trunc(q.Y) {
			return
		}
	}
	if !(ps[0].Y == ps[1].Y && ps[1].X == ps[2].X && ps[2].Y == ps[3].Y && ps[3].X == ps[0].X) &&
		!(ps[0].X == ps[1].X && ps[1].Y == ps[2].Y && ps[2].X == ps[3].X && ps[3].Y == ps[0].Y) {
		return
	}
	x0, x1 = int(min(ps[0].X, ps[2].X)), int(max(ps[0].X, ps[2].X))
	y0, y1 = int(min(ps[0].Y, ps[2].Y)), int(max(ps[0].Y, ps[2].Y))
	return x0, y0, x1, y1, true
}

// edge is a polygon edge that is not horizontal, top end first.
type edge struct {
	y0, y1, x0, slope float64
}

// setEdges keeps the polygons' non-horizontal edges for crossings.
func (r *raster) setEdges(polys [][]pt) {
	r.edges = r.edges[:0]
	for _, poly := range polys {
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			if a.Y == b.Y {
				continue
			}
			if a.Y > b.Y {
				a, b = b, a
			}
			r.edges = append(r.edges, edge{a.Y, b.Y, a.X, (b.X - a.X) / (b.Y - a.Y)})
		}
	}
}

// crossings returns where the edges cross the line y = sy, in order: an
// edge counts from its top end, not its bottom one.
func (r *raster) crossings(sy float64) []float64 {
	xs := r.xs[:0]
	for _, e := range r.edges {
		if sy < e.y0 || sy >= e.y1 {
			continue
		}
		xs = append(xs, e.x0+(sy-e.y0)*e.slope)
	}
	for i := 1; i < len(xs); i++ { // insertion sort: few crossings
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	r.xs = xs
	return xs
}

// fillPolygon fills a polygon crisp in palette index c.
func fillPolygon(img *image.Paletted, poly []pt, c uint8) {
	var r raster
	r.fillPaths(palPainter{img, c}, img.Rect, [][]pt{poly}, false)
}

// drawLine draws a line of the given width in pixels from pixel a to
// pixel b, filled crisp: a rectangle, with square ends when it is thinner
// than 3 pixels, else round ones (so a road's stretches join smoothly).
func drawLine(img *image.Paletted, a, b pt, width int, c uint8) {
	w := float64(width)
	a, b = pt{a.X + 0.5, a.Y + 0.5}, pt{b.X + 0.5, b.Y + 0.5}
	var r raster
	p := palPainter{img, c}
	if width < 3 {
		r.fillPaths(p, img.Rect, [][]pt{lineQuad(a, b, w, true)}, false)
		return
	}
	r.fillPaths(p, img.Rect, [][]pt{lineQuad(a, b, w, false)}, false)
	r.fillPaths(p, img.Rect, [][]pt{circle(a, w/2)}, false)
	r.fillPaths(p, img.Rect, [][]pt{circle(b, w/2)}, false)
}

// lineQuad is the rectangle of width w along a to b, its ends extended
// by w/2 when square.
func lineQuad(a, b pt, w float64, square bool) []pt {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l < 1e-9 {
		dx, dy, l = 1, 0, 1
		square = true
	}
	ux, uy := dx/l*w/2, dy/l*w/2
	if square {
		a, b = pt{a.X - ux, a.Y - uy}, pt{b.X + ux, b.Y + uy}
	}
	return []pt{{a.X - uy, a.Y + ux}, {b.X - uy, b.Y + ux}, {b.X + uy, b.Y - ux}, {a.X + uy, a.Y - ux}}
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
