package main

// A build writes all its files or none (issue 15). It takes OUT/.muster.lock
// (created with O_EXCL, holding its process id) so that two builds cannot
// mix their files in one folder; removes what a killed build left (staging
// folders OUT/.muster-staging-*, the temporary files .NAME.*.tmp and
// .NAME.muster-tmp-* beside the files it writes, and a lock whose process
// is gone); compiles; writes every file into a new staging folder inside
// OUT (same file system, so the renames cannot become copies); then renames
// each into OUT, putting back what it had replaced if a rename fails. An
// interrupt (SIGINT, SIGTERM) removes the staging folder and the lock, and
// waits for the renames to finish, so OUT holds the previous build or the
// new one. Renaming files one by one, not swapping folders, keeps what other
// targets wrote into the same OUT (docs/ci.md builds the bundle and the
// VASSAL module into one folder).

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/diag"
)

const (
	stagingPrefix = ".muster-staging-"
	lockName      = ".muster.lock"
)

// stage is a build's hold on its output folder: the lock and the staging
// folder its files are written into before they are renamed into place.
type stage struct {
	out, dir, lock string
	mu             sync.Mutex // held while files are renamed into out
	sig            chan os.Signal
}

// openStage checks the output folder before the work: it must be a folder
// (made if missing), writable, not a file of the battle, and no other build
// may be writing it. It takes the lock, removes the staging folders a killed
// build left, and makes a new one.
func openStage(g guard, out string) (*stage, error) {
	if err := g.check(out); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("cannot build into %s: it is a file, not a folder", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("cannot build into %s: %w", out, err)
	}
	s := &stage{out: out, lock: filepath.Join(out, lockName)}
	if err := s.takeLock(); err != nil {
		return nil, err
	}
	old, _ := filepath.Glob(filepath.Join(out, stagingPrefix+"*"))
	for _, o := range old {
		os.RemoveAll(o)
	}
	dir, err := os.MkdirTemp(out, stagingPrefix+"*")
	if err != nil {
		os.Remove(s.lock)
		return nil, fmt.Errorf("cannot build into %s: %w", out, err)
	}
	s.dir = dir
	s.sig = make(chan os.Signal, 1)
	signal.Notify(s.sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		if _, ok := <-s.sig; ok {
			s.mu.Lock()
			os.RemoveAll(s.dir)
			os.Remove(s.lock)
			fmt.Fprintf(os.Stderr, "muster: interrupted; %s is as it was\n", diag.Printable(s.out))
			os.Exit(130)
		}
	}()
	return s, nil
}

// takeLock creates the lock file, holding this process's id. A lock whose
// process is gone is a killed build's: it is taken over.
func (s *stage) takeLock() error {
	for try := 0; try < 2; try++ {
		f, err := os.OpenFile(s.lock, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, err = fmt.Fprintf(f, "%d\n", os.Getpid())
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				os.Remove(s.lock)
				return fmt.Errorf("cannot build into %s: %w", s.out, err)
			}
			return nil
		}
		if !errors.Is(err, os.ErrExist) {
			return fmt.Errorf("cannot build into %s: %w", s.out, err)
		}
		data, _ := os.ReadFile(s.lock)
		pid, perr := strconv.Atoi(strings.TrimSpace(string(data)))
		if perr == nil && pid > 0 && processAlive(pid) {
			return fmt.Errorf("another muster build (process %d) is writing %s; if it is not, remove %s", pid, s.out, s.lock)
		}
		if perr != nil && len(data) == 0 {
			// Being written by a build that has just taken it.
			return fmt.Errorf("another muster build is writing %s; if it is not, remove %s", s.out, s.lock)
		}
		os.Remove(s.lock)
	}
	return fmt.Errorf("cannot take %s", s.lock)
}

// close removes the staging folder and the lock.
func (s *stage) close() {
	signal.Stop(s.sig)
	close(s.sig)
	os.RemoveAll(s.dir)
	os.Remove(s.lock)
}

// commit writes files into the staging folder, then renames each into the
// output folder. When a rename fails, the files already replaced are put
// back, so the folder holds the previous build or the new one, not a mix.
// An output that is a symlink, a device or a FIFO is written through
// writeFile after the others.
func (s *stage) commit(g guard, files []compile.Output) ([]string, error) {
	type move struct{ staged, dest, backup string }
	var moves []move
	var through []compile.Output
	for _, f := range files {
		dest := filepath.Join(s.out, f.Name)
		if err := g.check(dest); err != nil {
			return nil, err
		}
		if fi, err := os.Lstat(dest); err == nil {
			if fi.IsDir() {
				return nil, fmt.Errorf("cannot write %s: it is a folder", dest)
			}
			if !fi.Mode().IsRegular() {
				through = append(through, f)
				continue
			}
		}
		for _, pat := range []string{".*.tmp", ".muster-tmp-*"} {
			old, _ := filepath.Glob(filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+pat))
			for _, o := range old {
				os.Remove(o)
			}
		}
		staged := filepath.Join(s.dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(staged), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(staged, f.Data, 0o644); err != nil {
			return nil, fmt.Errorf("writing %s: %w", dest, err)
		}
		if err := os.Chmod(staged, 0o644); err != nil {
			return nil, err
		}
		moves = append(moves, move{staged: staged, dest: dest, backup: filepath.Join(s.dir, ".old", f.Name)})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var done []move
	undo := func() {
		for i := len(done) - 1; i >= 0; i-- {
			m := done[i]
			if _, err := os.Lstat(m.backup); err == nil {
				os.Rename(m.backup, m.dest)
			} else {
				os.Remove(m.dest)
			}
		}
	}
	for _, m := range moves {
		if err := os.MkdirAll(filepath.Dir(m.dest), 0o755); err != nil {
			undo()
			return nil, err
		}
		if _, err := os.Lstat(m.dest); err == nil {
			if err := os.MkdirAll(filepath.Dir(m.backup), 0o755); err != nil {
				undo()
				return nil, err
			}
			if err := os.Rename(m.dest, m.backup); err != nil {
				undo()
				return nil, err
			}
		}
		done = append(done, m)
		if err := os.Rename(m.staged, m.dest); err != nil {
			undo()
			return nil, err
		}
	}
	var written []string
	for _, m := range moves {
		written = append(written, m.dest)
	}
	for _, f := range through {
		dest := filepath.Join(s.out, f.Name)
		if err := g.write(nil, dest, f.Data); err != nil {
			return written, err
		}
		written = append(written, dest)
	}
	sort.Strings(written)
	return written, nil
}
