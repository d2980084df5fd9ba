package validate

import (
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// leaders checks where a set-up places leaders: one with no friendly
// combat unit in his hex may not stand next to an enemy combat unit.
func (p *pass) leaders(s *battle.Scenario) {
	p.leaderTurns(s)
	p.standIns(s)
	c := p.f.Leaders.AloneAdjacent
	if c.Code == "" {
		return
	}
	g := p.b.Map.Grid
	set := p.setup()
	for _, grp := range set.groups {
		if grp.within > 0 || len(grp.leaders) == 0 || len(grp.pieces) > 0 {
			continue
		}
		if set.idx.first(grp.hex, func(o *group) bool { return o.side == grp.side && len(o.pieces) > 0 && o.within == 0 }) != nil {
			continue // stacked with friendly units listed apart
		}
		for _, n := range g.Neighbours(grp.hex) {
			e := set.idx.first(n, func(o *group) bool { return o.side != grp.side && len(o.pieces) > 0 && o.within == 0 })
			if e == nil {
				continue
			}
			if d := p.flagged(c, *grp.pos(), "leader %s sets up alone in %s, next to %s's %s in %s: %s", grp.leaders[0].QualifiedName(), grp.label(), e.side, e.pieces[0].unit.QualifiedName(), e.label(), c.Title).About(diag.Subjects{Units: []string{e.pieces[0].unit.QualifiedName()}, Leaders: []string{grp.leaders[0].QualifiedName()}, Hexes: []string{grp.label(), e.label()}}); d != nil {
				d.Hint = "the rules move such a leader to the nearest friendly combat unit at once, or kill him; stack him with a unit"
			}
			break
		}
	}
}

// leaderTurns checks when a scenario puts leaders in play: none before his
// counter's first turn (forces from:), set up with the leader he joins on
// that turn (with:), and each on the counter his forces give for the turn
// (counters:; 3DoG BB 4.41, 4.44).
func (p *pass) leaderTurns(s *battle.Scenario) {
	lf := p.f.Leaders
	if lf.From.Code == "" && lf.Counter.Code == "" {
		return
	}
	setupHex := map[*oob.Leader]battle.HexRef{}
	for _, st := range s.Setup {
		if st.Within > 0 {
			continue
		}
		for _, pc := range st.Pieces {
			for _, l := range pc.Ref.Leaders() {
				setupHex[l] = st.Hex
			}
		}
	}
	turn := func(t string) (battle.Turn, bool) {
		tt, err := p.b.ParseTime(t)
		return tt, err == nil // battle reported a bad time (N001)
	}
	// hex is the set-up hex, nil for an arrival or a group placement
	visit := func(pc *battle.Piece, at battle.Turn, setup bool, hex *battle.HexRef) {
		what := "sets up"
		if !setup {
			what = "brings on"
		}
		for _, l := range pc.Ref.Leaders() {
			if from, ok := turn(l.From); ok && l.From != "" {
				switch {
				case at.Index < from.Index:
					p.flagged(lf.From, pc.Pos, "scenario %s %s %s at %s; his counter is in play from %s", s.ID, what, l.QualifiedName(), at.Text(), from.Text()).About(diag.Subjects{Leaders: []string{l.QualifiedName()}, Values: []string{at.Text()}})
				case hex != nil && at.Index == from.Index && l.With != "":
					if w := p.leaderNamed(l.Side, l.With); w != nil {
						if wh, ok := setupHex[w]; ok && wh.Coord != hex.Coord {
							p.flagged(lf.From, pc.Pos, "%s is set up in %s at %s, his first turn, away from %s in %s, whom he is placed with then", l.QualifiedName(), hex.Label, at.Text(), w.QualifiedName(), wh.Label).About(diag.Subjects{Leaders: []string{l.QualifiedName(), w.QualifiedName()}, Hexes: []string{hex.Label, wh.Label}})
						}
					}
				}
			}
			if len(l.Counters) == 0 || pc.Ref.Leader != l {
				continue // a leader brought with his formation cannot say which counter
			}
			want := 0
			for i, c := range l.Counters {
				if from, ok := turn(c.From); ok && from.Index <= at.Index {
					want = i + 1
				}
			}
			if pc.Counter != want {
				name := func(i int) string {
					if i == 0 {
						return "his first counter"
					}
					return "counter " + strconv.Quote(l.Counters[i-1].Name)
				}
				pos := pc.Pos
				if pc.Counter > 0 {
					pos = pc.CounterPos
				}
				p.flagged(lf.Counter, pos, "scenario %s %s %s at %s on %s; at %s he plays on %s", s.ID, what, l.QualifiedName(), at.Text(), name(pc.Counter), at.Text(), name(want)).About(diag.Subjects{Leaders: []string{l.QualifiedName()}, Values: []string{at.Text()}})
			}
		}
	}
	for _, st := range s.Setup {
		hex := &st.Hex
		if st.Within > 0 {
			hex = nil // placed anywhere near the hex
		}
		for i := range st.Pieces {
			visit(&st.Pieces[i], s.First, true, hex)
		}
	}
	for _, a := range s.Arrivals {
		for i := range a.Pieces {
			visit(&a.Pieces[i], a.Time, false, nil)
		}
	}
}

// leaderNamed finds a leader of a side by name.
func (p *pass) leaderNamed(side, name string) *oob.Leader {
	if ix := p.b.Index(side); ix != nil {
		for _, r := range ix.Resolve(name) {
			if r.Leader != nil {
				return r.Leader
			}
		}
	}
	return nil
}

// standIns checks a scenario's spare leaders standing in for others (a
// piece's replaces:; 3DoG BB 4.42: Trimble for any division leader, once):
// only a spare stands in, for the commander of a formation of the figures'
// levels, who is then not in play himself. A spare appears once in a
// scenario (N005, N006), so he stands in for one leader.
func (p *pass) standIns(s *battle.Scenario) {
	c := p.f.Leaders.Spare
	if c.Code == "" || len(p.f.Leaders.SpareLevels) == 0 {
		return
	}
	inPlay := map[*oob.Leader]diag.Pos{}
	var pieces []*battle.Piece
	each := func(ps []battle.Piece) {
		for i := range ps {
			pc := &ps[i]
			pieces = append(pieces, pc)
			for _, l := range pc.Ref.Leaders() {
				if _, ok := inPlay[l]; !ok {
					inPlay[l] = pc.Pos
				}
			}
		}
	}
	for _, st := range s.Setup {
		each(st.Pieces)
	}
	for _, a := range s.Arrivals {
		each(a.Pieces)
	}
	for _, pc := range pieces {
		r, l := pc.Replaces, pc.Ref.Leader
		if r == nil || l == nil {
			continue
		}
		levels := strings.Join(p.f.Leaders.SpareLevels, " or ")
		switch {
		case !l.Spare:
			p.flagged(c, pc.ReplacesPos, "%s replaces %s, but only a spare leader (forces spares:) stands in for another", l.QualifiedName(), r.QualifiedName()).About(aboutLeaders(l.QualifiedName(), r.QualifiedName()))
		case r.Formation.Leader != r || !has(p.f.Leaders.SpareLevels, r.Formation.Level):
			p.flagged(c, pc.ReplacesPos, "%s replaces %s, who commands no %s: a spare leader stands in for a %s leader", l.QualifiedName(), r.QualifiedName(), levels, levels).About(aboutLeaders(l.QualifiedName(), r.QualifiedName()))
		default:
			if at, ok := inPlay[r]; ok {
				p.flagged(c, pc.ReplacesPos, "%s replaces %s, who is in play himself in scenario %s (%s)", l.QualifiedName(), r.QualifiedName(), s.ID, at).
					Cite(at, r.QualifiedName()+" is in play himself").About(diag.Subjects{Leaders: []string{l.QualifiedName(), r.QualifiedName()}})
			}
		}
	}
}
