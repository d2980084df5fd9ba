package validate

import (
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/rulesets"
)

// absent raises code at pos for data a system without the rules for it
// was given: what follows "<system> " in the message, and a hint to remove
// key or configure the figures section that holds those rules.
func (p *pass) absent(code diag.Code, pos diag.Pos, key, figures, format string, args ...any) {
	d := p.l.Addf(code, pos, "%s "+format, append([]any{p.b.Rules.System}, args...)...)
	d.Hint = "remove " + key + ":, or configure figures." + figures + " under the battle's rules:"
}

// flag raises a check that ruleset data configures (its code, severity and
// rule), at pos: a no-op for a check with no code.
func (p *pass) flag(c rulesets.Check, pos diag.Pos, format string, args ...any) {
	p.flagged(c, pos, format, args...)
}

// flagged is flag returning the diagnostic, for a hint; nil when the check
// is not configured.
func (p *pass) flagged(c rulesets.Check, pos diag.Pos, format string, args ...any) *diag.Diagnostic {
	if c.Code == "" {
		return nil
	}
	return p.l.Addf(diag.Code{Code: c.Code, Severity: c.Sev(), Rule: c.Rule}, pos, format, args...)
}
