package validate

import (
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodeNoMorale is raised for formation morale tracks in a system that
// keeps none.
var CodeNoMorale = diag.Code{Code: "N048", Severity: diag.Error, Title: "morale track in a system without them",
	Doc: "The forces give a formation a morale track (`morale:` on the formation, not a unit's morale rating), but its rule system keeps none: only Summer Storm has a divisional morale track on each side's Army Status Sheet (Summer Storm 11.2.1). Remove it, or say in the battle's `rules: figures: morale:` which formations keep one."}

// morale checks the formations' morale tracks (Summer Storm 11.2.1): once a
// side gives any, every formation of it that keeps one has one, and each
// track gives its figures within their bounds.
func (p *pass) morale() {
	m := p.f.Morale
	if len(m.Levels) == 0 && len(m.Cavalry) == 0 {
		for _, side := range p.b.Sides {
			if side.Army == nil {
				continue
			}
			for _, f := range allFormations(side.Army) {
				if f.Morale != nil {
					p.absent(CodeNoMorale, f.Morale.Pos, "the formation's morale", "morale", "keeps no formation morale tracks; the forces give %s one", f.Label()).About(aboutFormations(f.Label()))
				}
			}
		}
		return
	}
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		fs := allFormations(side.Army)
		gives := false
		for _, f := range fs {
			if f.Morale != nil {
				gives = true
				p.track(f)
			}
		}
		if !gives {
			continue
		}
		for _, f := range fs {
			if f.Morale == nil && m.Keeps(f.Level, p.b.MountedOnly(f)) && len(f.AllUnits()) > 0 {
				p.flagged(m.Check, f.Pos, "%s (%s of %s) has no morale track, though %s gives other formations theirs: %s", f.Label(), f.Level, side.ID, side.ID, m.Title).About(aboutFormations(f.Label()))
			}
		}
	}
}

// track checks one morale track's figures.
func (p *pass) track(f *oob.Formation) {
	m := p.f.Morale
	var missing []string
	for _, x := range m.Fields {
		if _, ok := f.Morale.Values.Lookup(x); !ok {
			missing = append(missing, x)
		}
	}
	if len(missing) > 0 {
		if d := p.flagged(m.Bounds, f.Morale.Pos, "the morale track of %s lacks %s: %s", f.Label(), strings.Join(missing, ", "), m.Bounds.Title).About(aboutFormations(f.Label())); d != nil {
			d.Hint = "write " + missing[0] + ": ~ if the book does not give it"
		}
	}
	for _, fv := range f.Morale.Values {
		n, ok := fv.Value.Int()
		if !ok {
			continue
		}
		if lo, has := m.Min[fv.Name]; has && n < lo {
			p.flagged(m.Bounds, fv.Value.Pos, "%s's %s is %d, below %d: %s", f.Label(), fv.Name, n, lo, m.Bounds.Title).About(diag.Subjects{Formations: []string{f.Label()}, Values: []string{fv.Name}})
		}
		if hi, has := m.Max[fv.Name]; has && n > hi {
			p.flagged(m.Bounds, fv.Value.Pos, "%s's %s is %d, above %d: %s", f.Label(), fv.Name, n, hi, m.Bounds.Title).About(diag.Subjects{Formations: []string{f.Label()}, Values: []string{fv.Name}})
		}
	}
	for _, b := range m.Below {
		lo, ok1 := f.Morale.Values.Get(b.Figure).Int()
		hi, ok2 := f.Morale.Values.Get(b.Than).Int()
		if ok1 && ok2 && lo >= hi {
			p.flagged(m.Bounds, f.Morale.Values.Get(b.Figure).Pos, "%s's %s is %d, not below its %s of %d: %s", f.Label(), b.Figure, lo, b.Than, hi, m.Bounds.Title).About(diag.Subjects{Formations: []string{f.Label()}, Values: []string{b.Figure}})
		}
	}
}
