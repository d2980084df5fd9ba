package publish

// The swap: on Linux a build is published in one step (issue 22). A new
// version of OUT is built beside it, PARENT/.NAME.muster-next-DIGITS (on
// the same file system, since it is in OUT's parent): every entry of OUT
// hard-linked into it (folders made, files, links, the lock linked; the
// staging folder left out), so other targets' files are kept; the build's
// files written in place of the links they replace, each synced; the
// folders synced. Then one call, renameat2(RENAME_EXCHANGE), swaps it with
// OUT: the commit point. The sibling then holds the old OUT and is removed.
// The lock is one file linked into both folders, so OUT/.muster.lock exists
// before, during and after the swap, and a second build stays out.
//
// A kill at any point leaves OUT exactly the old build or exactly the new;
// what it may leave is a sibling folder, which the next run into OUT
// removes (removeNext) after taking the lock, whatever it holds: before the
// swap it is an unfinished new build, after it the old one, and OUT is
// whole either way. Only folders named exactly so (the suffix all digits,
// as os.MkdirTemp makes it; not a link) are taken for leftovers.
//
// Where the swap cannot be used, the journal publishes the build (see
// publish.go): not Linux; the caller said so (Stage.NoSwap: OUT is a
// battle's folder, which editors and muster watch keep open); OUT is not a folder of its own (a link, the root,
// a mount point, a folder a file system is mounted in); the working folder
// is in OUT (after a swap the process would stand in the old one); no
// sibling can be made (no writable parent, a name too long); a hard link
// is refused; a folder in OUT on a new file's way is a link (the swap
// follows no link); or the exchange is refused (EINVAL: the file system
// cannot; ENOSYS: an old kernel; EXDEV, EBUSY, any other: nothing changed).

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// nextInfix names the sibling folder: "." + OUT's name + nextInfix + digits.
const nextInfix = ".muster-next-"

// errFallback says the swap cannot be used here: the journal publishes.
var errFallback = errors.New("no swap here")

// NoExchange, when set (by the tests), makes every publish use the journal,
// as where two folders cannot be swapped.
var NoExchange bool

// swap publishes files (names checked, slash-separated) into OUT in one
// step (see the top of this file), or returns errFallback having changed
// nothing.
func (s *Stage) swap(files []File) (err error) {
	if !canExchange || NoExchange || s.NoSwap {
		return errFallback
	}
	out, err := filepath.Abs(s.out)
	if err != nil {
		return errFallback
	}
	parent := filepath.Dir(out)
	ofi, err := os.Lstat(out)
	if err != nil || !ofi.IsDir() || parent == out {
		return errFallback
	}
	// out as spelled ("link/../out" is cleaned by name, not as the kernel
	// goes) must be the folder the lock is in.
	if fi, err := os.Stat(s.out); err != nil || !os.SameFile(fi, ofi) {
		return errFallback
	}
	pfi, err := os.Stat(parent)
	if err != nil || !sameDevice(ofi, pfi) {
		return errFallback
	}
	real, err := filepath.EvalSymlinks(out)
	if err != nil || mountedIn(real) {
		return errFallback
	}
	if cwd, err := os.Getwd(); err != nil {
		return errFallback
	} else if rc, err := filepath.EvalSymlinks(cwd); err != nil || within(rc, real) {
		return errFallback
	}
	next, err := os.MkdirTemp(parent, "."+filepath.Base(out)+nextInfix+"*")
	if err != nil {
		return errFallback
	}
	s.mu.Lock()
	s.next = next
	s.mu.Unlock()
	swapped := false
	defer func() {
		if !swapped {
			s.mu.Lock()
			os.RemoveAll(next)
			s.next = ""
			s.mu.Unlock()
		}
	}()
	dirs := []string{next}
	if err := linkTree(out, next, true, ofi, &dirs); err != nil {
		return errFallback
	}
	for _, f := range files {
		rel := filepath.FromSlash(f.Name)
		if err := s.mkdirs(next, rel, &dirs); err != nil {
			return err
		}
		dest := filepath.Join(next, rel)
		if fi, err := os.Lstat(dest); err == nil {
			if fi.IsDir() {
				return fmt.Errorf("cannot write %s: it is a folder", filepath.Join(s.out, rel))
			}
			// A link to OUT's file: unlinked, never written through.
			if err := os.Remove(dest); err != nil {
				return fmt.Errorf("writing %s: %w", filepath.Join(s.out, rel), err)
			}
		}
		if err := writeNew(dest, f); err != nil {
			return fmt.Errorf("writing %s: %w", filepath.Join(s.out, rel), err)
		}
		step("staged " + f.Name)
	}
	for _, d := range dirs {
		syncDir(d)
	}
	step("synced")
	s.mu.Lock()
	defer s.mu.Unlock()
	// The commit point: one call swaps the new folder with OUT.
	if err := exchange(next, out); err != nil {
		return errFallback
	}
	swapped = true
	s.published = true
	s.swapped = true
	syncDir(parent)
	step("swapped")
	// next is the old OUT now.
	os.RemoveAll(next)
	s.next = ""
	step("old removed")
	return nil
}

// linkTree links every entry of the folder src into the folder dst: a
// folder is made (with src's mode, set once it is filled) and filled so; a
// file, a link, anything else is hard-linked (a link is linked, not
// followed). At OUT's top (top), publish's own entries but the lock are
// left out. Each folder made is added to dirs. A folder on another file
// system is refused.
func linkTree(src, dst string, top bool, fi os.FileInfo, dirs *[]string) error {
	ents, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range ents {
		name := e.Name()
		if top && Own(name) && name != lockName {
			continue
		}
		from, to := filepath.Join(src, name), filepath.Join(dst, name)
		if e.IsDir() {
			sub, err := e.Info()
			if err != nil {
				return err
			}
			if !sameDevice(sub, fi) {
				return fmt.Errorf("%s is a mount point", from)
			}
			if err := os.Mkdir(to, 0o700); err != nil {
				return err
			}
			*dirs = append(*dirs, to)
			if err := linkTree(from, to, false, sub, dirs); err != nil {
				return err
			}
			continue
		}
		if err := os.Link(from, to); err != nil {
			return err
		}
		step("linked")
	}
	return os.Chmod(dst, fi.Mode()&(fs.ModePerm|fs.ModeSetgid|fs.ModeSticky))
}

// mkdirs makes the folders on the way to rel inside next, following no
// link: a link there is errFallback (the journal writes as the guard
// allowed), a file is an error (the build cannot go there).
func (s *Stage) mkdirs(next, rel string, dirs *[]string) error {
	parts := strings.Split(filepath.Dir(rel), string(filepath.Separator))
	p := next
	for i, part := range parts {
		if part == "." {
			break
		}
		p = filepath.Join(p, part)
		fi, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Mkdir(p, 0o755); err != nil {
				return fmt.Errorf("writing %s: %w", filepath.Join(s.out, rel), err)
			}
			*dirs = append(*dirs, p)
		case err != nil:
			return fmt.Errorf("writing %s: %w", filepath.Join(s.out, rel), err)
		case fi.Mode()&fs.ModeSymlink != 0:
			return errFallback
		case !fi.IsDir():
			return fmt.Errorf("cannot write %s: %s is not a folder", filepath.Join(s.out, rel),
				filepath.Join(append([]string{s.out}, parts[:i+1]...)...))
		}
	}
	return nil
}

// writeNew creates the file path (which must not exist: never through a
// link to OUT's file) with f's bytes, flushed to the disk.
func writeNew(path string, f File) error {
	return writeFlags(path, f, os.O_EXCL)
}

// removeNext removes the sibling folders of out a killed swap left (see
// the top of this file), whatever they hold: OUT is whole either way.
func removeNext(out string) ([]string, error) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil, nil
	}
	prefix := "." + filepath.Base(abs) + nextInfix
	ents, err := os.ReadDir(filepath.Dir(abs))
	if err != nil {
		return nil, nil
	}
	var notes []string
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.IsDir() {
			continue
		}
		p := filepath.Join(filepath.Dir(out), e.Name())
		if err := os.RemoveAll(filepath.Join(filepath.Dir(abs), e.Name())); err != nil {
			return notes, fmt.Errorf("cannot build into %s: cannot remove %s, left by a killed build: %w", out, p, err)
		}
		notes = append(notes, fmt.Sprintf("%s: removed %s, left by a killed build (%s is whole)", out, p, out))
		step("removed leftover")
	}
	return notes, nil
}

// within reports whether path is dir or inside it (both absolute, clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
