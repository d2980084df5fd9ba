package validate

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// CodeNotInPlay is raised for a set-up, entry or victory hex the scenario
// does not keep in play.
var CodeNotInPlay = diag.Code{Code: "N004", Severity: diag.Error, Title: "hex not in play",
	Doc: "A set-up, entry or victory hex lies on a sheet the scenario does not use, or outside the rows and columns it keeps in play."}

func playText(s *battle.Scenario) string {
	var parts []string
	for _, pa := range s.Play {
		t := "sheet " + pa.Sheet.ID
		if pa.Rows[1] > 0 {
			t += fmt.Sprintf(" rows %02d-%02d", pa.Rows[0], pa.Rows[1])
		}
		if pa.Cols[1] > 0 {
			t += fmt.Sprintf(" columns %02d-%02d", pa.Cols[0], pa.Cols[1])
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}

// inPlay checks that every set-up, entry and victory hex is in play.
func inPlay(p *pass, s *battle.Scenario) {
	checkHex := func(h battle.HexRef, what string) {
		if !s.InPlay(h.Coord) {
			d := p.l.Addf(CodeNotInPlay, h.Pos, "%s %s is not in play in scenario %s", what, h.Label, s.ID).About(diag.Subjects{Hexes: []string{h.Label}, Values: []string{what}})
			d.Hint = "in play: " + playText(s)
		}
	}
	for _, st := range s.Setup {
		checkHex(st.Hex, "set-up hex")
	}
	for _, a := range s.Arrivals {
		for _, h := range a.Hexes {
			checkHex(h, "entry hex")
		}
	}
	for _, v := range s.Victory.Hexes {
		for _, h := range v.Hexes {
			checkHex(h, "victory hex")
		}
	}
}
