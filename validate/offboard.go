package validate

import (
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// entered is where a scenario brings a leader into play: set up (on the
// map at the first turn) or arriving at a time (off it until then).
type entered struct {
	pos      diag.Pos
	arrives  bool
	time     battle.Turn
	attached *oob.Formation // the formation the piece answers to, if attached
}

// entries lists the leaders a scenario sets up, then those it brings on,
// each once (the first place it gives him), in the order written.
func entries(s *battle.Scenario) ([]*oob.Leader, map[*oob.Leader]entered) {
	var order []*oob.Leader
	at := map[*oob.Leader]entered{}
	add := func(ps []battle.Piece, e entered) {
		for _, pc := range ps {
			for _, l := range pc.Ref.Leaders() {
				if _, seen := at[l]; seen {
					continue
				}
				e.pos, e.attached = pc.Pos, pc.Attached
				at[l] = e
				order = append(order, l)
			}
		}
	}
	for _, st := range s.Setup {
		add(st.Pieces, entered{})
	}
	for _, a := range s.Arrivals {
		add(a.Pieces, entered{arrives: true, time: a.Time})
	}
	return order, at
}

// offBoard checks, at a scenario's first turn, that no leader who is not
// independent is on the map while his superior is off it, or the reverse
// (Summer Storm 5.25, tactical game): the set-up is on the map, every
// arrival off it until it comes on.
func (p *pass) offBoard(s *battle.Scenario) {
	c := p.f.Independent.OffBoard
	if c.Code == "" {
		return
	}
	t := p.tree()
	order, at := entries(s)
	for _, l := range order {
		lf := l.Formation
		if f := t.standsFor[l]; f != nil {
			lf = f // a spare leader answers as the leader he replaces
		} else if l.Officer {
			continue
		}
		if lf == nil || !slices.Contains(c.Levels, lf.Level) || p.independent(s, l) {
			continue
		}
		e := at[l]
		sup := t.commander(t.parent(lf))
		if e.attached != nil {
			sup = t.commander(e.attached)
		}
		if sup == nil || sup == l || sup.Formation == nil || !slices.Contains(c.Over, sup.Formation.Level) {
			continue
		}
		se, ok := at[sup]
		if !ok || se.arrives == e.arrives {
			continue
		}
		var msg string
		if e.arrives {
			msg = fmt.Sprintf("%s starts scenario %s out of command at %s: his %s commander %s is set up on the map, and he arrives at %s", l.QualifiedName(), s.ID, s.First.Text(), sup.Formation.Level, sup.QualifiedName(), e.time.Text())
		} else {
			msg = fmt.Sprintf("%s starts scenario %s out of command at %s: he is set up on the map, and his %s commander %s arrives at %s", l.QualifiedName(), s.ID, s.First.Text(), sup.Formation.Level, sup.QualifiedName(), se.time.Text())
		}
		if d := p.flagged(c.Check, e.pos, "%s", msg).About(aboutLeaders(l.QualifiedName(), sup.QualifiedName())); d != nil {
			d.Hint = "set both up or bring both on together, or list " + l.Name + " under the scenario's independent:"
		}
	}
}
