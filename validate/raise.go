package validate

import (
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// absent raises code at pos for data a system without the rules for it
// was given: what follows "<system> " in the message, and a hint to remove
// key or configure the figures section that holds those rules.
func (p *pass) absent(code diag.Code, pos diag.Pos, key, figures, format string, args ...any) *diag.Diagnostic {
	d := p.l.Addf(code, pos, "%s "+format, append([]any{p.b.Rules.System}, args...)...)
	d.Hint = "remove " + key + ":, or configure figures." + figures + " under the battle's rules:"
	return d
}

// flagged raises a check that ruleset data configures (its code, severity
// and rule), at pos, and returns the diagnostic for its subjects and hint:
// nil, and nothing raised, for a check with no code (About, Cite and
// Offer do nothing on nil).
func (p *pass) flagged(c rulesets.Check, pos diag.Pos, format string, args ...any) *diag.Diagnostic {
	if c.Code == "" {
		return nil
	}
	return p.l.Addf(diag.Code{Code: c.Code, Severity: c.Sev(), Rule: c.Rule}, pos, format, args...)
}

// What a finding is about, for diag.Diagnostic.About: every finding names
// its subjects (or has a path), so that its fingerprint is what it is
// about, not the values formatted into its message (TestFields).

// aboutUnits names units by their qualified names.
func aboutUnits(names ...string) diag.Subjects { return diag.Subjects{Units: names} }

// aboutLeaders names leaders by their qualified names.
func aboutLeaders(names ...string) diag.Subjects { return diag.Subjects{Leaders: names} }

// aboutFormations names formations by their labels.
func aboutFormations(labels ...string) diag.Subjects { return diag.Subjects{Formations: labels} }

// aboutValues names values as written: a side, a turn, a name that names
// nothing known.
func aboutValues(vs ...string) diag.Subjects { return diag.Subjects{Values: vs} }

// unitNames are the qualified names of us.
func unitNames(us []*oob.Unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.QualifiedName())
	}
	return out
}
