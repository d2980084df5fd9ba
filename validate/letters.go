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
func (p *pack) letters() {
	o := p.f.Org
	if o.Letters.Code == "" {
		return
	}
	lowest, rank := "", 0
	for _, l := range p.b.Rules.Levels {
		if l.Rank > rank {
			lowest, rank = l.ID, l.Rank
		}
	}
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

func (p *pack) brigadeLetters(what string, at diag.Pos, units []*oob.Unit) {
	o := p.f.Org
	c := o.Letters
	if o.MaxCounters > 0 && len(units) > o.MaxCounters {
		p.l.Add(diag.Diagnostic{Code: c.Code, Severity: c.Sev(), Pos: at, Rule: c.Rule,
			Message: fmt.Sprintf("brigade %s has %d counters, more than %d: %s", what, len(units), o.MaxCounters, c.Title)})
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
			p.l.Add(diag.Diagnostic{Code: c.Code, Severity: c.Sev(), Pos: v.Pos, Rule: c.Rule,
				Message: fmt.Sprintf("%s is lettered %s, as %s is: %s", u.QualifiedName(), l, prev.QualifiedName(), c.Title),
				Hint:    "each counter of a brigade has its own letter, A to E"})
			continue
		}
		seen[l] = u
	}
}
