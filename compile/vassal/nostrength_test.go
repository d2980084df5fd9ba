package vassal

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// strengthSteps gives a piece's strength property's value and its key
// commands (DynamicProperty: name:key:changer), and whether a Report
// State posts its strength changes; ok false: it has no strength property.
func strengthSteps(t *testing.T, protos map[string]string, slot string) (value string, cmds []string, reported, ok bool) {
	t.Helper()
	for _, tr := range expanded(t, protos, slot) {
		switch {
		case strings.HasPrefix(tr[0], "PROP;strength;"):
			f := seq.Decode(strings.TrimPrefix(tr[0], "PROP;"), ';')
			value, ok = tr[1], true
			if f[2] != "" {
				cmds = seq.Decode(f[2], ',')
			}
		case strings.HasPrefix(tr[0], "report;"):
			reported = reported || strings.Contains(tr[0], "$oldstrength$ → $strength$ SP")
		}
	}
	return value, cmds, reported, ok
}

// A unit with no strength, its counter printing none and no set-up of
// the battle giving one (TSS's 17th Pa and 3d W.Va), keeps an empty
// strength property that no key steps and no report posts; a unit whose
// counter prints none but a set-up gives one (Dead of Winter's 35 IL,
// strength 8 in scenario 2) and one whose counter prints one keep both
// steps and the report. Before, 17th Pa's strength-down key set it from
// nothing to "0" and posted "17th Pa  → 0 SP".
func TestNoStrengthNoSteps(t *testing.T) {
	for _, c := range []struct {
		dir, variant, unit string
		live               bool
	}{
		{"terrible-swift-sword", "errata", "17th Pa", false},
		{"terrible-swift-sword", "errata", "3d W.Va", false},
		{"dead-of-winter", "errata", "35 IL", true},
		{"dow-intro", "", "", true},
	} {
		_, files, _ := setupModule(t, c.dir, c.variant)
		protos := protosOf(t, files["buildFile.xml"])
		slots := slotsOf(t, files["buildFile.xml"])
		name := c.unit
		if name == "" { // any unit whose counter prints its strength
			for n, ss := range slots {
				if v, _, _, ok := strengthSteps(t, protos, ss[0]); ok && v != "" && (name == "" || n < name) {
					name = n
				}
			}
		}
		ss := slots[name]
		if len(ss) == 0 {
			t.Errorf("%s: no piece %q", c.dir, name)
			continue
		}
		v, cmds, reported, ok := strengthSteps(t, protos, ss[0])
		switch {
		case !ok:
			t.Errorf("%s %s: no strength property", c.dir, name)
		case c.live && (len(cmds) != 2 || !reported):
			t.Errorf("%s %s (strength %q): steps %q, reported %v; want two steps, reported", c.dir, name, v, cmds, reported)
		case !c.live && (v != "" || len(cmds) != 0 || reported):
			t.Errorf("%s %s (strength %q): steps %q, reported %v; want none, not reported", c.dir, name, v, cmds, reported)
		}
	}
}
