package vmod

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// A leader with further counters (forces counters:, 3DoG BB 4.44: A.P.
// Hill's -1 counter) has a Counter layer a level a counter, and the
// ratings that change as Calculated Properties that follow it
// (compile/vassal counterProp); the help page's key table names each
// counter and its first turn, "Hill: Hill -1 from Jul 1 1800".

// helpCounters finds that cell of the help page's key table.
var helpCounters = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`<tr><td>A leader(?:&#39;|')s next counter / the one before</td><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td>`)
})

// readCounters reads the help page's names and first turns of the
// leaders' further counters.
func (im *importer) readCounters(page string) {
	m := helpCounters().FindStringSubmatch(page)
	if m == nil {
		return
	}
	for _, it := range strings.Split(html.UnescapeString(m[1]), ", ") {
		leader, rest, ok := strings.Cut(it, ": ")
		name, from, ok2 := strings.Cut(rest, " from ")
		if !ok || !ok2 {
			continue
		}
		if im.counterNames == nil {
			im.counterNames = map[string][]*leaderCounter{}
		}
		im.counterNames[leader] = append(im.counterNames[leader], &leaderCounter{name: name, from: from})
	}
}

// leaderCounters reads a leader's ratings that follow his counters: the
// first counter's into his values, each further one's into its counter.
func (im *importer) leaderCounters(n *node, p *props, pc *piece, used map[string]bool) {
	if len(p.counters) == 0 {
		return
	}
	cs := im.counterNames[pc.name]
	for _, t := range p.counters {
		f := seq.Decode(strings.TrimPrefix(t.typ, "calcProp;"), ';')
		if len(f) < 2 {
			continue
		}
		key, expr := f[0], f[1]
		if _, ok := im.rules.Fields[key]; !ok {
			continue // "Ratings", the stack viewer's line: made again
		}
		// his own rating, empty where only a leader his piece shows has
		// the rating (compile/vassal shownKeys)
		if m := counterFirst().FindStringSubmatch(expr); m != nil && !used[key] {
			if m[1] != "" {
				pc.values = append(pc.values, [2]string{key, m[1]})
			}
			used[key] = true
		}
		if m := faceRatingRe().FindStringSubmatch(expr); m != nil && pc.replacement != nil {
			if v, err := strconv.Unquote(m[1]); err == nil && v != "" {
				pc.replacement.values = append(pc.replacement.values, [2]string{key, v})
			}
		}
		for _, m := range counterRe().FindAllStringSubmatch(expr, -1) {
			lv, _ := strconv.Atoi(m[1])
			if lv-2 < 0 || lv-2 >= len(cs) {
				im.unread(n, "leader %q: his counter at level %d of the Counter layer is not named on the help page: not read", pc.name, lv)
				continue
			}
			cs[lv-2].values = append(cs[lv-2].values, [2]string{key, m[2]})
		}
	}
	pc.counters = cs
}

// counterName is the name of the further counter a leader's Counter
// layer shows at level lv, "" when the help page does not name it.
func (im *importer) counterName(leader string, lv int) string {
	cs := im.counterNames[leader]
	if lv-2 < 0 || lv-2 >= len(cs) {
		return ""
	}
	return cs[lv-2].name
}

// leaderReplacement reads a leader's replacement (forces replacement:),
// the second level of his Face layer (compile/vassal leaderCounter): his
// name label follows the face, the replacement's name on level 2, and so
// do his ratings (leaderCounters reads them). A name label that does not
// follow the face names both alike.
func (im *importer) leaderReplacement(n *node, p *props, pc *piece) {
	if len(p.layers["Face"]) < 2 {
		return
	}
	name := p.nameLabel
	if m := faceRatingRe().FindStringSubmatch(name); m != nil {
		name, _ = strconv.Unquote(m[1])
	} else if name == "" || strings.Contains(name, "$") || strings.HasPrefix(name, "{") {
		im.unread(n, "leader %q: his name label %q does not name his replacement: read as no replacement", pc.name, p.nameLabel)
		return
	}
	pc.replacement = &leaderCounter{name: name}
}
