package vmod

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/battletest"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/validate"
)

func moduleOf(t *testing.T, dir string) []byte {
	t.Helper()
	return moduleOfVariant(t, dir, "")
}

// moduleOfVariant builds a battle's module with a variant ("errata").
func moduleOfVariant(t *testing.T, dir, variant string) []byte {
	t.Helper()
	b, ds := battle.LoadDir(dir, battle.Options{Variant: variant})
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Fatalf("%s: %s", dir, d)
		}
	}
	outs, err := vassal.Module(b)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return outs[0].Data
}

func unzip(t *testing.T, data []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return out
}

// placements lists a module's set-ups as "scenario side-or-time hex:
// piece": every At-Start stack on the main map by the hex its location
// names, every arrival box by its name, and each piece by name.
func placements(t *testing.T, data []byte) []string {
	t.Helper()
	root, err := parseXML(bytes.NewReader(unzip(t, data)["buildFile.xml"]))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	root.walk(func(n *node) bool {
		if n.Class != "module.map.SetupStack" {
			return true
		}
		_, sc, _ := scenarioOf(n.attr("owningBoard"))
		where := n.attr("location")
		if where == "" {
			where = n.attr("name")
		}
		for _, k := range n.Kids {
			out = append(out, sc+" "+where+": "+k.attr("entryName")+slotState(k))
		}
		return false
	})
	sort.Strings(out)
	return out
}

// slotState is what a piece of a set-up starts with beside its place, as
// the module's PieceSlot gives it: each layer not at its first level
// (a face, a state, Fatigue, Reserve, a further counter) and each dynamic
// property's value (a strength), " [dismounted=2 strength=3]".
func slotState(n *node) string {
	ts, ok := decodePiece(n.Text)
	if !ok {
		return " [undecodable]"
	}
	var out []string
	for _, t := range ts {
		switch t.id() {
		case "emb2":
			f := seq.Decode(strings.TrimPrefix(t.typ, "emb2;"), ';')
			if len(f) > 18 && t.state != "" && t.state != "1" && t.state != "-1" && t.state != "0" {
				out = append(out, f[18]+"="+t.state)
			}
		case "PROP":
			f := seq.Decode(strings.TrimPrefix(t.typ, "PROP;"), ';')
			if len(f) > 0 {
				out = append(out, f[0]+"="+t.state)
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	sort.Strings(out)
	return " [" + strings.Join(out, " ") + "]"
}

// cupsAndBoxes lists what a module's draw piles hold, as "pile: chit"
// in pile order, and its arrival boxes, as "board: zone" (each names
// where its group enters).
func cupsAndBoxes(t *testing.T, data []byte) []string {
	t.Helper()
	root, err := parseXML(bytes.NewReader(unzip(t, data)["buildFile.xml"]))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	root.walk(func(n *node) bool {
		switch n.Class {
		case "module.map.DrawPile":
			for _, k := range n.Kids {
				if k.Class == "widget.PieceSlot" {
					out = append(out, n.attr("name")+": "+k.attr("entryName"))
				}
			}
			return false
		case "module.map.boardPicker.board.mapgrid.Zone":
			if b := n.Up.Up; b.Up.Up.attr("mapName") == "Reinforcements" {
				out = append(out, b.attr("name")+": "+n.attr("name"))
			}
		}
		return true
	})
	return out
}

// listDiff gives what of the sorted list want is not in got (lost) and
// what of got is not in want (made), each line counted.
func listDiff(want, got []string) (lost, made []string) {
	n := map[string]int{}
	for _, w := range want {
		n[w]++
	}
	for _, g := range got {
		n[g]--
	}
	for _, w := range want {
		if n[w] > 0 {
			lost = append(lost, w)
			n[w]--
		}
	}
	for _, g := range got {
		if n[g] < 0 {
			made = append(made, g)
			n[g]++
		}
	}
	return lost, made
}

func write(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for n, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRoundTrip builds every example's module (and a real battle's errata
// module), imports it, validates the import, rebuilds it and compares: the
// same pieces on the same hexes in every set-up, each starting in the same
// state (its layers, its strength), the same markers on the displays, the
// same arrival boxes and draw cups, the same board art byte for byte.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{
		"dow-intro", "tss-seminary-ridge", "summer-storm-mcpherson", "amfs-culps-hill",
		"art-demo", "3dog-mcphersons-ridge", "terrible-swift-sword@errata", "dead-of-winter@errata",
	} {
		t.Run(name, func(t *testing.T) {
			ex, variant, _ := strings.Cut(name, "@")
			if variant != "" && testing.Short() {
				t.Skip("a real battle's module takes seconds to build and import: not with -short")
			}
			orig := moduleOfVariant(t, filepath.Join("..", "..", "examples", ex), variant)
			res, err := Import(orig, Options{Module: ex + ".vmod"})
			if err != nil {
				t.Fatal(err)
			}
			dir := validImport(t, res)
			if t.Failed() {
				t.FailNow()
			}
			rebuilt := moduleOf(t, dir)
			want, got := placements(t, orig), placements(t, rebuilt)
			if lost, made := listDiff(want, got); len(lost)+len(made) > 0 {
				t.Errorf("set-ups differ after the round trip:\nlost %q\nmade %q", lost, made)
			}
			if len(want) == 0 {
				t.Errorf("no set-up read")
			}
			// a draw pile is shuffled before every draw: its chits are
			// compared as a set
			want, got = cupsAndBoxes(t, orig), cupsAndBoxes(t, rebuilt)
			sort.Strings(want)
			sort.Strings(got)
			if strings.Join(want, "\n") != strings.Join(got, "\n") {
				t.Errorf("draw cups or arrival boxes differ after the round trip:\nwant %q\ngot  %q", want, got)
			}
			of := unzip(t, orig)
			n := 0
			for name, data := range res.Files {
				if !strings.HasPrefix(name, "images/") {
					continue
				}
				n++
				if !bytes.Equal(of[name], data) {
					t.Errorf("%s: the board art is not the module's, byte for byte", name)
				}
			}
			if n == 0 {
				t.Errorf("no board art kept")
			}
			// the rebuilt module's boards are the art: the original board
			// pictures, byte for byte
			rf := unzip(t, rebuilt)
			for name, data := range res.Files {
				if !strings.HasPrefix(name, "images/") {
					continue
				}
				found := false
				for _, rd := range rf {
					found = found || bytes.Equal(rd, data)
				}
				if !found {
					t.Errorf("%s: the rebuilt module has no board with this art", name)
				}
			}
			if !bytes.Contains(res.Files["import-report.md"], []byte("## Not understood")) {
				t.Errorf("no report")
			}
			// everything muster wrote comes back, or is made again from
			// the ruleset
			for _, n := range res.Unread {
				t.Errorf("not understood in a module muster wrote: %s: %s", n.Path, n.What)
			}
		})
	}
}

// TestDeterministic: the same module gives the same files.
func TestDeterministic(t *testing.T) {
	orig := moduleOf(t, filepath.Join("..", "..", "examples", "dow-intro"))
	a, err := Import(orig, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Import(orig, Options{})
	for n := range a.Files {
		if !bytes.Equal(a.Files[n], b.Files[n]) {
			t.Errorf("%s differs between two imports", n)
		}
	}
}

func TestRefused(t *testing.T) {
	for name, data := range map[string][]byte{
		"not a zip":    []byte("hello"),
		"no buildFile": zipOf(t, map[string]string{"moduledata": "<data/>"}),
		"extension":    zipOf(t, map[string]string{"buildFile.xml": `<VASSAL.build.module.ModuleExtension module="X"/>`}),
		"bad xml":      zipOf(t, map[string]string{"buildFile.xml": `<VASSAL.build.GameModule>`}),
		"no system":    zipOf(t, map[string]string{"buildFile.xml": `<VASSAL.build.GameModule name="X"/>`}),
		"no hex board": zipOf(t, map[string]string{"buildFile.xml": `<VASSAL.build.GameModule name="X"/>`}),
	} {
		opt := Options{}
		if name == "no hex board" {
			opt.System = "gbacw"
		}
		if _, err := Import(data, opt); err == nil {
			t.Errorf("%s: imported", name)
		}
	}
}

func zipOf(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range sortedKeys(files) {
		w, _ := zw.Create(n)
		w.Write([]byte(files[n]))
	}
	zw.Close()
	return buf.Bytes()
}

// ccnStyle zips testdata/ccn-style (a hand-written module in the style of
// riverwanderer/ccnapoleonics) with an obfuscated saved game; edit changes
// the build file first.
func ccnStyle(t testing.TB, edit func(string) string) []byte {
	t.Helper()
	bf, err := os.ReadFile(filepath.Join("testdata", "ccn-style", "buildFile.xml"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := os.ReadFile(filepath.Join("testdata", "ccn-style", "images", "map.png"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := "begin_save\x1b+/7/mark;GuerillaCount\tpiece;;;g.png;G/allies\tnull;150;100;7;0\x1bGlobalProperty\tcodex\t1\x1bend_save"
	const key = 0x5a
	obf := "!VCSK5a"
	for i := 0; i < len(cmds); i++ {
		obf += strings.ToLower(strings.TrimPrefix(strings.ToUpper(hex2(cmds[i]^key)), ""))
	}
	vsav := zipOf(t, map[string]string{"savedGame": obf, "moduledata": "<data/>"})
	return zipOf(t, map[string]string{"buildFile.xml": edit(string(bf)), "images/map.png": string(img), "B001 - Test.vsav": string(vsav)})
}

func hex2(b byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[b>>4], digits[b&15]})
}

// TestThirdParty: a module muster did not write imports without a crash,
// and the report names what it could not read, at its element path.
func TestThirdParty(t *testing.T) {
	// As the real module has it: the only hex grid is sideways, in a
	// zone, with lettered columns. No board can be read: only the report.
	res, err := Import(ccnStyle(t, func(s string) string { return s }), Options{System: "gbacw", Module: "ccn-style.vmod"})
	if err == nil || res == nil {
		t.Fatalf("imported a module without a readable hex board: %v", err)
	}
	rep := string(res.Files["import-report.md"])
	for _, want := range []string{
		"a sideways (pointy-top) hex grid is not read",
		"`GameModule[name=\"CCN-style fixture\"]/napoleonics.ChooseScenarioItem[name=\"Choose Scenario...\"]`: component not understood",
		"module.properties.GlobalProperties`: component not understood (with the 1 elements inside it)",
	} {
		if !strings.Contains(rep, want) {
			t.Errorf("the report does not say %q:\n%s", want, rep)
		}
	}
	if len(res.Files) != 1 {
		t.Errorf("wrote %d files, want the report only", len(res.Files))
	}

	// The same with a flat-top, numbered grid: a map, and the report.
	res, err = Import(ccnStyle(t, func(s string) string {
		return strings.Replace(s, `sideways="true"`, `sideways="false"`, 1)
	}), Options{System: "gbacw", Module: "ccn-style.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	rep = string(res.Files["import-report.md"])
	for _, want := range []string{
		`zone "Allies" not read`,
		`zone "Battlefield": its hex grid is read as the whole board's`,
		"hType=A (letters) not read",
		`piece "French Line Infantry": prototype "Grid Alignment" is not defined`,
		`piece "French Line Infantry": no Kind marker of unit or leader: not read as a unit or leader (4 properties (origLoc, Army, Side, UnitType); traits macro, footprint, emb2)`,
		`piece "GuerillaCount": no Kind marker`,
		`locationFormat "$gridLocation$" has no sheet prefix; the sheet is called A`,
		`saved game "B001 - Test.vsav" holds 1 pieces (AddPiece commands) that are not read`,
		`saved game "B001 - Test.vsav": 1 commands not understood: "GlobalProperty" ×1`,
		"no piece with muster's Side and Kind markers: the forces are empty",
	} {
		if !strings.Contains(rep, want) {
			t.Errorf("the report does not say %q:\n%s", want, rep)
		}
	}
	if !bytes.Contains(res.Files["map.yaml"], []byte(`- id: "A"`)) {
		t.Errorf("map.yaml:\n%s", res.Files["map.yaml"])
	}
	if _, ok := res.Files["images/map.png"]; !ok {
		t.Errorf("the board art is not kept")
	}
}

// TestRealThirdParty imports the real module when it is there
// (VMOD_CCN=path to a zip of riverwanderer/ccnapoleonics' dist/); it is not
// part of the repository.
func TestRealThirdParty(t *testing.T) {
	p := os.Getenv("VMOD_CCN")
	if p == "" {
		t.Skip("VMOD_CCN is not set: the real ccnapoleonics module is not here")
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Import(data, Options{System: "gbacw", Module: filepath.Base(p)})
	if res == nil {
		t.Fatal(err)
	}
	t.Logf("%v; %d not understood", err, len(res.Unread))
}

// TestCupsWithoutHelp: a muster module without its help page, which says
// what the scenario puts in its draw cups, names them in the report as not
// read.
func TestCupsWithoutHelp(t *testing.T) {
	files := unzip(t, moduleOf(t, filepath.Join("..", "..", "examples", "dow-intro")))
	m := map[string]string{}
	for n, b := range files {
		if !strings.HasPrefix(n, "help/") {
			m[n] = string(b)
		}
	}
	res, err := Import(zipOf(t, m), Options{Module: "dow-intro.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	rep := string(res.Files["import-report.md"])
	if !strings.Contains(rep, "scenario intro: its draw cups hold 16 chits, and with no help page to say") {
		t.Errorf("the report does not name the unread chits:\n%s", rep)
	}
	if strings.Contains(string(res.Files["scenario-intro.yaml"]), "activation:") {
		t.Errorf("activation written without the help page's line")
	}
}

// TestUnprintedValues: a value the book does not print (`weapon: ~`, as
// Dead of Winter's units have) comes back as ~, not as an empty string
// the schema refuses.
func TestUnprintedValues(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "dow-intro"), map[string][][2]string{
		"forces-csa.yaml": {{"weapon: R, strength: 2, cohesion: 7, ma: 6", "weapon: ~, strength: ~, cohesion: ~, ma: ~"}},
	}, nil)
	res := reimport(t, b, "dow-intro.vmod")
	f := string(res.Files["forces-csa.yaml"])
	if want := `{name: "Allen SS Bn", type: "inf", weapon: ~, strength: ~, cohesion: ~, ma: ~`; !strings.Contains(f, want) {
		t.Errorf("forces-csa.yaml has no %s:\n%s", want, f)
	}
}

// TestSeams: a map of sheets that share a line of hexes at each seam
// (Dead of Winter's four, Terrible Swift Sword's three) comes back laid
// out as the module lays its boards out: every hex of the battle's map is
// a hex of the import, once, at the same place relative to the others,
// under the label the module gives it; the import has no other hex (none
// in the blank strip the module widens TSS's C by).
func TestSeams(t *testing.T) {
	for _, ex := range []string{"dead-of-winter", "terrible-swift-sword"} {
		t.Run(ex, func(t *testing.T) {
			if ex != "dead-of-winter" && testing.Short() {
				t.Skip("a real battle's module takes seconds to build and import: not with -short")
			}
			seams(t, ex)
		})
	}
}

func seams(t *testing.T, ex string) {
	b0, ds := battle.LoadDir(filepath.Join("..", "..", "examples", ex), battle.Options{Variant: "errata"})
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Fatal(d)
		}
	}
	res := reimport(t, b0, ex+".vmod")
	dir := t.TempDir()
	write(t, dir, res.Files)
	b1, ds := battle.LoadDir(dir, battle.Options{})
	if b1 == nil || b1.Map == nil {
		t.Fatalf("the import has no map: %v", ds)
	}
	g0, g1 := b0.Map.Grid, b1.Map.Grid
	cover := func(g *maps.Grid) map[maps.Coord]bool {
		out := map[maps.Coord]bool{}
		for _, s := range g.Sheets {
			for j := 0; j < s.Rows; j++ {
				for i := 0; i < s.Cols; i++ {
					out[maps.Coord{X: s.X + i, Y: s.Y + j}] = true
				}
			}
		}
		return out
	}
	h0, h1 := cover(g0), cover(g1)
	if len(h1) != len(h0) {
		t.Errorf("the import has %d hexes, the battle %d", len(h1), len(h0))
	}
	// every hex of the import is the battle's hex of its label, all by
	// one shift
	var shift *maps.Coord
	bad := 0
	for c1 := range h1 {
		l := g1.Label(c1)
		c0, _, err := g0.Parse(l)
		if err != nil {
			t.Errorf("%s: not a hex of the battle's map: %v", l, err)
			continue
		}
		d := maps.Coord{X: c0.X - c1.X, Y: c0.Y - c1.Y}
		if shift == nil {
			shift = &d
		}
		if d != *shift && bad < 5 {
			bad++
			t.Errorf("%s is at %v in the import, %v in the battle: not where the module lays it", l, c1, c0)
		}
	}
}

// TestFaceAsFront: a face that prints the same values as the front (Dead
// of Winter's cavalry, dismounted with no values known) is in no values
// label; it comes back from its layer's image, with the front's values.
func TestFaceAsFront(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "dow-intro"), map[string][][2]string{
		"forces-usa.yaml": {{"dismounted: {weapon: SC, strength: 2, cohesion: 6, ma: 6}", "dismounted: {weapon: SC, strength: 2, cohesion: 6, ma: 12}"}},
	}, nil)
	res := reimport(t, b, "dow-intro.vmod")
	f := string(res.Files["forces-usa.yaml"])
	if want := `{name: "Escort", type: "cav", weapon: "SC", strength: 2, cohesion: 6, ma: 12, disordered: {cohesion: 4, ma: 8}, dismounted: {weapon: "SC", strength: 2, cohesion: 6, ma: 12}}`; !strings.Contains(f, want) {
		t.Errorf("forces-usa.yaml has no %s:\n%s", want, f)
	}
}

// TestRulesBack: a battle's own rules: (3dog's turn track and figures),
// which the module keeps beside the build file, come back in battle.yaml:
// the import plays the same turns by the same rules.
func TestRulesBack(t *testing.T) {
	dir0 := filepath.Join("..", "..", "examples", "3dog-mcphersons-ridge")
	b0, _ := battle.LoadDir(dir0, battle.Options{})
	res, err := Import(moduleOf(t, dir0), Options{Module: "3dog.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, dir, res.Files)
	b1, ds := battle.LoadDir(dir, battle.Options{})
	for _, d := range ds {
		if d.Code == "B010" || d.Code == "B011" {
			t.Errorf("the rules do not load: %s", d)
		}
	}
	if b1.RulesOverride == nil {
		t.Fatalf("battle.yaml has no rules:\n%s", res.Files["battle.yaml"])
	}
	var want, got []string
	for _, s := range b0.Slots {
		want = append(want, s.Time+" "+s.Light)
	}
	for _, s := range b1.Slots {
		got = append(got, s.Time+" "+s.Light)
	}
	if strings.Join(want, ",") != strings.Join(got, ",") {
		t.Errorf("the turn track is not the battle's:\nwant %v\ngot  %v", want, got)
	}
	if !reflect.DeepEqual(b0.Rules.Figures, b1.Rules.Figures) {
		t.Errorf("the figures are not the battle's")
	}
}

// TestSpareAndActivations: 3dog's spare leader (forces spares:) comes back
// a spare, not an officer, by his Spare marker; A. P. Hill's further
// counter with its ratings and first turn; an arrival's activations
// (what the arrival chart gives it on entry) come back from its box's
// label, "... ACTIVATIONS 3".
func TestSpareAndActivations(t *testing.T) {
	res, err := Import(moduleOf(t, filepath.Join("..", "..", "examples", "3dog-mcphersons-ridge")), Options{Module: "3dog.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	if f := string(res.Files["forces-csa.yaml"]); !strings.Contains(f, "  spares:\n    - {name: \"Trimble\"") || strings.Contains(f, "officers:") {
		t.Errorf("Trimble is not the army's spare:\n%s", f)
	}
	// A. P. Hill's further counter: his ratings follow his Counter layer,
	// and the help page names the counter and its first turn
	if f, want := string(res.Files["forces-csa.yaml"]), `leader: {name: "Hill", efficiency: 0, range: 7, counters: [{name: "Hill -1", from: "Jul 1 1800", efficiency: -1, range: 7}]}`; !strings.Contains(f, want) {
		t.Errorf("forces-csa.yaml has no %s:\n%s", want, f)
	}
	sc := string(res.Files["scenario-mcphersons-ridge.yaml"])
	for _, want := range []string{
		`- {time: "Jul 1 1100", area: "2", units: ["Wainwright", {unit: "Hall Bty", orders: "march"}, {unit: "Reynolds Bty", orders: "march"}, {unit: "Stewart Bty", orders: "march"}], activations: 3}`,
		`- {time: "Jul 1 1400", area: "2", units: ["Hunt", "Ransom", {unit: "Eakin Bty", orders: "march"}, {unit: "Weir Bty", orders: "march"}], activations: 3}`,
		`- {time: "Jul 1 1000", area: "2", units: ["Reynolds",`,
	} {
		if !strings.Contains(sc, want) {
			t.Errorf("the scenario has no %s:\n%s", want, sc)
		}
	}
}

// TestWithin: a group set up within so many hexes of a hex, which the
// module deals out one unit a hex, comes back as one entry at its hex
// with its within:, not as stacks the import would judge over-stacked
// where two groups' hexes meet.
func TestWithin(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "dow-intro"), map[string][][2]string{
		"intro.yaml": {{`"C3014": [Post, 59 IL, 5 WI Bty]`, `"C3014": {units: [Post, 59 IL, 5 WI Bty], within: 1}`}},
	}, nil)
	outs, err := vassal.Module(b)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(placements(t, outs[0].Data)); n == 0 {
		t.Fatal("no set-up")
	}
	res, err := Import(outs[0].Data, Options{Module: "dow-intro.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	sc := string(res.Files["scenario-intro.yaml"])
	if want := `"C3014": {units: ["Post", "59 IL", "5 WI Bty"], within: 1}`; !strings.Contains(sc, want) {
		t.Errorf("the scenario has no %s:\n%s", want, sc)
	}
}

// TestSetupState: what a set-up piece starts with comes back from its
// PieceSlot: a strength other than the printed, a stack in reserve.
func TestSetupState(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "dow-intro"), map[string][][2]string{
		"intro.yaml": {
			{`"C3215": [74 IL]`, `"C3215": [{unit: 74 IL, strength: 1}]`},
			{`"C3108": [McCook, Davis, Escort/RW]`, `"C3108": {units: [McCook, Davis, Escort/RW], reserve: true}`},
		},
	}, nil)
	res := reimport(t, b, "dow-intro.vmod")
	sc := string(res.Files["scenario-intro.yaml"])
	for _, want := range []string{
		`"C3215": [{unit: "74 IL", strength: 1}]`,
		`"C3108": {units: ["McCook", "Davis", "Escort"], reserve: true}`,
	} {
		if !strings.Contains(sc, want) {
			t.Errorf("the scenario has no %s:\n%s", want, sc)
		}
	}
}

// TestWithdrawals: a scenario's withdrawals, which only the help page
// says, come back, each piece as the set-ups name it.
func TestWithdrawals(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "dow-intro"), map[string][][2]string{
		"intro.yaml": {{"\nvictory:", "\nwithdrawals:\n  USA:\n    - {time: \"Dec 30 1500\", units: [74 IL, Post]}\nvictory:"}},
	}, nil)
	res := reimport(t, b, "dow-intro.vmod")
	sc := string(res.Files["scenario-intro.yaml"])
	if want := "withdrawals:\n  \"USA\":\n    - {time: \"Dec 30 1500\", units: [\"74 IL\", \"Post\"]}\n"; !strings.Contains(sc, want) {
		t.Errorf("the scenario has no %s:\n%s", want, sc)
	}
}

// TestDeadOfWinterImport: Dead of Winter's errata module imports to a
// battle that validates: its withdrawals come back (a group that withdraws
// and returns no longer arrives twice, N006), and so does an arrival of a
// formation with no pieces (4/C of scenario 10), whose empty box names it
// (S005 where it came back with no units).
func TestDeadOfWinterImport(t *testing.T) {
	if testing.Short() {
		t.Skip("a real battle's module takes seconds to build and import: not with -short")
	}
	res, err := Import(moduleOfVariant(t, filepath.Join("..", "..", "examples", "dead-of-winter"), "errata"), Options{Module: "dead-of-winter.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	validImport(t, res)
}

// TestThirdPartySetup: a module's New Game layout (BoardPicker <setup>)
// places its boards; one the import cannot read is named in the report,
// and the boards are laid side by side.
func TestThirdPartySetup(t *testing.T) {
	flat := func(setup string) func(string) string {
		return func(s string) string {
			s = strings.Replace(s, `sideways="true"`, `sideways="false"`, 1)
			return strings.Replace(s, "    </VASSAL.build.module.map.BoardPicker>", "<setup>"+setup+"</setup>\n    </VASSAL.build.module.map.BoardPicker>", 1)
		}
	}
	res, err := Import(ccnStyle(t, flat("Main MapBoardPicker&#9;Inland&#9;0&#9;0")), Options{System: "gbacw", Module: "ccn-style.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	rep := string(res.Files["import-report.md"])
	if strings.Contains(rep, "/setup") {
		t.Errorf("the report names a New Game layout it read:\n%s", rep)
	}
	if !bytes.Contains(res.Files["map.yaml"], []byte("    at: [0, 0]\n")) {
		t.Errorf("map.yaml:\n%s", res.Files["map.yaml"])
	}
	res, err = Import(ccnStyle(t, flat("Main MapBoardPicker&#9;Inland&#9;x&#9;0")), Options{System: "gbacw", Module: "ccn-style.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	rep = string(res.Files["import-report.md"])
	if want := "module.map.BoardPicker/setup`: component not understood"; !strings.Contains(rep, want) {
		t.Errorf("the report does not say %q:\n%s", want, rep)
	}
}

// reimport builds b's module and imports it as the file name says.
func reimport(t *testing.T, b *battle.Battle, name string) *Result {
	t.Helper()
	outs, err := vassal.Module(b)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Import(outs[0].Data, Options{Module: name})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// validImport writes an import's files to a folder and wants the battle
// there to load and validate with no error; it gives the folder.
func validImport(t *testing.T, res *Result) string {
	t.Helper()
	dir := t.TempDir()
	write(t, dir, res.Files)
	b, ds := battle.LoadDir(dir, battle.Options{})
	ds = append(ds, validate.Battle(b)...)
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Errorf("the import does not validate: %s", d)
		}
	}
	return dir
}

// TestReplacementLeader: a leader's replacement (forces replacement:),
// whose name and ratings the module's labels and Calculated Properties
// carry as the face they follow, comes back in the forces, and a leader
// set up on his replacement face (the Face layer at 2) comes back on it.
func TestReplacementLeader(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "summer-storm-mcpherson"), map[string][][2]string{
		"forces-usa.yaml": {{`replacement: {name: Rowley}`, `replacement: {name: Rowley, cr: 1}`}},
		"scenario.yaml":   {{`units: ["1/I", "Doubleday", "Reynolds"]`, `units: ["1/I", {unit: Doubleday, face: replacement}, "Reynolds"]`}},
	}, nil)
	res := reimport(t, b, "summer-storm.vmod")
	if f, want := string(res.Files["forces-usa.yaml"]), `leader: {name: "Doubleday", cr: 2, replacement: {name: "Rowley", cr: 1}}`; !strings.Contains(f, want) {
		t.Errorf("forces-usa.yaml has no %s:\n%s", want, f)
	}
	if sc, want := string(res.Files["scenario-first-shots.yaml"]), `{unit: "Doubleday", face: "replacement"}`; !strings.Contains(sc, want) {
		t.Errorf("the scenario has no %s:\n%s", want, sc)
	}
	for _, n := range res.Unread {
		if strings.Contains(n.What, "replacement") {
			t.Errorf("not understood: %s: %s", n.Path, n.What)
		}
	}
	validImport(t, res)
}

// TestPiecelessFormations: a formation with no piece (no leader, no
// units: Dead of Winter's 2/S, "never enumerated") has its markers on the
// leader board all the same; they name it, and the import makes it again
// at its row's level, so that the rebuilt module's board has them too.
func TestPiecelessFormations(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "dow-intro"), map[string][][2]string{
		"forces-usa.yaml": {
			{"            - id: \"2\"\n              name: Carlin's Brigade",
				"            - id: \"9\"\n              level: brigade\n            - id: \"2\"\n              name: Carlin's Brigade"},
			// a division of its own, with a brigade, neither with a piece
			{"        - id: \"1\"\n          name: Davis's Division",
				"        - id: \"8\"\n          name: Eighth Division\n          level: division\n          formations:\n            - {id: \"1\", level: brigade}\n        - id: \"1\"\n          name: Davis's Division"},
		},
	}, nil)
	outs, err := vassal.Module(b)
	if err != nil {
		t.Fatal(err)
	}
	orig := outs[0].Data
	want := placements(t, orig)
	if !slices.Contains(want, "Union Leader Board (Union) 9/1/RW/fatigue/None: 9/1/RW Fatigue") {
		t.Fatalf("the leader board has no marker of 9/1/RW: %q", want)
	}
	res, err := Import(orig, Options{Module: "dow-intro.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	// each at its level and in its place among its siblings, the
	// division with its name
	f := string(res.Files["forces-usa.yaml"])
	for _, want := range []string{"- id: \"8\"\n          name: \"Eighth Division\"\n          level: \"division\"\n          formations:\n            - id: \"1\"\n              level: \"brigade\"\n        - id: \"1\"\n          name: \"Davis's Division\"", "- id: \"9\"\n              level: \"brigade\"\n            - id: \"2\"\n              name: \"Carlin's Brigade\""} {
		if !strings.Contains(f, want) {
			t.Errorf("forces-usa.yaml has no %q:\n%s", want, f)
		}
	}
	got := placements(t, moduleOf(t, validImport(t, res)))
	if lost, made := listDiff(want, got); len(lost)+len(made) > 0 {
		t.Errorf("set-ups differ after the round trip:\nlost %q\nmade %q", lost, made)
	}
}

// TestArrivalOrder: arrivals of the same turn keep their order across the
// sides: the module numbers its boxes by time, each side's arrivals in
// the order the scenario lists the sides, and the import lists the sides
// so, not in the order of their first arrival (Dead of Winter's scenario
// 2: the Union's 1200 arrival before the Confederates').
func TestArrivalOrder(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "..", "examples", "dow-intro"), map[string][][2]string{
		"intro.yaml": {
			{`last: "Dec 30 1300"`, `last: "Dec 30 1500"`},
			{`    "C3404": [35 IL]` + "\n", ""},
			{`    "C4711": [1 LA]` + "\n", ""},
			{`    "C4612": [26 AL]` + "\n", ""},
			{"\nattachments:", "\nreinforcements:\n  USA:\n    - {time: \"Dec 30 1500\", hexes: [\"C3101\"], units: [35 IL]}\n" +
				"  CSA:\n    - {time: \"Dec 30 1400\", hexes: [\"C4719\"], units: [1 LA]}\n    - {time: \"Dec 30 1500\", hexes: [\"C4719\"], units: [26 AL]}\nattachments:"},
		},
	}, nil)
	outs, err := vassal.Module(b)
	if err != nil {
		t.Fatal(err)
	}
	want := placements(t, outs[0].Data)
	if !slices.Contains(want, "intro intro arrival 2 USA Dec 30 1500: 35 IL [strength=5]") {
		t.Fatalf("the Union's arrival is not the second box: %q", want)
	}
	res, err := Import(outs[0].Data, Options{Module: "dow-intro.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, dir, res.Files)
	got := placements(t, moduleOf(t, dir))
	if lost, made := listDiff(want, got); len(lost)+len(made) > 0 {
		t.Errorf("set-ups differ after the round trip:\nlost %q\nmade %q", lost, made)
	}
}

// TestPaddedSheet: a sheet the module widens with a blank strip to line
// it up with the boards above it (TSS's C, under A and B, starts further
// east than A) comes back with its own hexes only: the strip's hexes,
// which the board's picture leaves blank, are not the sheet's.
func TestPaddedSheet(t *testing.T) {
	b0 := battletest.Edited(t, filepath.Join("..", "..", "examples", "tss-seminary-ridge"), map[string][][2]string{
		"map.yaml": {{"hexsides:", "  - id: C\n    name: Map C (below A, further east)\n    at: [3, 10]\n    cols: {first: 8, last: 1}\n    rows: {first: 1, last: 4}\nhexsides:"}},
	}, nil)
	res := reimport(t, b0, "seminary-ridge.vmod")
	if m, want := string(res.Files["map.yaml"]), "  - id: \"C\"\n    name: \"Sheet C\"\n    at: [3, 10]\n    cols: {first: 8, last: 1}\n    rows: {first: 1, last: 4}\n"; !strings.Contains(m, want) {
		t.Errorf("map.yaml has no %q:\n%s", want, m)
	}
	dir := t.TempDir()
	write(t, dir, res.Files)
	b1, _ := battle.LoadDir(dir, battle.Options{})
	if b1 == nil || b1.Map == nil {
		t.Fatal("the import has no map")
	}
	labels := func(g *maps.Grid) []string {
		var out []string
		for _, s := range g.Sheets {
			for j := 0; j < s.Rows; j++ {
				for i := 0; i < s.Cols; i++ {
					out = append(out, g.Label(maps.Coord{X: s.X + i, Y: s.Y + j}))
				}
			}
		}
		sort.Strings(out)
		return out
	}
	if lost, made := listDiff(labels(b0.Map.Grid), labels(b1.Map.Grid)); len(lost)+len(made) > 0 {
		t.Errorf("the import's hexes are not the battle's:\nlost %q\nmade %q", lost, made)
	}
}
