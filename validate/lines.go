package validate

import (
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// mayExtend reports whether the extended-line rules let u, as pc sets it
// up, extend its line: they are configured, and its class and face may.
func mayExtend(p *pass, pc *battle.Piece, u *oob.Unit) bool {
	ln := p.f.Lines
	return ln.Code != "" && has(ln.Classes, p.b.Rules.Class(u.Type)) && (pc.Face == "" || !has(ln.NotFaces, pc.Face))
}

// lineStrength is u's strength as pc sets it up, and whether it is known.
func lineStrength(p *pass, pc *battle.Piece, u *oob.Unit) (int, bool) {
	if pc.Strength != nil {
		return *pc.Strength, true
	}
	return u.Values.Get(p.b.Rules.Strength).Int()
}

// lines checks the extended lines of a scenario's set-up (GBACW 8.41-8.44):
// who may extend, into which hexes, and what may stand there.
func (p *pass) lines(s *battle.Scenario) {
	ln := p.f.Lines
	if p.b.Map == nil {
		return
	}
	extends := false // most set-ups extend no line: then nothing is indexed
	for _, st := range s.Setup {
		for _, pc := range st.Pieces {
			extends = extends || len(pc.Extends) > 0
		}
	}
	if !extends {
		return
	}
	grid := p.b.Map.Grid
	type held struct {
		side   string
		others []string // units other than artillery
		st     *battle.Stack
	}
	at := map[maps.Coord][]held{}
	for _, st := range s.Setup {
		if st.Within > 0 {
			continue
		}
		h := held{side: st.Side, st: st}
		for _, pc := range st.Pieces {
			for _, u := range pc.Ref.Units() {
				if !p.b.Rules.Artillery(u.Type) {
					h.others = append(h.others, u.QualifiedName())
				}
			}
		}
		at[st.Hex.Coord] = append(at[st.Hex.Coord], h)
	}
	for _, st := range s.Setup {
		for _, pc := range st.Pieces {
			if len(pc.Extends) == 0 {
				continue
			}
			if st.Within > 0 {
				p.flagged(ln.Check, pc.Extends[0].Pos, "%s extends its line from a group placed within %d hexes: give it a hex of its own", pc.Ref.Name(), st.Within).About(pc.Ref.Subjects())
				continue
			}
			u := pc.Ref.Unit
			if u == nil {
				p.flagged(ln.Check, pc.Extends[0].Pos, "%s is not a unit; only a unit extends its line", pc.Ref.Name()).About(pc.Ref.Subjects())
				continue
			}
			class := p.b.Rules.Class(u.Type)
			switch {
			case ln.Code == "":
				continue
			case !has(ln.Classes, class):
				p.flagged(ln.Check, pc.Extends[0].Pos, "%s (%s) cannot extend its line: only %s can", u.QualifiedName(), class, strings.Join(ln.Classes, " or ")).About(aboutUnits(u.QualifiedName()))
				continue
			case pc.Face != "" && has(ln.NotFaces, pc.Face):
				p.flagged(ln.Check, pc.Extends[0].Pos, "%s on its %s face cannot extend its line", u.QualifiedName(), pc.Face).About(aboutUnits(u.QualifiedName()))
				continue
			}
			sp, known := lineStrength(p, &pc, u)
			switch {
			case !known:
				// FactUnknown counts it, for N024
			case sp < ln.MinSP:
				p.flagged(ln.Check, pc.Extends[0].Pos, "%s has %d SP; a unit extends its line with %d SP or more", u.QualifiedName(), sp, ln.MinSP).About(aboutUnits(u.QualifiedName()))
			case len(pc.Extends) == 2 && ln.TwoSP > 0 && sp < ln.TwoSP:
				p.flagged(ln.Check, pc.Extends[1].Pos, "%s has %d SP; a unit extends into two hexes with %d SP or more", u.QualifiedName(), sp, ln.TwoSP).About(aboutUnits(u.QualifiedName()))
			}
			if ln.InTerrain.Code != "" {
				for _, x := range append([]battle.HexRef{st.Hex}, pc.Extends...) {
					if t := p.b.Map.TerrainName(x.Coord); has(ln.TerrainNot, t) {
						p.flagged(ln.InTerrain, x.Pos, "%s extends its line with a part in %s, a %s hex: %s", u.QualifiedName(), x.Label, t, ln.InTerrain.Title).
							About(diag.Subjects{Units: []string{u.QualifiedName()}, Hexes: []string{x.Label}})
						break
					}
				}
			}
			for i, x := range pc.Extends {
				if !grid.Adjacent(st.Hex.Coord, x.Coord) {
					p.flagged(ln.Check, x.Pos, "%s extends into %s, which is not next to its hex %s", u.QualifiedName(), x.Label, st.Hex.Label).
						About(diag.Subjects{Units: []string{u.QualifiedName()}, Hexes: []string{x.Label, st.Hex.Label}})
					continue
				}
				if i == 1 && grid.Distance(pc.Extends[0].Coord, x.Coord) != 2 {
					p.flagged(ln.Check, x.Pos, "%s extends into %s and %s, which are not its two flanks (a line of three hexes)", u.QualifiedName(), pc.Extends[0].Label, x.Label).
						About(diag.Subjects{Units: []string{u.QualifiedName()}, Hexes: []string{pc.Extends[0].Label, x.Label}})
				}
				for _, h := range at[x.Coord] {
					if h.side == st.Side && len(h.others) > 0 {
						p.flagged(ln.Stacked, x.Pos, "%s's extension hex %s holds %s", u.QualifiedName(), x.Label, h.others[0]).
							About(diag.Subjects{Units: []string{u.QualifiedName(), h.others[0]}, Hexes: []string{x.Label}})
					}
				}
				for _, nb := range grid.Neighbours(x.Coord) {
					for _, h := range at[nb] {
						if h.side != st.Side && len(h.st.Pieces) > 0 {
							p.flagged(ln.EnemyNear, x.Pos, "%s extends into %s, next to %s's %s in %s", u.QualifiedName(), x.Label, h.side, h.st.Pieces[0].Ref.Name(), h.st.Hex.Label).
								About(diag.Subjects{Units: []string{u.QualifiedName(), h.st.Pieces[0].Ref.Name()}, Hexes: []string{x.Label, h.st.Hex.Label}})
						}
					}
				}
			}
			for _, h := range at[st.Hex.Coord] {
				if h.side != st.Side {
					continue
				}
				for _, o := range h.others {
					if o != u.QualifiedName() {
						p.flagged(ln.Stacked, pc.Extends[0].Pos, "%s extends its line but stands with %s in %s", u.QualifiedName(), o, st.Hex.Label).About(diag.Subjects{Units: []string{u.QualifiedName(), o}, Hexes: []string{st.Hex.Label}})
						break
					}
				}
			}
		}
	}
}
