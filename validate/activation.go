package validate

import (
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// activation checks a scenario's activation markers: given to formations
// of the right levels, in the right numbers, and, once a side lists any,
// to every such formation it has in play.
func (p *pass) activation(s *battle.Scenario) {
	a := p.f.Activation
	if a.Code == "" || len(s.Activation) == 0 {
		return
	}
	add := func(f *oob.Formation, pos diag.Pos, format string, args ...any) {
		p.flagged(a.Check, pos, format, args...).About(aboutFormations(f.Label()))
	}
	listed := map[*oob.Formation]bool{}
	sides := map[string]diag.Pos{}
	for _, x := range s.Activation {
		listed[x.Formation] = true
		if _, ok := sides[x.Side]; !ok {
			sides[x.Side] = x.Pos
		}
		if ac := a.Artillery; ac.Code != "" && a.ArtilleryMax > 0 && artilleryFormation(p, x.Formation) {
			if x.Count < 1 || x.Count > a.ArtilleryMax {
				if d := p.flagged(ac, x.Pos, "%s, a formation of artillery, has %d activation markers; artillery has 1 to %d: %s", x.Formation.Label(), x.Count, a.ArtilleryMax, ac.Title).About(aboutFormations(x.Formation.Label())); d != nil {
					d.Hint = "artillery activates at most this many times a turn, even attached to a division with more"
				}
			}
			continue
		}
		if !has(a.Levels, x.Formation.Level) {
			add(x.Formation, x.Pos, "%s is a %s; activation markers go to each %s", x.Formation.Label(), x.Formation.Level, strings.Join(a.Levels, " or "))
			continue
		}
		if x.Count < a.Min || x.Count > a.Max {
			if a.Min == a.Max {
				add(x.Formation, x.Pos, "%s has %d activation markers; each %s has %d", x.Formation.Label(), x.Count, x.Formation.Level, a.Min)
			} else {
				add(x.Formation, x.Pos, "%s has %d activation markers; each %s has %d to %d", x.Formation.Label(), x.Count, x.Formation.Level, a.Min, a.Max)
			}
		}
	}
	// formations of those levels with units in play on a side that lists
	// markers; artillery activates on its own markers (3DoG BB 4.36)
	for _, f := range s.FormationsInPlay(func(f *oob.Formation) bool { return has(a.Levels, f.Level) }) {
		pos, ok := sides[f.Side]
		if !ok || a.ArtilleryMax > 0 && artilleryFormation(p, f.Formation) || listed[f.Formation] {
			continue
		}
		add(f.Formation, pos, "%s has units in the scenario but no activation markers", f.Formation.Label())
	}
}
