package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/fatih/color"
	"github.com/muster-wargames/muster/diag"
)

// Texts looks up the source of a file by the path diagnostics show.
type Texts map[string][]byte

func (t Texts) line(file string, n int) (string, bool) {
	src, ok := t[file]
	if !ok || n < 1 {
		return "", false
	}
	lines := bytes.Split(src, []byte("\n"))
	if n > len(lines) {
		return "", false
	}
	return strings.TrimRight(string(lines[n-1]), "\r"), true
}

// WriteText prints diagnostics as a compiler does: the position, severity,
// code and message, the rule and hint, then the source line and a caret.
func WriteText(w io.Writer, ds []diag.Diagnostic, texts Texts, useColor bool) {
	paint := func(a color.Attribute, s string) string {
		if !useColor {
			return s
		}
		c := color.New(a, color.Bold)
		c.EnableColor()
		return c.Sprint(s)
	}
	for _, d := range ds {
		sev := d.Severity.String()
		switch d.Severity {
		case diag.Error:
			sev = paint(color.FgRed, sev)
		case diag.Warning:
			sev = paint(color.FgYellow, sev)
		default:
			sev = paint(color.FgCyan, sev)
		}
		fmt.Fprintf(w, "%s: %s %s: %s", d.Pos, sev, d.Code, d.Message)
		if d.Rule != "" {
			fmt.Fprintf(w, " [%s]", d.Rule)
		}
		fmt.Fprintln(w)
		if src, ok := texts.line(d.Pos.File, d.Pos.Line); ok && d.Pos.Column > 0 {
			src = strings.ReplaceAll(src, "\t", " ")
			fmt.Fprintf(w, "    %s\n", src)
			col := d.Pos.Column - 1
			if col > len([]rune(src)) {
				col = len([]rune(src))
			}
			fmt.Fprintf(w, "    %s%s\n", strings.Repeat(" ", col), paint(color.FgGreen, "^"))
		}
		if d.Hint != "" {
			fmt.Fprintf(w, "    hint: %s\n", d.Hint)
		}
	}
}

// Summary is the closing line of a text report.
func Summary(ds []diag.Diagnostic) string {
	e, w, i := diag.Count(ds, diag.Error), diag.Count(ds, diag.Warning), diag.Count(ds, diag.Info)
	return fmt.Sprintf("%d %s, %d %s, %d info", e, plural(e, "error"), w, plural(w, "warning"), i)
}

func plural(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

type jsonDiag struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
	Rule     string `json:"rule"`
	Hint     string `json:"hint"`
}

// WriteJSON prints {"diagnostics":[...]}.
func WriteJSON(w io.Writer, ds []diag.Diagnostic) error {
	out := struct {
		Diagnostics []jsonDiag `json:"diagnostics"`
	}{Diagnostics: []jsonDiag{}}
	for _, d := range ds {
		out.Diagnostics = append(out.Diagnostics, jsonDiag{d.Code, d.Severity.String(), d.Pos.File, d.Pos.Line, d.Pos.Column, d.Message, d.Rule, d.Hint})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// Reporter writes diagnostics in one format.
type Reporter func(w io.Writer, ds []diag.Diagnostic, texts Texts, useColor bool) error

// Reporters are the formats `--format` accepts. Other files of this
// package add theirs in init functions.
var Reporters = map[string]Reporter{
	"text": func(w io.Writer, ds []diag.Diagnostic, texts Texts, useColor bool) error {
		WriteText(w, ds, texts, useColor)
		return nil
	},
	"json": func(w io.Writer, ds []diag.Diagnostic, _ Texts, _ bool) error { return WriteJSON(w, ds) },
}

// ReporterNames lists the formats, sorted.
func ReporterNames() []string {
	var out []string
	for k := range Reporters {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Exit statuses of `muster validate` and `muster build`.
const (
	ExitClean    = 0 // no errors (warnings and info allowed)
	ExitErrors   = 1 // errors found
	ExitBadInput = 2 // bad usage, or input that cannot be read
)

// ExitStatus is the exit status a set of diagnostics calls for: 2 when the
// battle itself cannot be read (no battle.yaml, or battle.yaml unreadable),
// 1 when there are errors, else 0.
func ExitStatus(ds []diag.Diagnostic) int {
	for _, d := range ds {
		if d.Code == "B001" || (d.Code == "Y008" && d.Pos.Line == 0 && strings.HasSuffix(d.Pos.File, "battle.yaml")) {
			return ExitBadInput
		}
	}
	if diag.Count(ds, diag.Error) > 0 {
		return ExitErrors
	}
	return ExitClean
}
