package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// CodeBothSides is raised for a hex where both sides set up.
var CodeBothSides = diag.Code{Code: "N020", Severity: diag.Error, Title: "both sides in one hex",
	Doc: "A set-up puts units of both sides in the same hex (perhaps under two labels where sheets overlap). No system lets enemy units share a hex."}

// sides checks that no hex holds units of both sides at set-up: each
// group with units is held against the first group with units in its hex.
func (p *pass) sides(*battle.Scenario) {
	set := p.setup()
	groups, idx := set.groups, set.idx
	for _, g := range groups {
		if len(g.pieces) == 0 {
			continue
		}
		if o := idx.first(g.hex, func(o *group) bool { return len(o.pieces) > 0 }); o != nil && o != g && o.side != g.side {
			p.l.Addf(CodeBothSides, *g.pos(), "%s sets up in %s, where %s already has units (%s)", g.side, g.label(), o.side, *o.pos()).
				Cite(*o.pos(), o.side+" already has units").About(diag.Subjects{Hexes: []string{g.label()}, Values: []string{g.side, o.side}})
		}
	}
}
