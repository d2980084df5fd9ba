package vassal

import (
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/rulesets"
)

// The rule flags are proved in the real VASSAL 3.7.26 (docs/vassal.md,
// "Rule flags"): these tests hold the module to what was proved there.

// calcOf is the expression of the Calculated Property name among ts.
func calcOf(ts [][2]string, name string) (string, bool) {
	for _, tr := range byPrefix(ts, "calcProp;") {
		if f := seq.Decode(tr[0], ';'); len(f) > 2 && f[1] == name {
			return f[2], true
		}
	}
	return "", false
}

// markerOf is the value of Marker key among ts.
func markerOf(ts [][2]string, key string) (string, bool) {
	for _, tr := range byPrefix(ts, "mark;") {
		if strings.TrimPrefix(tr[0], "mark;") == key {
			return tr[1], true
		}
	}
	return "", false
}

// TestFlagsOnEveryPiece: every unit of dow-intro carries the stacking and
// command flags, outlined while they hold; every unit with a commander
// names a leader who is in the module; every leader with a range has his
// radius as an Area of Effect on radiusKey whose radius is CommandRadius.
func TestFlagsOnEveryPiece(t *testing.T) {
	_, files, _ := exampleModule(t, "dow-intro")
	bf := files["buildFile.xml"]
	protos := protosOf(t, bf)
	leads := map[string]bool{}
	var units [][][2]string
	for name, texts := range slotsOf(t, bf) {
		ts := expanded(t, protos, texts[0])
		switch kind, _ := markerOf(ts, "Kind"); kind {
		case "leader":
			id, ok := markerOf(ts, "Leads")
			if !ok {
				t.Errorf("leader %s: no Leads marker", name)
				continue
			}
			leads[id] = true
			aoe := byPrefix(ts, "AreaOfEffect;")
			if len(aoe) != 1 {
				t.Errorf("leader %s: %d areas of effect", name, len(aoe))
				continue
			}
			f := seq.Decode(aoe[0][0], ';')
			key, _ := keyStroke(radiusKey)
			// colour, transparency, radius, always active, menu, key, shader, fixed radius, radius property
			if f[4] != "false" || f[6] != key || f[8] != "false" || f[9] != "CommandRadius" {
				t.Errorf("leader %s: area of effect %q", name, aoe[0][0])
			}
			if _, ok := calcOf(ts, "CommandRadius"); !ok {
				t.Errorf("leader %s: no CommandRadius", name)
			}
		case "unit":
			units = append(units, ts)
		}
	}
	if len(units) == 0 || len(leads) == 0 {
		t.Fatalf("%d units, %d leaders", len(units), len(leads))
	}
	for _, ts := range units {
		name := ts[len(ts)-1][0]
		for _, p := range []string{"OverStacked", "OutOfCommand"} {
			if _, ok := calcOf(ts, p); !ok {
				t.Errorf("%s: no %s", name, p)
			}
			found := false
			for _, b := range byPrefix(ts, "border;") {
				found = found || seq.Decode(b[0], ';')[1] == p
			}
			if !found {
				t.Errorf("%s: no outline on %s", name, p)
			}
		}
		if l, ok := markerOf(ts, "CmdLeader"); ok && !leads[l] {
			t.Errorf("%s: its commander %s is no leader of the module", name, l)
		}
	}
}

// TestStackingFlagFigures: the stacking flag counts every limit of each
// embedded ruleset that SumLocation can count, with the ruleset's own
// figures; a figure changed in the ruleset is the figure the module
// counts.
func TestStackingFlagFigures(t *testing.T) {
	for dir, want := range map[string][2]string{
		"dow-intro":              {"GB102 GB103 GB104 GB105", "GB101 GB106 GB107 GB108 GB109"},
		"tss-seminary-ridge":     {"TS101 TS102 TS106", "TS104 TS105 TS107 TS108 TS103 TS109 TS110 TS111 TS112 TS113 TS114"},
		"summer-storm-mcpherson": {"SS101 SS102 SS103 SS104 SS107", "SS105 SS106 SS108 SS110 SS109"},
		"amfs-culps-hill":        {"AM101 AM102 AM103 AM104 AM105", "AM106"},
	} {
		b, files, _ := exampleModule(t, dir)
		m := &vmod{b: b}
		shown, left := m.limitCodes()
		got := [2]string{strings.Join(shown, " "), strings.Join(left, " ")}
		if got != want {
			t.Errorf("%s: shown %q, left %q; want %q, %q", dir, got[0], got[1], want[0], want[1])
		}
		over, ok := calcOf(pieceTraits(t, protosOf(t, files["buildFile.xml"])[flagsProto]), "OverStacked")
		if !ok {
			t.Fatalf("%s: no OverStacked in %s", dir, flagsProto)
		}
		for _, l := range b.Rules.Figures.Stacking.Limits {
			if !countable(l) {
				continue
			}
			alts := append([]rulesets.Limit{l}, l.AnyOf...)
			for _, a := range alts {
				if a.MaxSP != nil && !strings.Contains(over, `SumLocation("StackSP"`) || a.MaxSP != nil && !strings.Contains(over, ">"+num(*a.MaxSP)) {
					t.Errorf("%s: %s: max_sp %g not counted", dir, l.Code, *a.MaxSP)
				}
				if a.MaxUnits != nil && !strings.Contains(over, `SumLocation("StackWeight"`) || a.MaxUnits != nil && !strings.Contains(over, ">"+num(*a.MaxUnits)) {
					t.Errorf("%s: %s: max_units %g not counted", dir, l.Code, *a.MaxUnits)
				}
			}
			for _, tr := range append(slices.Clone(l.When.Terrain), l.When.TerrainNot...) {
				if !strings.Contains(over, terrainProp(tr)) {
					t.Errorf("%s: %s: terrain %s not read", dir, l.Code, tr)
				}
			}
		}
	}
	// the figure comes from the ruleset: change GB102's 15 and the module
	// counts the new one
	b, _, _ := exampleModule(t, "dow-intro")
	r := *b.Rules
	r.Figures.Stacking.Limits = slices.Clone(r.Figures.Stacking.Limits)
	for i, l := range r.Figures.Stacking.Limits {
		if l.Code == "GB102" {
			v := 23.0
			r.Figures.Stacking.Limits[i].MaxSP = &v
		}
	}
	b.Rules = &r
	files, _ := unzipAll(t, buildVmod(t, b))
	over, _ := calcOf(pieceTraits(t, protosOf(t, files["buildFile.xml"])[flagsProto]), "OverStacked")
	if !strings.Contains(over, ">23") || strings.Contains(over, ">15") {
		t.Errorf("GB102 set to 23 SP: the flag counts %s", over)
	}
}

// TestTerrainLists: the terrain a stacking limit names is a global property
// listing every label of every hex of that terrain, each once.
func TestTerrainLists(t *testing.T) {
	b, _, root := exampleModule(t, "summer-storm-mcpherson")
	props := map[string]string{}
	root.walk(func(e, _ *xel) {
		if e.class() == "module.properties.GlobalProperty" {
			n, _ := e.attr("name")
			v, _ := e.attr("initialValue")
			props[n] = v
		}
	})
	if props[flagStacking] != "1" || props[flagCommand] != "1" {
		t.Errorf("switches: %q %q", props[flagStacking], props[flagCommand])
	}
	m := &vmod{b: b}
	ts := m.limitTerrain()
	if len(ts) == 0 {
		t.Fatal("Summer Storm's limits name no terrain")
	}
	for _, tr := range ts {
		v, ok := props[terrainProp(tr)]
		if !ok {
			t.Errorf("no list of %s", tr)
			continue
		}
		n := 0
		for _, l := range strings.Split(strings.Trim(v, "|"), "|") {
			c, _, err := b.Map.Grid.Parse(l)
			if l == "" {
				continue
			}
			if err != nil || b.Map.TerrainName(c) != tr {
				t.Errorf("%s lists %s (%v, %s)", tr, l, err, b.Map.TerrainName(c))
			}
			n++
		}
		t.Logf("%s: %d hexes", tr, n)
	}
}

// TestRadiusByLight: the command radius is halved on exactly the turns
// whose light the ruleset halves ranges in (GBACW 16.11: dawn, dusk,
// night), and is the range elsewhere.
func TestRadiusByLight(t *testing.T) {
	b, _, _ := exampleModule(t, "dow-intro")
	m := &vmod{b: b}
	e := m.radiusExpr()
	halve := b.Rules.Figures.Command.Halve
	if len(halve) == 0 {
		t.Fatal("GBACW halves no ranges")
	}
	for i, s := range b.Slots {
		in := strings.Contains(e, `Time=="`+m.slotTexts()[i]+`"`)
		if in != slices.Contains(halve, s.Light) {
			t.Errorf("turn %s (%s): halved %v", s.Time, s.Light, in)
		}
	}
}

// TestFlagKeysFree: the radius key, the switches' keys and the
// conveniences' (Eliminate, moved flag, trail) are no key an embedded
// ruleset gives a piece.
func TestFlagKeysFree(t *testing.T) {
	ours := map[string]string{}
	for _, k := range []string{radiusKey, "ctrl shift S", "ctrl shift M", eliminateKey, movedKey, trailKey} {
		ks, err := keyStroke(k)
		if err != nil {
			t.Fatal(err)
		}
		ours[ks] = k
	}
	for _, sys := range rulesets.Systems() {
		r, err := rulesets.Load(sys)
		if err != nil {
			t.Fatal(err)
		}
		p := r.Play
		keys := []string{p.Strength.Down, p.Strength.Up, p.Keys.Delete, p.Keys.Clone}
		for _, s := range p.States {
			keys = append(keys, s.Key, s.Back)
		}
		var given []string
		for _, k := range keys {
			if ks, err := keyStroke(k); err == nil && ks != "" {
				given = append(given, ks)
			}
		}
		// the face layer's and a leader's counters step back with shift
		for _, k := range []string{p.Keys.Flip, p.Keys.Counter, "ctrl F"} {
			if ks, err := keyStroke(k); err == nil && ks != "" {
				given = append(given, ks, withShift(ks))
			}
		}
		for _, ks := range given {
			if o, ok := ours[ks]; ok {
				t.Errorf("%s: a piece's key is the flags' %s", sys, o)
			}
		}
	}
}

// TestRatingsFollowFace: a leader with a replacement face carries each
// rating, and the command range the flags read, as the leader his face
// shows: on the Face layer's level 2 the replacement's (here a copy of
// 3DoG McPherson's Ridge gives Archer, range 4, a replacement of range 3),
// and the units he commands read his range off his piece. Without a
// replacement they stay plain Markers.
func TestRatingsFollowFace(t *testing.T) {
	b := exampleWith(t, "3dog-mcphersons-ridge", "forces-csa.yaml", map[string]string{
		`leader: {name: Archer, profile: A, range: 4, orders: 1}`: `leader: {name: Archer, profile: A, range: 4, orders: 1, replacement: {name: Fry, profile: C, range: 3, orders: 0}}`,
	})
	files, _ := unzipAll(t, buildVmod(t, b))
	bf := files["buildFile.xml"]
	protos, slots := protosOf(t, bf), slotsOf(t, bf)
	piece := func(name string) [][2]string {
		t.Helper()
		if len(slots[name]) == 0 {
			t.Fatalf("no piece %s", name)
		}
		return expanded(t, protos, slots[name][0])
	}
	archer := piece("Archer")
	for k, want := range map[string]string{
		"range":   `{(GetProperty("Face_Level")==2?"3":"4")}`,
		"orders":  `{(GetProperty("Face_Level")==2?"0":"1")}`,
		"profile": `{(GetProperty("Face_Level")==2?"C":"A")}`,
		"CmdBase": `{(GetProperty("Face_Level")==2?"3":"4")}`,
	} {
		if got, ok := calcOf(archer, k); got != want {
			t.Errorf("Archer's %s: %q (%v), want %s", k, got, ok, want)
		}
		if v, ok := markerOf(archer, k); ok {
			t.Errorf("Archer's %s is also a fixed Marker %q", k, v)
		}
	}
	if got, want := firstOf(calcOf(piece("1 TN"), "CmdBase")), `{SumMap("CmdBase","{Leads==\"`; !strings.HasPrefix(got, want) {
		t.Errorf("1 TN's CmdBase: %q, want it read off Archer's piece (%s...)", got, want)
	}
	// CommandRadius reads CmdBase: on his replacement face, Fry's range
	if r, _ := calcOf(archer, "CommandRadius"); !strings.Contains(r, "CmdBase") {
		t.Errorf("Archer's CommandRadius %q does not read CmdBase", r)
	}
	// a leader without a replacement keeps Markers
	davis := piece("Davis")
	for k, want := range map[string]string{"range": "4", "CmdBase": "4"} {
		if got, ok := markerOf(davis, k); !ok || got != want {
			t.Errorf("Davis's %s: %q (%v), want Marker %s", k, got, ok, want)
		}
	}
	if got, ok := markerOf(piece("2 MS"), "CmdBase"); !ok || got != "4" {
		t.Errorf("a unit of Davis's: CmdBase %q (%v), want Marker 4", got, ok)
	}
}

// firstOf is the first of a pair.
func firstOf(s string, _ bool) string { return s }

// TestRangeFollowsCounter: a leader whose further counter has another
// range (here a copy of 3DoG McPherson's Ridge gives Hill -1 range 5)
// has CmdBase follow his Counter layer; with the same range (the example)
// it stays a Marker.
func TestRangeFollowsCounter(t *testing.T) {
	for _, c := range []struct {
		repl map[string]string
		calc string
	}{
		{nil, ""},
		{map[string]string{`efficiency: -1, range: 7,`: `efficiency: -1, range: 5,`}, `{(GetProperty("Counter_Level")==2?"5":"7")}`},
	} {
		b := exampleWith(t, "3dog-mcphersons-ridge", "forces-csa.yaml", c.repl)
		files, _ := unzipAll(t, buildVmod(t, b))
		bf := files["buildFile.xml"]
		hill := expanded(t, protosOf(t, bf), slotsOf(t, bf)["Hill"][0])
		got, _ := calcOf(hill, "CmdBase")
		mark, isMark := markerOf(hill, "CmdBase")
		if got != c.calc || (c.calc == "") != (isMark && mark == "7") {
			t.Errorf("Hill -1 %v: CmdBase calc %q, marker %q (%v); want calc %q", c.repl, got, mark, isMark, c.calc)
		}
	}
}
