package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// arrivals checks how reinforcements enter, as figures.entry says: the
// formation units arrive in (TSS 21.2), entry hexes on a road (TSS 20.4 at
// night, Summer Storm 9.6.10 always) and areas kept for some arrivals (TSS
// 21.6).
func (p *pass) arrivals(s *battle.Scenario) {
	e := p.f.Entry
	if e.Formation.Code != "" {
		for _, a := range s.Arrivals {
			p.arrivalFormation(e.Formation, a)
		}
	}
	if len(e.Roads) > 0 && len(p.b.Map.Roads) > 0 {
		onRoad := map[maps.Coord][]string{} // the road types through each hex
		for _, r := range p.b.Map.Roads {
			for _, c := range r.Path {
				if !slices.Contains(onRoad[c], r.Type) {
					onRoad[c] = append(onRoad[c], r.Type)
				}
			}
		}
		for _, r := range e.Roads {
			for _, a := range s.Arrivals {
				p.arrivalRoad(r, a, onRoad)
			}
		}
	}
	for _, al := range e.Areas {
		for _, a := range s.Arrivals {
			// each alternative the book gives is judged as if written alone
			for _, alt := range a.AreaChoices() {
				one := *a
				one.Area, one.AreaPos = alt.Name, alt.Pos
				p.arrivalArea(s, al, &one)
			}
		}
	}
	if e.Variable.Code != "" {
		for _, a := range s.Arrivals {
			p.availability(s, e.Variable, a)
		}
	}
}

// availability checks a variable reinforcement's availability rolls
// (Summer Storm 9.6.6): each for a turn of the scenario before the
// scheduled one, in turn order, once each, with a roll the dice can make.
func (p *pass) availability(s *battle.Scenario, c rulesets.Check, a *battle.Arrival) {
	most := p.b.Rules.Dice.Count * p.b.Rules.Dice.Sides
	report := func(ch battle.Chance, format string, args ...any) {
		p.flagged(c, ch.Pos, format+": %s", append(args, c.Title)...).About(aboutValues(a.Side, a.Time.Text(), ch.Time.Text()))
	}
	prev := -1
	for _, ch := range a.Availability {
		if ch.Time.Day == "" {
			continue // not on the turn track: N001 says so
		}
		switch {
		case ch.Time.Index >= a.Time.Index:
			report(ch, "the availability roll at %s is not before the arrival's scheduled turn (%s)", ch.Time.Text(), a.Time.Text())
		case ch.Time.Index < s.First.Index:
			report(ch, "the availability roll at %s comes before the scenario's first turn (%s)", ch.Time.Text(), s.First.Text())
		case ch.Time.Index <= prev:
			report(ch, "the availability roll at %s is not after the one before it", ch.Time.Text())
		case most > 0 && ch.Roll > most:
			report(ch, "the availability roll at %s needs %d, more than the dice make (%d)", ch.Time.Text(), ch.Roll, most)
		}
		prev = max(prev, ch.Time.Index)
	}
}

func (p *pass) arrivalFormation(f rulesets.EntryFormation, a *battle.Arrival) {
	for _, pc := range a.Pieces {
		if len(pc.Ref.Units()) == 0 {
			continue // leaders have no formation
		}
		var why string
		switch {
		case pc.Orders != "" && len(f.Orders) > 0 && !slices.Contains(f.Orders, pc.Orders):
			why = fmt.Sprintf("under %s orders (arrivals come in %s)", pc.Orders, strings.Join(f.Orders, " or "))
		case pc.Face != "" && slices.Contains(f.FacesNot, pc.Face):
			why = fmt.Sprintf("on its %s face", pc.Face)
		default:
			continue
		}
		if d := p.flagged(f.Check, pc.Pos, "%s arrives at %s %s: %s", pc.Ref.Name(), a.Time.Text(), why, f.Title).About(pc.Ref.Subjects()); d != nil {
			d.Hint = "leave the formation out: the unit enters as the rule says, and changes formation on the map"
		}
	}
}

func (p *pass) arrivalRoad(r rulesets.EntryRoad, a *battle.Arrival, onRoad map[maps.Coord][]string) {
	if len(r.Lights) > 0 && !slices.Contains(r.Lights, a.Time.Light) {
		return
	}
	for _, h := range a.Hexes {
		types := onRoad[h.Coord]
		ok := len(types) > 0
		if len(r.Types) > 0 {
			ok = false
			for _, t := range types {
				if slices.Contains(r.Types, t) {
					ok = true
				}
			}
		}
		if ok {
			continue
		}
		when := ""
		if len(r.Lights) > 0 {
			when = " in a " + a.Time.Light + " turn"
		}
		kinds := "road"
		if len(r.Types) > 0 {
			kinds = strings.Join(r.Types, ", ")
		}
		if d := p.flagged(r.Check, h.Pos, "%s enters at %s%s (%s), but no %s runs through %s: %s", a.Side, h.Label, when, a.Time.Text(), kinds, h.Label, r.Title).About(diag.Subjects{Hexes: []string{h.Label}, Values: []string{a.Side, a.Time.Text()}}); d != nil {
			d.Hint = "enter at a hex the road runs through, or draw the road on the map"
		}
	}
}

// areaRoles reports, for each area limit a ruleset binds to a role, the
// map's areas that declare no role: the limit cannot tell whether one of
// them is the role's area (TSS 21.6: Staging Area 9), whatever its key.
func (p *pass) areaRoles() {
	for _, al := range p.f.Entry.Areas {
		if al.Role == "" || al.Missing.Code == "" {
			continue
		}
		for _, n := range areaNames(p.b.Map) {
			a := p.b.Map.Areas[n]
			if a.Role != "" {
				continue
			}
			if d := p.flagged(al.Missing, a.Pos, "area %s declares no role, so muster cannot tell whether it is the %s that %s binds: %s is not checked on it", n, al.Role, al.Rule, al.Code); d != nil {
				d.Hint = "give the area its role as the book numbers it (role: " + al.Role + " for that area)"
				d.About(diag.Subjects{Values: []string{n}})
			}
		}
	}
}

// limitedArea reports whether an arrival through the area named n is one
// the limit keeps: by the role the map's area declares, or by its key when
// a battle's own rules name it so.
func (p *pass) limitedArea(al rulesets.AreaLimit, n string) bool {
	if n == "" {
		return false
	}
	if al.Role != "" {
		a := p.b.Map.Areas[n]
		return a != nil && a.Role == al.Role
	}
	return n == al.Area
}

func (p *pass) arrivalArea(s *battle.Scenario, al rulesets.AreaLimit, a *battle.Arrival) {
	if !p.limitedArea(al, a.Area) {
		return
	}
	pos := a.AreaPos
	if len(al.Days) > 0 {
		day := slices.Index(p.b.Days, a.Time.Day) + 1
		if day > 0 && !slices.Contains(al.Days, day) {
			var days []string
			for _, d := range al.Days {
				days = append(days, strconv.Itoa(d))
			}
			p.flagged(al.Check, pos, "%s arrives through area %s on %s, day %d of the battle; the area is used on day %s only: %s", a.Side, a.Area, a.Time.Day, day, strings.Join(days, ", "), al.Title).
				About(aboutValues(a.Side, a.Area, a.Time.Text()))
		}
	}
	if len(al.Formations) == 0 {
		return
	}
	var fs []*oob.Formation
	if ix := p.b.Index(a.Side); ix != nil {
		for _, name := range al.Formations {
			if f := ix.Named(name); f != nil {
				fs = append(fs, f)
			}
		}
	}
	if len(fs) == 0 && !p.anyFormation(al.Formations) {
		if d := p.flagged(al.Missing, pos, "%s arrives through area %s, which %s keeps for %s, but no side's order of battle has %s: muster cannot tell whose units may use it", a.Side, a.Area, al.Rule, strings.Join(al.Formations, ", "), strings.Join(al.Formations, " or ")); d != nil {
			d.Hint = "give the formation the book's designation or declare it as its role (role: " + al.Formations[0] + "), or name yours under rules: figures: entry: areas"
			d.About(diag.Subjects{Formations: al.Formations, Values: []string{a.Area}})
		}
		return
	}
	in := func(f *oob.Formation) bool {
		for x := f; x != nil; x = s.Parent(x) {
			if slices.Contains(fs, x) {
				return true
			}
		}
		return false
	}
	for _, pc := range a.Pieces {
		var out []string
		for _, u := range pc.Ref.Units() {
			if !in(u.Formation) {
				out = append(out, u.QualifiedName())
			}
		}
		for _, l := range pc.Ref.Leaders() {
			if l.Formation != nil && !in(l.Formation) {
				out = append(out, l.QualifiedName())
			}
		}
		if len(out) == 0 {
			continue
		}
		ex := out[0]
		if len(out) > 1 {
			ex += fmt.Sprintf(" and %d more", len(out)-1)
		}
		p.flagged(al.Check, pc.Pos, "%s arrives through area %s, which is kept for %s: %s", ex, a.Area, strings.Join(al.Formations, ", "), al.Title).
			About(pc.Ref.Subjects()).About(aboutValues(a.Area))
	}
}

// anyFormation reports whether some side's order of battle has one of the
// formations the designations name, or the formation above it ("I" for
// "3/I"), by designation or role: an order of battle that names I Corps as
// the book does but has no 3rd Division holds no unit of 3/I, while one
// that has neither may name them otherwise.
func (p *pass) anyFormation(names []string) bool {
	for _, sd := range p.b.Sides {
		if ix := p.b.Index(sd.ID); ix != nil {
			for _, n := range names {
				_, up, _ := strings.Cut(n, "/")
				if ix.Named(n) != nil || up != "" && ix.Named(up) != nil {
					return true
				}
			}
		}
	}
	return false
}
