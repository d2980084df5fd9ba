// Package report writes diagnostics in the formats `--format` names (text,
// json, sarif, github, junit) and holds the exit policy that turns them into
// an exit status.
//
// Every format is a Report: Write takes diagnostics, in the order given,
// and Flush ends the report. Formats that must see every diagnostic first
// (json, sarif, junit) write everything on Flush; text and github write as
// they go. A report reads only what its Options give it, so the metadata of
// codes comes from Options.Lookup, never from the order in which codes were
// registered.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/muster-wargames/muster/diag"
)

// Report writes diagnostics in one format.
type Report interface {
	// Write adds diagnostics to the report.
	Write(ds ...diag.Diagnostic) error
	// Flush ends the report, writing what it has held back.
	Flush() error
}

// Options are what a report may read besides the diagnostics.
type Options struct {
	// Texts holds the source of every file read, by the path diagnostics
	// show: text quotes the line a diagnostic is on, junit has one test
	// case per file.
	Texts Texts
	// Color paints the text report with ANSI escapes.
	Color bool
	// Lookup gives a code's title, documentation and rule (sarif lists
	// them as the run's rules); nil knows no code.
	Lookup func(code string) (diag.Code, bool)
	// Version is muster's version, which sarif names as the tool's.
	Version string
	// Root is the absolute folder that SARIF's %SRCROOT% stands for (the
	// working folder): files given by absolute paths under it are shown
	// relative to it. "" makes no path relative.
	Root string
	// Elapsed is how long the run took, junit's time attributes.
	Elapsed time.Duration
	// Failed says why the run failed after its findings were made (build
	// could not write its output): sarif's run then did not execute
	// successfully and carries it as a tool execution notification.
	Failed string
	// Docs is the base URL of muster's docs folder, for sarif's helpUri
	// and informationUri; "" is DefaultDocs (and the project's page).
	Docs string
}

func (o Options) lookup(code string) (diag.Code, bool) {
	if o.Lookup == nil {
		return diag.Code{}, false
	}
	return o.Lookup(code)
}

// Texts looks up the source of a file by the path diagnostics show.
type Texts map[string][]byte

// Format is one report format: its name for `--format` and its constructor.
type Format struct {
	Name string
	New  func(w io.Writer, o Options) Report
}

// Formats are every report format.
var Formats = []Format{
	{"text", Text},
	{"json", JSON},
	{"sarif", SARIF},
	{"github", GitHub},
	{"junit", JUnit},
}

// Find returns the named format; its error names every format.
func Find(name string) (Format, error) {
	for _, f := range Formats {
		if f.Name == name {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("--format must be one of %s, not %q", strings.Join(Names(), ", "), name)
}

// New returns a report in the named format.
func New(format string, w io.Writer, o Options) (Report, error) {
	f, err := Find(format)
	if err != nil {
		return nil, err
	}
	return f.New(w, o), nil
}

// Names lists the formats' names, sorted.
func Names() []string {
	out := make([]string, 0, len(Formats))
	for _, f := range Formats {
		out = append(out, f.Name)
	}
	sort.Strings(out)
	return out
}

// Write writes ds as one whole report in the named format.
func Write(format string, w io.Writer, ds []diag.Diagnostic, o Options) error {
	r, err := New(format, w, o)
	if err != nil {
		return err
	}
	if err := r.Write(ds...); err != nil {
		return err
	}
	return r.Flush()
}

// held is the part of a report that writes only on Flush.
type held struct{ ds []diag.Diagnostic }

func (h *held) Write(ds ...diag.Diagnostic) error {
	h.ds = append(h.ds, ds...)
	return nil
}
