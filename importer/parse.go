// Package importer reads set-up and reinforcement lists written in
// battle-book notation (Dead of Winter's "C3014: Post/1/1/RW, 59 IL, 5 WI
// Bty", Terrible Swift Sword's "| 0800 | 8 | 1/I; Reynolds |" schedule
// rows) and writes scenario YAML for muster. Lines it cannot read are
// kept, never dropped: each is reported with its line number and written
// into the output as a "# UNREAD L<n>: <text>" comment. See docs/import.md.
package importer

import (
	"fmt"
	"unicode"

	"github.com/muster-wargames/muster/oob"
	"regexp"
	"strconv"
	"strings"
)

// Entry is one name of a list, with what the book adds to it.
type Entry struct {
	Printed     string   // the piece as printed
	Name        string   // the name without its designation and annotations
	Des         string   // the designation printed after the name ("1/1/RW"), if any
	Formation   bool     // the whole piece is a formation designation ("4/1/P")
	Strength    *int     // "(7)", "(strength of 7)"
	Face        string   // "replacement" for "(repl)"
	Except      []string // "(except Scott Bty)", "(less X)", "(minus X)", "(w/o X)"
	Attached    string   // "(attached to 4/1/H)": the formation the piece answers to
	Rest        bool     // a formation that stands for its members named nowhere else
	Less        []string // the members a formation leaves out, as written to the YAML
	Notes       []string // every other annotation
	Breastworks bool     // "... in breastworks"
	Quals       []string // qualifiers to try when resolving a bare name, best first
	Out         string   // the name written to the YAML
	ref         *oob.Ref // what the name resolved to (resolution only)
}

// Line kinds.
const (
	kindSetup = iota
	kindArrival
	kindWithdrawal
)

// Item is one placement, arrival or withdrawal read from one line.
type Item struct {
	Kind        int
	Line        int
	Side        string
	Hex         string // set-up hex, or the anchor of a group placement
	Within      int    // group placement radius; 0 for a hex
	Breastworks bool
	Time        string   // as printed, four digits
	Day         string   // the day the time belongs to
	Hexes       []string // entry hexes
	Area        string
	Or          []string // the other areas the book gives ("4/5": 5)
	Optional    bool
	Fatigue     string // "Fatigue level 4": the level (GBACW 17.21)
	Notes       []string
	Entries     []Entry
	Comments    []string // UNREAD comments that precede the item
}

var (
	reBullet      = lazy(`^\s*(?:[•*·‣▪-]\s*)+`)
	reHex         = `[A-Z]\d{4}`
	rePlace       = lazy(`^(` + reHex + `):?\s+(B:\s*)?(\S.*)$`)
	reWithin      = lazy(`(?i)^(?:all units\s+)?within\s+(\w+)\s+hex(?:es)?\s+of\s+(` + reHex + `)\s*:\s*(\S.*)$`)
	reTimeLine    = lazy(`^(\d{3,4})\s*,\s*(.*)$`)
	reTimeColon   = lazy(`^(\d{3,4})\s*:\s*(\S.*)$`)
	reFollowing   = lazy(`(?i)^the following units?\s+(?:enters?|arrives?)\s+(?:at|on)\s+(?:the\s+)?(\d{3,4})(?:\s+turn)?\s*:?\s*$`)
	reSetupHead   = lazy(`(?i)^(?:[\d.]+\s+)?(union|confederates?|usa|csa)(?:\s+(set\s*up|initial\s+deployment))?\s*(?:[.:]\s*(.*))?$`)
	reReinfHead   = lazy(`(?i)^(union|confederates?|usa|csa)?\s*reinforcements?(?:\s+and\s+withdrawals)?\s*(?:[.:]\s*(.*))?$`)
	reStatus      = lazy(`(?i)set up (un)?disordered`)
	reDesignation = lazy(`^[0-9A-Za-z]+(/[0-9A-Za-z]+)+$|^[A-Z][A-Za-z]*$`)
	reProse       = lazy(`(?i)\b(is|are|by|to|all|only|the|with|enters?|attached|replaced|units|strength|of|at|not|play|may|must|eliminated|routed)\b`)
	reSection     = lazy(`^[A-Z][A-Za-z']*(?:\s+[A-Z][A-Za-z']*){0,3}$`)
	reDay         = lazy(`^(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})(?:st|nd|rd|th)?\b`)
	reTableHead   = lazy(`(?i)^\|\s*time\s*\|\s*area\s*\|\s*units\s*\|$`)
	reTableRule   = lazy(`^\|(?:\s*:?-+:?\s*\|)+$`)
	reTableRow    = lazy(`^\|\s*(\d{3,4})\s*\|\s*(\d+(?:/\d+)*)\s*\|\s*(.*?)\s*\|$`)
	reHexList     = lazy(`^(?i:enter\s+at\s+)?(?i:either\s+)?(` + reHex + `(?:\s*(?:,\s*or|,|or)\s*` + reHex + `)*)$`)
	reBetween     = lazy(`(?i)^between\s+(` + reHex + `)\s+and\s+(` + reHex + `)$`)
	reAppears     = lazy(`(?i)^appears\s+at\s+(` + reHex + `)$`)
	reEnterOn     = lazy(`(?i)\s*[—–-]+\s*(enter on\s+\S+)\s*$`)
	reFatigue     = lazy(`(?i)^fatigue\s+level\s+\d+$`)
	reDesPart     = lazy(`^(?:\d+|[A-Za-z][A-Za-z.]*)$`)
	reLeadDes     = lazy(`^(\d+(?:/[A-Za-z0-9.]+){2,})\s+(\S.*)$`)
	reInitial     = lazy(`^(?:[A-Z]\.\s*)+$`)
	reParenAll    = lazy(`\([^()]*\)`)
	reParen       = lazy(`\s*\(([^()]*)\)\s*$`)
)

var words = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}

var months = map[string]string{"January": "Jan", "February": "Feb", "March": "Mar", "April": "Apr", "May": "May", "June": "Jun",
	"July": "Jul", "August": "Aug", "September": "Sep", "October": "Oct", "November": "Nov", "December": "Dec"}

// parser holds the state carried from line to line.
type parser struct {
	opt     Options
	side    string
	mode    int    // kindSetup or kindArrival
	time    string // from a "The following units enter at 1000:" heading
	day     string
	ctx     string // the designation carried forward
	face    string // "disordered" under "the following units all set up disordered"
	items   []*Item
	unread  []Unread
	pending []string
}

// Unread is a line the importer could not read.
type Unread struct {
	Line   int
	Text   string
	Reason string
}

func (p *parser) refuse(n int, text, reason string) {
	p.unread = append(p.unread, Unread{n, text, reason})
	p.pending = append(p.pending, fmt.Sprintf("UNREAD L%d: %s", n, text))
}

func (p *parser) add(it *Item) {
	it.Comments, p.pending = p.pending, nil
	p.items = append(p.items, it)
}

func sideOf(word string, sides [2]string) string {
	w := strings.ToLower(word)
	if strings.HasPrefix(w, "union") || w == "usa" {
		return sides[0]
	}
	return sides[1]
}

// line reads one line of the book.
func (p *parser) line(n int, raw string) {
	text := strings.TrimSpace(reBullet.ReplaceAllString(raw, ""))
	text = strings.TrimSpace(strings.Map(plainRune, text))
	if text == "" {
		return
	}
	if m := reReinfHead.FindStringSubmatch(text); m != nil {
		if m[1] != "" {
			p.side = sideOf(m[1], p.opt.Sides)
		}
		p.mode, p.time, p.ctx, p.face = kindArrival, "", "", ""
		if rest := strings.TrimSpace(m[2]); rest != "" && !strings.EqualFold(strings.TrimSuffix(rest, "."), "none") {
			p.refuse(n, text, "prose after the heading")
		}
		return
	}
	if m := reSetupHead.FindStringSubmatch(text); m != nil && (m[2] != "" || m[3] == "") {
		p.side, p.time, p.ctx, p.face = sideOf(m[1], p.opt.Sides), "", "", ""
		if m[2] != "" {
			p.mode = kindSetup
		}
		if strings.TrimSpace(m[3]) != "" {
			p.refuse(n, text, "prose after the heading (a breastwork list or an inherited set-up has no place in a scenario document)")
		}
		return
	}
	if m := reStatus.FindStringSubmatch(text); m != nil {
		p.face = "disordered"
		if m[1] != "" {
			p.face = ""
		}
		p.pending = append(p.pending, "section: "+text)
		return
	}
	if m := reFollowing.FindStringSubmatch(text); m != nil {
		p.mode, p.time = kindArrival, pad(m[1])
		return
	}
	if m := reDay.FindStringSubmatch(text); m != nil && len(text) < 60 && !strings.Contains(text, ":") || m != nil && strings.HasSuffix(text, "Day") {
		p.day = months[m[1]] + " " + strings.TrimLeft(m[2], "0")
		return
	}
	if reTableHead.MatchString(text) || reTableRule.MatchString(text) {
		return
	}
	if m := reTableRow.FindStringSubmatch(text); m != nil {
		p.tableRow(n, text, m)
		return
	}
	if p.side == "" {
		p.refuse(n, text, "no side yet: a list must follow a heading such as UNION SETUP")
		return
	}
	if m := reWithin.FindStringSubmatch(text); m != nil {
		r, ok := words[strings.ToLower(m[1])]
		if !ok {
			r, _ = strconv.Atoi(m[1])
		}
		if r == 0 {
			p.refuse(n, text, "cannot read the distance")
			return
		}
		it := &Item{Kind: kindSetup, Line: n, Side: p.side, Hex: m[2], Within: r}
		if p.mode == kindArrival && p.time != "" {
			p.refuse(n, text, "group placement among reinforcements")
			return
		}
		if !p.list(n, text, it, m[3]) {
			return
		}
		p.add(it)
		return
	}
	if m := rePlace.FindStringSubmatch(text); m != nil {
		it := &Item{Kind: kindSetup, Line: n, Side: p.side, Hex: m[1], Breastworks: m[2] != ""}
		if p.mode == kindArrival {
			if p.time == "" {
				p.refuse(n, text, "an entry hex without a time")
				return
			}
			it = &Item{Kind: kindArrival, Line: n, Side: p.side, Time: p.time, Day: p.day, Hexes: []string{m[1]}}
		}
		if !p.list(n, text, it, m[3]) {
			return
		}
		p.add(it)
		return
	}
	if m := reTimeLine.FindStringSubmatch(text); m != nil {
		p.timed(n, text, pad(m[1]), m[2])
		return
	}
	if m := reTimeColon.FindStringSubmatch(text); m != nil {
		p.timed(n, text, pad(m[1]), ": "+m[2])
		return
	}
	if t := strings.TrimSpace(reParenAll.ReplaceAllString(text, "")); reSection.MatchString(t) && !strings.EqualFold(t, "none") {
		p.pending = append(p.pending, "section: "+text)
		return
	}
	p.refuse(n, text, "not a set-up, group, reinforcement or withdrawal line")
}

func pad(t string) string {
	if len(t) == 3 {
		return "0" + t
	}
	return t
}

// timed reads "1100, A4830: 1/1/LW" and its kin; rest follows "TIME,".
func (p *parser) timed(n int, text, tm, rest string) {
	it := &Item{Kind: kindArrival, Line: n, Side: p.side, Time: tm, Day: p.day}
	head, list, ok := strings.Cut(rest, ":")
	if !ok {
		p.refuse(n, text, "no ':' before the list of units")
		return
	}
	head = strings.TrimSpace(head)
	if m := reEnterOn.FindStringSubmatch(list); m != nil {
		it.Notes = append(it.Notes, m[1])
		list = list[:len(list)-len(m[0])]
	}
	// "Fixed, A1401", "Variable, A1041", "Special, appears at A3924"
	for _, w := range []string{"Fixed", "Variable", "Special"} {
		if strings.HasPrefix(head, w+",") || head == w {
			it.Notes = append(it.Notes, w)
			head = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(head, w), ","))
		}
	}
	switch {
	case head == "":
	case strings.EqualFold(head, "WITHDRAW"):
		it.Kind = kindWithdrawal
	case reBetween.MatchString(head):
		m := reBetween.FindStringSubmatch(head)
		it.Hexes = between(m[1], m[2])
		it.Notes = append(it.Notes, "between "+m[1]+" and "+m[2])
	case reAppears.MatchString(head):
		it.Hexes = []string{reAppears.FindStringSubmatch(head)[1]}
		it.Notes = append(it.Notes, "appears at "+it.Hexes[0]+" (not an edge hex)")
	case reHexList.MatchString(head):
		it.Hexes = regexp.MustCompile(reHex).FindAllString(head, -1)
	default:
		p.refuse(n, text, "cannot read the entry hexes "+strconv.Quote(head))
		return
	}
	if !p.list(n, text, it, list) {
		return
	}
	p.add(it)
}

// between lists the hexes from a to b when they share a column or a row.
func between(a, b string) []string {
	if a[0] != b[0] {
		return []string{a, b}
	}
	ca, ra := atoi(a[1:3]), atoi(a[3:5])
	cb, rb := atoi(b[1:3]), atoi(b[3:5])
	var out []string
	switch {
	case ca == cb:
		for r := min(ra, rb); r <= max(ra, rb); r++ {
			out = append(out, fmt.Sprintf("%c%02d%02d", a[0], ca, r))
		}
	case ra == rb:
		for c := min(ca, cb); c <= max(ca, cb); c++ {
			out = append(out, fmt.Sprintf("%c%02d%02d", a[0], c, ra))
		}
	default:
		return []string{a, b}
	}
	return out
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// tableRow reads a TSS schedule row "| 0800 | 8 | 1/I (Minus 7Ind); Reynolds |".
func (p *parser) tableRow(n int, text string, m []string) {
	if p.side == "" {
		p.refuse(n, text, "no side yet: a schedule must follow a heading such as 29.2 Union")
		return
	}
	it := &Item{Kind: kindArrival, Line: n, Side: p.side, Time: pad(m[1]), Day: p.day}
	areas := strings.Split(m[2], "/")
	it.Area = areas[0]
	if len(areas) > 1 {
		it.Or = areas[1:] // the book's alternatives, as data: or: [{area: ...}]
		it.Notes = append(it.Notes, "area "+strings.Join(areas, " or ")+", never split (29.0)")
	}
	units := strings.TrimSpace(m[3])
	if u, ok := cutPrefixFold(units, "(Optional/Non-Historical)"); ok {
		it.Optional = true
		units = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(u), ":"))
	}
	if u, ok := cutPrefixFold(units, "WITHDRAW:"); ok {
		it.Kind = kindWithdrawal
		units = strings.TrimSpace(u)
	}
	if i := strings.Index(strings.ToUpper(units), "UNITS MUST BE OFF"); i >= 0 {
		it.Notes = append(it.Notes, strings.TrimSpace(units[i:]))
		units = strings.TrimSpace(units[:i])
	}
	if f := strings.Fields(units); len(f) > 0 && len(f[len(f)-1]) > 2 {
		units = strings.TrimSuffix(units, ".")
	}
	if !p.list(n, text, it, units) {
		return
	}
	p.add(it)
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// list reads the units of a line into it; false when the line is refused.
func (p *parser) list(n int, text string, it *Item, s string) bool {
	s = strings.TrimSpace(s)
	// group annotations at the end of the whole list: "(Fatigue level 4)"
	for {
		m := reParen.FindStringSubmatchIndex(s)
		if m == nil || !reFatigue.MatchString(s[m[2]:m[3]]) {
			break
		}
		it.Notes = append(it.Notes, s[m[2]:m[3]])
		it.Fatigue = fatigueLevel(s[m[2]:m[3]])
		s = strings.TrimSpace(s[:m[0]])
	}
	if low := strings.ToLower(s); strings.HasSuffix(low, "in breastworks.*") || strings.HasSuffix(low, "in breastworks") && it.Within > 0 {
		it.Breastworks = true
		s = strings.TrimSpace(s[:strings.LastIndex(low, "in breastworks")])
		s = strings.TrimSuffix(s, ",")
	}
	// "3/Cav: 3 CS (7)": a formation, then its units
	// names the units of the formation that are in play; the formation
	// qualifies them and is not itself placed.
	if f, rest, ok := strings.Cut(s, ":"); ok && isDes(strings.TrimSpace(f)) {
		p.ctx = strings.TrimSpace(f)
		it.Notes = append(it.Notes, "of "+p.ctx)
		s = rest
	}
	pieces, err := split(s)
	if err != "" {
		p.refuse(n, text, err)
		return false
	}
	var es []Entry
	for _, pc := range pieces {
		low := strings.ToLower(pc)
		switch {
		case reFatigue.MatchString(pc):
			it.Notes = append(it.Notes, pc)
			it.Fatigue = fatigueLevel(pc)
			continue
		case low == "in breastworks":
			it.Breastworks = true
			continue
		case (strings.HasPrefix(low, "except ") || strings.HasPrefix(low, "less ")) && len(es) > 0 && es[len(es)-1].Formation:
			_, rest, _ := strings.Cut(pc, " ")
			es[len(es)-1].Except = append(es[len(es)-1].Except, strings.TrimSpace(rest))
			es[len(es)-1].Notes = append(es[len(es)-1].Notes, pc)
			continue
		case strings.HasPrefix(low, "attached to ") && len(es) > 0:
			if to := strings.TrimSpace(pc[len("attached to "):]); reDesignation.MatchString(to) && es[len(es)-1].Attached == "" {
				es[len(es)-1].Attached = to
			} else {
				es[len(es)-1].Notes = append(es[len(es)-1].Notes, pc)
			}
			continue
		}
		if m := reProse.FindString(reParenAll.ReplaceAllString(pc, "")); m != "" {
			p.refuse(n, text, "prose in the list ("+strconv.Quote(pc)+")")
			return false
		}
		e, bad := entry(pc)
		if bad != "" {
			p.refuse(n, text, bad)
			return false
		}
		if e.Breastworks {
			it.Breastworks = true
		}
		if e.Face == "" && it.Kind == kindSetup {
			e.Face = p.face
		}
		es = append(es, e)
	}
	if len(es) == 0 {
		p.refuse(n, text, "no units")
		return false
	}
	// Designations carry forward: the first designation in the line
	// counts for the bare names before it ("15 Ark, 13 Ark/1/2/H"),
	// then each designation for the names after it.
	lineDes := ""
	for _, e := range es {
		if e.Des != "" || e.Formation {
			lineDes = e.Des
			if e.Formation {
				lineDes = e.Name
			}
			break
		}
	}
	ctx, seen := p.ctx, false
	for i := range es {
		e := &es[i]
		switch {
		case e.Formation:
			ctx, seen = e.Name, true
		case e.Des != "":
			ctx, seen = e.Des, true
		default:
			if !seen && lineDes != "" {
				e.Quals = append(e.Quals, lineDes)
			}
			if ctx != "" && (len(e.Quals) == 0 || e.Quals[0] != ctx) {
				e.Quals = append(e.Quals, ctx)
			}
		}
	}
	p.ctx = ctx
	it.Entries = es
	return true
}

// split cuts a list at commas and semicolons outside parentheses, after a
// closing parenthesis that is followed by another name ("75 IL (4) 5 WI
// Artillery (5)"), and after a leading designation ("3/1/P 4 TN PA (6)").
// A lone company letter joins the next piece ("A, 1 OH Bty", "C, I IL Bty").
func split(s string) ([]string, string) {
	var raw []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return nil, "unbalanced parentheses"
			}
			if depth == 0 {
				rest := strings.TrimLeft(s[i+1:], " ")
				if rest != "" && rest != s[i+1:] && rest[0] != '(' && rest[0] != ',' && rest[0] != ';' && !strings.HasPrefix(strings.ToLower(rest), "in breastworks") {
					raw = append(raw, s[start:i+1])
					start = i + 1
				}
			}
		case ',', ';':
			if depth == 0 {
				raw = append(raw, s[start:i])
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, "unbalanced parentheses"
	}
	raw = append(raw, s[start:])
	var out []string
	for _, r := range raw {
		r = strings.TrimSpace(r)
		r = strings.TrimSpace(strings.TrimPrefix(r, "and "))
		if r == "" {
			continue
		}
		if m := reLeadDes.FindStringSubmatch(r); m != nil && isDes(m[1]) && m[2][0] != '(' {
			out = append(out, m[1], m[2])
			continue
		}
		out = append(out, r)
	}
	// "Jones, J.": TSS writes a leader's initial after a comma
	for i := 1; i < len(out); i++ {
		if reInitial.MatchString(out[i]) {
			out[i-1] += ", " + out[i]
			out = append(out[:i], out[i+1:]...)
			i--
		}
	}
	for i := 0; i+1 < len(out); i++ {
		// also before a battery whose number is misprinted ("C, I IL Bty", DoW L3659):
		// the lone "C" must not be read as the Center
		if len(out[i]) == 1 && out[i][0] >= 'A' && out[i][0] <= 'Z' && (out[i+1][0] >= '0' && out[i+1][0] <= '9' || strings.HasSuffix(out[i+1], " Bty")) {
			out[i] = out[i] + " " + out[i+1]
			out = append(out[:i+1], out[i+2:]...)
		}
	}
	return out, ""
}

// isDes reports whether s is a designation: "1/1/RW", "RW", "R/Cav",
// "3/Heth/III". A part with a space ("7 Ark" in "6/7 Ark") is none.
func isDes(s string) bool {
	parts := strings.Split(s, "/")
	for _, x := range parts {
		if !reDesPart.MatchString(x) {
			return false
		}
	}
	last := parts[len(parts)-1]
	if last[0] < 'A' || last[0] > 'Z' {
		return false
	}
	if len(parts) == 1 {
		return len(last) <= 4 || knownDes[strings.ToLower(last)]
	}
	return true
}

// knownDes are the words the books write where a designation goes.
var knownDes = map[string]bool{"escort": true, "provost": true, "center": true, "cavalry": true, "pioneers": true}

var desWords = lazy(`\s+(?:Corps|Division|Brigade)$`)

// entry reads one piece of a list.
func entry(pc string) (Entry, string) {
	e := Entry{Printed: pc}
	s := strings.TrimSpace(pc)
	if low := strings.ToLower(s); strings.HasSuffix(low, " in breastworks") {
		e.Breastworks = true
		s = strings.TrimSpace(s[:len(s)-len(" in breastworks")])
	}
	for {
		m := reParen.FindStringSubmatchIndex(s)
		if m == nil {
			break
		}
		a := strings.TrimSpace(s[m[2]:m[3]])
		s = strings.TrimSpace(s[:m[0]])
		low := strings.ToLower(a)
		switch {
		case regexp.MustCompile(`^\d+$`).MatchString(a):
			v := atoi(a)
			if e.Strength != nil {
				return e, "two strengths for one unit"
			}
			e.Strength = &v
		case regexp.MustCompile(`(?i)^strength of (\d+)$`).MatchString(a):
			v := atoi(regexp.MustCompile(`\d+`).FindString(a))
			e.Strength = &v
		case low == "repl" || low == "repl." || low == "replacement":
			e.Face = "replacement"
		case exceptNote(low):
			_, rest, _ := strings.Cut(a, " ")
			for _, x := range regexp.MustCompile(`,|\band\b`).Split(rest, -1) {
				if x = strings.TrimSpace(x); x != "" && !strings.EqualFold(x, "not in play") {
					e.Except = append(e.Except, x)
				}
			}
			e.Notes = append([]string{a}, e.Notes...)
		case strings.HasPrefix(low, "attached to ") && reDesignation.MatchString(strings.TrimSpace(a[len("attached to "):])) && e.Attached == "":
			e.Attached = strings.TrimSpace(a[len("attached to "):])
		default:
			e.Notes = append([]string{a}, e.Notes...)
		}
	}
	if s == "" {
		return e, "an annotation without a name"
	}
	if strings.ContainsAny(s, ":()\\") { // no name holds a backslash (S009 refuses one at the end)
		return e, "cannot read " + strconv.Quote(pc)
	}
	if len(strings.Fields(s)) > 6 {
		return e, "too many words for one name: " + strconv.Quote(pc)
	}
	if f := strings.Fields(s); len(f[len(f)-1]) > 2 {
		s = strings.TrimSuffix(s, ".") // a sentence's full stop, not an initial
	}
	if d := desWords.ReplaceAllString(s, ""); d != s && isDes(d) {
		e.Notes = append(e.Notes, "printed "+strconv.Quote(s))
		s = d
	}
	if first, _, _ := strings.Cut(s, "/"); isDes(s) && strings.Contains(s, "/") && (first[0] <= '9' || len(first) <= 3) {
		e.Name, e.Formation = s, true
		return e, ""
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '/' {
			continue
		}
		d := desWords.ReplaceAllString(s[i+1:], "")
		if i > 0 && isDes(d) {
			e.Name, e.Des = strings.TrimSpace(s[:i]), d
			return e, ""
		}
	}
	e.Name = s
	return e, ""
}

// plainRune makes a book's text safe to name things with: a no-break
// space, a tab or any other control character becomes a space (a name may
// not hold one, S009), and the non-characters U+FFFE and U+FFFF become
// U+FFFD.
func plainRune(r rune) rune {
	switch {
	case r == '\u00a0' || unicode.IsControl(r):
		return ' '
	case r == '\uFFFE' || r == '\uFFFF':
		return '\uFFFD'
	}
	return r
}

// fatigueLevel is the level of a "Fatigue level 4" annotation.
func fatigueLevel(s string) string {
	f := strings.Fields(s)
	return f[len(f)-1]
}
