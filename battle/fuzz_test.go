package battle_test

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// fuzzBattle is battle.yaml of the fuzzed battles: the dow-intro battle
// with four fixed document names whose contents the fuzzer writes.
const fuzzBattle = `kind: battle
id: fuzz
name: Fuzz
system: gbacw
sides:
  - {id: USA, name: Union}
  - {id: CSA, name: Confederate}
days: ["Dec 29", "Dec 30", "Dec 31"]
files: [forces-usa.yaml, forces-csa.yaml, map.yaml, scenario.yaml]
`

func exampleFile(tb testing.TB, name string) []byte {
	b, err := fs.ReadFile(examples.FS, "dow-intro/"+name)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// FuzzLoad loads a whole battle whose forces, map and scenario documents
// are fuzzed, validates it and, when it is clean, builds it. Nothing may
// panic, and every diagnostic must name a file of the battle and a line
// inside it.
func FuzzLoad(f *testing.F) {
	usa, csa, mp, sc := exampleFile(f, "forces-usa.yaml"), exampleFile(f, "forces-csa.yaml"), exampleFile(f, "map.yaml"), exampleFile(f, "intro.yaml")
	f.Add(usa, csa, mp, sc)
	f.Add(usa, []byte("kind: forces\nside: CSA\nparent: army\n"), mp, sc)
	f.Add([]byte("kind: forces\nside: USA\narmy: {name: A, level: army, formations: [{id: '1', level: brigade, units: [{name: x, type: inf, weapon: R, strength: 1, cohesion: 1, ma: 1}]}]}\n"),
		csa, []byte("kind: map\ngrid: {hexes: flat-top}\nterrain: {'.': clear}\nsheets: [{id: C, at: [0, 0], cols: {first: 1, last: 2}, rows: {first: 1, last: 2}, terrain: ['..', '.']}]\n"),
		[]byte("kind: scenario\nid: s\nsheets: [C]\nturns: {first: Dec 30 0600, last: Dec 29 0600}\nsetup: {USA: {C0101: [x, x]}}\n"))
	f.Add([]byte("a: &a [*a]\n"), []byte("\x00"), []byte("kind: map\nsheets: [{id: C, cols: {first: 0, last: 9999}, rows: {first: 0, last: 9999}}]\n"), []byte(""))
	lim := schema.Limits{MaxBytes: 1 << 20, MaxNodes: 50_000, MaxDepth: 50, MaxAliases: 1_000}
	f.Fuzz(func(t *testing.T, usa, csa, mp, sc []byte) {
		fsys := fstest.MapFS{
			"battle.yaml":     {Data: []byte(fuzzBattle)},
			"forces-usa.yaml": {Data: usa},
			"forces-csa.yaml": {Data: csa},
			"map.yaml":        {Data: mp},
			"scenario.yaml":   {Data: sc},
		}
		b, ds := battle.Load(fsys, "f", battle.Options{Limits: lim})
		if b != nil && b.Rules != nil {
			ds = append(ds, validate.Battle(b)...)
		}
		for _, d := range ds {
			checkDiag(t, fsys, d)
		}
		if b != nil && b.Rules != nil && diag.Count(ds, diag.Error) == 0 {
			outs, err := compile.Bundles(b)
			if err != nil {
				t.Fatalf("a clean battle does not build: %v", err)
			}
			for _, o := range outs {
				if data, err := o.Bytes(); err != nil || len(data) == 0 {
					t.Fatalf("empty output %s", o.Name)
				}
			}
		}
	})
}

func checkDiag(t *testing.T, fsys fstest.MapFS, d diag.Diagnostic) {
	t.Helper()
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cat.Lookup(d.Code); !ok {
		t.Fatalf("unregistered code: %v", d)
	}
	if d.Pos.File == "" {
		return
	}
	name, ok := strings.CutPrefix(d.Pos.File, "f/")
	if !ok {
		t.Fatalf("diagnostic outside the battle: %v", d)
	}
	file, ok := fsys[name]
	if !ok {
		t.Fatalf("diagnostic names a file that does not exist: %v", d)
	}
	data := bytes.ReplaceAll(file.Data, []byte("\r\n"), []byte("\n"))
	lines := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1
	if d.Pos.Line < 0 || d.Pos.Line > lines+1 || d.Pos.Column < 0 {
		t.Fatalf("diagnostic outside its file (%d lines): %v", lines, d)
	}
}
