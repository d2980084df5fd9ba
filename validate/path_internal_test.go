package validate

import (
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
)

// The command-range pathfinder on a hand-built map whose distances are
// known: clear hexes cost a leader 1, woods 2, a stream 1 more, a ford
// crossing 1 more, a river is impassable, a pike costs ½; hexes next to
// an enemy are closed unless a friendly combat unit is there.
const pathMap = `kind: map
grid: {hexes: flat-top, shifted: odd, label: col-row, digits: 2}
terrain: {".": clear, "w": woods}
sheets:
  - id: C
    cols: {first: 10, last: 19}
    rows: {first: 1, last: 5}
    terrain:
      - ".........."
      - "..ww......"
      - ".........."
      - ".........."
      - ".........."
hexsides:
  "C1103/C1203": stream
  "C1104/C1204": [stream, ford]
  "C1105/C1205": river
roads:
  - {type: pike, path: ["C1001", "C1101", "C1201", "C1301", "C1401", "C1501", "C1601"]}
`

func pathBattle(t *testing.T, scenario string) (*battle.Battle, *pass) {
	t.Helper()
	fsys := fstest.MapFS{
		"battle.yaml": {Data: []byte("kind: battle\nid: p\nname: P\nsystem: gbacw\nsides: [{id: USA, name: Union}, {id: CSA, name: Confederate}]\ndays: [\"Dec 30\"]\n")},
		"forces.yaml": {Data: []byte(`kind: forces
side: USA
army:
  name: A
  level: army
  formations:
    - id: "1"
      level: brigade
      leader: {name: Post, profile: N, range: 4, orders: 0}
      units:
        - {name: U1, type: inf, weapon: R, strength: 4, cohesion: 6, ma: 6}
        - {name: U2, type: inf, weapon: R, strength: 4, cohesion: 6, ma: 6}
`)},
		"forces-csa.yaml": {Data: []byte("kind: forces\nside: CSA\narmy:\n  name: B\n  level: army\n  units:\n    - {name: R1, type: inf, weapon: R, strength: 4, cohesion: 6, ma: 6}\n")},
		"map.yaml":        {Data: []byte(pathMap)},
		"scenario.yaml":   {Data: []byte(scenario)},
	}
	b, ds := battle.Load(fsys, "", battle.Options{})
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Fatal(d)
		}
	}
	f := &b.Rules.Figures
	return b, &pass{b: b, f: f, l: &diag.List{}, run: newFacts(b)}
}

func TestCommandPaths(t *testing.T) {
	b, p := pathBattle(t, `kind: scenario
id: s
name: S
sheets: [C]
turns: {first: "Dec 30 1300", last: "Dec 30 1300"}
setup:
  USA:
    "C1102": [Post]
    "C1705": [U1]
  CSA:
    "C1805": [R1]
`)
	s := b.Scenarios[0]
	g := b.Map.Grid
	groups := p.setupGroups(s).groups
	w := locate(p.b, groups)
	at := func(l string) maps.Coord {
		c, _, err := g.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	from := func(l string) map[maps.Coord]float64 {
		return b.Map.Reach(at(l), 20, p.stepper("USA", w))
	}
	step := p.stepper("USA", w)
	for _, tc := range []struct {
		from, to string
		cost     float64 // -1: not allowed
	}{
		{"C1001", "C1101", 0.5}, // along the pike
		{"C1101", "C1102", 1},   // clear
		{"C1102", "C1202", 2},   // into woods
		{"C1103", "C1203", 2},   // clear, across a stream
		{"C1104", "C1204", 3},   // clear, across a stream at a ford
		{"C1105", "C1205", -1},  // across the river
		{"C1604", "C1704", -1},  // into a hex next to the enemy in C1805
		{"C1605", "C1705", 1},   // next to the enemy too, but U1 holds it
	} {
		got, ok := step(at(tc.from), at(tc.to))
		if tc.cost < 0 {
			if ok {
				t.Errorf("step %s → %s allowed at %g, want blocked", tc.from, tc.to, got)
			}
			continue
		}
		if !ok || got != tc.cost {
			t.Errorf("step %s → %s costs %g (allowed %v), want %g", tc.from, tc.to, got, ok, tc.cost)
		}
	}
	for _, tc := range []struct {
		from, to string
		cost     float64 // -1: unreachable
	}{
		{"C1001", "C1601", 3},  // six pike hexsides at ½
		{"C1002", "C1402", 3},  // onto the pike and off it beats four clear hexes round the woods
		{"C1104", "C1204", 2},  // round the ford through C1205 beats crossing it
		{"C1105", "C1205", 2},  // round the river
		{"C1905", "C1704", -1}, // every way in passes next to the enemy
		{"C1505", "C1705", 2},  // through C1605 into U1's hex
	} {
		got, ok := from(tc.from)[at(tc.to)]
		if tc.cost < 0 {
			if ok {
				t.Errorf("%s → %s reachable at %g, want blocked", tc.from, tc.to, got)
			}
			continue
		}
		if !ok || got != tc.cost {
			t.Errorf("%s → %s costs %g (reached %v), want %g", tc.from, tc.to, got, ok, tc.cost)
		}
	}
}
