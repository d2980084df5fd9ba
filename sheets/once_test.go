package sheets_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/battletest"
	"github.com/muster-wargames/muster/sheets"
)

// TestNamedTwiceOnce: a set-up stack that names a unit twice (N050) places
// it once on the order of battle, with the state the first naming gives,
// and the map overlay counts it once.
func TestNamedTwiceOnce(t *testing.T) {
	dir := filepath.Join("..", "examples", "tss-seminary-ridge")
	stack := `"A0624": [{unit: "8 Ill", face: dismounted}, {unit: "12 Ill", face: dismounted}, "Gamble"`
	for _, c := range []struct {
		extra string
		count string
	}{{"", "3"}, {`, "8 Ill"`, "3"}, {`, "8 NY"`, "4"}} {
		b := battletest.Edited(t, dir, map[string][][2]string{
			"scenario.yaml": {{stack + "]", stack + c.extra + "]"}},
		}, nil)
		sc := b.Scenarios[0]
		in := sheets.OOBInput(b, sc)
		for u, p := range in.Units {
			if u.Name == "8 Ill" && p.Where != "A0624 (dismounted)" {
				t.Errorf("with %q, the order of battle places 8 Ill %q, want A0624 (dismounted)", c.extra, p.Where)
			}
		}
		ov := sheets.Overlay(b, sc)
		for _, m := range ov.Markers {
			if strings.HasPrefix(m.Title, "A0624 ") && m.Label != c.count {
				t.Errorf("with %q, the overlay counts %s pieces in A0624, want %s", c.extra, m.Label, c.count)
			}
		}
	}
}
