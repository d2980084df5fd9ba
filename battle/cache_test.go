package battle_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// folderFS reads a battle folder into memory.
func folderFS(t *testing.T, dir string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// summary is what a check of a battle says, as text.
func summary(b *battle.Battle, ds []diag.Diagnostic) []string {
	if b != nil && b.Rules != nil {
		ds = append(ds, validate.Battle(b)...)
	}
	diag.Sort(ds)
	var out []string
	for _, d := range ds {
		out = append(out, d.String()+" hint="+d.Hint)
	}
	if b != nil {
		out = append(out, fmt.Sprintf("units %d leaders %d scenarios %d files %v", b.NumUnits, b.NumLeaders, len(b.Scenarios), b.Files))
	}
	return out
}

// TestCache: a load through a Cache says what a load without one says,
// the first time, again unchanged, and after an edit of one scenario;
// the edit parses that file alone again.
func TestCache(t *testing.T) {
	for _, ex := range []struct{ dir, variant, file, forces, unit string }{
		{"terrible-swift-sword", "", "scenario-3.yaml", "forces-csa.yaml", "Wagon 1"},
		{"terrible-swift-sword", "errata", "errata/scenario-2.yaml", "errata/forces-csa.yaml", "Wagon 1"},
		{"dead-of-winter", "", "scenario-1.yaml", "forces-usa.yaml", "15 OH"},
	} {
		t.Run(ex.dir+"/"+ex.variant, func(t *testing.T) {
			fsys := folderFS(t, filepath.Join("..", "examples", ex.dir))
			opts := battle.Options{Variant: ex.variant}
			cached := opts
			cached.Cache = battle.NewCache()
			check := func(what string) {
				t.Helper()
				want := summary(battle.Load(fsys, ex.dir, opts))
				got := summary(battle.Load(fsys, ex.dir, cached))
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: through the cache\n%s\nwithout\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
			check("first load")
			n := cached.Cache.Parses()
			check("unchanged")
			if cached.Cache.Parses() != n {
				t.Errorf("an unchanged battle was parsed again (%d files)", cached.Cache.Parses()-n)
			}
			// the forces, map and scenarios are those of the last load
			b1, _ := battle.Load(fsys, ex.dir, cached)
			b2, _ := battle.Load(fsys, ex.dir, cached)
			if b1.Sides[0].Army == nil || b1.Sides[0].Army != b2.Sides[0].Army || b1.Map != b2.Map || b1.Scenarios[0] != b2.Scenarios[0] {
				t.Errorf("an unchanged battle was resolved again")
			}
			f := fsys[ex.file]
			// an unknown side
			f.Data = []byte(strings.Replace(string(f.Data), "setup:", "setup:\n  NOSIDE: {}", 1))
			check("scenario edited")
			if got := cached.Cache.Parses() - n; got != 1 {
				t.Errorf("the edit parsed %d files, want 1", got)
			}
			// edited again and again (keystrokes), the cache keeps one
			// resolution of each scenario, not one of each text
			kept := cached.Cache.Resolved()
			for i := range 5 {
				f.Data = []byte(strings.Replace(string(f.Data), "setup:", fmt.Sprintf("# %d\nsetup:", i), 1))
				check("scenario edited again")
			}
			if got := cached.Cache.Resolved(); got != kept {
				t.Errorf("after 5 more edits of a scenario the cache keeps %d resolved scenarios, want %d", got, kept)
			}
			// a unit renamed: the scenarios that name it resolve again
			ff := fsys[ex.forces]
			if !strings.Contains(string(ff.Data), "name: "+ex.unit+",") && !strings.Contains(string(ff.Data), `name: "`+ex.unit+`"`) {
				t.Fatalf("%s has no unit %s", ex.forces, ex.unit)
			}
			r := strings.NewReplacer("name: "+ex.unit+",", "name: "+ex.unit+"x,", `name: "`+ex.unit+`"`, `name: "`+ex.unit+`x"`)
			ff.Data = []byte(r.Replace(string(ff.Data)))
			check("forces edited")
		})
	}
}

// TestCacheRefusedSheet: a map whose sheet is refused says the same through
// the cache, the map kept and a scenario resolved again: its labels on the
// sheet skipped, the checks that read the map skipped.
func TestCacheRefusedSheet(t *testing.T) {
	base, err := txtar.ParseFile("testdata/bad/_base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range base.Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	m := fsys["map.yaml"]
	m.Data = []byte(strings.Replace(string(m.Data), "last: 15}", "last: 100}", 1))
	opts := battle.Options{}
	cached := battle.Options{Cache: battle.NewCache()}
	check := func(what string) {
		t.Helper()
		want := summary(battle.Load(fsys, ".", opts))
		got := summary(battle.Load(fsys, ".", cached))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: through the cache\n%s\nwithout\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(want) != 3 || !strings.Contains(want[0], "M012") || !strings.Contains(want[1], "Y011") {
			t.Fatalf("%s: want M012, Y011 and the counts, got\n%s", what, strings.Join(want, "\n"))
		}
	}
	check("first load")
	check("unchanged")
	s := fsys["scenario.yaml"]
	s.Data = []byte(strings.Replace(string(s.Data), `"C1101"`, `"C1104"`, 1))
	check("scenario edited")
}
