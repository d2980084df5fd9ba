// Package zipbudget reads the members of a zip archive (a VASSAL module, a
// saved game inside one) with a bound on what each inflates to and on what
// they inflate to in all, so that a small hostile archive (a zip bomb)
// is refused with an error naming the limit instead of filling the memory.
package zipbudget

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
)

// Budget bounds the inflated size of each member read through it and of
// all of them together.
type Budget struct {
	// Member and Total are the limits, in bytes.
	Member, Total int64
	used          int64
}

// New returns a budget of member bytes for one member and total for all.
func New(member, total int64) *Budget { return &Budget{Member: member, Total: total} }

// Used is how many bytes the members read so far inflated to.
func (b *Budget) Used() int64 { return b.used }

// LimitError is a member that inflates past a limit.
type LimitError struct {
	Name  string // the member
	Limit string // which limit: "member" or "total"
	Bytes int64
}

func (e *LimitError) Error() string {
	if e.Limit == "member" {
		return fmt.Sprintf("%s inflates to more than %s, the limit for one member of an archive", e.Name, size(e.Bytes))
	}
	return fmt.Sprintf("the archive inflates to more than %s in all (at %s), the limit for a whole module", size(e.Bytes), e.Name)
}

func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Open opens a member for reading; reading it past either limit fails
// with a *LimitError.
func (b *Budget) Open(f *zip.File) (io.ReadCloser, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	return &reader{b: b, name: f.Name, rc: rc}, nil
}

// Read reads a whole member. Its declared size is checked first (a member
// that says it is too big is not inflated at all), and what it really
// inflates to as it is read.
func (b *Budget) Read(f *zip.File) ([]byte, error) {
	if f.UncompressedSize64 > uint64(b.Member) {
		return nil, &LimitError{Name: f.Name, Limit: "member", Bytes: b.Member}
	}
	if b.used+int64(f.UncompressedSize64) > b.Total {
		return nil, &LimitError{Name: f.Name, Limit: "total", Bytes: b.Total}
	}
	rc, err := b.Open(f)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	var buf bytes.Buffer
	// The declared size may lie: it is trusted for a small member only.
	buf.Grow(int(min(f.UncompressedSize64, 4<<20)))
	if _, err := buf.ReadFrom(rc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type reader struct {
	b    *Budget
	name string
	rc   io.ReadCloser
	n    int64
}

func (r *reader) Read(p []byte) (int, error) {
	n, err := r.rc.Read(p)
	r.n += int64(n)
	r.b.used += int64(n)
	switch {
	case r.n > r.b.Member:
		return n, &LimitError{Name: r.name, Limit: "member", Bytes: r.b.Member}
	case r.b.used > r.b.Total:
		return n, &LimitError{Name: r.name, Limit: "total", Bytes: r.b.Total}
	}
	return n, err
}

func (r *reader) Close() error { return r.rc.Close() }

// Module opens data as a VASSAL module: its members by name and its build
// file (buildFile.xml, or an old module's buildFile), read through no
// budget yet. The errors say what the archive is not.
func Module(data []byte) (files map[string]*zip.File, build *zip.File, err error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, nil, fmt.Errorf("not a VASSAL module (a zip archive): %v", err)
	}
	files = map[string]*zip.File{}
	for _, f := range zr.File {
		files[f.Name] = f
	}
	build = files["buildFile.xml"]
	if build == nil {
		build = files["buildFile"]
	}
	if build == nil {
		return nil, nil, fmt.Errorf("the archive has no buildFile.xml: not a VASSAL module")
	}
	return files, build, nil
}
