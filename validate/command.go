package validate

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// where tells, for one scenario's set-up, what stands in each hex. Units
// and leaders are kept in slices by their Index: a big battle's lookups
// then walk memory in the order the set-up lists them.
type where struct {
	units   []spot
	leaders []spot
	combat  map[string][]maps.Coord // side → hexes with its combat units (a hex may repeat)
	zoc     map[string][]zocHex     // side → the hexes of units exerting a zone of control
	groups  []*group                // the set-up groups, for zones of influence
	light   string                  // the light of the turn measured
}

// spot is a piece's set-up hex and the place in the scenario that puts it
// there; on is false for a piece not set up on the map.
type spot struct {
	hex maps.Coord
	pos *diag.Pos
	on  bool
}

func (w *where) unit(u *oob.Unit) spot { return w.units[u.Index] }

func (w *where) leader(l *oob.Leader) (maps.Coord, bool) {
	s := w.leaders[l.Index]
	return s.hex, s.on
}

// zocHex is a hex holding units that exert a zone of control, and the
// directions it covers (a mask of the grid's Neighbours order).
type zocHex struct {
	hex  maps.Coord
	dirs uint8
}

func locate(b *battle.Battle, groups []*group) *where {
	w := &where{units: make([]spot, b.NumUnits), leaders: make([]spot, b.NumLeaders), combat: map[string][]maps.Coord{}, zoc: map[string][]zocHex{}, groups: groups}
	zoc := b.Rules.Figures.Command.ZOC
	// each side's hexes gathered apart (a battle has a few sides: found
	// by a look down the list, not a map read per group), then kept by
	// side
	type bySide struct {
		side   string
		n      int
		combat []maps.Coord
		zoc    []zocHex
	}
	var sides []bySide
	last := -1
	of := func(side string) *bySide {
		if last >= 0 && sides[last].side == side {
			return &sides[last]
		}
		for i := range sides {
			if sides[i].side == side {
				last = i
				return &sides[i]
			}
		}
		sides = append(sides, bySide{side: side})
		last = len(sides) - 1
		return &sides[last]
	}
	for _, g := range groups {
		if g.within == 0 && len(g.pieces) > 0 {
			of(g.side).n++
		}
	}
	for i := range sides {
		sides[i].combat = make([]maps.Coord, 0, sides[i].n)
	}
	for _, g := range groups {
		if g.within > 0 {
			continue // a group placement: no exact hex
		}
		for i := range g.pieces {
			pc := &g.pieces[i]
			w.units[pc.unit.Index] = spot{g.hex, pc.pos, true}
		}
		if len(g.pieces) > 0 {
			s := of(g.side)
			s.combat = append(s.combat, g.hex)
			if mask := exertsZOC(zoc, g); mask != 0 {
				s.zoc = append(s.zoc, zocHex{g.hex, mask})
			}
		}
		for _, l := range g.leaders {
			w.leaders[l.Index] = spot{g.hex, g.pos(), true}
		}
	}
	for _, s := range sides {
		w.combat[s.side] = s.combat
		if len(s.zoc) > 0 {
			w.zoc[s.side] = s.zoc
		}
	}
	return w
}

// rangeOf returns a leader's command range at a turn, and whether he has one.
func (p *pass) rangeOf(l *oob.Leader, light string, w *where) (int, bool) {
	c := p.f.Command
	r := -1
	if c.Rating != "" {
		if v, ok := l.Ratings.Get(c.Rating).Int(); ok {
			r = v
		}
	} else if v, ok := c.Fixed[l.Formation.Level]; ok {
		r = v
		if c.Cavalry > 0 && p.b.MountedOnly(l.Formation) {
			r = c.Cavalry
		}
	}
	if r < 0 {
		return 0, false
	}
	if t, rs := p.tree(), c.Raise; rs.By > 0 && t.parent(l.Formation) != nil {
		if cmd := t.commander(t.parent(l.Formation)); cmd != nil {
			at, on := w.leader(cmd)
			here, placed := w.leader(l)
			within := rs.Within
			if p.b.Rules.Night(light) {
				within = rs.NightWithin
			}
			if cr, ok := cmd.Ratings.Get(rs.Rating).Int(); ok && on && placed && p.b.Map.Grid.Distance(at, here) <= within {
				r += min(rs.By, cr)
			}
		}
	}
	if has(c.Halve, light) {
		r = int(math.Ceil(float64(r) / 2))
	}
	if p.b.Rules.Night(light) && c.NightMinus > 0 {
		r = max(0, r-c.NightMinus)
	}
	return r, true
}

// stepper builds the cost of a step for command tracing by side. Costs are
// worked out once per terrain type and per hex, so a step is a few slice
// reads and, across a hexside with features, one map read.
func (p *pass) stepper(side string, w *where) maps.StepCost {
	m := p.b.Map
	W, H := m.Grid.W, m.Grid.H
	idx := func(c maps.Coord) int { return c.Y*W + c.X }
	roads := map[maps.Edge]float64{}
	for _, r := range m.Roads {
		e, ok := p.b.Rules.Roads[r.Type]
		if !ok {
			continue
		}
		c, ok := e.CostFor(p.f.Command.LeaderClass)
		if !ok {
			continue
		}
		for i := 1; i < len(r.Path); i++ {
			k := maps.EdgeOf(r.Path[i-1], r.Path[i])
			if old, ok := roads[k]; !ok || c < old {
				roads[k] = c
			}
		}
	}
	// cost to enter each terrain type (index as in m.Terrain); 1 if unknown
	terrain := make([]float64, len(m.Terrain))
	for i, name := range m.Terrain {
		terrain[i] = 1
		if t, ok := p.b.Rules.Terrain[name]; ok {
			if c, ok := t.CostFor(p.f.Command.LeaderClass); ok {
				terrain[i] = c
			}
		}
	}
	sideCost := map[string]float64{}
	as := p.hexsideAs() // the river's level (DoW BB 18.2)
	for name, e := range p.b.Rules.Hexsides {
		if x, ok := p.b.Rules.Hexsides[as[name]]; ok {
			e = x
		}
		if c, ok := e.CostFor(p.f.Command.LeaderClass); ok {
			sideCost[name] = c
		}
	}
	// blocked: an enemy is in the hex, or next to it with no friendly
	// combat unit there
	blocked := make([]bool, W*H)
	friendly := make([]bool, W*H)
	for _, h := range w.combat[side] {
		friendly[idx(h)] = true
	}
	for s, hexes := range w.combat {
		if s == side {
			continue
		}
		for _, h := range hexes {
			blocked[idx(h)] = true
		}
	}
	impassable := func(a, b maps.Coord) bool { // a hexside the leader may not cross
		for _, f := range m.Hexsides[maps.EdgeOf(a, b)] {
			if c, ok := sideCost[f]; ok && c < 0 {
				return true
			}
		}
		return false
	}
	for s, hexes := range w.zoc {
		if s == side || !p.f.Command.EnemyAdjacent {
			continue
		}
		for _, z := range hexes {
			for i, n := range m.Grid.Neighbours(z.hex) {
				if z.dirs&(1<<i) == 0 {
					continue // not one of the unit's frontal hexes
				}
				if n.X >= 0 && n.Y >= 0 && n.X < W && n.Y < H && !friendly[idx(n)] {
					if p.f.Command.ZOC.Impassable && impassable(z.hex, n) {
						continue
					}
					blocked[idx(n)] = true
				}
			}
		}
	}
	zoi := p.zoiHexes(side, w, friendly)
	hexes := p.f.Command.Measure == "hexes"
	return func(from, to maps.Coord) (float64, bool) {
		if blocked[idx(to)] {
			return 0, false
		}
		e := maps.EdgeOf(from, to)
		features := m.Hexsides[e]
		var cost float64
		inZOI := zoi != nil && zoi[idx(to)]
		if hexes {
			cost = 1
		} else if c, ok := roads[e]; ok && !inZOI {
			cost = c
			features = nil // a road crosses its hexside's features
		} else {
			// no road movement into a zone of influence (Summer Storm 7.2.4)
			cost = 1
			if t := m.At(to).Terrain; t >= 0 {
				cost = terrain[t]
			}
			if cost < 0 {
				return 0, false
			}
			if inZOI {
				cost += p.f.Command.ZOI.Cost
			}
		}
		for _, f := range features {
			c, ok := sideCost[f]
			if !ok {
				continue
			}
			if c < 0 {
				return 0, false
			}
			if !hexes {
				cost += c
			}
		}
		return cost, true
	}
}

// command checks command ranges in a scenario's set-up, in steps: read the
// scenario's attachments, list the units set up on exact hexes, measure
// each against its commander, spread command along brigade chains, flag
// the units left out, then measure the leaders against their superiors.
func (p *pass) command(s *battle.Scenario) {
	c := p.f.Command
	if c.None || c.Code == "" || p.b.Map == nil {
		return
	}
	cs := p.commandScene(s)
	set := p.setup()
	units := measuredUnits(set.groups)
	in, out := p.unitsInRange(cs, units)
	if c.Chain > 0 || len(c.ChainField) > 0 {
		p.spreadChains(cs, units, in)
	}
	p.flagOutOfCommand(cs, units, in, out)
	if c.Leaders.Code != "" {
		p.leadersInRange(cs)
		p.alsoWithin(s, set.groups, cs.w, cs.inRange)
	}
}

// commandScene is what measuring command in one scenario's set-up shares
// between its steps: where every piece stands, the battle book's links,
// the scenario's attachments, and each leader's reach, built when first
// needed.
type commandScene struct {
	p        *pass
	s        *battle.Scenario
	w        *where
	t        *tree // the scenario's command organisation
	ls       *linkSet
	unitTo   map[*oob.Unit]*oob.Formation   // a unit attached to another formation in this scenario
	leaderTo map[*oob.Leader]*oob.Formation // a leader attached to another formation in this scenario
	reach    map[*oob.Leader]map[maps.Coord]float64
	steppers map[string]maps.StepCost // by side: built once, used for every leader
}

// commandScene is the first step of command: it locates the pieces of
// scenario s, in the light of its first turn, and reads its attachments
// (a piece may answer to another formation in this scenario).
func (p *pass) commandScene(s *battle.Scenario) *commandScene {
	w := locate(p.b, p.setup().groups)
	w.light = s.First.Light
	cs := &commandScene{
		p: p, s: s, w: w, t: p.tree(), ls: p.links(),
		unitTo:   map[*oob.Unit]*oob.Formation{},
		leaderTo: map[*oob.Leader]*oob.Formation{},
		reach:    map[*oob.Leader]map[maps.Coord]float64{},
		steppers: map[string]maps.StepCost{},
	}
	for _, st := range s.Setup {
		for _, pc := range st.Pieces {
			if pc.Attached == nil {
				continue
			}
			for _, u := range pc.Ref.Units() {
				cs.unitTo[u] = pc.Attached
			}
			for _, l := range pc.Ref.Leaders() {
				cs.leaderTo[l] = pc.Attached
			}
		}
	}
	return cs
}

// stepper is the cost of a step for side, built once per side.
func (cs *commandScene) stepper(side string) maps.StepCost {
	step, ok := cs.steppers[side]
	if !ok {
		step = cs.p.stepper(side, cs.w)
		cs.steppers[side] = step
	}
	return step
}

// reachOf is the step of command that finds the hexes leader l reaches
// with his command range, and that range; false when he has none.
func (cs *commandScene) reachOf(l *oob.Leader) (map[maps.Coord]float64, int, bool) {
	p := cs.p
	r, ok := p.rangeOf(l, cs.s.First.Light, cs.w)
	if !ok {
		return nil, 0, false
	}
	if got, ok := cs.reach[l]; ok {
		return got, r, true
	}
	step := cs.stepper(l.Side)
	at, _ := cs.w.leader(l)
	got := p.b.Map.Reach(at, float64(r), step)
	cs.reach[l] = got
	return got, r, true
}

// inRange is the step of command that tells whether hex at is within
// leader l's command range (or next to him, where the rules allow), with
// the range; the last result is false when he has no range to measure.
func (cs *commandScene) inRange(l *oob.Leader, at maps.Coord) (bool, int, bool) {
	p := cs.p
	hexes, r, ok := cs.reachOf(l)
	if !ok {
		return true, 0, false
	}
	if _, in := hexes[at]; in {
		return true, r, true
	}
	if from, _ := cs.w.leader(l); p.f.Command.AdjacentOK && (from == at || p.b.Map.Grid.Adjacent(from, at)) {
		return true, r, true
	}
	return false, r, true
}

// outOfRange is a unit out of its commander's range: the commander and
// his range.
type outOfRange struct {
	leader *oob.Leader
	r      int
}

// measuredUnits is the step of command that lists the units of groups set
// up on an exact hex; a group placed anywhere near a hex has nothing exact
// to measure.
func measuredUnits(groups []*group) []*oob.Unit {
	n := 0
	for _, g := range groups {
		if g.within == 0 {
			n += len(g.pieces)
		}
	}
	units := make([]*oob.Unit, 0, n)
	for _, g := range groups {
		if g.within > 0 {
			continue // placed anywhere near the hex: nothing exact to measure
		}
		for _, pc := range g.pieces {
			units = append(units, pc.unit)
		}
	}
	return units
}

// unitsInRange is the step of command that measures each unit against its
// commander (or the commander of the formation it is attached to): in is
// true, by Unit.Index, for a unit in command or with nothing to measure;
// out holds the others with the commander they cannot reach.
func (p *pass) unitsInRange(cs *commandScene, units []*oob.Unit) ([]bool, map[*oob.Unit]outOfRange) {
	c := p.f.Command
	w := cs.w
	out := map[*oob.Unit]outOfRange{}
	in := make([]bool, p.b.NumUnits) // by Unit.Index
	for _, u := range units {
		if has(c.Exempt, p.b.Rules.Class(u.Type)) {
			in[u.Index] = true
			continue
		}
		l := cs.t.commander(u.Formation)
		if f := cs.unitTo[u]; f != nil {
			l = cs.t.commander(f)
		}
		if l == nil {
			in[u.Index] = true
			continue
		}
		if _, onMap := w.leader(l); !onMap {
			in[u.Index] = true // the leader is not on the map at set-up: nothing to measure
			continue
		}
		ok, r, has := cs.inRange(l, w.unit(u).hex)
		if !has || ok || p.nearCommander(u, cs.unitTo[u], l, w) || p.anyLeader(u, l, w, cs.inRange) || linkedIn(cs.ls.of(cs.t, u.Formation), l, w.unit(u).hex, w, cs.inRange) {
			in[u.Index] = true
			continue
		}
		out[u] = outOfRange{l, r}
	}
	return in, out
}

// spreadChains is the step of command that runs chains through units of
// one brigade: it spreads command from the in-command units to
// brigade-mates within Chain hexes, or, for a class of ChainField, within
// its counter's value measured as command ranges are, marking them in.
func (p *pass) spreadChains(cs *commandScene, units []*oob.Unit, in []bool) {
	c := p.f.Command
	w := cs.w
	byFormation := map[*oob.Formation][]*oob.Unit{}
	for _, u := range units {
		byFormation[u.Formation] = append(byFormation[u.Formation], u)
	}
	reachOf := func(u *oob.Unit) (int, bool, bool) { // its chain range, whether it has one of its own, whether it is known
		f, ok := c.ChainField[p.b.Rules.Class(u.Type)]
		if !ok {
			return 0, false, false
		}
		v, known := u.Values.Get(f).Int()
		return v, true, known
	}
	for _, mates := range byFormation {
		var queue []*oob.Unit
		budget := 0 // the longest chain range of a field class among the mates
		for _, u := range mates {
			if in[u.Index] {
				queue = append(queue, u)
				continue
			}
			r, own, known := reachOf(u)
			if own && !known {
				in[u.Index] = true // no value to measure with; it starts no chain
			}
			budget = max(budget, r)
		}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			var from map[maps.Coord]float64 // from v's hex, within budget; built when first needed
			for _, u := range mates {
				if in[u.Index] {
					continue
				}
				at := w.unit(u).hex
				if r, own, _ := reachOf(u); own {
					if from == nil {
						from = p.b.Map.Reach(w.unit(v).hex, float64(budget), cs.stepper(u.Side))
					}
					if cost, ok := from[at]; !ok || cost > float64(r) {
						continue
					}
				} else if c.Chain == 0 || p.b.Map.Grid.Distance(at, w.unit(v).hex) > c.Chain {
					continue
				}
				in[u.Index] = true
				queue = append(queue, u)
			}
		}
	}
}

// flagOutOfCommand is the step of command that raises the command check
// for every unit still out of command, citing where its commander sets up.
func (p *pass) flagOutOfCommand(cs *commandScene, units []*oob.Unit, in []bool, out map[*oob.Unit]outOfRange) {
	c := p.f.Command
	w := cs.w
	for _, u := range units {
		if in[u.Index] {
			continue
		}
		st := out[u]
		at := p.b.Map.Grid.Label(w.unit(u).hex)
		if d := p.flagged(c.Check, *w.unit(u).pos, "%s is out of command: %s (range %d at %s) cannot reach %s", u.QualifiedName(), st.leader.QualifiedName(), st.r, cs.s.First.Text(), at); d != nil {
			d.Hint = "move the unit or its leader closer, or give a reason in a note"
			d.About(diag.Subjects{Units: []string{u.QualifiedName()}, Leaders: []string{st.leader.QualifiedName()}, Hexes: []string{at}})
			citeSetUps(d, cs.s, st.leader)
		}
	}
}

// leadersInRange is the step of command that measures each leader set up
// on an exact hex against the leader above him (a spare leader answers as
// the leader he replaces; an attached one to his new formation's), unless
// the battle book links or frees him, and raises the leaders' check.
func (p *pass) leadersInRange(cs *commandScene) {
	c := p.f.Command
	s, w, ls, t := cs.s, cs.w, cs.ls, cs.t
	for _, g := range p.setup().groups {
		if g.within > 0 {
			continue
		}
		for _, l := range g.leaders {
			lf := l.Formation
			if f := t.standsFor[l]; f != nil {
				lf = f // a spare leader answers as the leader he replaces
			} else if l.Officer {
				continue
			}
			if t.parent(lf) == nil {
				continue
			}
			sup := t.commander(t.parent(lf))
			if f := cs.leaderTo[l]; f != nil {
				sup = t.commander(f)
			}
			if sup == nil || sup == l || ls.free[l] || p.independent(s, l) {
				continue
			}
			if here, _ := w.leader(l); linkedIn(ls.of(t, l.Formation), l, here, w, cs.inRange) {
				continue
			}
			if _, onMap := w.leader(sup); !onMap {
				continue
			}
			here, _ := w.leader(l)
			ok, r, has := cs.inRange(sup, here)
			if !has || ok {
				continue
			}
			if d := p.flagged(c.Leaders, *g.pos(), "%s is out of %s's command range (%d at %s)", l.QualifiedName(), sup.QualifiedName(), r, s.First.Text()); d != nil {
				d.About(diag.Subjects{Leaders: []string{l.QualifiedName(), sup.QualifiedName()}})
				citeSetUps(d, s, sup)
			}
		}
	}
}

// citeSetUps cites on d every place leader l sets up in scenario s: his
// own piece, or the piece of a formation he leads.
func citeSetUps(d *diag.Diagnostic, s *battle.Scenario, l *oob.Leader) {
	for _, st := range s.Setup {
		for _, pc := range st.Pieces {
			found := pc.Ref.Leader == l
			for _, x := range pc.Ref.Leaders() {
				found = found || (pc.Ref.Formation != nil && x == l)
			}
			if found {
				d.Cite(pc.Pos, l.QualifiedName()+" sets up in "+st.Hex.Label)
			}
		}
	}
}

// alsoWithin checks the leaders a battle asks to be within range of a
// second superior as well, when the scenario starts in the turns it names.
func (p *pass) alsoWithin(s *battle.Scenario, groups []*group, w *where, inRange func(*oob.Leader, maps.Coord) (bool, int, bool)) {
	c := p.f.Command
	for _, a := range c.AlsoWithin {
		from, err1 := p.b.ParseTime(a.From)
		to, err2 := p.b.ParseTime(a.To)
		if err1 != nil || err2 != nil || s.First.Index < from.Index || s.First.Index > to.Index {
			continue
		}
		ix := p.b.Index(a.Side)
		if ix == nil {
			continue
		}
		var sup *oob.Leader
		for _, r := range ix.Resolve(a.Leader) {
			if r.Leader != nil {
				sup = r.Leader
			}
		}
		if sup == nil {
			continue
		}
		if _, on := w.leader(sup); !on {
			continue
		}
		want := map[*oob.Formation]bool{}
		for _, d := range a.Formations {
			if f := ix.Formation(d); f != nil {
				want[f] = true
			}
		}
		rule := a.Rule
		if rule == "" {
			rule = c.Leaders.Rule
		}
		for _, g := range groups {
			if g.within > 0 {
				continue
			}
			for _, l := range g.leaders {
				if !want[l.Formation] || l == sup {
					continue
				}
				here, _ := w.leader(l)
				if ok, r, known := inRange(sup, here); known && !ok {
					if d := p.flagged(c.Leaders, *g.pos(), "%s is out of %s's command range (%d at %s), which he must be within as well as his own superior's", l.QualifiedName(), sup.QualifiedName(), r, s.First.Text()); d != nil {
						d.Rule = rule
						d.About(diag.Subjects{Leaders: []string{l.QualifiedName(), sup.QualifiedName()}})
						d.Path = "also_within"
						citeSetUps(d, s, sup)
					}
				}
			}
		}
	}
}

// nearCommander reports whether a commander of one of u's own formations
// (those above attached, when the scenario attaches u) at the levels of the
// commander_within figure is within its hexes of u; officer, the leader
// whose range u is out of, never counts.
func (p *pass) nearCommander(u *oob.Unit, attached *oob.Formation, officer *oob.Leader, w *where) bool {
	n := p.f.Command.Near
	if len(n.Levels) == 0 {
		return false
	}
	f := u.Formation
	if attached != nil {
		f = attached
	}
	at := w.unit(u).hex
	t := p.tree()
	for x := f; x != nil; x = t.parent(x) {
		l := x.Leader
		if l == nil || l == officer || !has(n.Levels, x.Level) {
			continue
		}
		if n.Rating != "" && !l.Ratings.Has(n.Rating) {
			continue
		}
		if n.NotMounted && p.b.MountedOnly(x) {
			continue
		}
		if here, on := w.leader(l); on && p.b.Map.Grid.Distance(here, at) <= n.Hexes {
			return true
		}
	}
	return false
}

// anyLeader reports whether u is one of the units the figures put in
// command within range of any leader of some levels in its larger
// formation, and such a leader (other than its own, l) reaches it.
func (p *pass) anyLeader(u *oob.Unit, own *oob.Leader, w *where, inRange func(*oob.Leader, maps.Coord) (bool, int, bool)) bool {
	a := p.f.Command.AnyLeader
	if len(a.Levels) == 0 || a.Within == "" || len(a.Values) == 0 || !valuesMatch(u, a.Values) {
		return false
	}
	var top *oob.Formation
	t := p.tree()
	for x := u.Formation; x != nil; x = t.parent(x) {
		if x.Level == a.Within {
			top = x
			break
		}
	}
	if top == nil {
		return false
	}
	at := w.unit(u).hex
	found := false
	top.Walk(func(f *oob.Formation) {
		l := f.Leader
		if found || l == nil || l == own || !has(a.Levels, f.Level) {
			return
		}
		if _, on := w.leader(l); !on {
			return
		}
		if ok, _, known := inRange(l, at); ok && known {
			found = true
		}
	})
	return found
}

// required reports formations of levels that need a leader but have none.
func (p *pass) required() {
	c := p.f.Command
	if c.RequiredCheck.Code == "" {
		return
	}
	ls := p.links()
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			if ls.of(bookTree, f) != nil {
				return // the battle book names whom its units trace to
			}
			if f.Leader == nil && f.LedBy == nil && has(c.Required, f.Level) {
				msg := fmt.Sprintf("%s %s has no leader; its units cannot trace command to the army", f.Level, f.Label())
				if f.Parent == nil {
					msg = fmt.Sprintf("%s has no commander", f.Label())
				}
				p.flagged(c.RequiredCheck, f.Pos, "%s", msg).About(diag.Subjects{Formations: []string{f.Label()}})
			}
		})
	}
}

// linkedIn reports whether one of the linked leaders (other than self), on
// the map, has at within range.
func linkedIn(leaders []*oob.Leader, self *oob.Leader, at maps.Coord, w *where, inRange func(*oob.Leader, maps.Coord) (bool, int, bool)) bool {
	for _, l := range leaders {
		if l == self {
			continue
		}
		if _, on := w.leader(l); !on {
			continue
		}
		if ok, _, known := inRange(l, at); ok && known {
			return true
		}
	}
	return false
}
