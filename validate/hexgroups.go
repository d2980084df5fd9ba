package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// CodeNoHexGroups is raised for Hex Group markers in a system without them.
var CodeNoHexGroups = diag.Code{Code: "N042", Severity: diag.Error, Title: "hex group marker in a system without them",
	Doc: "A set-up stack gives a Hex Group marker (`group:`), but its rule system has no Hex Group Display: only AMFS lets a crowded hex's units be kept in a display box under a lettered marker (AMFS P). Remove `group:`, or say in the battle's `rules: figures: hex_groups:` that the battle uses them."}

// hexGroups checks a set-up's Hex Group markers (AMFS P): each letter on
// one hex of a side, on a stack that is one hex's (not a group placement
// spread within some hexes). The units of a group are set up on the
// marker's hex, so every other check, stacking first, counts them there.
func (p *pass) hexGroups(s *battle.Scenario) {
	c := p.f.HexGroups
	type key struct{ side, letter string }
	first := map[key]*battle.Stack{}
	for _, st := range s.Setup {
		if st.Group == "" {
			continue
		}
		if c.Code == "" {
			d := p.l.Addf(CodeNoHexGroups, st.GroupPos, "%s has no hex groups; scenario %s puts %s's stack in %s under marker %s", p.b.Rules.System, s.ID, st.Side, st.Hex.Label, st.Group).About(diag.Subjects{Hexes: []string{st.Hex.Label}, Values: []string{st.Side, st.Group}})
			d.Hint = "list the units in the hex without group:"
			continue
		}
		if st.Within > 0 {
			p.flagged(c, st.GroupPos, "%s's hex group %s is placed within %d of %s: a Hex Group marker stands for the units of one hex", st.Side, st.Group, st.Within, st.Hex.Label).About(diag.Subjects{Hexes: []string{st.Hex.Label}, Values: []string{st.Side, st.Group}})
			continue
		}
		k := key{st.Side, st.Group}
		if prev := first[k]; prev != nil {
			p.flagged(c, st.GroupPos, "%s's Hex Group marker %s is in %s and in %s: each marker stands for one box of the Hex Group Display", st.Side, st.Group, prev.Hex.Label, st.Hex.Label).
				About(diag.Subjects{Hexes: []string{prev.Hex.Label, st.Hex.Label}, Values: []string{st.Side, st.Group}})
			continue
		}
		first[k] = st
	}
}
