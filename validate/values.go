package validate

import (
	"slices"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// valueLimits checks counter values against figures.values: a value above
// the limit for the unit's side and class (TSS 23.21: a Confederate
// battery carries at most 6 rounds).
func (p *pass) valueLimits() {
	if len(p.f.Values) == 0 {
		return
	}
	// each side's units and their classes, once for every limit
	units := make([][]*oob.Unit, len(p.b.Sides))
	classes := make([][]string, len(p.b.Sides))
	for i, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		units[i] = side.Army.AllUnits()
		classes[i] = make([]string, len(units[i]))
		for j, u := range units[i] {
			classes[i][j] = p.b.Rules.Class(u.Type)
		}
	}
	for _, vl := range p.f.Values {
		for i, side := range p.b.Sides {
			if side.Army == nil || (len(vl.Sides) > 0 && !p.sideIn(vl.Sides, side.ID)) {
				continue
			}
			for j, u := range units[i] {
				if len(vl.Classes) > 0 && !slices.Contains(vl.Classes, classes[i][j]) {
					continue
				}
				v := u.Values.Get(vl.Field)
				if code, ok := v.V.(string); ok && len(vl.Values) > 0 {
					if !slices.Contains(vl.Values, code) {
						p.flagged(vl.Check, v.Pos, "%s (%s) has %s %s, not one of %s: %s", u.QualifiedName(), u.Type, vl.Field, code, strings.Join(vl.Values, " "), vl.Title).About(diag.Subjects{Units: []string{u.QualifiedName()}, Values: []string{vl.Field}})
					}
					continue
				}
				if n, ok := v.Int(); ok && len(vl.Values) == 0 && n > vl.Max {
					whose := ""
					if len(vl.Sides) > 0 {
						whose = side.ID + "'s "
					}
					p.flagged(vl.Check, v.Pos, "%s has %s %d, more than %s%d: %s", u.QualifiedName(), vl.Field, n, whose, vl.Max, vl.Title).About(diag.Subjects{Units: []string{u.QualifiedName()}, Values: []string{vl.Field}})
				}
			}
		}
	}
}

// whoMay says which sides may be given orders.
func whoMay(sides []string) string {
	if len(sides) == 0 {
		return "which it may not be given"
	}
	return "which only " + strings.Join(sides, ", ") + " may be given"
}
