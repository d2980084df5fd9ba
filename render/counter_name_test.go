package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// TestUnitNameAbove: a counter whose module writes the name (NameAbove)
// has no pixel of the 3x5 font in the name's rows, and its formation moves
// down to clear the module's name line; without it, the name is drawn.
func TestUnitNameAbove(t *testing.T) {
	st := CounterStyle{Size: 56, Back: "#1f3f7f", Text: "#ffffff"}
	textIn := func(data []byte, y0, y1 int) int {
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		p := img.(*image.Paletted)
		n := 0
		for y := y0; y < y1; y++ {
			for x := 3; x < 53; x++ {
				if p.ColorIndexAt(x, y) == cText {
					n++
				}
			}
		}
		return n
	}
	u := UnitCounter{Name: "5 WI Bty", Designation: "1/1/RW", Symbol: SymbolArtillery}
	if textIn(st.Unit(u), 4, 9) == 0 {
		t.Error("the name is not drawn")
	}
	u.NameAbove = true
	named := st.Unit(u)
	if n := textIn(named, 2, 12); n != 0 {
		t.Errorf("%d pixels of text above the formation's line", n)
	}
	if textIn(named, 12, 17) == 0 {
		t.Error("the formation is not drawn at row 12")
	}
}
