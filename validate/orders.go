package validate

// The orders engine (figures.orders; checks orders, one-orders, reserve),
// first written for GBACW: orders a unit's class and values allow, orders
// near the enemy, one orders for a formation's units (6.11), and reserve
// status only away from the enemy (6.31). The figures that configure it
// are data, so another system may use it too.

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// setupPieces calls f for every unit a scenario sets up or brings on, with
// the orders it holds ("" when the scenario leaves them open) and its face.
func setupPieces(s *battle.Scenario, f func(pc *battle.Piece, u *oob.Unit, orders string)) {
	for _, st := range s.Setup {
		for i := range st.Pieces {
			pc := &st.Pieces[i]
			o := pc.Orders
			if o == "" {
				o = st.Orders
			}
			for _, u := range pc.Ref.Units() {
				f(pc, u, o)
			}
		}
	}
	for _, a := range s.Arrivals {
		for i := range a.Pieces {
			pc := &a.Pieces[i]
			for _, u := range pc.Ref.Units() {
				f(pc, u, pc.Orders)
			}
		}
	}
}

// orders checks the orders a scenario gives: orders some units may not
// hold, and orders that may not stand near the enemy at set-up.
func (p *pass) orders(s *battle.Scenario) {
	o := p.f.Orders
	for _, fb := range o.Forbid {
		if fb.Code == "" || len(fb.Orders) == 0 {
			continue
		}
		setupPieces(s, func(pc *battle.Piece, u *oob.Unit, orders string) {
			if !has(fb.Orders, orders) {
				return
			}
			if len(fb.Class) > 0 && !has(fb.Class, p.b.Rules.Class(u.Type)) { // the unit type's class, whatever its face
				return
			}
			if len(fb.Faces) > 0 && !has(fb.Faces, pc.Face) {
				return
			}
			if !valuesMatch(u, fb.Values) {
				return
			}
			class := p.b.Rules.Class(u.Type)
			what := class
			if c, ok := p.b.Rules.Classes[class]; ok && c.Title != "" {
				what = c.Title
			}
			if pc.Face != "" && len(fb.Faces) > 0 {
				what += " on its " + pc.Face + " face"
			}
			if d := p.flagged(fb.Check, pc.Pos, "%s (%s) is under %s orders: %s", u.QualifiedName(), strings.ToLower(what), orders, fb.Title).About(aboutUnits(u.QualifiedName())); d != nil {
				d.Hint = "give the unit other orders, or leave them to the player"
			}
		})
	}
	p.nearEnemy(s)
}

// nearEnemy reports set-up units under orders that may not stand within so
// many hexes (and the line of sight) of an enemy combat unit.
func (p *pass) nearEnemy(s *battle.Scenario) {
	ne := p.f.Orders.NearEnemy
	if ne.Code == "" || ne.Hexes <= 0 || len(ne.Orders) == 0 {
		return
	}
	m := p.b.Map
	los := -1 // unknown until a unit needs it: 1 when the map gives elevations
	set := p.setup()
	for _, g := range set.groups {
		if g.within > 0 {
			continue // spread over hexes the player picks
		}
		var subject *piece
		for i := range g.pieces {
			if has(ne.Orders, g.pieces[i].orders) {
				subject = &g.pieces[i]
				break
			}
		}
		if subject == nil {
			continue
		}
		if los < 0 {
			los = 0
			if ne.LOS && hasElevation(m) {
				los = 1
			}
		}
		var found *group
		dist := 0
		within(m.Grid, g.hex, ne.Hexes, func(c maps.Coord, d int) bool {
			e := set.idx.first(c, func(o *group) bool { return o.side != g.side && o.within == 0 && len(o.pieces) > 0 })
			if e == nil || (los == 1 && !p.sees(g.hex, c, ne.Raise)) {
				return false
			}
			found, dist = e, d
			return true
		})
		if found == nil {
			continue
		}
		seen := ""
		if los == 1 {
			seen = " and in its line of sight"
		}
		if d := p.flagged(ne.Check, *subject.pos, "%s sets up under %s orders in %s, %d %s from %s's %s in %s%s: %s", subject.unit.QualifiedName(), subject.orders, g.label(), dist, hexWord(dist), found.side, found.pieces[0].unit.QualifiedName(), found.label(), seen, ne.Title).About(diag.Subjects{Units: []string{subject.unit.QualifiedName(), found.pieces[0].unit.QualifiedName()}, Hexes: []string{g.label(), found.label()}}); d != nil {
			d.Hint = "a unit under these orders that starts within reach of the enemy may not move until its orders change; give it other orders"
		}
	}
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
						x.u.QualifiedName(), x.orders, what, first.u.QualifiedName(), f.Level, f.Label(), first.orders, c.Title).About(diag.Subjects{Units: []string{x.u.QualifiedName(), first.u.QualifiedName()}, Formations: []string{f.Label()}}); d != nil {
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
		p.flagged(r.Check, g.pieces[0].named(g), "%s sets up in reserve in %s, %d %s from %s's %s in %s%s; a command in reserve stands %s: %s",
			g.side, g.label(), dist, hexWord(dist), found.side, found.pieces[0].unit.QualifiedName(), found.label(), seen, need, r.Title).
			About(diag.Subjects{Units: []string{found.pieces[0].unit.QualifiedName()}, Hexes: []string{g.label(), found.label()}, Values: []string{g.side}})
	}
}

// named is where a group's piece is named, else the group's hex.
func (pc piece) named(g *group) diag.Pos {
	if pc.pos != nil {
		return *pc.pos
	}
	return *g.pos()
}
