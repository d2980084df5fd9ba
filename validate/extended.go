package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
)

// extended checks that units that must extend into a column have room to:
// a free hex next to them (8.5), and for the largest a free hex next to
// that one too. A hex is free when it is on the map, in play, held by no
// non-artillery unit, and the unit could enter it (no impassable terrain
// or hexside).
func (p *pass) extended(s *battle.Scenario) {
	groups := p.setup().groups
	e := p.f.Extended
	if e.Code == "" {
		return
	}
	occupied := map[maps.Coord]string{}
	for _, g := range groups {
		for _, pc := range g.pieces {
			if !p.b.Rules.Classes[pc.class].Artillery {
				occupied[g.hex] = g.side
			}
		}
	}
	grid := p.b.Map.Grid
	free := func(from, to maps.Coord, class string) bool {
		return grid.OnMap(to) && s.InPlay(to) && occupied[to] == "" && p.passable(from, to, class)
	}
	for _, g := range groups {
		for _, pc := range g.pieces {
			if !has(e.Orders, pc.orders) || !has(e.Class, pc.class) || !pc.known {
				continue
			}
			limit := e.MaxSP
			if v, ok := e.ClassMaxSP[pc.class]; ok {
				limit = v
			}
			if pc.sp <= limit {
				continue
			}
			two := false
			if v, ok := e.TwoHexSP[pc.class]; ok && pc.sp >= v {
				two = true
			}
			room := false
			for _, n := range grid.Neighbours(g.hex) {
				if !free(g.hex, n, pc.class) {
					continue
				}
				if !two {
					room = true
					break
				}
				for _, m := range grid.Neighbours(n) {
					if m != g.hex && free(n, m, pc.class) {
						room = true
						break
					}
				}
				if room {
					break
				}
			}
			if !room {
				format := "%s (%g SP) under %s orders must use an extended column, but no hex next to %s is free to extend into"
				if two {
					format = "%s (%g SP) under %s orders must extend two hexes, but there is no free hex next to %s with another free hex beyond it"
				}
				p.flagged(e.Check, *pc.pos, format, pc.unit.QualifiedName(), pc.sp, pc.orders, g.label()).About(diag.Subjects{Units: []string{pc.unit.QualifiedName()}, Hexes: []string{g.label()}})
			}
		}
	}
}

// passable reports whether a unit of class may step from one hex to the
// next: along a road, or into terrain and across hexsides none of which is
// impassable (a negative cost) to it.
func (p *pass) passable(from, to maps.Coord, class string) bool {
	m, r := p.b.Map, p.b.Rules
	e := maps.EdgeOf(from, to)
	for _, rd := range m.Roads {
		for i := 1; i < len(rd.Path); i++ {
			if maps.EdgeOf(rd.Path[i-1], rd.Path[i]) == e {
				return true
			}
		}
	}
	if t, ok := r.Terrain[m.TerrainName(to)]; ok {
		if c, ok := t.CostFor(class); ok && c < 0 {
			return false
		}
	}
	as := p.hexsideAs() // the river's level (DoW BB 18.2)
	for _, f := range m.Hexsides[e] {
		if x, ok := as[f]; ok {
			f = x
		}
		if h, ok := r.Hexsides[f]; ok {
			if c, ok := h.CostFor(class); ok && c < 0 {
				return false
			}
		}
	}
	return true
}
