package render

import (
	"cmp"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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
	'•': {0, 6, 6, 0, 0}, '−': {0, 0, 7, 0, 0}, // a printed table's no-effect dot and minus sign
	';': {0, 2, 0, 2, 4}, '[': {3, 2, 2, 2, 3}, ']': {6, 2, 2, 2, 6}, // TSS's errata cases, E[14.24]
	'<': {1, 2, 4, 2, 1}, '>': {4, 2, 1, 2, 4},
}

// textWidth is the width of s at scale k: 4 pixels a glyph, less the last gap.
func textWidth(s string, k int) int {
	n := utf8.RuneCountInString(s)
	if n == 0 {
		return 0
	}
	return (4*n - 1) * k
}

// fitText shortens s until it fits w pixels at scale k.
func fitText(s string, w, k int) string {
	s = strings.ToUpper(s)
	n := utf8.RuneCountInString(s)
	keep := n
	for keep > 1 && (4*keep-1)*k > w { // textWidth of keep runes
		keep--
	}
	if keep == n && utf8.ValidString(s) {
		return s
	}
	return string([]rune(s)[:keep])
}

// drawText writes s upper-cased with its top-left corner at x, y.
func drawText(img *image.Paletted, s string, x, y, k int, c uint8) {
	if k == 1 && image.Rect(x, y, x+textWidth(s, 1), y+5).In(img.Rect) && plainText(s) {
		// most text: hex numbers, one pixel a dot, wholly on the picture
		pix, stride := img.Pix, img.Stride
		base := img.PixOffset(x, y)
		for i := 0; i < len(s); i++ {
			g := glyphs[s[i]]
			for row, o := 0, base; row < 5; row, o = row+1, o+stride {
				bits := g[row]
				if bits&4 != 0 {
					pix[o] = c
				}
				if bits&2 != 0 {
					pix[o+1] = c
				}
				if bits&1 != 0 {
					pix[o+2] = c
				}
			}
			base += 4
		}
		return
	}
	for _, ch := range strings.ToUpper(s) {
		g, ok := font3x5[ch]
		if !ok && ch != ' ' {
			g = font3x5['?']
		}
		inside := image.Rect(x, y, x+3*k, y+5*k).In(img.Rect)
		for row := 0; row < 5; row++ {
			for col := 0; col < 3; col++ {
				switch {
				case g[row]&(4>>col) == 0:
				case k == 1 && inside:
					img.Pix[img.PixOffset(x+col, y+row)] = c
				default:
					fillRect(img, x+col*k, y+row*k, k, k, c)
				}
			}
		}
		x += 4 * k
	}
}

// glyphs is font3x5 by byte, for ASCII: what drawText draws for each
// (upper case for lower case, '?' for a character the font lacks, nothing
// for a space).
var glyphs = func() (t [128][5]uint8) {
	for b := range t {
		ch := unicode.ToUpper(rune(b))
		g, ok := font3x5[ch]
		if !ok && ch != ' ' {
			g = font3x5['?']
		}
		t[b] = g
	}
	return t
}()

// plainText reports whether s is ASCII, one byte a character.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
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
	if r.Dx() == 1 { // a vertical line: a byte a row
		for o := first; o < first+r.Dy()*img.Stride; o += img.Stride {
			img.Pix[o] = c
		}
		return
	}
	row := img.Pix[first : first+r.Dx()]
	fillBytes(row, c)
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
// scanlines, whole spans of a row at a time, written straight into the
// image's Pix slice. Paletted images (the VASSAL counters, holding boxes
// and boards) are filled crisp (fillCrisp), one sample at each pixel's
// centre; map pictures anti-aliased (fillAA), 16 sample rows a pixel with
// exact coverage along each. A row's samples add their coverage to a cell
// buffer and mark the cells they set; only the marked cells are read back,
// so the fully covered run between a shape's edges is one copy and the
// run outside it costs nothing.

// aaRows is the number of sample rows a pixel row has, anti-aliased.
const aaRows = 16

// raster holds the buffers between fills.
type raster struct {
	xs      []float64
	spans   []float64 // a pixel row's spans, from rowSpans
	edges   []edge    // the polygons' edges, by their top
	active  []edge    // the edges that reach the current row
	cover   []float32 // a row's partly covered pixels
	delta   []float32 // a row's coverage steps: fully covered runs
	touched []uint64  // which cells of cover and delta a row set, a bit each
}

// start returns the rectangle of pixels polys may touch within bounds and
// reports whether it is one rectangle on pixel edges (x0, y0, x1, y1),
// whose rows are whole spans; else it sets the edges for crossings.
func (r *raster) start(bounds image.Rectangle, polys [][]pt) (b, rect image.Rectangle, isRect bool) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, poly := range polys {
		for _, q := range poly {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	b = image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(bounds)
	if b.Empty() {
		return b, rect, false
	}
	if x0, y0, x1, y1, ok := pixelRect(polys); ok {
		rect = image.Rectangle{image.Pt(max(x0, b.Min.X), max(y0, b.Min.Y)), image.Pt(min(x1, b.Max.X), min(y1, b.Max.Y))}
		return b, rect, true
	}
	r.setEdges(polys)
	return b, rect, false
}

// fillCrisp fills the polygons as one path by the even-odd rule (a hole
// is a polygon inside another) in palette index c, a pixel where its
// centre is inside.
func (r *raster) fillCrisp(img *image.Paletted, c uint8, polys [][]pt) {
	b, rect, isRect := r.start(img.Rect, polys)
	if b.Empty() {
		return
	}
	if isRect {
		for y := rect.Min.Y; y < rect.Max.Y && rect.Max.X > rect.Min.X; y++ {
			palSpan(img, y, rect.Min.X, rect.Max.X, c)
		}
		return
	}
	edges, next := r.edges, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		if len(r.edges) > 8 { // a circle, say: keep to the edges that reach the row
			next = r.advance(next, float64(y), float64(y+1))
			edges = r.active
		}
		xs := r.crossings(edges, float64(y)+0.5)
		for i := 0; i+1 < len(xs); i += 2 {
			x0 := max(int(math.Ceil(xs[i]-0.5)), b.Min.X)
			x1 := min(int(math.Ceil(xs[i+1]-0.5)), b.Max.X)
			if x1 > x0 {
				palSpan(img, y, x0, x1, c)
			}
		}
	}
}

// palSpan sets pixels x0 to x1-1 of row y to c.
func palSpan(img *image.Paletted, y, x0, x1 int, c uint8) {
	o := img.PixOffset(x0, y)
	fillBytes(img.Pix[o:o+x1-x0], c)
}

// filled holds a run of each byte value, for fillBytes to copy from.
var filled = func() (t [256][128]byte) {
	for c := range t {
		for i := range t[c] {
			t[c][i] = byte(c)
		}
	}
	return t
}()

// fillBytes sets every byte of row to c: a short row byte by byte, a
// longer one copied from a run of c, one block move a run.
func fillBytes(row []byte, c uint8) {
	if len(row) < 8 {
		for i := range row {
			row[i] = c
		}
		return
	}
	run := filled[c][:]
	for len(row) > 0 {
		row = row[copy(row, run):]
	}
}

// fillAA fills the polygons as one path by the even-odd rule,
// anti-aliased, in colour c (r, g, b, 255) at opacity 0 < opacity ≤ 1:
// out = (src·α + dst·(255-α)) / 255, α the opacity times the coverage.
func (r *raster) fillAA(img *image.RGBA, c [4]uint8, opacity float32, polys [][]pt) {
	b, rect, isRect := r.start(img.Rect, polys)
	if b.Empty() {
		return
	}
	p := aaRow{img: img, c: c, opacity: opacity, run: -1}
	if isRect {
		for y := rect.Min.Y; y < rect.Max.Y && rect.Max.X > rect.Min.X; y++ {
			p.span(y, rect.Min.X, rect.Max.X)
		}
		return
	}
	w := b.Dx()
	if cap(r.cover) < w+2 {
		r.cover, r.delta = make([]float32, w+2), make([]float32, w+2)
		r.touched = make([]uint64, (w+2+63)/64)
	}
	cover, delta, touched := r.cover[:w+2], r.delta[:w+2], r.touched[:(w+2+63)/64]
	left, right := float64(b.Min.X), float64(b.Max.X)
	p.x0 = b.Min.X
	const step = 1.0 / aaRows
	next := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		next = r.advance(next, float64(y), float64(y+1))
		if len(r.active) == 0 {
			if next == len(r.edges) {
				break
			}
			continue
		}
		lo, hi := w+1, -1
		spans := r.rowSpans(y)
		for i := 0; i+1 < len(spans); i += 2 {
			xa, xb := spans[i], spans[i+1]
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
			touched[ia>>6] |= 1 << (ia & 63)
			if ia == ib {
				cover[ia] += float32((xb - xa) * step)
				continue
			}
			cover[ia] += float32((float64(ia+1) - xa) * step)
			delta[ia+1] += step
			delta[ib] -= step
			cover[ib] += float32((xb - float64(ib)) * step)
			touched[(ia+1)>>6] |= 1 << ((ia + 1) & 63)
			touched[ib>>6] |= 1 << (ib & 63)
		}
		if hi < 0 {
			continue
		}
		hi = min(hi, w-1)
		// Between two marked cells the coverage is what it was at the
		// first: acc, the sum of the steps so far.
		p.y = y
		var acc float32
		pos := lo // the first cell not yet painted
		for k := lo >> 6; k < len(touched); k++ {
			word := touched[k]
			touched[k] = 0
			for word != 0 {
				i := k<<6 + bits.TrailingZeros64(word)
				word &= word - 1
				d, cv := delta[i], cover[i]
				delta[i], cover[i] = 0, 0
				if i > hi {
					continue
				}
				if i > pos {
					p.cells(pos, i, acc)
				}
				acc += d
				p.cells(i, i+1, acc+cv)
				pos = i + 1
			}
		}
		if pos <= hi {
			p.cells(pos, hi+1, acc)
		}
		if p.run >= 0 {
			p.span(y, p.x0+p.run, p.x0+hi+1)
			p.run = -1
		}
	}
}

// rowSpans returns the spans of pixel row y's sample rows, sample by
// sample, each as its two ends: the crossings of every sample row, paired.
func (r *raster) rowSpans(y int) []float64 {
	const step = 1.0 / aaRows
	sp := r.spans[:0]
	if len(r.active) == 2 {
		// two edges through the whole row: its 16 spans need no sorting
		e0, e1 := r.active[0], r.active[1]
		first, last := float64(y)+0.5*step, float64(y)+(aaRows-0.5)*step
		if e0.y0 <= first && e1.y0 <= first && e0.y1 > last && e1.y1 > last {
			for s := 0; s < aaRows; s++ {
				sy := float64(y) + (float64(s)+0.5)*step
				xa, xb := e0.x0+(sy-e0.y0)*e0.slope, e1.x0+(sy-e1.y0)*e1.slope
				if xb < xa {
					xa, xb = xb, xa
				}
				sp = append(sp, xa, xb)
			}
			r.spans = sp
			return sp
		}
	}
	for s := 0; s < aaRows; s++ {
		xs := r.crossings(r.active, float64(y)+(float64(s)+0.5)*step)
		sp = append(sp, xs[:len(xs)&^1]...)
	}
	r.spans = sp
	return sp
}

// aaRow paints an anti-aliased row: cells are pixels from x0, and run is
// the first cell of a fully covered run not yet painted (-1 for none).
type aaRow struct {
	img     *image.RGBA
	c       [4]uint8
	opacity float32
	y, x0   int
	run     int
}

// cells paints cells i to j-1, covered c: full (a pixel counts as fully
// covered within 1/512) ones join the run, partly covered ones are blended.
func (p *aaRow) cells(i, j int, c float32) {
	if c >= 1-1.0/512 {
		if p.run < 0 {
			p.run = i
		}
		return
	}
	if p.run >= 0 {
		p.span(p.y, p.x0+p.run, p.x0+i)
		p.run = -1
	}
	if c > 1.0/512 {
		if a := uint32(c*p.opacity*255 + 0.5); a > 0 {
			p.blend(p.y, p.x0+i, p.x0+j, a)
		}
	}
}

// span paints pixels x0 to x1-1 of row y fully covered: one copy of the
// colour, or a blend at the opacity.
func (p *aaRow) span(y, x0, x1 int) {
	if p.opacity < 1 {
		p.blend(y, x0, x1, uint32(p.opacity*255+0.5))
		return
	}
	o := p.img.PixOffset(x0, y)
	row := p.img.Pix[o : o+4*(x1-x0)]
	copy(row, p.c[:])
	for n := 4; n < len(row); n *= 2 {
		copy(row[n:], row[:n])
	}
}

// blend lays the colour at alpha a over pixels x0 to x1-1 of row y.
func (p *aaRow) blend(y, x0, x1 int, a uint32) {
	var ca [4]uint32
	for i, v := range p.c {
		ca[i] = uint32(v)*a + 127
	}
	na := 255 - a
	o := p.img.PixOffset(x0, y)
	row := p.img.Pix[o : o+4*(x1-x0)]
	for len(row) >= 4 {
		px := row[:4:4]
		px[0] = uint8((ca[0] + uint32(px[0])*na) / 255)
		px[1] = uint8((ca[1] + uint32(px[1])*na) / 255)
		px[2] = uint8((ca[2] + uint32(px[2])*na) / 255)
		px[3] = uint8((ca[3] + uint32(px[3])*na) / 255)
		row = row[4:]
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

// setEdges keeps the polygons' non-horizontal edges, by their top, and
// empties the active list.
func (r *raster) setEdges(polys [][]pt) {
	r.edges, r.active = r.edges[:0], r.active[:0]
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
	slices.SortFunc(r.edges, func(a, b edge) int { return cmp.Compare(a.y0, b.y0) })
}

// advance makes the active list the edges that may cross a line between
// top and bot, dropping those that end above top and taking those from
// edges[next:] that start above bot; it returns the new next.
func (r *raster) advance(next int, top, bot float64) int {
	a := r.active[:0]
	for _, e := range r.active {
		if e.y1 > top {
			a = append(a, e)
		}
	}
	for ; next < len(r.edges) && r.edges[next].y0 < bot; next++ {
		if r.edges[next].y1 > top {
			a = append(a, r.edges[next])
		}
	}
	r.active = a
	return next
}

// crossings returns where edges cross the line y = sy, in order: an edge
// counts from its top end, not its bottom one.
func (r *raster) crossings(edges []edge, sy float64) []float64 {
	xs := r.xs[:0]
	for _, e := range edges {
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

// polygon fills a polygon crisp in palette index c.
func (r *raster) polygon(img *image.Paletted, poly []pt, c uint8) {
	r.fillCrisp(img, c, [][]pt{poly})
}

// drawLine draws a line crisp (raster.line) with buffers of its own.
func drawLine(img *image.Paletted, a, b pt, width int, c uint8) {
	var r raster
	r.line(img, a, b, width, c)
}

// line draws a line of the given width in pixels from pixel a to pixel
// b, filled crisp: a rectangle, with square ends when it is thinner than 3
// pixels, else round ones (so a road's stretches join smoothly).
func (r *raster) line(img *image.Paletted, a, b pt, width int, c uint8) {
	w := float64(width)
	a, b = pt{a.X + 0.5, a.Y + 0.5}, pt{b.X + 0.5, b.Y + 0.5}
	if width < 3 {
		r.fillCrisp(img, c, [][]pt{lineQuad(a, b, w, true)})
		return
	}
	r.fillCrisp(img, c, [][]pt{lineQuad(a, b, w, false)})
	r.fillCrisp(img, c, [][]pt{circle(a, w/2)})
	r.fillCrisp(img, c, [][]pt{circle(b, w/2)})
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

// encodePNG writes img deterministically: a paletted image by encodeRuns,
// anything else at png.BestSpeed.
func encodePNG(img image.Image) []byte {
	if p, ok := img.(*image.Paletted); ok {
		return encodeRuns(p)
	}
	return encodeStd(img, png.BestSpeed)
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
