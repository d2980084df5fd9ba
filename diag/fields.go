package diag

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// The structure of a finding travels in fields, never in its English:
// the places it cites (Related), what it is about (Subjects), the edits
// that would fix it (Fixes) and where in its document it is (Path). The
// language server, the reports, the map rings and the baselines read
// these fields; none of them parses Message or Hint, which stay the
// designer's text and may be reworded freely.

// Location is a place a finding is at or cites. Its kinds are a closed
// set, each a type of this package: Pos, a place in a source file, and
// Play, a place in a played game (a saved game's or log's step, a piece,
// a hex). Every report format prints every kind: String
// is its text, and each reader that needs more (SARIF's physical location,
// the language server's range) switches on the kind, so a new kind is a
// compile-time list of the places to teach it.
type Location interface {
	String() string
	// location closes the set: only this package declares kinds.
	location()
}

func (Pos) location() {}

// Play is a place in a played game (muster game check): the game's file,
// a saved game or a log; the step of a log (0: the position the game
// starts from, a saved game's only one); a piece as the game names it;
// the hex it stands in ("" off the map: a box, a hand).
type Play struct {
	Game  string
	Step  int
	Piece string
	Hex   string
}

func (Play) location() {}

// String is "moves.vlog step 2: 75 IL in C3014", what text prints.
func (p Play) String() string {
	var b strings.Builder
	b.WriteString(p.Game)
	if p.Step > 0 {
		fmt.Fprintf(&b, " step %d", p.Step)
	}
	if p.Piece != "" || p.Hex != "" {
		b.WriteString(":")
	}
	if p.Piece != "" {
		b.WriteString(" " + p.Piece)
	}
	switch {
	case p.Hex != "":
		b.WriteString(" in " + p.Hex)
	case p.Piece != "":
		b.WriteString(" off the map")
	}
	return b.String()
}

// Related is another place a finding concerns, with a note that says what
// it is there ("already set up here").
type Related struct {
	At   Location
	Note string
}

// Subjects are what a finding is about: the qualified names of the
// units, leaders and formations, the labels of the hexes, and the
// offending values as written where they name nothing known (an unknown
// name, a misspelt key, a side).
type Subjects struct {
	Units      []string `json:"units,omitempty"`
	Leaders    []string `json:"leaders,omitempty"`
	Formations []string `json:"formations,omitempty"`
	Hexes      []string `json:"hexes,omitempty"`
	Values     []string `json:"values,omitempty"`
}

// Empty reports whether s names nothing.
func (s *Subjects) Empty() bool {
	return s == nil || len(s.Units)+len(s.Leaders)+len(s.Formations)+len(s.Hexes)+len(s.Values) == 0
}

// Edit replaces Old, the YAML scalar as written at At, with New.
type Edit struct {
	At  Pos
	Old string
	New string
}

// Fix is a suggested change: its title and its edits.
type Fix struct {
	Title string
	Edits []Edit
}

// About adds subjects to d and returns d; on nil (a check not
// configured raised nothing) it does nothing.
func (d *Diagnostic) About(s Subjects) *Diagnostic {
	if d == nil {
		return nil
	}
	if d.Subjects == nil {
		d.Subjects = &Subjects{}
	}
	d.Subjects.Units = append(d.Subjects.Units, s.Units...)
	d.Subjects.Leaders = append(d.Subjects.Leaders, s.Leaders...)
	d.Subjects.Formations = append(d.Subjects.Formations, s.Formations...)
	d.Subjects.Hexes = append(d.Subjects.Hexes, s.Hexes...)
	d.Subjects.Values = append(d.Subjects.Values, s.Values...)
	return d
}

// Cite adds a related place with its note and returns d; on nil it does
// nothing.
func (d *Diagnostic) Cite(at Location, note string) *Diagnostic {
	if d == nil {
		return nil
	}
	d.Related = append(d.Related, Related{At: at, Note: note})
	return d
}

// Offer sets d's hint to "did you mean with?" and adds the fix that
// writes with in place of old, the offending value at d's position.
func (d *Diagnostic) Offer(old, with string) *Diagnostic {
	d.Hint = DidYouMean(with)
	d.Fixes = append(d.Fixes, Fix{Title: "Change to " + with, Edits: []Edit{{At: d.Pos, Old: old, New: with}}})
	return d
}

// Fingerprint identifies a finding across edits that do not change what
// it is: made of its code, its subjects and its structural path, never of
// its message or position. A finding raised with List.Addf that names no
// subjects and no path is told by the values its check formatted into the
// message instead (its arguments, positions left out: not its wording).
// Two findings with the same fingerprint in the same file are the same
// finding as far as a baseline or a code-scanning service can tell.
func (d Diagnostic) Fingerprint() string {
	var b strings.Builder
	b.WriteString(strings.ToUpper(d.Code))
	b.WriteByte(0)
	b.WriteString(d.Path)
	if d.Subjects.Empty() && d.Path == "" {
		b.WriteByte(0)
		b.WriteString(strings.Join(d.args, "\x01"))
	}
	if s := d.Subjects; s != nil {
		for _, part := range [][]string{s.Units, s.Leaders, s.Formations, s.Hexes, s.Values} {
			b.WriteByte(0)
			names := slices.Clone(part)
			slices.Sort(names)
			b.WriteString(strings.Join(names, "\x01"))
		}
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:16])
}

// PlainFingerprint is d's fingerprint as it was before its check gave it
// subjects or a path (a finding raised with List.Addf that named neither
// was told by its code and the values formatted into its message): what a
// baseline written then holds for it. A baseline reads it after
// Fingerprint, so that entries written before a finding had its fields
// still match it.
func (d Diagnostic) PlainFingerprint() string {
	d.Path, d.Subjects = "", nil
	return d.Fingerprint()
}

// argValues are the arguments of a message, but positions, as text.
func argValues(args []any) []string {
	var out []string
	for _, a := range args {
		switch a.(type) {
		case Pos, *Pos, Location:
			continue
		}
		out = append(out, fmt.Sprint(a))
	}
	return out
}

// Reword, when set (by a test), rewrites every finding's message and
// hint once the checks have run, before any reader sees them: the test
// that proves no reader depends on the wording. Nil otherwise.
var Reword func(string) string

// Reworded returns ds with Reword applied to every message and hint;
// without Reword it returns ds as it is.
func Reworded(ds []Diagnostic) []Diagnostic {
	if Reword == nil {
		return ds
	}
	// A copy: a cache may hold the diagnostics it was given.
	ds = slices.Clone(ds)
	for i := range ds {
		ds[i].Message = Reword(ds[i].Message)
		if ds[i].Hint != "" {
			ds[i].Hint = Reword(ds[i].Hint)
		}
	}
	return ds
}
