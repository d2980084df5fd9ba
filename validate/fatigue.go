package validate

// The fatigue engine (figures.fatigue, check fatigue): one Fatigue level
// for a whole formation (GBACW 17.21, 17.24), and Fatigue levels given in a
// system without them (N045).

import (
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// CodeNoFatigue is raised for Fatigue levels in a system that has none.
var CodeNoFatigue = diag.Code{Code: "N045", Severity: diag.Error, Title: "Fatigue level in a system without it",
	Doc: "A scenario gives a set-up stack, an arrival or a piece a `fatigue:` level, but its rule system keeps no Fatigue levels: only GBACW does (GBACW 17.21, 17.24). Remove it, or say in the battle's `rules: figures: fatigue:` what levels the battle book uses."}

// fatigue checks the Fatigue levels a scenario gives: levels the rules
// have (GBACW 17.24), one level for a brigade at a time (17.1), and no
// orders a brigade at that level may not hold (17.32).
func (p *pass) fatigue(s *battle.Scenario) {
	fg := p.f.Fatigue
	if fg.Code == "" {
		p.noFatigue(s)
		return
	}
	reported := map[diag.Pos]bool{}
	pools(s, func(what string, ps []placed) {
		for _, x := range ps {
			if x.fatigue == "" || has(fg.Levels, x.fatigue) || reported[x.pos] {
				continue
			}
			reported[x.pos] = true
			d := p.flagged(fg.Check, x.pos, "%s is given Fatigue level %q in %s; %s has levels %s: %s", x.u.QualifiedName(), x.fatigue, what, p.b.Rules.System, strings.Join(fg.Levels, ", "), fg.Title).About(aboutUnits(x.u.QualifiedName()))
			if m := schema.Nearest(x.fatigue, fg.Levels); m != "" && d != nil {
				d.Offer(x.fatigue, m)
			}
		}
		if fg.Orders.Code != "" {
			flagged := map[*battle.Piece]bool{} // a formation named as one piece is reported once
			for _, x := range ps {
				if has(fg.At, x.fatigue) && has(fg.Not, x.orders) && !flagged[x.pc] {
					flagged[x.pc] = true
					name := x.u.QualifiedName()
					if x.pc.Ref.Unit == nil {
						name = x.pc.Ref.Name()
					}
					p.flagged(fg.Orders, x.pc.Pos, "%s is at Fatigue level %s under %s orders in %s: %s", name, x.fatigue, x.orders, what, fg.Orders.Title).About(x.pc.Ref.Subjects())
				}
			}
		}
		if fg.Split.Code == "" || fg.Level == "" {
			return
		}
		order, by := byFormation(s, ps, fg.Level, func(x placed) bool {
			return !p.b.Rules.Classes[p.b.Rules.Class(x.u.Type)].Artillery
		})
		for _, f := range order {
			us := by[f]
			for _, x := range us[1:] {
				if x.fatigue != us[0].fatigue {
					level := func(v string) string {
						if v == "" {
							return "no Fatigue level"
						}
						return "Fatigue level " + v
					}
					p.flagged(fg.Split, x.pc.Pos, "%s is at %s in %s, but %s of the same %s %s is at %s: %s",
						x.u.QualifiedName(), level(x.fatigue), what, us[0].u.QualifiedName(), f.Level, f.Label(), level(us[0].fatigue), fg.Split.Title).
						About(diag.Subjects{Units: []string{x.u.QualifiedName(), us[0].u.QualifiedName()}, Formations: []string{f.Label()}})
					break
				}
			}
		}
	})
}

// noFatigue reports Fatigue levels in a system that keeps none.
func (p *pass) noFatigue(s *battle.Scenario) {
	seen := map[diag.Pos]bool{}
	report := func(pos diag.Pos, about diag.Subjects) {
		if pos.File == "" || seen[pos] {
			return
		}
		seen[pos] = true
		p.absent(CodeNoFatigue, pos, "fatigue", "fatigue", "keeps no Fatigue levels; scenario %s gives one", s.ID).About(about)
	}
	pieces := func(ps []battle.Piece) {
		for i := range ps {
			if pc := &ps[i]; pc.FatiguePos.File != "" { // the names only for a piece reported
				report(pc.FatiguePos, pc.Ref.Subjects())
			}
		}
	}
	for _, st := range s.Setup {
		report(st.Fatigue.Pos, aboutValues(st.Side, st.Hex.Label))
		pieces(st.Pieces)
	}
	for _, a := range s.Arrivals {
		report(a.Fatigue.Pos, aboutValues(a.Side, a.Time.Text()))
		pieces(a.Pieces)
	}
}
