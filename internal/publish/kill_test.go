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
)

// The kill test's helper processes are this package's test binary (small,
// so it starts in milliseconds) run again with
// MUSTER_TEST_KILL_AT=N (SIGKILL at the Nth step of a publish or of its
// recovery: see stageStep) and one of
//   - MUSTER_TEST_PUBLISH="OUT VERSION": publish the synthetic build
//     VERSION into OUT through the stage, as a build does;
//   - MUSTER_TEST_RECOVER=OUT: open and close a stage on OUT, as the start
//     of the next build does.
func init() {
	// A kill loses nothing the kernel holds, so the test need not wait for
	// the disk.
	syncs = false
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
// (writing the staged files, the journal, keeping each replaced file,
// renaming each new one, removing the backups and the journal), and the
// next run at every step of its recovery too, at least 100 times. After
// each kill the folder holds the old build or the new one, or a journal
// that says a publish is under way; after the next run it holds the old
// build or the new one, never a mix, and the new one whenever the killed
// build had written its journal; nothing of muster's is left; another
// target's file in the folder is untouched.
func TestPublishKilled(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	old, new := expect("1"), expect("2")
	// The steps of one publish of build 2 over build 1: count them.
	steps := 7 + 1 + 6 + 7 + 1 + 1 // staged, journal, kept, published, backups removed, done
	kills := 100
	if testing.Short() {
		kills = 30
	}
	// Four workers, each its own folders: the kills are processes, and
	// their start, not their work, is most of the time.
	const workers = 4
	var finished, kept atomic.Int32
	t.Run("kills", func(t *testing.T) {
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
					killed := helper(t, "MUSTER_TEST_KILL_AT="+strconv.Itoa(at), "MUSTER_TEST_PUBLISH="+out+" 2")
					if !killed && at <= steps {
						t.Fatalf("kill %d: the build finished before step %d: the test's count of steps is wrong", i, at)
					}
					journal := hasJournal(out)
					got := snapshot(t, out)
					if !same(got, old) && !same(got, new) && !journal {
						t.Fatalf("kill %d at step %d: the folder is a mix of two builds and no journal says so: %s", i, at, describe(got))
					}
					// The next run; sometimes killed in turn during its recovery first.
					if journal && rng.Intn(3) == 0 {
						helper(t, "MUSTER_TEST_KILL_AT="+strconv.Itoa(1+rng.Intn(8)), "MUSTER_TEST_RECOVER="+out)
					}
					st, err = Open(out) // the next run, in this process: what a build does first
					if err != nil {
						t.Fatalf("kill %d at step %d: the next run: %v", i, at, err)
					}
					st.Close()
					got = snapshot(t, out)
					switch {
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
				}
			})
		}
	})
	t.Logf("%d kills: %d left the new build, %d the old", kills, finished.Load(), kept.Load())
	if finished.Load() == 0 || kept.Load() == 0 {
		t.Errorf("the kills should fall both before and after the journal: %d new, %d old", finished.Load(), kept.Load())
	}
}

// TestRollbackKilled is a publish that cannot finish (images, where the new
// build puts a folder, is a file): the files already replaced are put back.
// It is killed at every step, the undo included; after the next run the
// folder holds the old build, whole.
func TestRollbackKilled(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	old := expect("1")
	old["images"] = "a file where build 2 wants a folder\n"
	steps := 7 + 1 + 12 + 1 + 7 // staged, journal, kept and published s0-s5, rollback, put back
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
		cmd.Env = append(os.Environ(), "MUSTER_TEST_KILL_AT="+strconv.Itoa(at), "MUSTER_TEST_PUBLISH="+out+" 2")
		msg, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || (at <= steps) != (ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGKILL) {
			t.Fatalf("step %d: %v\n%s", at, err, msg)
		}
		if at > steps && !strings.Contains(string(msg), "not a directory") {
			t.Fatalf("the publish failed otherwise than expected: %s", msg)
		}
		if got := snapshot(t, out); !same(got, old) && !hasJournal(out) {
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
	}
}
