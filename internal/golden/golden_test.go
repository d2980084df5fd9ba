package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type fake struct{ errs []string }

func (f *fake) Helper()                      {}
func (f *fake) Errorf(s string, args ...any) { f.errs = append(f.errs, fmt.Sprintf(s, args...)) }
func (f *fake) Fatalf(s string, args ...any) { f.Errorf(s, args...) }
func (f *fake) Logf(string, ...any)          {}

func TestCheck(t *testing.T) {
	t.Setenv("UPDATE", "")
	path := filepath.Join(t.TempDir(), "g.txt")
	os.WriteFile(path, []byte("a\nb\nc\n"), 0o644)
	var f fake
	Check(&f, path, []byte("a\nb\nc\n"))
	if len(f.errs) != 0 {
		t.Errorf("same bytes: %v", f.errs)
	}
	Check(&f, path, []byte("a\nB\nc\n"))
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "-b\n+B\n") || !strings.Contains(f.errs[0], "run UPDATE=1 go test ./internal/golden") {
		t.Errorf("one line changed: %q", f.errs)
	}
	f.errs = nil
	Check(&f, path, []byte("a\nb\nc"))
	if len(f.errs) != 1 {
		t.Errorf("a missing newline passed: %v", f.errs)
	}
	t.Setenv("UPDATE", "1")
	f.errs = nil
	Check(&f, path, []byte("new\n"))
	if data, _ := os.ReadFile(path); string(data) != "new\n" || len(f.errs) != 0 {
		t.Errorf("UPDATE=1 wrote %q, %v", data, f.errs)
	}
}

func TestCheckSection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.txtar")
	os.WriteFile(path, []byte("comment\n-- a --\nx\n-- want --\nold\n"), 0o644)
	var f fake
	t.Setenv("UPDATE", "")
	CheckSection(&f, path, "want", []byte("old\n"))
	CheckSection(&f, path, "want", []byte("new\n"))
	if len(f.errs) != 1 || !strings.Contains(f.errs[0], "-old\n+new\n") {
		t.Errorf("%q", f.errs)
	}
	t.Setenv("UPDATE", "1")
	CheckSection(&f, path, "want", []byte("new\n"))
	if data, _ := os.ReadFile(path); string(data) != "comment\n-- a --\nx\n-- want --\nnew\n" {
		t.Errorf("UPDATE=1 wrote %q", data)
	}
}

func TestDiff(t *testing.T) {
	got := Diff([]byte("1\n2\n3\n4\n"), []byte("1\n2\nthree\n4\n"))
	if want := "@@ line 3: want 1 lines, got 1 @@\n-3\n+three\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
