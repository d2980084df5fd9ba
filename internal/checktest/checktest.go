// Package checktest runs check tests in the manner of
// golang.org/x/tools/go/analysis/analysistest: the input files carry
// comments naming the diagnostics muster must report on their line,
//
//	side: RSA  # want B006 "unknown side \"RSA\""
//
// each a code and a message pattern (a Go regexp written as a Go string
// literal, "..." or `...`); a line may carry several. A test passes when
// every diagnostic is matched by an expectation on its file and line, with
// its code and a pattern that its message matches, and every expectation
// by a diagnostic.
package checktest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
	"github.com/rogpeppe/go-internal/txtar"
)

// Reporter is the part of testing.TB that Check reports to.
type Reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// Expectation is one code and message pattern of a want comment.
type Expectation struct {
	File    string // slash-separated, relative to the case's root
	Line    int
	Code    string
	Pattern *regexp.Regexp
}

func (e Expectation) String() string {
	return fmt.Sprintf("%s:%d: %s %q", e.File, e.Line, e.Code, e.Pattern)
}

var (
	wantRE = regexp.MustCompile(`#\s*want(\s|$)`)
	codeRE = regexp.MustCompile(`^[A-Z]+[0-9]+`)
)

// Parse reads the want comments of one file. A malformed comment (a code
// without a pattern, a pattern that does not compile) is an error.
func Parse(file string, data []byte) ([]Expectation, error) {
	var out []Expectation
	for i, line := range strings.Split(string(data), "\n") {
		loc := wantRE.FindStringIndex(line)
		if loc == nil {
			continue
		}
		at := fmt.Sprintf("%s:%d", file, i+1)
		rest := strings.TrimSpace(line[loc[1]:])
		if rest == "" {
			return nil, fmt.Errorf("%s: want comment names no code", at)
		}
		for rest != "" {
			code := codeRE.FindString(rest)
			if code == "" {
				return nil, fmt.Errorf("%s: want comment: %q is not a code", at, rest)
			}
			rest = strings.TrimLeft(rest[len(code):], " \t")
			lit, tail, err := literal(rest)
			if err != nil {
				return nil, fmt.Errorf("%s: want %s: %v", at, code, err)
			}
			re, err := regexp.Compile(lit)
			if err != nil {
				return nil, fmt.Errorf("%s: want %s: %v", at, code, err)
			}
			out = append(out, Expectation{File: file, Line: i + 1, Code: code, Pattern: re})
			rest = strings.TrimLeft(tail, " \t")
		}
	}
	return out, nil
}

// literal reads the Go string literal at the start of s.
func literal(s string) (lit, rest string, err error) {
	switch {
	case strings.HasPrefix(s, "`"):
		if j := strings.IndexByte(s[1:], '`'); j >= 0 {
			return s[1 : j+1], s[j+2:], nil
		}
	case strings.HasPrefix(s, `"`):
		for j := 1; j < len(s); j++ {
			switch s[j] {
			case '\\':
				j++
			case '"':
				lit, err := strconv.Unquote(s[:j+1])
				return lit, s[j+1:], err
			}
		}
	default:
		return "", "", fmt.Errorf("no message pattern (a quoted regexp must follow the code)")
	}
	return "", "", fmt.Errorf("unterminated message pattern %s", s)
}

// Check compares the diagnostics with the expectations. A diagnostic's file
// is made relative to root when it lies under it (root "" leaves names as
// they are). Each diagnostic uses up one expectation. Check reports each
// diagnostic left unmatched and each expectation left unmet.
func Check(r Reporter, root string, want []Expectation, ds []diag.Diagnostic) {
	r.Helper()
	// Match diagnostics to expectations (a maximum bipartite matching, so
	// that the order of patterns that overlap does not matter).
	files := make([]string, len(ds))
	cand := make([][]int, len(ds))
	for j, d := range ds {
		files[j] = Rel(root, d.Pos.File)
		for i, e := range want {
			if e.File == files[j] && e.Line == d.Pos.Line && e.Code == d.Code && e.Pattern.MatchString(d.Message) {
				cand[j] = append(cand[j], i)
			}
		}
	}
	owner := make([]int, len(want)) // the diagnostic an expectation is matched to, or -1
	for i := range owner {
		owner[i] = -1
	}
	var augment func(j int, seen []bool) bool
	augment = func(j int, seen []bool) bool {
		for _, i := range cand[j] {
			if seen[i] {
				continue
			}
			seen[i] = true
			if owner[i] < 0 || augment(owner[i], seen) {
				owner[i] = j
				return true
			}
		}
		return false
	}
	used := make([]bool, len(want))
	var problems []string
	for j, d := range ds {
		if !augment(j, make([]bool, len(want))) {
			problems = append(problems, fmt.Sprintf("%s:%d:%d: unexpected diagnostic %s: %s", files[j], d.Pos.Line, d.Pos.Column, d.Code, d.Message))
		}
	}
	for i := range want {
		used[i] = owner[i] >= 0
	}
	for i, e := range want {
		if used[i] {
			continue
		}
		p := fmt.Sprintf("%s:%d: no %s diagnostic matching %q", e.File, e.Line, e.Code, e.Pattern)
		for _, d := range ds {
			if Rel(root, d.Pos.File) == e.File && d.Pos.Line == e.Line {
				p += fmt.Sprintf("\n\t(on this line: %d: %s: %s)", d.Pos.Column, d.Code, d.Message)
			}
		}
		problems = append(problems, p)
	}
	sort.Strings(problems)
	for _, p := range problems {
		r.Errorf("%s", p)
	}
}

// Rel returns file relative to root, slash-separated, when it lies under
// root, and file itself otherwise.
func Rel(root, file string) string {
	if root == "" {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(root, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

// ParseFiles reads the want comments of every file.
func ParseFiles(files map[string][]byte) ([]Expectation, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []Expectation
	for _, n := range names {
		es, err := Parse(n, files[n])
		if err != nil {
			return nil, err
		}
		out = append(out, es...)
	}
	return out, nil
}

// Options configure Run.
type Options struct {
	// Base names the txtar file a case is laid over ("" for none). A case
	// file whose content is "(deleted)" removes the base's file of that
	// name. Want comments are read from the case's own files only.
	Base func(name string) string
}

// Run runs each txtar case matching pattern (a file or a filepath.Glob
// pattern) as a subtest named after the file without .txtar, so that
// `go test -run 'TestX/name'` runs one alone. The case is written to a
// temporary folder, check returns the diagnostics for it, and they are
// compared with the want comments. Run returns the diagnostics of each case
// that ran (all of them unless -run selects some), by name, with file names
// relative to the case's folder, for coverage checks.
func Run(t *testing.T, pattern string, check func(dir string) []diag.Diagnostic, opt Options) map[string][]diag.Diagnostic {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no cases match %s", pattern)
	}
	all := map[string][]diag.Diagnostic{}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			base := ""
			if opt.Base != nil {
				base = opt.Base(name)
			}
			files, own := Files(t, path, base)
			want, err := ParseFiles(own)
			if err != nil {
				t.Fatal(err)
			}
			dir := write(t, files)
			ds := check(dir)
			Check(t, dir, want, ds)
			all[name] = []diag.Diagnostic{}
			for _, d := range ds {
				d.Pos.File = Rel(dir, d.Pos.File)
				all[name] = append(all[name], d)
			}
		})
	}
	return all
}

// Files reads the txtar case at path laid over the txtar file base (""
// for none): every file of the two, the case's replacing the base's and a
// case file whose content is "(deleted)" removing the base's; own are the
// case's own files, which hold its want comments.
func Files(t testing.TB, path, base string) (files, own map[string][]byte) {
	t.Helper()
	files, own = map[string][]byte{}, map[string][]byte{}
	if base != "" {
		b, err := txtar.ParseFile(base)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range b.Files {
			files[f.Name] = f.Data
		}
	}
	c, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Files {
		if strings.TrimSpace(string(f.Data)) == "(deleted)" {
			delete(files, f.Name)
			continue
		}
		files[f.Name] = f.Data
		own[f.Name] = f.Data
	}
	return files, own
}

// write puts the files in a temporary folder; a name ending in "/" is an
// empty folder.
func write(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TripFS is the example battle in dir with its trip.yaml (the rule pack's
// trip scenarios, which battle.yaml excludes) added to the battle's files,
// as the tests read it; nil when the example has no trip.yaml.
func TripFS(t *testing.T, dir string) fstest.MapFS {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir, "trip.yaml")); err != nil {
		return nil
	}
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
	return fsys
}

// Variants lists the variants the battle.yaml in dir declares, in order.
func Variants(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "battle.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	docs, _ := schema.Parse("battle.yaml", data, schema.DefaultLimits)
	if len(docs) == 0 {
		return nil
	}
	keys, _ := schema.Pairs(schema.Get(docs[0].Root, "variants"))
	var out []string
	for _, k := range keys {
		out = append(out, schema.Str(k))
	}
	return out
}
