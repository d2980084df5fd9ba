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
	u.TitleOver = true // the module writes the formation too
	if n := textIn(st.Unit(u), 2, 18); n != 0 {
		t.Errorf("%d pixels of text above the symbol's box with TitleOver", n)
	}
}

// TestLeaderTextOver: a leader's counter whose module writes his name and
// ratings (TextOver) has no pixel of the 3x5 font in the name band or in
// the ratings' rows, keeps its title, and has its REP band in the middle
// between the state tabs, not in the corner the ratings' lines reach;
// without TextOver, all are drawn as before.
func TestLeaderTextOver(t *testing.T) {
	st := CounterStyle{Size: 56, Back: "#1f3f7f", Text: "#ffffff"}
	count := func(data []byte, ink uint8, x0, y0, x1, y1 int) int {
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		p := img.(*image.Paletted)
		n := 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if p.ColorIndexAt(x, y) == ink {
					n++
				}
			}
		}
		return n
	}
	l := LeaderCounter{Name: "Doubleday", Title: "I corps", Ratings: []string{"cr 2", "cp_c 1"}, Replacement: true}
	drawn := st.Leader(l)
	if count(drawn, cBand, 2, 2, 54, 14) == 0 || count(drawn, cText, 3, 25, 53, 47) == 0 || count(drawn, cBandText, 42, 47, 54, 54) == 0 {
		t.Error("without TextOver, the name, the ratings or the corner REP band is not drawn")
	}
	l.TextOver = true
	over := st.Leader(l)
	if n := count(over, cBand, 2, 2, 54, 14); n != 0 {
		t.Errorf("%d pixels of the name in the band", n)
	}
	if n := count(over, cText, 2, 23, 54, 54); n != 0 {
		t.Errorf("%d pixels of text in the ratings' rows", n)
	}
	if count(over, cText, 3, 17, 53, 22) == 0 {
		t.Error("the title is not drawn")
	}
	if count(over, cBandText, 42, 47, 54, 54) != 0 || count(over, cBandText, 22, 24, 34, 31) != 12*7-count(over, cBand, 22, 24, 34, 31) {
		t.Error("the REP band is not in the middle (rows 24-30, columns 22-33)")
	}
	if count(over, cBandText, 2, 18, 17, 33)+count(over, cBandText, 39, 18, 54, 33) != 0 {
		t.Error("the REP band reaches the state tabs' columns")
	}
}

// A drawing's Key names its picture: counters that differ only in what
// they do not draw (a name written above by the module's label) have one
// key and one PNG; a change to any mark, ink or the size is another key.
func TestCounterDrawingKey(t *testing.T) {
	st := CounterStyle{Size: 56, Back: "#1f3f7f", Text: "#ffffff"}
	u := UnitCounter{Name: "19 IN", Designation: "1/1/I", Symbol: SymbolInfantry, NameAbove: true}
	v := u
	v.Name = "2 WI"
	a, b := st.UnitFace(u), st.UnitFace(v)
	if a.Key() != b.Key() || !bytes.Equal(a.PNG(), b.PNG()) {
		t.Fatal("two counters drawn alike have two keys")
	}
	keys := map[string]string{a.Key(): "the first"}
	for name, d := range map[string]CounterDrawing{
		"designation": st.UnitFace(UnitCounter{Designation: "1/1/II", Symbol: SymbolInfantry, NameAbove: true}),
		"symbol":      st.UnitFace(UnitCounter{Designation: "1/1/I", Symbol: SymbolCavalry, NameAbove: true}),
		"name drawn":  st.UnitFace(UnitCounter{Name: "19 IN", Designation: "1/1/I", Symbol: SymbolInfantry}),
		"face":        st.UnitFace(UnitCounter{Designation: "1/1/I", Symbol: SymbolInfantry, NameAbove: true, Face: "x"}),
		"values":      st.UnitFace(UnitCounter{Designation: "1/1/I", Symbol: SymbolInfantry, NameAbove: true, Values: []string{"1"}}),
		"colour":      CounterStyle{Size: 56, Back: "#7f3f1f", Text: "#ffffff"}.UnitFace(u),
		"size":        CounterStyle{Size: 57, Back: "#1f3f7f", Text: "#ffffff"}.UnitFace(u),
		"marker":      MarkerFace(56, "1/1/I", ""),
		"marker text": MarkerFace(56, "1/1", "/I"),
	} {
		if k := d.Key(); keys[k] != "" {
			t.Errorf("%s: the key of %s", name, keys[k])
		} else {
			keys[k] = name
		}
	}
}
