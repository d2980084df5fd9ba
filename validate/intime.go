package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// CodeTimeOutside is raised for a time outside the scenario: an
// arrival's or a withdrawal's (inTime), a fixed efficiency turn's
// (efficiency.go) or an event allotment's (events.go).
var CodeTimeOutside = diag.Code{Code: "N003", Severity: diag.Error, Title: "arrival or withdrawal outside the scenario",
	Doc: "A reinforcement or withdrawal is timed before the scenario's first turn or after its last, so it would never happen in play."}

// inTime checks that arrivals and withdrawals fall within the scenario.
func inTime(p *pass, s *battle.Scenario) {
	if s.First.Pos.File == "" || s.Last.Pos.File == "" {
		return
	}
	for _, a := range s.Arrivals {
		if a.Time.Pos.File != "" && (a.Time.Index < s.First.Index || a.Time.Index > s.Last.Index) {
			p.l.Addf(CodeTimeOutside, a.Time.Pos, "arrival at %s is outside the scenario (%s to %s)", a.Time.Text(), s.First.Text(), s.Last.Text()).About(aboutValues(a.Side, a.Time.Text()))
		}
	}
	for _, w := range s.Withdrawals {
		if w.Time.Pos.File != "" && (w.Time.Index < s.First.Index || w.Time.Index > s.Last.Index) {
			p.l.Addf(CodeTimeOutside, w.Time.Pos, "withdrawal at %s is outside the scenario (%s to %s)", w.Time.Text(), s.First.Text(), s.Last.Text()).About(aboutValues(w.Side, w.Time.Text()))
		}
	}
}
