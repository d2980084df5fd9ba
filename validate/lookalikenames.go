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
	name  string
	pos   diag.Pos
	kind  string    // "unit ", "leader ", "replacement leader of "
	of    qualified // whose qualified name follows kind: what() is "unit 74 IL/1/1/RW"
	words string    // lowercased words and numbers, apostrophes and full stops dropped, joined by spaces
	tight string    // the words run together, numbers kept apart
	long  bool      // a word of letters has four or more
	hw    uint64    // the hash of words (hashBase)
	ht    uint64    // the hash of tight
	// where words and tight are in the side's buffers, until they are
	// made strings (all of a side's at once)
	ws, we, ts, te int32
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

// hashOf is the hash of s.
func hashOf(s []byte) uint64 {
	var h uint64
	for i := 0; i < len(s); i++ {
		h = h*hashBase + uint64(s[i]) + 1
	}
	return h
}

// edit is one name with one letter left out, words[cut:end], the rest
// hashed.
type edit struct {
	hash     uint64
	n        *nameEntry
	cut, end int
}

// sameRest reports whether two edits leave the same words, without
// making either.
func (e *edit) sameRest(o *edit) bool {
	return joinedIs(o.n.words[:o.cut], o.n.words[o.end:], e.n.words[:e.cut], e.n.words[e.end:], "", "")
}

// joinedIs reports whether a+b is c+d+e+f, making none of them.
func joinedIs(a, b, c, d, e, f string) bool {
	if len(a)+len(b) != len(c)+len(d)+len(e)+len(f) {
		return false
	}
	for _, part := range [4]string{c, d, e, f} {
		n := min(len(part), len(a))
		if part[:n] != a[:n] {
			return false
		}
		a, part = a[n:], part[n:]
		if part != b[:len(part)] {
			return false
		}
		b = b[len(part):]
	}
	return true
}

// chain is a hash table of the ordinals of what it holds: val[i] is the
// i-th added, key[i] its full hash, head[slot] the last added to a slot
// and next[i] the one added to its slot before it (-1: none). A side's
// names are indexed in tables of their own size, with no map and no
// allocation per name.
type chain struct {
	head  []int32
	next  []int32
	key   []uint64
	val   []int32
	shift uint
}

func newChain(n int) chain {
	bits := uint(1)
	for 1<<bits < 2*n {
		bits++
	}
	head := make([]int32, 1<<bits)
	for i := range head {
		head[i] = -1
	}
	return chain{head: head, next: make([]int32, 0, n), key: make([]uint64, 0, n), val: make([]int32, 0, n), shift: 64 - bits}
}

// slot spreads a polynomial hash, whose low bits are poor, over the table.
func (c *chain) slot(h uint64) uint64 { return (h * 0x9E3779B97F4A7C15) >> c.shift }

func (c *chain) add(h uint64, v int32) {
	s := c.slot(h)
	c.next = append(c.next, c.head[s])
	c.key = append(c.key, h)
	c.val = append(c.val, v)
	c.head[s] = int32(len(c.key) - 1)
}

// appendWords appends to dst the tokens of name s joined by spaces: its
// lowercased runs of letters and of digits. Apostrophes and full stops
// vanish ("O'Neal" is "oneal", "Wm." is "wm"); any other punctuation or
// space separates; a run of capital Roman numerals ("II", "XII") is a
// number, "#ii", not a word.
func appendWords(dst []byte, s string) []byte {
	start := len(dst)
	tok := start // where the token being read starts
	kind := 0    // 1 letters, 2 digits
	roman := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		k := 0
		switch {
		case c >= 0x80:
			dst = dst[:start] // read again, a character at a time
			for j, t := range runeTokens(s) {
				if j > 0 {
					dst = append(dst, ' ')
				}
				dst = append(dst, t...)
			}
			return dst
		case c == '\'' || c == '.':
			continue
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			k = 1
		case '0' <= c && c <= '9':
			k = 2
		}
		if k != kind {
			if kind == 1 && roman {
				dst = markRoman(dst, tok)
			}
			kind, roman = k, true
			if k != 0 {
				if len(dst) > start {
					dst = append(dst, ' ')
				}
				tok = len(dst)
			}
		}
		if k == 0 {
			continue // a separator
		}
		if k == 1 {
			roman = roman && (c == 'I' || c == 'V' || c == 'X' || c == 'L' || c == 'C')
			if c <= 'Z' {
				c += 'a' - 'A'
			}
		}
		dst = append(dst, c)
	}
	if kind == 1 && roman {
		dst = markRoman(dst, tok)
	}
	return dst
}

// markRoman marks the token dst[tok:] a number: "#" before it.
func markRoman(dst []byte, tok int) []byte {
	dst = append(dst, 0)
	copy(dst[tok+1:], dst[tok:])
	dst[tok] = '#'
	return dst
}

// runeTokens is the tokens of a name of any characters, a character at a
// time (appendWords reads an ASCII name byte by byte).
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

// appendTight appends to dst the words run together, with a mark between
// two numbers so that "4/5 TN" is not "45 TN". long says whether a word of
// letters has four or more, where one letter may make a look-alike.
func appendTight(dst, words []byte) (_ []byte, long bool) {
	prevDigits := false
	for i := 0; i < len(words); {
		j := i
		for j < len(words) && words[j] != ' ' {
			j++
		}
		t := words[i:j]
		d := isDigits(t)
		if i > 0 && d && prevDigits {
			dst = append(dst, '|')
		}
		long = long || !d && len(t) >= 4 && utf8.RuneCount(t) >= 4
		dst = append(dst, t...)
		prevDigits = d
		i = j + 1
	}
	return dst, long
}

// isDigits reports whether a token is a number: digits, or a Roman
// numeral.
func isDigits[S string | []byte](t S) bool {
	if len(t) > 0 && t[0] < utf8.RuneSelf {
		return '0' <= t[0] && t[0] <= '9' || t[0] == '#'
	}
	r, _ := utf8.DecodeRuneInString(string(t))
	return unicode.IsDigit(r)
}

// lookAlike warns of two unit or leader names on one side that differ only
// by punctuation, case or one letter, unless the order of battle declares
// them distinct. Names are indexed by a normalised key and by one-letter
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
	count := 0
	side.Army.Walk(func(f *oob.Formation) { count += 2 + len(f.Officers) + len(f.Units) })
	all := make([]nameEntry, 0, count)
	add := func(name, kind string, of qualified, pos diag.Pos) {
		if name != "" {
			all = append(all, nameEntry{name: name, pos: pos, kind: kind, of: of})
		}
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
	// every name's words and tight key in two buffers, made strings once
	size := 0
	for i := range all {
		size += len(all[i].name) + 4
	}
	wbuf := make([]byte, 0, size)
	tbuf := make([]byte, 0, size)
	maxLen := 0
	for i := range all {
		n := &all[i]
		ws := len(wbuf)
		wbuf = appendWords(wbuf, n.name)
		ts := len(tbuf)
		tbuf, n.long = appendTight(tbuf, wbuf[ws:])
		n.ws, n.we, n.ts, n.te = int32(ws), int32(len(wbuf)), int32(ts), int32(len(tbuf))
		n.hw, n.ht = hashOf(wbuf[ws:]), hashOf(tbuf[ts:])
		maxLen = max(maxLen, len(wbuf)-ws)
	}
	words, tight := string(wbuf), string(tbuf)
	distinct := p.b.DistinctNames(side.ID)
	type pair struct{ a, b *nameEntry }
	var found []pair
	var done map[[2]string]bool
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
		if done == nil {
			done = map[[2]string]bool{}
		}
		done[k] = true
		found = append(found, pair{a, b})
	}
	// Each name once (the first of a spelling); its punctuation or case
	// against the first name of its tight key; the first name of each
	// words, for the one-letter variants to find.
	names := make([]*nameEntry, 0, len(all))
	seen, byTight, byWords := newChain(len(all)), newChain(len(all)), newChain(len(all))
	for i := range all {
		n := &all[i]
		n.words, n.tight = words[n.ws:n.we], tight[n.ts:n.te]
		h := n.hw // a name spelt again has the same words
		dup := false
		for j := seen.head[seen.slot(h)]; j >= 0 && !dup; j = seen.next[j] {
			dup = seen.key[j] == h && names[seen.val[j]].name == n.name
		}
		if dup {
			continue
		}
		v := int32(len(names))
		names = append(names, n)
		seen.add(h, v)
		first := false
		for j := byTight.head[byTight.slot(n.ht)]; j >= 0; j = byTight.next[j] {
			if m := names[byTight.val[j]]; byTight.key[j] == n.ht && m.tight == n.tight {
				report(m, n)
				first = true
				break
			}
		}
		if !first {
			byTight.add(n.ht, v)
		}
		if named(&byWords, names, n.hw, n.words, "", "", "") == nil {
			byWords.add(n.hw, v)
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
	pow := make([]uint64, maxLen+1)
	pow[0] = 1
	for i := 1; i < len(pow); i++ {
		pow[i] = pow[i-1] * hashBase
	}
	var pre []uint64 // pre[i] is the hash of words[:i], of the name whose edits are made
	var edits []edit
	for _, n := range names {
		if !n.long {
			continue
		}
		w := n.words
		L := len(w)
		pre = pre[:0]
		for start := 0; start < L; {
			end := strings.IndexByte(w[start:], ' ')
			if end < 0 {
				end = L
			} else {
				end += start
			}
			t := w[start:end]
			if isDigits(t) || utf8.RuneCountInString(t) < 4 {
				start = end + 1
				continue
			}
			if len(pre) == 0 {
				pre = append(pre, 0)
				for i := 0; i < L; i++ {
					pre = append(pre, pre[i]*hashBase+uint64(w[i])+1)
				}
			}
			sub := func(i, j int) uint64 { return pre[j] - pre[i]*pow[j-i] } // the hash of w[i:j]
			for k := start; k < end; {
				_, size := utf8.DecodeRuneInString(w[k:])
				e := edit{n: n, cut: k, end: k + size}
				e.hash = pre[k]*pow[L-k-size] + sub(k+size, L)
				if m := named(&byWords, names, e.hash, w[:k], w[k+size:], "", ""); m != nil {
					report(m, n)
				}
				edits = append(edits, e)
				if next := k + size; next < end {
					_, size2 := utf8.DecodeRuneInString(w[next:])
					if a, b := w[k:next], w[next:next+size2]; a != b {
						e2 := next + size2
						h := pre[k]*pow[L-k] + sub(next, e2)*pow[L-k-size2] + sub(k, next)*pow[L-e2] + sub(e2, L)
						if m := named(&byWords, names, h, w[:k], b, a, w[e2:]); m != nil {
							report(m, n)
						}
					}
				}
				k += size
			}
			start = end + 1
		}
	}
	// the edits of one variant at one byte
	byEdit := newChain(len(edits))
	for i := range edits {
		e := &edits[i]
		h := e.hash ^ uint64(e.cut)*0xBF58476D1CE4E5B9
		for j := byEdit.head[byEdit.slot(h)]; j >= 0; j = byEdit.next[j] {
			if o := &edits[byEdit.val[j]]; byEdit.key[j] == h && o.cut == e.cut && o.hash == e.hash && o.sameRest(e) {
				report(o.n, e.n)
			}
		}
		byEdit.add(h, int32(i))
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

// named finds the first name of byWords whose words are a+b+c+d, hashed h.
func named(byWords *chain, names []*nameEntry, h uint64, a, b, c, d string) *nameEntry {
	for j := byWords.head[byWords.slot(h)]; j >= 0; j = byWords.next[j] {
		if m := names[byWords.val[j]]; byWords.key[j] == h && joinedIs(m.words, "", a, b, c, d) {
			return m
		}
	}
	return nil
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
