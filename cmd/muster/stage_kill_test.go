//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/muster-wargames/muster/internal/publish"
)

// With MUSTER_TEST_BUILD_KILL_AT=N this test binary is muster, in one
// process, killed by SIGKILL at the Nth step of its publish (publish.Step);
// with MUSTER_TEST_JOURNAL=1 it publishes by the journal, as where the swap
// cannot be used (publish.NoExchange).
func init() {
	at, _ := strconv.Atoi(os.Getenv("MUSTER_TEST_BUILD_KILL_AT"))
	if at <= 0 {
		return
	}
	publish.NoExchange = os.Getenv("MUSTER_TEST_JOURNAL") == "1"
	n := 0
	publish.Step = func(string) {
		if n++; n == at {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// TestBuildKilled kills a real `muster build` (two scenarios, two files)
// with SIGKILL at every step of its publish over the previous build, in a
// folder that also holds another target's module, by the swap (on Linux)
// and by the journal. By the swap, after EVERY kill the folder is exactly
// the old build or exactly the new one (the new one from the swap on), no
// journal, and the next build's start removes the sibling folder left. By
// the journal, after each kill the folder holds one build or a journal;
// after the next build's start has put right what it left, the folder
// holds the old build or the new one, never a mix. The module is kept.
// (internal/publish's TestPublishKilled does the same 100 times over a
// synthetic build, in a process that starts faster.)
func TestBuildKilled(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "script", "build-output.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	v1, v2 := filepath.Join(dir, "v1"), filepath.Join(dir, "v2")
	for _, f := range ar.Files {
		if name, ok := strings.CutPrefix(f.Name, "b/"); ok {
			for _, v := range []string{v1, v2} {
				data := f.Data
				if v == v2 && name == "scenario.yaml" {
					data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("name: S\n"), []byte("name: S2\n")), []byte("name: T\n"), []byte("name: T2\n"))
				}
				p := filepath.Join(v, filepath.FromSlash(name))
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, data, 0o644)
			}
		}
	}
	build := func(v, out string) map[string]string {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"build", "-o", out, v}, &stdout, &stderr); code != 0 {
			t.Fatalf("build %s: %d %s", v, code, stderr.String())
		}
		return snapshotDir(t, out)
	}
	module := "another target's module\n"
	old, new := build(v1, filepath.Join(dir, "old")), build(v2, filepath.Join(dir, "new"))
	old["b.vmod"], new["b.vmod"] = module, module
	for _, byJournal := range []bool{false, true} {
		if !byJournal && runtime.GOOS != "linux" {
			continue
		}
		// linked (the lock, b.vmod, s.json, t.json), staged, synced, swapped, old removed
		steps, newAt, env, mode := 4+2+3, 4+2+2, "MUSTER_TEST_JOURNAL=0", "swap"
		if byJournal {
			// staged, journal, kept, published, backups removed, done
			steps, newAt, env, mode = 2+1+2+2+1+1, 2+1, "MUSTER_TEST_JOURNAL=1", "journal"
		}
		killBuild(t, dir, mode, build, v1, v2, old, new, module, env, steps, newAt)
	}
}

// killBuild kills `muster build` at each step of its publish, as
// TestBuildKilled says.
func killBuild(t *testing.T, dir, mode string, build func(v, out string) map[string]string, v1, v2 string, old, new map[string]string, module, env string, steps, newAt int) {
	for at := 1; at <= steps+1; at++ {
		out := filepath.Join(dir, mode+strconv.Itoa(at))
		build(v1, out)
		os.WriteFile(filepath.Join(out, "b.vmod"), []byte(module), 0o644)
		cmd := exec.Command(os.Args[0], "build", "-o", out, v2)
		cmd.Env = append(os.Environ(), env, "MUSTER_TEST_BUILD_KILL_AT="+strconv.Itoa(at), "MUSTER_SUPERVISE=0")
		msg, err := cmd.CombinedOutput()
		ee, _ := err.(*exec.ExitError)
		killed := ee != nil && ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGKILL
		if killed != (at <= steps) || (!killed && err != nil) {
			t.Fatalf("step %d: %v\n%s", at, err, msg)
		}
		got := snapshotDir(t, out)
		journal, _ := filepath.Glob(filepath.Join(out, ".muster-staging-*", "journal"))
		want := old
		if at >= newAt {
			want = new
		}
		if mode == "swap" && (!equalFiles(got, want) || len(journal) > 0) {
			t.Fatalf("%s: killed at step %d: not exactly the build expected (new from step %d): %q", mode, at, newAt, got)
		}
		if !equalFiles(got, old) && !equalFiles(got, new) && len(journal) == 0 {
			t.Fatalf("killed at step %d: a mix of two builds, and no journal says so: %q", at, got)
		}
		st, err := publish.Open(out) // what the next build does first
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		got = snapshotDir(t, out)
		switch {
		case len(journal) > 0 && !equalFiles(got, new):
			t.Fatalf("killed at step %d after the journal: the next build did not finish the publish: %q", at, got)
		case !equalFiles(got, old) && !equalFiles(got, new):
			t.Fatalf("killed at step %d: after the next build's start, a mix of two builds: %q", at, got)
		case mode == "swap" && !equalFiles(got, want):
			t.Fatalf("%s: killed at step %d: after the next build's start, not the build expected: %q", mode, at, got)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "."+filepath.Base(out)+".muster-next-*")); len(left) > 0 {
			t.Fatalf("%s: killed at step %d: after the next build's start %s is left", mode, at, left[0])
		}
	}
}

// snapshotDir is a folder's files and their contents, muster's own
// (its lock, staging folders) left out.
func snapshotDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if publish.Own(e.Name()) || e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = string(b)
	}
	return out
}

func equalFiles(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
