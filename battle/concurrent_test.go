package battle

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/muster-wargames/muster/schema"
)

// TestLoadConcurrent loads the example battles from several goroutines at
// once, each also as a copy with a schema mistake (whose hint reads the
// schema documents). The schema sets, compiled schemas, schema documents and
// rulesets are shared caches filled on first use; run with -race, this test
// fails if filling them is not safe, and it checks that every load reports
// what a load on its own reports.
func TestLoadConcurrent(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("..", "examples", "*", "battle.yaml"))
	if len(dirs) < 2 {
		t.Fatalf("want several example battles, found %v", dirs)
	}
	for i := range dirs {
		dirs[i] = filepath.Dir(dirs[i])
	}
	for _, dir := range dirs {
		bad := filepath.Join(t.TempDir(), filepath.Base(dir))
		if err := os.CopyFS(bad, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(filepath.Join(bad, "battle.yaml"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("\nnmae: misspelt\n")
		f.Close()
		dirs = append(dirs, bad)
	}
	summary := func(dir string) string {
		b, ds := LoadDir(dir, Options{})
		s := fmt.Sprintf("%d diagnostics", len(ds))
		misspelt := false
		for _, d := range ds {
			misspelt = misspelt || d.Code == schema.CodeUnknownKey.Code
		}
		if copied := !strings.HasPrefix(dir, ".."); misspelt != copied {
			t.Errorf("%s: want the unknown key reported in the copies only; got %v", dir, ds)
		}
		for _, d := range ds {
			s += "\n" + d.String()
		}
		if b != nil {
			s += fmt.Sprintf("\n%d sides, %d scenarios, system %s", len(b.Sides), len(b.Scenarios), b.System)
		}
		return s
	}
	const rounds = 2
	got := make([][]string, rounds)
	var wg sync.WaitGroup
	for r := range rounds {
		got[r] = make([]string, len(dirs))
		for i, dir := range dirs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[r][i] = summary(dir)
			}()
		}
	}
	wg.Wait()
	for i, dir := range dirs {
		want := summary(dir)
		for r := range rounds {
			if got[r][i] != want {
				t.Errorf("%s, concurrent load %d:\n%s\nwant\n%s", dir, r, got[r][i], want)
			}
		}
	}
}
