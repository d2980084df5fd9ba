package report

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"
	"github.com/muster-wargames/muster/diag"
)

// text prints diagnostics as a compiler does: the position, severity, code
// and message, the rule and hint, then the source line and a caret.
type text struct {
	w     io.Writer
	texts Texts
	color bool
	// starts holds, per file, the offset where each line starts: indexed
	// once, not split again for every diagnostic.
	starts map[string][]int
	// long indexes the runes of a long line, once for all the
	// diagnostics on it (see runeIndex)
	long map[fileLine]*runeIndex
}

type fileLine struct {
	file string
	n    int
}

// Text is the text report, written as it goes.
func Text(w io.Writer, o Options) Report { return &text{w: w, texts: o.Texts, color: o.Color} }

func (t *text) paint(a color.Attribute, s string) string {
	if !t.color {
		return s
	}
	c := color.New(a, color.Bold)
	c.EnableColor()
	return c.Sprint(s)
}

func (t *text) Write(ds ...diag.Diagnostic) error {
	var b strings.Builder
	for _, d := range ds {
		if d.Suppression != nil {
			continue // counted in the summary
		}
		sev := d.Severity.String()
		switch d.Severity {
		case diag.Error:
			sev = t.paint(color.FgRed, sev)
		case diag.Warning:
			sev = t.paint(color.FgYellow, sev)
		default:
			sev = t.paint(color.FgCyan, sev)
		}
		// names and the battle's text are Printable: one line each
		fmt.Fprintf(&b, "%s: %s %s: %s", diag.Printable(d.Pos.String()), sev, diag.Printable(d.Code), diag.Printable(d.Message))
		if d.Rule != "" {
			fmt.Fprintf(&b, " [%s]", diag.Printable(d.Rule))
		}
		b.WriteString("\n")
		k := fileLine{d.Pos.File, d.Pos.Line}
		ix := t.long[k]
		src, ok := "", ix != nil
		if ix != nil {
			src = ix.s // a long line is made a string once
		} else if src, ok = t.line(d.Pos.File, d.Pos.Line); ok && len(src) > 4*echoWidth {
			if t.long == nil {
				t.long = map[fileLine]*runeIndex{}
			}
			ix = newRuneIndex(src)
			t.long[k] = ix
		}
		if ok && d.Pos.Column > 0 {
			shown, col := echoIn(src, ix, d.Pos.Column-1)
			fmt.Fprintf(&b, "    %s\n", shown)
			fmt.Fprintf(&b, "    %s%s\n", strings.Repeat(" ", col), t.paint(color.FgGreen, "^"))
		}
		if d.Hint != "" {
			fmt.Fprintf(&b, "    hint: %s\n", diag.Printable(d.Hint))
		}
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

func (t *text) Flush() error { return nil }

// line is line n of file, without its line break.
func (t *text) line(file string, n int) (string, bool) {
	src, ok := t.texts[file]
	if !ok || n < 1 {
		return "", false
	}
	if t.starts == nil {
		t.starts = map[string][]int{}
	}
	st, ok := t.starts[file]
	if !ok {
		st = []int{0}
		for i, c := range src {
			if c == '\n' {
				st = append(st, i+1)
			}
		}
		t.starts[file] = st
	}
	if n > len(st) {
		return "", false
	}
	end := len(src)
	if n < len(st) {
		end = st[n] - 1
	}
	return strings.TrimRight(string(src[st[n-1]:end]), "\r"), true
}

// echoWidth is about how many columns of a source line the report shows.
const echoWidth = 120

// runeIndex finds the byte offset of a rune of a long line without
// reading the line from its start: a line of megabytes with thousands of
// diagnostics on it is read once, not once a diagnostic.
type runeIndex struct {
	s     string
	runes int   // runes in s
	marks []int // byte offset of every runeStep-th rune
}

const runeStep = 256

func newRuneIndex(s string) *runeIndex {
	ix := &runeIndex{s: s}
	for i := range s {
		if ix.runes%runeStep == 0 {
			ix.marks = append(ix.marks, i)
		}
		ix.runes++
	}
	return ix
}

// at is the byte offset of rune r (len(s) past the last).
func (ix *runeIndex) at(r int) int {
	if r >= ix.runes {
		return len(ix.s)
	}
	i := ix.marks[r/runeStep]
	for k := r % runeStep; k > 0; k-- {
		_, n := utf8.DecodeRuneInString(ix.s[i:])
		i += n
	}
	return i
}

// echoIn makes a source line safe and short to print under a diagnostic:
// a tab becomes a space, a control character (a terminal escape) its \x
// escape, invalid UTF-8 \ufffd, and a line longer than echoWidth is cut
// around column col with … at each cut. It returns the line and the
// caret's column in it. ix indexes the runes of a long line (nil for a
// short one): then only the runes shown are read.
func echoIn(src string, ix *runeIndex, col int) (string, int) {
	offset, total := 0, 0 // runes cut off before src, and src's whole length
	if ix != nil {
		total = ix.runes
		col = max(0, min(col, total))
		from := max(0, min(col-echoWidth/2, total-echoWidth))
		to := min(total, from+echoWidth)
		src, offset, col = src[ix.at(from):ix.at(to)], from, col-from
	}
	// a rune is a cell of the line shown: its width is 1, or its escape's
	n := utf8.RuneCountInString(src)
	col = max(0, min(col, n))
	from, to := 0, n
	if to > echoWidth {
		from = max(0, col-echoWidth/2)
		to = min(n, from+echoWidth)
		from = max(0, to-echoWidth)
	}
	var b strings.Builder
	b.Grow(len(src) + 2*len("…"))
	caret := 0
	if from > 0 || offset > 0 {
		b.WriteString("…")
		caret = 1
	}
	i := 0
	for _, r := range src {
		if i >= to {
			break
		}
		if i >= from {
			w := 1
			switch {
			case r == '\t':
				b.WriteByte(' ')
			case diag.Unprintable(r):
				e := diag.EscapeRune(r)
				b.WriteString(e)
				w = len(e)
			default:
				b.WriteRune(r)
			}
			if i < col {
				caret += w
			}
		}
		i++
	}
	if to < n || offset+to < total {
		b.WriteString("…")
	}
	return b.String(), caret
}

// Summary is the closing line of a text report: "1 error, 2 warnings, 0
// info", and ", 2 suppressed" when suppressions or a baseline accept some
// (which the text report does not print and the other counts leave out).
func Summary(ds []diag.Diagnostic) string {
	shown := Unsuppressed(ds)
	e, w, i := diag.Count(shown, diag.Error), diag.Count(shown, diag.Warning), diag.Count(shown, diag.Info)
	s := fmt.Sprintf("%d %s, %d %s, %d info", e, diag.Plural(e, "error"), w, diag.Plural(w, "warning"), i)
	if n := len(ds) - len(shown); n > 0 {
		s += fmt.Sprintf(", %d suppressed", n)
	}
	return s
}

// Clean is the closing line of a text report with nothing to report: "5
// files, 2 scenarios: no problems", counting what was read and checked.
func Clean(files, scenarios int) string {
	return fmt.Sprintf("%d %s, %d %s: no problems", files, diag.Plural(files, "file"), scenarios, diag.Plural(scenarios, "scenario"))
}

// ErrorsOnly are the diagnostics of ds that are errors: what `--quiet`
// reports.
func ErrorsOnly(ds []diag.Diagnostic) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, d := range ds {
		if d.Severity == diag.Error {
			out = append(out, d)
		}
	}
	return out
}
