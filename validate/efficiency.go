package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodeNoEfficiency is raised for efficiency markers in a system that has
// none.
var CodeNoEfficiency = diag.Code{Code: "N040", Severity: diag.Error, Title: "efficiency markers in a system without them",
	Doc: "A scenario lists efficiency markers (`efficiency:`), but its rule system draws none: only GBACW has an Efficiency Pool (GBACW 5.21). Remove the block, or say in the battle's `rules: figures: efficiency:` how the battle book uses them."}

// efficiency checks a scenario's efficiency markers: each value within the
// ruleset's bounds, fixed values only for formations of the levels that
// draw, fixed turns within the scenario, and a pool with a marker for each
// such formation the side has in play.
func (p *pass) efficiency(s *battle.Scenario) {
	e := p.f.Efficiency
	if len(s.Efficiency) == 0 {
		return
	}
	if e.Code == "" {
		for _, x := range s.Efficiency {
			p.absent(CodeNoEfficiency, x.Pos, "efficiency", "efficiency", "has no efficiency markers; scenario %s lists %s's", s.ID, x.Side).About(aboutValues(s.ID, x.Side))
		}
		return
	}
	bounds := fmt.Sprintf("%d to %d", e.Min, e.Max)
	drawing := p.drawingFormations(s)
	for _, x := range s.Efficiency {
		total := 0
		for _, m := range x.Pool {
			total += m.Count
			if m.Value < e.Min || m.Value > e.Max {
				p.flagged(e.Check, m.Pos, "%s's pool holds %d %s of value %d; efficiency markers are numbered %s", x.Side, m.Count, diag.Plural(m.Count, "marker"), m.Value, bounds).About(aboutValues(x.Side, strconv.Itoa(m.Value)))
			}
		}
		for _, f := range x.Fixed {
			switch {
			case !e.Draws(f.Formation.Level, p.b.MountedOnly(f.Formation)):
				p.flagged(e.Check, f.Pos, "%s is a %s; efficiency is fixed for a %s", f.Formation.Label(), f.Formation.Level, strings.Join(e.Levels, " or ")).
					About(diag.Subjects{Formations: []string{f.Formation.Label()}, Values: []string{f.Turn.Text()}})
			case f.Value < e.Min || f.Value > e.Max:
				p.flagged(e.Check, f.Pos, "%s's efficiency is fixed at %d for %s; %s efficiency is %s", f.Formation.Label(), f.Value, f.Turn.Text(), levelOwner(f.Formation.Level), bounds).
					About(diag.Subjects{Formations: []string{f.Formation.Label()}, Values: []string{f.Turn.Text(), strconv.Itoa(f.Value)}})
			}
			if f.Turn.Index < s.First.Index || f.Turn.Index > s.Last.Index {
				d := p.l.Addf(CodeTimeOutside, f.Turn.Pos, "efficiency fixed for %s, outside scenario %s (%s to %s)", f.Turn.Text(), s.ID, s.First.Text(), s.Last.Text()).About(diag.Subjects{Formations: []string{f.Formation.Label()}, Values: []string{f.Turn.Text()}})
				d.Rule = e.Rule
			}
		}
		if e.Short.Code != "" && x.HasPool {
			if n := len(drawing[x.Side]); total < n {
				p.flagged(e.Short, x.Pos, "%s's pool holds %d %s, but %d of its formations draw one each turn (%s)", x.Side, total, diag.Plural(total, "marker"), n, labels(drawing[x.Side])).About(aboutValues(x.Side))
			}
		}
	}
}

// levelOwner is "a LEVEL's" for a formation's level, as a message names
// it: "a corps'", "a wing's", "an army's".
func levelOwner(level string) string {
	a := "a "
	if level != "" && strings.ContainsRune("aeiou", rune(level[0])) {
		a = "an "
	}
	if strings.HasSuffix(level, "s") {
		return a + level + "'"
	}
	return a + level + "'s"
}

// drawingFormations lists, per side, the formations that draw efficiency
// markers (of the figures' levels, or cavalry formations of its cavalry
// levels) with units set up or arriving in s, in the order met.
func (p *pass) drawingFormations(s *battle.Scenario) map[string][]*oob.Formation {
	e := p.f.Efficiency
	out := map[string][]*oob.Formation{}
	for _, f := range s.FormationsInPlay(func(f *oob.Formation) bool {
		return e.Draws(f.Level, len(e.Cavalry) > 0 && p.b.MountedOnly(f))
	}) {
		out[f.Side] = append(out[f.Side], f.Formation)
	}
	return out
}

func labels(fs []*oob.Formation) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Label())
	}
	return strings.Join(out, ", ")
}
