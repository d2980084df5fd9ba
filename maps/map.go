package maps

import "github.com/muster-wargames/muster/diag"

// Map is a resolved map: the grid plus what lies on each hex and hexside.
type Map struct {
	Grid     *Grid
	Terrain  []string // terrain names; Hex.Terrain indexes it
	hexes    []Hex    // dense, Grid.W × Grid.H
	Hexsides map[Edge][]string
	Roads    []Road
	Areas    map[string]*Area
}

// Hex is what the map says of one hex.
type Hex struct {
	Terrain   int16 // index into Map.Terrain; -1 when not given
	Elevation int16 // -1 when not given
}

// Edge is a hexside: the two hexes it separates, in a fixed order.
type Edge struct{ A, B Coord }

// EdgeOf returns the hexside between a and b.
func EdgeOf(a, b Coord) Edge {
	if b.Y < a.Y || (b.Y == a.Y && b.X < a.X) {
		a, b = b, a
	}
	return Edge{a, b}
}

// Road is a path of hexes of one road type.
type Road struct {
	Type string
	Name string
	Path []Coord
}

// RoadHexes is the set of hexes a road of a type keep accepts runs through.
func (m *Map) RoadHexes(keep func(roadType string) bool) map[Coord]bool {
	out := map[Coord]bool{}
	for _, r := range m.Roads {
		if keep(r.Type) {
			for _, c := range r.Path {
				out[c] = true
			}
		}
	}
	return out
}

// Area is a named set of hexes: an entry or staging area, a set-up zone.
type Area struct {
	Name  string
	Side  string
	Edge  string
	Hexes []Coord
	// Role is what the area is in the rules, as the ruleset names it
	// (TSS: staging-1 to staging-9, the book's numbered staging areas),
	// whatever key the map gives it; a rule bound to an area finds it by
	// its role. RolePos is where the map gives it.
	Role    string
	RolePos diag.Pos
	// Pos is where the map gives the area (its key).
	Pos diag.Pos

	// Arrow and Entrance are the hex of the area the map's arrow is
	// printed in and the hex of the map it points to (TSS 21.1), when the
	// map gives them.
	Arrow, Entrance *AreaHex
}

// AreaHex is an area's arrow or entrance hex, as the map names it.
type AreaHex struct {
	Coord Coord
	Label string
	Pos   diag.Pos
}

// New makes an empty map over g.
func New(g *Grid) *Map {
	m := &Map{Grid: g, hexes: make([]Hex, g.W*g.H), Hexsides: map[Edge][]string{}, Areas: map[string]*Area{}}
	for i := range m.hexes {
		m.hexes[i] = Hex{Terrain: -1, Elevation: -1}
	}
	return m
}

// At returns the hex at c (a zero Hex with Terrain -1 off the map).
func (m *Map) At(c Coord) Hex {
	if c.X < 0 || c.Y < 0 || c.X >= m.Grid.W || c.Y >= m.Grid.H {
		return Hex{Terrain: -1, Elevation: -1}
	}
	return m.hexes[c.Y*m.Grid.W+c.X]
}

// Set stores h at c.
func (m *Map) Set(c Coord, h Hex) { m.hexes[c.Y*m.Grid.W+c.X] = h }

// Row is the n hexes from c eastwards, on the map, to read and set in
// place: a sheet's row, read from its text a hex at a time.
func (m *Map) Row(c Coord, n int) []Hex {
	i := c.Y*m.Grid.W + c.X
	return m.hexes[i : i+n : i+n]
}

// TerrainIndex returns the index of a terrain name, adding it if new.
func (m *Map) TerrainIndex(name string) int16 {
	for i, t := range m.Terrain {
		if t == name {
			return int16(i)
		}
	}
	m.Terrain = append(m.Terrain, name)
	return int16(len(m.Terrain) - 1)
}

// TerrainName returns the terrain at c ("" when not given).
func (m *Map) TerrainName(c Coord) string {
	h := m.At(c)
	if h.Terrain < 0 {
		return ""
	}
	return m.Terrain[h.Terrain]
}

// Hexes calls f for every hex on the map, north to south, west to east.
func (m *Map) Hexes(f func(Coord)) {
	for y := 0; y < m.Grid.H; y++ {
		for x := 0; x < m.Grid.W; x++ {
			c := Coord{x, y}
			if m.Grid.OnMap(c) {
				f(c)
			}
		}
	}
}
