package validate

import (
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/oob"
)

// independent reports whether leader l is independent in scenario s
// (Summer Storm 5.2.4): he leads a formation of the figures' levels that
// holds only mounted classes (a cavalry officer), or the scenario
// designates him.
func (p *pack) independent(s *battle.Scenario, l *oob.Leader) bool {
	in := p.f.Independent
	if l == nil || l.Formation == nil || !has(in.Levels, l.Formation.Level) {
		return false
	}
	if in.Mounted && cavalryOnly(l.Formation, p) {
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
func (p *pack) designations(s *battle.Scenario) {
	in := p.f.Independent
	for _, pc := range s.Independent {
		l := pc.Ref.Leader
		switch {
		case l == nil:
			p.flag(in.Check, pc.Pos, "%s is no leader; a scenario designates leaders independent: %s", pc.Ref.Name(), in.Title)
		case l.Officer || !has(in.Levels, l.Formation.Level):
			p.flag(in.Check, pc.Pos, "%s leads %s, not a %s; only those may be independent: %s", l.QualifiedName(), l.Formation.Label(), strings.Join(in.Levels, " or "), in.Title)
		}
	}
}
