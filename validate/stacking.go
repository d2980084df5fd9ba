package validate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// stacking checks every set-up group against the stacking limits.
func (p *pass) stacking(*battle.Scenario) {
	for _, v := range p.stacks() {
		p.stack(v)
	}
}

// stackVerdict is one stacking limit judged on one set-up stack: why it
// fails ("" when it holds), or the units whose unknown strength kept it
// from being judged.
type stackVerdict struct {
	g       *group
	limit   int // in figures.stacking.limits
	why     string
	skipped []*oob.Unit
}

// judgeStacks judges every limit on every set-up stack it applies to, and
// keeps those that fail or could not be judged: FactStacks. A group
// placement is spread over several hexes as the player likes, so it is not
// judged as one stack.
func (p *pass) judgeStacks() []stackVerdict {
	var out []stackVerdict
	lims := p.f.Stacking.Limits
	for _, g := range p.setup().groups {
		if g.within > 0 {
			continue
		}
		t := p.b.Map.TerrainName(g.hex) // once for all the limits
		for i := range lims {
			lim := &lims[i] // a Limit is large: not copied for each stack
			if lim.When.Moved || !p.applies(&lim.When, g, t) {
				continue
			}
			if why, skipped := p.verdict(lim, g); why != "" || len(skipped) > 0 {
				out = append(out, stackVerdict{g: g, limit: i, why: why, skipped: skipped})
			}
		}
	}
	return out
}

// applies reports whether a limit's conditions hold for a group whose hex
// has terrain t.
func (p *pass) applies(w *rulesets.When, g *group, t string) bool {
	if w.Moved {
		return false // every group checked is a set-up stack, before any movement
	}
	if w.Reserve != nil && *w.Reserve != g.reserve {
		return false
	}
	if len(w.Orders) > 0 {
		o := g.orders()
		if o == "" {
			o = "none"
		}
		if !has(w.Orders, o) {
			return false
		}
	}
	switch named := p.namedHex(w.Hexes, g.hex); {
	case named:
	case len(w.Hexes) > 0 && len(w.Terrain) == 0:
		return false
	case len(w.Terrain) > 0 && !has(w.Terrain, t):
		return false
	}
	if len(w.TerrainNot) > 0 && has(w.TerrainNot, t) {
		return false
	}
	present := func(classes []string) bool {
		for i := range g.pieces {
			if has(classes, g.pieces[i].class) {
				return true
			}
		}
		return false
	}
	if len(w.With) > 0 && !present(w.With) {
		return false
	}
	if len(w.Without) > 0 && present(w.Without) {
		return false
	}
	return true
}

// namedHex reports whether c is one of the hexes the labels name (a label
// the map does not have names none).
func (p *pass) namedHex(labels []string, c maps.Coord) bool {
	for _, l := range labels {
		if h, _, err := p.b.Map.Grid.Parse(l); err == nil && h == c {
			return true
		}
	}
	return false
}

// brigadeOf returns the formation at level that holds u, or u's own
// formation when none does.
func brigadeOf(u *oob.Unit, level string) *oob.Formation {
	if f := u.Formation.AtLevel(level); f != nil {
		return f
	}
	return u.Formation
}

// verdict of one limit on one group: "" when it passes, else why not.
// skipped lists units whose unknown strength kept the limit from being
// judged.
func (p *pass) verdict(lim *rulesets.Limit, g *group) (why string, skipped []*oob.Unit) {
	// sel reuses one buffer: a nested verdict (AnyOf) overwrites it, and
	// this call does not read it after making one.
	sel := p.sel[:0]
	for i := range g.pieces {
		if pc := &g.pieces[i]; (len(lim.Select) == 0 || has(lim.Select, pc.class)) && (len(lim.SelectOrders) == 0 || has(lim.SelectOrders, pc.orders)) {
			sel = append(sel, *pc)
		}
	}
	p.sel = sel
	if lim.MaxWorks != nil && g.works > *lim.MaxWorks {
		// works are counted whatever units the hex holds
		return fmt.Sprintf("%d breastworks (at most %d)", g.works, *lim.MaxWorks), nil
	}
	if len(sel) == 0 {
		return "", nil
	}
	if len(lim.AnyOf) > 0 {
		var whys []string
		for _, alt := range lim.AnyOf {
			alt.Select = append([]string(nil), lim.Select...)
			w, sk := p.verdict(&alt, g)
			if len(sk) > 0 {
				return "", sk
			}
			if w == "" {
				return "", nil
			}
			whys = append(whys, w)
		}
		return strings.Join(whys, " and "), nil
	}
	if lim.SingleOK && len(sel) == 1 {
		return "", nil
	}
	var problems []string
	if lim.Alone && len(g.pieces) > 1 {
		problems = append(problems, fmt.Sprintf("%s shares the hex with %d other units", sel[0].unit.QualifiedName(), len(g.pieces)-1))
	}
	if lim.MaxSP != nil {
		sum := 0.0
		for i := range sel {
			if !sel[i].known {
				skipped = append(skipped, sel[i].unit)
			}
			sum += sel[i].sp
		}
		if len(skipped) > 0 {
			return "", skipped
		}
		if sum > *lim.MaxSP {
			problems = append(problems, fmt.Sprintf("%g SP (at most %g)", sum, *lim.MaxSP))
		}
	}
	if lim.MaxUnits != nil {
		n := 0.0
		for i := range sel {
			w, ok := p.f.Stacking.Weight[sel[i].class]
			if !ok {
				w = 1
			}
			n += w
		}
		if n > *lim.MaxUnits {
			problems = append(problems, fmt.Sprintf("%g units (at most %g)", n, *lim.MaxUnits))
		}
	}
	if lim.MaxClasses != nil {
		var cs []string // a stack holds a few units: a slice beats a map
		for _, pc := range sel {
			if !has(cs, pc.class) {
				cs = append(cs, pc.class)
			}
		}
		if len(cs) > *lim.MaxClasses {
			sort.Strings(cs)
			problems = append(problems, fmt.Sprintf("%d kinds of unit (%s)", len(cs), strings.Join(cs, ", ")))
		}
	}
	if lim.MaxGroups != nil {
		var fs []*oob.Formation
		for _, pc := range sel {
			f := brigadeOf(pc.unit, lim.GroupBy)
			if f.Level != lim.GroupBy && has(lim.JoinsAny, pc.class) {
				continue // not part of any formation of that level
			}
			if !slices.Contains(fs, f) {
				fs = append(fs, f)
			}
		}
		if len(fs) > *lim.MaxGroups { // formations are told apart by their labels
			labels := map[string]bool{}
			for _, f := range fs {
				labels[f.Label()] = true
			}
			if len(labels) > *lim.MaxGroups {
				problems = append(problems, fmt.Sprintf("units of %d %ss (%s)", len(labels), lim.GroupBy, strings.Join(sortedSet(labels), ", ")))
			}
		}
	}
	if len(lim.OrdersApart) > 0 {
		if why := ordersApart(lim.OrdersApart, sel, g.pieces); why != "" {
			problems = append(problems, why)
		}
	}
	if lim.SameFace {
		for _, pc := range sel[1:] {
			if pc.face != sel[0].face {
				problems = append(problems, fmt.Sprintf("%s on %s with %s on %s", sel[0].unit.QualifiedName(), faceName(sel[0].face), pc.unit.QualifiedName(), faceName(pc.face)))
				break
			}
		}
	}
	if lim.SameFacing {
		var first *piece
		for i := range sel {
			pc := &sel[i]
			if pc.facing == "" {
				continue
			}
			if first == nil {
				first = pc
			} else if pc.facing != first.facing {
				problems = append(problems, fmt.Sprintf("%s faces %s, %s faces %s", first.unit.QualifiedName(), first.facing, pc.unit.QualifiedName(), pc.facing))
				break
			}
		}
	}
	if len(lim.OnlyWith) > 0 {
		var others []string
		for _, pc := range g.pieces {
			if !has(lim.OnlyWith, pc.class) {
				others = append(others, pc.unit.QualifiedName())
			}
		}
		if len(others) > 0 {
			problems = append(problems, "with "+strings.Join(others, ", "))
		}
	}
	if len(problems) == 0 {
		return "", nil
	}
	return strings.Join(problems, ", "), nil
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// stack flags a limit a set-up stack fails.
func (p *pass) stack(v stackVerdict) {
	if v.why == "" {
		return
	}
	g, what := v.g, "stack"
	lim := p.f.Stacking.Limits[v.limit]
	p.flagged(lim.Check, *g.pos(), "%s %s in %s: %s: %s", g.side, what, g.label(), lim.Title, v.why).
		About(diag.Subjects{Hexes: []string{g.label()}, Values: []string{g.side, what}})
}

// faceName names a face for a message: the front face has none.
func faceName(f string) string {
	if f == "" {
		return "its front"
	}
	return "its " + f + " face"
}

// ordersApart says why a stack breaks a limit whose selected units under
// orders may not share their hex with units under other orders: "" when it
// does not. A unit whose orders the set-up leaves open could take any.
func ordersApart(orders []string, sel, all []piece) string {
	for _, pc := range sel {
		if !has(orders, pc.orders) {
			continue
		}
		for _, o := range all {
			if o.orders != "" && o.orders != pc.orders {
				return fmt.Sprintf("%s under %s orders with %s under %s orders", pc.unit.QualifiedName(), pc.orders, o.unit.QualifiedName(), o.orders)
			}
		}
	}
	return ""
}
