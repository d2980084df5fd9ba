package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
)

// The entry check's own codes (its ruleset figures configure the rest):
// an entry hex off the map's edge, an entry area of the other side, an
// entry hex the enemy holds at set-up.
var (
	CodeNotEdge = diag.Code{Code: "N021", Severity: diag.Warning, Title: "entry hex not on the map edge",
		Doc: "Reinforcements enter through map-edge hexes (GBACW 9.71, AMFS I-8). An entry hex inside the map is legal only where the scenario says so (Dead of Winter's \"appears at A3924\"); say it in the arrival's note."}
	CodeAreaSide = diag.Code{Code: "N022", Severity: diag.Error, Title: "entry area of the other side",
		Doc: "An arrival uses an area, or a hex of an area, that the map gives to the other side (TSS 21.53: staging areas 1-4 Confederate, 4-9 Union)."}
	CodeEntryHeld = diag.Code{Code: "N025", Severity: diag.Warning, Title: "entry hex held by the enemy at set-up",
		Doc: "A reinforcement group enters through a hex the enemy holds at set-up. Units may never enter an enemy-occupied hex, so the group is blocked or delayed unless the enemy has moved by then (GBACW 9.74, TSS 21.51, AMFS I-8c)."}
)

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
		// each alternative the book gives must be one the side may use
		for _, alt := range a.AreaChoices() {
			if ar := m.Areas[alt.Name]; ar != nil && ar.Side != "" && ar.Side != a.Side {
				l := p.l.Addf(CodeAreaSide, alt.Pos, "%s arrives through area %s, which belongs to %s", a.Side, alt.Name, ar.Side).About(aboutValues(a.Side, alt.Name, a.Time.Text()))
				l.Rule = rule
			}
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
				d := p.l.Addf(CodeEntryHeld, h.Pos, "%s enters at %s, which %s holds at set-up", a.Side, h.Label, enemy).About(diag.Subjects{Hexes: []string{h.Label}, Values: []string{a.Side}})
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
		// the hexes of every alternative area
		var names []string
		for _, alt := range a.AreaChoices() {
			if ar := m.Areas[alt.Name]; ar != nil {
				for _, c := range ar.Hexes {
					cs, ls = append(cs, c), append(ls, m.Grid.Label(c))
				}
				names = append(names, alt.Name)
			}
		}
		switch len(names) {
		case 0:
			return nil, nil, ""
		case 1:
			return cs, ls, "area " + names[0]
		}
		return cs, ls, "areas " + strings.Join(names, " or ")
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
					if d := p.flagged(e.Border, pc.Pos, "%s enters under %s orders by %s, with no direct entrance hex (none on a %s): %s", pc.Ref.Name(), pc.Orders, name, strings.Join(e.Direct, " or "), e.Border.Title).About(pc.Ref.Subjects()).About(aboutValues(name)); d != nil {
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
				if d := p.flagged(e.Clear, *g.pieces[0].pos, "%s's %s sets up in %s, next to entrance hex %s of %s, through which %s arrives at %s: %s", g.side, g.pieces[0].unit.QualifiedName(), g.label(), ls[i], name, a.Side, a.Time.Text(), e.Clear.Title).About(diag.Subjects{Units: []string{g.pieces[0].unit.QualifiedName()}, Hexes: []string{g.label(), ls[i]}}); d != nil {
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
		p.flagged(e.Arrival, a.ActivationsPos, "%s's arrival at %s has %d activations; %s has 1 to %d: %s", a.Side, a.Time.Text(), a.Activations, what, most, e.Arrival.Title).About(aboutValues(a.Side, a.Time.Text()))
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
