package validate_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/validate"
)

func memoFS(t *testing.T, dir string) fstest.MapFS {
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

// TestMemo: BattleMemo over successive loads of a battle through one
// battle.Cache says exactly what Battle says, in the same order; unchanged,
// it runs no pass again; after an edit of one scenario, only that
// scenario's passes and the battle passes that read the scenarios; after
// an edit of the forces, battle.yaml or the map, every pass.
func TestMemo(t *testing.T) {
	var scenChecks, battleScen, all int
	for _, c := range validate.Checks {
		if c.Scenario != nil {
			scenChecks++
		}
		if c.Battle != nil && c.Reads.Has(validate.ReadsScenario) {
			battleScen++
		}
	}
	for _, ex := range []struct{ dir, variant, scen, forces string }{
		{"terrible-swift-sword", "", "scenario-3.yaml", "forces-csa.yaml"},
		{"terrible-swift-sword", "errata", "errata/scenario-2.yaml", "errata/forces-csa.yaml"},
		{"dead-of-winter", "", "scenario-1.yaml", "forces-usa.yaml"},
	} {
		t.Run(ex.dir+"/"+ex.variant, func(t *testing.T) {
			fsys := memoFS(t, filepath.Join("..", "examples", ex.dir))
			opts := battle.Options{Variant: ex.variant, Cache: battle.NewCache()}
			m := &validate.Memo{}
			step := func(what string) int {
				t.Helper()
				b, _ := battle.Load(fsys, ex.dir, opts)
				if b == nil || b.Rules == nil {
					t.Fatalf("%s: the battle does not load", what)
				}
				n := m.Runs()
				got := validate.BattleMemo(b, m)
				want := validate.Battle(b)
				if len(want) == 0 {
					t.Fatalf("%s: no finding to compare", what)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: through the memo\n%s\nwithout\n%s", what, text(got), text(want))
				}
				return m.Runs() - n
			}
			all = step("first")
			if all < scenChecks {
				t.Fatalf("the first run ran %d passes, fewer than the %d scenario checks", all, scenChecks)
			}
			if n := step("unchanged"); n != 0 {
				t.Errorf("an unchanged battle ran %d passes again, want 0", n)
			}
			edit := func(file, from, to string) {
				t.Helper()
				f := fsys[file]
				if f == nil || !strings.Contains(string(f.Data), from) {
					t.Fatalf("%s has no %q", file, from)
				}
				f.Data = []byte(strings.Replace(string(f.Data), from, to, 1))
			}
			// an unknown side: a finding more, in that scenario's passes
			edit(ex.scen, "setup:", "setup:\n  NOSIDE: {}")
			if n := step("scenario edited"); n == 0 || n > scenChecks+battleScen {
				t.Errorf("a scenario's edit ran %d passes, want 1 to %d", n, scenChecks+battleScen)
			}
			edit(ex.forces, "name: ", "name: Renamed ")
			if n := step("forces edited"); n != all {
				t.Errorf("an edit of the forces ran %d passes, want all %d", n, all)
			}
			edit("battle.yaml", "\n", "\n# a comment\n")
			if n := step("battle.yaml edited"); n != all {
				t.Errorf("an edit of battle.yaml ran %d passes, want all %d", n, all)
			}
		})
	}
}

func text(ds []diag.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String() + " hint=" + d.Hint + "\n")
	}
	return b.String()
}
