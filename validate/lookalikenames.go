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
	kind   string    // "unit ", "leader ", "replacement leader of "
	of     qualified // whose qualified name follows kind: what() is "unit 74 IL/1/1/RW"
	tokens []string  // lowercased words and numbers, apostrophes and full stops dropped
	tight  string    // the tokens run together, numbers kept apart
	words  string    // the tokens joined by spaces
	pre    []uint64  // pre[i] is the hash of words[:i] (hashOf)
}

// qualified is a unit or a leader, named with its formation path.
type qualified interface{ QualifiedName() string }

// what says what a name names, made only for the names reported.
func (n *nameEntry) what() string { return n.kind + n.of.QualifiedName() }

// The names' one-letter variants are found by a polynomial hash of the
// words (mod 2^64), so that a variant is a number made from the hashes of
// its pieces, never a string; names whose variants hash alike are
// compared as strings before they are reported, so a collision reports
// nothing. The hash of s is the sum of (s[i]+1) * hashBase^(len(s)-1-i).
const hashBase = 1099511628211

// hashPow returns hashBase to the n, extending pow as needed.
func hashPow(pow *[]uint64, n int) uint64 {
	for len(*pow) <= n {
		if len(*pow) == 0 {
			*pow = append(*pow, 1)
			continue
		}
		*pow = append(*pow, (*pow)[len(*pow)-1]*hashBase)
	}
	return (*pow)[n]
}

// sub is the hash of words[i:j].
func (n *nameEntry) sub(pow *[]uint64, i, j int) uint64 {
	return n.pre[j] - n.pre[i]*hashPow(pow, j-i)
}

// edit is one name with one letter left out at byte at of its words, the
// rest hashed.
type edit struct {
	at       int
	hash     uint64
	n        *nameEntry
	cut, end int // the letter left out is words[cut:end]
}

// rest is the edit's words without the letter.
func (e edit) rest() string { return e.n.words[:e.cut] + e.n.words[e.end:] }

// nameTokens splits a name into lowercased runs of letters and of digits.
// Apostrophes and full stops vanish ("O'Neal" is "oneal", "Wm." is "wm");
// any other punctuation or space separates.
func nameTokens(s string) []string {
	if t, ok := asciiTokens(s); ok {
		return t
	}
	return runeTokens(s)
}

// runeTokens is nameTokens of any name, a character at a time.
func runeTokens(s string) []string {
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

// asciiTokens is nameTokens of a name of ASCII characters, the tokens cut
// from one string; ok is false for any other name.
func asciiTokens(s string) (out []string, ok bool) {
	out, _, ok = asciiWords(s)
	return out, ok
}

// asciiWords is asciiTokens and the tokens joined by spaces, the tokens
// cut from the joined string (one allocation for both).
func asciiWords(s string) (out []string, words string, ok bool) {
	buf := make([]byte, 0, len(s)+8)
	var bounds []int // where each token starts and ends in buf
	kind := 0        // 1 letters, 2 digits
	roman := true
	start := 0
	flush := func() {
		if len(buf) > start {
			if kind == 1 && roman {
				// a corps number, "II", "XII": a number, not a word
				buf = append(buf[:start+1], buf[start:]...)
				buf[start] = '#'
			}
			bounds = append(bounds, start, len(buf))
			buf = append(buf, ' ')
			start = len(buf)
		}
		kind, roman = 0, true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return nil, "", false
		case c == '\'' || c == '.':
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			if kind != 1 {
				flush()
			}
			kind = 1
			roman = roman && (c == 'I' || c == 'V' || c == 'X' || c == 'L' || c == 'C')
			if c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
		case '0' <= c && c <= '9':
			if kind != 2 {
				flush()
			}
			kind = 2
			buf = append(buf, c)
		default:
			flush()
		}
	}
	flush()
	if len(buf) > 0 {
		buf = buf[:len(buf)-1] // the space after the last token
	}
	words = string(buf)
	out = make([]string, len(bounds)/2)
	for i := range out {
		out[i] = words[bounds[2*i]:bounds[2*i+1]]
	}
	return out, words, true
}

// nameWords is nameTokens and the tokens joined by spaces.
func nameWords(s string) ([]string, string) {
	if t, w, ok := asciiWords(s); ok {
		return t, w
	}
	t := runeTokens(s)
	return t, strings.Join(t, " ")
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
	// the entries and their hashes are cut from slabs, not allocated one
	// by one (a full slab is left to the entries cut from it)
	var slab []nameEntry
	var preSlab []uint64
	add := func(name, kind string, of qualified, pos diag.Pos) {
		if name == "" || seen[name] {
			return
		}
		seen[name] = true
		t, w := nameWords(name)
		if len(preSlab)+len(w)+1 > cap(preSlab) {
			preSlab = make([]uint64, 0, max(4096, len(w)+1))
		}
		pre := preSlab[len(preSlab) : len(preSlab)+len(w)+1 : len(preSlab)+len(w)+1]
		preSlab = preSlab[:len(preSlab)+len(w)+1]
		pre[0] = 0
		for i := 0; i < len(w); i++ {
			pre[i+1] = pre[i]*hashBase + uint64(w[i]) + 1
		}
		if len(slab) == cap(slab) {
			slab = make([]nameEntry, 0, 256)
		}
		slab = append(slab, nameEntry{name: name, pos: pos, kind: kind, of: of, tokens: t, tight: tightKey(t), words: w, pre: pre})
		names = append(names, &slab[len(slab)-1])
	}
	side.Army.Walk(func(f *oob.Formation) {
		if f.Leader != nil {
			add(f.Leader.Name, "leader ", f.Leader, f.Leader.Pos)
			if r := f.Leader.Replacement; r != nil {
				add(r.Name, "replacement leader of ", f.Leader, r.Pos)
			}
		}
		for _, l := range f.Officers {
			add(l.Name, "leader ", l, l.Pos)
		}
		for _, u := range f.Units {
			add(u.Name, "unit ", u, u.Pos)
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
	byTokens := make(map[uint64][]*nameEntry, len(names)) // by the hash of words; the first of each words
	for _, n := range names {
		byTight[n.tight] = append(byTight[n.tight], n)
		h := n.pre[len(n.words)]
		known := false
		for _, m := range byTokens[h] {
			known = known || m.words == n.words
		}
		if !known {
			byTokens[h] = append(byTokens[h], n)
		}
	}
	// named finds the name whose words are s, hashed h.
	named := func(h uint64, s func() string) *nameEntry {
		ms := byTokens[h]
		if len(ms) == 0 {
			return nil
		}
		w := s()
		for _, m := range ms {
			if m.words == w {
				return m
			}
		}
		return nil
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
	// apart. Each variant is the joined words with the letter left out at
	// a byte: two names with the same variant at the same byte differ by
	// one letter there; a name whose variant is another name's words has
	// one letter more.
	var pow []uint64
	var edits []edit
	for _, n := range names {
		w := n.words
		L := len(w)
		at := 0
		for _, t := range n.tokens {
			start := at
			at += len(t) + 1
			if isDigits(t) || utf8.RuneCountInString(t) < 4 {
				continue
			}
			for k := start; k < start+len(t); {
				_, size := utf8.DecodeRuneInString(w[k:])
				e := edit{at: k, n: n, cut: k, end: k + size}
				e.hash = n.pre[k]*hashPow(&pow, L-k-size) + n.sub(&pow, k+size, L)
				if m := named(e.hash, e.rest); m != nil {
					report(m, n)
				}
				edits = append(edits, e)
				if next := k + size; next < start+len(t) {
					_, size2 := utf8.DecodeRuneInString(w[next:])
					if a, b := w[k:next], w[next:next+size2]; a != b {
						end := next + size2
						h := n.pre[k]*hashPow(&pow, L-k) + n.sub(&pow, next, end)*hashPow(&pow, L-k-size2) +
							n.sub(&pow, k, next)*hashPow(&pow, L-end) + n.sub(&pow, end, L)
						if m := named(h, func() string { return w[:k] + b + a + w[end:] }); m != nil {
							report(m, n)
						}
					}
				}
				k += size
			}
		}
	}
	// the edits of one variant at one byte, chained: first[k] is the last
	// edit of key k, prev[i] the one before edit i
	first := make(map[[2]uint64]int32, len(edits))
	prev := make([]int32, len(edits))
	for i, e := range edits {
		k := [2]uint64{uint64(e.at), e.hash}
		if j, ok := first[k]; ok {
			prev[i] = j
		} else {
			prev[i] = -1
		}
		first[k] = int32(i)
		for j := prev[i]; j >= 0; j = prev[j] {
			if edits[j].rest() == e.rest() {
				report(edits[j].n, e.n)
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
	what := strconv.Quote(n.what())
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
