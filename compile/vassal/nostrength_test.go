package vassal

import (
	"encoding/xml"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
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

// pressStrength follows a strength key through a piece's expanded traits
// as VASSAL passes it from the outermost trait in: a Restrict Commands
// trait that watches the key and whose expression holds stops it
// (RestrictCommands.keyEvent returns null), a ReportState that watches it
// posts, the strength property steps on it. Only the expression muster
// writes is read: {GetString("strength")==""}.
func pressStrength(t *testing.T, ts [][2]string, key string) (stepped, reported bool) {
	t.Helper()
	value := ""
	for _, tr := range ts {
		if strings.HasPrefix(tr[0], "PROP;strength;") {
			value = tr[1]
		}
	}
	for _, tr := range ts {
		f := seq.Decode(tr[0], ';')
		switch f[0] {
		case "hideCmd":
			if len(f) < 5 || !slices.Contains(seq.Decode(f[4], ','), key) {
				continue
			}
			if f[3] != `{GetString("strength")==""}` {
				t.Fatalf("restriction %q: expression not read", tr[0])
			}
			if value == "" {
				return stepped, reported
			}
		case "report":
			reported = reported || slices.Contains(seq.Decode(f[1], ','), key)
		case "PROP":
			if f[1] != "strength" || f[3] == "" {
				continue
			}
			for _, c := range seq.Decode(f[3], ',') {
				stepped = stepped || seq.Decode(c, ':')[1] == key
			}
		}
	}
	return stepped, reported
}

// A unit whose counter prints no strength and that one scenario sets up
// with a strength and another without (testdata/strength-play: 35 IL, 5
// in "later", none in "intro"; Dead of Winter's 35 IL, none in 1.0, 8 in
// 2.0) shares one piece definition between them: in the set-up that gives
// none it starts with no strength (its label "?") and neither step key
// changes it or posts a report; in the set-up that gives one, both keys
// step it and post, as they do for a unit whose counter prints its
// strength (81 IN) in either. Before, the keys stepped the empty value
// to 0 or 1 and posted "35 IL  → 0 SP".
func TestSetUpStrengthSteps(t *testing.T) {
	b, ds := battle.LoadDir(filepath.Join("testdata", "strength-play"), battle.Options{})
	if b == nil {
		t.Fatal(ds)
	}
	out, err := Module(b)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzipAll(t, out[0].Data)
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	down, up := "40,130", "38,130" // ctrl DOWN, ctrl UP
	check := func(t *testing.T, root *xel, protos map[string]string, sc, des, strength string, live bool) {
		t.Helper()
		slots := setupSlots(t, root, protos, sc)[des]
		if len(slots) != 1 {
			t.Fatalf("%s: %d set-up pieces %s", sc, len(slots), des)
		}
		ts := slots[0]
		for _, tr := range ts {
			if strings.HasPrefix(tr[0], "PROP;strength;") && tr[1] != strength {
				t.Errorf("%s: %s starts at strength %q, want %q", sc, des, tr[1], strength)
			}
		}
		for _, k := range []string{down, up} {
			stepped, reported := pressStrength(t, ts, k)
			if stepped != live || reported != live {
				t.Errorf("%s: %s at strength %q: key %s steps %v, reports %v; want %v", sc, des, strength, k, stepped, reported, live)
			}
		}
	}
	protos := protosOf(t, files["buildFile.xml"])
	check(t, &root, protos, "intro", "35 IL/3/1/RW", "", false)
	check(t, &root, protos, "later", "35 IL/3/1/RW", "5", true)
	check(t, &root, protos, "intro", "81 IN/3/1/RW", "6", true)
	check(t, &root, protos, "later", "81 IN/3/1/RW", "6", true)

	_, dfiles, droot := setupModule(t, "dead-of-winter", "errata")
	dprotos := protosOf(t, dfiles["buildFile.xml"])
	check(t, droot, dprotos, "s1-errata", "35 IL/3/1/RW", "", false)
	check(t, droot, dprotos, "s2-errata", "35 IL/3/1/RW", "8", true)
}
