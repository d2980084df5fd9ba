package lsp

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"time"
)

// Overlay is the files of battle folders as the editor has them: the text
// of each open document over the folder on disk. Files on disk are read
// once and read again only when their size or modification time changes,
// so a re-check after an edit reads nothing that did not change.
type Overlay struct {
	mu      sync.Mutex
	buffers map[string][]byte // absolute path → open document's text
	disk    map[string]diskFile
	roots   map[string]*os.Root // each folder's, opened once (root)
	reads   int                 // files read from disk, for the tests
	lists   int                 // folders listed on disk, for the tests
}

type diskFile struct {
	size int64
	mod  time.Time
	data []byte
}

// NewOverlay makes an overlay with no open documents.
func NewOverlay() *Overlay {
	return &Overlay{buffers: map[string][]byte{}, disk: map[string]diskFile{}, roots: map[string]*os.Root{}}
}

// Set makes text the content of the file at absolute path p. The overlay
// keeps text as it is: the caller must not change it afterwards.
func (o *Overlay) Set(p string, text []byte) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.buffers[p] = text
}

// Drop forgets the open document at p: the file on disk is read again.
func (o *Overlay) Drop(p string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.buffers, p)
}

// Reads is how many times a file was read from disk.
func (o *Overlay) Reads() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.reads
}

// Buffer returns the open document's text at p.
func (o *Overlay) Buffer(p string) ([]byte, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	b, ok := o.buffers[p]
	return b, ok
}

// FS is the folder dir (absolute) as an fs.FS, open documents over disk.
// What is on disk is read through an os.Root on dir, as muster validate
// reads a folder: a symbolic link that leads out of it (or is absolute) is
// not followed, and the loader (battle.Options.Disk) reports it as
// validate does (B002, Y008). The FS keeps each Stat and folder listing
// of the disk it made for its life: make one for each load.
func (o *Overlay) FS(dir string) fs.FS {
	var base fs.FS = noFS{}
	if r := o.root(dir); r != nil {
		base = r.FS()
	}
	return &overlayFS{o: o, dir: dir, base: base}
}

// root is the os.Root of folder dir, opened again when dir is another
// folder than it was (moved, or made again); nil when it cannot be opened.
func (o *Overlay) root(dir string) *os.Root {
	o.mu.Lock()
	defer o.mu.Unlock()
	if r := o.roots[dir]; r != nil {
		a, err1 := os.Stat(dir)
		b, err2 := r.Stat(".")
		if err1 == nil && err2 == nil && os.SameFile(a, b) {
			return r
		}
		r.Close()
		delete(o.roots, dir)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil
	}
	o.roots[dir] = r
	return r
}

// noFS is a folder that cannot be opened: every read fails.
type noFS struct{}

func (noFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// read returns the file name of base, at absolute path p, which st
// describes: the open document, else the file on disk, read again only
// when it changed.
func (o *Overlay) read(base fs.FS, name, p string, st fs.FileInfo) ([]byte, error) {
	o.mu.Lock()
	if b, ok := o.buffers[p]; ok {
		o.mu.Unlock()
		return b, nil
	}
	df, ok := o.disk[p]
	o.mu.Unlock()
	if ok && df.size == st.Size() && df.mod.Equal(st.ModTime()) {
		return df.data, nil
	}
	data, err := fs.ReadFile(base, name)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	o.reads++
	o.disk[p] = diskFile{st.Size(), st.ModTime(), data}
	o.mu.Unlock()
	return data, nil
}

// An overlayFS is made for one load (FS): it keeps what it found on disk,
// each file's Stat and each folder's listing, for its life, so that the
// loader's passes over the folder (its files lists, the survey of files
// no list names, each file's read) ask the disk once each.
type overlayFS struct {
	o    *Overlay
	dir  string
	base fs.FS
	mu   sync.Mutex
	stat map[string]statResult
	list map[string]listResult
}

type statResult struct {
	info fs.FileInfo
	err  error
}

type listResult struct {
	ents []fs.DirEntry
	err  error
}

// baseStat is fs.Stat of the folder on disk, once for the load.
func (f *overlayFS) baseStat(name string) (fs.FileInfo, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r, ok := f.stat[name]; ok {
		return r.info, r.err
	}
	st, err := fs.Stat(f.base, name)
	if f.stat == nil {
		f.stat = map[string]statResult{}
	}
	f.stat[name] = statResult{st, err}
	return st, err
}

func (f *overlayFS) abs(name string) string { return filepath.Join(f.dir, filepath.FromSlash(name)) }

func (f *overlayFS) buffer(name string) ([]byte, bool) {
	if !fs.ValidPath(name) {
		return nil, false
	}
	return f.o.Buffer(f.abs(name))
}

func (f *overlayFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if b, ok := f.buffer(name); ok {
		return &memFile{info: memInfo{name: path.Base(name), size: int64(len(b))}, data: b, r: bytes.NewReader(b)}, nil
	}
	st, err := f.baseStat(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() || !st.Mode().IsRegular() {
		return f.base.Open(name)
	}
	data, err := f.o.read(f.base, name, f.abs(name), st)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return &memFile{info: st, data: data, r: bytes.NewReader(data)}, nil
}

func (f *overlayFS) Stat(name string) (fs.FileInfo, error) {
	if b, ok := f.buffer(name); ok {
		return memInfo{name: path.Base(name), size: int64(len(b))}, nil
	}
	return f.baseStat(name)
}

func (f *overlayFS) ReadFile(name string) ([]byte, error) {
	if b, ok := f.buffer(name); ok {
		return b, nil
	}
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: fs.ErrInvalid}
	}
	st, err := f.baseStat(name)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: fs.ErrInvalid}
	}
	data, err := f.o.read(f.base, name, f.abs(name), st)
	if err != nil {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: err}
	}
	return data, nil
}

// ReadDir lists a folder on disk with the open documents in it that are
// not saved yet.
func (f *overlayFS) ReadDir(name string) ([]fs.DirEntry, error) {
	f.mu.Lock()
	r, ok := f.list[name]
	f.mu.Unlock()
	if !ok {
		r.ents, r.err = f.readDir(name)
		f.mu.Lock()
		if f.list == nil {
			f.list = map[string]listResult{}
		}
		f.list[name] = r
		f.mu.Unlock()
	}
	return slices.Clone(r.ents), r.err
}

func (f *overlayFS) readDir(name string) ([]fs.DirEntry, error) {
	f.o.mu.Lock()
	f.o.lists++
	f.o.mu.Unlock()
	ents, err := fs.ReadDir(f.base, name)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, e := range ents {
		have[e.Name()] = true
	}
	dir := f.abs(name)
	f.o.mu.Lock()
	for p, b := range f.o.buffers {
		if filepath.Dir(p) == dir && !have[filepath.Base(p)] {
			ents = append(ents, fs.FileInfoToDirEntry(memInfo{name: filepath.Base(p), size: int64(len(b))}))
		}
	}
	f.o.mu.Unlock()
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	return ents, nil
}

type memInfo struct {
	name string
	size int64
}

func (m memInfo) Name() string       { return m.name }
func (m memInfo) Size() int64        { return m.size }
func (m memInfo) Mode() fs.FileMode  { return 0o644 }
func (m memInfo) ModTime() time.Time { return time.Time{} }
func (m memInfo) IsDir() bool        { return false }
func (m memInfo) Sys() any           { return nil }

type memFile struct {
	info fs.FileInfo
	data []byte
	r    *bytes.Reader
}

// Bytes is the file's content, which never changes (Set): the loader
// takes it without a copy (battle's bytesFile).
func (m *memFile) Bytes() []byte { return m.data }

func (m *memFile) Stat() (fs.FileInfo, error) { return m.info, nil }
func (m *memFile) Read(p []byte) (int, error) {
	if m.r == nil {
		return 0, io.EOF
	}
	return m.r.Read(p)
}
func (m *memFile) Close() error { return nil }
