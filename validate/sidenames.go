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
	Doc: "Some rules bind one side only (AMFS O: Skirmish Order is the Union's; Summer Storm 2.5: only the Union has wing commanders; TSS 23.21: a Confederate battery's supply). The ruleset names those sides by the ids battles give them, USA and CSA; a battle whose sides have other ids leaves the rule unable to tell which side it binds, so it would judge the wrong side or none. The finding names the rule and the side. Give the sides the ids USA and CSA, or name your sides in the figure under the battle's `rules: figures:`."}

// sideNames reports each side a side-bound figure of the system names that
// the battle does not have (by the ids battles give their sides).
func (p *pass) sideNames() {
	if len(p.b.Sides) == 0 {
		return
	}
	var ids []string
	for _, s := range p.b.Sides {
		ids = append(ids, s.ID)
	}
	check := func(c rulesets.Check, sides []string) {
		if c.Code == "" {
			return
		}
		for _, s := range sides {
			if slices.Contains(ids, s) {
				continue
			}
			d := p.l.Addf(CodeSideNotNamed, p.b.Sides[0].Pos, "%s (%s, %s) binds side %s, which this battle does not have (its sides: %s): the rule cannot tell whose units it binds", c.Code, c.Rule, c.Title, s, strings.Join(ids, ", "))
			d.Hint = "give the sides the ids the system's rules use (USA, CSA), or name yours in the figure under rules: figures:"
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
