package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// CodeUnknownCup is raised for chits added to a cup the ruleset does not
// have.
var CodeUnknownCup = diag.Code{Code: "N041", Severity: diag.Error, Title: "chits for a draw cup the system does not have",
	Doc: "A scenario adds chits or cards under `cups:` to a cup its rule system does not have. The cups are the ruleset's `play: cups:` (docs/rulesets.md, \"Draw cup\"); a battle adds one under `rules: play:`."}

// cups checks that the chits a scenario adds go to cups its ruleset has.
func (p *pass) cups(s *battle.Scenario) {
	var ids []string
	for _, c := range p.b.Rules.Play.Cups {
		ids = append(ids, c.ID)
	}
	reported := map[string]bool{}
	for _, c := range s.Cups {
		if has(ids, c.Cup) || reported[c.Cup] {
			continue
		}
		reported[c.Cup] = true
		d := p.l.Addf(CodeUnknownCup, c.CupPos, "%s has no draw cup %q", p.b.Rules.System, c.Cup).About(aboutValues(c.Cup))
		schema.Suggest(d, c.Cup, ids, "its cups", "it draws nothing from a cup")
	}
}
