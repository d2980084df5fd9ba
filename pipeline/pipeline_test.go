package pipeline_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// exampleFS is an example battle as an in-memory file system, with extra
// files laid over it.
func exampleFS(t *testing.T, name string, extra map[string]string) fstest.MapFS {
	t.Helper()
	dir := filepath.Join("..", "examples", name)
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, e := range es {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fsys[e.Name()] = &fstest.MapFile{Data: data}
	}
	for k, v := range extra {
		fsys[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return fsys
}

// TestCheck: the pipeline's findings are the load's, the checks' and the
// suppression comments' (read from every file of the battle), sorted,
// as they were put together by hand before it.
func TestCheck(t *testing.T) {
	fsys := exampleFS(t, "dow-intro", nil)
	intro := string(fsys["intro.yaml"].Data)
	// an unused suppression (B014), a malformed one (B013), an unknown
	// code (B015)
	intro = "# muster:file-ignore N005 -- not in this scenario\n" + intro +
		"# muster:ignore N005\n# muster:file-ignore ZZ999 -- no such code\n"
	fsys["intro.yaml"] = &fstest.MapFile{Data: []byte(intro)}

	got := pipeline.Check(pipeline.Options{FS: fsys, Name: "dow"})
	if got.Battle == nil || got.Battle.Rules == nil {
		t.Fatalf("no battle: %v", got.Diagnostics)
	}

	b, want := battle.Load(fsys, "dow", battle.Options{})
	want = append(want, validate.Battle(b)...)
	want = accept.Suppress(want, b.Texts, accept.Options{Unused: true, Lookup: func(code string) (diag.Code, bool) {
		cat, _ := validate.Catalogue()
		return cat.Lookup(code)
	}})
	diag.Sort(want)
	if !reflect.DeepEqual(got.Diagnostics, want) {
		t.Errorf("pipeline:\n%v\nby hand:\n%v", got.Diagnostics, want)
	}
	codes := map[string]int{}
	for _, d := range got.Diagnostics {
		codes[d.Code]++
	}
	for _, c := range []string{"B013", "B014", "B015"} {
		if codes[c] != 1 {
			t.Errorf("%s: %d, want 1 (%v)", c, codes[c], got.Diagnostics)
		}
	}
}

// TestCheckNoBattle: a folder that is no battle is B001 and no battle.
func TestCheckNoBattle(t *testing.T) {
	r := pipeline.Check(pipeline.Options{Dir: filepath.Join(t.TempDir(), "missing")})
	if r.Battle != nil || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != "B001" {
		t.Errorf("battle %v, diagnostics %v; want none and one B001", r.Battle, r.Diagnostics)
	}
}

// TestBaseline: an example's baseline accepts every finding of its
// battle that no comment accepts; one that no longer occurs is B016.
func TestBaseline(t *testing.T) {
	dir := filepath.Join("..", "examples", "dead-of-winter")
	r := pipeline.Check(pipeline.Options{Dir: dir})
	ds, err := pipeline.ApplyBaseline(r.Diagnostics, filepath.Join(dir, "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range ds {
		if d.Suppression == nil {
			t.Errorf("not accepted: %s", d)
		} else if d.Suppression.Kind == diag.External {
			n++
		}
	}
	if n == 0 {
		t.Errorf("the baseline accepted nothing")
	}
	// without the findings, every entry is stale
	ds, err = pipeline.ApplyBaseline(nil, filepath.Join(dir, "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ds) == 0 || ds[0].Code != "B016" {
		t.Errorf("stale entries: %v, want B016", ds)
	}
}

// TestOptions: the variant, the run's budget and the cache reach the load.
func TestOptions(t *testing.T) {
	dir := filepath.Join("..", "examples", "dow-intro")
	// one budget for the run: a second battle reads from what the first
	// left, and a budget smaller than two battles runs out (Y012)
	one := pipeline.Check(pipeline.Options{Dir: dir})
	size := int64(0)
	for _, t := range one.Battle.Texts {
		size += int64(len(t))
	}
	budget := schema.NewBudget(schema.Limits{MaxBytes: schema.DefaultLimits.MaxBytes, RunBytes: size + size/2, MaxNodes: schema.DefaultLimits.MaxNodes})
	first := pipeline.Check(pipeline.Options{Dir: dir, Budget: budget})
	second := pipeline.Check(pipeline.Options{Dir: dir, Budget: budget})
	if has(first.Diagnostics, "Y012") || !has(second.Diagnostics, "Y012") {
		t.Errorf("budget of %d bytes, battles of %d: first %v, second %v; want Y012 in the second only", size+size/2, size, first.Diagnostics, second.Diagnostics)
	}
	v := pipeline.Check(pipeline.Options{Dir: filepath.Join("..", "examples", "dead-of-winter"), Variant: "errata"})
	if v.Battle == nil || v.Battle.Variant != "errata" {
		t.Errorf("variant errata: %v", v.Battle)
	}
	cache := battle.NewCache()
	fsys := exampleFS(t, "dow-intro", nil)
	a := pipeline.Check(pipeline.Options{FS: fsys, Name: ".", Cache: cache})
	b := pipeline.Check(pipeline.Options{FS: fsys, Name: ".", Cache: cache})
	if a.Battle.Map == nil || a.Battle.Map != b.Battle.Map {
		t.Errorf("the cache kept no map: %p, %p", a.Battle.Map, b.Battle.Map)
	}
}

func has(ds []diag.Diagnostic, code string) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}
