package validate

// The look-alike-names check (N030), the first of the proof-reading
// checks (with never-placed, values-leaving and not-in-play): typos that
// are legal YAML and that no rule of a game system catches, as a designer
// proof-reads a battle book's data against itself. They hold for every
// system.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodeLookAlike is raised for two names of a side that differ only in
// spelling.
var CodeLookAlike = diag.Code{Code: "N030", Severity: diag.Warning, Title: "two names that differ only in spelling",
	Doc: "Two unit or leader names of one side differ only by punctuation or case (\"O'Neal\" and \"ONeal\", \"5 WI Bty\" and \"5 WI bty\") or by one letter of a word (\"Stanley\" and \"Stanly\", a doubled letter, two letters swapped). A book spells one counter two ways more often than it has two such counters. The letter counts only in a word of four letters or more, so \"1 IL\" and \"1 IN\", \"5th La\" and \"5th Ala\" stay apart; numbers and Roman numerals (\"I HQ\", \"II HQ\") never count. If both are meant, list them in the forces' `distinct:`."}

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
		d := p.l.Addf(CodeLookAlike, f.b.pos, "%s and %s (%s) differ only %s", quoteWhat(f.b), quoteWhat(f.a), f.a.pos, howDiffer(f.a, f.b)).About(aboutValues(f.a.name, f.b.name))
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
