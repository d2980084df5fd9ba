// Package diag holds muster's diagnostics: what every stage reports, with a
// stable code, a severity, the position of the offending YAML node, the rule
// it enforces and a hint.
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Severity of a diagnostic.
type Severity int

const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "info"
}

// MarshalText lets encoders write the severity by name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, bool) {
	switch s {
	case "error":
		return Error, true
	case "warning":
		return Warning, true
	case "info":
		return Info, true
	}
	return Info, false
}

// Pos is a place in a source file. Line and Column are 1-based; zero means
// unknown (a diagnostic about a whole battle, say).
type Pos struct {
	File   string
	Line   int
	Column int
}

func (p Pos) String() string {
	switch {
	case p.File == "":
		return "-"
	case p.Line == 0:
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Diagnostic is one finding.
type Diagnostic struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Pos      Pos      `json:"-"`
	Message  string   `json:"message"`
	Rule     string   `json:"rule,omitempty"`
	Hint     string   `json:"hint,omitempty"`
	// Suppression, when set, says the finding is accepted: by a
	// `# muster:ignore` comment in the source or by a baseline. A
	// suppressed finding is reported and counted, but never fails a run.
	Suppression *Suppression `json:"suppression,omitempty"`
	// Related are the other places the finding cites, each with a note;
	// Subjects what it is about; Fixes the edits that would fix it; Path
	// its structural place in its document (the YAML key path, say
	// "figures.stacking.limits"), for its Fingerprint. See fields.go.
	Related  []Related `json:"-"`
	Subjects *Subjects `json:"subjects,omitempty"`
	Fixes    []Fix     `json:"-"`
	Path     string    `json:"path,omitempty"`
	// args are the values Addf formatted into the message, but
	// positions: the fingerprint of a finding with no subjects and no
	// path.
	args []string
	// unreadable is its code's Unreadable, set by Addf.
	unreadable bool
}

// Unreadable reports whether the finding says that input could not be
// read: its code's Unreadable, as Addf raised it.
func (d Diagnostic) Unreadable() bool { return d.unreadable }

// Suppression says why a finding is accepted: Kind is "inSource" (a
// comment in the battle's files) or "external" (a baseline file), the
// kinds of SARIF's suppressions; Justification is the reason given.
type Suppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification"`
}

// Suppression kinds.
const (
	InSource = "inSource"
	External = "external"
)

// Its file name, message and rule are Printable: it is one line.
func (d Diagnostic) String() string {
	s := fmt.Sprintf("%s: %s %s: %s", d.Pos, d.Severity, d.Code, d.Message)
	if d.Rule != "" {
		s += " [" + d.Rule + "]"
	}
	return Printable(s)
}

// List collects diagnostics.
type List struct {
	items []Diagnostic
}

// Add records a diagnostic as it is: its code, severity and rule are the
// caller's.
func (l *List) Add(d Diagnostic) { l.items = append(l.items, d) }

// Addf records a diagnostic of code c at pos with a formatted message; the
// severity and rule are the code's defaults, which the caller may change
// through the returned pointer.
func (l *List) Addf(c Code, pos Pos, format string, args ...any) *Diagnostic {
	l.items = append(l.items, Diagnostic{Code: c.Code, Severity: c.Severity, Rule: c.Rule, Pos: pos, Message: fmt.Sprintf(format, args...), args: argValues(args), unreadable: c.Unreadable})
	return &l.items[len(l.items)-1]
}

// Append adds every diagnostic of other.
func (l *List) Append(other []Diagnostic) { l.items = append(l.items, other...) }

// Items returns the diagnostics, sorted by file, line, column, code and message.
func (l *List) Items() []Diagnostic {
	Sort(l.items)
	return l.items
}

// Len is the number of diagnostics.
func (l *List) Len() int { return len(l.items) }

// HasErrors reports whether any diagnostic is an error.
func (l *List) HasErrors() bool { return Count(l.items, Error) > 0 }

// Plural is word, or word with an "s" when n is not 1: "1 error",
// "2 errors", for messages and reports alike.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Count returns how many diagnostics have severity s.
func Count(ds []Diagnostic, s Severity) int {
	n := 0
	for _, d := range ds {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Sort orders diagnostics deterministically.
func Sort(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Column != b.Pos.Column {
			return a.Pos.Column < b.Pos.Column
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
}

// Code describes one diagnostic code: what muster checks and why. Codes are
// values, declared beside the code that raises them; package validate
// lists them all in one catalogue (validate.Catalogue), which `muster
// explain`, docs/codes.md, the reports and the tests read.
type Code struct {
	Code     string
	Severity Severity
	System   string // "all" or a rule system's id
	Rule     string // rulebook citation, e.g. "GBACW 8.12"
	Title    string
	Doc      string // a paragraph for `muster explain` and docs/codes.md
	// Func names the Go function that raises the code; Config, for a code
	// that ruleset data configures, where that data lives
	// (rulesets/tss.yaml figures.stacking.limits).
	Func   string
	Config string
	// Unreadable says the code means that input could not be read (no
	// battle folder, no such variant, a file that cannot be opened): a
	// run that raises it exits 2, not 1 (report.Exit). A diagnostic
	// raised with the code carries it (Diagnostic.Unreadable).
	Unreadable bool
}

// Catalogue is a list of codes.
type Catalogue []Code

// Lookup finds a code (case-insensitive).
func (c Catalogue) Lookup(code string) (Code, bool) {
	code = strings.ToUpper(code)
	for _, x := range c {
		if x.Code == code {
			return x, true
		}
	}
	return Code{}, false
}
