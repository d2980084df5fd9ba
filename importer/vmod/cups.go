package vmod

import (
	"fmt"
	"html"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// What a muster module's draw cups hold is what the scenario gives them:
// its activation markers, efficiency pools, Event card allotments and the
// chits it adds to a cup. The module holds the chits in each scenario's
// DrawPile, and its help page says, for each scenario, the data they come
// from (compile/vassal drawLines): "Activation markers: USA 1/RW 4",
// "Attached: CSA 1/2/P to 1/P", "USA efficiency pool: 3×1, 2×2", "USA efficiency fixed for Dec 31 0700:
// RW 1", "Added to draw-pile: 1 × Fog of War", "USA Event cards from Jul 1
// 1200: 2 Key and 6 Random each turn; ...". The chits alone cannot say
// which Event cards are Key and which Random, nor a pool from the cup's
// own list: the help page's lines are read, and the piles counted, so the
// report says of a pile whose chits no line accounts for.

// cupsRead is what the draw cups and the help page say of each scenario.
type cupsRead struct {
	lines map[string][]string // scenario name → the help page's lines on its cups
	chits map[string]int      // scenario id → chits in its draw piles
	piles map[string]*node    // scenario id → its first draw pile, for the report
}

var (
	drawSection = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)<h3>([^<]*)</h3>.*?<h4>Activation and efficiency</h4>\s*<ul>(.*?)</ul>`)
	})
	drawItem = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?s)<li>(.*?)</li>`) })
)

// readDraws reads the help page's lines on each scenario's cups.
func (c *cupsRead) readDraws(page string) {
	for _, sec := range strings.Split(page, "<h3>")[1:] {
		m := drawSection().FindStringSubmatch("<h3>" + sec)
		if m == nil {
			continue
		}
		if c.lines == nil {
			c.lines = map[string][]string{}
		}
		name := html.UnescapeString(m[1])
		for _, it := range drawItem().FindAllStringSubmatch(m[2], -1) {
			c.lines[name] = append(c.lines[name], html.UnescapeString(it[1]))
		}
	}
}

// drawPile counts the chits of a muster module's draw pile, "AM Pool
// (intro)"; the drawn piles start empty.
func (im *importer) drawPile(n *node) {
	_, scID, ok := scenarioOf(n.attr("name"))
	if !ok || scID == "free" {
		return
	}
	if im.cups.chits == nil {
		im.cups.chits, im.cups.piles = map[string]int{}, map[string]*node{}
	}
	for _, k := range n.Kids {
		if k.Class == "widget.PieceSlot" {
			im.cups.chits[scID]++
		}
	}
	if im.cups.piles[scID] == nil {
		im.cups.piles[scID] = n
	}
}

// drawData writes a scenario's activation, efficiency, cups and events
// from the help page's lines, and says in the report what was read; a
// scenario whose piles hold chits with no line to say why is reported.
func (im *importer) drawData(sc *scenario) string {
	lines := im.cups.lines[sc.name]
	if len(lines) == 0 {
		// a scenario that gives its cups nothing has the ruleset's chits
		// (Summer Storm's two DACs a division), which the rebuild makes
		// again; without a help page, what it gave cannot be told
		if n := im.cups.chits[sc.id]; n > 0 && im.help == nil {
			im.unread(im.cups.piles[sc.id], "scenario %s: its draw cups hold %d chits, and with no help page to say which activation markers, efficiency pools, Event cards or added chits they are, they are not read", sc.id, n)
		}
		return ""
	}
	type entry struct{ key, val string }
	act := map[string][]entry{}      // side → formation: count
	attached := map[string][]entry{} // side → formation: the one it is attached to
	pool := map[string][]entry{}     // side → value: count
	hasPool := map[string]bool{}     // side → a pool is given (perhaps empty)
	fixed := map[string][]entry{}    // side → time: {formation: value, ...}
	events := map[string][]string{}  // side → allotments
	cups := map[string][]entry{}     // cup → name: count
	var sides, cupOrder []string
	addSide := func(s string) {
		if !contains(sides, s) {
			sides = append(sides, s)
		}
	}
	for _, l := range lines {
		switch {
		case drawAttachedRe().MatchString(l):
			m := drawAttachedRe().FindStringSubmatch(l)
			addSide(m[1])
			attached[m[1]] = append(attached[m[1]], entry{m[2], q(m[3])})
		case strings.HasPrefix(l, "Activation markers: "):
			for _, it := range strings.Split(strings.TrimPrefix(l, "Activation markers: "), ", ") {
				f := strings.Fields(it)
				if len(f) < 3 {
					im.badDrawLine(sc, l)
					continue
				}
				addSide(f[0])
				act[f[0]] = append(act[f[0]], entry{strings.Join(f[1:len(f)-1], " "), f[len(f)-1]})
			}
		case drawPoolRe().MatchString(l):
			m := drawPoolRe().FindStringSubmatch(l)
			addSide(m[1])
			hasPool[m[1]] = true
			if m[2] == "empty" {
				continue
			}
			for _, it := range strings.Split(m[2], ", ") {
				n, v, ok := strings.Cut(it, "×")
				if !ok {
					im.badDrawLine(sc, l)
					continue
				}
				pool[m[1]] = append(pool[m[1]], entry{v, n})
			}
		case drawFixedRe().MatchString(l):
			m := drawFixedRe().FindStringSubmatch(l)
			addSide(m[1])
			var fs []string
			for _, it := range strings.Split(m[3], ", ") {
				i := strings.LastIndex(it, " ")
				if i < 0 {
					im.badDrawLine(sc, l)
					continue
				}
				fs = append(fs, q(it[:i])+": "+it[i+1:])
			}
			fixed[m[1]] = append(fixed[m[1]], entry{m[2], "{" + strings.Join(fs, ", ") + "}"})
		case drawCupRe().MatchString(l):
			m := drawCupRe().FindStringSubmatch(l)
			if _, ok := cups[m[1]]; !ok {
				cupOrder = append(cupOrder, m[1])
			}
			cups[m[1]] = append(cups[m[1]], entry{m[3], m[2]})
		case drawEventsRe().MatchString(l):
			m := drawEventsRe().FindStringSubmatch(l)
			addSide(m[1])
			a := "key: " + m[3] + ", random: " + m[4]
			if m[2] != "" {
				a = "from: " + q(m[2]) + ", " + a
			}
			events[m[1]] = append(events[m[1]], "{"+a+"}")
		default:
			im.badDrawLine(sc, l)
		}
	}
	var s strings.Builder
	var read []string
	section := func(key string, per map[string][]entry, write func(side string, es []entry) string) {
		first := true
		for _, sd := range sides {
			if _, ok := per[sd]; !ok {
				continue
			}
			if first {
				s.WriteString(key + ":\n")
				first = false
			}
			fmt.Fprintf(&s, "  %s: %s\n", q(sd), write(sd, per[sd]))
		}
	}
	pairs := func(es []entry, quote bool) string {
		var ps []string
		for _, e := range es {
			k := e.key
			if quote {
				k = q(k)
			}
			ps = append(ps, k+": "+e.val)
		}
		return "{" + strings.Join(ps, ", ") + "}"
	}
	section("attachments", attached, func(sd string, es []entry) string {
		read = append(read, fmt.Sprintf("%s attachments (%d)", sd, len(es)))
		return pairs(es, true)
	})
	section("activation", act, func(sd string, es []entry) string {
		read = append(read, fmt.Sprintf("%s activation markers (%d formations)", sd, len(es)))
		return pairs(es, true)
	})
	eff := map[string][]entry{}
	for _, sd := range sides {
		if hasPool[sd] || len(fixed[sd]) > 0 {
			eff[sd] = nil
		}
	}
	section("efficiency", eff, func(sd string, _ []entry) string {
		var ps []string
		if hasPool[sd] {
			ps = append(ps, "pool: "+pairs(pool[sd], false))
			read = append(read, sd+" efficiency pool")
		}
		if len(fixed[sd]) > 0 {
			ps = append(ps, "fixed: "+pairs(fixed[sd], true))
			read = append(read, fmt.Sprintf("%s efficiency fixed for %d turns", sd, len(fixed[sd])))
		}
		return "{" + strings.Join(ps, ", ") + "}"
	})
	if len(cups) > 0 {
		s.WriteString("cups:\n")
		for _, c := range cupOrder {
			fmt.Fprintf(&s, "  %s: %s\n", c, pairs(cups[c], true))
			read = append(read, fmt.Sprintf("%d kinds of chits added to %s", len(cups[c]), c))
		}
	}
	ev := map[string][]entry{}
	for sd := range events {
		ev[sd] = nil
	}
	section("events", ev, func(sd string, _ []entry) string {
		read = append(read, sd+" Event cards")
		if len(events[sd]) == 1 {
			return events[sd][0]
		}
		return "[" + strings.Join(events[sd], ", ") + "]"
	})
	sort.Strings(read)
	im.res.Read = append(im.res.Read, fmt.Sprintf("scenario %s: draw cups (%d chits), from the help page: %s", sc.id, im.cups.chits[sc.id], strings.Join(read, ", ")))
	return s.String()
}

var (
	drawAttachedRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Attached: (\S+) (.+) to (.+)$`) })
	drawPoolRe     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\S+) efficiency pool: (.*)$`) })
	drawFixedRe    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\S+) efficiency fixed for (.+?): (.*)$`) })
	drawCupRe      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Added to ([a-z][a-z0-9-]*): ([0-9]+) × (.*)$`) })
	drawEventsRe   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(\S+) Event cards(?: from (.+?))?: ([0-9]+) Key and ([0-9]+) Random each turn`)
	})
)

func (im *importer) badDrawLine(sc *scenario, l string) {
	im.res.Unread = append(im.res.Unread, Note{"scenario " + sc.id, "the help page's line on its draw cups is not understood: " + strconv.Quote(l)})
}
