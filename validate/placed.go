package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// placed is one unit a set-up or an arrival group places, with what the
// scenario gives it.
type placed struct {
	pc      *battle.Piece
	u       *oob.Unit
	orders  string
	fatigue string
	pos     diag.Pos // where its fatigue is written (else the piece)
}

// pools calls f with the units the set-up places, then with those of each
// arrival group: each pool is placed at one time, and together.
func pools(s *battle.Scenario, f func(what string, ps []placed)) {
	var setup []placed
	for _, st := range s.Setup {
		for i := range st.Pieces {
			pc := &st.Pieces[i]
			o := pc.Orders
			if o == "" {
				o = st.Orders
			}
			fat, pos := pc.Fatigue, pc.FatiguePos
			if fat == "" {
				fat, pos = st.Fatigue.Level, st.Fatigue.Pos
			}
			for _, u := range pc.Ref.Units() {
				setup = append(setup, placed{pc, u, o, fat, pos})
			}
		}
	}
	f("the set-up", setup)
	for _, a := range s.Arrivals {
		var ps []placed
		for i := range a.Pieces {
			pc := &a.Pieces[i]
			fat, pos := pc.Fatigue, pc.FatiguePos
			if fat == "" {
				fat, pos = a.Fatigue.Level, a.Fatigue.Pos
			}
			for _, u := range pc.Ref.Units() {
				ps = append(ps, placed{pc, u, pc.Orders, fat, pos})
			}
		}
		f("the arrival of "+a.Time.Text(), ps)
	}
}

// formationAt is the formation of level the unit answers to in s: its
// attachment's when the piece is attached, the scenario's attachments
// followed; nil when it is under none of that level.
func formationAt(s *battle.Scenario, pc *battle.Piece, u *oob.Unit, level string) *oob.Formation {
	f := u.Formation
	if pc.Attached != nil {
		f = pc.Attached
	}
	for ; f != nil; f = s.Parent(f) {
		if f.Level == level {
			return f
		}
	}
	return nil
}

// byFormation groups a pool's units by their formation of level, in the
// order met; keep picks the units counted.
func byFormation(s *battle.Scenario, ps []placed, level string, keep func(placed) bool) ([]*oob.Formation, map[*oob.Formation][]placed) {
	var order []*oob.Formation
	out := map[*oob.Formation][]placed{}
	for _, x := range ps {
		if !keep(x) {
			continue
		}
		f := formationAt(s, x.pc, x.u, level)
		if f == nil {
			continue
		}
		if _, ok := out[f]; !ok {
			order = append(order, f)
		}
		out[f] = append(out[f], x)
	}
	return order, out
}
