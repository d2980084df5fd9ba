package render

import (
	"image"
	"image/color"
	"sort"
)

// Board describes a picture of flat-topped hexes: one VASSAL board, say.
// Colours and line widths come from the palette, by the names of the
// terrain, the hexside features and the road types.
type Board struct {
	W, H int     // picture size in pixels
	HexW float64 // corner-to-corner width of a hex
	HexH int     // flat-to-flat height of a hex
	// Hexes are drawn in this order, which also fixes the order of the
	// PNG palette.
	Hexes []BoardHex
	Sides []BoardSide
	Roads []BoardRoad
	// Palette colours the terrain, hexside features and roads (NewPalette
	// of the battle's ruleset); nil colours every name from the name.
	Palette *Palette
}

// BoardHex is one hex of a board.
type BoardHex struct {
	X, Y      int // the pixel the centre falls in
	Terrain   string
	Elevation int // -1 for none; the highest level is drawn lightest
	Label     string
}

// BoardSide is the side two hexes share, with its features in drawing
// order.
type BoardSide struct {
	A, B     image.Point // the hexes' centres
	Features []string
}

// BoardRoad is a road of the map with the stretches that fall on the board
// (perhaps none), from hex centre to hex centre.
type BoardRoad struct {
	Type string
	Segs [][2]image.Point
}

// shadeLevel darkens a colour one step per elevation level below the top.
func shadeLevel(c color.RGBA, level, top int) color.RGBA {
	f := 1.0 - 0.06*float64(top-level)
	if f < 0.5 {
		f = 0.5
	}
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), 255}
}

// boardLine is the width of a board's hexside and road lines, in board
// pixels, when the palette gives none (LineStyle.BoardWidth).
const boardLine = 3

// featureColor is a hexside feature's colour and width in board pixels,
// from the one palette.
func (p *Palette) featureColor(f string) (color.RGBA, int) {
	s := styleFor(p.hexsides(), f, LineStyle{BoardWidth: boardLine})
	return rgba(s.Color), s.BoardWidth
}

// roadColor is a road type's colour and width in board pixels, from the
// one palette.
func (p *Palette) roadColor(t string) (color.RGBA, int) {
	s := styleFor(p.roads(), t, LineStyle{BoardWidth: boardLine})
	return rgba(s.Color), s.BoardWidth
}

// indexed hands out palette indices for colours, in first-use order.
type indexed struct {
	pal color.Palette
	idx map[color.RGBA]uint8
}

func (p *indexed) get(c color.RGBA) uint8 {
	if i, ok := p.idx[c]; ok {
		return i
	}
	if len(p.pal) >= 256 {
		return 0
	}
	p.idx[c] = uint8(len(p.pal))
	p.pal = append(p.pal, c)
	return p.idx[c]
}

// PNG draws the board: terrain shaded by elevation, hex outlines and
// labels, hexside features and roads. Colours enter the palette in a
// fixed order (background, outline, labels, then hexes, sides and roads
// as listed), so the bytes depend on the description alone.
func (bd *Board) PNG() []byte {
	mp := &indexed{idx: map[color.RGBA]uint8{}}
	bg := mp.get(rgba(boardBackground))
	outline := mp.get(rgba(boardOutline))
	labelC := mp.get(rgba(boardLabel))
	top := 0
	for _, h := range bd.Hexes {
		top = max(top, h.Elevation)
	}
	img := newPaletted(image.Rect(0, 0, bd.W, bd.H), nil)
	fills := make([]uint8, len(bd.Hexes))
	for k, h := range bd.Hexes {
		base := rgba(bd.Palette.terrainColor(h.Terrain, nil))
		if h.Elevation >= 0 {
			base = shadeLevel(base, h.Elevation, top)
		}
		fills[k] = mp.get(base)
	}
	type seg struct {
		a, b  pt
		c     uint8
		width int
	}
	var segs []seg
	for _, s := range bd.Sides {
		p1, p2 := sharedSide(bd.hexPolygon(s.A.X, s.A.Y), pt{float64(s.B.X) + 0.5, float64(s.B.Y) + 0.5})
		for _, f := range s.Features {
			c, w := bd.Palette.featureColor(f)
			segs = append(segs, seg{p1, p2, mp.get(c), w})
		}
	}
	for _, r := range bd.Roads {
		c, w := bd.Palette.roadColor(r.Type)
		ci := mp.get(c)
		for _, s := range r.Segs {
			segs = append(segs, seg{pt{float64(s[0].X), float64(s[0].Y)}, pt{float64(s[1].X), float64(s[1].Y)}, ci, w})
		}
	}
	img.Palette = mp.pal
	fillRect(img, 0, 0, bd.W, bd.H, bg)
	var z raster
	// Every hex is the same shape moved by whole pixels, so its fill and
	// its outline are rasterized once, as spans about the centre pixel,
	// and stamped at each hex.
	fill := bd.stamp(func(img *image.Paletted) { z.polygon(img, bd.hexPolygon(0, 0), 1) })
	line := bd.stamp(func(img *image.Paletted) {
		poly := bd.hexPolygon(0, 0)
		for i := range poly {
			z.line(img, poly[i], poly[(i+1)%len(poly)], 1, 1)
		}
	})
	fillAt, lineAt := fill.on(img), line.on(img)
	for k, h := range bd.Hexes {
		fillAt.at(img, h.X, h.Y, fills[k])
	}
	for _, h := range bd.Hexes {
		lineAt.at(img, h.X, h.Y, outline)
		drawTextCentered(img, h.Label, h.X, h.Y+LabelTop(bd.HexH), 1, labelC)
	}
	for _, sg := range segs {
		z.line(img, sg.a, sg.b, sg.width, sg.c)
	}
	data := encodePNG(img)
	releasePaletted(img)
	return data
}

// LabelTop is the top row of a hex's number, relative to the hex's centre
// pixel, on a hex hexH pixels high: two rows below the top side, so the
// five rows of the 3×5 font end two rows above a hexH-16 pixel counter
// centred on the hex (a 72 px hex, a 56 px counter: rows -34 to -30, the
// counter from -28).
func LabelTop(hexH int) int { return -hexH/2 + 2 }

// LabelHeight is the height of a hex's number in pixels.
const LabelHeight = 5

// LabelWidth is the width of a hex's number in pixels, centred on the
// hex's centre column.
func LabelWidth(label string) int { return textWidth(label, 1) }

// hexPolygon is the outline of the hex centred in pixel x, y.
func (bd *Board) hexPolygon(x, y int) []pt {
	cx, cy := float64(x)+0.5, float64(y)+0.5
	w, h := bd.HexW, float64(bd.HexH)
	return []pt{
		{cx - w/2, cy}, {cx - w/4, cy - h/2}, {cx + w/4, cy - h/2},
		{cx + w/2, cy}, {cx + w/4, cy + h/2}, {cx - w/4, cy + h/2},
	}
}

// sharedSide returns the two corners of poly nearest to the centre of the
// neighbouring hex: the side the two hexes share.
func sharedSide(poly []pt, other pt) (pt, pt) {
	idx := make([]int, len(poly))
	for i := range idx {
		idx[i] = i
	}
	d := func(p pt) float64 { return (p.X-other.X)*(p.X-other.X) + (p.Y-other.Y)*(p.Y-other.Y) }
	sort.SliceStable(idx, func(i, j int) bool { return d(poly[idx[i]]) < d(poly[idx[j]]) })
	return poly[idx[0]], poly[idx[1]]
}

// span is a run of pixels x0 to x1-1 of the row dy below a centre pixel.
type span struct{ dy, x0, x1 int }

// stampShape is a stamp's spans, in order of dy, and the box they fill about
// the centre pixel.
type stampShape struct {
	spans []span
	box   image.Rectangle
}

// stamp draws a shape about pixel 0, 0 in index 1 on a scratch picture
// big enough to hold a hex, and returns its pixels as spans.
func (bd *Board) stamp(draw func(img *image.Paletted)) stampShape {
	r := int(max(bd.HexW, float64(bd.HexH))) + 8
	img := image.NewPaletted(image.Rect(-r, -r, r+1, r+1), stampPalette)
	draw(img)
	var out []span
	for y := -r; y <= r; y++ {
		row := img.Pix[img.PixOffset(-r, y) : img.PixOffset(-r, y)+2*r+1]
		for i := 0; i < len(row); i++ {
			if row[i] != 1 {
				continue
			}
			i0 := i
			for i < len(row) && row[i] == 1 {
				i++
			}
			out = append(out, span{y, i0 - r, i - r})
		}
	}
	sh := stampShape{spans: out}
	for _, s := range out {
		sh.box = sh.box.Union(image.Rect(s.x0, s.dy, s.x1, s.dy+1))
	}
	return sh
}

// stampAt sets the pixels of spans about pixel x, y to c, clipped to img
// (placed.at draws the stamps that lie wholly on it).
func stampAt(img *image.Paletted, sh stampShape, x, y int, c uint8) {
	b := img.Rect
	for _, s := range sh.spans {
		yy := y + s.dy
		if yy < b.Min.Y || yy >= b.Max.Y {
			continue
		}
		x0, x1 := max(x+s.x0, b.Min.X), min(x+s.x1, b.Max.X)
		if x1 > x0 {
			palSpan(img, yy, x0, x1, c)
		}
	}
}

// placed is a stamp made for one picture's rows, as offsets from the
// centre pixel's byte: the pixels of its short spans (an outline's, most of
// them) one by one, its longer spans (a fill's) as runs.
type placed struct {
	sh     stampShape
	pixels []int    // offsets of the pixels of the spans of up to 4
	runs   [][2]int // offset and length of the longer spans
}

// on places sh for img's rows.

func (sh stampShape) on(img *image.Paletted) *placed {
	p := &placed{sh: sh}
	for _, s := range sh.spans {
		o := s.dy*img.Stride + s.x0
		if n := s.x1 - s.x0; n <= 4 {
			for i := range n {
				p.pixels = append(p.pixels, o+i)
			}
		} else {
			p.runs = append(p.runs, [2]int{o, n})
		}
	}
	return p
}

// at sets the stamp's pixels about pixel x, y to c, within img, as
// stampAt does (a stamp's spans do not overlap, so the order is free).
func (p *placed) at(img *image.Paletted, x, y int, c uint8) {
	if !p.sh.box.Add(image.Pt(x, y)).In(img.Rect) {
		stampAt(img, p.sh, x, y, c)
		return
	}
	base := img.PixOffset(x, y)
	pix := img.Pix
	for _, o := range p.pixels {
		pix[base+o] = c
	}
	run := filled[c][:]
	for _, r := range p.runs {
		o := base + r[0]
		if r[1] <= len(run) {
			copy(pix[o:o+r[1]], run)
		} else {
			fillBytes(pix[o:o+r[1]], c)
		}
	}
}
