package validate

import (
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// The codes of the timeline: a unit set up twice, set up and arriving,
// and withdrawn when it is not on the map.
var (
	CodeSetTwice = diag.Code{Code: "N005", Severity: diag.Error, Title: "unit set up twice",
		Doc: "A unit or leader appears in two set-up hexes (or twice in one) of the same scenario; a counter can start in one place only."}
	CodeSetAndArriving = diag.Code{Code: "N006", Severity: diag.Error, Title: "unit both set up and arriving",
		Doc: "A unit or leader is in the set-up and also in a reinforcement group, or in two groups. It can enter play only once; withdraw it first if it is meant to come back."}
	CodeNamedTwice = diag.Code{Code: "N050", Severity: diag.Info, Title: "unit named twice in one arrival or withdrawal",
		Doc: "An arrival or withdrawal group names a unit or leader twice: by itself and in a formation it names too (\"Rodes' Division, plus Carter's Artillery\", a division and its own battalion), or the same name twice. It arrives or leaves once, with the group; the second naming adds nothing. Books often list a formation's leaders or artillery beside it, so this is for information."}
	CodeNotOnMap = diag.Code{Code: "N023", Severity: diag.Error, Title: "withdrawal of a unit not on the map",
		Doc: "A withdrawal names a unit that is not on the map at that time: it is neither set up nor arrived before the withdrawal, or it has already been withdrawn."}
)

// presenceCheck follows every unit and leader through the scenario.
func presenceCheck(p *pass, s *battle.Scenario) { timeline(p.b, s, p.f.Entry.Rule, p.l) }

// event is a set-up, arrival or withdrawal of one piece.
type event struct {
	turn  int
	order int // at one turn: set-up, then arrivals, then withdrawals
	p     *battle.Piece
	what  string
	rule  string
	group int // the arrival or withdrawal group, from 1; 0 for the set-up
}

// timeline follows every unit and leader through the scenario: set up
// once, entering play only when off the map (after a withdrawal it may come
// back), and withdrawn only when on it.
func timeline(b *battle.Battle, s *battle.Scenario, rule string, l *diag.List) {
	n := 0
	for _, st := range s.Setup {
		n += len(st.Pieces)
	}
	for _, a := range s.Arrivals {
		n += len(a.Pieces)
	}
	for _, w := range s.Withdrawals {
		n += len(w.Pieces)
	}
	evs := make([]event, 0, n)
	for _, st := range s.Setup {
		for i := range st.Pieces {
			evs = append(evs, event{s.First.Index, 0, &st.Pieces[i], "set up", "", 0})
		}
	}
	for _, a := range s.Arrivals {
		if a.Time.Pos.File == "" {
			continue // the time is reported already
		}
		g := len(evs) + 1
		for i := range a.Pieces {
			evs = append(evs, event{a.Time.Index, 1, &a.Pieces[i], "arriving", "", g})
		}
	}
	for _, w := range s.Withdrawals {
		if w.Time.Pos.File == "" {
			continue
		}
		g := len(evs) + 1
		for i := range w.Pieces {
			evs = append(evs, event{w.Time.Index, 2, &w.Pieces[i], "withdrawn", w.Time.Text(), g})
		}
	}
	evs = byTurn(evs)
	units := make([]presence, b.NumUnits) // by Unit.Index
	leaders := make([]presence, b.NumLeaders)
	for i := range evs {
		e := &evs[i]
		var missing []string
		var twice map[*battle.Piece]*diag.Subjects // named again, by the piece that named it first in the group
		var firsts []*battle.Piece
		// again's name is made only for a piece named again (most are not)
		again := func(x *presence, name func() string, leader bool) bool {
			if e.group == 0 || x.by == nil || x.by.group != e.group || x.by.p == e.p {
				return false
			}
			sub := twice[x.by.p]
			if sub == nil {
				if twice == nil {
					twice = map[*battle.Piece]*diag.Subjects{}
				}
				sub = &diag.Subjects{}
				twice[x.by.p] = sub
				firsts = append(firsts, x.by.p)
			}
			if leader {
				sub.Leaders = append(sub.Leaders, name())
			} else {
				sub.Units = append(sub.Units, name())
			}
			return true
		}
		var one [1]*oob.Unit
		for _, u := range refUnits(e.p.Ref, &one) {
			if again(&units[u.Index], u.QualifiedName, false) {
				continue
			}
			if e.follow(&units[u.Index], u.QualifiedName, false, l) {
				missing = append(missing, u.QualifiedName())
			}
		}
		var oneL [1]*oob.Leader
		for _, ld := range refLeaders(e.p.Ref, &oneL) {
			if again(&leaders[ld.Index], ld.QualifiedName, true) {
				continue
			}
			e.follow(&leaders[ld.Index], ld.QualifiedName, true, l)
		}
		for _, first := range firsts {
			sub := twice[first]
			var named []string
			for _, n := range sub.Leaders {
				named = append(named, "leader "+n)
			}
			named = append(named, sub.Units...)
			l.Addf(CodeNamedTwice, e.p.Pos, "%s %s named here and by %q in the same group (%s once, with the group)", strings.Join(named, ", "), isAre(len(named)), first.Name, e.what).Cite(first.Pos, "named there").About(*sub)
		}
		if len(missing) > 0 {
			d := l.Addf(CodeNotOnMap, e.p.Pos, "%s %s not on the map at %s", strings.Join(missing, ", "), isAre(len(missing)), e.rule)
			d.Rule = rule
			d.About(diag.Subjects{Units: missing, Values: []string{e.rule}})
		}
	}
}

// presence is where the timeline has a unit or leader: on the map or off,
// and the set-up, arrival or withdrawal that put it there.
type presence struct {
	on bool
	by *event
}

// follow applies the event to one piece. It reports a piece set up or
// arriving while on the map, and returns true for a withdrawal of a piece
// that is not on it (the caller gathers those into one message).
func (e *event) follow(x *presence, name func() string, leader bool, l *diag.List) bool {
	if e.what == "withdrawn" {
		if !x.on {
			return true
		}
		x.on, x.by = false, e
		return false
	}
	if x.on {
		code := CodeSetTwice
		if e.what != "set up" || x.by.what != "set up" {
			code = CodeSetAndArriving
		}
		n, what, about := name(), name(), diag.Subjects{}
		if leader {
			what, about.Leaders = "leader "+n, []string{n}
		} else {
			about.Units = []string{n}
		}
		l.Addf(code, e.p.Pos, "%s is %s here but already %s at %s", what, e.what, x.by.what, x.by.p.Pos).Cite(x.by.p.Pos, "already "+x.by.what).About(about)
		return false
	}
	x.on, x.by = true, e
	return false
}

// byTurn orders events by turn and, within a turn, set-up before arrivals
// before withdrawals, keeping the order of equal events. Turns are indices
// on a turn track, so a counting sort does it in linear time.
func byTurn(evs []event) []event {
	if len(evs) == 0 {
		return evs
	}
	lo, hi := evs[0].turn, evs[0].turn
	for _, e := range evs {
		lo, hi = min(lo, e.turn), max(hi, e.turn)
	}
	key := func(e event) int { return (e.turn-lo)*3 + e.order }
	sorted := true
	for i := 1; i < len(evs) && sorted; i++ {
		sorted = key(evs[i-1]) <= key(evs[i])
	}
	if sorted {
		return evs // in order already (a set-up alone, arrivals listed by time)
	}
	if hi-lo > 1<<16 {
		sort.SliceStable(evs, func(i, j int) bool { return key(evs[i]) < key(evs[j]) })
		return evs
	}
	count := make([]int, (hi-lo+1)*3+1)
	for _, e := range evs {
		count[key(e)+1]++
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	out := make([]event, len(evs))
	for _, e := range evs {
		k := key(e)
		out[count[k]] = e
		count[k]++
	}
	return out
}
