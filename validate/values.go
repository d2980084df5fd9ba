package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// valueLimits checks counter values against figures.values: a value above
// the limit for the unit's side and class (TSS 23.21: a Confederate
// battery carries at most 6 rounds).
func (p *pass) valueLimits() {
	for _, vl := range p.f.Values {
		for _, side := range p.b.Sides {
			if side.Army == nil || (len(vl.Sides) > 0 && !slices.Contains(vl.Sides, side.ID)) {
				continue
			}
			for _, u := range side.Army.AllUnits() {
				if len(vl.Classes) > 0 && !slices.Contains(vl.Classes, p.b.Rules.Class(u.Type)) {
					continue
				}
				v := u.Values.Get(vl.Field)
				if code, ok := v.V.(string); ok && len(vl.Values) > 0 {
					if !slices.Contains(vl.Values, code) {
						p.flag(vl.Check, v.Pos, "%s (%s) has %s %s, not one of %s: %s", u.QualifiedName(), u.Type, vl.Field, code, strings.Join(vl.Values, " "), vl.Title)
					}
					continue
				}
				if n, ok := v.Int(); ok && len(vl.Values) == 0 && n > vl.Max {
					whose := ""
					if len(vl.Sides) > 0 {
						whose = side.ID + "'s "
					}
					p.flag(vl.Check, v.Pos, "%s has %s %d, more than %s%d: %s", u.QualifiedName(), vl.Field, n, whose, vl.Max, vl.Title)
				}
			}
		}
	}
}

// orderSides checks that set-up orders kept for some sides (AMFS O: the
// Skirmish Order is the Union's) are given to their units only.
func (p *pass) orderSides(s *battle.Scenario) {
	for _, os := range p.f.OrderSides {
		for _, st := range s.Setup {
			if slices.Contains(os.Sides, st.Side) {
				continue
			}
			report := func(pos diag.Pos, orders string, all []*oob.Unit) {
				var units []*oob.Unit
				for _, u := range all {
					if len(os.Classes) == 0 || slices.Contains(os.Classes, p.b.Rules.Class(u.Type)) {
						units = append(units, u)
					}
				}
				if len(units) == 0 {
					return
				}
				name := units[0].QualifiedName()
				if len(units) > 1 {
					name += fmt.Sprintf(" and %d more", len(units)-1)
				}
				p.flag(os.Check, pos, "%s of %s is set up in %s under %s orders, %s: %s", name, st.Side, st.Hex.Label, orders, whoMay(os.Sides), os.Title)
			}
			var stackWide []*oob.Unit
			for _, pc := range st.Pieces {
				switch {
				case pc.Orders != "":
					if slices.Contains(os.Orders, pc.Orders) {
						report(pc.Pos, pc.Orders, pc.Ref.Units())
					}
				case slices.Contains(os.Orders, st.Orders):
					stackWide = append(stackWide, pc.Ref.Units()...)
				}
			}
			report(st.Hex.Pos, st.Orders, stackWide)
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
