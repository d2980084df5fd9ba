package validate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
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

func (g *group) label() string  { return g.at.Label }
func (g *group) pos() *diag.Pos { return &g.at.Pos }

// stacking checks every set-up group against the stacking limits.
func (p *pass) stacking(*battle.Scenario) {
	for _, v := range p.stacks() {
		p.stack(v)
	}
}

// stackVerdict is one stacking limit judged on one set-up stack: why it
// fails ("" when it holds), or the units whose unknown strength kept it
// from being judged.
type stackVerdict struct {
	g       *group
	limit   int // in figures.stacking.limits
	why     string
	skipped []*oob.Unit
}

// judgeStacks judges every limit on every set-up stack it applies to, and
// keeps those that fail or could not be judged: FactStacks. A group
// placement is spread over several hexes as the player likes, so it is not
// judged as one stack.
func (p *pass) judgeStacks() []stackVerdict {
	var out []stackVerdict
	for _, g := range p.setup().groups {
		if g.within > 0 {
			continue
		}
		t := p.b.Map.TerrainName(g.hex) // once for all the limits
		for i, lim := range p.f.Stacking.Limits {
			if !p.applies(lim.When, g, t) {
				continue
			}
			if why, skipped := p.verdict(lim, g); why != "" || len(skipped) > 0 {
				out = append(out, stackVerdict{g: g, limit: i, why: why, skipped: skipped})
			}
		}
	}
	return out
}

func (p *pass) piece(pc *battle.Piece, u *oob.Unit, stackOrders string) piece {
	x := piece{unit: u, class: p.b.Rules.Class(u.Type), orders: pc.Orders, face: pc.Face, pos: &pc.Pos}
	if x.orders == "" {
		x.orders = stackOrders
	}
	if c, ok := p.f.Stacking.FaceClass[pc.Face]; ok && pc.Face != "" {
		x.class = c
	}
	printed := u.Values.Get(p.b.Rules.Strength)
	if fv, ok := u.Faces[pc.Face].Lookup(p.b.Rules.Strength); pc.Face != "" && ok {
		printed = fv // the face the counter starts on prints its own strength
	}
	if v, ok := p.f.Stacking.SPAs[x.class]; ok {
		x.sp, x.known = v, true
	} else if pc.Strength != nil {
		x.sp, x.known = float64(*pc.Strength), true
	} else if i, ok := printed.Int(); ok {
		x.sp, x.known = float64(i), true
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
			for _, u := range pc.Ref.Units() {
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

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// holds reports whether u is among the pieces.
func holds(pieces []piece, u *oob.Unit) bool {
	for _, pc := range pieces {
		if pc.unit == u {
			return true
		}
	}
	return false
}

// orders of a group: the orders all its pieces share ("" when none are
// given or they differ).
func (g *group) orders() string {
	o := ""
	for i, pc := range g.pieces {
		if i == 0 {
			o = pc.orders
		} else if pc.orders != o {
			return ""
		}
	}
	return o
}

// applies reports whether a limit's conditions hold for a group whose hex
// has terrain t.
func (p *pass) applies(w rulesets.When, g *group, t string) bool {
	if w.Moved {
		return false // every group checked is a set-up stack, before any movement
	}
	if w.Reserve != nil && *w.Reserve != g.reserve {
		return false
	}
	if len(w.Orders) > 0 {
		o := g.orders()
		if o == "" {
			o = "none"
		}
		if !has(w.Orders, o) {
			return false
		}
	}
	if len(w.Terrain) > 0 && !has(w.Terrain, t) {
		return false
	}
	if len(w.TerrainNot) > 0 && has(w.TerrainNot, t) {
		return false
	}
	present := func(classes []string) bool {
		for _, pc := range g.pieces {
			if has(classes, pc.class) {
				return true
			}
		}
		return false
	}
	if len(w.With) > 0 && !present(w.With) {
		return false
	}
	if len(w.Without) > 0 && present(w.Without) {
		return false
	}
	return true
}

// brigadeOf returns the formation at level that holds u, or u's own
// formation when none does.
func brigadeOf(u *oob.Unit, level string) *oob.Formation {
	if f := u.Formation.AtLevel(level); f != nil {
		return f
	}
	return u.Formation
}

// verdict of one limit on one group: "" when it passes, else why not.
// skipped lists units whose unknown strength kept the limit from being
// judged.
func (p *pass) verdict(lim rulesets.Limit, g *group) (why string, skipped []*oob.Unit) {
	// sel reuses one buffer: a nested verdict (AnyOf) overwrites it, and
	// this call does not read it after making one.
	sel := p.sel[:0]
	for _, pc := range g.pieces {
		if (len(lim.Select) == 0 || has(lim.Select, pc.class)) && (len(lim.SelectOrders) == 0 || has(lim.SelectOrders, pc.orders)) {
			sel = append(sel, pc)
		}
	}
	p.sel = sel
	if lim.MaxWorks != nil && g.works > *lim.MaxWorks {
		// works are counted whatever units the hex holds
		return fmt.Sprintf("%d breastworks (at most %d)", g.works, *lim.MaxWorks), nil
	}
	if len(sel) == 0 {
		return "", nil
	}
	if len(lim.AnyOf) > 0 {
		var whys []string
		for _, alt := range lim.AnyOf {
			alt.Select = append([]string(nil), lim.Select...)
			w, sk := p.verdict(alt, g)
			if len(sk) > 0 {
				return "", sk
			}
			if w == "" {
				return "", nil
			}
			whys = append(whys, w)
		}
		return strings.Join(whys, " and "), nil
	}
	if lim.SingleOK && len(sel) == 1 {
		return "", nil
	}
	var problems []string
	if lim.Alone && len(g.pieces) > 1 {
		problems = append(problems, fmt.Sprintf("%s shares the hex with %d other units", sel[0].unit.QualifiedName(), len(g.pieces)-1))
	}
	if lim.MaxSP != nil {
		sum := 0.0
		for _, pc := range sel {
			if !pc.known {
				skipped = append(skipped, pc.unit)
			}
			sum += pc.sp
		}
		if len(skipped) > 0 {
			return "", skipped
		}
		if sum > *lim.MaxSP {
			problems = append(problems, fmt.Sprintf("%g SP (at most %g)", sum, *lim.MaxSP))
		}
	}
	if lim.MaxUnits != nil {
		n := 0.0
		for _, pc := range sel {
			w, ok := p.f.Stacking.Weight[pc.class]
			if !ok {
				w = 1
			}
			n += w
		}
		if n > *lim.MaxUnits {
			problems = append(problems, fmt.Sprintf("%g units (at most %g)", n, *lim.MaxUnits))
		}
	}
	if lim.MaxClasses != nil {
		var cs []string // a stack holds a few units: a slice beats a map
		for _, pc := range sel {
			if !has(cs, pc.class) {
				cs = append(cs, pc.class)
			}
		}
		if len(cs) > *lim.MaxClasses {
			sort.Strings(cs)
			problems = append(problems, fmt.Sprintf("%d kinds of unit (%s)", len(cs), strings.Join(cs, ", ")))
		}
	}
	if lim.MaxGroups != nil {
		var fs []*oob.Formation
		for _, pc := range sel {
			f := brigadeOf(pc.unit, lim.GroupBy)
			if f.Level != lim.GroupBy && has(lim.JoinsAny, pc.class) {
				continue // not part of any formation of that level
			}
			if !slices.Contains(fs, f) {
				fs = append(fs, f)
			}
		}
		if len(fs) > *lim.MaxGroups { // formations are told apart by their labels
			labels := map[string]bool{}
			for _, f := range fs {
				labels[f.Label()] = true
			}
			if len(labels) > *lim.MaxGroups {
				problems = append(problems, fmt.Sprintf("units of %d %ss (%s)", len(labels), lim.GroupBy, strings.Join(sortedSet(labels), ", ")))
			}
		}
	}
	if len(lim.OrdersApart) > 0 {
		if why := ordersApart(lim.OrdersApart, sel, g.pieces); why != "" {
			problems = append(problems, why)
		}
	}
	if lim.SameFace {
		for _, pc := range sel[1:] {
			if pc.face != sel[0].face {
				problems = append(problems, fmt.Sprintf("%s on %s with %s on %s", sel[0].unit.QualifiedName(), faceName(sel[0].face), pc.unit.QualifiedName(), faceName(pc.face)))
				break
			}
		}
	}
	if lim.SameFacing {
		var first *piece
		for i := range sel {
			pc := &sel[i]
			if pc.facing == "" {
				continue
			}
			if first == nil {
				first = pc
			} else if pc.facing != first.facing {
				problems = append(problems, fmt.Sprintf("%s faces %s, %s faces %s", first.unit.QualifiedName(), first.facing, pc.unit.QualifiedName(), pc.facing))
				break
			}
		}
	}
	if len(lim.OnlyWith) > 0 {
		var others []string
		for _, pc := range g.pieces {
			if !has(lim.OnlyWith, pc.class) {
				others = append(others, pc.unit.QualifiedName())
			}
		}
		if len(others) > 0 {
			problems = append(problems, "with "+strings.Join(others, ", "))
		}
	}
	return strings.Join(problems, ", "), nil
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// stack flags a limit a set-up stack fails.
func (p *pass) stack(v stackVerdict) {
	if v.why == "" {
		return
	}
	g, what := v.g, "stack"
	lim := p.f.Stacking.Limits[v.limit]
	p.flagged(lim.Check, *g.pos(), "%s %s in %s: %s: %s", g.side, what, g.label(), lim.Title, v.why).
		About(diag.Subjects{Hexes: []string{g.label()}, Values: []string{g.side, what}})
}

// sides checks that no hex holds units of both sides at set-up: each
// group with units is held against the first group with units in its hex.
func (p *pass) sides(*battle.Scenario) {
	set := p.setup()
	groups, idx := set.groups, set.idx
	for _, g := range groups {
		if len(g.pieces) == 0 {
			continue
		}
		if o := idx.first(g.hex, func(o *group) bool { return len(o.pieces) > 0 }); o != nil && o != g && o.side != g.side {
			p.l.Addf(CodeBothSides, *g.pos(), "%s sets up in %s, where %s already has units (%s)", g.side, g.label(), o.side, *o.pos()).
				Cite(*o.pos(), o.side+" already has units").About(diag.Subjects{Hexes: []string{g.label()}, Values: []string{g.side, o.side}})
		}
	}
}

// faceName names a face for a message: the front face has none.
func faceName(f string) string {
	if f == "" {
		return "its front"
	}
	return "its " + f + " face"
}
