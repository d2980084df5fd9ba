package validate

import (
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// levelMax checks that no side has more formations of a level, with their
// leaders, in play at once than the figures allow (Summer Storm 5.4.1:
// Meade's two wing commanders). A leader set up or arrived stays in play
// until a withdrawal takes him off; the set-up counts first, then each
// time in turn order, withdrawals before arrivals. Each side is reported
// once, where the leader who goes over the limit is set up or arrives.
func (p *pass) levelMax(s *battle.Scenario) {
	for _, lm := range p.f.LevelMax {
		if lm.Code == "" || lm.Max <= 0 {
			continue
		}
		leads := func(l *oob.Leader) bool {
			return !l.Officer && l.Formation != nil && l.Formation.Level == lm.Level && l.Formation.Leader == l
		}
		type step struct {
			index   int // -1: the set-up
			side    string
			leaving bool
			pieces  []battle.Piece
			time    battle.Turn
		}
		var steps []step
		for _, st := range s.Setup {
			steps = append(steps, step{index: -1, side: st.Side, pieces: st.Pieces, time: s.First})
		}
		for _, a := range s.Arrivals {
			steps = append(steps, step{index: a.Time.Index, side: a.Side, pieces: a.Pieces, time: a.Time})
		}
		for _, w := range s.Withdrawals {
			steps = append(steps, step{index: w.Time.Index, side: w.Side, leaving: true, pieces: w.Pieces, time: w.Time})
		}
		sort.SliceStable(steps, func(i, j int) bool {
			if steps[i].index != steps[j].index {
				return steps[i].index < steps[j].index
			}
			return steps[i].leaving && !steps[j].leaving
		})
		in := map[string][]*oob.Leader{} // by side, in the order they came
		done := map[string]bool{}
		for _, st := range steps {
			for _, pc := range st.pieces {
				for _, l := range pc.Ref.Leaders() {
					if !leads(l) {
						continue
					}
					has := false
					for i, x := range in[st.side] {
						if x == l {
							has = true
							if st.leaving {
								in[st.side] = append(in[st.side][:i:i], in[st.side][i+1:]...)
							}
							break
						}
					}
					if st.leaving || has {
						continue
					}
					in[st.side] = append(in[st.side], l)
					if len(in[st.side]) <= lm.Max || done[st.side] {
						continue
					}
					done[st.side] = true
					var names []string
					for _, x := range in[st.side] {
						names = append(names, x.Name+" ("+x.Formation.Label()+")")
					}
					when := "at set-up"
					if st.index >= 0 {
						when = "from " + st.time.Text()
					}
					if d := p.flagged(lm.Check, pc.Pos, "scenario %s has %d %ss of %s with their leaders in play %s: %s; at most %d at a time", s.ID, len(in[st.side]), lm.Level, st.side, when, strings.Join(names, ", "), lm.Max).About(diag.Subjects{Leaders: []string{l.QualifiedName()}, Values: []string{st.side}}); d != nil {
						d.Hint = "leave " + l.Name + " out, or withdraw another " + lm.Level + " leader first"
					}
				}
			}
		}
	}
}
