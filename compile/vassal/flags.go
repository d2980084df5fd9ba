package vassal

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// Rule flags in play (docs/vassal.md, "Rule flags"): they show, they never
// block. VASSAL 3.7 computes on positions (SumLocation, CountLocation,
// CountRange), outlines a piece while a property holds (Border Outline)
// and shades a circle whose radius is a property (Area of Effect). The
// figures are the ruleset's (figures.stacking, figures.command), written
// into the module's expressions when it is built: nothing here holds a
// figure of its own.
//
//   - every unit carries the prototype flagsProto: its class for stacking
//     (StackClass: face_class's faces count as their class), what it counts
//     (StackSP, StackWeight: sp_as and weight), OverStacked, true while its
//     hex breaks a stacking limit VASSAL can count, and OutOfCommand, true
//     while no leader it answers to stands within his radius in hexes;
//     each outlined while true.
//   - a leader with a command range carries radiusProto: CommandRadius, his
//     range in hexes on the turn the turn track shows (halved, rounding up,
//     in the lights figures.command.halve names; less night_minus at
//     night), and an Area of Effect of that radius on radiusKey.
//   - the toolbar has one switch per flag: a numeric global property, 1 on,
//     0 off, that a button steps round (flagStacking, flagCommand).

// The flags' global properties and the prototypes that read them.
const (
	flagStacking = "FlagStacking"
	flagCommand  = "FlagCommand"
	flagsProto   = "Rule flags"
	radiusProto  = "Command radius"
	// radiusKey shows and hides a leader's command radius; TestFlagKeysFree
	// holds it apart from every key an embedded ruleset gives.
	radiusKey = "ctrl shift R"
	// the Main Map is the only map a flag is measured on
	stackColour   = "255,0,0"
	commandColour = "255,140,0"
)

// terrainProp names the global property that lists the hexes of terrain t:
// "|C3215|C3216|", every label a hex has.
func terrainProp(t string) string { return "Terrain_" + fileSafe(t) }

// flagProperties are the module's global properties the flags read: the two
// switches, each with its toolbar button, and the terrain lists of the
// terrain the stacking limits name; after those of gp, when there is one
// (VASSAL allows one GlobalProperties in a module).
func (m *vmod) flagProperties(gp *xnode) *xnode {
	if gp == nil {
		gp = el("module.properties.GlobalProperties")
	}
	sw := func(name, text, tip, key string) {
		hk, _ := keyStroke(key)
		p := el("module.properties.GlobalProperty", "name", name, "initialValue", "1", "description", tip,
			"isNumeric", "true", "min", "0", "max", "1", "wrap", "true")
		p.add(el("module.properties.ChangePropertyButton", "description", text, "text", text, "tooltip", tip+" (on or off)",
			"icon", "", "hotkey", hk, "reportFormat", text+": $newValue$ (1 shown, 0 hidden)", "propChanger", "I,1"))
		gp.add(p)
	}
	sw(flagStacking, "Stacking flags", "Outline stacks over a stacking limit", "ctrl shift S")
	if m.commandFlags() {
		sw(flagCommand, "Command flags", "Outline units beyond their leader's command radius", "ctrl shift M")
	}
	for _, t := range m.limitTerrain() {
		gp.add(el("module.properties.GlobalProperty", "name", terrainProp(t), "initialValue", m.terrainHexes(t),
			"description", "the hexes of "+t+" (the stacking flags read it)", "isNumeric", "false", "min", "", "max", "", "wrap", "false"))
	}
	return gp
}

// limitTerrain lists the terrain the shown stacking limits name.
func (m *vmod) limitTerrain() []string {
	seen := map[string]bool{}
	for _, l := range m.shownLimits() {
		for _, t := range append(slices.Clone(l.When.Terrain), l.When.TerrainNot...) {
			seen[t] = true
		}
	}
	return slices.Sorted(func(yield func(string) bool) {
		for t := range seen {
			if !yield(t) {
				return
			}
		}
	})
}

// terrainHexes lists every label of every hex of terrain t, as "|A|B|".
func (m *vmod) terrainHexes(t string) string {
	var ls []string
	m.b.Map.Hexes(func(c maps.Coord) {
		if m.b.Map.TerrainName(c) == t {
			ls = append(ls, m.b.Map.Grid.Labels(c)...)
		}
	})
	sort.Strings(ls)
	return "|" + strings.Join(ls, "|") + "|"
}

// shownLimits are the stacking limits a flag can count in VASSAL: limits of
// strength points and units (by weight), alone or as alternatives, over
// the classes they select, by terrain, named hexes, classes present,
// reserve status and the orders a set-up leaves open. A limit on
// formations, kinds of unit, faces, facings, orders, moved stacks or works
// is left to muster validate (StackingHelp names them).
func (m *vmod) shownLimits() []rulesets.Limit {
	var out []rulesets.Limit
	for _, l := range m.b.Rules.Figures.Stacking.Limits {
		if countable(l) {
			out = append(out, l)
		}
	}
	return out
}

// countable reports whether a limit is one SumLocation and CountLocation
// can judge.
func countable(l rulesets.Limit) bool {
	w := l.When
	if w.Moved || len(w.Orders) > 0 && !slices.Contains(w.Orders, "none") {
		return false
	}
	if l.Alone || l.MaxClasses != nil || l.MaxGroups != nil || len(l.OnlyWith) > 0 || l.SameFace || l.SameFacing ||
		len(l.OrdersApart) > 0 || len(l.SelectOrders) > 0 || l.MaxWorks != nil {
		return false
	}
	if len(l.AnyOf) > 0 {
		for _, a := range l.AnyOf {
			if !countable(a) || a.MaxSP == nil && a.MaxUnits == nil {
				return false
			}
		}
		return true
	}
	return l.MaxSP != nil || l.MaxUnits != nil
}

// limitCodes are the codes of the limits shown and of those left out.
func (m *vmod) limitCodes() (shown, left []string) {
	for _, l := range m.b.Rules.Figures.Stacking.Limits {
		if countable(l) {
			shown = append(shown, l.Code)
		} else {
			left = append(left, l.Code)
		}
	}
	return shown, left
}

// calcProp is a Calculated Property: its value is expr, evaluated whenever
// it is read.
func calcProp(name, expr, desc string) trait {
	// VASSAL keeps a whole number as the number alone (an IntExpression:
	// "{1}" reads back as "1"); written so, the piece a saved game holds is
	// the module's as written.
	if n := strings.TrimSuffix(strings.TrimPrefix(expr, "{"), "}"); n != expr && isInt(n) {
		expr = n
	}
	return trait{"calcProp;" + seq.New(';').Append(name).Append(expr).Append(desc).Value(), ""}
}

// borderOutline outlines the piece in colour while property is true.
func borderOutline(property, desc, colour string, thickness int) trait {
	se := seq.New(';').Append(property).Append(desc).Int(thickness).Append(colour).Append("").Append("AND")
	return trait{"border;" + se.Value(), ""}
}

// bshQuote writes s as a BeanShell string literal.
func bshQuote(s string) string { return `"` + bshString(s) + `"` }

// inner writes expression e as a string literal inside another expression:
// the filter a Sum or Count function is given ("{...}").
func inner(e string) string { return bshQuote("{" + e + "}") }

// classIn is an expression: StackClass is one of cs (true when cs is empty).
func classIn(cs []string) string {
	if len(cs) == 0 {
		return "true"
	}
	var or []string
	for _, c := range cs {
		or = append(or, "StackClass=="+bshQuote(c))
	}
	return "(" + strings.Join(or, "||") + ")"
}

// friendly is the filter of a hex's friendly units: units of the piece's
// side ($Side$ is the piece's own, put in before the expression runs).
const friendly = `Kind=="unit"&&Side=="$Side$"`

// limitBroken is an expression: the piece's hex breaks limit l.
func (m *vmod) limitBroken(l rulesets.Limit, sel []string) string {
	if len(l.Select) > 0 {
		sel = l.Select
	}
	filter := inner(friendly + "&&" + classIn(sel))
	var conds []string
	conds = append(conds, m.applies(l.When)...)
	if len(l.AnyOf) > 0 {
		var all []string
		for _, a := range l.AnyOf {
			all = append(all, m.limitBroken(a, sel))
		}
		return "(" + strings.Join(append(conds, all...), "&&") + ")"
	}
	if l.SingleOK {
		conds = append(conds, "CountLocation("+filter+")>1")
	}
	var over []string
	if l.MaxSP != nil {
		over = append(over, "SumLocation(\"StackSP\","+filter+")>"+num(*l.MaxSP))
	}
	if l.MaxUnits != nil {
		over = append(over, "SumLocation(\"StackWeight\","+filter+")>"+num(*l.MaxUnits))
	}
	conds = append(conds, "("+strings.Join(over, "||")+")")
	return "(" + strings.Join(conds, "&&") + ")"
}

// applies are the expressions of a limit's conditions on the hex.
func (m *vmod) applies(w rulesets.When) []string {
	var out []string
	here := `GetString("LocationName")`
	in := func(list string) string { return list + ".contains(\"|\"+" + here + "+\"|\")" }
	terrain := func(ts []string) string {
		var or []string
		for _, t := range ts {
			or = append(or, in(`GetString("`+terrainProp(t)+`")`))
		}
		return "(" + strings.Join(or, "||") + ")"
	}
	var named []string
	for _, h := range w.Hexes {
		if c, _, err := m.b.Map.Grid.Parse(h); err == nil {
			named = append(named, m.b.Map.Grid.Labels(c)...)
		}
	}
	switch {
	case len(named) > 0 && len(w.Terrain) > 0:
		out = append(out, "("+in(bshQuote("|"+strings.Join(named, "|")+"|"))+"||"+terrain(w.Terrain)+")")
	case len(w.Hexes) > 0 && len(w.Terrain) == 0:
		if len(named) == 0 {
			out = append(out, "false")
		} else {
			out = append(out, in(bshQuote("|"+strings.Join(named, "|")+"|")))
		}
	case len(w.Terrain) > 0:
		out = append(out, terrain(w.Terrain))
	}
	if len(w.TerrainNot) > 0 {
		out = append(out, "!"+terrain(w.TerrainNot))
	}
	if len(w.With) > 0 {
		out = append(out, "CountLocation("+inner(friendly+"&&"+classIn(w.With))+")>0")
	}
	if len(w.Without) > 0 {
		out = append(out, "CountLocation("+inner(friendly+"&&"+classIn(w.Without))+")==0")
	}
	if w.Reserve != nil {
		id := m.b.Rules.Play.Reserve
		n := "CountLocation(" + inner(`Side=="$Side$"&&GetString("`+id+`_Level")=="2"`) + ")"
		if *w.Reserve {
			out = append(out, n+">0")
		} else {
			out = append(out, n+"==0")
		}
	}
	return out
}

// num writes a figure as BeanShell reads it: whole numbers as integers.
func num(f float64) string {
	if f == math.Trunc(f) {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// flagsTraits are the traits of flagsProto, every unit's.
func (m *vmod) flagsTraits() []trait {
	st := m.b.Rules.Figures.Stacking
	// StackClass: the class a face counts as (face_class), by the state
	// layer that shows that face
	class := "Class"
	for _, f := range slices.Sorted(mapKeys(st.FaceClass)) {
		for _, s := range m.play.states {
			if s.Face == f && s.Facings == 0 {
				class = `(GetString("` + s.ID + `_Level")=="2"?` + bshQuote(st.FaceClass[f]) + ":" + class + ")"
			}
		}
	}
	sp := `GetString("` + m.play.strength + `")`
	for _, c := range slices.Sorted(mapKeys(st.SPAs)) {
		sp = "(StackClass==" + bshQuote(c) + "?" + num(st.SPAs[c]) + ":" + sp + ")"
	}
	weight := "1"
	for _, c := range slices.Sorted(mapKeys(st.Weight)) {
		weight = "(StackClass==" + bshQuote(c) + "?" + num(st.Weight[c]) + ":" + weight + ")"
	}
	var broken []string
	for _, l := range m.shownLimits() {
		broken = append(broken, m.limitBroken(l, nil))
	}
	over := "false"
	if len(broken) > 0 {
		over = flagStacking + `==1&&GetString("CurrentMap")==` + bshQuote(mainMapName) + "&&(" + strings.Join(broken, "||") + ")"
	}
	ts := []trait{
		calcProp("StackClass", "{"+class+"}", "the class this unit counts as for stacking"),
		calcProp("StackSP", "{"+sp+"}", "the strength points this unit counts for stacking"),
		calcProp("StackWeight", "{"+weight+"}", "how many units this unit counts as for stacking"),
		calcProp("OverStacked", "{"+over+"}", "its hex breaks a stacking limit (the ruleset's figures)"),
		borderOutline("OverStacked", "outline: over-stacked", stackColour, 3),
	}
	if m.commandFlags() {
		leader := inner(`Leads=="$CmdLeader$"`)
		out := flagCommand + `==1&&GetString("CmdLeader")!=""&&GetString("CurrentMap")==` + bshQuote(mainMapName) +
			"&&CountMap(" + leader + ")>0&&CountRange(0," + m.radiusExpr() + "," + leader + ")==0"
		ts = append(ts,
			calcProp("OutOfCommand", "{"+out+"}", "no leader it answers to stands within his command radius, in hexes"),
			borderOutline("OutOfCommand", "outline: beyond its leader's radius", commandColour, 2))
	}
	return ts
}

// mapKeys lists a map's keys.
func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// commandFlags reports whether the system has command ranges VASSAL can
// show: a rating or fixed ranges.
func (m *vmod) commandFlags() bool {
	c := m.b.Rules.Figures.Command
	return !c.None && (c.Rating != "" || len(c.Fixed) > 0)
}

// radiusExpr is an expression: the command radius on the turn the track
// shows, from CmdBase, the range in full light. The Time property is the
// turn track's Time level, whose items name the light (slotTexts).
func (m *vmod) radiusExpr() string {
	c := m.b.Rules.Figures.Command
	times := m.slotTexts()
	var halve, night []string
	for i, s := range m.b.Slots {
		t := "Time==" + bshQuote(times[i])
		if slices.Contains(c.Halve, s.Light) {
			halve = append(halve, t)
		}
		if m.b.Rules.Night(s.Light) && c.NightMinus > 0 {
			night = append(night, t)
		}
	}
	r := "CmdBase"
	if len(halve) > 0 {
		r = "((" + strings.Join(halve, "||") + ")?(CmdBase+1)/2:" + r + ")"
	}
	if len(night) > 0 {
		n := strconv.Itoa(c.NightMinus)
		r = "((" + strings.Join(night, "||") + ")?(" + r + ">" + n + "?" + r + "-" + n + ":0):" + r + ")"
	}
	if c.AdjacentOK {
		r = "(" + r + ">1?" + r + ":1)"
	}
	return r
}

// baseRange is a leader's command range in full light, and whether he has
// one: his rating, or his level's fixed range (cavalry's where his
// formation's combat units are all mounted).
func (m *vmod) baseRange(l *oob.Leader) (int, bool) {
	c := m.b.Rules.Figures.Command
	if c.None {
		return 0, false
	}
	if c.Rating != "" {
		v, ok := l.Ratings.Get(c.Rating).Int()
		return v, ok
	}
	v, ok := c.Fixed[l.Formation.Level]
	if ok && c.Cavalry > 0 && m.b.MountedOnly(l.Formation) {
		v = c.Cavalry
	}
	return v, ok
}

// leaderID is the value of a leader's Leads marker and of CmdLeader on the
// units he commands.
func leaderID(l *oob.Leader) string { return "L" + strconv.Itoa(l.Index) }

// commanderOf is the leader a unit answers to (its formation's, or the
// nearest above), nil when none or its class needs none.
func (m *vmod) commanderOf(u *oob.Unit) *oob.Leader {
	c := m.b.Rules.Figures.Command
	if slices.Contains(c.Exempt, m.b.Rules.Class(u.Type)) {
		return nil
	}
	for f := u.Formation; f != nil; f = f.Parent {
		if f.Leader != nil {
			if _, ok := m.baseRange(f.Leader); ok {
				return f.Leader
			}
			return nil
		}
		if f.LedBy != nil {
			if _, ok := m.baseRange(f.LedBy); ok {
				return f.LedBy
			}
			return nil
		}
	}
	return nil
}

// unitFlags are a unit's own markers the flags read: its commander and
// his range (the unit's type and side prototypes are followed by
// flagsProto).
func (m *vmod) unitFlags(u *oob.Unit) []trait {
	if !m.commandFlags() {
		return nil
	}
	l := m.commanderOf(u)
	if l == nil {
		return nil
	}
	r, _ := m.baseRange(l)
	if m.shownRange(l) != strconv.Itoa(r) {
		// his range follows his face: the unit reads it off his piece
		// on the map (SumMap of his CmdBase; there is one of him)
		e := `{SumMap("CmdBase",` + inner(`Leads=="`+leaderID(l)+`"`) + ")}"
		return []trait{marker("CmdLeader", leaderID(l)), calcProp("CmdBase", e, "his leader's command range in full light, as his face shows it")}
	}
	return []trait{marker("CmdLeader", leaderID(l)), marker("CmdBase", strconv.Itoa(r))}
}

// leaderRadius is radiusProto for a leader with a command range, after
// his leader and side prototypes.
func (m *vmod) leaderRadius(l *oob.Leader) []trait {
	if _, ok := m.baseRange(l); !ok || !m.commandFlags() {
		return nil
	}
	return []trait{usePrototype(radiusProto)}
}

// leaderFlags are a leader's Leads marker and, with a command range, its
// base.
func (m *vmod) leaderFlags(l *oob.Leader) []trait {
	if !m.commandFlags() {
		return nil
	}
	ts := []trait{marker("Leads", leaderID(l))}
	r, ok := m.baseRange(l)
	if !ok {
		return ts
	}
	if e := m.shownRange(l); e != strconv.Itoa(r) {
		return append(ts, calcProp("CmdBase", e, "his command range in full light (follows his face)"))
	}
	return append(ts, marker("CmdBase", strconv.Itoa(r)))
}

// shownRange is leader l's command range in full light as his piece shows
// it: the number where every face shows the same, else an expression
// choosing by his face and counter layers, since his replacement face and
// further counters have ratings of their own (a face without the rating
// has range 0).
func (m *vmod) shownRange(l *oob.Leader) string {
	r, _ := m.baseRange(l)
	if m.b.Rules.Figures.Command.Rating == "" {
		return strconv.Itoa(r)
	}
	return followText(leadersShown(l), func(x *oob.Leader) string {
		v, _ := m.baseRange(x)
		return strconv.Itoa(v)
	})
}

// radiusTraits are radiusProto's: CommandRadius and its Area of Effect.
func (m *vmod) radiusTraits() []trait {
	key, _ := keyStroke(radiusKey)
	se := seq.New(';').Append("255,200,0").Int(25).Int(1).Bool(false) // colour, transparency %, radius, always active
	se.Append("Command radius").Append(key).Append("")                // menu, key, map shader
	se.Bool(false).Append("CommandRadius")                            // radius from a property
	se.Append("command radius (hexes)").Append("CommandRadius")       // description, name
	se.Append("").Append("").Append("").Append("").Bool(true)         // on/off commands and keys, seen by all
	return []trait{
		calcProp("CommandRadius", "{"+m.radiusExpr()+"}", "his command range in hexes on the turn the track shows"),
		{"AreaOfEffect;" + se.Value(), "false"},
	}
}

// flagPrototypes defines flagsProto and radiusProto.
func (m *vmod) flagPrototypes(def func(name, desc string, traits []trait)) {
	def(flagsProto, "rule flags: stacking and command, outlined", m.flagsTraits())
	if m.commandFlags() {
		def(radiusProto, "a leader's command radius, on "+radiusKey, m.radiusTraits())
	}
}

// flagsHelp is the help page's section on the flags.
func (m *vmod) flagsHelp() []string {
	shown, left := m.limitCodes()
	out := []string{"<h2>Rule flags</h2>",
		"<p>Flags show what the rules say; they never stop a move. Each has a toolbar switch.</p><ul>"}
	s := "<li><b>Stacking flags</b> (ctrl shift S): a red outline on every unit of a stack over a stacking limit"
	if len(shown) > 0 {
		s += " (" + strings.Join(shown, ", ") + ")"
	}
	s += ", counted as muster validate counts: strength points, units, guns, by terrain."
	if len(left) > 0 {
		s += " Not shown in play (muster validate checks them at set-up): " + strings.Join(left, ", ") + "."
	}
	out = append(out, s+"</li>")
	if m.commandFlags() {
		c := m.b.Rules.Figures.Command
		s := "<li><b>Command radius</b> (" + radiusKey + " on a leader): a shaded circle of his command range in hexes"
		if len(c.Halve) > 0 {
			s += ", halved (rounding up) on " + strings.Join(c.Halve, ", ") + " turns"
		}
		if c.NightMinus > 0 {
			s += fmt.Sprintf(", %d less at night", c.NightMinus)
		}
		s += " (the turn the turn track shows).</li>"
		s += "<li><b>Command flags</b> (ctrl shift M): an orange outline on a unit no leader it answers to stands within his radius of. VASSAL measures <i>hexes</i>"
		if c.Measure == "leader-mp" {
			s += ", not the leader movement points the rules count (terrain, roads, enemy zones)"
		}
		s += "; chains of units, raises by a commander and other exceptions are not counted: muster validate checks them at set-up.</li>"
		out = append(out, s)
	}
	return append(out, "</ul>")
}

// isInt reports whether s is a whole number as Java's Integer.parseInt
// reads one.
func isInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 32)
	return err == nil && !strings.HasPrefix(s, "+")
}
