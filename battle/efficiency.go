package battle

import (
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/schema"
)

// efficiency reads a scenario's efficiency markers: per side a pool
// (value -> count) and fixed efficiencies (turn -> formation -> value). The
// values' bounds are the rule pack's to check; this resolves the turns and
// formations, sorting the pool by value and the fixed entries by turn as
// written.
func (ld *loader) efficiency(d *schema.Doc, s *Scenario) {
	ld.perSide(d, schema.Get(d.Root, "efficiency"), func(side string, n *schema.Node) {
		e := Efficiency{Side: side, Pos: d.Pos(n)}
		if pool := schema.Get(n, "pool"); pool != nil {
			e.Pos, e.HasPool = d.Pos(pool), true
		}
		keys, vals := schema.Pairs(schema.Get(n, "pool"))
		for i, k := range keys {
			v, err := strconv.Atoi(k.Value)
			if err != nil {
				continue // the schema refuses it
			}
			c, _ := schema.Int(vals[i])
			e.Pool = append(e.Pool, Marker{Value: v, Count: int(c), Pos: d.Pos(k)})
		}
		sort.SliceStable(e.Pool, func(i, j int) bool { return e.Pool[i].Value < e.Pool[j].Value })
		tkeys, tvals := schema.Pairs(schema.Get(n, "fixed"))
		for i, tk := range tkeys {
			t, ok := ld.time(d, tk)
			if !ok {
				continue
			}
			fkeys, fvals := schema.Pairs(tvals[i])
			for j, fk := range fkeys {
				f := ld.attachment(d, side, fk)
				if f == nil {
					continue
				}
				v, _ := schema.Int(fvals[j])
				e.Fixed = append(e.Fixed, Fixed{Turn: t, Formation: f, Value: int(v), Pos: d.Pos(fvals[j])})
			}
		}
		s.Efficiency = append(s.Efficiency, e)
	})
}

// cups reads the chits a scenario adds to its ruleset's draw cups; the
// rule pack checks the cup ids.
func (ld *loader) cups(d *schema.Doc, s *Scenario) {
	keys, vals := schema.Pairs(schema.Get(d.Root, "cups"))
	for i, k := range keys {
		names, counts := schema.Pairs(vals[i])
		for j, n := range names {
			c, _ := schema.Int(counts[j])
			s.Cups = append(s.Cups, CupChits{Cup: k.Value, Name: n.Value, Count: int(c), CupPos: d.Pos(k), Pos: d.Pos(n)})
		}
	}
}

// commandLinks checks the names a battle's command links give (battle.yaml
// rules: figures: command: links: a battle book's own chain of command):
// each formation and leader must be the side's, reported at its place.
func (ld *loader) commandLinks() {
	if ld.bd == nil {
		return
	}
	command := schema.Get(schema.Get(schema.Get(ld.bd.Root, "rules"), "figures"), "command")
	for _, a := range schema.Items(schema.Get(command, "also_within")) {
		side := schema.Str(schema.Get(a, "side"))
		ix := ld.b.index[side]
		if ix == nil {
			continue
		}
		if n := schema.Get(a, "leader"); n != nil {
			found := false
			for _, r := range ix.Resolve(schema.Str(n)) {
				found = found || r.Leader != nil
			}
			if !found {
				ld.diags.Addf(CodeUnknownName, ld.bd.Pos(n), "no leader %q on side %s for also_within", schema.Str(n), side)
			}
		}
		for _, n := range schema.Items(schema.Get(a, "formations")) {
			if ix.Formation(schema.Str(n)) == nil {
				ld.diags.Addf(CodeUnknownName, ld.bd.Pos(n), "no formation %q on side %s for also_within", schema.Str(n), side)
			}
		}
		for _, k := range []string{"from", "to"} {
			if n := schema.Get(a, k); n != nil {
				ld.time(ld.bd, n)
			}
		}
	}
	for _, side := range ld.b.Sides {
		ix := ld.b.index[side.ID]
		if side.Army == nil || ix == nil {
			continue
		}
		for _, l := range side.Army.AllLeaders() {
			if l.With == "" {
				continue
			}
			found := false
			for _, r := range ix.Resolve(l.With) {
				found = found || r.Leader != nil && r.Leader != l
			}
			if !found {
				dg := ld.diags.Addf(CodeUnknownName, l.WithPos, "no leader %q on side %s for %s to be placed with", l.With, side.ID, l.QualifiedName())
				if m := schema.Nearest(l.With, ix.Names()); m != "" {
					dg.Offer(l.With, m)
				}
			}
		}
	}
	works := schema.Get(schema.Get(schema.Get(ld.bd.Root, "rules"), "figures"), "breastworks")
	for _, w := range schema.Items(schema.Get(works, "windows")) {
		if n := schema.Get(w, "side"); n != nil && ld.b.Side(schema.Str(n)) == nil {
			ld.unknownSide(ld.bd.Pos(n), schema.Str(n))
		}
		for _, k := range []string{"from", "until"} {
			if n := schema.Get(w, k); n != nil {
				ld.time(ld.bd, n)
			}
		}
	}
	links := schema.Get(command, "links")
	for _, lk := range schema.Items(links) {
		side := schema.Str(schema.Get(lk, "side"))
		ix := ld.b.index[side]
		if ix == nil {
			continue // an unknown side: the names cannot be looked up
		}
		for _, key := range []string{"leaders", "free"} {
			for _, n := range schema.Items(schema.Get(lk, key)) {
				name := schema.Str(n)
				var found []string
				for _, r := range ix.Resolve(name) {
					if r.Leader != nil {
						found = append(found, r.Leader.QualifiedName())
					}
				}
				if len(found) > 1 {
					sort.Strings(found)
					dg := ld.diags.Addf(CodeAmbiguous, ld.bd.Pos(n), "%q could be %s: the command link needs one leader", name, strings.Join(found, " or "))
					dg.Hint = "qualify it with its formation, e.g. \"" + found[0] + "\""
				}
				if len(found) == 0 {
					dg := ld.diags.Addf(CodeUnknownName, ld.bd.Pos(n), "no leader %q on side %s for the command link", name, side)
					if m := schema.Nearest(name, ix.Names()); m != "" {
						dg.Offer(name, m)
					}
				}
			}
		}
		for _, n := range schema.Items(schema.Get(lk, "formations")) {
			if ix.Formation(schema.Str(n)) == nil {
				dg := ld.diags.Addf(CodeUnknownName, ld.bd.Pos(n), "no formation %q on side %s for the command link", schema.Str(n), side)
				if m := schema.Nearest(schema.Str(n), ix.Names()); m != "" {
					dg.Offer(schema.Str(n), m)
				}
			}
		}
	}
}

// events reads a scenario's Event card allotments (AMFS D-2): per side
// one allotment {key, random}, or a list of them each but the first
// `from` a time on.
func (ld *loader) events(d *schema.Doc, s *Scenario) {
	ld.perSide(d, schema.Get(d.Root, "events"), func(side string, v *schema.Node) {
		items := []*schema.Node{v}
		if !schema.IsMap(v) {
			items = schema.Items(v)
		}
		for _, n := range items {
			a := EventAllotment{Side: side, Note: schema.Str(schema.Get(n, "note")), Pos: d.Pos(n)}
			k, _ := schema.Int(schema.Get(n, "key"))
			r, _ := schema.Int(schema.Get(n, "random"))
			a.Key, a.Random = int(k), int(r)
			if fn := schema.Get(n, "from"); fn != nil {
				if t, ok := ld.time(d, fn); ok {
					a.From, a.HasFrom = t, true
				}
			} else {
				a.From = s.First
			}
			s.Events = append(s.Events, a)
		}
	})
}
