package render

import (
	"image"
	"image/color"
	"strings"
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
}

// LeaderCounter describes a leader's counter.
type LeaderCounter struct {
	Name        string   // in the band at the top
	Title       string   // the command, under the band
	Ratings     []string // one line each, as many as fit
	Replacement bool     // a REP band in the corner
}

// palette indices of a counter
const (
	cBack = iota
	cText
	cEdge
	cBand
	cBandText
)

func (st CounterStyle) image() *image.Paletted {
	back, text := SideColors(st.Back, st.Text)
	bg, _ := parseHex(back)
	fg, _ := parseHex(text)
	edge := color.RGBA{bg.R / 2, bg.G / 2, bg.B / 2, 255}
	pal := color.Palette{bg, fg, edge, rgba(counterHighlight), rgba(counterMark)}
	return image.NewPaletted(image.Rect(0, 0, st.Size, st.Size), pal)
}

// Unit draws a unit's counter as PNG.
func (st CounterStyle) Unit(u UnitCounter) []byte {
	n := st.Size
	img := st.image()
	strokeRect(img, 0, 0, n, n, cEdge)
	strokeRect(img, 1, 1, n-2, n-2, cEdge)
	desY := 11
	if u.NameAbove {
		desY = 12
	} else {
		drawTextCentered(img, fitText(u.Name, n-6, 1), n/2, 4, 1, cText)
	}
	des := fitText(u.Designation, n-6, 1)
	drawTextCentered(img, des, n/2, desY, 1, cText)
	bx, by, bw, bh := n/2-12, 18, 24, 13
	strokeRect(img, bx, by, bw, bh, cText)
	switch u.Symbol {
	case SymbolInfantry:
		drawLine(img, pt{float64(bx), float64(by)}, pt{float64(bx + bw - 1), float64(by + bh - 1)}, 1, cText)
		drawLine(img, pt{float64(bx), float64(by + bh - 1)}, pt{float64(bx + bw - 1), float64(by)}, 1, cText)
	case SymbolCavalry:
		drawLine(img, pt{float64(bx), float64(by + bh - 1)}, pt{float64(bx + bw - 1), float64(by)}, 1, cText)
	case SymbolArtillery:
		fillRect(img, n/2-2, by+bh/2-2, 5, 5, cText)
	default:
		drawTextCentered(img, fitText(u.Type, bw-2, 1), n/2, by+4, 1, cText)
	}
	if u.Face != "" {
		fillRect(img, 2, 33, n-4, 7, cBandText)
		drawTextCentered(img, fitText(u.Face, n-6, 1), n/2, 34, 1, cBand)
	}
	line := strings.Join(u.Values, "-")
	if textWidth(line, 2) <= n-6 {
		drawTextCentered(img, line, n/2, 42, 2, cText)
	} else {
		drawTextCentered(img, fitText(line, n-6, 1), n/2, 45, 1, cText)
	}
	return encodePNG(img)
}

// Leader draws a leader's counter as PNG.
func (st CounterStyle) Leader(l LeaderCounter) []byte {
	n := st.Size
	img := st.image()
	strokeRect(img, 0, 0, n, n, cEdge)
	fillRect(img, 2, 2, n-4, 12, cEdge)
	if textWidth(l.Name, 2) <= n-6 {
		drawTextCentered(img, strings.ToUpper(l.Name), n/2, 3, 2, cBand)
	} else {
		drawTextCentered(img, fitText(l.Name, n-6, 1), n/2, 6, 1, cBand)
	}
	drawTextCentered(img, fitText(l.Title, n-6, 1), n/2, 17, 1, cText)
	y := 25
	for _, r := range l.Ratings {
		if y > n-8 {
			break
		}
		drawText(img, fitText(r, n-8, 1), 4, y, 1, cText)
		y += 7
	}
	if l.Replacement {
		fillRect(img, n-14, n-9, 12, 7, cBandText)
		drawText(img, "REP", n-13, n-8, 1, cBand)
	}
	return encodePNG(img)
}

// MarkerCounter draws a square marker of size n with two lines of text, as PNG.
func MarkerCounter(n int, top, bottom string) []byte {
	pal := color.Palette{rgba(markerBack), rgba(markerInk)}
	img := image.NewPaletted(image.Rect(0, 0, n, n), pal)
	strokeRect(img, 0, 0, n, n, 1)
	drawTextCentered(img, top, n/2, 18, 1, 1)
	drawTextCentered(img, bottom, n/2, 28, 1, 1)
	return encodePNG(img)
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
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	if len(boxes) == 0 {
		drawText(img, empty, 20, 20, 2, 2)
	}
	for _, b := range boxes {
		strokeRect(img, b.X, b.Y, b.W, b.H, 1)
		strokeRect(img, b.X+1, b.Y+1, b.W-2, b.H-2, 1)
		drawText(img, fitText(b.Label, b.W-10, 1), b.X+5, b.Y+5, 1, 2)
	}
	return encodePNG(img)
}

// CardW and CardH are a card's size in pixels: a playing card's shape,
// large enough for its text in the 3×5 font.
const CardW, CardH = 120, 168

// Card draws a card face as PNG: a rounded-off frame, the title on a band
// at the top (scale 2, shortened to fit), the owner under it, then the
// body's lines word-wrapped at scale 1. A card with no title is a back:
// the owner alone, large, in the middle.
func Card(title, owner string, body []string) []byte {
	pal := color.Palette{rgba(cardFace), rgba(cardEdge), rgba(cardInk), rgba(cardBandInk)}
	img := image.NewPaletted(image.Rect(0, 0, CardW, CardH), pal)
	strokeRect(img, 0, 0, CardW, CardH, 1)
	strokeRect(img, 3, 3, CardW-6, CardH-6, 1)
	if title == "" {
		fillRect(img, 6, 6, CardW-12, CardH-12, 1)
		for i, l := range wrapText(owner, CardW-24, 2) {
			drawTextCentered(img, l, CardW/2, CardH/2-10+14*i, 2, 3)
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
func (st CounterStyle) Blank(label string) []byte {
	n := st.Size
	img := st.image()
	strokeRect(img, 0, 0, n, n, cEdge)
	drawTextCentered(img, fitText(label, n-6, 1), n/2, n/2-3, 1, cText)
	return encodePNG(img)
}
