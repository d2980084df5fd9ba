package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
)

func joinInts(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
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
				p.flagged(w.Terrain, st.Hex.Pos, "%s sets up breastworks in %s, a %s hex: %s", st.Side, st.Hex.Label, t, w.Terrain.Title).About(diag.Subjects{Hexes: []string{st.Hex.Label}, Values: []string{st.Side}})
			}
		}
		before := count[st.Hex.Coord]
		count[st.Hex.Coord] += st.Breastworks
		if w.Max.Code != "" && w.MaxPerHex > 0 && before <= w.MaxPerHex && count[st.Hex.Coord] > w.MaxPerHex {
			p.flagged(w.Max, st.Hex.Pos, "%s has %d breastworks at set-up (at most %d): %s", st.Hex.Label, count[st.Hex.Coord], w.MaxPerHex, w.Max.Title).About(diag.Subjects{Hexes: []string{st.Hex.Label}})
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
			if d := p.flagged(check, st.Hex.Pos, "%s sets up breastworks in %s at %s, in scenario %s%s: %s has none before %s", st.Side, st.Hex.Label, s.First.Text(), s.ID, with, st.Side, until.Text()).About(diag.Subjects{Hexes: []string{st.Hex.Label}, Values: []string{st.Side}}); d != nil {
				d.Hint = "leave the breastworks out of this set-up, or the option out of the scenario's options:; works standing from before the window say so in the stack's note"
			}
		}
	}
}

// worksFacing checks the hexsides a set-up gives its breastworks (GBACW
// 15.21): two different, adjacent hexsides for each marker, and no more
// facings than markers.
func (p *pass) worksFacing(s *battle.Scenario) {
	c := p.f.Works.Facing
	if c.Code == "" {
		return
	}
	for _, st := range s.Setup {
		if len(st.WorksFacing) == 0 {
			continue
		}
		if len(st.WorksFacing) > st.Breastworks {
			n := st.Breastworks
			p.flagged(c, st.WorksFacing[0].Pos, "%s gives %d breastwork %s in %s, which has %d breastwork %s: %s",
				st.Side, len(st.WorksFacing), diag.Plural(len(st.WorksFacing), "facing"), st.Hex.Label, n, diag.Plural(n, "marker"), c.Title).
				About(diag.Subjects{Hexes: []string{st.Hex.Label}, Values: []string{st.Side}})
		}
		for _, w := range st.WorksFacing {
			if why := facingFault(w.Sides, p.f.Works.Sides); why != "" {
				p.flagged(c, w.Pos, "a breastwork in %s faces %s: %s", st.Hex.Label, why, c.Title).About(diag.Subjects{Hexes: []string{st.Hex.Label}, Values: []string{fmt.Sprint(w.Sides)}})
			}
		}
	}
}

// facingFault says what is wrong with the hexsides one breastwork covers
// ("" nothing): a count the figures do not allow, a hexside twice, or
// hexsides that are not one run of neighbours (6 and 1 are neighbours).
func facingFault(sides, counts []int) string {
	for _, x := range sides {
		if x < 1 || x > 6 {
			return "" // the schema reports it
		}
	}
	seen := map[int]bool{}
	for _, x := range sides {
		if seen[x] {
			return fmt.Sprintf("hexside %d twice", x)
		}
		seen[x] = true
	}
	if len(counts) > 0 && !slices.Contains(counts, len(sides)) {
		var ns []string
		for _, n := range counts {
			ns = append(ns, strconv.Itoa(n))
		}
		return fmt.Sprintf("%d %s; a breastwork covers %s", len(sides), diag.Plural(len(sides), "hexside"), strings.Join(ns, " or "))
	}
	// one run: exactly one hexside whose clockwise neighbour is not covered
	ends := 0
	for x := range seen {
		if !seen[x%6+1] {
			ends++
		}
	}
	if ends > 1 {
		return fmt.Sprintf("hexsides %s, which are not side by side", joinInts(sides))
	}
	return ""
}
