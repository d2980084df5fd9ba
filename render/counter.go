package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strings"

	"golang.org/x/image/math/fixed"
)

// CounterStyle is what every counter of one side shares: its size and the
// side's colours.
type CounterStyle struct {
	Size int    // pixels a side; counters are square
	Back string // "#rrggbb"; anything else is DefaultSideColor
	Text string // "#rrggbb"; anything else is DefaultSideText
}

// Symbol is the unit-type symbol drawn in a counter's box, NATO style.
type Symbol int

const (
	SymbolText      Symbol = iota // the unit type's name, in the box
	SymbolInfantry                // a cross
	SymbolCavalry                 // one diagonal
	SymbolArtillery               // a dot
)

// SymbolNamed is the symbol a ruleset's unit type names: "infantry",
// "cavalry", "artillery"; anything else is SymbolText.
func SymbolNamed(name string) Symbol {
	switch name {
	case "infantry":
		return SymbolInfantry
	case "cavalry":
		return SymbolCavalry
	case "artillery":
		return SymbolArtillery
	}
	return SymbolText
}

// UnitCounter describes the face of a combat unit's counter, top to bottom.
type UnitCounter struct {
	Name        string
	Designation string // its formation
	Symbol      Symbol
	Type        string // printed in the box for SymbolText
	Face        string // a band naming the face ("" for the front)
	Values      []string
	// NameAbove leaves the name out: the VASSAL module writes it over the
	// counter's top in a real font (its Text Label), and the formation
	// moves down to clear it.
	NameAbove bool
	// TitleOver leaves the designation out too: the VASSAL module writes
	// it under the name in a real font, in a form that fits (its Text
	// Label), where the 3x5-pixel font cut it at the counter's edge.
	TitleOver bool
}

// LeaderCounter describes a leader's counter.
type LeaderCounter struct {
	Name        string   // in the band at the top
	Title       string   // the command, under the band
	Ratings     []string // one line each, as many as fit
	Replacement bool     // a REP band in the corner
	// TextOver leaves the name and the ratings out: the VASSAL module
	// writes them over the counter in a real font (its Text Labels, which
	// follow the face a player turns), and the REP band moves to the
	// middle, between the state tabs (StateOverlay) and clear of the
	// ratings' lines below them.
	TextOver bool
}

// palette indices of a counter
const (
	cBack = iota
	cText
	cEdge
	cBand
	cBandText
)

// inks are a side's counter colours, in the order of the palette indices
// above.
func (st CounterStyle) inks() []color.RGBA {
	back, text := SideColors(st.Back, st.Text)
	bg, _ := parseHex(back)
	fg, _ := parseHex(text)
	edge := color.RGBA{bg.R / 2, bg.G / 2, bg.B / 2, 255}
	return []color.RGBA{bg, fg, edge, rgba(counterHighlight), rgba(counterMark)}
}

// markKind is what a counter mark draws.
type markKind uint8

const (
	mFill  markKind = iota // a rectangle filled
	mFrame                 // a rectangle's one-pixel outline
	mLine                  // a one-pixel line from X, Y to X2, Y2 (pixel centres)
	mText                  // text, its top at Y, 5×Scale pixels high
)

// faceMark is one mark of a counter's face, in the pixels of its Size.
type faceMark struct {
	kind       markKind
	x, y, w, h int // mFill, mFrame; mLine: from x, y to w, h
	text       string
	scale      int  // mText: 1 or 2
	center     bool // mText: x is the text's centre, else its left edge
	fit        int  // mText: the width it must fit in, in pixels
	fitPixels  bool // the 3×5 picture shortens the text to fit (else it was measured to fit)
	ink        uint8
}

// A CounterDrawing is a counter's face as marks on a square of Size
// pixels: the VASSAL module's picture draws them pixel for pixel in the
// 3×5 font (PNG); the printed counter sheet draws the same marks at any
// resolution, anti-aliased, its text in the Go font (Print).
type CounterDrawing struct {
	size  int
	inks  []color.RGBA
	marks []faceMark
}

func (d *CounterDrawing) fill(x, y, w, h int, c uint8) {
	d.marks = append(d.marks, faceMark{kind: mFill, x: x, y: y, w: w, h: h, ink: c})
}

func (d *CounterDrawing) frame(x, y, w, h int, c uint8) {
	d.marks = append(d.marks, faceMark{kind: mFrame, x: x, y: y, w: w, h: h, ink: c})
}

func (d *CounterDrawing) line(x, y, x2, y2 int, c uint8) {
	d.marks = append(d.marks, faceMark{kind: mLine, x: x, y: y, w: x2, h: y2, ink: c})
}

// text writes s at x (its centre when center), y, scale k, shortened to
// fit w pixels when fit (the 3×5 picture's fitText), else as it is (it
// was measured to fit w); the print fits it to w in its own font.
func (d *CounterDrawing) text(s string, x, y, k int, center bool, w int, fit bool, c uint8) {
	d.marks = append(d.marks, faceMark{kind: mText, x: x, y: y, text: s, scale: k, center: center, fit: w, fitPixels: fit, ink: c})
}

// Key is the drawing written out whole: two drawings with one key are one
// picture, and PNG writes the same bytes for both (the VASSAL module draws
// each of its many identical counters once).
func (d CounterDrawing) Key() string {
	b := make([]byte, 0, 8+4*len(d.inks)+24*len(d.marks))
	b = binary.AppendVarint(b, int64(d.size))
	b = binary.AppendUvarint(b, uint64(len(d.inks)))
	for _, c := range d.inks {
		b = append(b, c.R, c.G, c.B, c.A)
	}
	for _, m := range d.marks {
		var flags byte
		if m.center {
			flags |= 1
		}
		if m.fitPixels {
			flags |= 2
		}
		b = append(b, byte(m.kind), m.ink, flags)
		for _, v := range [...]int{m.x, m.y, m.w, m.h, m.scale, m.fit} {
			b = binary.AppendVarint(b, int64(v))
		}
		b = binary.AppendUvarint(b, uint64(len(m.text)))
		b = append(b, m.text...)
	}
	return string(b)
}

// PNG draws the face pixel for pixel, paletted, its text in the 3×5 font:
// the VASSAL module's counter.
func (d CounterDrawing) PNG() []byte {
	pal := make(color.Palette, len(d.inks))
	for i, c := range d.inks {
		pal[i] = c
	}
	img := image.NewPaletted(image.Rect(0, 0, d.size, d.size), pal)
	for _, m := range d.marks {
		switch m.kind {
		case mFill:
			fillRect(img, m.x, m.y, m.w, m.h, m.ink)
		case mFrame:
			strokeRect(img, m.x, m.y, m.w, m.h, m.ink)
		case mLine:
			drawLine(img, pt{float64(m.x), float64(m.y)}, pt{float64(m.w), float64(m.h)}, 1, m.ink)
		case mText:
			t := m.text
			if m.fitPixels {
				t = fitText(t, m.fit, m.scale)
			}
			if m.center {
				drawTextCentered(img, t, m.x, m.y, m.scale, m.ink)
			} else {
				drawText(img, t, m.x, m.y, m.scale, m.ink)
			}
		}
	}
	return encodePNG(img)
}

// goCapHeight is the Go Bold font's capital height, a fraction of its
// size: the print sets text so that its capitals are as high as the 3×5
// font's.
const goCapHeight = 0.716

// Print draws the face px pixels a side, anti-aliased, its text in the Go
// Bold font with capitals as high as the 3×5 font's, shrunk (to 0.6 of
// that) or shortened to fit its width: the printed counter, at the
// printer's resolution.
func (d CounterDrawing) Print(px int) []byte {
	cv := &canvas{img: image.NewRGBA(image.Rect(0, 0, px, px))}
	k := float64(px) / float64(d.size)
	ink := func(i uint8) color.NRGBA {
		c := d.inks[i]
		return color.NRGBA{c.R, c.G, c.B, 255}
	}
	rect := func(x, y, w, h float64, c color.NRGBA) {
		cv.fill([][]pt{{{x * k, y * k}, {(x + w) * k, y * k}, {(x + w) * k, (y + h) * k}, {x * k, (y + h) * k}}}, c)
	}
	for _, m := range d.marks {
		x, y, w, h := float64(m.x), float64(m.y), float64(m.w), float64(m.h)
		switch m.kind {
		case mFill:
			rect(x, y, w, h, ink(m.ink))
		case mFrame:
			rect(x, y, w, 1, ink(m.ink))
			rect(x, y+h-1, w, 1, ink(m.ink))
			rect(x, y, 1, h, ink(m.ink))
			rect(x+w-1, y, 1, h, ink(m.ink))
		case mLine:
			cv.stroke([]pt{{(x + 0.5) * k, (y + 0.5) * k}, {(w + 0.5) * k, (h + 0.5) * k}}, k, "", ink(m.ink))
		case mText:
			cv.counterText(m, k, ink(m.ink))
		}
	}
	return encodeStd(cv.img, png.BestSpeed)
}

// counterText writes a counter's text mark at scale k: capitals 5×scale
// of the face's pixels high, fitted to its width.
func (cv *canvas) counterText(m faceMark, k float64, c color.NRGBA) {
	t := strings.ToUpper(m.text)
	size := 5 * float64(m.scale) * k / goCapHeight
	avail := float64(m.fit) * k
	width := func(s string, size float64) float64 {
		gf := faceFor(size, true)
		var w fixed.Int26_6
		for _, r := range s {
			w += gf.glyph(r).advance
		}
		return float64(w) / 64
	}
	if w := width(t, size); avail > 0 && w > avail {
		size = math.Max(size*0.6, size*avail/w)
		r := []rune(t)
		for len(r) > 1 && width(string(r)+"…", size) > avail && width(string(r), size) > avail {
			r = r[:len(r)-1]
			t = string(r) + "…"
		}
	}
	gf := faceFor(size, true)
	if gf == nil {
		return
	}
	x := float64(m.x) * k
	if m.center {
		x -= width(t, size) / 2
	}
	dot := image.Pt(int(math.Round(x)), int(math.Round(float64(m.y+5*m.scale)*k)))
	src := image.NewUniform(c)
	var adv fixed.Int26_6
	for _, r := range t {
		g := gf.glyph(r)
		if g.ok && g.mask != nil {
			at := g.dr.Add(dot).Add(image.Pt(adv.Round(), 0))
			draw.DrawMask(cv.img, at, src, image.Point{}, g.mask, image.Point{}, draw.Over)
		}
		adv += g.advance
	}
}

// Unit draws a unit's counter as PNG.
func (st CounterStyle) Unit(u UnitCounter) []byte { return st.UnitFace(u).PNG() }

// UnitFace is a unit's counter.
func (st CounterStyle) UnitFace(u UnitCounter) CounterDrawing {
	n := st.Size
	d := CounterDrawing{size: n, inks: st.inks()}
	d.frame(0, 0, n, n, cEdge)
	d.frame(1, 1, n-2, n-2, cEdge)
	desY := 11
	if u.NameAbove {
		desY = 12
	} else {
		d.text(u.Name, n/2, 4, 1, true, n-6, true, cText)
	}
	if !u.TitleOver {
		d.text(u.Designation, n/2, desY, 1, true, n-6, true, cText)
	}
	bx, by, bw, bh := n/2-12, 18, 24, 13
	d.frame(bx, by, bw, bh, cText)
	switch u.Symbol {
	case SymbolInfantry:
		d.line(bx, by, bx+bw-1, by+bh-1, cText)
		d.line(bx, by+bh-1, bx+bw-1, by, cText)
	case SymbolCavalry:
		d.line(bx, by+bh-1, bx+bw-1, by, cText)
	case SymbolArtillery:
		d.fill(n/2-2, by+bh/2-2, 5, 5, cText)
	default:
		d.text(u.Type, n/2, by+4, 1, true, bw-2, true, cText)
	}
	if u.Face != "" {
		d.fill(2, 33, n-4, 7, cBandText)
		d.text(u.Face, n/2, 34, 1, true, n-6, true, cBand)
	}
	line := strings.Join(u.Values, "-")
	if textWidth(line, 2) <= n-6 {
		d.text(line, n/2, 42, 2, true, n-6, false, cText)
	} else {
		d.text(line, n/2, 45, 1, true, n-6, true, cText)
	}
	return d
}

// Leader draws a leader's counter as PNG.
func (st CounterStyle) Leader(l LeaderCounter) []byte { return st.LeaderFace(l).PNG() }

// LeaderFace is a leader's counter.
func (st CounterStyle) LeaderFace(l LeaderCounter) CounterDrawing {
	n := st.Size
	d := CounterDrawing{size: n, inks: st.inks()}
	d.frame(0, 0, n, n, cEdge)
	d.fill(2, 2, n-4, 12, cEdge)
	if l.TextOver {
		d.text(l.Title, n/2, 17, 1, true, n-6, true, cText)
		if l.Replacement {
			d.fill(n/2-6, 24, 12, 7, cBandText)
			d.text("REP", n/2-5, 25, 1, false, 12, false, cBand)
		}
		return d
	}
	if textWidth(l.Name, 2) <= n-6 {
		d.text(strings.ToUpper(l.Name), n/2, 3, 2, true, n-6, false, cBand)
	} else {
		d.text(l.Name, n/2, 6, 1, true, n-6, true, cBand)
	}
	d.text(l.Title, n/2, 17, 1, true, n-6, true, cText)
	y := 25
	for _, r := range l.Ratings {
		if y > n-8 {
			break
		}
		d.text(r, 4, y, 1, false, n-8, true, cText)
		y += 7
	}
	if l.Replacement {
		d.fill(n-14, n-9, 12, 7, cBandText)
		d.text("REP", n-13, n-8, 1, false, 12, false, cBand)
	}
	return d
}

// MarkerCounter draws a square marker of size n with two lines of text, as PNG.
func MarkerCounter(n int, top, bottom string) []byte { return MarkerFace(n, top, bottom).PNG() }

// MarkerFace is a square marker of size n with two lines of text.
func MarkerFace(n int, top, bottom string) CounterDrawing {
	d := CounterDrawing{size: n, inks: []color.RGBA{rgba(markerBack), rgba(markerInk)}}
	d.frame(0, 0, n, n, 1)
	d.text(top, n/2, 18, 1, true, n-4, false, 1)
	d.text(bottom, n/2, 28, 1, true, n-4, false, 1)
	return d
}

// ChitFace is a marker of size n that says top over bottom as MarkerFace
// does where each keeps margin pixels from the marker's sides, and
// otherwise its words on as many lines as they take, each within the
// margins (a word wider alone keeps a line of its own, whole), the lines
// centred as MarkerFace's two are: a VASSAL module's chit, whose
// "CSA CHEATHAM'S" touched its edges.
func ChitFace(n int, top, bottom string, margin int) CounterDrawing {
	room := n - 2*margin
	if textWidth(top, 1) <= room && textWidth(bottom, 1) <= room {
		return MarkerFace(n, top, bottom)
	}
	var lines []string
	for _, w := range strings.Fields(top + " " + bottom) {
		if k := len(lines) - 1; k >= 0 && textWidth(lines[k]+" "+w, 1) <= room {
			lines[k] += " " + w
			continue
		}
		lines = append(lines, w)
	}
	d := CounterDrawing{size: n, inks: []color.RGBA{rgba(markerBack), rgba(markerInk)}}
	d.frame(0, 0, n, n, 1)
	y := 25 - (10*len(lines)-5)/2 // MarkerFace's two lines stand at 18 and 28
	for i, l := range lines {
		d.text(l, n/2, y+10*i, 1, true, room, false, 1)
	}
	return d
}

// Box is a labelled box of a holding-box sheet, in pixels.
type Box struct {
	X, Y, W, H int
	Label      string
}

// Boxes draws a w×h sheet of labelled boxes as PNG, with the text empty
// when there are none.
func Boxes(w, h int, boxes []Box, empty string) []byte {
	pal := color.Palette{rgba(boxBackground), rgba(boxOutline), rgba(boxInk)}
	img := newPaletted(image.Rect(0, 0, w, h), pal)
	if len(boxes) == 0 {
		drawText(img, empty, 20, 20, 2, 2)
	}
	for _, b := range boxes {
		strokeRect(img, b.X, b.Y, b.W, b.H, 1)
		strokeRect(img, b.X+1, b.Y+1, b.W-2, b.H-2, 1)
		drawText(img, fitText(b.Label, b.W-10, 1), b.X+5, b.Y+5, 1, 2)
	}
	data := encodePNG(img)
	releasePaletted(img)
	return data
}

// CardW and CardH are a card's size in pixels: a playing card's shape,
// large enough for its text in the 3×5 font.
const CardW, CardH = 120, 168

// Card draws a card face as PNG: a rounded-off frame, the title on a band
// at the top (scale 2, shortened to fit), the owner under it, then the
// body's lines word-wrapped at scale 1. A card with no title is a back:
// the owner alone, large, in the middle, smaller where it is long, never
// past the back's edge.
func Card(title, owner string, body []string) []byte {
	pal := color.Palette{rgba(cardFace), rgba(cardEdge), rgba(cardInk), rgba(cardBandInk)}
	img := image.NewPaletted(image.Rect(0, 0, CardW, CardH), pal)
	strokeRect(img, 0, 0, CardW, CardH, 1)
	strokeRect(img, 3, 3, CardW-6, CardH-6, 1)
	if title == "" {
		fillRect(img, 6, 6, CardW-12, CardH-12, 1)
		// the lines, centred, keep 8 pixels inside the filled back: at
		// scale 2, else at scale 1, and cut after the last line that fits
		room := CardH - 28
		k, pitch := 2, 14
		lines := wrapText(owner, CardW-24, k)
		if len(lines)*pitch-pitch+5*k > room {
			k, pitch = 1, 8
			lines = wrapText(owner, CardW-24, k)
		}
		if n := (room-5*k)/pitch + 1; len(lines) > n {
			lines = lines[:n]
		}
		top := CardH/2 - (len(lines)*pitch-pitch+5*k)/2
		for i, l := range lines {
			drawTextCentered(img, l, CardW/2, top+pitch*i, k, 3)
		}
		return encodePNG(img)
	}
	fillRect(img, 6, 6, CardW-12, 22, 1)
	drawTextCentered(img, fitText(title, CardW-16, 2), CardW/2, 12, 2, 3)
	y := 34
	if owner != "" {
		drawTextCentered(img, fitText(owner, CardW-16, 1), CardW/2, y, 1, 2)
		y += 12
	}
	for _, para := range body {
		for _, l := range wrapText(para, CardW-20, 1) {
			if y+5 > CardH-8 {
				return encodePNG(img)
			}
			drawText(img, l, 10, y, 1, 2)
			y += 8
		}
		y += 4
	}
	return encodePNG(img)
}

// wrapText breaks s into upper-cased lines of whole words that fit w
// pixels at scale k; a word longer than a line is shortened.
func wrapText(s string, w, k int) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(strings.ToUpper(s)) {
		if line != "" && textWidth(line+" "+word, k) <= w {
			line += " " + word
			continue
		}
		if line != "" {
			out = append(out, line)
		}
		line = fitText(word, w, k)
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// Blank draws the back of a counter that prints none: the side's colour,
// its edge and a small label naming whose back it is, as PNG.
func (st CounterStyle) Blank(label string) []byte { return st.BlankFace(label).PNG() }

// BlankFace is the back of a counter that prints none.
func (st CounterStyle) BlankFace(label string) CounterDrawing {
	n := st.Size
	d := CounterDrawing{size: n, inks: st.inks()}
	d.frame(0, 0, n, n, cEdge)
	d.text(label, n/2, n/2-3, 1, true, n-6, true, cText)
	return d
}
