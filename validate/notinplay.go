package validate

import (
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// The codes of a scenario's not_in_play: a formation only partly in the
// scenario, a unit declared out of play that is placed.
var (
	CodePartly = diag.Code{Code: "N033", Severity: diag.Warning, Title: "formation only partly in a scenario",
		Doc: "A scenario that declares what is out of play (`not_in_play:`, even empty) sets up or brings on some units of a formation (one with no formations below it: a brigade, a battalion) but neither places nor declares out of play the others. A book that leaves a regiment out says so (\"3 OH not in play\", \"2/2/P (except Garrity Bty)\"), and the scenario's `not_in_play:` says the same; a unit the scenario neither uses nor lists was forgotten or misnamed. A scenario without `not_in_play:` is not checked."}
	CodeOutAndIn = diag.Code{Code: "N034", Severity: diag.Error, Title: "unit declared out of play is placed",
		Doc: "A scenario declares a unit, leader or formation not in play (`not_in_play:`) and also sets it up or brings it on."}
)

// inPlayParts checks what a scenario declares out of play: nothing so
// declared may be set up or brought on (N034), and, in a scenario that has
// `not_in_play:` at all, a formation some of whose units play must have the
// rest declared out of play (N033), so that a unit left out by mistake is
// told from one the book leaves out.
func (p *pass) inPlayParts(s *battle.Scenario) {
	type placed struct {
		pos  diag.Pos
		verb string // what() is verb and at: "set up in " and a hex, made only when reported
		at   string
		hex  string // the hex of a set-up
		ok   bool   // placed at all
	}
	what := func(pl placed) string { return pl.verb + pl.at }
	n := 0
	for _, st := range s.Setup {
		n += len(st.Pieces)
	}
	for _, a := range s.Arrivals {
		n += len(a.Pieces)
	}
	// where each unit and leader is first placed, by its Index
	in := make([]placed, p.b.NumUnits)
	inL := make([]placed, p.b.NumLeaders)
	order := make([]*battle.Piece, 0, n) // pieces that bring units on, in file order
	visit := func(pcs []battle.Piece, verb, at, hex string) {
		for i := range pcs {
			pc := &pcs[i]
			order = append(order, pc)
			var one [1]*oob.Unit
			for _, u := range refUnits(pc.Ref, &one) {
				if !in[u.Index].ok {
					in[u.Index] = placed{pc.Pos, verb, at, hex, true}
				}
			}
			var oneL [1]*oob.Leader
			for _, l := range refLeaders(pc.Ref, &oneL) {
				if !inL[l.Index].ok {
					inL[l.Index] = placed{pc.Pos, verb, at, hex, true}
				}
			}
		}
	}
	for _, st := range s.Setup {
		visit(st.Pieces, "set up in ", st.Hex.Label, st.Hex.Label)
	}
	for _, a := range s.Arrivals {
		visit(a.Pieces, "arriving at ", a.Time.Text(), "")
	}
	out := make([]bool, p.b.NumUnits) // declared not in play, by Index
	for i := range s.NotInPlay {
		pc := &s.NotInPlay[i]
		var both []string
		var first placed
		var about diag.Subjects
		for _, u := range pc.Ref.Units() {
			out[u.Index] = true
			if pl := in[u.Index]; pl.ok {
				if len(both) == 0 {
					first = pl
				}
				both = append(both, u.QualifiedName())
				about.Units = append(about.Units, u.QualifiedName())
			}
		}
		for _, l := range pc.Ref.Leaders() {
			if pl := inL[l.Index]; pl.ok {
				if len(both) == 0 {
					first = pl
				}
				both = append(both, "leader "+l.QualifiedName())
				about.Leaders = append(about.Leaders, l.QualifiedName())
			}
		}
		if len(both) > 0 {
			d := p.l.Addf(CodeOutAndIn, pc.Pos, "%s %s declared not in play in scenario %s, but %s (%s)", strings.Join(both, ", "), isAre(len(both)), s.ID, what(first), first.pos)
			d.Cite(first.pos, what(first))
			if first.hex != "" {
				about.Hexes = []string{first.hex}
			}
			d.About(about)
			d.Hint = "a unit is either out of play or in it: take it off not_in_play, or out of the set-up and arrivals"
		}
	}
	if !s.ListsOut {
		return // a scenario that declares nothing out of play is not held to it
	}
	done := map[*oob.Formation]bool{}
	for _, pc := range order {
		var one [1]*oob.Unit
		for _, u := range refUnits(pc.Ref, &one) {
			f := u.Formation
			if done[f] || len(f.Children) > 0 {
				continue // a formation with formations below it holds its own units loosely (an army's wagons, a wing's escort)
			}
			done[f] = true
			var missing []string
			for _, v := range f.Units {
				if !in[v.Index].ok && !out[v.Index] {
					missing = append(missing, v.Name)
				}
			}
			if len(missing) == 0 {
				continue
			}
			d := p.l.Addf(CodePartly, pc.Pos, "%s is only partly in scenario %s: %s %s neither set up nor arriving, nor declared not in play", f.Label(), s.ID, strings.Join(missing, ", "), isAre(len(missing)))
			d.About(diag.Subjects{Formations: []string{f.Label()}, Units: missing})
			d.Hint = "if the scenario leaves them out, list them under not_in_play; else set them up or bring them on"
		}
	}
}

// ownLeaders is a formation's commander and further officers.
func ownLeaders(f *oob.Formation) []*oob.Leader {
	var out []*oob.Leader
	if f.Leader != nil {
		out = append(out, f.Leader)
	}
	return append(out, f.Officers...)
}
