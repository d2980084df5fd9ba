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
}

func (d Diagnostic) String() string {
	s := fmt.Sprintf("%s: %s %s: %s", d.Pos, d.Severity, d.Code, d.Message)
	if d.Rule != "" {
		s += " [" + d.Rule + "]"
	}
	return s
}

// List collects diagnostics.
type List struct {
	items []Diagnostic
}

// Add records a diagnostic of a registered code. The code's default
// severity and rule are used unless the caller set them.
func (l *List) Add(d Diagnostic) {
	if c, ok := Lookup(d.Code); ok {
		if d.Rule == "" {
			d.Rule = c.Rule
		}
		if d.Severity == Info && c.Severity != Info {
			d.Severity = c.Severity
		}
	}
	l.items = append(l.items, d)
}

// Addf records code at pos with a formatted message.
func (l *List) Addf(code string, pos Pos, format string, args ...any) *Diagnostic {
	l.Add(Diagnostic{Code: code, Pos: pos, Message: fmt.Sprintf(format, args...)})
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

// Code describes one diagnostic code: what muster checks and why.
type Code struct {
	Code     string
	Severity Severity
	System   string // "all", "gbacw", "tss", "summer-storm", "amfs"
	Rule     string // rulebook citation, e.g. "GBACW 8.12"
	Title    string
	Doc      string // a paragraph for `muster explain` and docs/codes.md
}

var registry = map[string]Code{}

// Register adds codes to the registry. Registering a code twice panics: codes
// are stable identifiers and must be unique.
func Register(cs ...Code) {
	for _, c := range cs {
		if _, dup := registry[c.Code]; dup {
			panic("diag: code registered twice: " + c.Code)
		}
		if c.System == "" {
			c.System = "all"
		}
		registry[c.Code] = c
	}
}

// Lookup finds a registered code (case-insensitive).
func Lookup(code string) (Code, bool) {
	c, ok := registry[strings.ToUpper(code)]
	return c, ok
}

// Codes returns every registered code, sorted.
func Codes() []Code {
	out := make([]Code, 0, len(registry))
	for _, c := range registry {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
