package validate

import (
	"fmt"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// letters checks the counters of each brigade (Summer Storm 2.4, 2.5): at
// most figures.organisation.max_counters of them, each lettered once by
// letters_field. Units that sit on a higher formation (corps artillery, a
// cavalry division's horse battery) form a brigade of their own per name:
// "Wainwright A" and "Wainwright B" are the A and B of Wainwright's.
func (p *pass) letters() {
	o := p.f.Org
	if o.Letters.Code == "" {
		return
	}
	lowest := p.lowestLevel()
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			if f.Level == lowest {
				p.brigadeLetters(f.Label(), f.Pos, f.Units)
				return
			}
			// units on a higher formation: one brigade per name stem
			var stems []string
			by := map[string][]*oob.Unit{}
			for _, u := range f.Units {
				st := stem(u)
				if _, ok := by[st]; !ok {
					stems = append(stems, st)
				}
				by[st] = append(by[st], u)
			}
			for _, st := range stems {
				p.brigadeLetters(fmt.Sprintf("%s of %s", st, f.Label()), by[st][0].Pos, by[st])
			}
		})
	}
}

// stem is a unit's name without its letter: "Wainwright" for
// "Wainwright A", whatever letter the counter's field gives.
func stem(u *oob.Unit) string {
	if n := len(u.Name); n > 2 && u.Name[n-2] == ' ' && u.Name[n-1] >= 'A' && u.Name[n-1] <= 'Z' {
		return u.Name[:n-2]
	}
	return u.Name
}

func (p *pass) brigadeLetters(what string, at diag.Pos, units []*oob.Unit) {
	o := p.f.Org
	c := o.Letters
	if o.MaxCounters > 0 && len(units) > o.MaxCounters {
		p.flagged(c, at, "brigade %s has %d counters, more than %d: %s", what, len(units), o.MaxCounters, c.Title).About(aboutValues(what))
	}
	if o.LettersField == "" {
		return
	}
	seen := map[string]*oob.Unit{}
	for _, u := range units {
		v := u.Values.Get(o.LettersField)
		l, ok := v.V.(string)
		if !ok || l == "" {
			continue
		}
		if prev, dup := seen[l]; dup {
			if d := p.flagged(c, v.Pos, "%s is lettered %s, as %s is: %s", u.QualifiedName(), l, prev.QualifiedName(), c.Title).About(aboutUnits(u.QualifiedName(), prev.QualifiedName())); d != nil {
				d.Hint = "each counter of a brigade has its own letter, A to E"
			}
			continue
		}
		seen[l] = u
	}
}

// hqs checks that each Commander of figures.organisation.hq's levels has
// one HQ unit of his own, and a cavalry formation's leader none (TSS 17.8,
// 17.87). The HQ is a unit of the formation itself, not of one below it.
func (p *pass) hqs() {
	h := p.f.Org.HQ
	if h.Code == "" || h.Class == "" {
		return
	}
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			if !has(h.Levels, f.Level) || f.Leader == nil {
				return
			}
			if h.Rating != "" && !f.Leader.Ratings.Has(h.Rating) {
				return
			}
			var hq []*oob.Unit
			for _, u := range f.Units {
				if p.b.Rules.Class(u.Type) == h.Class {
					hq = append(hq, u)
				}
			}
			cavalry := mountedBut(f, p, h.Class)
			switch {
			case cavalry && len(hq) > 0:
				p.flagged(h.Check, f.Pos, "%s is a cavalry command, which has no HQ, but %s is its HQ: %s", f.Label(), hq[0].QualifiedName(), h.Title).About(diag.Subjects{Units: []string{hq[0].QualifiedName()}, Formations: []string{f.Label()}})
			case !cavalry && len(hq) == 0:
				p.flagged(h.Check, f.Pos, "%s (%s) has no HQ unit of its own: %s", f.Label(), f.Leader.Name, h.Title).About(aboutFormations(f.Label()))
			case !cavalry && len(hq) > 1:
				p.flagged(h.Check, f.Pos, "%s (%s) has %d HQ units (%s, %s): %s", f.Label(), f.Leader.Name, len(hq), hq[0].QualifiedName(), hq[1].QualifiedName(), h.Title).About(diag.Subjects{Units: unitNames(hq), Formations: []string{f.Label()}})
			}
		})
	}
}

// mountedBut reports whether every unit in and below f but those of class
// except is of a mounted class (a cavalry command, its HQ and supply
// wagons aside).
func mountedBut(f *oob.Formation, p *pass, except string) bool {
	n := 0
	for _, u := range f.AllUnits() {
		c := p.b.Rules.Class(u.Type)
		if c == except || p.b.Rules.Classes[c].Supply {
			continue
		}
		if !p.b.Rules.Classes[c].Mounted {
			return false
		}
		n++
	}
	return n > 0
}
