package validate

import (
	"slices"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/rulesets"
)

// CodeSideNotNamed is raised for a side a rule of the system names that the
// battle does not have.
var CodeSideNotNamed = diag.Code{Code: "N049", Severity: diag.Warning, Title: "a rule names a side the battle does not have",
	Doc: "Some rules bind one side only (AMFS O: Skirmish Order is the Union's; Summer Storm 2.5: only the Union has wing commanders; TSS 23.21: a Confederate battery's supply). The ruleset names those sides by the ids battles give them, USA and CSA; a battle whose sides have other ids leaves the rule unable to tell which side it binds, so it would judge the wrong side or none. The finding names the rule and the side. Give the side its role in battle.yaml (`{id: US, name: Union, role: USA}`), or the id itself, or name your sides in the figure under the battle's `rules: figures:`."}

// sideIn reports whether the side of the battle with this id is one the
// names name: by its id, or by the role battle.yaml gives it.
func (p *pass) sideIn(names []string, id string) bool {
	if slices.Contains(names, id) {
		return true
	}
	s := p.b.Side(id)
	return s != nil && s.Role != "" && slices.Contains(names, s.Role)
}

// sideNames reports each side a side-bound figure of the system names that
// the battle does not have (by the ids battles give their sides).
func (p *pass) sideNames() {
	if len(p.b.Sides) == 0 {
		return
	}
	var ids, known []string
	for _, s := range p.b.Sides {
		ids = append(ids, s.ID)
		known = append(known, s.ID, s.Role)
	}
	check := func(c rulesets.Check, sides []string) {
		if c.Code == "" {
			return
		}
		for _, s := range sides {
			if slices.Contains(known, s) {
				continue
			}
			d := p.l.Addf(CodeSideNotNamed, p.b.Sides[0].Pos, "%s (%s, %s) binds side %s, which this battle does not have (its sides: %s): the rule cannot tell whose units it binds", c.Code, c.Rule, c.Title, s, strings.Join(ids, ", "))
			d.Hint = "give the side role: " + s + ", or the id " + s + ", or name yours in the figure under rules: figures:"
			d.About(diag.Subjects{Values: []string{s, c.Code}})
		}
	}
	for _, o := range p.f.OrderSides {
		check(o.Check, o.Sides)
	}
	for _, l := range p.f.LevelSides {
		check(l.Check, l.Sides)
	}
	for _, v := range p.f.Values {
		check(v.Check, v.Sides)
	}
}
