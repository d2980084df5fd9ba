//go:build unix

package publish

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The kill test's helper processes are this package's test binary (small,
// so it starts in milliseconds) run again with
// MUSTER_TEST_KILL_AT=N (SIGKILL at the Nth step of a publish or of its
// recovery: see stageStep), MUSTER_TEST_JOURNAL=1 to publish by the journal
// (NoExchange) where the swap would be used, and one of
//   - MUSTER_TEST_PUBLISH="OUT VERSION": publish the synthetic build
//     VERSION into OUT through the stage, as a build does;
//   - MUSTER_TEST_RECOVER=OUT: open and close a stage on OUT, as the start
//     of the next build does.
func init() {
	// A kill loses nothing the kernel holds, so the test need not wait for
	// the disk.
	syncs = false
	NoExchange = os.Getenv("MUSTER_TEST_JOURNAL") == "1"
	at, _ := strconv.Atoi(os.Getenv("MUSTER_TEST_KILL_AT"))
	if at > 0 {
		n := 0
		Step = func(string) {
			if n++; n == at {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				select {}
			}
		}
	}
	if sig, _ := strconv.Atoi(os.Getenv("MUSTER_TEST_TERM_AT")); sig > 0 {
		n := 0
		Step = func(string) {
			if n++; n == sig {
				// The handler ends the process, at once or when the
				// publish under way is done.
				syscall.Kill(os.Getpid(), syscall.SIGTERM)
				time.Sleep(100 * time.Millisecond)
			}
		}
	}
	if v := os.Getenv("MUSTER_TEST_PUBLISH"); v != "" {
		out, version, _ := strings.Cut(v, " ")
		st, err := Open(out)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		_, err = st.Commit(synthetic(version), nil, nil)
		st.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	if out := os.Getenv("MUSTER_TEST_RECOVER"); out != "" {
		st, err := Open(out)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		st.Close()
		os.Exit(0)
	}
}

// synthetic is a build's files: version "1" the old build, "2" the new one,
// which changes every file and adds one (in a subfolder, as a module's
// images are).
func synthetic(version string) []File {
	var files []File
	for i := range 6 {
		files = append(files, File{Name: fmt.Sprintf("s%d.json", i), Data: []byte(fmt.Sprintf("build %s, file %d\n", version, i))})
	}
	if version == "2" {
		files = append(files, File{Name: "images/new.png", Data: []byte("new in build 2\n")})
	}
	return files
}

// snapshot is a folder's files (not muster's own: the lock, staging
// folders) and their contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if strings.HasPrefix(rel, stagingPrefix) || rel == lockName {
			if fi.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !fi.IsDir() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[filepath.ToSlash(rel)] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func expect(version string) map[string]string {
	m := map[string]string{"other-target.vmod": "another target's file, never touched\n"}
	for _, f := range synthetic(version) {
		m[f.Name] = string(f.Data)
	}
	return m
}

func same(a, b map[string]string) bool {
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

func describe(m map[string]string) string {
	var ks []string
	for k, v := range m {
		ks = append(ks, fmt.Sprintf("%s=%q", k, v))
	}
	sort.Strings(ks)
	return strings.Join(ks, " ")
}

// leftNext lists the sibling folders of out a swap left.
func leftNext(out string) []string {
	m, _ := filepath.Glob(filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+nextInfix+"*"))
	return m
}

// hasJournal reports whether a staging folder in out holds a journal or a
// rollback file: a publish under way, which the next run finishes.
func hasJournal(out string) bool {
	for _, k := range []string{journalName, rollbackName} {
		if m, _ := filepath.Glob(filepath.Join(out, stagingPrefix+"*", k)); len(m) > 0 {
			return true
		}
	}
	return false
}

func helper(t *testing.T, env ...string) (killed bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err == nil {
		return false
	}
	if ee, ok := err.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			return true
		}
	}
	t.Fatalf("%v: %v\n%s", env, err, out)
	return false
}

// TestPublishKilled kills a build with SIGKILL at every step of its publish
// in turn, at least 100 times, and checks what each kill left, and the next
// run. By the swap (where it can be used: Linux, here) the steps are
// linking OUT's entries into the new folder, writing each new file,
// syncing, the swap, removing the old folder; after EVERY kill the folder
// is exactly the old build or exactly the new one, the new one from the
// swap on, with no journal (what may be left is a sibling folder, which
// the next run removes, leaving the folder as the kill did). By the journal
// (forced, as where the swap cannot be used) the steps are writing the
// staged files, the journal, keeping each replaced file, renaming each new
// one, removing the backups and the journal, and the next run is killed at
// every step of its recovery too: after each kill the folder holds the old
// build or the new one, or a journal that says a publish is under way;
// after the next run, the old build or the new one, never a mix, and the
// new one whenever the killed build had written its journal. Either way
// nothing of muster's is left, and another target's file in the folder is
// untouched.
func TestPublishKilled(t *testing.T) {
	t.Parallel()
	t.Run("swap", func(t *testing.T) {
		t.Parallel()
		if !canExchange {
			t.Skip("no swap here")
		}
		// linked (the lock, other-target.vmod, s0-s5), staged, synced, swapped, old removed
		killPublish(t, false, 8+7+1+1+1, 8+7+1+1)
	})
	t.Run("journal", func(t *testing.T) {
		t.Parallel()
		// staged, journal, kept, published, backups removed, done
		killPublish(t, true, 7+1+6+7+1+1, 7+1)
	})
}

// killPublish kills a publish (by the journal, or the swap) at each of its
// steps in turn, 100 times; from step newAt on, the publish is done (the
// journal is written, or the folders swapped).
func killPublish(t *testing.T, byJournal bool, steps, newAt int) {
	base := t.TempDir()
	old, new := expect("1"), expect("2")
	kills := 100
	if testing.Short() {
		kills = 30
	}
	env := "MUSTER_TEST_JOURNAL=0"
	if byJournal {
		env = "MUSTER_TEST_JOURNAL=1"
	}
	// Four workers, each its own folders: the kills are processes, and
	// their start, not their work, is most of the time.
	const workers = 4
	var finished, kept, siblings atomic.Int32
	for w := range workers {
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewSource(int64(22 + w)))
			for i := w; i < kills; i += workers {
				out := filepath.Join(base, strconv.Itoa(i))
				st, err := Open(out)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Commit(synthetic("1"), nil, nil); err != nil {
					t.Fatal(err)
				}
				st.Close()
				os.WriteFile(filepath.Join(out, "other-target.vmod"), []byte(old["other-target.vmod"]), 0o644)
				at := 1 + i%(steps+1) // every step in turn, and once in each round not at all
				killed := helper(t, env, "MUSTER_TEST_KILL_AT="+strconv.Itoa(at), "MUSTER_TEST_PUBLISH="+out+" 2")
				if !killed && at <= steps {
					t.Fatalf("kill %d: the build finished before step %d: the test's count of steps is wrong", i, at)
				}
				journal := hasJournal(out)
				got := snapshot(t, out)
				want, wantName := old, "old"
				if at >= newAt {
					want, wantName = new, "new"
				}
				switch {
				case !byJournal && journal:
					t.Fatalf("kill %d at step %d: the swap left a journal", i, at)
				case !byJournal && !same(got, want):
					t.Fatalf("kill %d at step %d: the folder is not exactly the %s build: %s", i, at, wantName, describe(got))
				case !byJournal && at <= steps:
					if _, err := os.Lstat(filepath.Join(out, lockName)); err != nil {
						t.Fatalf("kill %d at step %d: the lock is gone from the folder: %v", i, at, err)
					}
				case !same(got, old) && !same(got, new) && !journal:
					t.Fatalf("kill %d at step %d: the folder is a mix of two builds and no journal says so: %s", i, at, describe(got))
				}
				if len(leftNext(out)) > 0 {
					siblings.Add(1)
				}
				// The next run; by the journal sometimes killed in turn during its recovery first.
				if journal && rng.Intn(3) == 0 {
					helper(t, env, "MUSTER_TEST_KILL_AT="+strconv.Itoa(1+rng.Intn(8)), "MUSTER_TEST_RECOVER="+out)
				}
				st, err = Open(out) // the next run, in this process: what a build does first
				if err != nil {
					t.Fatalf("kill %d at step %d: the next run: %v", i, at, err)
				}
				st.Close()
				got = snapshot(t, out)
				switch {
				case !byJournal && !same(got, want):
					t.Fatalf("kill %d at step %d: after the next run the folder is not exactly the %s build: %s", i, at, wantName, describe(got))
				case journal && !same(got, new):
					t.Fatalf("kill %d at step %d: the journal was written, but the next run did not finish the build: %s", i, at, describe(got))
				case same(got, new):
					finished.Add(1)
				case same(got, old):
					kept.Add(1)
				default:
					t.Fatalf("kill %d at step %d: after the next run the folder is a mix of two builds: %s", i, at, describe(got))
				}
				ents, _ := os.ReadDir(out)
				for _, e := range ents {
					if strings.HasPrefix(e.Name(), ".") {
						t.Fatalf("kill %d at step %d: after the next run %s is left", i, at, e.Name())
					}
				}
				if left := leftNext(out); len(left) > 0 {
					t.Fatalf("kill %d at step %d: after the next run %s is left", i, at, left[0])
				}
			}
		})
	}
	t.Cleanup(func() {
		t.Logf("%d kills: %d left the new build, %d the old; %d left a sibling folder", kills, finished.Load(), kept.Load(), siblings.Load())
		if finished.Load() == 0 || kept.Load() == 0 {
			t.Errorf("the kills should fall both before and after the commit point: %d new, %d old", finished.Load(), kept.Load())
		}
		if !byJournal && siblings.Load() == 0 {
			t.Errorf("no kill left a sibling folder for the next run to remove")
		}
	})
}

// TestRollbackKilled is a publish that cannot finish (images, where the new
// build puts a folder, is a file). By the journal, the files already
// replaced are put back; by the swap, the new folder is dropped before the
// swap. It is killed at every step, the undo included; after the next run
// the folder holds the old build, whole (by the swap, after every kill).
func TestRollbackKilled(t *testing.T) {
	t.Parallel()
	t.Run("journal", func(t *testing.T) {
		t.Parallel()
		// staged, journal, kept and published s0-s5, rollback, put back
		killRollback(t, true, 7+1+12+1+7, "not a directory")
	})
	t.Run("swap", func(t *testing.T) {
		t.Parallel()
		if !canExchange {
			t.Skip("no swap here")
		}
		// linked (the lock, other-target.vmod, images, s0-s5), staged s0-s5
		killRollback(t, false, 9+6, "images is not a folder")
	})
}

func killRollback(t *testing.T, byJournal bool, steps int, failure string) {
	base := t.TempDir()
	old := expect("1")
	old["images"] = "a file where build 2 wants a folder\n"
	env := "MUSTER_TEST_JOURNAL=0"
	if byJournal {
		env = "MUSTER_TEST_JOURNAL=1"
	}
	for at := 1; at <= steps+1; at++ {
		out := filepath.Join(base, strconv.Itoa(at))
		st, err := Open(out)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Commit(synthetic("1"), nil, nil); err != nil {
			t.Fatal(err)
		}
		st.Close()
		os.WriteFile(filepath.Join(out, "other-target.vmod"), []byte(old["other-target.vmod"]), 0o644)
		os.WriteFile(filepath.Join(out, "images"), []byte(old["images"]), 0o644)
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), env, "MUSTER_TEST_KILL_AT="+strconv.Itoa(at), "MUSTER_TEST_PUBLISH="+out+" 2")
		msg, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || (at <= steps) != (ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGKILL) {
			t.Fatalf("step %d: %v\n%s", at, err, msg)
		}
		if at > steps && !strings.Contains(string(msg), failure) {
			t.Fatalf("the publish failed otherwise than expected: %s", msg)
		}
		if got := snapshot(t, out); !byJournal && (!same(got, old) || hasJournal(out)) {
			t.Fatalf("kill at step %d: the folder is not exactly the old build: %s", at, describe(got))
		} else if !same(got, old) && !hasJournal(out) {
			t.Fatalf("kill at step %d: the folder is a mix of two builds and no journal says so: %s", at, describe(got))
		}
		st, err = Open(out)
		if err != nil {
			t.Fatalf("kill at step %d: the next run: %v", at, err)
		}
		st.Close()
		if got := snapshot(t, out); !same(got, old) {
			t.Fatalf("kill at step %d: after the next run the folder is not the old build: %s", at, describe(got))
		}
		if left := leftNext(out); len(left) > 0 {
			t.Fatalf("kill at step %d: after the next run %s is left", at, left[0])
		}
	}
}

// TestSwapInterrupted sends SIGTERM to a publish by the swap at each of
// its steps: before the swap the handler removes the sibling folder and
// the lock and the folder is the old build; from the swap on the publish
// finishes first and the folder is the new build. Nothing is left either
// way, and the process says which (or, from the swap on, may end first).
func TestSwapInterrupted(t *testing.T) {
	t.Parallel()
	if !canExchange {
		t.Skip("no swap here")
	}
	base := t.TempDir()
	const steps, newAt = 8 + 7 + 1 + 1 + 1, 8 + 7 + 1 + 1
	for at := 1; at <= steps; at++ {
		out := filepath.Join(base, strconv.Itoa(at))
		build(t, out, "1")
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "MUSTER_TEST_JOURNAL=0", "MUSTER_TEST_TERM_AT="+strconv.Itoa(at), "MUSTER_TEST_PUBLISH="+out+" 2")
		msg, err := cmd.CombinedOutput()
		want, say := expect("1"), "is as it was"
		if at >= newAt {
			want, say = expect("2"), "holds the new build"
		}
		// From the swap on, the build may also end first, exit 0.
		if ee, ok := err.(*exec.ExitError); (ok && ee.ExitCode() != 130) || (err == nil && at < newAt) || (err != nil && !ok) ||
			(err != nil && !strings.Contains(string(msg), say)) {
			t.Fatalf("SIGTERM at step %d: %v, want exit 130 saying %q: %s", at, err, say, msg)
		}
		if got := snapshot(t, out); !same(got, want) {
			t.Fatalf("SIGTERM at step %d: %s", at, describe(got))
		}
		ents, _ := os.ReadDir(out)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".") {
				t.Fatalf("SIGTERM at step %d: %s is left", at, e.Name())
			}
		}
		if left := leftNext(out); len(left) > 0 {
			t.Fatalf("SIGTERM at step %d: %s is left", at, left[0])
		}
	}
}
