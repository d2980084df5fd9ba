package diff

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// ids names each unit, leader and formation of both battles by its
// identity in the new battle: a matched old one by its new counterpart's
// name, an unmatched one by its own. Set-ups and schedules key their
// pieces by these names.
type ids struct {
	units      map[*oob.Unit]string
	leaders    map[*oob.Leader]string
	formations map[*oob.Formation]string
}

// piece names what a scenario's piece stands for, as ids name it, and
// whether it is a unit, leader or formation.
func (x *ids) piece(r oob.Ref) string {
	switch {
	case r.Unit != nil:
		return x.units[r.Unit]
	case r.Leader != nil:
		return x.leaders[r.Leader]
	case r.Formation != nil:
		return x.formations[r.Formation]
	}
	return ""
}

// counter is a unit or leader as matching sees it.
type counter struct {
	side, name, path string // path: the formation's designation
	// home is the formation as the new battle names it: for an old
	// counter, its formation's match (the formations are matched first)
	home   string
	values string // type, values and faces (ratings and rank for a leader), as text
	// was is the name the data declares the counter had in the release
	// before (forces' was:), for a new counter
	was string
}

func (c counter) qualified() string {
	if c.path == "" {
		return c.name
	}
	return c.name + "/" + c.path
}

// match pairs old and new counters: first a rename the data declares (a
// new counter's was: naming an old one of its side and home, else of its
// side), one with one; then by side, home and name; then, of those left,
// by side and name when that pairs one with one (moved); then by side,
// home and values when that pairs one with one (renamed). It returns, for
// each old counter, the index of its new one or -1.
func match(olds, news []counter) []int {
	pair := make([]int, len(olds))
	taken := make([]bool, len(news))
	for i := range pair {
		pair[i] = -1
	}
	byKey := func(key func(counter) string) {
		oldBy, newBy := map[string][]int{}, map[string][]int{}
		for i, c := range olds {
			if pair[i] < 0 {
				oldBy[key(c)] = append(oldBy[key(c)], i)
			}
		}
		for j, c := range news {
			if !taken[j] {
				newBy[key(c)] = append(newBy[key(c)], j)
			}
		}
		for k, is := range oldBy {
			js := newBy[k]
			if len(is) == 1 && len(js) == 1 {
				pair[is[0]], taken[js[0]] = js[0], true
			}
		}
	}
	// declared: an old counter's name against a new one's was:
	declared := func(key func(name string, c counter) string) {
		oldBy, newBy := map[string][]int{}, map[string][]int{}
		for i, c := range olds {
			if pair[i] < 0 {
				oldBy[key(c.name, c)] = append(oldBy[key(c.name, c)], i)
			}
		}
		for j, c := range news {
			if !taken[j] && c.was != "" {
				newBy[key(c.was, c)] = append(newBy[key(c.was, c)], j)
			}
		}
		for k, js := range newBy {
			is := oldBy[k]
			if len(is) == 1 && len(js) == 1 {
				pair[is[0]], taken[js[0]] = js[0], true
			}
		}
	}
	declared(func(name string, c counter) string { return c.side + "\x00" + c.home + "\x00" + name })
	declared(func(name string, c counter) string { return c.side + "\x00" + name })
	byKey(func(c counter) string { return c.side + "\x00" + c.home + "\x00" + c.name })
	byKey(func(c counter) string { return c.side + "\x00" + c.name })
	byKey(func(c counter) string { return c.side + "\x00" + c.home + "\x00" + c.values })
	return pair
}

// valueText writes a counter value as the forces write it; ok is false
// when the book does not give it.
func valueText(v oob.Value) (string, bool) {
	switch x := v.V.(type) {
	case nil:
		return "", false
	case int64:
		return strconv.FormatInt(x, 10), true
	case string:
		return x, true
	case bool:
		return strconv.FormatBool(x), true
	default:
		return fmt.Sprint(x), true
	}
}

func valuesText(vs oob.Values) string {
	var b strings.Builder
	for _, f := range vs {
		t, ok := valueText(f.Value)
		if !ok {
			t = "~"
		}
		fmt.Fprintf(&b, "%s=%s;", f.Name, t)
	}
	return b.String()
}

func facesText(fs map[string]oob.Values) string {
	names := make([]string, 0, len(fs))
	for n := range fs {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%s{%s}", n, valuesText(fs[n]))
	}
	return b.String()
}

// diffValues lists the fields of two value lists that differ, each as a
// change of field prefix+name.
func diffValues(base Change, prefix string, a, b oob.Values) []Change {
	names := map[string]bool{}
	for _, f := range a {
		names[f.Name] = true
	}
	for _, f := range b {
		names[f.Name] = true
	}
	var out []Change
	for _, n := range sortedKeys(names) {
		at, aok := valueText(a.Get(n))
		bt, bok := valueText(b.Get(n))
		if at == bt && aok == bok {
			continue
		}
		c := base
		c.Action, c.Field = Changed, prefix+n
		if aok {
			c.Old = str(at)
		}
		if bok {
			c.New = str(bt)
		}
		out = append(out, c)
	}
	return out
}

func diffText(base Change, field, a, b string) []Change {
	if a == b {
		return nil
	}
	c := base
	c.Action, c.Field = Changed, field
	if a != "" {
		c.Old = str(a)
	}
	if b != "" {
		c.New = str(b)
	}
	return []Change{c}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func designation(f *oob.Formation) string {
	if f == nil {
		return ""
	}
	return f.Designation()
}

func leadersOf(b *battle.Battle) []*oob.Leader {
	var out []*oob.Leader
	seen := map[*oob.Leader]bool{}
	for _, s := range b.Sides {
		if s.Army == nil {
			continue
		}
		for _, l := range s.Army.AllLeaders() {
			for ; l != nil && !seen[l]; l = l.Replacement {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	return out
}

func unitsOf(b *battle.Battle) []*oob.Unit {
	var out []*oob.Unit
	for _, s := range b.Sides {
		if s.Army != nil {
			out = append(out, s.Army.AllUnits()...)
		}
	}
	return out
}

func formationsOf(b *battle.Battle) []*oob.Formation {
	var out []*oob.Formation
	for _, s := range b.Sides {
		if s.Army != nil {
			s.Army.Walk(func(f *oob.Formation) { out = append(out, f) })
		}
	}
	return out
}

func rankText(r any) string {
	if r == nil {
		return ""
	}
	return fmt.Sprint(r)
}

// forces compares the orders of battle and returns the changes and the
// names by which later comparisons key pieces.
func forces(a, b *battle.Battle) ([]Change, *ids) {
	x := &ids{units: map[*oob.Unit]string{}, leaders: map[*oob.Leader]string{}, formations: map[*oob.Formation]string{}}
	var out []Change

	// formations: by side and designation, then by side, id, level and
	// name (moved under another formation; match's third pass)
	fa, fb := formationsOf(a), formationsOf(b)
	fc := func(fs []*oob.Formation) []counter {
		cs := make([]counter, len(fs))
		for i, f := range fs {
			d := designation(f)
			if f.Parent == nil {
				d = "army"
			}
			cs[i] = counter{side: f.Side, name: d, path: "", values: f.ID + "\x00" + f.Level + "\x00" + f.Name}
		}
		return cs
	}
	ca, cb := fc(fa), fc(fb)
	pair := match(ca, cb)
	for i, f := range fa {
		j := pair[i]
		if j < 0 {
			x.formations[f] = ca[i].name
			out = append(out, Change{Section: Formations, Action: Removed, Side: f.Side, Subject: ca[i].name, Old: str(formationText(f))})
			continue
		}
		g := fb[j]
		x.formations[f] = cb[j].name
		base := Change{Section: Formations, Side: g.Side, Subject: cb[j].name}
		if ca[i].name != cb[j].name {
			c := base
			c.Action, c.Was, c.Old, c.New = Moved, ca[i].name, str(orArmy(designation(f.Parent), f.Parent)), str(orArmy(designation(g.Parent), g.Parent))
			out = append(out, c)
		}
		out = append(out, diffText(base, "name", f.Name, g.Name)...)
		out = append(out, diffText(base, "level", f.Level, g.Level)...)
		out = append(out, diffText(base, "led_by", leaderName(f.LedBy), leaderName(g.LedBy))...)
	}
	for j, g := range fb {
		x.formations[g] = cb[j].name
		if !pairedNew(pair, j) {
			out = append(out, Change{Section: Formations, Action: Added, Side: g.Side, Subject: cb[j].name, New: str(formationText(g))})
		}
	}

	// units
	ua, ub := unitsOf(a), unitsOf(b)
	uc := func(us []*oob.Unit) []counter {
		cs := make([]counter, len(us))
		for i, u := range us {
			cs[i] = counter{side: u.Side, name: u.Name, path: designation(u.Formation), home: x.home(u.Formation), values: u.Type + "|" + valuesText(u.Values) + "|" + facesText(u.Faces), was: u.Was}
		}
		return cs
	}
	ca, cb = uc(ua), uc(ub)
	pair = match(ca, cb)
	out = append(out, counters(Units, ca, cb, pair, func(i, j int, base Change) []Change {
		u, v := ua[i], ub[j]
		cs := diffText(base, "type", u.Type, v.Type)
		cs = append(cs, diffValues(base, "", u.Values, v.Values)...)
		faces := map[string]bool{}
		for n := range u.Faces {
			faces[n] = true
		}
		for n := range v.Faces {
			faces[n] = true
		}
		for _, n := range sortedKeys(faces) {
			cs = append(cs, diffValues(base, n+".", u.Faces[n], v.Faces[n])...)
		}
		return cs
	}, func(i int) string {
		return typed(ua[i].Type, valuesList(ua[i].Values, unitOrder(a.Rules, ua[i].Type)...))
	}, func(j int) string {
		return typed(ub[j].Type, valuesList(ub[j].Values, unitOrder(b.Rules, ub[j].Type)...))
	})...)
	for i, u := range ua {
		if pair[i] >= 0 {
			x.units[u] = cb[pair[i]].qualified()
		} else {
			x.units[u] = ca[i].qualified()
		}
	}
	for j, v := range ub {
		x.units[v] = cb[j].qualified()
	}

	// leaders
	la, lb := leadersOf(a), leadersOf(b)
	lc := func(ls []*oob.Leader) []counter {
		cs := make([]counter, len(ls))
		for i, l := range ls {
			cs[i] = counter{side: l.Side, name: l.Name, path: designation(l.Formation), home: x.home(l.Formation), values: rankText(l.Rank) + "|" + valuesText(l.Ratings), was: l.Was}
		}
		return cs
	}
	ca, cb = lc(la), lc(lb)
	pair = match(ca, cb)
	out = append(out, counters(Leaders, ca, cb, pair, func(i, j int, base Change) []Change {
		l, m := la[i], lb[j]
		cs := diffText(base, "rank", rankText(l.Rank), rankText(m.Rank))
		cs = append(cs, diffValues(base, "", l.Ratings, m.Ratings)...)
		cs = append(cs, diffText(base, "from", l.From, m.From)...)
		cs = append(cs, diffText(base, "counters", countersText(l.Counters), countersText(m.Counters))...)
		return cs
	}, func(i int) string { return valuesList(la[i].Ratings, leaderOrder(a.Rules, la[i].Formation)...) }, func(j int) string { return valuesList(lb[j].Ratings, leaderOrder(b.Rules, lb[j].Formation)...) })...)
	for i, l := range la {
		if pair[i] >= 0 {
			x.leaders[l] = cb[pair[i]].qualified()
		} else {
			x.leaders[l] = ca[i].qualified()
		}
	}
	for j, m := range lb {
		x.leaders[m] = cb[j].qualified()
	}
	return out, x
}

func pairedNew(pair []int, j int) bool {
	for _, p := range pair {
		if p == j {
			return true
		}
	}
	return false
}

func orArmy(d string, f *oob.Formation) string {
	if d == "" && f != nil {
		return "army"
	}
	return d
}

func leaderName(l *oob.Leader) string {
	if l == nil {
		return ""
	}
	return l.Name
}

func formationText(f *oob.Formation) string {
	s := f.Level
	if f.Name != "" {
		s += " " + f.Name
	}
	return s
}

func countersText(cs []oob.Counter) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.Name+" from "+c.From+" ("+valuesList(c.Ratings)+")")
	}
	return strings.Join(parts, "; ")
}

// valuesList writes values as a designer reads them: "weapon R, strength
// 6", the fields order names first in its order, then the rest by name.
func valuesList(vs oob.Values, order ...string) string {
	var parts []string
	done := map[string]bool{}
	add := func(name string) {
		if done[name] {
			return
		}
		done[name] = true
		if t, ok := valueText(vs.Get(name)); ok && t != "" {
			parts = append(parts, name+" "+t)
		}
	}
	for _, n := range order {
		add(n)
	}
	for _, f := range vs {
		add(f.Name)
	}
	return strings.Join(parts, ", ")
}

// unitOrder is the order the ruleset lists a unit type's fields in.
func unitOrder(r *rulesets.Ruleset, typ string) []string {
	if r == nil {
		return nil
	}
	t := r.UnitTypes[typ]
	return append(slices.Clone(t.Fields), t.Optional...)
}

// leaderOrder is the order the ruleset lists the ratings of a leader of
// a formation's level in.
func leaderOrder(r *rulesets.Ruleset, f *oob.Formation) []string {
	if r == nil || f == nil {
		return nil
	}
	for _, l := range r.Levels {
		if l.ID == f.Level {
			return l.Leader
		}
	}
	return nil
}

// counters turns the matching of units or leaders into changes: removed,
// added, renamed, moved, and each value that changed.
// A counter whose formation moved with it is not listed as moved itself:
// its formation's move is.
func counters(sec Section, ca, cb []counter, pair []int, values func(i, j int, base Change) []Change, oldText, newText func(int) string) []Change {
	var out []Change
	paired := make([]bool, len(cb))
	for _, j := range pair {
		if j >= 0 {
			paired[j] = true
		}
	}
	// unpaired counters of one formation on both sides: perhaps a rename
	// the values kept from being matched
	likely := func(c counter, others []counter, taken func(int) bool) []string {
		var names []string
		for k, o := range others {
			if !taken(k) && o.side == c.side && o.home == c.home {
				names = append(names, o.qualified())
			}
		}
		return names
	}
	for i, c := range ca {
		j := pair[i]
		if j < 0 {
			ch := Change{Section: sec, Action: Removed, Side: c.side, Subject: c.qualified(), Old: str(strings.TrimSpace(oldText(i)))}
			if names := likely(c, cb, func(k int) bool { return paired[k] }); len(names) > 0 {
				ch.Note = "not taken for a rename of " + strings.Join(names, " or ") + ": its values differ, and no was: declares the rename"
			}
			out = append(out, ch)
			continue
		}
		d := cb[j]
		base := Change{Section: sec, Side: d.side, Subject: d.qualified()}
		if c.home != d.home {
			ch := base
			ch.Action, ch.Was, ch.Old, ch.New = Moved, c.qualified(), str(orArmyPath(c.path)), str(orArmyPath(d.path))
			out = append(out, ch)
		}
		if c.name != d.name && (c.home == d.home || d.was == c.name) {
			ch := base
			ch.Action, ch.Was = Renamed, c.qualified()
			ch.Note = "matched by formation and values"
			if d.was == c.name {
				ch.Note = "declared: was: " + c.name
			}
			out = append(out, ch)
		}
		out = append(out, values(i, j, base)...)
	}
	for j, d := range cb {
		if paired[j] {
			continue
		}
		ch := Change{Section: sec, Action: Added, Side: d.side, Subject: d.qualified(), New: str(strings.TrimSpace(newText(j)))}
		if names := likely(d, ca, func(k int) bool { return pair[k] >= 0 }); len(names) > 0 {
			ch.Note = "not taken for a rename of " + strings.Join(names, " or ") + ": its values differ, and no was: declares the rename"
		}
		out = append(out, ch)
	}
	return out
}

func orArmyPath(p string) string {
	if p == "" {
		return "army"
	}
	return p
}

// typed writes a unit's type and values: "inf; weapon R, strength 6".
func typed(typ, values string) string {
	if values == "" {
		return typ
	}
	return typ + "; " + values
}

// home is the formation f as the new battle names it (ids): for one of
// the old battle, its match's name, else its own.
func (x *ids) home(f *oob.Formation) string {
	if f == nil {
		return ""
	}
	if n, ok := x.formations[f]; ok {
		return n
	}
	if f.Parent == nil {
		return "army"
	}
	return f.Designation()
}
