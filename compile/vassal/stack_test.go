package vassal

import (
	"image"
	"testing"

	"github.com/muster-wargames/muster/render"
)

// TestStackClearsLabels checks that an unexpanded stack of up to
// stackClear counters, drawn as VASSAL draws it under the module's
// StackMetrics, covers no pixel of the number of its own hex or of any
// hex around it, and that one more counter would: the board's label band
// (render.LabelTop) and the stack offsets agree.
func TestStackClearsLabels(t *testing.T) {
	label := "0000" // four digits, the widest the example maps print
	w := render.LabelWidth(label)
	labelAt := func(cx, cy int) image.Rectangle {
		x := cx - w/2 // drawTextCentered
		y := cy + render.LabelTop(hexDY)
		return image.Rect(x, y, x+w, y+render.LabelHeight)
	}
	// the hex's centre at 0,0 in an even column; the hexes of two rings
	// around it (odd columns sit half a hex lower)
	var labels []image.Rectangle
	for col := -2; col <= 2; col++ {
		for row := -2; row <= 2; row++ {
			cy := row * hexDY
			if col%2 != 0 {
				cy += hexDY / 2
			}
			labels = append(labels, labelAt(col*hexDX, cy))
		}
	}
	covers := func(n int) bool {
		for k := range n {
			// BasicPiece draws its image centred on the position;
			// StackMetrics.nextPosition moves each piece by the offsets
			x, y := -counterPx/2+k*stackSepX, -counterPx/2+k*stackSepY
			r := image.Rect(x, y, x+counterPx, y+counterPx)
			for _, l := range labels {
				if r.Overlaps(l) {
					return true
				}
			}
		}
		return false
	}
	if covers(stackClear) {
		t.Errorf("a stack of %d counters covers a hex number", stackClear)
	}
	if !covers(stackClear + 1) {
		t.Errorf("a stack of %d counters covers no hex number: stackClear could be higher", stackClear+1)
	}
}
