package validate_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/validate"
)

// Every example battle validates clean, except for the diagnostics its
// FINDINGS.md explains (each named there by code and file:line). An example
// may keep a trip.yaml beside its clean scenarios: a scenario, outside the
// battle's files list, that trips its system's checks on purpose, with
// `# want CODE` comments as in testdata.
func TestExamples(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	if len(dirs) == 0 {
		t.Fatal("no examples found")
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			ds := run(dir)
			findings, err := os.ReadFile(filepath.Join(dir, "FINDINGS.md"))
			for _, d := range ds {
				rel, _ := filepath.Rel(dir, d.Pos.File)
				if err == nil && explained(string(findings), d.Code, filepath.ToSlash(rel), d.Pos.Line) {
					continue
				}
				t.Errorf("%s", d)
			}
			if _, err := os.Stat(filepath.Join(dir, "trip.yaml")); err == nil {
				trip(t, dir)
			}
		})
	}
}

func explained(findings, code, file string, line int) bool {
	at := file + ":" + itoa(line)
	for _, l := range strings.Split(findings, "\n") {
		if strings.Contains(l, code) && strings.Contains(l, at) {
			return true
		}
	}
	return false
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// trip loads the example with trip.yaml added to its files and compares the
// diagnostics with trip.yaml's want comments.
func trip(t *testing.T, dir string) {
	t.Helper()
	fsys := fstest.MapFS{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	b := string(fsys["battle.yaml"].Data)
	i := strings.Index(b, "\nfiles: [")
	if i < 0 {
		t.Fatal("an example with trip.yaml needs a files list in battle.yaml")
	}
	fsys["battle.yaml"] = &fstest.MapFile{Data: []byte(b[:i] + "\nfiles: [trip.yaml, " + b[i+len("\nfiles: ["):])}
	bt, ds := battle.Load(fsys, "", battle.Options{})
	if bt != nil && bt.Rules != nil {
		ds = append(ds, validate.Battle(bt)...)
	}
	want, err := wantsIn(fsys["trip.yaml"].Data)
	if err != nil {
		t.Fatal(err)
	}
	got := map[key]int{}
	var all []string
	for _, d := range ds {
		all = append(all, d.String())
		if d.Pos.File != "trip.yaml" {
			if d.Code != validate.CodeUnknownSkip.Code {
				t.Errorf("trip.yaml: unexpected diagnostic outside it: %s", d)
			}
			continue
		}
		got[key{"trip.yaml", d.Pos.Line, d.Code}]++
	}
	var problems []string
	for k, n := range got {
		if want[k] != n {
			problems = append(problems, "reported "+itoa(n)+"×, wanted "+itoa(want[k])+"×: "+k.String())
		}
	}
	for k := range want {
		if got[k] == 0 {
			problems = append(problems, "wanted but not reported: "+k.String())
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		t.Errorf("%s\nall:\n  %s", strings.Join(problems, "\n"), strings.Join(all, "\n  "))
	}
	// The trip scenario must trip every check the system's rule pack has
	// that a scenario can trip.
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cat {
		if c.System != bt.System || strings.HasSuffix(c.Code, "203") || strings.HasPrefix(c.Code, "AM20") {
			continue
		}
		found := false
		for k := range got {
			if k.code == c.Code {
				found = true
			}
		}
		if !found {
			t.Errorf("trip.yaml does not trip %s (%s)", c.Code, c.Title)
		}
	}
}

func wantsIn(data []byte) (map[key]int, error) {
	out := map[key]int{}
	for i, line := range strings.Split(string(data), "\n") {
		if m := wantRE.FindStringSubmatch(line); m != nil {
			for _, code := range strings.Fields(m[1]) {
				out[key{"trip.yaml", i + 1, code}]++
			}
		}
	}
	return out, nil
}

var _ = diag.Error
