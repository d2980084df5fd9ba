package validate

import (
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodeNoIndependent is raised for designations of independent leaders in a
// system that has none.
var CodeNoIndependent = diag.Code{Code: "N046", Severity: diag.Error, Title: "independent leaders designated in a system without them",
	Doc: "A scenario designates leaders independent (`independent:`), but its rule system has no such designation: only Summer Storm lets a scenario make a divisional officer independent, rolling for and spending his own command points (Summer Storm 5.2.4). Remove the block, or say in the battle's `rules: figures: independent:` which leaders may be designated."}

// independent reports whether leader l is independent in scenario s
// (Summer Storm 5.2.4): he leads a formation of the figures' levels that
// holds only mounted classes (a cavalry officer), or the scenario
// designates him.
func (p *pass) independent(s *battle.Scenario, l *oob.Leader) bool {
	in := p.f.Independent
	if l == nil || l.Formation == nil || !has(in.Levels, l.Formation.Level) {
		return false
	}
	if in.Mounted && p.b.MountedOnly(l.Formation) {
		return true
	}
	for _, pc := range s.Independent {
		if pc.Ref.Leader == l {
			return true
		}
	}
	return false
}

// designations checks a scenario's `independent:`: each a leader of a
// formation at a level whose leaders may be independent.
func (p *pass) designations(s *battle.Scenario) {
	in := p.f.Independent
	if in.Code == "" {
		for _, pc := range s.Independent {
			p.absent(CodeNoIndependent, pc.Pos, "independent", "independent", "has no independent leaders to designate; scenario %s designates %s", s.ID, pc.Ref.Name()).About(pc.Ref.Subjects())
		}
		return
	}
	for _, pc := range s.Independent {
		l := pc.Ref.Leader
		switch {
		case l == nil:
			p.flagged(in.Check, pc.Pos, "%s is no leader; a scenario designates leaders independent: %s", pc.Ref.Name(), in.Title).About(pc.Ref.Subjects())
		case l.Officer || !has(in.Levels, l.Formation.Level):
			p.flagged(in.Check, pc.Pos, "%s leads %s, not a %s; only those may be independent: %s", l.QualifiedName(), l.Formation.Label(), strings.Join(in.Levels, " or "), in.Title).About(aboutLeaders(l.QualifiedName()))
		}
	}
}
