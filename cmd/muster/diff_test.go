package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/muster-wargames/muster/internal/golden"
)

// TestDiffNoGit: a revision needs git; without it the error says so, and
// nothing else is tried.
func TestDiffNoGit(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte("kind: battle\n"), 0o644)
	t.Setenv("PATH", t.TempDir())
	var out, errb bytes.Buffer
	if code := run([]string{"diff", "v1", "v2", dir}, &out, &errb); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), "needs git, and git is not on PATH") {
		t.Errorf("stderr: %s", errb.String())
	}
}

// TestUntarStaysInside: a name in the archive that would leave the folder
// is refused, and a link is not made.
func TestUntarStaysInside(t *testing.T) {
	mk := func(h tar.Header) []byte {
		var b bytes.Buffer
		w := tar.NewWriter(&b)
		h.Mode = 0o644
		w.WriteHeader(&h)
		if h.Typeflag == tar.TypeReg {
			w.Write([]byte("x"))
		}
		w.Close()
		return b.Bytes()
	}
	dir := t.TempDir()
	if err := untar(dir, bytes.NewReader(mk(tar.Header{Name: "../out.yaml", Typeflag: tar.TypeReg, Size: 1})), 1<<20); err == nil {
		t.Error("../out.yaml written")
	}
	if err := untar(dir, bytes.NewReader(mk(tar.Header{Name: "in.yaml", Typeflag: tar.TypeReg, Size: 1})), 1<<20); err != nil {
		t.Error(err)
	}
	if err := untar(dir, bytes.NewReader(mk(tar.Header{Name: "link.yaml", Typeflag: tar.TypeSymlink, Linkname: "/etc/passwd"})), 1<<20); err != nil {
		t.Error(err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "link.yaml")); err == nil {
		t.Error("a link was made")
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "out.yaml")); err == nil {
		t.Error("out.yaml written above the folder")
	}
}

// TestUntarBudget: files up to the limit are written, one byte past it is
// refused (a revision's folder was read whole into memory, unbounded).
func TestUntarBudget(t *testing.T) {
	mk := func(sizes ...int) []byte {
		var b bytes.Buffer
		w := tar.NewWriter(&b)
		for i, n := range sizes {
			w.WriteHeader(&tar.Header{Name: fmt.Sprintf("f%d.yaml", i), Typeflag: tar.TypeReg, Size: int64(n), Mode: 0o644})
			w.Write(bytes.Repeat([]byte("#"), n))
		}
		w.Close()
		return b.Bytes()
	}
	if err := untar(t.TempDir(), bytes.NewReader(mk(60, 40)), 100); err != nil {
		t.Errorf("100 bytes with a limit of 100: %v", err)
	}
	if err := untar(t.TempDir(), bytes.NewReader(mk(60, 41)), 100); !errors.Is(err, errRevisionTooLarge) {
		t.Errorf("101 bytes with a limit of 100: %v, want the limit", err)
	}
}

// TestPlayDoc runs every command docs/play.md's "What changed" section
// shows, over the two battles of testdata/script/diff.txtar (in a git
// repository, tagged v1 and v2, when git is installed), and keeps the
// Markdown it shows equal to what the first writes (UPDATE=1 rewrites it).
func TestPlayDoc(t *testing.T) {
	docPath, err := filepath.Abs("../../docs/play.md") // the test changes folder
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile("testdata/script/diff.txtar")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	lay := func(prefix, into string) {
		for _, f := range ar.Files {
			if name, ok := strings.CutPrefix(f.Name, prefix+"/"); ok {
				p := filepath.Join(work, into, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	lay("old", "old")
	lay("new", "new")
	for v, out := range map[string]string{"old": "va", "new": "vb"} { // the modules the doc compares
		var o, errb bytes.Buffer
		if code := run([]string{"build", "--target", "vassal", "-o", filepath.Join(work, out), filepath.Join(work, v)}, &o, &errb); code != 0 {
			t.Fatalf("build %s: exit %d\n%s", v, code, errb.String())
		}
	}
	_, gitErr := exec.LookPath("git")
	if gitErr == nil {
		for k, v := range map[string]string{"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_NOSYSTEM": "1", "HOME": work} {
			t.Setenv(k, v)
		}
		g := func(args ...string) {
			t.Helper()
			if out, err := exec.Command("git", append([]string{"-C", work}, args...)...).CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
		g("init", "-q")
		lay("old", "battle")
		g("add", "battle")
		g("commit", "-q", "-m", "v1")
		g("tag", "v1")
		os.RemoveAll(filepath.Join(work, "battle"))
		lay("new", "battle")
		g("add", "-A", "battle")
		g("commit", "-q", "-m", "v2")
		g("tag", "v2")
	}
	t.Chdir(work)

	section := string(doc)
	if i := strings.Index(section, "\n## What changed\n"); i >= 0 {
		section = section[i:]
	} else {
		t.Fatal(`docs/play.md has no "## What changed" section`)
	}
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(section)
	if block == nil {
		t.Fatal("no sh block in the section")
	}
	var first []byte
	ran := 0
	for _, l := range strings.Split(strings.TrimSpace(block[1]), "\n") {
		cmd, _, _ := strings.Cut(l, "#")
		args := strings.Fields(cmd)
		if len(args) < 2 || args[0] != "muster" {
			t.Fatalf("not a muster command: %q", l)
		}
		git := false
		for _, a := range args {
			git = git || a == "--since" || a == "v1"
		}
		if git && gitErr != nil {
			t.Logf("git is not on PATH: %q not run", l)
			continue
		}
		want := 0
		if strings.Contains(cmd, "--exit-code") {
			want = 1
		}
		var out, errb bytes.Buffer
		if code := run(args[1:], &out, &errb); code != want {
			t.Errorf("%s: exit %d, want %d\n%s", cmd, code, want, errb.String())
		}
		if out.Len() == 0 && !strings.Contains(cmd, "--exit-code") {
			t.Errorf("%s: no output", cmd)
		}
		if git && !strings.Contains(out.String(), "59 ILL/1/1/RW renamed 59 IL/1/1/RW") {
			t.Errorf("%s: no rename in\n%s", cmd, out.String())
		}
		if first == nil {
			first = out.Bytes()
		}
		ran++
	}
	if ran < 3 {
		t.Errorf("%d commands ran", ran)
	}
	const open, closing = "```markdown\n", "```\n"
	i := strings.Index(string(doc), open)
	j := strings.Index(string(doc)[i+len(open):], closing)
	if i < 0 || j < 0 {
		t.Fatal("no markdown block in docs/play.md")
	}
	j += i + len(open)
	want := string(doc[:i+len(open)]) + string(first) + string(doc[j:])
	golden.Check(t, docPath, []byte(want))
}
