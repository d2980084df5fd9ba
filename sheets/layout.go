package sheets

import (
	"encoding/json"
	"fmt"
	"github.com/muster-wargames/muster/render"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/oob"
)

// SheetInput is what an order-of-battle sheet is made from: the sides, the
// rule system's notation, and where each counter starts in a scenario.
// OOBInput fills it in from a resolved battle; the layout below reads only
// the forces model.
type SheetInput struct {
	Title    string // the battle's name
	Subtitle string // the scenario, or "Order of battle"
	Note     string // e.g. what is illustrative
	Sides    []*oob.Side
	// Fields gives each counter value and leader rating its title.
	Fields map[string]string
	// Types describes the unit types: their fields in print order and class.
	Types map[string]UnitTypeInfo
	// Strength names the field totals count as SP (guns for artillery);
	// "" means "strength" or "sp", whichever the fields have.
	Strength string
	// CountersField names the unit value that gives a unit's number of
	// counters (AMFS's asterisks); "" means one counter each.
	CountersField string
	// Levels gives each formation level its leader ratings, in print order.
	Levels map[string][]string
	// Scenario tells the sheet to print where counters start. Units and
	// Leaders then say where; a counter missing from them is not in the
	// scenario.
	Scenario bool
	Units    map[*oob.Unit]Placement
	Leaders  map[*oob.Leader]Placement

	withdrawals bool
}

// UnitTypeInfo is what a sheet needs of a unit type.
type UnitTypeInfo struct {
	Title string
	Class string // infantry, cavalry, artillery, horse-artillery, …
	// Artillery: its strength counts as guns (the class's trait).
	Artillery bool
	Fields    []string
}

// Placement is where a counter starts and whether it leaves.
type Placement struct {
	Where    string // "C3215", "Dec 30 1400 at C1012"
	Withdraw string // "" or "Dec 31 0800 via area East"
}

// Sheet is an order of battle laid out for printing: one list of blocks a
// side, each block a formation's heading with its leaders and units. The
// PDF, HTML and Markdown writers print the same sheet.
type Sheet struct {
	Title, Subtitle, Note string
	Legend                [][2]string // field key as printed, title
	HasScenario           bool
	Withdrawals           bool // some unit withdraws
	Sides                 []*SideSheet
}

// SideSheet is one side's part of a sheet.
type SideSheet struct {
	ID, Name    string
	Color, Text string
	Columns     []string // unit table headers
	Blocks      []*Block
	Totals      Totals
}

// Block is printed whole: never split across pages.
type Block struct {
	Depth   int // 0 for the army
	Heading string
	Level   string
	Leaders []LeaderLine
	Rows    []UnitRow
	// Totals of the block's own units (brigade totals), or, for a
	// TotalsOnly block, of the formation and everything below it.
	Totals     *Totals
	TotalsOnly bool
	Label      string // what the totals are of
}

// LeaderLine is one leader.
type LeaderLine struct {
	Role    string // "commander", "officer", "replacement"
	Name    string
	Ratings string // "profile N, range 4, orders 0"
	Where   string
}

// UnitRow is one unit's line of a table; Cells line up with Columns.
type UnitRow struct {
	Cells     []string
	Withdraws bool
}

// Totals counts strength, guns and counters.
type Totals struct {
	HasSP    bool
	SP, Guns int
	Counters int
}

// MarshalJSON writes the totals' fields and, as Text, the line the sheets
// print (the live page shows it as muster oob does).
func (t Totals) MarshalJSON() ([]byte, error) {
	type fields Totals
	return json.Marshal(struct {
		fields
		Text string
	}{fields(t), t.String()})
}

func (t Totals) String() string {
	var parts []string
	if t.HasSP {
		parts = append(parts, fmt.Sprintf("%d SP", t.SP))
		if t.Guns > 0 {
			parts = append(parts, fmt.Sprintf("%d guns", t.Guns))
		}
	}
	c := "counters"
	if t.Counters == 1 {
		c = "counter"
	}
	parts = append(parts, fmt.Sprintf("%d %s", t.Counters, c))
	return strings.Join(parts, ", ")
}

func (t *Totals) add(o Totals) {
	t.SP += o.SP
	t.Guns += o.Guns
	t.Counters += o.Counters
	t.HasSP = t.HasSP || o.HasSP
}

// header prints a field key as a column header: "ma" → "MA", "weapon" →
// "Weapon".
func header(key string) string {
	if len(key) <= 3 {
		return strings.ToUpper(key)
	}
	k := strings.ReplaceAll(key, "_", " ")
	return strings.ToUpper(k[:1]) + k[1:]
}

// Dash stands for a value the book does not give, or a counter that is not
// in the scenario.
const Dash = "-"

// FormatValue prints a counter value.
func FormatValue(v oob.Value) string {
	switch x := v.V.(type) {
	case nil:
		return Dash
	case bool:
		if x {
			return "yes"
		}
		return "no"
	case int64:
		return fmt.Sprint(x)
	case float64:
		return fmt.Sprint(x)
	case string:
		return x
	}
	return fmt.Sprint(v.V)
}

// strengthField is the field totals count as SP: "strength" or "sp".
func (in *SheetInput) strengthField() string {
	if in.Strength != "" {
		return in.Strength
	}
	for _, f := range []string{"strength", "sp"} {
		if _, ok := in.Fields[f]; ok {
			return f
		}
	}
	return ""
}

func (in *SheetInput) unitTotals(u *oob.Unit) Totals {
	t := Totals{Counters: 1}
	if f := in.CountersField; f != "" {
		if n, ok := u.Values.Get(f).Int(); ok && n > 0 {
			t.Counters = n
		}
	}
	if f := in.strengthField(); f != "" {
		t.HasSP = true
		n, _ := u.Values.Get(f).Int()
		if in.Types[u.Type].Artillery {
			t.Guns = n
		} else {
			t.SP = n
		}
	}
	return t
}

// BuildSheet lays out the order of battle.
func BuildSheet(in *SheetInput) *Sheet {
	sh := &Sheet{Title: in.Title, Subtitle: in.Subtitle, Note: in.Note, HasScenario: in.Scenario}
	used := map[string]bool{}
	for _, side := range in.Sides {
		ss := &SideSheet{ID: side.ID, Name: side.Name}
		ss.Color, ss.Text = render.SideColors(side.Color, side.Text)
		sh.Sides = append(sh.Sides, ss)
		if side.Army == nil {
			continue
		}
		// the side's value columns: every field of its unit types, in the
		// order the types list them
		var fields []string
		seen := map[string]bool{}
		var types []string
		tseen := map[string]bool{}
		for _, u := range side.Army.AllUnits() {
			if !tseen[u.Type] {
				tseen[u.Type] = true
				types = append(types, u.Type)
			}
		}
		has := map[string]bool{}
		for _, u := range side.Army.AllUnits() {
			for _, v := range u.Values {
				if v.Known() {
					has[v.Name] = true
				}
			}
		}
		for _, t := range types {
			for _, f := range in.Types[t].Fields {
				if !seen[f] && has[f] {
					seen[f] = true
					fields = append(fields, f)
				}
			}
		}
		// values a unit has that its type does not list
		var extra []string
		for k := range has {
			if !seen[k] {
				extra = append(extra, k)
			}
		}
		sort.Strings(extra)
		fields = append(fields, extra...)
		for _, f := range fields {
			used[f] = true
		}
		ss.Columns = append([]string{"Unit", "Type"}, mapStrings(fields, header)...)
		ss.Columns = append(ss.Columns, "Other faces")
		if in.Scenario {
			ss.Columns = append(ss.Columns, "Scenario")
		}
		ss.Totals = in.walk(ss, side.Army, 0, fields, used)
	}
	sh.Withdrawals = in.withdrawals
	var keys []string
	for k := range used {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if t, ok := in.Fields[k]; ok {
			sh.Legend = append(sh.Legend, [2]string{header(k), t})
		}
	}
	return sh
}

func mapStrings(xs []string, f func(string) string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func (in *SheetInput) walk(ss *SideSheet, f *oob.Formation, depth int, fields []string, used map[string]bool) Totals {
	b := &Block{Depth: depth, Level: f.Level}
	b.Heading = formationHeading(f)
	addLeader := func(role string, l *oob.Leader) {
		if l == nil {
			return
		}
		ll := LeaderLine{Role: role, Name: l.Name, Ratings: in.ratings(f.Level, l.Ratings, used)}
		if in.Scenario {
			ll.Where = in.Leaders[l].Where
			if w := in.Leaders[l].Withdraw; w != "" {
				ll.Where = strings.TrimPrefix(ll.Where+"; withdraws "+w, "; ")
			}
			if ll.Where == "" {
				ll.Where = "not in scenario"
			}
		}
		b.Leaders = append(b.Leaders, ll)
		if l.Replacement != nil {
			r := l.Replacement
			rl := LeaderLine{Role: "replacement", Name: r.Name, Ratings: in.ratings(f.Level, r.Ratings, used)}
			if in.Scenario {
				rl.Where = in.Leaders[r].Where
			}
			b.Leaders = append(b.Leaders, rl)
		}
	}
	addLeader("commander", f.Leader)
	for _, o := range f.Officers {
		addLeader("officer", o)
	}
	var own Totals
	for _, u := range f.Units {
		row := UnitRow{Cells: []string{u.Name, u.Type}}
		for _, k := range fields {
			if v, ok := u.Values.Lookup(k); ok {
				row.Cells = append(row.Cells, FormatValue(v))
			} else {
				row.Cells = append(row.Cells, "")
			}
		}
		row.Cells = append(row.Cells, faces(u, fields))
		if in.Scenario {
			p, ok := in.Units[u]
			where := p.Where
			if !ok || (where == "" && p.Withdraw == "") {
				where = "not in scenario"
			}
			if p.Withdraw != "" {
				row.Withdraws = true
				in.withdrawals = true
				where = strings.TrimPrefix(where+"; withdraws "+p.Withdraw, "; ")
			}
			row.Cells = append(row.Cells, where)
		}
		b.Rows = append(b.Rows, row)
		own.add(in.unitTotals(u))
	}
	if len(f.Units) > 0 {
		t := own
		b.Totals = &t
		b.Label = formationName(f)
	}
	ss.Blocks = append(ss.Blocks, b)
	all := own
	for _, c := range f.Children {
		all.add(in.walk(ss, c, depth+1, fields, used))
	}
	if len(f.Children) > 0 {
		t := all
		ss.Blocks = append(ss.Blocks, &Block{Depth: depth, Level: f.Level, TotalsOnly: true, Totals: &t, Label: formationName(f)})
	}
	return all
}

func formationName(f *oob.Formation) string {
	n := f.Name
	if n == "" {
		n = f.Level
	}
	if d := f.Designation(); d != "" {
		n += " (" + d + ")"
	}
	return n
}

func formationHeading(f *oob.Formation) string {
	var parts []string
	if d := f.Designation(); d != "" && !namesDesignation(f.Name, d) {
		parts = append(parts, d)
	}
	if f.Name != "" {
		parts = append(parts, f.Name)
	}
	if len(parts) == 0 {
		parts = append(parts, f.Level)
	}
	return strings.Join(parts, " ")
}

func (in *SheetInput) ratings(level string, r oob.Values, used map[string]bool) string {
	var keys []string
	seen := map[string]bool{}
	for _, k := range in.Levels[level] {
		if r.Has(k) {
			keys = append(keys, k)
			seen[k] = true
		}
	}
	var rest []string
	for _, f := range r {
		if !seen[f.Name] {
			rest = append(rest, f.Name)
		}
	}
	sort.Strings(rest)
	keys = append(keys, rest...)
	var parts []string
	for _, k := range keys {
		used[k] = true
		parts = append(parts, header(k)+" "+FormatValue(r.Get(k)))
	}
	return strings.Join(parts, ", ")
}

// faces prints a unit's other faces: "disordered: Cohesion 4, MA 4".
func faces(u *oob.Unit, fields []string) string {
	var names []string
	for k := range u.Faces {
		names = append(names, k)
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		vals := u.Faces[n]
		var keys []string
		for _, f := range vals {
			keys = append(keys, f.Name)
		}
		order := map[string]int{}
		for i, f := range fields {
			order[f] = i + 1
		}
		sort.Slice(keys, func(i, j int) bool {
			oi, oj := order[keys[i]], order[keys[j]]
			if oi == 0 {
				oi = 1 << 20
			}
			if oj == 0 {
				oj = 1 << 20
			}
			if oi != oj {
				return oi < oj
			}
			return keys[i] < keys[j]
		})
		var parts []string
		for _, k := range keys {
			parts = append(parts, header(k)+" "+FormatValue(vals.Get(k)))
		}
		if len(parts) == 0 {
			out = append(out, n)
		} else {
			out = append(out, n+": "+strings.Join(parts, " "))
		}
	}
	return strings.Join(out, "; ")
}

// namesDesignation reports whether a formation's name already says its
// designation, as a word ("I Corps" for I) or as the ordinal a Roman or
// Arabic numeral reads ("Third Corps", "3rd Corps" for III or 3), so the
// heading does not print it twice ("I I Corps").
func namesDesignation(name, d string) bool {
	n, _ := ordinalOf(d)
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' }) {
		if w == d {
			return true
		}
		if n > 0 && n <= len(ordinalWords) && (strings.EqualFold(w, ordinalWords[n-1]) || strings.EqualFold(w, ordinalSuffixed(n))) {
			return true
		}
	}
	return false
}

var ordinalWords = []string{"First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth",
	"Eleventh", "Twelfth", "Thirteenth", "Fourteenth", "Fifteenth", "Sixteenth", "Seventeenth", "Eighteenth", "Nineteenth", "Twentieth"}

// ordinalOf reads a designation that is a number, Roman (III) or Arabic
// (3), and reports whether it was Roman; 0 when it is not a number.
func ordinalOf(d string) (int, bool) {
	if n, err := strconv.Atoi(d); err == nil && n > 0 {
		return n, false
	}
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10, 'L': 50}
	total := 0
	for i := 0; i < len(d); i++ {
		v, ok := val[d[i]]
		if !ok {
			return 0, false
		}
		if i+1 < len(d) && val[d[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total, total > 0
}

func ordinalSuffixed(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
