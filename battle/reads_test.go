package battle_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// TestReads: Battle.Reads lists what every variant reads, whichever was
// loaded: battle.yaml, each files list's files, and the pictures named in
// them (counter art by unit type, counter sheets, a map sheet's art),
// those of files only another variant reads too; a picture nothing names
// is not listed.
func TestReads(t *testing.T) {
	dir := copyDemo(t)
	w := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	by, _ := os.ReadFile(filepath.Join(dir, "battle.yaml"))
	w("battle.yaml", string(by)+"variants:\n  alt:\n    files: [forces-usa.yaml, forces-csa.yaml, alt/map.yaml, scenario.yaml]\n")
	my, _ := os.ReadFile(filepath.Join(dir, "map.yaml"))
	w("alt/map.yaml", strings.Replace(string(my), "art/sheet-a.png", "art/alt.png", 1))
	png, _ := os.ReadFile(filepath.Join(dir, "art", "sheet-a.png"))
	w("art/alt.png", string(png))
	w("art/unused.png", string(png))

	for _, variant := range []string{"", "alt"} {
		b, ds := battle.LoadDir(dir, battle.Options{Variant: variant})
		for _, d := range ds {
			t.Errorf("%s: %s", variant, d)
		}
		other := "art/alt.png" // the picture only the other variant's map names
		if variant != "" {
			other = "art/sheet-a.png"
		}
		if slices.Contains(b.Reads, other) {
			t.Errorf("variant %q: Reads holds %s before AllReads parsed the other variant's map", variant, other)
		}
		for _, f := range []string{"battle.yaml", "map.yaml", "alt/map.yaml", "forces-usa.yaml", "scenario.yaml",
			"art/sheet-a.png", "art/alt.png", "art/csa-inf.png", "art/csa-inf-reduced.png", "art/usa-sheet-front.png", "art/usa-sheet-back.png"} {
			if !slices.Contains(b.AllReads(), f) {
				t.Errorf("variant %q: AllReads lacks %s: %v", variant, f, b.AllReads())
			}
		}
		for _, f := range []string{"art/unused.png", "trip.yaml"} {
			if slices.Contains(b.AllReads(), f) {
				t.Errorf("variant %q: Reads holds %s, which nothing reads", variant, f)
			}
		}
		if !slices.IsSorted(b.AllReads()) {
			t.Errorf("AllReads is not sorted: %v", b.AllReads())
		}
	}
}

// TestReadsStopped: a load that stops before its files list (here an
// unknown system) still lists what the list names.
func TestReadsStopped(t *testing.T) {
	dir := copyDemo(t)
	by, _ := os.ReadFile(filepath.Join(dir, "battle.yaml"))
	os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte(strings.Replace(string(by), "system: summer-storm", "system: nosuch", 1)), 0o644)
	b, _ := battle.LoadDir(dir, battle.Options{})
	for _, f := range []string{"battle.yaml", "map.yaml", "scenario.yaml", "art/sheet-a.png"} {
		if !slices.Contains(b.AllReads(), f) {
			t.Errorf("AllReads lacks %s: %v", f, b.AllReads())
		}
	}
}
