package validate

import (
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
)

// horseArtillery reports a battery whose type does not match the arm of
// its command (TSS 18.9): a battery of a cavalry command that is not of
// the horse-artillery class, or a horse-artillery battery of any other
// command. A battery's command is the lowest formation holding it that
// also holds a unit of a class that is not artillery (so a battalion of
// batteries answers to the division above it); the command is cavalry when
// every such unit in it is of a mounted class (supply wagons aside).
func (p *pass) horseArtillery() {
	h := p.f.Org.Horse
	if h.Code == "" || h.Class == "" {
		return
	}
	r := p.b.Rules
	cavalry := map[*oob.Formation]int{} // 1 cavalry, -1 other, 0 no arm of its own
	arm := func(f *oob.Formation) int {
		if v, ok := cavalry[f]; ok {
			return v
		}
		v := 0
		for _, u := range f.AllUnits() {
			c := r.Classes[r.Class(u.Type)]
			if c.Artillery || c.Supply {
				continue
			}
			if !c.Mounted {
				v = -1
				break
			}
			v = 1
		}
		cavalry[f] = v
		return v
	}
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			for _, u := range f.Units {
				class := r.Class(u.Type)
				if !r.Classes[class].Artillery {
					continue
				}
				var command *oob.Formation
				for _, x := range f.Chain() {
					if arm(x) != 0 {
						command = x
						break
					}
				}
				if command == nil {
					continue
				}
				horse := class == h.Class
				switch isCav := arm(command) == 1; {
				case isCav && !horse:
					p.flagged(h.Check, u.Pos, "%s is a battery of the cavalry command %s, so it is horse artillery, but its type %s is of class %s", u.QualifiedName(), command.Label(), u.Type, class).About(diag.Subjects{Units: []string{u.QualifiedName()}, Formations: []string{command.Label()}})
				case !isCav && horse:
					p.flagged(h.Check, u.Pos, "%s is horse artillery (type %s), but its command %s is not cavalry: only a battery assigned to a cavalry command is", u.QualifiedName(), u.Type, command.Label()).About(diag.Subjects{Units: []string{u.QualifiedName()}, Formations: []string{command.Label()}})
				}
			}
		})
	}
}

// historical checks the historical commands leaders name (TSS 27.0: the
// Union replacement pool): each a formation of its side at the figures'
// level, inside the leader's own formation of the within level (his
// corps), and no two leaders naming the same one.
func (p *pass) historical() {
	h := p.f.Org.Historical
	if h.Code == "" {
		return
	}
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		ix := p.b.Index(side.ID)
		taken := map[*oob.Formation]*oob.Leader{}
		for _, l := range side.Army.AllLeaders() {
			if l.Historical == "" {
				continue
			}
			f := ix.Formation(l.Historical)
			if f == nil {
				d := p.flagged(h.Check, l.HistoricalPos, "%s's historical command %s is no formation of side %s", l.QualifiedName(), l.Historical, side.ID).About(diag.Subjects{Leaders: []string{l.QualifiedName()}, Values: []string{l.Historical}})
				if m := schema.Nearest(l.Historical, formationNames(side.Army)); m != "" && d != nil {
					d.Offer(l.Historical, m)
				}
				continue
			}
			if h.Level != "" && f.Level != h.Level {
				p.flagged(h.Check, l.HistoricalPos, "%s's historical command %s is a %s, not a %s", l.QualifiedName(), f.Label(), f.Level, h.Level).About(diag.Subjects{Leaders: []string{l.QualifiedName()}, Formations: []string{f.Label()}})
			}
			if h.Within != "" {
				if own := l.Formation.AtLevel(h.Within); own != nil && !f.Within(own) {
					p.flagged(h.Check, l.HistoricalPos, "%s belongs to %s %s, but his historical command %s is outside it: a replacement comes from his own %s", l.QualifiedName(), h.Within, own.Label(), f.Label(), h.Within).About(diag.Subjects{Leaders: []string{l.QualifiedName()}, Formations: []string{f.Label()}})
				}
			}
			if prev, dup := taken[f]; dup {
				p.flagged(h.Shared, l.HistoricalPos, "%s and %s both give %s as their historical command", prev.QualifiedName(), l.QualifiedName(), f.Label()).
					About(diag.Subjects{Leaders: []string{prev.QualifiedName(), l.QualifiedName()}, Formations: []string{f.Label()}})
				continue
			}
			taken[f] = l
		}
	}
}

func formationNames(army *oob.Formation) []string {
	var out []string
	army.Walk(func(f *oob.Formation) {
		if d := f.Designation(); d != "" {
			out = append(out, d)
		}
	})
	return out
}
