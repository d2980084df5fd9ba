package validate

import (
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// orderSides checks that set-up orders kept for some sides (AMFS O: the
// Skirmish Order is the Union's) are given to their units only, in the
// set-up and in the reinforcements alike.
func (p *pass) orderSides(s *battle.Scenario) {
	for _, os := range p.f.OrderSides {
		for _, a := range s.Arrivals {
			if p.sideIn(os.Sides, a.Side) {
				continue
			}
			for _, pc := range a.Pieces {
				if !slices.Contains(os.Orders, pc.Orders) {
					continue
				}
				var units []*oob.Unit
				for _, u := range pc.Ref.Units() {
					if len(os.Classes) == 0 || slices.Contains(os.Classes, p.b.Rules.Class(u.Type)) {
						units = append(units, u)
					}
				}
				if len(units) == 0 {
					continue
				}
				name := units[0].QualifiedName()
				if len(units) > 1 {
					name += fmt.Sprintf(" and %d more", len(units)-1)
				}
				p.flagged(os.Check, pc.Pos, "%s of %s arrives at %s under %s orders, %s: %s", name, a.Side, a.Time.Text(), pc.Orders, whoMay(os.Sides), os.Title).About(diag.Subjects{Units: unitNames(units), Values: []string{a.Time.Text()}})
			}
		}
		for _, st := range s.Setup {
			if p.sideIn(os.Sides, st.Side) {
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
				p.flagged(os.Check, pos, "%s of %s is set up in %s under %s orders, %s: %s", name, st.Side, st.Hex.Label, orders, whoMay(os.Sides), os.Title).About(diag.Subjects{Units: unitNames(units), Hexes: []string{st.Hex.Label}})
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
