package validate

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodeNeverPlaced is raised, when the order of battle is complete, for
// the units and leaders no scenario sets up or brings on.
var CodeNeverPlaced = diag.Code{Code: "N031", Severity: diag.Warning, Title: "unit or leader in no scenario",
	Doc: "battle.yaml says the order of battle is complete (`oob_complete: true`), yet no scenario sets up or brings on this unit or leader: it was forgotten in a set-up, or misnamed where it should appear, or it does not belong in the order of battle. A formation none of whose units and leaders plays is reported once."}

// neverPlaced warns, in a battle whose order of battle says it is complete,
// of each unit and leader that no scenario sets up or brings on. A
// formation none of whose units and leaders plays is reported once, at its
// highest such level.
func (p *pass) neverPlaced() {
	if !p.b.OOBComplete {
		return
	}
	units := make([]bool, p.b.NumUnits)
	leaders := make([]bool, p.b.NumLeaders)
	mark := func(pcs []battle.Piece) {
		for i := range pcs {
			for _, u := range pcs[i].Ref.Units() {
				units[u.Index] = true
			}
			for _, l := range pcs[i].Ref.Leaders() {
				leaders[l.Index] = true
			}
		}
	}
	for _, s := range p.b.Scenarios {
		for _, st := range s.Setup {
			mark(st.Pieces)
		}
		for _, a := range s.Arrivals {
			mark(a.Pieces)
		}
	}
	for _, side := range p.b.Sides {
		if side.Army != nil {
			p.unplaced(side.Army, units, leaders)
		}
	}
}

// unplaced reports what of f never plays; it returns whether nothing of f
// or below it plays, and what that is, without reporting it (the caller
// reports the whole formation at once).
func (p *pass) unplaced(f *oob.Formation, units, leaders []bool) (none bool, n int) {
	var missing []string
	none = true
	for _, l := range ownLeaders(f) {
		if leaders[l.Index] {
			none = false
		} else {
			missing = append(missing, "leader "+l.Name)
			n++
		}
	}
	for _, u := range f.Units {
		if units[u.Index] {
			none = false
		} else {
			missing = append(missing, u.Name)
			n++
		}
	}
	type sub struct {
		f *oob.Formation
		n int
	}
	var whole []sub
	for _, c := range f.Children {
		cn, k := p.unplaced(c, units, leaders)
		if !cn {
			none = false
		} else if k > 0 {
			whole = append(whole, sub{c, k})
			n += k
		}
	}
	if none && f.Parent != nil {
		return true, n
	}
	for _, w := range whole {
		what := fmt.Sprintf("none of its %d units and leaders is", w.n)
		if w.n == 1 {
			what = "its one unit or leader is not"
		}
		d := p.l.Addf(CodeNeverPlaced, w.f.Pos, "%s %s is in no scenario: %s set up or brought on", w.f.Level, w.f.Label(), what).About(aboutFormations(w.f.Label()))
		d.Hint = "battle.yaml says the order of battle is complete (oob_complete); add it to a scenario, or take it out of the order of battle"
	}
	if len(missing) > 0 {
		d := p.l.Addf(CodeNeverPlaced, f.Pos, "%s %s: %s %s in no scenario", f.Level, f.Label(), strings.Join(missing, ", "), isAre(len(missing))).About(aboutFormations(f.Label()))
		d.Hint = "battle.yaml says the order of battle is complete (oob_complete); no scenario sets up or brings on these"
	}
	return false, n
}
