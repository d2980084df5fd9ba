package validate

import (
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
)

// stagingAreas checks the arrow and entrance hexes a map gives its areas
// (TSS 21.1): the arrow hex is one of the area's hexes, on the map's edge
// (the off-map border row, 16.0), as is every hex of an area with an arrow; the entrance hex is a hex of the map,
// in no area, next to the arrow hex, with a road of the figures' types
// running through it (unless the map draws no roads).
func (p *pass) stagingAreas() {
	st := p.f.Staging
	if st.Arrow.Code == "" && st.Entrance.Code == "" {
		return
	}
	m := p.b.Map
	g := m.Grid
	names := areaNames(m)
	areaOf := map[maps.Coord]string{}
	for _, n := range names {
		for _, c := range m.Areas[n].Hexes {
			if _, ok := areaOf[c]; !ok {
				areaOf[c] = n
			}
		}
	}
	roads := m.RoadHexes(func(t string) bool { return len(st.Roads) == 0 || has(st.Roads, t) })
	kinds := "road"
	if len(st.Roads) > 0 {
		kinds = strings.Join(st.Roads, " or ")
	}
	for _, n := range names {
		a := m.Areas[n]
		if ar := a.Arrow; ar != nil {
			in := false
			var inner []string
			for _, c := range a.Hexes {
				in = in || c == ar.Coord
				edge := false
				for _, nb := range g.Neighbours(c) {
					edge = edge || !g.OnMap(nb)
				}
				if !edge {
					inner = append(inner, g.Label(c))
				}
			}
			if !in {
				p.flagged(st.Arrow, ar.Pos, "arrow hex %s of area %s is not one of the area's hexes: the arrow is printed in the staging area", ar.Label, n).
					About(diag.Subjects{Hexes: []string{ar.Label}, Values: []string{n}})
			}
			if len(inner) > 0 {
				p.flagged(st.Arrow, ar.Pos, "staging area %s is not all on the map's edge: %s %s inside the map, but staging areas are the border row of hexes around it", n, strings.Join(inner, ", "), isAre(len(inner))).
					About(diag.Subjects{Hexes: inner, Values: []string{n}})
			}
		}
		en := a.Entrance
		if en == nil {
			continue
		}
		switch other, off := areaOf[en.Coord]; {
		case off:
			p.flagged(st.Entrance, en.Pos, "entrance hex %s of area %s lies in area %s, off the map: the entrance is the map hex the arrow points to", en.Label, n, other).
				About(diag.Subjects{Hexes: []string{en.Label}, Values: []string{n}})
		case a.Arrow != nil && !g.Adjacent(a.Arrow.Coord, en.Coord):
			p.flagged(st.Entrance, en.Pos, "entrance hex %s of area %s is not next to its arrow hex %s", en.Label, n, a.Arrow.Label).
				About(diag.Subjects{Hexes: []string{en.Label, a.Arrow.Label}, Values: []string{n}})
		case len(m.Roads) > 0 && !roads[en.Coord]:
			p.flagged(st.Entrance, en.Pos, "entrance hex %s of area %s has no %s through it: the arrow points to the %s the units enter by", en.Label, n, kinds, kinds).
				About(diag.Subjects{Hexes: []string{en.Label}, Values: []string{n}})
		}
	}
}

// stagingArrivals reports arrivals that give hexes of an area with an
// arrow hex other than that hex: reinforcements enter a staging area by
// its arrow hex only (TSS 21.2).
func (p *pass) stagingArrivals(s *battle.Scenario) {
	st := p.f.Staging
	if st.Arrival.Code == "" {
		return
	}
	m := p.b.Map
	arrowOf := map[maps.Coord]*maps.Area{}
	for _, n := range areaNames(m) {
		a := m.Areas[n]
		if a.Arrow == nil {
			continue
		}
		for _, c := range a.Hexes {
			if _, ok := arrowOf[c]; !ok {
				arrowOf[c] = a
			}
		}
	}
	if len(arrowOf) == 0 {
		return
	}
	for _, ar := range s.Arrivals {
		for _, h := range ar.Hexes {
			if a := arrowOf[h.Coord]; a != nil && a.Arrow.Coord != h.Coord {
				p.flagged(st.Arrival, h.Pos, "%s enters at %s, a hex of staging area %s other than its arrow hex %s: reinforcements enter a staging area by its arrow hex", ar.Side, h.Label, a.Name, a.Arrow.Label).
					About(diag.Subjects{Hexes: []string{h.Label, a.Arrow.Label}, Values: []string{a.Name}})
			}
		}
	}
}

func areaNames(m *maps.Map) []string {
	var names []string
	for n := range m.Areas {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
