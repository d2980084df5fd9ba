package validate

import (
	"slices"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// leaderStacks checks that every leader set up on the map shares his hex
// with a unit of his own command, or with what figures.leader_stack lets
// him stack with instead (TSS 17.3). A group placement spread over several
// hexes is not one stack and is not checked.
func (p *pass) leaderStacks(s *battle.Scenario) {
	ls := p.f.LeaderStack
	if ls.Code == "" {
		return
	}
	at := map[*oob.Leader]*diag.Pos{}
	for _, st := range s.Setup {
		for i := range st.Pieces {
			pc := &st.Pieces[i]
			for _, l := range pc.Ref.Leaders() {
				if _, ok := at[l]; !ok {
					at[l] = &pc.Pos
				}
			}
		}
	}
	for _, g := range p.setup().groups {
		if g.within > 0 {
			continue
		}
		for _, l := range g.leaders {
			if l.Formation == nil || p.leaderStacked(s, g, l) {
				continue
			}
			pos := at[l]
			if pos == nil {
				pos = g.pos()
			}
			why := "alone"
			if len(g.pieces) > 0 {
				why = "with no unit of his command"
			}
			d := p.flagged(ls.Check, *pos, "%s stack in %s: %s: %s is there %s (his command is %s)", g.side, g.label(), ls.Title, l.QualifiedName(), why, l.Formation.Label())
			if d == nil {
				continue
			}
			d.Hint = "set him up with a unit of his command"
			d.About(diag.Subjects{Leaders: []string{l.QualifiedName()}, Hexes: []string{g.label()}})
			if ls.Superiors {
				d.Hint += " or with a leader above him"
			}
		}
	}
}

// leaderStacked reports whether leader l may stay in group g.
func (p *pass) leaderStacked(s *battle.Scenario, g *group, l *oob.Leader) bool {
	ls := p.f.LeaderStack
	above := func(f *oob.Formation) bool { // f is a formation above l's
		for x := s.Parent(l.Formation); x != nil; x = s.Parent(x) {
			if x == f {
				return true
			}
		}
		return false
	}
	for _, pc := range g.pieces {
		if slices.Contains(ls.Any, pc.class) {
			return true
		}
		for f := pc.unit.Formation; f != nil; f = s.Parent(f) {
			if f == l.Formation {
				return true // a unit of his command
			}
		}
		if slices.Contains(ls.SuperiorClasses, pc.class) && above(pc.unit.Formation) {
			return true
		}
	}
	if ls.Superiors {
		for _, o := range g.leaders {
			if o != l && o.Formation != nil && above(o.Formation) {
				return true
			}
		}
	}
	return false
}
