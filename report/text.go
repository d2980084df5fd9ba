package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"
	"github.com/muster-wargames/muster/diag"
)

// text prints diagnostics as a compiler does: the position, severity, code
// and message, the rule and hint, then the source line and a caret.
type text struct {
	w     io.Writer
	texts Texts
	color bool
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
		fmt.Fprintf(&b, "%s: %s %s: %s", d.Pos, sev, d.Code, d.Message)
		if d.Rule != "" {
			fmt.Fprintf(&b, " [%s]", d.Rule)
		}
		b.WriteString("\n")
		if src, ok := t.texts.line(d.Pos.File, d.Pos.Line); ok && d.Pos.Column > 0 {
			src = strings.ReplaceAll(src, "\t", " ")
			fmt.Fprintf(&b, "    %s\n", src)
			col := d.Pos.Column - 1
			if col > len([]rune(src)) {
				col = len([]rune(src))
			}
			fmt.Fprintf(&b, "    %s%s\n", strings.Repeat(" ", col), t.paint(color.FgGreen, "^"))
		}
		if d.Hint != "" {
			fmt.Fprintf(&b, "    hint: %s\n", d.Hint)
		}
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

func (t *text) Flush() error { return nil }

// Summary is the closing line of a text report: "1 error, 2 warnings, 0
// info", and ", 2 suppressed" when suppressions or a baseline accept some
// (which the text report does not print and the other counts leave out).
func Summary(ds []diag.Diagnostic) string {
	shown := Unsuppressed(ds)
	e, w, i := diag.Count(shown, diag.Error), diag.Count(shown, diag.Warning), diag.Count(shown, diag.Info)
	s := fmt.Sprintf("%d %s, %d %s, %d info", e, plural(e, "error"), w, plural(w, "warning"), i)
	if n := len(ds) - len(shown); n > 0 {
		s += fmt.Sprintf(", %d suppressed", n)
	}
	return s
}
