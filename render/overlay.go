package render

import (
	"image"
	"image/color"
)

// StateOverlay draws, as a transparent PNG of size n, a small band holding
// a state's label (D, R, F1): the picture a counter's state layer lays over
// the counter. The slot picks the band's place beside the type box: 0 left
// top, 1 right top, 2 left bottom, 3 right bottom, then round again.
func StateOverlay(n, slot int, label string) []byte {
	pal := color.Palette{transparent, rgba(counterMark), rgba(counterHighlight)}
	img := image.NewPaletted(image.Rect(0, 0, n, n), pal)
	w, h := n/2-13, 7
	x, y := 2, 18
	if slot%2 == 1 {
		x = n - 2 - w
	}
	if slot%4 >= 2 {
		y += h
	}
	fillRect(img, x, y, w, h, 1)
	drawTextCentered(img, fitText(label, w-2, 1), x+w/2+1, y+1, 1, 2)
	return encodePNG(img)
}
