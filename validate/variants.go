package validate

import (
	"slices"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// CodeNoVariants is raised for variants a scenario uses in a system whose
// counters belong to none.
var CodeNoVariants = diag.Code{Code: "N047", Severity: diag.Error, Title: "variants used in a system without variant counters",
	Doc: "A scenario names variants it uses (`variants:`), but its rule system has no variant counters: only Summer Storm marks units that belong to one of the Scenario Book's variants and keeps them to the scenarios that use it (Summer Storm 2.5). Remove the block, or say in the battle's `rules: figures: variants:` which counter field names a unit's variant. (A unit's `variant:` in such a system is already an unknown key, S003.)"}

// variants checks that variant units are set up or brought on only in
// scenarios that use their variant, and that each variant a scenario names
// is one some unit belongs to.
func (p *pass) variants(s *battle.Scenario) {
	v := p.f.Variants
	if v.Field == "" {
		for _, n := range s.Variants {
			p.absent(CodeNoVariants, n.Pos, "variants", "variants", "has no variant counters; scenario %s uses the variant %q", s.ID, n.Name).About(aboutValues(s.ID, n.Name))
		}
		return
	}
	uses := map[string]bool{}
	for _, n := range s.Variants {
		uses[n.Name] = true
	}
	check := func(ps []battle.Piece) {
		for _, pc := range ps {
			for _, u := range pc.Ref.Units() {
				name, ok := u.Values.Get(v.Field).V.(string)
				if !ok || name == "" || uses[name] {
					continue
				}
				if d := p.flagged(v.Check, pc.Pos, "%s belongs to the variant %q, which scenario %s does not use: %s", u.QualifiedName(), name, s.ID, v.Title).About(diag.Subjects{Units: []string{u.QualifiedName()}, Values: []string{name}}); d != nil {
					d.Hint = "add " + name + " to the scenario's variants:, or leave the unit out"
				}
			}
		}
	}
	for _, st := range s.Setup {
		check(st.Pieces)
	}
	for _, ar := range s.Arrivals {
		check(ar.Pieces)
	}
	if v.Unknown.Code == "" || len(s.Variants) == 0 {
		return
	}
	known := p.variantNames()
	for _, n := range s.Variants {
		if slices.Contains(known, n.Name) {
			continue
		}
		d := p.flagged(v.Unknown, n.Pos, "scenario %s uses the variant %q, which no unit belongs to: %s", s.ID, n.Name, v.Unknown.Title).About(aboutValues(s.ID, n.Name))
		if m := schema.Nearest(n.Name, known); m != "" {
			d.Offer(n.Name, m)
		} else if len(known) > 0 {
			d.Hint = "the variants of the units: " + strings.Join(known, ", ")
		}
	}
}

// variantNames lists the variants the battle's units belong to, sorted.
func (p *pass) variantNames() []string {
	var out []string
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		for _, u := range side.Army.AllUnits() {
			if name, ok := u.Values.Get(p.f.Variants.Field).V.(string); ok && name != "" && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}
