package validate

import (
	"slices"
	"strconv"

	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/rulesets"
)

// exertsZOC reports whether a set-up group holds a unit that exerts a zone
// of control as figures.command.zoc says (every unit when it names none:
// TSS 11.0 lets only line infantry, dismounted cavalry, unlimbered
// artillery and HQs exert one).
//
// It returns the directions the zone covers, as a mask of the grid's
// Neighbours order (bit i for Neighbours(hex)[i]): 0 for none, allDirs for
// all six, or with z.Frontal the three frontal hexes of each exerting unit
// whose facing is given.
func exertsZOC(z rulesets.ZOC, g *group) uint8 {
	var mask uint8
	for i := range g.pieces {
		pc := &g.pieces[i]
		exerts := len(z.Exert) == 0
		for _, e := range z.Exert {
			if e.Class != pc.class ||
				(len(e.Faces) > 0 && !slices.Contains(e.Faces, pc.face)) ||
				slices.Contains(e.FacesNot, pc.face) ||
				slices.Contains(e.OrdersNot, pc.orders) {
				continue
			}
			exerts = true
			break
		}
		if exerts {
			mask |= frontal(z, pc.facing)
		}
	}
	return mask
}

// allDirs is the mask of all six neighbours.
const allDirs = 0x3f

// frontal is the mask of the hexes a unit facing f covers: with z.Frontal
// and f one of 1-6 (the hexside faced, 1 north, clockwise, as the grid's
// Neighbours order runs), the faced hexside's hex and the two beside it;
// else all six.
func frontal(z rulesets.ZOC, f string) uint8 {
	if !z.Frontal || f == "" {
		return allDirs
	}
	n, err := strconv.Atoi(f)
	if err != nil || n < 1 || n > 6 {
		return allDirs
	}
	d := n - 1
	return 1<<d | 1<<((d+1)%6) | 1<<((d+5)%6)
}

// zoiHexes marks, for tracing by side, the hexes in an enemy zone of
// influence with no unit of side in them (Summer Storm 7.2, 7.3.2). A zone
// reaches its class's range in hexes, for the light of the turn measured,
// and is not traced through units of side. nil when the ruleset has no
// zones of influence.
func (p *pass) zoiHexes(side string, w *where, friendly []bool) []bool {
	z := p.f.Command.ZOI
	if len(z.Range) == 0 || z.Cost == 0 {
		return nil
	}
	g := p.b.Map.Grid
	W, H := g.W, g.H
	idx := func(c maps.Coord) int { return c.Y*W + c.X }
	in := func(c maps.Coord) bool { return c.X >= 0 && c.Y >= 0 && c.X < W && c.Y < H }
	out := make([]bool, W*H)
	reach := func(class string) int {
		for _, lr := range z.Light {
			if r, ok := lr.Range[class]; ok && lr.Light == w.light {
				return r
			}
		}
		return z.Range[class]
	}
	for _, gr := range w.groups {
		if gr.side == side || gr.within > 0 || len(gr.pieces) == 0 {
			continue
		}
		r := 0
		for _, pc := range gr.pieces {
			if !slices.Contains(z.OrdersNot, pc.orders) {
				r = max(r, reach(pc.class))
			}
		}
		// breadth first from the unit, r hexes out, not through side's units
		seen := map[maps.Coord]bool{gr.hex: true}
		ring := []maps.Coord{gr.hex}
		for d := 1; d <= r && len(ring) > 0; d++ {
			var next []maps.Coord
			for _, c := range ring {
				for _, n := range g.Neighbours(c) {
					if !in(n) || seen[n] {
						continue
					}
					seen[n] = true
					if friendly[idx(n)] {
						continue // negated, and the zone goes no further this way
					}
					out[idx(n)] = true
					next = append(next, n)
				}
			}
			ring = next
		}
	}
	return out
}
