package render

import (
	"image"
	"image/color"
	"strings"
)

// Cell is a part of a display (a player aid: an orders card, a track, a
// command display), in pixels: a box, a track's space or a label.
type Cell struct {
	X, Y, W, H int
	Label      string
	Outline    bool // a box or a space; a label has none
	Small      bool // a track's space: its label centred at scale 1
}

// Display draws a w×h display as PNG: its title at the top (scale 2),
// then each cell, a box or space outlined with its label at the top, a
// label alone in scale 2 (a track's or a row's name).
func Display(w, h int, title string, cells []Cell) []byte {
	pal := color.Palette{rgba(boxBackground), rgba(boxOutline), rgba(boxInk)}
	img := newPaletted(image.Rect(0, 0, w, h), pal)
	drawText(img, fitText(title, w-40, 2), 20, 20, 2, 2)
	for _, c := range cells {
		switch {
		case c.Small:
			strokeRect(img, c.X, c.Y, c.W, c.H, 1)
			drawTextCentered(img, fitText(c.Label, c.W-4, 1), c.X+c.W/2, c.Y+4, 1, 2)
		case c.Outline:
			strokeRect(img, c.X, c.Y, c.W, c.H, 1)
			strokeRect(img, c.X+1, c.Y+1, c.W-2, c.H-2, 1)
			drawText(img, fitText(c.Label, c.W-10, 1), c.X+5, c.Y+5, 1, 2)
		default:
			for i, l := range wrapText(c.Label, c.W-8, 1) {
				if 8+10*i > c.H-8 {
					break
				}
				drawText(img, l, c.X+4, c.Y+c.H/2-8+10*i, 1, 2)
			}
		}
	}
	data := encodePNG(img)
	releasePaletted(img)
	return data
}

// tablePlain writes the characters a printed table uses that the bitmap
// font has no glyph for as the ones it has: ½ and ⅓ as 1/2 and 1/3, the
// dash of "may not fire" and the en dash of a printed minus (GBACW's
// "–1") as a minus, ≤ as <=, … as three dots, a double quote as two single.
var tablePlain = strings.NewReplacer("½", "1/2", "⅓", "1/3", "—", "-", "–", "-", "≤", "<=", "…", "...", "\"", "''")

// Table draws a chart as PNG: its title (scale 2), a row of column heads,
// then its rows, each column as wide as its widest cell up to 320 pixels,
// a longer cell wrapped onto more lines of its row, and the notes under it,
// each wrapped to the table's width; a character the bitmap font has no
// glyph for is written as one it has (tablePlain).
func Table(title string, columns []string, rows [][]string, notes []string) []byte {
	return TableIn(title, columns, rows, notes, 0, 0)
}

// TableIn is Table on a picture at least minW×minH, the room past the
// table left blank: a VASSAL module's first tab of tables, by which
// VASSAL sizes the window (its TabWidget builds only the first tab's
// chart before the window opens).
func TableIn(title string, columns []string, rows [][]string, notes []string, minW, minH int) []byte {
	const pad, rowH, lineH, maxCol = 8, 14, 9, 320
	plain := tablePlain
	title = plain.Replace(title) // Dead of Winter's "The Eerie Silence—January 1st"
	widths := make([]int, len(columns))
	for i, c := range columns {
		widths[i] = min(textWidth(plain.Replace(c), 1), maxCol)
	}
	for _, r := range rows {
		for i, c := range r {
			if i < len(widths) {
				widths[i] = min(max(widths[i], textWidth(plain.Replace(c), 1)), maxCol)
			}
		}
	}
	w := 2 * 20
	for _, x := range widths {
		w += x + 2*pad
	}
	w = max(w, textWidth(title, 2)+40)
	// each line of the table: its cells' wrapped lines
	wrapRow := func(cells []string) [][]string {
		out := make([][]string, len(widths))
		for i := range widths {
			if i < len(cells) {
				out[i] = wrapText(plain.Replace(cells[i]), widths[i], 1)
			}
		}
		return out
	}
	height := func(r [][]string) int {
		n := 1
		for _, l := range r {
			n = max(n, len(l))
		}
		return rowH + lineH*(n-1)
	}
	lines := [][][]string{wrapRow(columns)}
	for _, r := range rows {
		lines = append(lines, wrapRow(r))
	}
	var noteLines []string
	for _, n := range notes {
		noteLines = append(noteLines, wrapText(plain.Replace(n), w-40, 1)...)
	}
	h := 60 + 20 + 12*len(noteLines) + 20
	for _, r := range lines {
		h += height(r)
	}
	pal := color.Palette{rgba(boxBackground), rgba(boxOutline), rgba(boxInk)}
	img := newPaletted(image.Rect(0, 0, max(w, minW), max(h, minH)), pal)
	drawText(img, fitText(title, w-40, 2), 20, 20, 2, 2)
	y := 50
	for _, r := range lines {
		x := 20
		for j, cell := range r {
			for k, l := range cell {
				drawText(img, l, x+pad, y+4+lineH*k, 1, 2)
			}
			x += widths[j] + 2*pad
		}
		y += height(r)
		fillRect(img, 20, y, w-40, 1, 1)
	}
	y += 12
	for _, n := range noteLines {
		drawText(img, n, 20, y, 1, 2)
		y += 12
	}
	data := encodePNG(img)
	releasePaletted(img)
	return data
}
