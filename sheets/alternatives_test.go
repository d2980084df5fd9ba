package sheets_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/battletest"
	"github.com/muster-wargames/muster/sheets"
)

// TestAlternativesOnSheets: an arrival with the book's alternatives ("area
// 1 or 9") names them on the order of battle, the turn record and the
// map overlay, whose zone holds the hexes of both areas.
func TestAlternativesOnSheets(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "examples", "tss-seminary-ridge"), map[string][][2]string{
		"scenario.yaml": {{`hexes: ["A0530"], units: ["Pegram/Res/III", "Wagon 1"]`, `area: "1", or: [{area: "9"}], units: ["Pegram/Res/III", "Wagon 1"]`}},
	}, nil)
	sc := b.Scenarios[0]
	in := sheets.OOBInput(b, sc)
	found := 0
	for u, p := range in.Units {
		if strings.Contains(p.Where, "Jul 1 0800") {
			found++
			if p.Where != "arrives Jul 1 0800 area 1 or 9" {
				t.Errorf("the order of battle places %s %q, want the alternatives", u.Name, p.Where)
			}
		}
	}
	if found == 0 {
		t.Fatal("no unit arrives at 0800 on the order of battle")
	}
	var buf bytes.Buffer
	if err := sheets.PrintCards(&buf, b, sc, sheets.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, p := range pages(t, buf.Bytes()) {
		text += p.text
	}
	if !strings.Contains(text, sheets.PDFText("area 1 or 9")) {
		t.Error("the turn record does not name the alternatives")
	}
	ov := sheets.Overlay(b, sc)
	n := 0
	for _, z := range ov.Zones {
		if strings.Contains(z.Title, "CSA arrives Jul 1 0800 through area 1 or 9") {
			n++
			want := len(b.Map.Areas["1"].Hexes) + len(b.Map.Areas["9"].Hexes)
			if len(z.Hexes) != want {
				t.Errorf("the zone holds %d hexes, want both areas' %d", len(z.Hexes), want)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d zones name the alternatives, want 1", n)
	}
}
