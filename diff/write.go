package diff

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/diag"
)

// titles are the Markdown headings of the sections.
var titles = map[Section]string{
	Battle:      "Battle",
	Units:       "Units",
	Leaders:     "Leaders",
	Formations:  "Formations",
	Scenarios:   "Scenarios",
	Setup:       "Set-ups",
	Arrivals:    "Arrivals",
	Withdrawals: "Withdrawals",
	Map:         "Map",
	Rules:       "Rules",
	Variants:    "Variants",
}

// perScenario are the sections whose changes are listed under a heading
// for each scenario.
func perScenario(s Section) bool { return s == Setup || s == Arrivals || s == Withdrawals }

// esc writes text from the battle so Markdown shows it as written.
func esc(s string) string {
	s = diag.Printable(s)
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", ">", "&gt;", "|", `\|`, "#", `\#`)
	return r.Replace(s)
}

func code(s string) string {
	s = diag.Printable(s)
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

func text(p *string, quote func(string) string) string {
	if p == nil {
		return "none"
	}
	return quote(*p)
}

// Line writes one change as a line of the Markdown release notes: "- "
// and the change, and a newline.
func Line(c Change) string { return line(c, esc, code) }

// Text writes one change as Line does, as plain text: no "- ", no
// newline, nothing escaped (for a picture's notes).
func Text(c Change) string {
	plain := func(s string) string { return diag.Printable(s) }
	return strings.TrimSuffix(strings.TrimPrefix(line(c, plain, plain), "- "), "\n")
}

// line writes one change as a line of release notes, esc quoting the
// battle's text and code the ruleset's paths and values.
func line(c Change, esc, code func(string) string) string {
	q := esc
	subject := esc(c.Subject)
	if c.Section == Rules {
		q = code
		subject = code(c.Subject)
	}
	side := ""
	if c.Side != "" {
		side = esc(c.Side) + " "
	}
	var s string
	switch c.Action {
	case Added, Removed:
		if c.Field != "" {
			s = fmt.Sprintf("%s%s: %s %s", side, subject, c.Action, esc(c.Field))
		} else {
			s = fmt.Sprintf("%s%s %s", side, c.Action, subject)
		}
		v := c.New
		if c.Action == Removed {
			v = c.Old
		}
		switch {
		case v == nil || *v == "":
		case c.Field != "":
			s += " " + q(*v)
		default:
			s += " (" + q(*v) + ")"
		}
	case Renamed:
		s = fmt.Sprintf("%s%s renamed %s", side, esc(c.Was), subject)
	case Moved:
		s = fmt.Sprintf("%s%s moved to %s", side, esc(c.Was), text(c.New, esc))
		if c.Section == Formations {
			s += " (now " + subject + ")"
		}
	default:
		if c.Field == "" {
			s = fmt.Sprintf("%s%s: %s → %s", side, subject, text(c.Old, q), text(c.New, q))
		} else {
			s = fmt.Sprintf("%s%s: %s %s → %s", side, subject, esc(c.Field), text(c.Old, q), text(c.New, q))
		}
	}
	if c.Note != "" {
		s += " — " + esc(c.Note)
	}
	return "- " + s + "\n"
}

// Markdown writes the changes as release notes: a heading, then a section
// for each kind of change, one line a change ("No changes." when there
// are none).
func (r Result) Markdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Changes from %s to %s\n", esc(r.Old), esc(r.New))
	if len(r.Changes) == 0 {
		b.WriteString("\nNo changes.\n")
	}
	var sec Section
	scenario := "\x00"
	for _, c := range r.Changes {
		if c.Section != sec {
			sec, scenario = c.Section, "\x00"
			fmt.Fprintf(&b, "\n## %s\n\n", titles[sec])
		}
		if perScenario(sec) && c.Scenario != scenario {
			if scenario != "\x00" {
				b.WriteString("\n")
			}
			scenario = c.Scenario
			fmt.Fprintf(&b, "### Scenario %s\n\n", esc(scenario))
		}
		b.WriteString(Line(c))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON writes the changes as JSON (schema/schemas/diff.schema.json):
// {"format": "muster-diff", "version": 1, "old", "new", "changes": [...]},
// each change one compact line.
func (r Result) JSON(w io.Writer) error {
	var b strings.Builder
	head, err := json.Marshal(struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
		Old     string `json:"old"`
		New     string `json:"new"`
	}{Format, Version, r.Old, r.New})
	if err != nil {
		return err
	}
	b.Write(head[:len(head)-1])
	b.WriteString(`,"changes":[`)
	for i, c := range r.Changes {
		if i > 0 {
			b.WriteString(",")
		}
		data, err := json.Marshal(c)
		if err != nil {
			return err
		}
		b.WriteString("\n  ")
		b.Write(data)
	}
	if len(r.Changes) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("]}\n")
	_, err = io.WriteString(w, b.String())
	return err
}
