package validate

import (
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// attachments checks what a scenario attaches to each formation: how many
// batteries, and from where.
func (p *pass) attachments(s *battle.Scenario) {
	a := p.f.Attach
	limit := a.Code != "" && a.MaxBatteries > 0 && !a.None
	count := map[*oob.Formation]int{}
	if limit && a.CountOwn {
		p.countOwn(s, count)
	}
	p.attachFormations(s)
	for _, st := range s.Setup {
		for i := range st.Pieces {
			pc := &st.Pieces[i]
			if pc.Attached == nil {
				continue
			}
			for _, u := range pc.Ref.Units() {
				if !p.b.Rules.Artillery(u.Type) {
					continue
				}
				if pc.Ref.Unit != nil {
					p.attachScope(pc, u) // a battery attached on its own, not with its formation
					if a.None && a.Code != "" {
						if d := p.flagged(a.Check, pc.Pos, "%s is attached on its own to %s, but no single battery is attached under the battle's rules: %s", u.QualifiedName(), pc.Attached.Label(), a.Title).About(diag.Subjects{Units: []string{u.QualifiedName()}, Formations: []string{pc.Attached.Label()}}); d != nil {
							d.Hint = "attach the battery's whole artillery formation to a division, or drop the attachment"
						}
					}
				}
				if !limit || (pc.Ref.Formation != nil && artilleryFormation(p, pc.Ref.Formation)) {
					continue // an artillery formation attached whole is a brigade, not a battery
				}
				count[pc.Attached]++
				if count[pc.Attached] == a.MaxBatteries+1 {
					own := ""
					if a.CountOwn {
						own = ", counting its own"
					}
					p.flagged(a.Check, pc.Pos, "%s is a battery too many attached to %s: at most %d%s", u.QualifiedName(), pc.Attached.Label(), a.MaxBatteries, own).About(diag.Subjects{Units: []string{u.QualifiedName()}, Formations: []string{pc.Attached.Label()}})
				}
			}
		}
	}
}

// attachFormations checks the artillery formations a scenario attaches
// whole, and horse artillery's attachments: an artillery formation only to
// a formation inside its own parent, so many to one formation at most, and
// horse artillery only to formations holding some classes.
func (p *pass) attachFormations(s *battle.Scenario) {
	af, hs := p.f.Attach.Formations, p.f.Attach.Horse
	scope := af.Scope.Code != "" && af.Within
	most := af.Max.Code != "" && af.MaxPer > 0
	horse := hs.Code != "" && hs.Field != "" && len(hs.To) > 0
	if !scope && !most && !horse {
		return
	}
	count := map[*oob.Formation]int{}
	each := func(pc *battle.Piece) {
		if pc.Attached == nil {
			return
		}
		f := pc.Ref.Formation
		if f != nil && artilleryFormation(p, f) {
			if scope && f.Parent != nil && !pc.Attached.Within(f.Parent) {
				if d := p.flagged(af.Scope, pc.Pos, "artillery formation %s is attached to %s, outside %s, the formation it belongs to: %s", f.Label(), pc.Attached.Label(), f.Parent.Label(), af.Scope.Title).About(aboutFormations(f.Label(), pc.Attached.Label())); d != nil {
					d.Hint = "a corps's artillery goes to a division of that corps, and reserve artillery to none; if a scenario rule allows it, say so in the piece's note and accept the finding"
				}
			}
			count[pc.Attached]++
			if most && count[pc.Attached] == af.MaxPer+1 {
				p.flagged(af.Max, pc.Pos, "artillery formation %s is one too many attached to %s: at most %d: %s", f.Label(), pc.Attached.Label(), af.MaxPer, af.Max.Title).About(aboutFormations(f.Label(), pc.Attached.Label()))
			}
		}
		if !horse {
			return
		}
		us := pc.Ref.Units()
		if len(us) == 0 {
			return
		}
		for _, u := range us {
			if !p.b.Rules.Artillery(u.Type) {
				return
			}
			if b, ok := u.Values.Get(hs.Field).V.(bool); !ok || !b {
				return
			}
		}
		to, none := p.holdsNone(pc.Attached, hs.To)
		if !none {
			return
		}
		if d := p.flagged(hs.Check, pc.Pos, "horse artillery %s is attached to %s, which holds no %s: %s", pc.Ref.Name(), pc.Attached.Label(), to, hs.Title).About(pc.Ref.Subjects()).About(aboutFormations(pc.Attached.Label())); d != nil {
			d.Hint = "attach horse artillery to a cavalry division or brigade"
		}
	}
	for _, st := range s.Setup {
		for i := range st.Pieces {
			each(&st.Pieces[i])
		}
	}
	for _, ar := range s.Arrivals {
		for i := range ar.Pieces {
			each(&ar.Pieces[i])
		}
	}
}

// countOwn counts into count, for each formation, the batteries of its own
// order of battle that the scenario sets up and does not attach elsewhere
// on their own.
func (p *pass) countOwn(s *battle.Scenario, count map[*oob.Formation]int) {
	for _, st := range s.Setup {
		for _, pc := range st.Pieces {
			for _, u := range pc.Ref.Units() {
				// a battery attached on its own leaves its brigade; one
				// attached with its whole formation stays with it
				if (pc.Attached == nil || pc.Ref.Unit == nil) && p.b.Rules.Artillery(u.Type) {
					count[u.Formation]++
				}
			}
		}
	}
}

// attachScope checks that a battery is attached only to a formation inside
// its own one at the configured level (GBACW 4.32: a brigade of its
// division).
func (p *pass) attachScope(pc *battle.Piece, u *oob.Unit) {
	sc := p.f.Attach.Within
	if sc.Code == "" || sc.Level == "" || pc.Attached == nil {
		return
	}
	scope := p.scopeOf(u.Formation, sc.Level)
	if scope != nil && sc.ReserveFree && artilleryFormation(p, scope) {
		p.reserveTo(pc, u)
		return
	}
	if scope == nil {
		return
	}
	if pc.Attached.Within(scope) {
		return
	}
	if d := p.flagged(sc.Check, pc.Pos, "%s is attached to %s, outside its own %s %s: %s", u.QualifiedName(), pc.Attached.Label(), scope.Level, scope.Label(), sc.Title).About(diag.Subjects{Units: []string{u.QualifiedName()}, Formations: []string{pc.Attached.Label()}}); d != nil {
		d.Hint = "if a scenario rule allows it, say so in the piece's note, and widen figures.attach.within for the battle or accept the finding"
	}
}

// reserveTo checks that a battery of an artillery reserve, free to go to
// any brigade of its side, goes to one holding a unit of the classes
// artillery_reserve_to names (3DoG BB 4.37 L2106: infantry brigades).
// Horse artillery is the horse check's.
func (p *pass) reserveTo(pc *battle.Piece, u *oob.Unit) {
	sc := p.f.Attach.Within
	if sc.ReserveClass.Code == "" || len(sc.ReserveTo) == 0 {
		return
	}
	if hs := p.f.Attach.Horse; hs.Field != "" {
		if b, ok := u.Values.Get(hs.Field).V.(bool); ok && b {
			return
		}
	}
	to, none := p.holdsNone(pc.Attached, sc.ReserveTo)
	if !none {
		return
	}
	if d := p.flagged(sc.ReserveClass, pc.Pos, "reserve battery %s is attached to %s, which holds no %s: %s", u.QualifiedName(), pc.Attached.Label(), to, sc.ReserveClass.Title).About(diag.Subjects{Units: []string{u.QualifiedName()}, Formations: []string{pc.Attached.Label()}}); d != nil {
		d.Hint = "attach a reserve battery to a brigade of " + to
	}
}

// holdsNone reports whether formation f holds no unit of the classes, and
// names them for a message ("infantry or cavalry").
func (p *pass) holdsNone(f *oob.Formation, classes []string) (names string, none bool) {
	for _, u := range f.AllUnits() {
		if has(classes, p.b.Rules.Class(u.Type)) {
			return "", false
		}
	}
	var to []string
	for _, c := range classes {
		to = append(to, strings.ToLower(p.classTitle(c)))
	}
	return strings.Join(to, " or "), true
}

// scopeOf is the formation at level that holds f, or, when none does, the
// lowest formation above f whose level ranks at level or higher.
func (p *pass) scopeOf(f *oob.Formation, level string) *oob.Formation {
	lv, ok := p.b.Rules.LevelByID(level)
	if !ok {
		return nil
	}
	if x := f.AtLevel(level); x != nil {
		return x
	}
	for x := f; x != nil; x = x.Parent {
		if l, ok := p.b.Rules.LevelByID(x.Level); ok && l.Rank <= lv.Rank {
			return x
		}
	}
	return nil
}
