package validate

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// unknownSkip says once per battle how many units a check skipped for an
// unknown strength, in every scenario in play (FactUnknown).
func unknownSkip(p *pass) {
	b, l := p.b, p.l
	unknown := map[*oob.Unit]bool{}
	for _, s := range b.Scenarios {
		if len(s.Play) == 0 {
			continue
		}
		for u := range p.unknownIn(s) {
			unknown[u] = true
		}
	}
	if n := len(unknown); n > 0 {
		var names []string
		for u := range unknown {
			names = append(names, u.QualifiedName())
		}
		sort.Strings(names)
		ex := names[0]
		if n > 1 {
			ex += ", " + names[1]
		}
		d := l.Addf(CodeUnknownSkip, diag.Pos{File: filepath.ToSlash(filepath.Join(b.Dir, "battle.yaml")), Line: 1, Column: 1},
			"%d %s no known strength, so stacking limits that add up strength were not checked for %s (%s…)", n, diag.Plural(n, "unit")+" "+hasHave(n), pronoun(n), ex)
		d.Hint = "give the strengths, or accept that those stacks are unchecked"
		d.About(diag.Subjects{Units: names})
	}
}

// unknownStrengths lists the units of the scenario's set-up whose strength
// a rule needed but the data does not give: those a stacking limit that
// adds up strength could not judge, and those that extend their line with
// no known strength (the minimum SP of lines cannot be judged): FactUnknown.
func (p *pass) unknownStrengths() map[*oob.Unit]bool {
	out := map[*oob.Unit]bool{}
	for _, v := range p.stacks() {
		for _, u := range v.skipped {
			out[u] = true
		}
	}
	for _, st := range p.s.Setup {
		if st.Within > 0 {
			continue
		}
		for i := range st.Pieces {
			pc := &st.Pieces[i]
			if u := pc.Ref.Unit; u != nil && len(pc.Extends) > 0 && mayExtend(p, pc, u) {
				if _, known := lineStrength(p, pc, u); !known {
					out[u] = true
				}
			}
		}
	}
	return out
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// entries checks reinforcements and withdrawals.
func (p *pass) entries(s *battle.Scenario) {
	m := p.b.Map
	areaOf := map[maps.Coord]*maps.Area{}
	var names []string
	for n := range m.Areas {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, c := range m.Areas[n].Hexes {
			if _, ok := areaOf[c]; !ok {
				areaOf[c] = m.Areas[n]
			}
		}
	}
	p.entrances(s)
	p.arrivalActivations(s)
	rule := p.f.Entry.Rule
	// who holds each entry hex at set-up (the last stack listed there)
	heldBy := map[maps.Coord]string{}
	for _, a := range s.Arrivals {
		for _, h := range a.Hexes {
			heldBy[h.Coord] = ""
		}
	}
	for _, st := range s.Setup {
		if _, entry := heldBy[st.Hex.Coord]; entry && len(st.Pieces) > 0 {
			heldBy[st.Hex.Coord] = st.Side
		}
	}
	for _, a := range s.Arrivals {
		if ar := m.Areas[a.Area]; ar != nil && ar.Side != "" && ar.Side != a.Side {
			l := p.l.Addf(CodeAreaSide, a.AreaPos, "%s arrives through area %s, which belongs to %s", a.Side, a.Area, ar.Side)
			l.Rule = rule
		}
		for _, h := range a.Hexes {
			if ar := areaOf[h.Coord]; ar != nil && ar.Side != "" && ar.Side != a.Side {
				d := p.l.Addf(CodeAreaSide, h.Pos, "%s enters at %s, in area %s of %s", a.Side, h.Label, ar.Name, ar.Side)
				d.Rule = rule
				d.About(diag.Subjects{Hexes: []string{h.Label}, Values: []string{a.Side, ar.Name}})
			}
			if p.f.Entry.Edge && !p.onPlayEdge(s, h.Coord) {
				d := p.l.Addf(CodeNotEdge, h.Pos, "entry hex %s is not on the edge of the playing area", h.Label)
				d.Rule = rule
				d.About(diag.Subjects{Hexes: []string{h.Label}})
				d.Hint = "if the scenario brings units on inside the map, say so in the arrival's note"
			}
		}
		for _, h := range a.Hexes {
			if enemy := heldBy[h.Coord]; enemy != "" && enemy != a.Side {
				d := p.l.Addf(CodeEntryHeld, h.Pos, "%s enters at %s, which %s holds at set-up", a.Side, h.Label, enemy)
				d.Rule = rule
				d.Hint = "the group cannot enter while the enemy is there; check the hex"
			}
		}
	}
}

// entrances checks arrivals against entry areas that tell a direct
// entrance hex (a road crosses it) from border ones (3DoG BB 9.75): units
// entering by border hexes only hold the orders allowed there, and no enemy
// unit sets up next to an entrance hex while arrivals remain to come.
func (p *pass) entrances(s *battle.Scenario) {
	e := p.f.Entry
	border := e.Border.Code != "" && len(e.Direct) > 0 && len(e.BorderOrders) > 0
	clear := e.Clear.Code != "" && e.KeepClear
	if !border && !clear {
		return
	}
	m := p.b.Map
	idx := p.setup().idx
	direct := m.RoadHexes(func(t string) bool { return has(e.Direct, t) })
	// the hexes an arrival may enter by, with how it names them
	hexes := func(a *battle.Arrival) ([]maps.Coord, []string, string) {
		var cs []maps.Coord
		var ls []string
		if len(a.Hexes) > 0 {
			for _, h := range a.Hexes {
				cs, ls = append(cs, h.Coord), append(ls, h.Label)
			}
			return cs, ls, ""
		}
		if ar := m.Areas[a.Area]; ar != nil {
			for _, c := range ar.Hexes {
				cs, ls = append(cs, c), append(ls, m.Grid.Label(c))
			}
			return cs, ls, "area " + a.Area
		}
		return nil, nil, ""
	}
	type seen struct {
		g    *group
		area string
	}
	reported := map[seen]bool{}
	for _, a := range s.Arrivals {
		cs, ls, area := hexes(a)
		if len(cs) == 0 {
			continue
		}
		name := area
		if name == "" {
			name = strings.Join(ls, ", ")
		}
		if border {
			byDirect := false
			for _, c := range cs {
				byDirect = byDirect || direct[c]
			}
			if !byDirect {
				for i := range a.Pieces {
					pc := &a.Pieces[i]
					if pc.Orders == "" || pc.Ref.Leader != nil || has(e.BorderOrders, pc.Orders) {
						continue
					}
					if d := p.flagged(e.Border, pc.Pos, "%s enters under %s orders by %s, with no direct entrance hex (none on a %s): %s", pc.Ref.Name(), pc.Orders, name, strings.Join(e.Direct, " or "), e.Border.Title); d != nil {
						d.Hint = fmt.Sprintf("units entering by border entrance hexes take %s orders; if the scenario says otherwise, say so in the arrival's note and accept the finding", strings.Join(e.BorderOrders, " or "))
					}
				}
			}
		}
		if !clear {
			continue
		}
		for i, c := range cs {
			for _, n := range m.Grid.Neighbours(c) {
				g := idx.first(n, func(o *group) bool { return o.side != a.Side && o.within == 0 && len(o.pieces) > 0 })
				if g == nil || reported[seen{g, name}] {
					continue
				}
				reported[seen{g, name}] = true
				if d := p.flagged(e.Clear, *g.pieces[0].pos, "%s's %s sets up in %s, next to entrance hex %s of %s, through which %s arrives at %s: %s", g.side, g.pieces[0].unit.QualifiedName(), g.label(), ls[i], name, a.Side, a.Time.Text(), e.Clear.Title); d != nil {
					d.Hint = "the enemy keeps a hex between it and every entrance hex until the area's arrivals are in; move the stack back"
				}
			}
		}
	}
}

// arrivalActivations checks the activations an arrival gives its group on
// the entry turn: 1 to the most a group has (GBACW 5.24, 9.74), and, where
// the activation figures cap artillery (3DoG BB 4.36), no more than that
// for a group all of artillery.
func (p *pass) arrivalActivations(s *battle.Scenario) {
	e := p.f.Entry
	if e.Arrival.Code == "" || e.MaxArrival <= 0 {
		return
	}
	for _, a := range s.Arrivals {
		if a.Activations == 0 {
			continue // the chart gives none: the default, or the leaders' ratings
		}
		most, what := e.MaxArrival, "a reinforcement group"
		if am := p.f.Activation.ArtilleryMax; am > 0 && am < most && p.allArtillery(a.Pieces) {
			most, what = am, "an artillery group"
		}
		if a.Activations >= 1 && a.Activations <= most {
			continue
		}
		p.flag(e.Arrival, a.ActivationsPos, "%s's arrival at %s has %d activations; %s has 1 to %d: %s", a.Side, a.Time.Text(), a.Activations, what, most, e.Arrival.Title)
	}
}

// allArtillery reports whether the pieces hold units and every one is a
// battery (leaders aside).
func (p *pass) allArtillery(ps []battle.Piece) bool {
	n := 0
	for _, pc := range ps {
		for _, u := range pc.Ref.Units() {
			if !p.b.Rules.Artillery(u.Type) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// onPlayEdge reports whether c lies on the edge of the scenario's playing
// area: a neighbour is off the map or out of play.
func (p *pass) onPlayEdge(s *battle.Scenario, c maps.Coord) bool {
	g := p.b.Map.Grid
	for _, n := range g.Neighbours(c) {
		if !g.OnMap(n) || !s.InPlay(n) {
			return true
		}
	}
	return false
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

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
				p.flag(e.Check, *pc.pos, format, pc.unit.QualifiedName(), pc.sp, pc.orders, g.label())
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
	for _, f := range m.Hexsides[e] {
		if h, ok := r.Hexsides[f]; ok {
			if c, ok := h.CostFor(class); ok && c < 0 {
				return false
			}
		}
	}
	return true
}

// organisation runs the order-of-battle checks some systems have, on the
// formations of the ruleset's lowest level (the brigades that bind counters).
func (p *pass) organisation() {
	p.letters() // the brigades' counter letters (validate/letters.go)
	p.hqs()     // Commanders' HQ units (validate/letters.go)
	p.horseArtillery()
	p.historical()
	o := p.f.Org
	p.unitStrength()
	lowest := p.lowestLevel()
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		type key struct{ name, arm string }
		seen := map[key]*oob.Formation{}
		side.Army.Walk(func(f *oob.Formation) {
			if f.Level != lowest {
				return
			}
			if o.CountersField != "" && o.Counters.Code != "" {
				n := len(f.Units)
				for _, u := range f.Units {
					v, ok := u.Values.Get(o.CountersField).Int()
					if ok && v != n {
						p.flag(o.Counters, u.Values.Get(o.CountersField).Pos, "%s shows %d counters for its brigade, but brigade %s has %d", u.QualifiedName(), v, f.Label(), n)
					}
				}
			}
			if o.UniqueBrigades.Code != "" {
				arm := "troops"
				if len(f.Units) > 0 && allArtillery(p, f) {
					arm = "artillery"
				}
				name := f.ID
				if prev, dup := seen[key{name, arm}]; dup {
					p.flag(o.UniqueBrigades, f.Pos, "brigade name %q is used twice on side %s (%s and %s): events and activations that name the brigade cannot tell them apart", name, side.ID, prev.Label(), f.Label())
					return
				}
				seen[key{name, arm}] = f
			}
		})
	}
}

// unitStrength reports units whose printed strength, on any face, is above
// the largest the figures allow their class (3DoG BB 14.26: cavalry
// battalions of at most 4 SP).
func (p *pass) unitStrength() {
	o := p.f.Org
	p.unitFlags()
	if o.Strength.Code == "" || len(o.MaxSP) == 0 {
		return
	}
	field := p.b.Rules.Strength
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			for _, u := range f.Units {
				class := p.b.Rules.Class(u.Type)
				most, ok := o.MaxSP[class]
				if !ok {
					continue
				}
				faces := []string{""}
				for name := range u.Faces {
					faces = append(faces, name)
				}
				sort.Strings(faces)
				for _, face := range faces {
					vs := u.Values
					if face != "" {
						vs = u.Faces[face]
					}
					v := vs.Get(field)
					sp, known := v.Int()
					if !known || float64(sp) <= most {
						continue
					}
					on := ""
					if face != "" {
						on = " on its " + face + " face"
					}
					pos := v.Pos
					if pos.Line == 0 {
						pos = u.Pos
					}
					if d := p.flagged(o.Strength, pos, "%s (%s) has %d strength points%s, more than %g: %s", u.QualifiedName(), strings.ToLower(p.classTitle(class)), sp, on, most, o.Strength.Title); d != nil {
						d.Hint = "split the unit into counters of at most that strength (lettered a, b, ...), as the book does"
					}
					break
				}
			}
		})
	}
}

// unitFlags reports units whose counter sets a flag the battle does not
// use (3DoG BB 14.1: no Green units).
func (p *pass) unitFlags() {
	o := p.f.Org
	if o.Flag.Code == "" || len(o.NoFlags) == 0 {
		return
	}
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			for _, u := range f.Units {
				for _, name := range o.NoFlags {
					v := u.Values.Get(name)
					if b, ok := v.V.(bool); !ok || !b {
						continue
					}
					title := name
					if fd, ok := p.b.Rules.Fields[name]; ok && fd.Title != "" {
						title = fd.Title
					}
					if d := p.flagged(o.Flag, v.Pos, "%s sets %s (%s), which no unit of the battle has: %s", u.QualifiedName(), name, title, o.Flag.Title); d != nil {
						d.Hint = "drop the flag; the battle book says no counter carries it"
					}
				}
			}
		})
	}
}

// classTitle is a class's title, or its id.
func (p *pass) classTitle(class string) string {
	if c, ok := p.b.Rules.Classes[class]; ok && c.Title != "" {
		return c.Title
	}
	return class
}

func allArtillery(p *pass, f *oob.Formation) bool {
	for _, u := range f.Units {
		if !p.b.Rules.Artillery(u.Type) {
			return false
		}
	}
	return true
}

// lowestLevel is the ruleset's lowest formation level (the highest rank):
// the brigades that bind counters.
func (p *pass) lowestLevel() string {
	lowest, rank := "", 0
	for _, l := range p.b.Rules.Levels {
		if l.Rank > rank {
			lowest, rank = l.ID, l.Rank
		}
	}
	return lowest
}

// absent raises code at pos for data a system without the rules for it
// was given: what follows "<system> " in the message, and a hint to remove
// key or configure the figures section that holds those rules.
func (p *pass) absent(code diag.Code, pos diag.Pos, key, figures, format string, args ...any) {
	d := p.l.Addf(code, pos, "%s "+format, append([]any{p.b.Rules.System}, args...)...)
	d.Hint = "remove " + key + ":, or configure figures." + figures + " under the battle's rules:"
}

// flag raises a check that ruleset data configures (its code, severity and
// rule), at pos: a no-op for a check with no code.
func (p *pass) flag(c rulesets.Check, pos diag.Pos, format string, args ...any) {
	p.flagged(c, pos, format, args...)
}

// flagged is flag returning the diagnostic, for a hint; nil when the check
// is not configured.
func (p *pass) flagged(c rulesets.Check, pos diag.Pos, format string, args ...any) *diag.Diagnostic {
	if c.Code == "" {
		return nil
	}
	return p.l.Addf(diag.Code{Code: c.Code, Severity: c.Sev(), Rule: c.Rule}, pos, format, args...)
}
