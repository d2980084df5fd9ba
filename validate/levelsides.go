package validate

import (
	"strings"

	"github.com/muster-wargames/muster/oob"
)

// levelSides checks that formations of a level some sides only have
// (Summer Storm 2.5: the Union's wing commanders) are on those sides.
func (p *pass) levelSides() {
	for _, ls := range p.f.LevelSides {
		for _, side := range p.b.Sides {
			if side.Army == nil || p.sideIn(ls.Sides, side.ID) {
				continue
			}
			for _, f := range allFormations(side.Army) {
				if f.Level != ls.Level {
					continue
				}
				who := "no side has"
				if len(ls.Sides) > 0 {
					who = "only " + strings.Join(ls.Sides, ", ") + " " + haveHas(len(ls.Sides))
				}
				name := f.Label()
				if f.Leader != nil {
					name += " (" + f.Leader.Name + ")"
				}
				p.flagged(ls.Check, f.Pos, "%s is a %s of %s, and %s one: %s", name, ls.Level, side.ID, who, ls.Title).About(aboutFormations(f.Label()))
			}
		}
	}
}

func haveHas(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

// allFormations lists f and every formation below it.
func allFormations(f *oob.Formation) []*oob.Formation {
	var out []*oob.Formation
	f.Walk(func(x *oob.Formation) { out = append(out, x) })
	return out
}
