package validate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// The check tests follow analysistest: each case in testdata/*.txtar is a
// battle (laid over testdata/base.txtar) whose files carry `# want CODE`
// comments on the lines where muster must report CODE. A test passes when
// the reported and the wanted (file, line, code) sets are equal.

var wantRE = regexp.MustCompile(`#\s*want((?:\s+[A-Z]+[0-9]+)+)\s*$`)

type key struct {
	file string
	line int
	code string
}

func (k key) String() string { return fmt.Sprintf("%s:%d: %s", k.file, k.line, k.code) }

// writeCase lays the case over the base battle in a temporary folder.
func writeCase(t *testing.T, base, c *txtar.Archive) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{}
	for _, f := range base.Files {
		files[f.Name] = f.Data
	}
	for _, f := range c.Files {
		if strings.TrimSpace(string(f.Data)) == "(deleted)" {
			delete(files, f.Name)
			continue
		}
		files[f.Name] = f.Data
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "/") {
			continue
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func wants(dir string) (map[key]int, error) {
	out := map[key]int{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		for i, line := range strings.Split(string(data), "\n") {
			if m := wantRE.FindStringSubmatch(line); m != nil {
				for _, code := range strings.Fields(m[1]) {
					out[key{filepath.ToSlash(rel), i + 1, code}]++
				}
			}
		}
		return nil
	})
	return out, err
}

func run(dir string) []diag.Diagnostic {
	b, ds := battle.LoadDir(dir, battle.Options{})
	if b != nil && b.Rules != nil {
		ds = append(ds, validate.Battle(b)...)
	}
	return ds
}

func TestChecks(t *testing.T) {
	cases, _ := filepath.Glob("testdata/*.txtar")
	seen := map[string]bool{}
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			c, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// A case named SYSTEM-... lays over base-SYSTEM.txtar when there is
			// one; a base-* case is the base itself and must be clean.
			basePath := "testdata/base.txtar"
			if i := strings.Index(name, "-"); i > 0 {
				if _, err := os.Stat("testdata/base-" + name[:i] + ".txtar"); err == nil {
					basePath = "testdata/base-" + name[:i] + ".txtar"
				}
			}
			if strings.HasPrefix(name, "base") {
				basePath, c = path, &txtar.Archive{}
			}
			base, err := txtar.ParseFile(basePath)
			if err != nil {
				t.Fatal(err)
			}
			dir := writeCase(t, base, c)
			want, err := wants(dir)
			if err != nil {
				t.Fatal(err)
			}
			got := map[key]int{}
			var lines []string
			for _, d := range run(dir) {
				rel, _ := filepath.Rel(dir, d.Pos.File)
				k := key{filepath.ToSlash(rel), d.Pos.Line, d.Code}
				got[k]++
				seen[d.Code] = true
				lines = append(lines, fmt.Sprintf("%s:%d:%d: %s %s: %s", k.file, d.Pos.Line, d.Pos.Column, d.Severity, d.Code, d.Message))
			}
			var problems []string
			for k, n := range got {
				if want[k] != n {
					problems = append(problems, fmt.Sprintf("reported %d× but wanted %d×: %s", n, want[k], k))
				}
			}
			for k, n := range want {
				if got[k] == 0 {
					problems = append(problems, fmt.Sprintf("wanted %d× but not reported: %s", n, k))
				}
			}
			if len(problems) > 0 {
				sort.Strings(problems)
				t.Errorf("%s\nall diagnostics:\n  %s", strings.Join(problems, "\n"), strings.Join(lines, "\n  "))
			}
		})
	}
	// Every registered code needs a failing case here, or a named test
	// elsewhere that makes muster raise it.
	elsewhere := map[string]string{
		"Y003": "schema.TestLimits", "Y004": "schema.TestLimits", "Y005": "schema.TestLimits",
		"Y010": "schema.TestBinary", "B001": "cmd/muster testdata/script/exit.txtar",
		"B002": "battle.TestOutside",
	}
	if t.Failed() || testing.Short() {
		return
	}
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cat {
		if seen[c.Code] || elsewhere[c.Code] != "" {
			continue
		}
		t.Errorf("code %s (%s) has no failing case in validate/testdata", c.Code, c.Title)
	}
}
