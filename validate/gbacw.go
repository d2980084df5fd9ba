package validate

// Engines first written for GBACW rules (orders, breastworks, leaders
// near the enemy, the scope of a battery's attachment); the figures that
// configure them are data, so another system may use them too.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// ordersApart says why a stack breaks a limit whose selected units under
// orders may not share their hex with units under other orders: "" when it
// does not. A unit whose orders the set-up leaves open could take any.
func ordersApart(orders []string, sel, all []piece) string {
	for _, pc := range sel {
		if !has(orders, pc.orders) {
			continue
		}
		for _, o := range all {
			if o.orders != "" && o.orders != pc.orders {
				return fmt.Sprintf("%s under %s orders with %s under %s orders", pc.unit.QualifiedName(), pc.orders, o.unit.QualifiedName(), o.orders)
			}
		}
	}
	return ""
}

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
			if d := p.flagged(fb.Check, pc.Pos, "%s (%s) is under %s orders: %s", u.QualifiedName(), strings.ToLower(what), orders, fb.Title); d != nil {
				d.Hint = "give the unit other orders, or leave them to the player"
			}
		})
	}
	p.nearEnemy(s)
}

// valuesMatch reports whether u's counter has, for every field of want,
// one of the values listed (no fields: every unit matches).
func valuesMatch(u *oob.Unit, want map[string][]string) bool {
	for field, vals := range want {
		v := u.Values.Get(field)
		if !v.Known() || !has(vals, fmt.Sprint(v.V)) {
			return false
		}
	}
	return true
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
		if d := p.flagged(ne.Check, *subject.pos, "%s sets up under %s orders in %s, %d %s from %s's %s in %s%s: %s", subject.unit.QualifiedName(), subject.orders, g.label(), dist, hexWord(dist), found.side, found.pieces[0].unit.QualifiedName(), found.label(), seen, ne.Title); d != nil {
			d.Hint = "a unit under these orders that starts within reach of the enemy may not move until its orders change; give it other orders"
		}
	}
}

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

// breastworks checks where a set-up places breastworks and how many.
func (p *pass) breastworks(s *battle.Scenario) {
	w := p.f.Works
	p.earlyWorks(s)
	if w.Terrain.Code == "" && w.Max.Code == "" {
		return
	}
	count := map[maps.Coord]int{}
	for _, st := range s.Setup {
		if st.Breastworks <= 0 || st.Within > 0 {
			continue // a group placement's works stand where the player puts them
		}
		if w.Terrain.Code != "" && len(w.TerrainNot) > 0 {
			if t := p.b.Map.TerrainName(st.Hex.Coord); has(w.TerrainNot, t) {
				p.flag(w.Terrain, st.Hex.Pos, "%s sets up breastworks in %s, a %s hex: %s", st.Side, st.Hex.Label, t, w.Terrain.Title)
			}
		}
		before := count[st.Hex.Coord]
		count[st.Hex.Coord] += st.Breastworks
		if w.Max.Code != "" && w.MaxPerHex > 0 && before <= w.MaxPerHex && count[st.Hex.Coord] > w.MaxPerHex {
			p.flag(w.Max, st.Hex.Pos, "%s has %d breastworks at set-up (at most %d): %s", st.Hex.Label, count[st.Hex.Coord], w.MaxPerHex, w.Max.Title)
		}
	}
}

// earlyWorks reports a side's set-up breastworks in a scenario that starts
// in a window the battle's rules keep the side from having them (Dead of
// Winter BB 21.1: with the historical option, no Union breastworks on the
// morning of 31 December).
func (p *pass) earlyWorks(s *battle.Scenario) {
	w := p.f.Works
	if w.Early.Code == "" {
		return
	}
	for _, win := range w.Windows {
		from, err1 := p.b.ParseTime(win.From)
		until, err2 := p.b.ParseTime(win.Until)
		if err1 != nil || err2 != nil || !s.Uses(win.Option) || s.First.Index < from.Index || s.First.Index >= until.Index {
			continue // battle reported a bad time (N001)
		}
		check := w.Early
		if win.Rule != "" {
			check.Rule = win.Rule
		}
		with := ""
		if win.Option != "" {
			with = fmt.Sprintf(" played with the %s option", win.Option)
		}
		for _, st := range s.Setup {
			if st.Side != win.Side || st.Breastworks <= 0 {
				continue
			}
			if d := p.flagged(check, st.Hex.Pos, "%s sets up breastworks in %s at %s, in scenario %s%s: %s has none before %s", st.Side, st.Hex.Label, s.First.Text(), s.ID, with, st.Side, until.Text()); d != nil {
				d.Hint = "leave the breastworks out of this set-up, or the option out of the scenario's options:; works standing from before the window say so in the stack's note"
			}
		}
	}
}

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
			if d := p.flagged(c, *grp.pos(), "leader %s sets up alone in %s, next to %s's %s in %s: %s", grp.leaders[0].QualifiedName(), grp.label(), e.side, e.pieces[0].unit.QualifiedName(), e.label(), c.Title); d != nil {
				d.Hint = "the rules move such a leader to the nearest friendly combat unit at once, or kill him; stack him with a unit"
			}
			break
		}
	}
}

// attachScope checks that a battery is attached only to a formation inside
// its own one at the configured level (GBACW 4.32: a brigade of its
// division).
func (p *pass) attachScope(pc *battle.Piece, u *oob.Unit) {
	sc := p.f.Attach.Within
	if sc.Code == "" || sc.Level == "" || pc.Attached == nil {
		return
	}
	scope := p.scopeOf(u.Formation, sc.Level)
	if scope == nil || (sc.ReserveFree && artilleryFormation(p, scope)) {
		return
	}
	if pc.Attached.Within(scope) {
		return
	}
	if d := p.flagged(sc.Check, pc.Pos, "%s is attached to %s, outside its own %s %s: %s", u.QualifiedName(), pc.Attached.Label(), scope.Level, scope.Label(), sc.Title); d != nil {
		d.Hint = "if a scenario rule allows it, say so in the piece's note, and widen figures.attach.within for the battle or accept the finding"
	}
}

// scopeOf is the formation at level that holds f, or, when none does, the
// lowest formation above f whose level ranks at level or higher.
func (p *pass) scopeOf(f *oob.Formation, level string) *oob.Formation {
	lv, ok := p.b.Rules.LevelByID(level)
	if !ok {
		return nil
	}
	if x := f.AtLevel(level); x != nil {
		return x
	}
	for x := f; x != nil; x = x.Parent {
		if l, ok := p.b.Rules.LevelByID(x.Level); ok && l.Rank <= lv.Rank {
			return x
		}
	}
	return nil
}

func hexWord(n int) string {
	if n == 1 {
		return "hex"
	}
	return "hexes"
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
					p.flag(lf.From, pc.Pos, "scenario %s %s %s at %s; his counter is in play from %s", s.ID, what, l.QualifiedName(), at.Text(), from.Text())
				case hex != nil && at.Index == from.Index && l.With != "":
					if w := p.leaderNamed(l.Side, l.With); w != nil {
						if wh, ok := setupHex[w]; ok && wh.Coord != hex.Coord {
							p.flag(lf.From, pc.Pos, "%s is set up in %s at %s, his first turn, away from %s in %s, whom he is placed with then", l.QualifiedName(), hex.Label, at.Text(), w.QualifiedName(), wh.Label)
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
				p.flag(lf.Counter, pos, "scenario %s %s %s at %s on %s; at %s he plays on %s", s.ID, what, l.QualifiedName(), at.Text(), name(pc.Counter), at.Text(), name(want))
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
			p.flag(c, pc.ReplacesPos, "%s replaces %s, but only a spare leader (forces spares:) stands in for another", l.QualifiedName(), r.QualifiedName())
		case r.Formation.Leader != r || !has(p.f.Leaders.SpareLevels, r.Formation.Level):
			p.flag(c, pc.ReplacesPos, "%s replaces %s, who commands no %s: a spare leader stands in for a %s leader", l.QualifiedName(), r.QualifiedName(), levels, levels)
		default:
			if at, ok := inPlay[r]; ok {
				p.flagged(c, pc.ReplacesPos, "%s replaces %s, who is in play himself in scenario %s (%s)", l.QualifiedName(), r.QualifiedName(), s.ID, at).
					Cite(at, r.QualifiedName()+" is in play himself").About(diag.Subjects{Leaders: []string{l.QualifiedName(), r.QualifiedName()}})
			}
		}
	}
}
