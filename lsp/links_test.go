package lsp

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// TestLinksOut: the language server reads a battle folder's links as
// muster validate does (battle/testdata/bad/battle-symlink-*.txtar and
// root-absolute-link-inside.txtar): a link that leads out of the folder
// is B002 and what it leads to is neither read nor published; an
// absolute link is Y008; the diagnostics are validate's.
func TestLinksOut(t *testing.T) {
	const secret = "kind: scenario\nid: outside\nname: SECRET-OUTSIDE\n"
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, root, dir string)
		want  string // a code that validate and the server both report
	}{
		{"listed link out", func(t *testing.T, root, dir string) {
			os.Remove(filepath.Join(dir, "scenario.yaml"))
			link(t, "../outside.yaml", filepath.Join(dir, "scenario.yaml"))
		}, "B002"},
		{"folder link out", func(t *testing.T, root, dir string) {
			os.Mkdir(filepath.Join(root, "outdir"), 0o755)
			os.WriteFile(filepath.Join(root, "outdir", "x.yaml"), []byte(secret), 0o644)
			link(t, "../outdir", filepath.Join(dir, "sub"))
			by, _ := os.ReadFile(filepath.Join(dir, "battle.yaml"))
			os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte(strings.Replace(string(by), "scenario.yaml]", `scenario.yaml, "sub/*.yaml"]`, 1)), 0o644)
		}, "B002"},
		{"walked link out", func(t *testing.T, root, dir string) {
			by, _ := os.ReadFile(filepath.Join(dir, "battle.yaml"))
			os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte(strings.Replace(string(by), "\nfiles:", "\n# files:", 1)), 0o644)
			link(t, "../outside.yaml", filepath.Join(dir, "linked.yaml"))
		}, "B002"},
		{"absolute link inside", func(t *testing.T, root, dir string) {
			os.Rename(filepath.Join(dir, "scenario.yaml"), filepath.Join(dir, "real.yaml"))
			link(t, filepath.Join(dir, "real.yaml"), filepath.Join(dir, "scenario.yaml"))
		}, "Y008"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "b")
			if err := os.Rename(starterBattle(t), dir); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(root, "outside.yaml"), []byte(secret), 0o644)
			c.setup(t, root, dir)

			_, want := battle.LoadDir(dir, battle.Options{})
			s := NewServer(io.Discard, Options{})
			r := s.load(s.newFolder(dir), "")
			for f, text := range r.b.Texts {
				if strings.Contains(string(text), "SECRET") {
					t.Errorf("the server read %s from outside the folder", f)
				}
			}
			key := func(ds []diag.Diagnostic) []string {
				var out []string
				for _, d := range ds {
					if d.Code == "B002" || d.Code == "Y008" || d.Code == "Y011" {
						out = append(out, d.Code+" "+filepath.Base(d.Pos.File)+" "+strings.ReplaceAll(d.Message, dir+string(filepath.Separator), ""))
					}
				}
				slices.Sort(out)
				return out
			}
			got, exp := key(r.diags), key(want)
			if !slices.Equal(got, exp) {
				t.Errorf("the server says\n\t%s\nvalidate says\n\t%s", strings.Join(got, "\n\t"), strings.Join(exp, "\n\t"))
			}
			if !strings.Contains(strings.Join(got, "\n"), c.want) {
				t.Errorf("no %s: %v", c.want, got)
			}
		})
	}
}

func link(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skip(err)
	}
}

// TestLogPrintable: what the log prints of a name or an error is one
// line with no terminal escape.
func TestLogPrintable(t *testing.T) {
	var log strings.Builder
	s := NewServer(io.Discard, Options{Log: &log})
	s.logf("%s: %v", "evil\x1b[2J\nforged", io.ErrUnexpectedEOF)
	if got, want := log.String(), "muster lsp: evil\\x1b[2J\\x0aforged: unexpected EOF\n"; got != want {
		t.Errorf("log %q, want %q", got, want)
	}
}
