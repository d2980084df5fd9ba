package validate

// Proof-reading checks: typos that are legal YAML and that no rule of a
// game system catches, as a designer proof-reads a battle book's data
// against itself. They hold for every system.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// nameEntry is one distinct spelling of a unit or leader name on a side.
type nameEntry struct {
	name   string
	pos    diag.Pos
	what   string   // "unit 74 IL/1/1/RW", "leader Post/1/1/RW"
	tokens []string // lowercased words and numbers, apostrophes and full stops dropped
	tight  string   // the tokens run together, numbers kept apart
	words  string   // the tokens joined by spaces
}

// nameTokens splits a name into lowercased runs of letters and of digits.
// Apostrophes and full stops vanish ("O'Neal" is "oneal", "Wm." is "wm");
// any other punctuation or space separates.
func nameTokens(s string) []string {
	var out []string
	var cur []rune
	kind := 0     // 1 letters, 2 digits
	roman := true // the letters so far are capital Roman numerals
	flush := func() {
		if len(cur) > 0 {
			t := string(cur)
			if kind == 1 && roman {
				t = "#" + t // a corps number, "II", "XII": a number, not a word
			}
			out = append(out, t)
			cur = cur[:0]
		}
		kind = 0
		roman = true
	}
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '.':
			continue
		case unicode.IsLetter(r):
			if kind != 1 {
				flush()
			}
			kind = 1
			roman = roman && strings.ContainsRune("IVXLC", r)
			cur = append(cur, unicode.ToLower(r))
		case unicode.IsDigit(r):
			if kind != 2 {
				flush()
			}
			kind = 2
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// tightKey runs the tokens together, keeping a mark between two numbers so
// that "4/5 TN" is not "45 TN".
func tightKey(tokens []string) string {
	var sb strings.Builder
	for i, t := range tokens {
		if i > 0 && isDigits(t) && isDigits(tokens[i-1]) {
			sb.WriteByte('|')
		}
		sb.WriteString(t)
	}
	return sb.String()
}

// isDigits reports whether a token is a number: digits, or a Roman
// numeral.
func isDigits(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsDigit(r) || r == '#'
}

// editKey is a name with one letter of a word left out, at byte at of the
// name's words joined by spaces. Two names with the same key differ by one
// letter there; a name whose key is another name's words has one letter more.
type editKey struct {
	at   int
	rest string
}

// lookAlike warns of two unit or leader names on one side that differ only
// by punctuation, case or one letter, unless the order of battle declares
// them distinct. Names are bucketed by a normalised key and by one-letter
// edit keys, so the work grows with the number of letters, not with the
// square of the names.
func (p *pass) lookAlike() {
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		p.lookAlikeSide(side)
	}
}

func (p *pass) lookAlikeSide(side *oob.Side) {
	var names []*nameEntry
	seen := map[string]bool{}
	add := func(name, what string, pos diag.Pos) {
		if name == "" || seen[name] {
			return
		}
		seen[name] = true
		t := nameTokens(name)
		names = append(names, &nameEntry{name: name, pos: pos, what: what, tokens: t, tight: tightKey(t), words: strings.Join(t, " ")})
	}
	side.Army.Walk(func(f *oob.Formation) {
		if f.Leader != nil {
			add(f.Leader.Name, "leader "+f.Leader.QualifiedName(), f.Leader.Pos)
			if r := f.Leader.Replacement; r != nil {
				add(r.Name, "replacement leader of "+f.Leader.QualifiedName(), r.Pos)
			}
		}
		for _, l := range f.Officers {
			add(l.Name, "leader "+l.QualifiedName(), l.Pos)
		}
		for _, u := range f.Units {
			add(u.Name, "unit "+u.QualifiedName(), u.Pos)
		}
	})
	distinct := p.b.DistinctNames(side.ID)
	type pair struct{ a, b *nameEntry }
	var found []pair
	done := map[[2]string]bool{}
	report := func(a, b *nameEntry) {
		if a == b || a.name == b.name {
			return
		}
		if posLess(b.pos, a.pos) {
			a, b = b, a
		}
		k := [2]string{a.name, b.name}
		if done[k] || distinct[k] {
			return
		}
		done[k] = true
		found = append(found, pair{a, b})
	}
	byTight := make(map[string][]*nameEntry, len(names))
	byTokens := make(map[string]*nameEntry, len(names))
	for _, n := range names {
		byTight[n.tight] = append(byTight[n.tight], n)
		if byTokens[n.words] == nil {
			byTokens[n.words] = n
		}
	}
	for _, ns := range byTight {
		for _, n := range ns[1:] {
			report(ns[0], n)
		}
	}
	// One letter: left out (a doubled letter, a dropped one), changed or
	// swapped with its neighbour, in a word of letters of four letters or
	// more, so that state abbreviations ("1 IL" and "1 IN", "5th La" and
	// "5th Ala") and company letters ("E 1 OH Bty", "F 1 OH Bty") stay
	// apart. Each variant is one string made from the joined words.
	byEdit := make(map[editKey][]*nameEntry, 8*len(names))
	for _, n := range names {
		w := n.words
		at := 0
		for _, t := range n.tokens {
			start := at
			at += len(t) + 1
			if isDigits(t) || utf8.RuneCountInString(t) < 4 {
				continue
			}
			for k := start; k < start+len(t); {
				_, size := utf8.DecodeRuneInString(w[k:])
				rest := w[:k] + w[k+size:]
				if m := byTokens[rest]; m != nil {
					report(m, n)
				}
				key := editKey{k, rest}
				byEdit[key] = append(byEdit[key], n)
				if next := k + size; next < start+len(t) {
					_, size2 := utf8.DecodeRuneInString(w[next:])
					if a, b := w[k:next], w[next:next+size2]; a != b {
						if m := byTokens[w[:k]+b+a+w[next+size2:]]; m != nil {
							report(m, n)
						}
					}
				}
				k += size
			}
		}
	}
	for _, ns := range byEdit {
		for x := 1; x < len(ns); x++ {
			for y := 0; y < x; y++ {
				report(ns[y], ns[x])
			}
		}
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].b.pos != found[j].b.pos {
			return posLess(found[i].b.pos, found[j].b.pos)
		}
		return found[i].a.name < found[j].a.name
	})
	for _, f := range found {
		d := p.l.Addf(CodeLookAlike, f.b.pos, "%s and %s (%s) differ only %s", quoteWhat(f.b), quoteWhat(f.a), f.a.pos, howDiffer(f.a, f.b))
		d.Cite(f.a.pos, quoteWhat(f.a))
		d.Hint = fmt.Sprintf("if both are meant, say so in the forces: distinct: [[%q, %q]]", f.a.name, f.b.name)
	}
}

// quoteWhat is a name and what it names, control characters escaped (a
// name that holds one is S009 too).
func quoteWhat(n *nameEntry) string {
	what := strconv.Quote(n.what)
	return fmt.Sprintf("%q (%s)", n.name, what[1:len(what)-1])
}

func howDiffer(a, b *nameEntry) string {
	if a.tight == b.tight {
		if strings.EqualFold(a.name, b.name) {
			return "in case"
		}
		return "in punctuation or case"
	}
	return "by one letter"
}

func posLess(a, b diag.Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}

// neverPlaced warns, in a battle whose order of battle says it is complete,
// of each unit and leader that no scenario sets up or brings on. A
// formation none of whose units and leaders plays is reported once, at its
// highest such level.
func (p *pass) neverPlaced() {
	if !p.b.OOBComplete {
		return
	}
	units := make([]bool, p.b.NumUnits)
	leaders := make([]bool, p.b.NumLeaders)
	mark := func(pcs []battle.Piece) {
		for i := range pcs {
			for _, u := range pcs[i].Ref.Units() {
				units[u.Index] = true
			}
			for _, l := range pcs[i].Ref.Leaders() {
				leaders[l.Index] = true
			}
		}
	}
	for _, s := range p.b.Scenarios {
		for _, st := range s.Setup {
			mark(st.Pieces)
		}
		for _, a := range s.Arrivals {
			mark(a.Pieces)
		}
	}
	for _, side := range p.b.Sides {
		if side.Army != nil {
			p.unplaced(side.Army, units, leaders)
		}
	}
}

// unplaced reports what of f never plays; it returns whether nothing of f
// or below it plays, and what that is, without reporting it (the caller
// reports the whole formation at once).
func (p *pass) unplaced(f *oob.Formation, units, leaders []bool) (none bool, n int) {
	var missing []string
	none = true
	for _, l := range ownLeaders(f) {
		if leaders[l.Index] {
			none = false
		} else {
			missing = append(missing, "leader "+l.Name)
			n++
		}
	}
	for _, u := range f.Units {
		if units[u.Index] {
			none = false
		} else {
			missing = append(missing, u.Name)
			n++
		}
	}
	type sub struct {
		f *oob.Formation
		n int
	}
	var whole []sub
	for _, c := range f.Children {
		cn, k := p.unplaced(c, units, leaders)
		if !cn {
			none = false
		} else if k > 0 {
			whole = append(whole, sub{c, k})
			n += k
		}
	}
	if none && f.Parent != nil {
		return true, n
	}
	for _, w := range whole {
		what := fmt.Sprintf("none of its %d units and leaders is", w.n)
		if w.n == 1 {
			what = "its one unit or leader is not"
		}
		d := p.l.Addf(CodeNeverPlaced, w.f.Pos, "%s %s is in no scenario: %s set up or brought on", w.f.Level, w.f.Label(), what)
		d.Hint = "battle.yaml says the order of battle is complete (oob_complete); add it to a scenario, or take it out of the order of battle"
	}
	if len(missing) > 0 {
		d := p.l.Addf(CodeNeverPlaced, f.Pos, "%s %s: %s %s in no scenario", f.Level, f.Label(), strings.Join(missing, ", "), isAre(len(missing)))
		d.Hint = "battle.yaml says the order of battle is complete (oob_complete); no scenario sets up or brings on these"
	}
	return false, n
}

// valuesLeaving warns of set-up values (a strength, a face, orders, a
// facing, an attachment) given on a withdrawal: the unit leaves the map
// then, so the value describes a counter no longer in play and is never
// used. Values given to a unit that is not on the map at all are N023's;
// to a unit set up and arriving, N006's.
func valuesLeaving(p *pass, s *battle.Scenario) {
	for _, w := range s.Withdrawals {
		for i := range w.Pieces {
			pc := &w.Pieces[i]
			var vs []string
			if pc.Strength != nil {
				vs = append(vs, fmt.Sprintf("strength %d", *pc.Strength))
			}
			if pc.Face != "" {
				vs = append(vs, "face "+pc.Face)
			}
			if pc.Orders != "" {
				vs = append(vs, pc.Orders+" orders")
			}
			if pc.Facing != "" {
				vs = append(vs, "facing "+pc.Facing)
			}
			if pc.Attached != nil {
				vs = append(vs, "attachment to "+pc.Attached.Label())
			}
			if pc.Fatigue != "" {
				vs = append(vs, "Fatigue level "+pc.Fatigue)
			}
			if len(vs) == 0 {
				continue
			}
			d := p.l.Addf(CodeValueLeaving, pc.Pos, "%s given for %s as it is withdrawn at %s: it leaves the map then, so the value is never used", strings.Join(vs, ", "), pc.Ref.Name(), w.Time.Text())
			d.Hint = "give the value where the unit is set up or arrives; if it comes back changed, give it on the return"
		}
	}
}

// inPlayParts checks what a scenario declares out of play: nothing so
// declared may be set up or brought on (N034), and, in a scenario that has
// `not_in_play:` at all, a formation some of whose units play must have the
// rest declared out of play (N033), so that a unit left out by mistake is
// told from one the book leaves out.
func (p *pass) inPlayParts(s *battle.Scenario) {
	type placed struct {
		pos  diag.Pos
		what string
		hex  string // the hex of a set-up
	}
	in := map[*oob.Unit]placed{}
	inL := map[*oob.Leader]placed{}
	var order []*battle.Piece // pieces that bring units on, in file order
	visit := func(pcs []battle.Piece, what, hex string) {
		for i := range pcs {
			pc := &pcs[i]
			order = append(order, pc)
			for _, u := range pc.Ref.Units() {
				if _, ok := in[u]; !ok {
					in[u] = placed{pc.Pos, what, hex}
				}
			}
			for _, l := range pc.Ref.Leaders() {
				if _, ok := inL[l]; !ok {
					inL[l] = placed{pc.Pos, what, hex}
				}
			}
		}
	}
	for _, st := range s.Setup {
		visit(st.Pieces, "set up in "+st.Hex.Label, st.Hex.Label)
	}
	for _, a := range s.Arrivals {
		visit(a.Pieces, "arriving at "+a.Time.Text(), "")
	}
	out := map[*oob.Unit]bool{}
	for i := range s.NotInPlay {
		pc := &s.NotInPlay[i]
		var both []string
		var first placed
		var about diag.Subjects
		for _, u := range pc.Ref.Units() {
			out[u] = true
			if pl, ok := in[u]; ok {
				if len(both) == 0 {
					first = pl
				}
				both = append(both, u.QualifiedName())
				about.Units = append(about.Units, u.QualifiedName())
			}
		}
		for _, l := range pc.Ref.Leaders() {
			if pl, ok := inL[l]; ok {
				if len(both) == 0 {
					first = pl
				}
				both = append(both, "leader "+l.QualifiedName())
				about.Leaders = append(about.Leaders, l.QualifiedName())
			}
		}
		if len(both) > 0 {
			d := p.l.Addf(CodeOutAndIn, pc.Pos, "%s %s declared not in play in scenario %s, but %s (%s)", strings.Join(both, ", "), isAre(len(both)), s.ID, first.what, first.pos)
			d.Cite(first.pos, first.what)
			if first.hex != "" {
				about.Hexes = []string{first.hex}
			}
			d.About(about)
			d.Hint = "a unit is either out of play or in it: take it off not_in_play, or out of the set-up and arrivals"
		}
	}
	if !s.ListsOut {
		return // a scenario that declares nothing out of play is not held to it
	}
	done := map[*oob.Formation]bool{}
	for _, pc := range order {
		for _, u := range pc.Ref.Units() {
			f := u.Formation
			if done[f] || len(f.Children) > 0 {
				continue // a formation with formations below it holds its own units loosely (an army's wagons, a wing's escort)
			}
			done[f] = true
			var missing []string
			for _, v := range f.Units {
				if _, ok := in[v]; !ok && !out[v] {
					missing = append(missing, v.Name)
				}
			}
			if len(missing) == 0 {
				continue
			}
			d := p.l.Addf(CodePartly, pc.Pos, "%s is only partly in scenario %s: %s %s neither set up nor arriving, nor declared not in play", f.Label(), s.ID, strings.Join(missing, ", "), isAre(len(missing)))
			d.About(diag.Subjects{Formations: []string{f.Label()}, Units: missing})
			d.Hint = "if the scenario leaves them out, list them under not_in_play; else set them up or bring them on"
		}
	}
}

// ownLeaders is a formation's commander and further officers.
func ownLeaders(f *oob.Formation) []*oob.Leader {
	var out []*oob.Leader
	if f.Leader != nil {
		out = append(out, f.Leader)
	}
	return append(out, f.Officers...)
}
