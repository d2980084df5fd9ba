package validate

// What a set-up gives a whole formation: one orders for its units (GBACW
// 6.11), reserve status only away from the enemy (6.31), one Fatigue level
// (17.21, 17.24), and the facing of its breastworks (15.21).

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
)

// CodeNoFatigue is raised for Fatigue levels in a system that has none.
var CodeNoFatigue = diag.Code{Code: "N045", Severity: diag.Error, Title: "Fatigue level in a system without it",
	Doc: "A scenario gives a set-up stack, an arrival or a piece a `fatigue:` level, but its rule system keeps no Fatigue levels: only GBACW does (GBACW 17.21, 17.24). Remove it, or say in the battle's `rules: figures: fatigue:` what levels the battle book uses."}

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

// oneOrders reports a formation whose units a set-up, or an arrival
// group, puts under different orders (GBACW 6.11), but for the units an
// exception of the figures lets keep others and those marked out of
// command.
func (p *pass) oneOrders(s *battle.Scenario) {
	c := p.f.Orders.Brigade
	if c.Code == "" || c.Level == "" {
		return
	}
	pools(s, func(what string, ps []placed) {
		order, by := byFormation(s, ps, c.Level, func(x placed) bool { return x.orders != "" && !x.pc.OutOfCommand })
		for _, f := range order {
			us := by[f]
			excused := func(x placed) bool {
				class := p.b.Rules.Class(x.u.Type)
				for _, k := range c.Keep {
					if (len(k.Class) > 0 && !has(k.Class, class)) || !has(k.Orders, x.orders) || !valuesMatch(x.u, k.Values) {
						continue
					}
					for _, y := range us {
						if y.u != x.u && has(k.While, y.orders) {
							return true
						}
					}
				}
				return false
			}
			var first *placed
			for i := range us {
				x := us[i]
				if excused(x) {
					continue
				}
				if first == nil {
					first = &us[i]
					continue
				}
				if x.orders != first.orders {
					if d := p.flagged(c.Check, x.pc.Pos, "%s is under %s orders in %s, but %s of the same %s %s is under %s orders: %s",
						x.u.QualifiedName(), x.orders, what, first.u.QualifiedName(), f.Level, f.Label(), first.orders, c.Title); d != nil {
						d.Hint = "give the brigade one orders; a unit out of its brigadier's command that keeps other orders says out_of_command: true"
					}
					break
				}
			}
		}
	})
}

// reserve reports set-up stacks in reserve that stand too near an enemy
// combat unit (GBACW 6.31).
func (p *pass) reserve(s *battle.Scenario) {
	r := p.f.Orders.Reserve
	if r.Code == "" || r.Hexes <= 0 {
		return
	}
	m := p.b.Map
	night := r.Night > 0 && p.b.Rules.Night(s.First.Light)
	los := r.LOS && r.Unseen > 0 && hasElevation(m)
	reach := r.Hexes - 1
	if night {
		reach = r.Night - 1
	}
	set := p.setup()
	for _, g := range set.groups {
		if !g.reserve || g.within > 0 || len(g.pieces) == 0 {
			continue
		}
		var found *group
		dist := 0
		within(m.Grid, g.hex, reach, func(c maps.Coord, d int) bool {
			e := set.idx.first(c, func(o *group) bool { return o.side != g.side && o.within == 0 && len(o.pieces) > 0 })
			if e == nil {
				return false
			}
			// Beyond Unseen hexes a stack the enemy does not see qualifies.
			if !night && r.Unseen > 0 && d >= r.Unseen && los && !p.sees(g.hex, c, p.f.Orders.NearEnemy.Raise) {
				return false
			}
			found, dist = e, d
			return true
		})
		if found == nil {
			continue
		}
		need := fmt.Sprintf("at least %d hexes from every enemy combat unit", r.Hexes)
		switch {
		case night:
			need = fmt.Sprintf("at least %d hexes from every enemy combat unit on a night turn", r.Night)
		case r.Unseen > 0:
			need += fmt.Sprintf(", or %d out of the enemy's line of sight", r.Unseen)
		}
		seen := ""
		if !night && dist >= r.Unseen && r.Unseen > 0 {
			switch {
			case los:
				seen = " and in its line of sight"
			case !r.LOS:
				seen = " (line of sight is not read, so it counts as seen)"
			default:
				seen = " (the map gives no elevations, so it counts as seen)"
			}
		}
		p.flag(r.Check, g.pieces[0].named(g), "%s sets up in reserve in %s, %d %s from %s's %s in %s%s; a command in reserve stands %s: %s",
			g.side, g.label(), dist, hexWord(dist), found.side, found.pieces[0].unit.QualifiedName(), found.label(), seen, need, r.Title)
	}
}

// named is where a group's piece is named, else the group's hex.
func (pc piece) named(g *group) diag.Pos {
	if pc.pos != nil {
		return *pc.pos
	}
	return *g.pos()
}

// worksFacing checks the hexsides a set-up gives its breastworks (GBACW
// 15.21): two different, adjacent hexsides for each marker, and no more
// facings than markers.
func (p *pass) worksFacing(s *battle.Scenario) {
	c := p.f.Works.Facing
	if c.Code == "" {
		return
	}
	for _, st := range s.Setup {
		if len(st.WorksFacing) == 0 {
			continue
		}
		if len(st.WorksFacing) > st.Breastworks {
			n := st.Breastworks
			p.flag(c, st.WorksFacing[0].Pos, "%s gives %d breastwork %s in %s, which has %d breastwork %s: %s",
				st.Side, len(st.WorksFacing), diag.Plural(len(st.WorksFacing), "facing"), st.Hex.Label, n, diag.Plural(n, "marker"), c.Title)
		}
		for _, w := range st.WorksFacing {
			if why := facingFault(w.Sides, p.f.Works.Sides); why != "" {
				p.flag(c, w.Pos, "a breastwork in %s faces %s: %s", st.Hex.Label, why, c.Title)
			}
		}
	}
}

// facingFault says what is wrong with the hexsides one breastwork covers
// ("" nothing): a count the figures do not allow, a hexside twice, or
// hexsides that are not one run of neighbours (6 and 1 are neighbours).
func facingFault(sides, counts []int) string {
	for _, x := range sides {
		if x < 1 || x > 6 {
			return "" // the schema reports it
		}
	}
	seen := map[int]bool{}
	for _, x := range sides {
		if seen[x] {
			return fmt.Sprintf("hexside %d twice", x)
		}
		seen[x] = true
	}
	if len(counts) > 0 && !slices.Contains(counts, len(sides)) {
		var ns []string
		for _, n := range counts {
			ns = append(ns, strconv.Itoa(n))
		}
		return fmt.Sprintf("%d %s; a breastwork covers %s", len(sides), diag.Plural(len(sides), "hexside"), strings.Join(ns, " or "))
	}
	// one run: exactly one hexside whose clockwise neighbour is not covered
	ends := 0
	for x := range seen {
		if !seen[x%6+1] {
			ends++
		}
	}
	if ends > 1 {
		return fmt.Sprintf("hexsides %s, which are not side by side", joinInts(sides))
	}
	return ""
}

func joinInts(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// fatigue checks the Fatigue levels a scenario gives: levels the rules
// have (GBACW 17.24), one level for a brigade at a time (17.1), and no
// orders a brigade at that level may not hold (17.32).
func (p *pass) fatigue(s *battle.Scenario) {
	fg := p.f.Fatigue
	if fg.Code == "" {
		p.noFatigue(s)
		return
	}
	reported := map[diag.Pos]bool{}
	pools(s, func(what string, ps []placed) {
		for _, x := range ps {
			if x.fatigue == "" || has(fg.Levels, x.fatigue) || reported[x.pos] {
				continue
			}
			reported[x.pos] = true
			d := p.flagged(fg.Check, x.pos, "%s is given Fatigue level %q in %s; %s has levels %s: %s", x.u.QualifiedName(), x.fatigue, what, p.b.Rules.System, strings.Join(fg.Levels, ", "), fg.Title)
			if m := schema.Nearest(x.fatigue, fg.Levels); m != "" && d != nil {
				d.Offer(x.fatigue, m)
			}
		}
		if fg.Orders.Code != "" {
			flagged := map[*battle.Piece]bool{} // a formation named as one piece is reported once
			for _, x := range ps {
				if has(fg.At, x.fatigue) && has(fg.Not, x.orders) && !flagged[x.pc] {
					flagged[x.pc] = true
					name := x.u.QualifiedName()
					if x.pc.Ref.Unit == nil {
						name = x.pc.Ref.Name()
					}
					p.flag(fg.Orders, x.pc.Pos, "%s is at Fatigue level %s under %s orders in %s: %s", name, x.fatigue, x.orders, what, fg.Orders.Title)
				}
			}
		}
		if fg.Split.Code == "" || fg.Level == "" {
			return
		}
		order, by := byFormation(s, ps, fg.Level, func(x placed) bool {
			return !p.b.Rules.Classes[p.b.Rules.Class(x.u.Type)].Artillery
		})
		for _, f := range order {
			us := by[f]
			for _, x := range us[1:] {
				if x.fatigue != us[0].fatigue {
					level := func(v string) string {
						if v == "" {
							return "no Fatigue level"
						}
						return "Fatigue level " + v
					}
					p.flag(fg.Split, x.pc.Pos, "%s is at %s in %s, but %s of the same %s %s is at %s: %s",
						x.u.QualifiedName(), level(x.fatigue), what, us[0].u.QualifiedName(), f.Level, f.Label(), level(us[0].fatigue), fg.Split.Title)
					break
				}
			}
		}
	})
}

// noFatigue reports Fatigue levels in a system that keeps none.
func (p *pass) noFatigue(s *battle.Scenario) {
	seen := map[diag.Pos]bool{}
	report := func(pos diag.Pos) {
		if pos.File == "" || seen[pos] {
			return
		}
		seen[pos] = true
		p.absent(CodeNoFatigue, pos, "fatigue", "fatigue", "keeps no Fatigue levels; scenario %s gives one", s.ID)
	}
	pieces := func(ps []battle.Piece) {
		for _, pc := range ps {
			report(pc.FatiguePos)
		}
	}
	for _, st := range s.Setup {
		report(st.Fatigue.Pos)
		pieces(st.Pieces)
	}
	for _, a := range s.Arrivals {
		report(a.Fatigue.Pos)
		pieces(a.Pieces)
	}
}
