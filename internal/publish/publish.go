// Package publish writes a build's files into an output folder all or
// none, and puts right what a build killed while writing them left.
//
// A build writes all its files or none (issue 15), and a build killed at
// any point, even by SIGKILL, leaves a folder that the next run puts right
// without guessing (issue 22).
//
// A build takes OUT/.muster.lock (created with O_EXCL, holding its process
// id) so that two builds cannot mix their files in one folder; puts right
// what a killed build left (below, and swap.go's removeNext); compiles; and
// publishes. On Linux it swaps a new version of OUT with it in one step
// (swap.go): a kill leaves OUT exactly the old build or the new. Elsewhere,
// and where the swap cannot be used, it publishes by a journal, as follows.
// It writes every file into a new staging folder inside OUT (same file system, so the renames cannot
// become copies), each file synced. Only then does it write the journal:
// STAGING/journal, listing every file to publish and whether it replaces
// one, written to a temporary file, synced and renamed into place, so it is
// whole or absent. The journal is the commit point: from then on the build
// is published even if the process dies. Each file is then published in
// turn: the file it replaces is kept as STAGING/old/NAME (a hard link, so
// OUT never lacks it), then STAGING/new/NAME is renamed over it. When every
// file is in place, the folders are synced, the backups removed, and the
// journal removed last.
//
// The next run into OUT (a build or an import, after taking the lock) reads
// what a killed one left, never guessing:
//   - a staging folder without a journal was killed before its commit
//     point: its files may be incomplete, so it is removed and OUT is the
//     old build, untouched;
//   - a staging folder with a journal was killed while publishing: every
//     staged file is complete (the journal was written after them), so the
//     publish is finished (rolled forward): a file still in STAGING/new is
//     renamed into OUT, one already gone from it was published. OUT is the
//     new build;
//   - a staging folder with a rollback file (a journal renamed so) was
//     putting back the old build after a rename failed (a full disk, a
//     folder where a file goes): that is finished, and OUT is the old build.
//
// A journal that cannot be read is not guessed at: the run stops and says
// which file to look at. By the journal, between a SIGKILL and the next
// run, OUT may hold part of each build, and the journal says so.
//
// An interrupt (SIGINT, SIGTERM) before the commit point removes the
// staging folder (and the swap's sibling folder) and the lock, leaving OUT
// as it was; after it (the journal, the swap), the handler waits for the
// publish to finish and says so. Both ways keep what other targets wrote
// into the same OUT (docs/ci.md builds the bundle and the VASSAL module
// into one folder): a build's journal lists only its own files, and the
// swap links every entry of OUT into the new folder. An output that is a symlink, a
// device or a FIFO is written through (writeFile) after the others, outside
// the journal.
//
// `muster build` and `muster import vmod` write through a Stage
// (cmd/muster/stage.go adds the output guard).
package publish

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

const (
	stagingPrefix = ".muster-staging-"
	lockName      = ".muster.lock"
	journalName   = "journal"  // in the staging folder: the publish has begun
	rollbackName  = "rollback" // the journal, renamed: the publish is being undone
	stagedDir     = "new"      // the staging folder's new files
	backupDir     = "old"      // the files they replace, kept until the publish is done
)

// Step, when set (by the tests), is called at each step of a publish and
// of its recovery: the kill test ends the process there.
var Step func(what string)

func step(what string) {
	if Step != nil {
		Step(what)
	}
}

// File is one file of a build: its name in the output folder
// (slash-separated, inside it) and its bytes.
type File struct {
	Name string
	Data []byte
	// Write, when set, writes the file's bytes in place of Data, so a
	// large file (a bundle of a million hexes) is made as it is written
	// and never held whole.
	Write func(w io.Writer) error
}

// write writes the file's bytes to w: Data, or what Write writes, through
// a buffer.
func (f File) write(w io.Writer) error {
	if f.Write == nil {
		_, err := w.Write(f.Data)
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := f.Write(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// Bytes is the file's bytes: Data, or what Write writes.
func (f File) Bytes() ([]byte, error) {
	if f.Write == nil {
		return f.Data, nil
	}
	var b bytes.Buffer
	err := f.Write(&b)
	return b.Bytes(), err
}

// Stage is a build's hold on its output folder: the lock and the staging
// folder its files are written into before they are renamed into place.
type Stage struct {
	out, dir, lock string
	mu             sync.Mutex // held from the journal's writing to the end of the publish
	published      bool       // the journal was written, or OUT swapped: the new build is OUT's
	next           string     // the sibling folder being built (swap.go), held by mu
	swapped        bool       // the build was published by the swap
	sig            chan os.Signal
	// Recovered says what Open put right of a killed build's publish.
	Recovered []string
	// NoSwap, set before Commit, publishes by the journal where the swap
	// could be used: the caller's OUT is a folder that must stay the same
	// folder (a battle's, which editors and muster watch hold open).
	NoSwap bool
}

// journal is STAGING/journal: the files of one publish, in order.
type journal struct {
	Publish []journalFile `json:"publish"`
}

// journalFile is one file of a publish: its name in OUT (slash-separated)
// and whether it replaces a file.
type journalFile struct {
	Name string `json:"name"`
	Old  bool   `json:"old,omitempty"`
}

// Own reports whether an entry of an output folder is publish's own: the
// lock or a staging folder.
func Own(name string) bool {
	return name == lockName || strings.HasPrefix(name, stagingPrefix)
}

// LocalName reports whether name (slash-separated) stays inside the folder
// it is joined to: not empty, not absolute, no "..", no NUL, no backslash.
func LocalName(name string) bool {
	return name != "" && !strings.ContainsAny(name, "\x00\\") && filepath.IsLocal(filepath.FromSlash(name)) &&
		!strings.HasPrefix(name, "/") && filepath.ToSlash(filepath.Clean(filepath.FromSlash(name))) == name
}

// Open checks the output folder before the work: it must be a folder
// (made if missing) and writable, and no other build may be writing it. It
// takes the lock, puts right what a killed build left (recoverStaging),
// and makes a new staging folder.
func Open(out string) (*Stage, error) {
	if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("cannot build into %s: it is a file, not a folder", out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("cannot build into %s: %w", out, err)
	}
	s := &Stage{out: out, lock: filepath.Join(out, lockName)}
	if err := s.takeLock(); err != nil {
		return nil, err
	}
	notes, err := recoverStaging(out)
	if err == nil {
		var more []string
		more, err = removeNext(out)
		notes = append(notes, more...)
	}
	s.Recovered = notes
	if err != nil {
		os.Remove(s.lock)
		return nil, err
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
			s.mu.Lock() // a publish under way finishes first
			os.RemoveAll(s.dir)
			if s.next != "" {
				os.RemoveAll(s.next)
			}
			os.Remove(s.lock)
			if s.published {
				fmt.Fprintf(os.Stderr, "muster: interrupted; %s holds the new build\n", s.out)
			} else {
				fmt.Fprintf(os.Stderr, "muster: interrupted; %s is as it was\n", s.out)
			}
			os.Exit(130)
		}
	}()
	return s, nil
}

// takeLock creates the lock file, holding this process's id. A lock whose
// process is gone is a killed build's: it is taken over.
func (s *Stage) takeLock() error {
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

// recoverStaging puts right what killed builds left in out (see the top of
// this file): it finishes a publish that has its journal, finishes undoing
// one that has its rollback file, and removes every staging folder.
func recoverStaging(out string) ([]string, error) {
	var notes []string
	ents, _ := os.ReadDir(out) // not a glob: out may hold [ or *
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), stagingPrefix) {
			continue
		}
		dir := filepath.Join(out, e.Name())
		for _, kind := range []string{rollbackName, journalName} {
			jpath := filepath.Join(dir, kind)
			data, err := os.ReadFile(jpath)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			var j journal
			if err == nil {
				err = readJournal(data, &j)
			}
			if err != nil {
				return notes, fmt.Errorf("cannot build into %s: %s, left by a killed build, cannot be read (%v); "+
					"the folder may hold part of two builds: build again into a new folder, or remove %s to keep it as it is",
					out, jpath, err, dir)
			}
			if kind == rollbackName {
				if err := rollBack(dir, out, j); err != nil {
					return notes, fmt.Errorf("cannot put back the build in %s that a failed build half replaced: %w", out, err)
				}
				notes = append(notes, fmt.Sprintf("%s: put back the build that a failed build had half replaced", out))
			} else {
				if err := finish(dir, out, j); err != nil {
					if _, rerr := os.Stat(filepath.Join(dir, rollbackName)); rerr == nil {
						return notes, fmt.Errorf("cannot finish or undo the build a killed build left half-published in %s: %w", out, err)
					}
					notes = append(notes, fmt.Sprintf("%s: could not finish the build a killed build left half-published (%v); put back the build before it", out, err))
				} else {
					notes = append(notes, fmt.Sprintf("%s: finished publishing the build a killed build left half-published", out))
				}
			}
			break
		}
		if err := os.RemoveAll(dir); err != nil {
			return notes, fmt.Errorf("cannot build into %s: %w", out, err)
		}
		step("recovered")
	}
	return notes, nil
}

// readJournal decodes a journal and checks every name stays inside the
// output folder.
func readJournal(data []byte, j *journal) error {
	if err := json.Unmarshal(data, j); err != nil {
		return err
	}
	for _, f := range j.Publish {
		if !LocalName(f.Name) {
			return fmt.Errorf("file name %q is not inside the folder", f.Name)
		}
	}
	return nil
}

// rollForward publishes every file of j still in the staging folder dir:
// the file it replaces is kept in dir/old, then the staged file renamed
// over it. A file no longer staged was published. Running it again after
// it was interrupted carries on where it stopped.
func rollForward(dir, out string, j journal) error {
	dirs := map[string]bool{}
	for _, f := range j.Publish {
		staged := filepath.Join(dir, stagedDir, filepath.FromSlash(f.Name))
		dest := filepath.Join(out, filepath.FromSlash(f.Name))
		backup := filepath.Join(dir, backupDir, filepath.FromSlash(f.Name))
		dirs[filepath.Dir(dest)] = true
		if _, err := os.Lstat(staged); errors.Is(err, fs.ErrNotExist) {
			continue // published
		}
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return err
		}
		if f.Old {
			if _, err := os.Lstat(backup); errors.Is(err, fs.ErrNotExist) {
				if err := os.MkdirAll(filepath.Dir(backup), 0o755); err != nil {
					return err
				}
				if err := os.Link(dest, backup); err != nil && !errors.Is(err, fs.ErrNotExist) {
					// No hard links here: move it aside instead.
					if err := os.Rename(dest, backup); err != nil {
						return err
					}
				}
				step("kept " + f.Name)
			}
		}
		if err := os.Rename(staged, dest); err != nil {
			return err
		}
		step("published " + f.Name)
	}
	for d := range dirs {
		syncDir(d)
	}
	return nil
}

// finish publishes the files of j (rollForward) and, when that fails,
// puts the previous build back (rollBack), first renaming the journal to
// the rollback file so that a run after a kill finishes the undo, not the
// publish. It removes the backups and the journal last.
func finish(dir, out string, j journal) error {
	if err := rollForward(dir, out, j); err != nil {
		rb := filepath.Join(dir, rollbackName)
		if rerr := os.Rename(filepath.Join(dir, journalName), rb); rerr != nil {
			return fmt.Errorf("%v; and the journal %s cannot be marked for undoing: %v", err, filepath.Join(dir, journalName), rerr)
		}
		syncDir(dir)
		step("rollback")
		if rerr := rollBack(dir, out, j); rerr != nil {
			return fmt.Errorf("%v; and the previous build cannot be put back (%v): the next build into %s puts it back", err, rerr, out)
		}
		os.Remove(rb)
		return err
	}
	os.RemoveAll(filepath.Join(dir, backupDir))
	step("backups removed")
	os.Remove(filepath.Join(dir, journalName))
	step("done")
	return nil
}

// rollBack undoes a publish of j: each published file's backup is renamed
// back (or, where it replaced nothing, the file removed); a file still
// staged was not published, and its backup, if it was moved aside, is put
// back. Running it again after it was interrupted carries on.
func rollBack(dir, out string, j journal) error {
	var first error
	for i := len(j.Publish) - 1; i >= 0; i-- {
		f := j.Publish[i]
		staged := filepath.Join(dir, stagedDir, filepath.FromSlash(f.Name))
		dest := filepath.Join(out, filepath.FromSlash(f.Name))
		backup := filepath.Join(dir, backupDir, filepath.FromSlash(f.Name))
		_, serr := os.Lstat(staged)
		_, berr := os.Lstat(backup)
		_, derr := os.Lstat(dest)
		var err error
		switch {
		case serr == nil: // not published
			if berr == nil && errors.Is(derr, fs.ErrNotExist) {
				err = os.Rename(backup, dest)
			}
		case f.Old:
			if berr == nil {
				err = os.Rename(backup, dest)
			}
		default:
			if derr == nil {
				err = os.Remove(dest)
			}
		}
		if err != nil && first == nil {
			first = err
		}
		step("put back " + f.Name)
	}
	return first
}

// syncs is whether files and folders are flushed to the disk: a power
// cut, unlike a kill, loses what is not. The kill test turns it off.
var syncs = true

// syncDir flushes a folder's entries (the renames into it) to the disk.
func syncDir(dir string) {
	if !syncs {
		return
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// writeSynced writes f's bytes to path and flushes them to the disk.
func writeSynced(path string, f File) error {
	return writeFlags(path, f, os.O_TRUNC)
}

// writeFlags writes file's bytes to path, opened with O_WRONLY|O_CREATE
// and flag (O_TRUNC, or O_EXCL for a file that must be new), mode 0644,
// flushed to the disk.
func writeFlags(path string, file File, flag int) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|flag, 0o644)
	if err != nil {
		return err
	}
	err = file.write(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil && syncs {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Close removes the staging folder and the lock.
func (s *Stage) Close() {
	signal.Stop(s.sig)
	close(s.sig)
	os.RemoveAll(s.dir)
	os.Remove(s.lock)
}

// Commit publishes files into the output folder, on Linux in one step by
// the swap (swap.go), elsewhere, or where the swap cannot be used, by the
// journal (see the top of this file), and returns their paths, sorted.
// When the publish fails, the folder holds the previous build, whole. check, when not nil, may refuse a file's path before
// anything is written. An output that is a symlink, a device or a FIFO is
// written through, by through, after the others.
func (s *Stage) Commit(files []File, check func(path string) error, through func(path string, data []byte) error) ([]string, error) {
	var j journal
	var thru, todo []File
	for _, f := range files {
		name := filepath.ToSlash(f.Name)
		if !LocalName(name) {
			return nil, fmt.Errorf("cannot write %q into %s: the name is not a file inside the folder", f.Name, s.out)
		}
		dest := filepath.Join(s.out, filepath.FromSlash(name))
		if check != nil {
			if err := check(dest); err != nil {
				return nil, err
			}
		}
		old := false
		if fi, err := os.Lstat(dest); err == nil {
			if fi.IsDir() {
				return nil, fmt.Errorf("cannot write %s: it is a folder", dest)
			}
			if !fi.Mode().IsRegular() {
				if through == nil {
					return nil, fmt.Errorf("cannot write %s: it is not a regular file", dest)
				}
				thru = append(thru, f)
				continue
			}
			old = true
		}
		for _, pat := range []string{".*.tmp", ".muster-tmp-*"} {
			old, _ := filepath.Glob(filepath.Join(filepath.Dir(dest), "."+filepath.Base(dest)+pat))
			for _, o := range old {
				os.Remove(o)
			}
		}
		todo = append(todo, File{Name: name, Data: f.Data, Write: f.Write})
		j.Publish = append(j.Publish, journalFile{Name: name, Old: old})
	}
	err := s.swap(todo)
	if errors.Is(err, errFallback) {
		err = s.publish(todo, j)
	}
	if err != nil {
		return nil, err
	}
	var written []string
	for _, f := range j.Publish {
		written = append(written, filepath.Join(s.out, filepath.FromSlash(f.Name)))
	}
	for _, f := range thru {
		dest := filepath.Join(s.out, filepath.FromSlash(f.Name))
		data, err := f.Bytes()
		if err != nil {
			return written, err
		}
		if err := through(dest, data); err != nil {
			return written, err
		}
		written = append(written, dest)
	}
	sort.Strings(written)
	return written, nil
}

// publish publishes files by the journal j (see the top of this file):
// stages them, writes the journal, renames each into OUT.
func (s *Stage) publish(files []File, j journal) error {
	dirs := map[string]bool{}
	for _, f := range files {
		name := f.Name
		dest := filepath.Join(s.out, filepath.FromSlash(name))
		staged := filepath.Join(s.dir, stagedDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(staged), 0o755); err != nil {
			return err
		}
		if err := writeSynced(staged, f); err != nil {
			return fmt.Errorf("writing %s: %w", dest, err)
		}
		step("staged " + name)
		dirs[filepath.Dir(staged)] = true
	}
	for d := range dirs {
		syncDir(d)
	}
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// The commit point: the journal, whole or absent.
	tmp := filepath.Join(s.dir, journalName+".tmp")
	if err := writeSynced(tmp, File{Data: append(data, '\n')}); err != nil {
		return fmt.Errorf("writing %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, filepath.Join(s.dir, journalName)); err != nil {
		return err
	}
	syncDir(s.dir)
	s.published = true
	step("journal")
	if err := finish(s.dir, s.out, j); err != nil {
		s.published = false
		return err
	}
	return nil
}
