package validate

import (
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
)

// elevations reports each map sheet that leaves hexes without an
// elevation, where the system gives every hex one (AMFS A-6: elevation
// levels on every hex): once a sheet, where the map gives it, naming the first
// such hex and how many there are. A hex another sheet gives an elevation
// to has one.
func (p *pass) elevations() {
	c := p.f.Elevation
	if c.Code == "" {
		return
	}
	m := p.b.Map
	for _, s := range m.Grid.Sheets {
		var missing []string
		for j := range s.Rows {
			for i := range s.Cols {
				co := maps.Coord{X: s.X + i, Y: s.Y + j}
				if m.At(co).Elevation < 0 {
					missing = append(missing, m.Grid.LabelOn(s, co))
				}
			}
		}
		if len(missing) == 0 {
			continue
		}
		what := "any of its"
		if n := s.Rows * s.Cols; len(missing) < n {
			what = "some of its"
		}
		if d := p.flagged(c, s.Pos, "sheet %s gives no elevation for %s hexes (%d, %s first): %s", s.ID, what, len(missing), missing[0], c.Title); d != nil {
			d.Hint = "give the sheet elevation: rows, one level a hex (0-9, then a-z), as the printed map shows them"
			d.About(diag.Subjects{Hexes: missing[:1], Values: []string{s.ID}})
		}
	}
}
