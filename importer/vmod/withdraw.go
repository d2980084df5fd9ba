package vmod

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"sync"
)

// A muster module's help page lists each scenario's withdrawals, "USA Dec
// 30 1800: Stanley/Cav; D 1 OH Cav/Cav", each unit and leader by his
// designation (compile/vassal withdrawalLines): no VASSAL component holds
// them.

var (
	withdrawSection = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?s)<h3>([^<]*)</h3>.*?<h4>Withdrawals</h4>\s*<ul>(.*?)</ul>`)
	})
	withdrawLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\S+) (.+?): (.+)$`) })
)

// withdrawal is one group's withdrawal: its side, turn and pieces by
// designation.
type withdrawal struct {
	side, time string
	desigs     []string
}

// readWithdrawals reads the help page's withdrawals of each scenario.
func (im *importer) readWithdrawals(page string) {
	for _, sec := range strings.Split(page, "<h3>")[1:] {
		m := withdrawSection().FindStringSubmatch("<h3>" + sec)
		if m == nil {
			continue
		}
		name := html.UnescapeString(m[1])
		for _, it := range drawItem().FindAllStringSubmatch(m[2], -1) {
			l := withdrawLine().FindStringSubmatch(html.UnescapeString(it[1]))
			if l == nil {
				continue
			}
			if im.withdrawals == nil {
				im.withdrawals = map[string][]withdrawal{}
			}
			im.withdrawals[name] = append(im.withdrawals[name], withdrawal{l[1], l[2], strings.Split(l[3], "; ")})
		}
	}
}

// withdrawData writes a scenario's withdrawals:, each piece as its side's
// set-ups name it; a piece no slot of the module is, is reported.
func (im *importer) withdrawData(sc *scenario) string {
	ws := im.withdrawals[sc.name]
	if len(ws) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("withdrawals:\n")
	var sides []string
	for _, w := range ws {
		if !contains(sides, w.side) {
			sides = append(sides, w.side)
		}
	}
	for _, sid := range sides {
		sd := im.sides[sid]
		if sd == nil {
			im.res.Unread = append(im.res.Unread, Note{"scenario " + sc.id, fmt.Sprintf("withdrawals of side %q, which no piece belongs to: not written", sid)})
			continue
		}
		fmt.Fprintf(&b, "  %s:\n", q(sid))
		for _, w := range ws {
			if w.side != sid {
				continue
			}
			var refs []string
			for _, d := range w.desigs {
				pc := im.pieces[sid+"\x00"+d]
				if pc == nil {
					im.res.Unread = append(im.res.Unread, Note{"scenario " + sc.id, fmt.Sprintf("withdrawal of %s at %s names %q, no piece of the module: left out", sid, w.time, d)})
					continue
				}
				refs = append(refs, q(sd.ref(pc.name, d)))
			}
			if len(refs) > 0 {
				fmt.Fprintf(&b, "    - {time: %s, units: [%s]}\n", q(w.time), strings.Join(refs, ", "))
			}
		}
	}
	return b.String()
}

// emptyFormations makes the formations a muster module's empty arrival
// boxes name ("(of 4/C)", a formation with no pieces) where no piece made
// them, each at its siblings' level (else a level below its parent's), so the arrival names a formation of
// the forces.
func (im *importer) emptyFormations() {
	for _, id := range im.scenOrder {
		for _, a := range im.scen[id].arrivals {
			sd := im.sides[a.side]
			if sd == nil {
				continue
			}
			for _, d := range a.of {
				im.makeFormation(sd, d, "", nil)
			}
		}
	}
}
