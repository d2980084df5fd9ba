package importer

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/oob"
)

// Options tune an import.
type Options struct {
	System string    // gbacw (Dead of Winter notation) or tss (schedule rows); informational
	Sides  [2]string // side ids for "Union ..." and "Confederate ..." headings; default USA, CSA
	// Index, when set, resolves names against a battle's order of battle:
	// bare names are qualified with the designation carried forward only
	// where they would otherwise be ambiguous, and a formation with
	// "(except X)" or with members listed after it is expanded.
	Index       func(side string) *oob.Index
	ID, Name    string
	Source      string // prefix of each source: "DoW" gives "DoW L2816"
	Day         string // day of times that carry none ("Dec 31"); day headings change it
	First, Last string // the scenario's turns, "Dec 31 0900"
	Sheets      []string
	From, To    int      // read only lines From..To (1-based, inclusive); 0 = all
	Ranges      [][2]int // further ranges read after From..To, in order
	File        string   // shown in messages
}

// Warning is something the importer read but doubts.
type Warning struct {
	Line int
	Text string
}

// Result is an import's output.
type Result struct {
	YAML     []byte
	Unread   []Unread
	Warnings []Warning
	Items    []*Item
}

// Import reads r and returns the scenario YAML.
func Import(r io.Reader, opt Options) (*Result, error) {
	if opt.Sides[0] == "" {
		opt.Sides = [2]string{"USA", "CSA"}
	}
	p := &parser{opt: opt, day: opt.Day}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	var all []string
	for sc.Scan() {
		all = append(all, clean(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	ranges := append([][2]int{{opt.From, opt.To}}, opt.Ranges...)
	for _, rg := range ranges {
		from, to := max(rg[0], 1), rg[1]
		if to <= 0 || to > len(all) {
			to = len(all)
		}
		for n := from; n <= to; n++ {
			p.line(n, all[n-1])
		}
	}
	res := &Result{Unread: p.unread, Items: p.items}
	if opt.Index != nil {
		for _, it := range p.items {
			res.Warnings = append(res.Warnings, resolve(opt.Index(it.Side), it)...)
		}
		for _, sd := range opt.Sides {
			if ix := opt.Index(sd); ix != nil {
				res.Warnings = append(res.Warnings, expand(ix, p.items, sd)...)
			}
		}
	} else {
		for _, it := range p.items {
			for i := range it.Entries {
				it.Entries[i].Out = printed(it.Entries[i])
			}
		}
	}
	res.YAML = emit(p, opt)
	return res, nil
}

// clean makes a line of the book safe to carry into YAML, where unread
// lines become comments: invalid UTF-8 becomes U+FFFD and control
// characters (a stray carriage return would end a comment) become spaces.
func clean(line string) string {
	line = strings.ToValidUTF8(line, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r != '\t' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 || r == 0xfeff) {
			return ' '
		}
		return r
	}, line)
}

func printed(e Entry) string {
	if e.Des != "" {
		return e.Name + "/" + e.Des
	}
	return e.Name
}

// shortest is the shortest name that finds ref: the plain name when it is
// unique on its side, else the fully qualified name.
func shortest(ix *oob.Index, ref oob.Ref) string {
	var plain string
	switch {
	case ref.Unit != nil:
		plain = ref.Unit.Name
	case ref.Leader != nil:
		plain = ref.Leader.Name
	default:
		return ref.Name()
	}
	if rs := ix.Resolve(plain); len(rs) == 1 {
		return plain
	}
	return ref.Name()
}

func names(rs []oob.Ref) string {
	var s []string
	for _, r := range rs {
		s = append(s, r.Name())
	}
	sort.Strings(s)
	return strings.Join(s, " or ")
}

// resolve fills each entry's Out and expands formations where needed.
func resolve(ix *oob.Index, it *Item) []Warning {
	var ws []Warning
	warn := func(f string, a ...any) { ws = append(ws, Warning{it.Line, it.Side + ": " + fmt.Sprintf(f, a...)}) }
	refs := make([]*oob.Ref, len(it.Entries))
	_ = refs
	for i := range it.Entries {
		e := &it.Entries[i]
		e.Out = printed(*e)
		if ix == nil {
			continue
		}
		switch {
		case e.Formation:
			if rs := ix.Resolve(e.Name); len(rs) == 1 {
				refs[i] = &rs[0]
			} else if rs := ix.Resolve(strings.ReplaceAll(e.Name, "Cavalry", "Cav")); len(rs) == 1 {
				refs[i] = &rs[0]
				e.Out = rs[0].Name()
				e.Notes = append(e.Notes, "printed "+strconv.Quote(e.Name))
				warn("%q read as %s", e.Name, e.Out)
			} else {
				warn("formation %q is not in the order of battle", e.Name)
			}
		case e.Des != "":
			rs := ix.Resolve(e.Out)
			if len(rs) == 1 {
				refs[i] = &rs[0]
				e.Out = shortest(ix, rs[0])
				continue
			}
			if r, ok := asPrinted(ix, e.Out); ok {
				refs[i] = &r // kept as printed: muster reads it so
				continue
			}
			if r, v, ok := variant(ix, e.Name, e.Des); ok {
				refs[i] = &r
				e.Out = shortest(ix, r)
				e.Notes = append(e.Notes, "printed "+strconv.Quote(printed(*e)))
				warn("%q read as %s (%s)", printed(*e), e.Out, v)
				continue
			}
			if bare := ix.Resolve(e.Name); len(bare) == 1 {
				warn("%q: the order of battle has %s; kept as printed", e.Out, bare[0].Name())
			} else if len(bare) > 1 {
				warn("%q does not resolve; %q could be %s", e.Out, e.Name, names(bare))
			} else {
				warn("%q is not in the order of battle", e.Out)
			}
		default:
			var found []oob.Ref
			for _, q := range e.Quals {
				if rs := ix.Resolve(e.Name + "/" + q); len(rs) == 1 {
					found = rs
					break
				}
			}
			if found == nil {
				found = ix.Resolve(e.Name)
			}
			if len(found) == 0 {
				if r, ok := asPrinted(ix, e.Name); ok {
					found = []oob.Ref{r}
					e.Out = e.Name // kept as printed: muster reads it so
					refs[i] = &found[0]
					continue
				}
			}
			if len(found) == 0 {
				quals := append(append([]string{}, e.Quals...), "")
				for _, q := range quals {
					if r, v, ok := variant(ix, e.Name, q); ok {
						found = []oob.Ref{r}
						e.Notes = append(e.Notes, "printed "+strconv.Quote(e.Name))
						warn("%q read as %s (%s)", e.Name, shortest(ix, r), v)
						break
					}
				}
			}
			if len(found) == 0 {
				if _, ok := ix.LeaderFace(e.Name); ok {
					// the side's words for the leader of the formation
					// before them ("repl leader"): kept as printed
					if i > 0 && refs[i-1] != nil && refs[i-1].Formation != nil && refs[i-1].Formation.Leader != nil {
						refs[i] = &oob.Ref{Leader: refs[i-1].Formation.Leader}
					}
					continue
				}
			}
			switch len(found) {
			case 1:
				refs[i] = &found[0]
				e.Out = shortest(ix, found[0])
			case 0:
				warn("%q is not in the order of battle", e.Name)
			default:
				warn("%q could be %s; kept as printed", e.Name, names(found))
			}
		}
	}
	if ix == nil {
		return ws
	}
	for i, r := range refs {
		it.Entries[i].ref = r
		if r != nil && r.Leader != nil && it.Entries[i].Face == "disordered" {
			it.Entries[i].Face = ""
		}
	}
	return ws
}

// asPrinted reads a name as muster reads a name its order of battle does
// not write (the side's aliases laid on, its path read part by part),
// when that finds one unit, leader or formation: the name is then kept
// as the book prints it, with no note.
func asPrinted(ix *oob.Index, name string) (oob.Ref, bool) {
	var r oob.Ref
	n := 0
	for _, p := range ix.ReadPrinted(name) {
		if n == 0 || p.Ref != r {
			r = p.Ref
			n++
		}
	}
	return r, n == 1
}

// expand marks a formation the book writes in a list as the members it
// stands for, when the book names some of them elsewhere on the same side
// (with a strength, in another hex) or excepts some: "4/1/P (except Scott
// Bty), 12 TN (3)" is `{unit: 4/1/P, rest: true, less: [Scott Bty]}`, the
// members named nowhere else less Scott's battery, which muster puts in
// the formation's place. The entry stays one entry, as printed.
func expand(ix *oob.Index, items []*Item, side string) []Warning {
	var ws []Warning
	// Names elsewhere in the set-up count for set-up lines; an arrival or a
	// withdrawal counts only its own line, because a unit may withdraw and
	// enter again ("0600, WITHDRAW: 1/Cav" then "0200, C1019: 1/Cav: 1 AL
	// Cav (3), ...", DoW L3919-L3923). muster counts names the same way.
	nameAll := func(named map[any]bool, it *Item) {
		for i, e := range it.Entries {
			if e.ref == nil || e.ref.Formation != nil {
				continue
			}
			for _, u := range e.ref.Units() {
				named[u] = true
			}
			for _, l := range e.ref.Leaders() {
				named[l] = true
			}
			// the side's words for the leader of the formation before them
			if i > 0 && e.ref.Leader != nil && it.Entries[i-1].ref != nil && it.Entries[i-1].ref.Formation != nil {
				named[e.ref.Leader] = true
			}
		}
	}
	setup := map[any]bool{}
	for _, it := range items {
		if it.Side == side && it.Kind == kindSetup {
			nameAll(setup, it)
		}
	}
	for _, it := range items {
		if it.Side != side {
			continue
		}
		named := setup
		if it.Kind != kindSetup {
			named = map[any]bool{}
			nameAll(named, it)
		}
		for i := range it.Entries {
			e := &it.Entries[i]
			if e.ref == nil || e.ref.Formation == nil {
				continue
			}
			f := e.ref.Formation
			members := false
			for _, u := range f.AllUnits() {
				members = members || named[u]
			}
			for _, l := range f.AllLeaders() {
				members = members || named[l]
			}
			if len(e.Except) == 0 && !members {
				continue
			}
			e.Rest = members
			except := map[any]bool{}
			for _, x := range e.Except {
				if x == "" || x[0] >= 'a' && x[0] <= 'z' {
					continue
				}
				var hit *oob.Ref
				for _, c := range []string{x, x + " Bty", strings.TrimSuffix(x, " Bty")} {
					for _, rr := range ix.Resolve(c) {
						in := false
						for _, u := range rr.Units() {
							if inside(u.Formation, f) {
								except[u], in = true, true
							}
						}
						// "1/C (except 3/1/C)" excepts Starkweather too
						for _, l := range rr.Leaders() {
							if rr.Formation != nil && inside(rr.Formation, f) {
								except[l] = true
							}
						}
						if in && hit == nil {
							hit = &rr
						}
					}
					if hit != nil {
						break
					}
				}
				if hit == nil {
					ws = append(ws, Warning{it.Line, fmt.Sprintf("%s: %s: %q is not a member of %s", side, e.Printed, x, f.Designation())})
					e.Less = append(e.Less, x) // as printed: muster says what is wrong with it (R014)
					continue
				}
				// as printed where muster reads it so, else the name found
				less := x
				if rs := ix.Resolve(x); len(rs) != 1 || rs[0] != *hit {
					if ps := ix.ReadPrinted(x); len(ps) != 1 || ps[0].Ref != *hit {
						less = shortest(ix, *hit)
						e.Notes = append(e.Notes, "less "+strconv.Quote(x)+" read as "+less)
					}
				}
				e.Less = append(e.Less, less)
			}
			if len(e.Less) > 0 {
				// less: carries the printed "(except X)" now
				var keep []string
				for _, nt := range e.Notes {
					if low := strings.ToLower(nt); !exceptNote(low) {
						keep = append(keep, nt)
					}
				}
				e.Notes = keep
			}
			n := 0
			for _, l := range f.AllLeaders() {
				if !named[l] && !except[l] {
					n++
				}
			}
			for _, u := range f.AllUnits() {
				if !named[u] && !except[u] {
					n++
				}
			}
			if n == 0 {
				ws = append(ws, Warning{it.Line, fmt.Sprintf("%s: %s: every member is named elsewhere", side, e.Printed)})
			}
		}
	}
	return ws
}

// exceptNote reports whether a note (lower case) is the printed "(except
// X)", "(less X)", "(minus X)", "(without X)" or "(w/o X)".
func exceptNote(low string) bool {
	for _, p := range []string{"except ", "less ", "minus ", "without ", "w/o "} {
		if strings.HasPrefix(low, p) {
			return true
		}
	}
	return false
}

func inside(x, f *oob.Formation) bool {
	for ; x != nil; x = x.Parent {
		if x == f {
			return true
		}
	}
	return false
}

// yq quotes s for YAML when it needs it.
func yq(s string) string {
	plain := s != "" && !strings.ContainsAny(s, ":#,[]{}&*!|>'\"%@`\\?") && s == strings.TrimSpace(s)
	if plain {
		switch c := s[0]; {
		case c == '-' || c == '?' || c == '.' || c == '~':
			plain = false
		}
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			plain = false
		}
		// whatever YAML would read as other than this very string (00_ is
		// the number 0), and a leading zero (muster asks for quotes, Y006)
		var v any
		if err := yaml.Unmarshal([]byte(s), &v); err != nil || v != any(s) || (len(s) > 1 && s[0] == '0') {
			plain = false
		}
		switch strings.ToLower(s) {
		case "true", "false", "null", "yes", "no", "on", "off", "y", "n":
			plain = false
		}
	}
	if plain {
		return s
	}
	return strconv.Quote(s)
}

func entryYAML(e Entry) string {
	var extra []string
	if e.Strength != nil {
		extra = append(extra, "strength: "+strconv.Itoa(*e.Strength))
	}
	if e.Face != "" {
		extra = append(extra, "face: "+e.Face)
	}
	if e.Attached != "" {
		extra = append(extra, "attached: "+yq(e.Attached))
	}
	if e.Rest {
		extra = append(extra, "rest: true")
	}
	if len(e.Less) > 0 {
		var ls []string
		for _, l := range e.Less {
			ls = append(ls, yq(l))
		}
		extra = append(extra, "less: ["+strings.Join(ls, ", ")+"]")
	}
	if len(e.Notes) > 0 {
		extra = append(extra, "note: "+strconv.Quote(strings.Join(e.Notes, "; ")))
	}
	if len(extra) == 0 {
		return yq(e.Out)
	}
	return "{unit: " + yq(e.Out) + ", " + strings.Join(extra, ", ") + "}"
}

func entriesYAML(es []Entry) string {
	var s []string
	for _, e := range es {
		s = append(s, entryYAML(e))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func (o Options) when(it *Item) string {
	if it.Day == "" {
		return it.Time
	}
	return it.Day + " " + it.Time
}

func (o Options) source(line int) string {
	if o.Source == "" {
		return "L" + strconv.Itoa(line)
	}
	return o.Source + " L" + strconv.Itoa(line)
}

type stack struct {
	hex      string
	lines    []int
	withinN  int
	bw       bool
	fatigue  string
	entries  []Entry
	notes    []string
	comments []string
}

func emit(p *parser, o Options) []byte {
	var b bytes.Buffer
	w := func(f string, a ...any) { fmt.Fprintf(&b, f, a...) }
	src := o.File
	if o.From > 0 || o.To > 0 {
		src += fmt.Sprintf(" L%d-L%d", o.From, o.To)
		for _, r := range o.Ranges {
			src += fmt.Sprintf(", L%d-L%d", r[0], r[1])
		}
	}
	w("# yaml-language-server: $schema=schemas/scenario.schema.json\n") // muster schema export schemas/ (or muster init) puts it there
	w("# Written by `muster import setup` from %s. Review by hand.\n", src)
	w("kind: scenario\n")
	id, name := o.ID, o.Name
	if id == "" {
		id = "imported"
	}
	if name == "" {
		name = id
	}
	w("id: %s\nname: %s\n", yq(id), yq(name))
	if o.Source != "" {
		w("source: %s\n", strconv.Quote(strings.TrimSpace(o.Source+" "+strings.TrimPrefix(src, o.File+" "))))
	}
	sheets := o.Sheets
	if len(sheets) == 0 {
		seen := map[string]bool{}
		for _, it := range p.items {
			for _, h := range append([]string{it.Hex}, it.Hexes...) {
				if h != "" && !seen[h[:1]] {
					seen[h[:1]] = true
					sheets = append(sheets, h[:1])
				}
			}
		}
		sort.Strings(sheets)
	}
	if len(sheets) == 0 {
		sheets = []string{"?"}
	}
	quoted := make([]string, len(sheets))
	for i, sh := range sheets {
		quoted[i] = yq(sh) // "?" alone would open a YAML key
	}
	w("sheets: [%s]\n", strings.Join(quoted, ", "))
	first, last := o.First, o.Last
	if first == "" {
		first = "?"
	}
	if last == "" {
		last = "?"
	}
	w("turns: {first: %s, last: %s}\n", strconv.Quote(first), strconv.Quote(last))

	sides := []string{o.Sides[0], o.Sides[1]}
	byKind := func(k int) map[string][]*Item {
		m := map[string][]*Item{}
		for _, it := range p.items {
			if it.Kind == k {
				m[it.Side] = append(m[it.Side], it)
			}
		}
		return m
	}
	comments := func(ind string, cs []string) {
		for _, c := range cs {
			w("%s# %s\n", ind, c)
		}
	}
	if su := byKind(kindSetup); len(su) > 0 {
		w("setup:\n")
		for _, sd := range sides {
			if len(su[sd]) == 0 {
				continue
			}
			w("  %s:\n", sd)
			var order []*stack
			at := map[string]*stack{}
			for _, it := range su[sd] {
				st := at[it.Hex]
				if st == nil {
					st = &stack{hex: it.Hex}
					at[it.Hex] = st
					order = append(order, st)
				}
				st.lines = append(st.lines, it.Line)
				st.comments = append(st.comments, it.Comments...)
				st.bw = st.bw || it.Breastworks
				if it.Fatigue != "" {
					st.fatigue = it.Fatigue
				}
				st.entries = append(st.entries, it.Entries...)
				if it.Within > 0 {
					st.withinN = it.Within
				}
				st.notes = append(st.notes, it.Notes...)
			}
			for _, st := range order {
				comments("    ", st.comments)
				notes := append([]string{}, st.notes...)
				if len(st.lines) > 1 {
					notes = append(notes, "the book lists this hex on "+lines(st.lines))
				}
				if !st.bw && len(notes) == 0 && st.withinN == 0 && st.fatigue == "" {
					w("    %q: %s  # %s\n", st.hex, entriesYAML(st.entries), o.source(st.lines[0])+more(st.lines))
					continue
				}
				w("    %q: {units: %s", st.hex, entriesYAML(st.entries))
				if st.bw {
					w(", breastworks: true")
				}
				if st.withinN > 0 {
					w(", within: %d", st.withinN)
				}
				if st.fatigue != "" {
					w(", fatigue: %s", st.fatigue)
				}
				if len(notes) > 0 {
					w(", note: %q", strings.Join(notes, "; "))
				}
				w("}  # %s\n", o.source(st.lines[0])+more(st.lines))
			}
		}
	}
	for _, k := range []int{kindArrival, kindWithdrawal} {
		m := byKind(k)
		if len(m) == 0 {
			continue
		}
		if k == kindArrival {
			w("reinforcements:\n")
		} else {
			w("withdrawals:\n")
		}
		for _, sd := range sides {
			if len(m[sd]) == 0 {
				continue
			}
			w("  %s:\n", sd)
			for _, it := range m[sd] {
				comments("    ", it.Comments)
				w("    - {time: %q", o.when(it))
				if len(it.Hexes) > 0 {
					var hs []string
					for _, h := range it.Hexes {
						hs = append(hs, strconv.Quote(h))
					}
					w(", hexes: [%s]", strings.Join(hs, ", "))
				}
				if it.Area != "" {
					w(", area: %q", it.Area)
				}
				if len(it.Or) > 0 {
					var alts []string
					for _, a := range it.Or {
						alts = append(alts, fmt.Sprintf("{area: %q}", a))
					}
					w(", or: [%s]", strings.Join(alts, ", "))
				}
				w(", units: %s", entriesYAML(it.Entries))
				if it.Optional {
					w(", optional: true")
				}
				if it.Fatigue != "" && k == kindArrival { // a withdrawal keeps it in its note (N032)
					w(", fatigue: %s", it.Fatigue)
				}
				w(", source: %q", o.source(it.Line))
				if len(it.Notes) > 0 {
					w(", note: %q", strings.Join(it.Notes, "; "))
				}
				w("}\n")
			}
		}
	}
	comments("", p.pending)
	return b.Bytes()
}

func lines(ls []int) string {
	var s []string
	for _, l := range ls {
		s = append(s, "L"+strconv.Itoa(l))
	}
	return strings.Join(s, " and ")
}

func more(ls []int) string {
	if len(ls) < 2 {
		return ""
	}
	var s []string
	for _, l := range ls[1:] {
		s = append(s, "L"+strconv.Itoa(l))
	}
	return ", " + strings.Join(s, ", ")
}

// Spelling variants the books use for one name. Each is tried only when
// the printed name finds nothing; the entry keeps the printed form in its
// note and the importer reports the reading. See docs/import.md.
var spellings = []struct{ from, to, why string }{
	{" Miss", " MS", "Miss = MS"},
	{" AK", " Ark", "AK = Ark"},
	{" Artillery", " Bty", "Artillery = Bty"},
	{" bty", " Bty", "bty = Bty"},
	{" Minn ", " MN ", "Minn = MN"},
	{" MN ", " Minn ", "MN = Minn"},
	{"+", "/", "+ = /"},
	{" SS", " SS Bn", "SS = SS Bn"},
	{" BN SS", " SS Bn", "BN SS = SS Bn"},
	{" Bn SS", " SS Bn", "Bn SS = SS Bn"},
}

func variant(ix *oob.Index, name, des string) (oob.Ref, string, bool) {
	type cand struct{ n, d, why string }
	var cs []cand
	dv := []cand{{d: des}}
	if des != "" {
		nd := des
		for _, w := range [][2]string{{"Cavalry", "Cav"}, {"Center", "C"}} {
			nd = strings.ReplaceAll(nd, w[0], w[1])
		}
		var keep []string
		for _, part := range strings.Split(nd, "/") {
			if !strings.EqualFold(part, "Escort") && !strings.EqualFold(part, "Provost") {
				keep = append(keep, part)
			}
		}
		nd = strings.Join(keep, "/")
		if nd != des {
			dv = append(dv, cand{d: nd, why: strconv.Quote(des) + " = " + strconv.Quote(nd)})
		}
		dv = append(dv, cand{d: "", why: "designation " + strconv.Quote(des) + " dropped"})
	}
	nv := []cand{{n: name}}
	for _, sp := range spellings {
		if strings.Contains(name+" ", sp.from) {
			nv = append(nv, cand{n: strings.TrimSpace(strings.Replace(name+" ", sp.from, sp.to, 1)), why: sp.why})
		}
	}
	all, whys := name+" ", []string{}
	for _, sp := range spellings {
		if strings.Contains(all, sp.from) && !strings.Contains(all, sp.to) {
			all = strings.Replace(all, sp.from, sp.to, 1)
			whys = append(whys, sp.why)
		}
	}
	if len(whys) > 1 {
		nv = append(nv, cand{n: strings.TrimSpace(all), why: strings.Join(whys, ", ")})
	}
	nv = append(nv, cand{n: name + " Bty", why: "+ Bty"}, cand{n: name + " Cav", why: "+ Cav"})
	if strings.HasSuffix(name, " Cav") {
		nv = append(nv, cand{n: strings.TrimSuffix(name, " Cav"), why: "- Cav"})
	}
	if strings.HasSuffix(name, " Brigade") {
		nv = append(nv, cand{n: strings.TrimSuffix(name, " Brigade") + "s", why: "Brigade"})
	}
	for _, d := range dv {
		for _, n := range nv {
			if n.why == "" && d.why == "" {
				continue
			}
			cs = append(cs, cand{n.n, d.d, strings.Trim(n.why+"; "+d.why, "; ")})
		}
	}
	for _, c := range cs {
		q := c.n
		if c.d != "" {
			q += "/" + c.d
		}
		if rs := ix.Resolve(q); len(rs) == 1 {
			return rs[0], c.why, true
		}
	}
	return oob.Ref{}, "", false
}
