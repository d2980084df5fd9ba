package validate

import (
	"sort"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// organisation runs the order-of-battle checks some systems have, on the
// formations of the ruleset's lowest level (the brigades that bind counters).
func (p *pass) organisation() {
	p.letters() // the brigades' counter letters (validate/letters.go)
	p.hqs()     // Commanders' HQ units (validate/letters.go)
	p.horseArtillery()
	p.historical()
	o := p.f.Org
	p.unitStrength()
	lowest := p.lowestLevel()
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		type key struct{ name, arm string }
		seen := map[key]*oob.Formation{}
		side.Army.Walk(func(f *oob.Formation) {
			if f.Level != lowest {
				return
			}
			if o.CountersField != "" && o.Counters.Code != "" {
				n := len(f.Units)
				for _, u := range f.Units {
					v, ok := u.Values.Get(o.CountersField).Int()
					if ok && v != n {
						p.flagged(o.Counters, u.Values.Get(o.CountersField).Pos, "%s shows %d counters for its brigade, but brigade %s has %d", u.QualifiedName(), v, f.Label(), n).About(diag.Subjects{Units: []string{u.QualifiedName()}, Formations: []string{f.Label()}})
					}
				}
			}
			if o.UniqueBrigades.Code != "" {
				arm := "troops"
				if len(f.Units) > 0 && allArtillery(p, f) {
					arm = "artillery"
				}
				name := f.ID
				if prev, dup := seen[key{name, arm}]; dup {
					p.flagged(o.UniqueBrigades, f.Pos, "brigade name %q is used twice on side %s (%s and %s): events and activations that name the brigade cannot tell them apart", name, side.ID, prev.Label(), f.Label()).About(aboutFormations(prev.Label(), f.Label()))
					return
				}
				seen[key{name, arm}] = f
			}
		})
	}
}

// frontOnly is the faces of a unit with none but its front.
var frontOnly = []string{""}

// unitStrength reports units whose printed strength, on any face, is above
// the largest the figures allow their class (3DoG BB 14.26: cavalry
// battalions of at most 4 SP).
func (p *pass) unitStrength() {
	o := p.f.Org
	p.unitFlags()
	if o.Strength.Code == "" || len(o.MaxSP) == 0 {
		return
	}
	field := p.b.Rules.Strength
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			for _, u := range f.Units {
				class := p.b.Rules.Class(u.Type)
				most, ok := o.MaxSP[class]
				if !ok {
					continue
				}
				faces := frontOnly // most units have no other face: nothing to sort
				if len(u.Faces) > 0 {
					faces = make([]string, 1, 1+len(u.Faces))
					for name := range u.Faces {
						faces = append(faces, name)
					}
					sort.Strings(faces)
				}
				for _, face := range faces {
					vs := u.Values
					if face != "" {
						vs = u.Faces[face]
					}
					v := vs.Get(field)
					sp, known := v.Int()
					if !known || float64(sp) <= most {
						continue
					}
					on := ""
					if face != "" {
						on = " on its " + face + " face"
					}
					pos := v.Pos
					if pos.Line == 0 {
						pos = u.Pos
					}
					if d := p.flagged(o.Strength, pos, "%s (%s) has %d strength points%s, more than %g: %s", u.QualifiedName(), strings.ToLower(p.classTitle(class)), sp, on, most, o.Strength.Title).About(aboutUnits(u.QualifiedName())); d != nil {
						d.Hint = "split the unit into counters of at most that strength (lettered a, b, ...), as the book does"
					}
					break
				}
			}
		})
	}
}

// unitFlags reports units whose counter sets a flag the battle does not
// use (3DoG BB 14.1: no Green units).
func (p *pass) unitFlags() {
	o := p.f.Org
	if o.Flag.Code == "" || len(o.NoFlags) == 0 {
		return
	}
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			for _, u := range f.Units {
				for _, name := range o.NoFlags {
					v := u.Values.Get(name)
					if b, ok := v.V.(bool); !ok || !b {
						continue
					}
					title := name
					if fd, ok := p.b.Rules.Fields[name]; ok && fd.Title != "" {
						title = fd.Title
					}
					if d := p.flagged(o.Flag, v.Pos, "%s sets %s (%s), which no unit of the battle has: %s", u.QualifiedName(), name, title, o.Flag.Title).About(diag.Subjects{Units: []string{u.QualifiedName()}, Values: []string{name}}); d != nil {
						d.Hint = "drop the flag; the battle book says no counter carries it"
					}
				}
			}
		})
	}
}

// classTitle is a class's title, or its id.
func (p *pass) classTitle(class string) string {
	if c, ok := p.b.Rules.Classes[class]; ok && c.Title != "" {
		return c.Title
	}
	return class
}

func allArtillery(p *pass, f *oob.Formation) bool {
	for _, u := range f.Units {
		if !p.b.Rules.Artillery(u.Type) {
			return false
		}
	}
	return true
}

// lowestLevel is the ruleset's lowest formation level (the highest rank):
// the brigades that bind counters.
func (p *pass) lowestLevel() string {
	lowest, rank := "", 0
	for _, l := range p.b.Rules.Levels {
		if l.Rank > rank {
			lowest, rank = l.ID, l.Rank
		}
	}
	return lowest
}
