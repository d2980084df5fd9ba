// Package golden compares test output with golden files, byte for byte,
// and rewrites them when the tests run with UPDATE=1:
//
//	UPDATE=1 go test ./compile
//
// It is the only way muster's tests update their goldens.
package golden

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// TB is the part of testing.TB that golden uses.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
}

// Update reports whether the tests run with UPDATE=1, to rewrite goldens.
func Update() bool { return os.Getenv("UPDATE") == "1" }

// Check compares got with the file at path, or with UPDATE=1 writes got to
// it.
func Check(t TB, path string, got []byte) {
	t.Helper()
	if Update() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("%v", err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("%v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v (run UPDATE=1 go test %s to create it)", err, Pkg())
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output:\n%s(run UPDATE=1 go test %s to rewrite it, and review the diff)", path, Diff(want, got), Pkg())
	}
}

// CheckSection is Check for the file named section in the txtar archive
// at path: with UPDATE=1 it rewrites that section (adding it if missing).
func CheckSection(t TB, path, section string, got []byte) {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	i := 0
	for i < len(ar.Files) && ar.Files[i].Name != section {
		i++
	}
	if Update() {
		if i == len(ar.Files) {
			ar.Files = append(ar.Files, txtar.File{Name: section})
		}
		ar.Files[i].Data = got
		if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
			t.Fatalf("%v", err)
		}
		return
	}
	if i == len(ar.Files) {
		t.Errorf("%s has no section %q (run UPDATE=1 go test %s to add it)", path, section, Pkg())
		return
	}
	if want := ar.Files[i].Data; !bytes.Equal(got, want) {
		t.Errorf("%s, section %s, differs from the output:\n%s(run UPDATE=1 go test %s to rewrite it, and review the diff)", path, section, Diff(want, got), Pkg())
	}
}

// Diff is a short line diff of want and got: the lines between their
// common first and last lines, "-" for want and "+" for got, at most a few
// of each, each cut to 200 bytes.
func Diff(want, got []byte) string {
	w, g := strings.SplitAfter(string(want), "\n"), strings.SplitAfter(string(got), "\n")
	pre := 0
	for pre < len(w) && pre < len(g) && w[pre] == g[pre] {
		pre++
	}
	suf := 0
	for suf < len(w)-pre && suf < len(g)-pre && w[len(w)-1-suf] == g[len(g)-1-suf] {
		suf++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "@@ line %d: want %d lines, got %d @@\n", pre+1, len(w)-pre-suf, len(g)-pre-suf)
	show := func(sign string, lines []string) {
		const most = 8
		for i, l := range lines {
			if i == most {
				fmt.Fprintf(&b, "%s ... %d more\n", sign, len(lines)-most)
				break
			}
			l = strings.TrimSuffix(l, "\n")
			if len(l) > 200 {
				l = l[:200] + "..."
			}
			fmt.Fprintf(&b, "%s%s\n", sign, l)
		}
	}
	show("-", w[pre:len(w)-suf])
	show("+", g[pre:len(g)-suf])
	return b.String()
}

// Pkg is the package under test as a go test argument ("./compile"), from
// the working directory, which go test sets to the package's folder.
func Pkg() string {
	wd, err := os.Getwd()
	if err != nil {
		return "./..."
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil {
				return "./..."
			}
			if rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
		if filepath.Dir(dir) == dir {
			return "./..."
		}
	}
}
