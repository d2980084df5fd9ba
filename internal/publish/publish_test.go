//go:build unix

package publish

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRecoverOddName: a killed publish is finished in a folder whose name
// is a glob pattern (out[1] once matched out1, not itself, and the
// journal was left).
func TestRecoverOddName(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out[1]*")
	staging := filepath.Join(out, stagingPrefix+"1")
	if err := os.MkdirAll(filepath.Join(staging, stagedDir), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(staging, stagedDir, "a.json"), []byte("new"), 0o644)
	os.WriteFile(filepath.Join(staging, journalName), []byte(`{"publish":[{"name":"a.json"}]}`), 0o644)
	st, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if b, err := os.ReadFile(filepath.Join(out, "a.json")); err != nil || string(b) != "new" {
		t.Errorf("a.json: %q %v", b, err)
	}
	if len(st.Recovered) != 1 {
		t.Errorf("recovered: %q", st.Recovered)
	}
	if _, err := os.Stat(staging); err == nil {
		t.Errorf("the staging folder is left")
	}
}

// build writes build version into a new folder out (by the swap where it
// can be used) and another target's file beside it.
func build(t *testing.T, out, version string) {
	t.Helper()
	st, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Commit(synthetic(version), nil, nil); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "other-target.vmod"), []byte(expect("1")["other-target.vmod"]), 0o644)
}

// TestSwapEveryStep watches a publish by the swap at each of its steps,
// in the process: the folder is exactly the old build or exactly the new
// one, never a mix, and the lock is in it, so a second build is refused
// (the lock is linked into the new folder, and swapped in with it). The
// folder keeps its mode.
func TestSwapEveryStep(t *testing.T) {
	if !canExchange {
		t.Skip("no swap here")
	}
	out := filepath.Join(t.TempDir(), "out")
	build(t, out, "1")
	os.Chmod(out, 0o750)
	old, new := expect("1"), expect("2")
	var steps []string
	Step = func(what string) {
		got := snapshot(t, out)
		if !same(got, old) && !same(got, new) {
			t.Errorf("at %q: the folder is a mix of two builds: %s", what, describe(got))
		}
		if _, err := Open(out); err == nil || !strings.Contains(err.Error(), "another muster build") {
			t.Errorf("at %q: a second build into the folder: %v", what, err)
		}
		steps = append(steps, what)
	}
	defer func() { Step = nil }()
	st, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Commit(synthetic("2"), nil, nil); err != nil {
		t.Fatal(err)
	}
	if !st.swapped {
		t.Errorf("the build was not published by the swap")
	}
	st.Close()
	Step = nil
	if got := snapshot(t, out); !same(got, new) {
		t.Errorf("after the publish: %s", describe(got))
	}
	if len(steps) != 8+7+3 || steps[len(steps)-2] != "swapped" {
		t.Errorf("steps: %q", steps)
	}
	if left := leftNext(out); len(left) > 0 {
		t.Errorf("left: %q", left)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o750 {
		t.Errorf("the folder's mode is not kept: %v %v", fi.Mode(), err)
	}
	if _, err := os.Lstat(filepath.Join(out, lockName)); err == nil {
		t.Errorf("the lock is left")
	}
}

// TestSwapFallback: where the swap cannot be used the journal publishes,
// with the same result: forced (NoExchange), a folder in the output that
// is a link (the swap follows none; the journal writes as before), the
// working folder inside the output, the caller's NoSwap.
func TestSwapFallback(t *testing.T) {
	if !canExchange {
		t.Skip("no swap here")
	}
	for _, c := range []string{"swap", "forced", "link", "cwd", "noswap"} {
		t.Run(c, func(t *testing.T) {
			base := t.TempDir()
			out := filepath.Join(base, "out")
			build(t, out, "1")
			want := expect("2")
			switch c {
			case "forced":
				NoExchange = true
				defer func() { NoExchange = false }()
			case "link":
				os.Mkdir(filepath.Join(base, "elsewhere"), 0o755)
				os.Symlink(filepath.Join(base, "elsewhere"), filepath.Join(out, "images"))
			case "cwd":
				t.Chdir(out)
				out = "."
			}
			st, err := Open(out)
			if err != nil {
				t.Fatal(err)
			}
			st.NoSwap = c == "noswap"
			if _, err := st.Commit(synthetic("2"), nil, nil); err != nil {
				t.Fatal(err)
			}
			st.Close()
			if st.swapped != (c == "swap") {
				t.Errorf("swapped: %v", st.swapped)
			}
			if c == "link" {
				os.Remove(filepath.Join(out, "images"))
				delete(want, "images/new.png") // written through the link, checked below
			}
			if got := snapshot(t, out); !same(got, want) {
				t.Errorf("%s", describe(got))
			}
			if c == "link" {
				if b, err := os.ReadFile(filepath.Join(base, "elsewhere", "new.png")); err != nil || string(b) != "new in build 2\n" {
					t.Errorf("through the link: %q %v", b, err)
				}
			}
			if m, _ := filepath.Glob(filepath.Join(base, ".*")); len(m) > 0 {
				t.Errorf("left: %q", m)
			}
		})
	}
}

// TestRemoveNext: the next run removes a sibling folder a killed swap
// left, and nothing else: not a name with more than digits after the
// infix (another output's sibling), not a link of that name (not
// followed), not another output's.
func TestRemoveNext(t *testing.T) {
	base := t.TempDir()
	out := filepath.Join(base, "out")
	build(t, out, "1")
	for _, d := range []string{".out.muster-next-123/images", ".out.muster-next-x", ".out.muster-next-1.muster-next-2", ".other.muster-next-1", "target"} {
		os.MkdirAll(filepath.Join(base, d), 0o755)
		os.WriteFile(filepath.Join(base, d, "f"), []byte("x"), 0o644)
	}
	os.Symlink(filepath.Join(base, "target"), filepath.Join(base, ".out.muster-next-7"))
	st, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := os.Lstat(filepath.Join(base, ".out.muster-next-123")); err == nil {
		t.Errorf("the leftover is not removed")
	}
	want := out + ": removed " + filepath.Join(base, ".out.muster-next-123") + ", left by a killed build (" + out + " is whole)"
	if len(st.Recovered) != 1 || st.Recovered[0] != want {
		t.Errorf("recovered: %q", st.Recovered)
	}
	for _, f := range []string{".out.muster-next-x/f", ".out.muster-next-1.muster-next-2/f", ".other.muster-next-1/f", "target/f", ".out.muster-next-7"} {
		if _, err := os.Lstat(filepath.Join(base, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// BenchmarkPublish publishes a build of 20 files into a folder that also
// holds 500 other files (another target's), by the swap and by the journal.
func BenchmarkPublish(b *testing.B) {
	for _, byJournal := range []bool{false, true} {
		name := "swap"
		if byJournal {
			name = "journal"
		}
		b.Run(name, func(b *testing.B) {
			NoExchange = byJournal
			defer func() { NoExchange = false }()
			out := filepath.Join(b.TempDir(), "out")
			os.MkdirAll(filepath.Join(out, "other"), 0o755)
			for i := range 500 {
				os.WriteFile(filepath.Join(out, "other", strconv.Itoa(i)), []byte("x"), 0o644)
			}
			var files []File
			for i := range 20 {
				files = append(files, File{Name: "f" + strconv.Itoa(i) + ".json", Data: make([]byte, 10000)})
			}
			for b.Loop() {
				st, err := Open(out)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := st.Commit(files, nil, nil); err != nil {
					b.Fatal(err)
				}
				st.Close()
			}
		})
	}
}
