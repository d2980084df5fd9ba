package validate

import "github.com/muster-wargames/muster/maps"

// within calls f for the hexes on the map within n hexes of c, nearest
// first (c itself excluded), until f returns true.
func within(g *maps.Grid, c maps.Coord, n int, f func(maps.Coord, int) bool) {
	seen := map[maps.Coord]bool{c: true}
	ring := []maps.Coord{c}
	for d := 1; d <= n; d++ {
		var next []maps.Coord
		for _, h := range ring {
			for _, x := range g.Neighbours(h) {
				if seen[x] || !g.OnMap(x) {
					continue
				}
				seen[x] = true
				next = append(next, x)
				if f(x, d) {
					return
				}
			}
		}
		ring = next
	}
}

func hasElevation(m *maps.Map) bool {
	found := false
	m.Hexes(func(c maps.Coord) {
		if !found && m.At(c).Elevation >= 0 {
			found = true
		}
	})
	return found
}

// sees reports whether a and b see each other, as GBACW 10.23-10.24 and
// 10.27 reckon it in part: a hex between them blocks when its elevation,
// raised by its terrain, stands above both ends; a line along a hexside is
// blocked when either side blocks. The slope, canopy, shadow and crest
// rules are not applied, so some lines the book blocks are taken as clear.
func (p *pass) sees(a, b maps.Coord, raise map[string]float64) bool {
	m := p.b.Map
	elev := func(c maps.Coord) float64 {
		if e := m.At(c).Elevation; e > 0 {
			return float64(e)
		}
		return 0
	}
	top := max(elev(a), elev(b))
	for _, line := range m.Grid.Lines(a, b) {
		for _, h := range line {
			if h == a || h == b {
				continue
			}
			if elev(h)+raise[m.TerrainName(h)] > top {
				return false
			}
		}
	}
	return true
}
