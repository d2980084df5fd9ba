package validate

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// CodeValueLeaving is raised for a value a withdrawal gives a unit.
var CodeValueLeaving = diag.Code{Code: "N032", Severity: diag.Warning, Title: "set-up value given as a unit leaves",
	Doc: "A withdrawal gives a unit a strength, face, orders, facing, attachment or Fatigue level. The unit leaves the map at that time, so the value is never used: it belongs where the unit is set up or arrives. (A value for a unit that is not on the map at all is N023; one set up and also arriving, N006.)"}

// valuesLeaving warns of set-up values (a strength, a face, orders, a
// facing, an attachment) given on a withdrawal: the unit leaves the map
// then, so the value describes a counter no longer in play and is never
// used. Values given to a unit that is not on the map at all are N023's;
// to a unit set up and arriving, N006's.
func valuesLeaving(p *pass, s *battle.Scenario) {
	for _, w := range s.Withdrawals {
		for i := range w.Pieces {
			pc := &w.Pieces[i]
			var vs []string
			if pc.Strength != nil {
				vs = append(vs, fmt.Sprintf("strength %d", *pc.Strength))
			}
			if pc.Face != "" {
				vs = append(vs, "face "+pc.Face)
			}
			if pc.Orders != "" {
				vs = append(vs, pc.Orders+" orders")
			}
			if pc.Facing != "" {
				vs = append(vs, "facing "+pc.Facing)
			}
			if pc.Attached != nil {
				vs = append(vs, "attachment to "+pc.Attached.Label())
			}
			if pc.Fatigue != "" {
				vs = append(vs, "Fatigue level "+pc.Fatigue)
			}
			if len(vs) == 0 {
				continue
			}
			d := p.l.Addf(CodeValueLeaving, pc.Pos, "%s given for %s as it is withdrawn at %s: it leaves the map then, so the value is never used", strings.Join(vs, ", "), pc.Ref.Name(), w.Time.Text()).About(pc.Ref.Subjects()).About(aboutValues(w.Time.Text()))
			d.Hint = "give the value where the unit is set up or arrives; if it comes back changed, give it on the return"
		}
	}
}
