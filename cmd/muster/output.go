package main

// Writing what was asked and destroying nothing (issues 15 and 22). Every
// file muster writes goes through one guard (guard.write, or guard.check
// before a build's renames), which refuses, before any work:
//
//   - a file any variant of a battle reads (Battle.AllReads: battle.yaml, every
//     files list's YAML, the pictures they name), however the path is
//     spelled: both sides are compared as real paths, symlinks resolved,
//     and as files (os.SameFile, for a file system that ignores case);
//   - a symbolic link as the path's last element (nothing is written
//     through a link), and a linked folder on the way that leads into a
//     battle's folder;
//   - a device, a FIFO or a socket (muster writes regular files; "-" is
//     standard output);
//   - a baseline, unless --write-baseline writes it; and --write-baseline
//     replaces only a baseline (accept.IsBaseline).
//
// A file is written to a temporary file beside it and renamed over it,
// mode 0644 (renameInto).

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
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

// guard refuses outputs that would replace what a battle reads, or reach
// into it through a link (see the top of this file). The zero guard knows
// no battle and still refuses links, devices and baselines.
type guard struct {
	files map[string]string // real path of each file a battle reads → as shown
	infos []os.FileInfo     // those files, for os.SameFile
	shown []string          // and their names, by infos
	dirs  []guardDir        // the battles' folders
	// found are the folders of battles found around outputs (around)
	found map[string]bool
	// pending are the battles added whose files are not listed yet: they
	// are at the first output checked (settle), so that a run that writes
	// to standard output only never lists them
	pending []guardBattle
	// listed are the battles whose files are listed; all says whether
	// the lists hold every variant's pictures (Battle.AllReads, which
	// parses the files only other variants read), or only Battle.Reads
	// (no parse). An output is looked up in the whole list when it may be
	// one of those pictures (mayBeAnotherPicture), or is a file of the
	// battle at all, so that what is refused, and the name it is refused
	// as, are what the whole list says.
	listed []guardBattle
	all    bool
}

type guardBattle struct {
	b      *battle.Battle
	dir    string
	folder os.FileInfo // the battle's folder, links followed (nil: unknown)
}

type guardDir struct {
	real string // the folder's real path
	abs  string // as given, absolute: a link on its way is the battle's own
}

// newGuard is the guard of battle b in folder dir ("" for the embedded
// example, which has no files on disk).
func newGuard(b *battle.Battle, dir string) guard {
	var g guard
	g.add(b, dir)
	return g
}

// add adds battle b, loaded from folder dir, to the battles g keeps.
func (g *guard) add(b *battle.Battle, dir string) {
	if b == nil || dir == "" {
		return
	}
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		if r, err := filepath.Abs(r); err == nil {
			abs, _ := filepath.Abs(dir)
			g.dirs = append(g.dirs, guardDir{real: r, abs: abs})
		}
	}
	folder, _ := os.Stat(dir)
	g.pending = append(g.pending, guardBattle{b, dir, folder})
}

// settle lists the files of the battles added since it last did.
func (g *guard) settle() {
	for len(g.pending) > 0 {
		gb := g.pending[0]
		g.pending = g.pending[1:]
		g.listed = append(g.listed, gb)
		g.list(gb.b, gb.dir)
	}
}

// listAll lists every battle's files again, every variant's pictures
// with them (Battle.AllReads), in the order the battles were added: the
// list is then what it would be had it held them from the start.
func (g *guard) listAll() {
	if g.all {
		return
	}
	g.all = true
	g.files, g.infos, g.shown = nil, nil, nil
	for _, gb := range g.listed {
		g.list(gb.b, gb.dir)
	}
}

// list keeps the files battle b in folder dir reads: Battle.Reads, or
// once g.all, Battle.AllReads.
func (g *guard) list(b *battle.Battle, dir string) {
	if g.files == nil {
		g.files = map[string]string{}
	}
	reads := b.Reads
	if g.all {
		reads = b.AllReads()
	}
	files := append([]string{"battle.yaml"}, reads...)
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if r, err := realPath(p); err == nil {
			if rr, err := filepath.EvalSymlinks(r); err == nil {
				r = rr
			}
			if _, ok := g.files[r]; ok {
				continue
			}
			g.files[r] = p
			if fi, err := os.Stat(r); err == nil {
				g.infos = append(g.infos, fi)
				g.shown = append(g.shown, p)
			}
		}
	}
}

// check refuses path as an output (a file, or a build's folder) when it is,
// or leads to, a file a battle reads, is a link, a device, a FIFO or a
// socket, goes through a linked folder into a battle, or is a baseline.
func (g *guard) check(path string) error { return g.checkAs(path, false) }

// checkAs is check; for --write-baseline (baseline), path may only be a
// baseline, or no file yet.
func (g *guard) checkAs(path string, baseline bool) error {
	if path == "-" {
		return nil
	}
	g.around(path)
	g.settle()
	refuse := func(why string, a ...any) error {
		return fmt.Errorf("refusing to write %s: %s", path, fmt.Sprintf(why, a...))
	}
	if !g.all && g.mayBeAnotherPicture(path) {
		g.listAll()
	}
	f, ok := g.battleFile(path)
	if ok && !g.all {
		// refused: by the name the whole list gives it
		g.listAll()
		f, ok = g.battleFile(path)
	}
	if ok {
		if f == path {
			return refuse("it is a file of the battle")
		}
		return refuse("it is %s, a file of the battle", f)
	}
	if via, dir := g.linkedInto(path); via != "" {
		return refuse("%s is a symbolic link into the battle folder %s; name the folder it leads to", via, dir)
	}
	fi, err := os.Lstat(filepath.Clean(path)) // "link/" is the link, not its folder
	if err != nil {
		return nil // no file there yet (or none that can be reached: the write says why)
	}
	switch {
	case fi.Mode()&os.ModeSymlink != 0:
		return refuse("it is a symbolic link; muster writes nothing through a link (name the file it leads to)")
	case special(fi):
		return refuse("it is %s, not a file; muster writes regular files only (-o - is standard output)", kindOf(fi))
	case !fi.Mode().IsRegular():
		return nil // a folder: the caller says whether it wants one
	}
	isBL := isBaselineFile(path)
	switch {
	case baseline && !isBL:
		return refuse("it is not a baseline; --write-baseline replaces only a baseline file (choose a new name, or remove %s)", path)
	case !baseline && isBL:
		return refuse("it is a baseline; only validate --write-baseline replaces it")
	}
	return nil
}

// around adds to g the battle, if any, whose folder holds path's: the
// nearest folder at or above it that holds battle.yaml, as the command
// that loaded none (import setup without --battle, schema export), or
// another battle than it loaded, does not know it. Each is loaded once.
func (g *guard) around(path string) {
	abs, err := filepath.Abs(filepath.Clean(path))
	if err != nil {
		return
	}
	d, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return // no folder: nothing to write over
	}
	for ; ; d = filepath.Dir(d) {
		if fi, err := os.Lstat(filepath.Join(d, "battle.yaml")); err == nil && !fi.IsDir() {
			break
		}
		if d == filepath.Dir(d) {
			return
		}
	}
	if g.found[d] {
		return
	}
	for _, bd := range g.dirs {
		if bd.real == d {
			return
		}
	}
	if g.found == nil {
		g.found = map[string]bool{}
	}
	g.found[d] = true
	b, _ := battle.LoadDir(d, battle.Options{})
	g.add(b, d)
}

// mayBeAnotherPicture reports whether path may be a picture that only
// files the loaded variant does not read name: Battle.AllReads finds them
// by parsing those files (every other variant's YAML, the costliest part
// of a build's guard), Battle.Reads lacks them. Each is a regular file
// inside its battle's folder (the load opens the folder as an os.Root,
// which follows no link out of it) when it is listed, so path can be one
// only if it is a regular file (a file that does not exist yet, a folder,
// a device cannot) and
//   - it has more than one name (a hard link: the picture's may be
//     another), or
//   - its folder is a battle's folder or inside one, whatever the path's
//     spelling: each folder above its real path is compared with the
//     battle's folder as a file (os.SameFile), which a link, a bind mount
//     or a file system that ignores case cannot hide.
//
// Whatever cannot be told (an error other than "no such file", a file
// system that does not count names) is a "may".
func (g *guard) mayBeAnotherPicture(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return !errors.Is(err, fs.ErrNotExist)
	}
	if !fi.Mode().IsRegular() {
		return false
	}
	if n, ok := linkCount(fi); !ok || n != 1 {
		return true
	}
	real, err := realPath(path)
	if err != nil {
		return true
	}
	for d := filepath.Dir(real); ; d = filepath.Dir(d) {
		di, err := os.Stat(d)
		if err != nil {
			return true
		}
		for _, gb := range g.listed {
			if gb.folder == nil || os.SameFile(di, gb.folder) {
				return true
			}
		}
		if d == filepath.Dir(d) {
			return false
		}
	}
}

// battleFile finds the battle file path is, or leads to.
func (g *guard) battleFile(path string) (string, bool) {
	if len(g.files) == 0 {
		return "", false
	}
	if r, err := realPath(path); err == nil {
		if f, ok := g.files[r]; ok {
			return f, true
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", false
	}
	for i, b := range g.infos {
		if os.SameFile(fi, b) {
			return g.shown[i], true
		}
	}
	return "", false
}

// linkedInto finds a symbolic link among the folders of path, as it is
// spelled, that leads into a battle's folder (unless it is on the way to
// the folder as the battle was named), and that folder.
func (g *guard) linkedInto(path string) (via, dir string) {
	if len(g.dirs) == 0 {
		return "", ""
	}
	clean := filepath.Clean(path)
	for d := filepath.Dir(clean); d != "." && d != filepath.Dir(d); d = filepath.Dir(d) {
		fi, err := os.Lstat(d)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		real, err := filepath.EvalSymlinks(d)
		if err != nil {
			continue
		}
		real, _ = filepath.Abs(real)
		abs, _ := filepath.Abs(d)
		for _, bd := range g.dirs {
			if within(real, bd.real) && !within(bd.abs, abs) {
				return d, bd.real
			}
		}
	}
	return "", ""
}

// within reports whether path is dir or inside it (both absolute, clean).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// isBaselineFile reports whether the regular file at path is a baseline.
func isBaselineFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return accept.IsBaseline(f)
}

// checkOutFile checks, before any work, that a file can be written at path:
// what the guard allows, not a folder, in a folder that exists.
func checkOutFile(g guard, path string) error {
	if err := g.check(path); err != nil {
		return err
	}
	return checkFolder(path)
}

// checkFolder checks that path is no folder and its folder exists.
func checkFolder(path string) error {
	fi, err := os.Stat(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a folder", path, filepath.Dir(path))
	}
	if fi, err := os.Lstat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder", path)
	}
	return nil
}

// special reports whether fi is a device, a FIFO or a socket.
func special(fi os.FileInfo) bool {
	return fi.Mode()&(os.ModeDevice|os.ModeCharDevice|os.ModeNamedPipe|os.ModeSocket|os.ModeIrregular) != 0
}

// kindOf names the kind of a special file.
func kindOf(fi os.FileInfo) string {
	m := fi.Mode()
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		return "a device"
	}
	return "a special file"
}

// write writes data to path: to stdout for "-", else, when the guard
// allows it (check), to a temporary file beside it renamed over it, mode
// 0644.
func (g *guard) write(stdout io.Writer, path string, data []byte) error {
	return g.writeAs(stdout, path, data, false)
}

// writeBaseline is write for --write-baseline (checkBaseline).
func (g *guard) writeBaseline(stdout io.Writer, path string, data []byte) error {
	return g.writeAs(stdout, path, data, true)
}

func (g *guard) writeAs(stdout io.Writer, path string, data []byte, baseline bool) error {
	if path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := g.checkAs(path, baseline); err != nil {
		return err
	}
	if err := checkFolder(path); err != nil {
		return err
	}
	return renameInto(path, data)
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

// printable is err's message made safe to print on one line (diag.Printable):
// the paths and names in it may hold control characters.
func printable(err error) string { return diag.Printable(err.Error()) }
