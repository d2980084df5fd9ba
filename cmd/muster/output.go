package main

// Writing what was asked and destroying nothing (issue 15).
//
//   - No output is ever written over a file of the battle (battle.yaml and
//     every file it loaded), however the path is spelled: both sides are
//     compared as real paths, symlinks resolved (guard).
//   - "-" is standard output, whatever the format.
//   - A device, a FIFO or a socket is opened and written to, never replaced.
//   - A symlink is followed: its target is replaced atomically and the link
//     kept.
//   - A regular file is written to a temporary file beside it and renamed
//     over it, mode 0644 (writeFile).

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
)

// realPath is path with every symlink resolved: its folder's, and the file's
// own when it is a link, even a link to a file that does not exist yet. The
// folder must exist.
func realPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	for range 40 {
		dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
		if err != nil {
			return "", err
		}
		abs = filepath.Join(dir, filepath.Base(abs))
		fi, err := os.Lstat(abs)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return abs, nil
		}
		link, err := os.Readlink(abs)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		abs = link
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// guard refuses outputs over the battle's own files.
type guard map[string]string // real path → the battle file's name

// newGuard lists the real paths of b's files in dir ("" for the embedded
// example, which has no files on disk).
func newGuard(b *battle.Battle, dir string) guard {
	g := guard{}
	if b == nil || dir == "" {
		return g
	}
	files := append([]string{"battle.yaml"}, b.Files...)
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if r, err := realPath(p); err == nil {
			if rr, err := filepath.EvalSymlinks(r); err == nil {
				r = rr
			}
			g[r] = p
		}
	}
	return g
}

// check refuses path when it is, or leads to, a file of the battle.
func (g guard) check(path string) error {
	r, err := realPath(path)
	if err != nil {
		return nil // the folder does not exist: it holds no battle file
	}
	if f, ok := g[r]; ok {
		if f == path {
			return fmt.Errorf("refusing to write %s: it is a file of the battle", path)
		}
		return fmt.Errorf("refusing to write %s: it is %s, a file of the battle", path, f)
	}
	return nil
}

// checkOutFile checks, before any work, that a file can be written at path:
// not a file of the battle, not a folder, in a folder that exists.
func checkOutFile(g guard, path string) error {
	if err := g.check(path); err != nil {
		return err
	}
	fi, err := os.Stat(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a folder", path, filepath.Dir(path))
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder", path)
	}
	return nil
}

// special reports whether fi is a device, a FIFO or a socket: something to
// write to, never to replace.
func special(fi os.FileInfo) bool {
	return fi.Mode()&(os.ModeDevice|os.ModeCharDevice|os.ModeNamedPipe|os.ModeSocket) != 0
}

// namesDescriptor reports whether path names one of the process's open
// files (/dev/stdout, /dev/fd/3): written through, so `-o /dev/stdout >>log`
// appends to log instead of replacing it.
func namesDescriptor(path string) bool {
	for _, p := range []string{"/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/"} {
		if path == p || strings.HasSuffix(p, "/") && strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// writeFile writes data to path: to standard output for "-", into a device
// or FIFO or a named descriptor, else atomically (a temporary file beside the real file, renamed
// over it, mode 0644); a symlink is followed and kept.
func writeFile(stdout io.Writer, path string, data []byte) error {
	if path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	// The kernel follows the links (even /dev/stdout's to a pipe): a
	// device or FIFO is written where it is.
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("cannot write %s: it is a folder", path)
		}
		if special(fi) || namesDescriptor(path) {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return err
			}
			if _, err := f.Write(data); err != nil {
				f.Close()
				return err
			}
			return f.Close()
		}
	}
	real, err := realPath(path)
	if err != nil {
		return err
	}
	return renameInto(real, data)
}

// renameInto writes data to a temporary file beside path and renames it
// over path.
func renameInto(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".muster-tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	fail := func(err error) error {
		tmp.Close()
		os.Remove(name)
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}

// outFormat is the format of an output file: --format when given, which
// the file's extension must not contradict; else the extension's; else def.
// exts maps each known extension (no dot) to its format.
//
// what names the flag that gave the path (-o, --map); hint is what an
// unknown extension's message suggests ("; or give --format"), or "".
func outFormat(flag, path, what, hint string, formats []string, exts map[string]string, def string) (string, error) {
	ext := ""
	if path != "" && path != "-" {
		ext = strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	}
	known := make([]string, 0, len(exts))
	for e := range exts {
		known = append(known, "."+e)
	}
	sort.Strings(known)
	if flag != "" && !oneOf(flag, formats) {
		return "", fmt.Errorf("--format must be one of %s, not %q", strings.Join(formats, ", "), flag)
	}
	byExt, ok := exts[ext]
	switch {
	case ext == "":
		if flag != "" {
			return flag, nil
		}
		return def, nil
	case !ok && flag != "":
		return "", fmt.Errorf("%s %s ends in .%s, which is not %s (--format %s)", what, path, ext, flag, flag)
	case !ok:
		return "", fmt.Errorf("%s %s: unknown extension .%s (known: %s%s)", what, path, ext, strings.Join(known, ", "), hint)
	case flag != "" && byExt != flag:
		return "", fmt.Errorf("%s %s ends in .%s, which says %s, but --format says %s", what, path, ext, byExt, flag)
	}
	return byExt, nil
}
