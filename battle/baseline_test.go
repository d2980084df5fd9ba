package battle_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestBaselineBeforePaths: the loader's findings that had neither subjects
// nor a path now have a structural path (or subjects), so their
// fingerprints changed; a baseline written before (testdata/baseline/
// before-paths.txtar, by the code of then) still accepts every one of them
// and calls no entry stale, and --write-baseline writes the new
// fingerprints, which accept them too.
func TestBaselineBeforePaths(t *testing.T) {
	base, err := txtar.ParseFile("testdata/bad/_base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile("testdata/baseline/before-paths.txtar")
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dir := filepath.Join(root, "battle")
	layCase(t, root, dir, base, ar)
	b, ds := battle.LoadDir(dir, battle.Options{})
	if b == nil || b.Rules == nil {
		t.Fatal("the battle did not load")
	}
	ds = append(ds, validate.Battle(b)...)
	path := filepath.Join(dir, "baseline.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old, err := accept.ReadBaseline(path, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(old.Entries) != len(ds) {
		t.Fatalf("%d findings, %d baseline entries", len(ds), len(old.Entries))
	}
	if len(ds) < 5 {
		t.Fatalf("%d findings: the case has five", len(ds))
	}
	for i, d := range ds {
		if d.Path == "" && d.Subjects.Empty() {
			t.Errorf("%s: no path and no subjects", d)
		}
		if want, ok := wantPaths[d.Code]; ok && d.Path != want {
			t.Errorf("%s: path %q, want %q", d, d.Path, want)
		}
		for _, e := range old.Entries {
			if e.Code == d.Code && e.Fingerprint == ds[i].Fingerprint() {
				t.Errorf("%s: its fingerprint is the one the old baseline holds", d)
			}
		}
	}
	for _, bl := range []*accept.Baseline{old, mustRead(t, path, accept.WriteBaseline(path, ds))} {
		for _, d := range bl.Apply(append(ds[:0:0], ds...)) {
			if d.Suppression == nil {
				t.Errorf("baseline version %d: not accepted: %s", bl.Version, d)
			}
		}
	}
}

// wantPaths are the structural paths of the case's findings: the
// document's kind and the keys down to the node the finding is at (list
// indices left out, as the schema's findings have them).
var wantPaths = map[string]string{
	"B007": "battle:days",
	"B006": "forces:side",
	"M003": "map:terrain.w",
	"M002": "", // a character inside a row: its subject is the character
	"N010": "scenario:reinforcements.USA.area",
}

func mustRead(t *testing.T, path string, data []byte) *accept.Baseline {
	t.Helper()
	bl, err := accept.ReadBaseline(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return bl
}
