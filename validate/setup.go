package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// piece is a unit as the rule packs see it in one place at one time.
type piece struct {
	unit   *oob.Unit
	class  string
	sp     float64
	known  bool // sp is known
	orders string
	face   string    // the face it is set up on ("" the front)
	facing string    // the facing the set-up gives it, if any
	pos    *diag.Pos // where the scenario names it
}

// group is what one side sets up in one hex (or, for a group placement,
// within some hexes of it). Reinforcements make no groups: they enter
// one by one, so no stacking limit or set-up neighbour rule counts them.
type group struct {
	side    string
	hex     maps.Coord
	at      *battle.HexRef // the hex as the scenario writes it, and where
	pieces  []piece
	leaders []*oob.Leader
	within  int  // a group placement spread within this many hexes
	works   int  // breastworks markers in the hex
	reserve bool // in reserve status
}

func (g *group) label() string { return g.at.Label }

func (g *group) pos() *diag.Pos { return &g.at.Pos }

func (p *pass) piece(pc *battle.Piece, u *oob.Unit, stackOrders string) piece {
	x := piece{unit: u, class: p.b.Rules.Class(u.Type), orders: pc.Orders, face: pc.Face, pos: &pc.Pos}
	if x.orders == "" {
		x.orders = stackOrders
	}
	if pc.Face != "" {
		if c, ok := p.f.Stacking.FaceClass[pc.Face]; ok {
			x.class = c
		}
	}
	if v, ok := p.f.Stacking.SPAs[x.class]; ok {
		x.sp, x.known = v, true
	} else if pc.Strength != nil {
		x.sp, x.known = float64(*pc.Strength), true
	} else {
		printed := u.Values.Get(p.b.Rules.Strength)
		if pc.Face != "" {
			if fv, ok := u.Faces[pc.Face].Lookup(p.b.Rules.Strength); ok {
				printed = fv // the face the counter starts on prints its own strength
			}
		}
		if i, ok := printed.Int(); ok {
			x.sp, x.known = float64(i), true
		}
	}
	return x
}

// setupGroups gathers the set-up by side and hex (overlapping sheets'
// labels of one hex make one stack): FactSetup.
func (p *pass) setupGroups(s *battle.Scenario) *setup {
	idx := newGroupIndex(p.b.Map, len(s.Setup))
	store := make([]group, 0, len(s.Setup)) // one allocation: at most one group per entry
	out := make([]*group, 0, len(s.Setup))
	// The pieces of every group go into one slab; a group takes the run
	// its entry added, and copies only when a second entry adds to it
	// (two labels of one hex on overlapping sheets).
	n := 0
	for _, st := range s.Setup {
		n += len(st.Pieces)
	}
	slab := make([]piece, 0, n)
	for _, st := range s.Setup {
		g := idx.find(st.Side, st.Hex.Coord, st.Within > 0, st.Reserve)
		if g == nil {
			store = append(store, group{side: st.Side, hex: st.Hex.Coord, at: &st.Hex, within: st.Within, reserve: st.Reserve})
			g = &store[len(store)-1]
			idx.add(g)
			out = append(out, g)
		}
		g.works += st.Breastworks
		start := len(slab)
		for i := range st.Pieces {
			pc := &st.Pieces[i]
			var one [1]*oob.Unit
			for _, u := range refUnits(pc.Ref, &one) {
				// a unit named twice is reported as N005, counted once
				if !holds(g.pieces, u) && !holds(slab[start:], u) {
					x := p.piece(pc, u, st.Orders)
					if x.facing = pc.Facing; x.facing == "" {
						x.facing = st.Facing
					}
					slab = append(slab, x)
				}
			}
			g.leaders = append(g.leaders, pc.Ref.Leaders()...)
		}
		if len(g.pieces) == 0 {
			g.pieces = slab[start:len(slab):len(slab)]
		} else {
			g.pieces = append(g.pieces, slab[start:]...)
		}
	}
	return &setup{groups: out, idx: idx}
}

// groupIndex finds a set-up group by side, hex, placement and reserve
// status. Groups on the map's grid hang from a table with a slot per hex,
// which stays quick at a million hexes; any others go in a map.
type groupIndex struct {
	grid   *maps.Grid
	head   []int32 // by hex: 1 + the place in groups of the last group added there
	next   []int32 // by group: 1 + the place of the group added there before it
	groups []*group
	off    map[maps.Coord][]*group
}

func newGroupIndex(m *maps.Map, n int) *groupIndex {
	x := &groupIndex{off: map[maps.Coord][]*group{}, groups: make([]*group, 0, n), next: make([]int32, 0, n)}
	if m != nil && m.Grid.W*m.Grid.H < 1<<30 {
		x.grid = m.Grid
		x.head = make([]int32, m.Grid.W*m.Grid.H)
	}
	return x
}

func (x *groupIndex) find(side string, hex maps.Coord, within, reserve bool) *group {
	same := func(g *group) bool {
		return g.side == side && (g.within > 0) == within && g.reserve == reserve
	}
	if x.grid != nil {
		if i, ok := x.grid.Index(hex); ok {
			for j := x.head[i]; j != 0; j = x.next[j-1] {
				if g := x.groups[j-1]; same(g) {
					return g
				}
			}
			return nil
		}
	}
	for _, g := range x.off[hex] {
		if same(g) {
			return g
		}
	}
	return nil
}

// first returns the earliest group added at hex for which ok holds.
func (x *groupIndex) first(hex maps.Coord, ok func(*group) bool) *group {
	if x.grid != nil {
		if i, in := x.grid.Index(hex); in {
			var best int32
			for j := x.head[i]; j != 0; j = x.next[j-1] {
				if ok(x.groups[j-1]) {
					best = j // the chain runs from the latest to the earliest
				}
			}
			if best == 0 {
				return nil
			}
			return x.groups[best-1]
		}
	}
	for _, g := range x.off[hex] {
		if ok(g) {
			return g
		}
	}
	return nil
}

func (x *groupIndex) add(g *group) {
	if x.grid != nil {
		if i, ok := x.grid.Index(g.hex); ok {
			x.groups = append(x.groups, g)
			x.next = append(x.next, x.head[i])
			x.head[i] = int32(len(x.groups))
			return
		}
	}
	x.off[g.hex] = append(x.off[g.hex], g)
}

// holds reports whether u is among the pieces.
func holds(pieces []piece, u *oob.Unit) bool {
	for i := range pieces {
		if pieces[i].unit == u {
			return true
		}
	}
	return false
}

// orders of a group: the orders all its pieces share ("" when none are
// given or they differ).
func (g *group) orders() string {
	o := ""
	for i := range g.pieces {
		if i == 0 {
			o = g.pieces[i].orders
		} else if g.pieces[i].orders != o {
			return ""
		}
	}
	return o
}
