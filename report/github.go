package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/diag"
)

// GitHub Actions workflow commands
// (https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions):
// one ::error, ::warning or ::notice line per diagnostic, which the runner
// shows as an annotation on the file and line.

// A command's data and its properties are escaped as the runner decodes
// them (% \r \n; and : , in a property); what comes from the battle (file
// names, messages, hints) is made Printable first, so that no control
// character reaches the log, and the only line breaks are the report's own
// (a hint's), escaped as %0A: one diagnostic is one command line.
var (
	ghData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghProp is a property value: Printable, then escaped.
func ghProp(s string) string { return ghProperty.Replace(diag.Printable(s)) }

type github struct {
	w          io.Writer
	suppressed int
}

// GitHub is the report as GitHub Actions workflow commands, written as it
// goes. Suppressed findings make no annotation; Flush counts them in one
// ::notice.
func GitHub(w io.Writer, _ Options) Report { return &github{w: w} }

func (g *github) Flush() error {
	if g.suppressed == 0 {
		return nil
	}
	_, err := fmt.Fprintf(g.w, "::notice title=muster::%d %s suppressed (muster:ignore comments or a baseline)\n", g.suppressed, diag.Plural(g.suppressed, "finding"))
	return err
}

func (g *github) Write(ds ...diag.Diagnostic) error {
	for _, d := range ds {
		if d.Suppression != nil {
			g.suppressed++
			continue
		}
		cmd := "notice"
		switch d.Severity {
		case diag.Error:
			cmd = "error"
		case diag.Warning:
			cmd = "warning"
		}
		var props []string
		if d.Pos.File != "" {
			props = append(props, "file="+ghProp(d.Pos.File))
			if d.Pos.Line > 0 {
				props = append(props, fmt.Sprintf("line=%d", d.Pos.Line))
				if d.Pos.Column > 0 {
					props = append(props, fmt.Sprintf("col=%d", d.Pos.Column))
				}
			}
		}
		props = append(props, "title="+ghProp(d.Code))
		msg := diag.Printable(d.Message)
		if d.Rule != "" {
			msg += " [" + diag.Printable(d.Rule) + "]"
		}
		if d.Hint != "" {
			msg += "\nhint: " + diag.Printable(d.Hint)
		}
		if _, err := fmt.Fprintf(g.w, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData.Replace(msg)); err != nil {
			return err
		}
	}
	return nil
}
