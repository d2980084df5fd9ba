package diff

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/schema"
)

// base is a small battle; each test replaces the lines it changes.
var base = map[string]string{
	"battle.yaml": `kind: battle
id: b
name: B
system: gbacw
sides: [{id: USA, name: Union}, {id: CSA, name: Confederate}]
days: ["Dec 30"]
`,
	"forces.yaml": `kind: forces
side: USA
army:
  name: Army
  level: army
  leader: {name: Rosecrans, initiative: 2, range: 10}
  formations:
    - id: "1"
      level: brigade
      leader: {name: Post, profile: N, range: 4, orders: 0}
      units:
        - {name: 59 IL, type: inf, weapon: R, strength: 6, cohesion: 6, ma: 6}
        - {name: 74 IL, type: inf, weapon: R, strength: 6, cohesion: 5, ma: 6}
    - id: "2"
      level: brigade
      leader: {name: Carlin, profile: A, range: 4, orders: 1}
      units:
        - {name: 38 IL, type: inf, weapon: R, strength: 6, cohesion: 6, ma: 6}
---
kind: forces
side: CSA
army:
  name: Army of Tennessee
  level: army
  leader: {name: Bragg, initiative: 1, range: 8}
`,
	"map.yaml": `kind: map
grid: {hexes: flat-top, shifted: odd, label: col-row, digits: 2}
terrain: {".": clear}
sheets:
  - id: C
    cols: {first: 11, last: 12}
    rows: {first: 1, last: 2}
    terrain: ["..", ".."]
`,
	"scenario.yaml": `kind: scenario
id: s
name: S
sheets: [C]
turns: {first: "Dec 30 1300", last: "Dec 30 1400"}
first: USA
setup:
  USA:
    "C1101": [Post, 59 IL, 74 IL]
`,
}

// load resolves the base battle with the edits laid on: each edit replaces
// its first string by its second in the file named.
func load(t *testing.T, edits ...[3]string) *battle.Battle {
	t.Helper()
	fsys := fstest.MapFS{}
	files := map[string]string{}
	for k, v := range base {
		files[k] = v
	}
	for _, e := range edits {
		if !strings.Contains(files[e[0]], e[1]) {
			t.Fatalf("%s has no %q", e[0], e[1])
		}
		files[e[0]] = strings.Replace(files[e[0]], e[1], e[2], 1)
	}
	for k, v := range files {
		fsys[k] = &fstest.MapFile{Data: []byte(v)}
	}
	b, ds := battle.Load(fsys, ".", battle.Options{})
	for _, d := range ds {
		if d.Severity.String() == "error" {
			t.Fatalf("load: %s %s", d.Code, d.Message)
		}
	}
	return b
}

// lines writes the changes as their Markdown lines, the headings left
// out.
func lines(r Result) string {
	var b bytes.Buffer
	for _, c := range r.Changes {
		b.WriteString(Line(c))
	}
	return b.String()
}

func check(t *testing.T, r Result, want string) {
	t.Helper()
	if got := lines(r); got != want {
		t.Errorf("changes:\n%s\nwant:\n%s", got, want)
	}
}

func TestUnchanged(t *testing.T) {
	r := Compare("a", "b", load(t), load(t))
	if len(r.Changes) != 0 {
		t.Errorf("changes in the same battle:\n%s", lines(r))
	}
	var b bytes.Buffer
	r.Markdown(&b)
	if b.String() != "# Changes from a to b\n\nNo changes.\n" {
		t.Errorf("Markdown: %q", b.String())
	}
}

// A unit under a new name, in the same formation with the same values, is
// a rename, and its set-up follows it (no set-up change); with one value
// changed by one as well, it is a removed unit and an added one, each
// with a note naming the other.
func TestRename(t *testing.T) {
	old := load(t)
	renamed := load(t, [3]string{"forces.yaml", "59 IL,", "59 ILL,"}, [3]string{"scenario.yaml", "59 IL,", "59 ILL,"})
	check(t, Compare("a", "b", old, renamed), "- USA 59 IL/1 renamed 59 ILL/1 — matched by formation and values\n")

	changed := load(t, [3]string{"forces.yaml", "59 IL, type: inf, weapon: R, strength: 6", "59 ILL, type: inf, weapon: R, strength: 5"}, [3]string{"scenario.yaml", "59 IL,", "59 ILL,"})
	check(t, Compare("a", "b", old, changed), ""+
		"- USA removed 59 IL/1 (inf; weapon R, strength 6, cohesion 6, ma 6) — not taken for a rename of 59 ILL/1: its values differ, and no was: declares the rename\n"+
		"- USA added 59 ILL/1 (inf; weapon R, strength 5, cohesion 6, ma 6) — not taken for a rename of 59 IL/1: its values differ, and no was: declares the rename\n"+
		"- USA removed 59 IL/1 (hex C1101)\n"+
		"- USA added 59 ILL/1 (hex C1101)\n")
}

// A rename the data declares (was:) is a rename whatever else changed: a
// value, the formation; its set-up follows it. A leader's too. One was:
// naming no unit of the old battle is an added unit.
func TestRenameDeclared(t *testing.T) {
	old := load(t)
	declared := load(t, [3]string{"forces.yaml", "{name: 59 IL, type: inf, weapon: R, strength: 6", "{name: 59 ILL, was: 59 IL, type: inf, weapon: R, strength: 5"},
		[3]string{"forces.yaml", "{name: Post,", "{name: Poste, was: Post,"},
		[3]string{"scenario.yaml", "[Post, 59 IL,", "[Poste, 59 ILL,"})
	check(t, Compare("a", "b", old, declared), ""+
		"- USA 59 IL/1 renamed 59 ILL/1 — declared: was: 59 IL\n"+
		"- USA 59 ILL/1: strength 6 → 5\n"+
		"- USA Post/1 renamed Poste/1 — declared: was: Post\n")

	// renamed and moved to another formation, with another value
	moved := load(t, [3]string{"forces.yaml", "        - {name: 74 IL, type: inf, weapon: R, strength: 6, cohesion: 5, ma: 6}\n", ""},
		[3]string{"forces.yaml", "      units:\n        - {name: 38 IL", "      units:\n        - {name: 74 ILL, was: 74 IL, type: inf, weapon: R, strength: 6, cohesion: 4, ma: 6}\n        - {name: 38 IL"},
		[3]string{"scenario.yaml", "74 IL]", "74 ILL]"})
	check(t, Compare("a", "b", old, moved), ""+
		"- USA 74 IL/1 renamed 74 ILL/2 — declared: was: 74 IL\n"+
		"- USA 74 IL/1 moved to 2\n"+
		"- USA 74 ILL/2: cohesion 5 → 4\n")

	// was: naming no unit the old battle has: an addition
	stray := load(t, [3]string{"forces.yaml", "        - {name: 38 IL,", "        - {name: 10 IL, was: 99 IL, type: inf, weapon: R, strength: 6, cohesion: 6, ma: 6}\n        - {name: 38 IL,"})
	check(t, Compare("a", "b", old, stray), "- USA added 10 IL/2 (inf; weapon R, strength 6, cohesion 6, ma 6)\n")
}

// Two units renamed in one formation with the same values are not paired
// by guess: both are removed and added.
func TestRenameAmbiguous(t *testing.T) {
	old := load(t, [3]string{"forces.yaml", "cohesion: 5", "cohesion: 6"})
	both := load(t, [3]string{"forces.yaml", "cohesion: 5", "cohesion: 6"},
		[3]string{"forces.yaml", "59 IL,", "59 ILL,"}, [3]string{"forces.yaml", "74 IL,", "74 ILL,"},
		[3]string{"scenario.yaml", "59 IL, 74 IL", "59 ILL, 74 ILL"})
	var actions []string
	for _, c := range Compare("a", "b", old, both).Changes {
		if c.Section == Units {
			actions = append(actions, string(c.Action)+" "+c.Subject)
		}
	}
	want := "removed 59 IL/1,added 59 ILL/1,removed 74 IL/1,added 74 ILL/1"
	if got := strings.Join(actions, ","); got != want {
		t.Errorf("units: %s, want %s", got, want)
	}
}

// A value changed by one is a change of that value, and nothing else; the
// same value is none.
func TestValueByOne(t *testing.T) {
	old := load(t)
	check(t, Compare("a", "b", old, load(t, [3]string{"forces.yaml", "cohesion: 5", "cohesion: 4"})), "- USA 74 IL/1: cohesion 5 → 4\n")
	check(t, Compare("a", "b", old, load(t, [3]string{"forces.yaml", "cohesion: 5", "cohesion: 5"})), "")
	check(t, Compare("a", "b", old, load(t, [3]string{"forces.yaml", "range: 4, orders: 0", "range: 4, orders: 1"})), "- USA Post/1: orders 0 → 1\n")
}

// A unit of the same name under another formation is moved, and its
// set-up is its own.
func TestMoved(t *testing.T) {
	old := load(t)
	moved := load(t, [3]string{"forces.yaml", "        - {name: 74 IL, type: inf, weapon: R, strength: 6, cohesion: 5, ma: 6}\n", ""},
		[3]string{"forces.yaml", "      units:\n        - {name: 38 IL", "      units:\n        - {name: 74 IL, type: inf, weapon: R, strength: 6, cohesion: 5, ma: 6}\n        - {name: 38 IL"})
	check(t, Compare("a", "b", old, moved), "- USA 74 IL/1 moved to 2\n")
}

func TestSetupAndSchedule(t *testing.T) {
	old := load(t)
	b := load(t, [3]string{"scenario.yaml", `    "C1101": [Post, 59 IL, 74 IL]`, `    "C1101": [Post, 59 IL]
    "C1102": {units: [{unit: 74 IL, strength: 5}], orders: attack, breastworks: true}
reinforcements:
  USA:
    - {time: "Dec 30 1400", hexes: ["C1201"], units: [38 IL]}`})
	check(t, Compare("a", "b", old, b), ""+
		"- USA 74 IL/1: breastworks none → 1\n"+
		"- USA 74 IL/1: hex C1101 → C1102\n"+
		"- USA 74 IL/1: orders none → attack\n"+
		"- USA 74 IL/1: strength none → 5\n"+
		"- USA added 38 IL/2 (time Dec 30 1400, route C1201)\n")
}

func TestMap(t *testing.T) {
	old := load(t)
	b := load(t, [3]string{"map.yaml", `terrain: {".": clear}`, `terrain: {".": clear, "w": woods}`},
		[3]string{"map.yaml", `terrain: ["..", ".."]`, `terrain: ["..", ".w"]
    elevation: ["00", "01"]
hexsides:
  "C1101/C1201": stream
roads:
  - {type: pike, path: ["C1101", "C1102"]}
areas:
  west: {side: USA, edge: west, hexes: ["C1101", "C1102"]}`})
	check(t, Compare("a", "b", old, b), ""+
		"- C1101: elevation none → 0\n"+
		"- C1102: elevation none → 0\n"+
		"- C1201: elevation none → 0\n"+
		"- C1202: elevation none → 1\n"+
		"- C1202: terrain clear → woods\n"+
		"- added area west (C1101 C1102)\n"+
		"- added hexside C1101/C1201 (stream)\n"+
		"- added road pike (C1101 C1102)\n")
}

// The JSON holds to its published schema, and the same battles give the
// same bytes.
func TestJSONSchema(t *testing.T) {
	old := load(t)
	b := load(t, [3]string{"forces.yaml", "cohesion: 5", "cohesion: 4"}, [3]string{"forces.yaml", "59 IL,", "59 ILL,"}, [3]string{"scenario.yaml", "59 IL,", "59 ILL,"})
	for _, r := range []Result{Compare("a", "b", old, b), Compare("a", "a", old, old)} {
		var out, again bytes.Buffer
		if err := r.JSON(&out); err != nil {
			t.Fatal(err)
		}
		Compare(r.Old, r.New, old, map[bool]*battle.Battle{true: old, false: b}[r.Old == r.New]).JSON(&again)
		if out.String() != again.String() {
			t.Errorf("two runs differ:\n%s\n%s", out.String(), again.String())
		}
		var v any
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Fatalf("%v:\n%s", err, out.String())
		}
		problems, err := schema.CheckDiff(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Errorf("schema: %s", p)
		}
	}
	// and the schema refuses what it should: an unknown action
	bad := map[string]any{"format": "muster-diff", "version": 1, "old": "a", "new": "b", "changes": []any{map[string]any{"section": "units", "action": "lost", "subject": "x"}}}
	if problems, _ := schema.CheckDiff(bad); len(problems) == 0 {
		t.Error("schema takes an unknown action")
	}
}

func TestNatural(t *testing.T) {
	want := []string{"1 OH", "5 WI Bty", "8 WI Bty", "25 IL", "59 IL", "59 ILL", "154 TN", "C1101", "C1102", "Post"}
	for i := range want {
		for j := range want {
			if got := natural(want[i], want[j]); got != (i < j) {
				t.Errorf("natural(%q, %q) = %v", want[i], want[j], got)
			}
		}
	}
}

// Every example and each of its variants, compared with itself, has no
// changes: nothing of the comparison depends on anything but the data.
func TestExamplesUnchanged(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	if len(dirs) < 5 {
		t.Fatalf("%d examples", len(dirs))
	}
	for _, f := range dirs {
		dir := filepath.Dir(f)
		b, _ := battle.LoadDir(dir, battle.Options{})
		if b == nil {
			t.Fatalf("%s: not loaded", dir)
		}
		if r := Compare(dir, dir, b, b); len(r.Changes) != 0 {
			t.Errorf("%s:\n%s", dir, lines(r))
		}
		for _, v := range b.Variants {
			w, _ := battle.LoadDir(dir, battle.Options{Variant: v})
			if r := Compare(dir, dir+" "+v, w, w); len(r.Changes) != 0 {
				t.Errorf("%s, variant %s:\n%s", dir, v, lines(r))
			}
		}
	}
}

// Markdown escapes what Markdown would read as markup in the battle's
// names; the plain text of a picture's notes escapes nothing.
func TestLineText(t *testing.T) {
	c := Change{Section: Units, Action: Changed, Side: "USA", Subject: "1st_Bn*", Field: "strength", Old: str("4"), New: str("5")}
	if got, want := Line(c), "- USA 1st\\_Bn\\*: strength 4 → 5\n"; got != want {
		t.Errorf("Line: %q, want %q", got, want)
	}
	if got, want := Text(c), "USA 1st_Bn*: strength 4 → 5"; got != want {
		t.Errorf("Text: %q, want %q", got, want)
	}
}
