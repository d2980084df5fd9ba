package vassal

import (
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/oob"
)

// helpFile is the module's help page, help/<battle id>.html, shown in
// VASSAL's own help window (Help > <battle name>; HelpFile with fileType
// "archive" reads it from the module).
func (m *vmod) helpFile() string { return "help/" + m.b.ID + ".html" }

// documentation is the Documentation component with the help page.
func (m *vmod) documentation() *xnode {
	m.files[m.helpFile()] = m.helpPage()
	return el("module.Documentation").add(el("module.documentation.HelpFile", "title", m.b.Name, "fileName", m.helpFile(), "fileType", "archive"))
}

// helpPage writes, per scenario, its name, note and victory conditions,
// then the keys of every counter state, strength step, marker and piece.
func (m *vmod) helpPage() []byte {
	var b strings.Builder
	e := html.EscapeString
	p := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			b.WriteString("<p>" + strings.ReplaceAll(e(s), "\n\n", "</p><p>") + "</p>\n")
		}
	}
	b.WriteString("<html><head><title>" + e(m.b.Name) + "</title></head><body>\n")
	b.WriteString("<h1>" + e(m.b.Name) + "</h1>\n")
	p(m.description())
	p(m.b.Note)
	if m.b.Illustrative != "" {
		b.WriteString("<p><i>Illustrative:</i> " + e(m.b.Illustrative) + "</p>\n")
	}
	b.WriteString("<h2>Scenarios</h2>\n")
	for _, sc := range m.b.Scenarios {
		name := sc.Name
		if name == "" {
			name = sc.ID
		}
		b.WriteString("<h3>" + e(name) + "</h3>\n")
		turns := sc.First.Text()
		if sc.Last.Day != "" {
			turns += " to " + sc.Last.Text()
		}
		b.WriteString("<p><b>Turns:</b> " + e(turns))
		if sc.FirstSide != "" {
			b.WriteString("; " + e(sc.FirstSide) + " moves first")
		}
		b.WriteString(". Start it from File &gt; " + e(name) + ".</p>\n")
		p(sc.Note)
		if lines := m.drawLines(sc); len(lines) > 0 {
			b.WriteString("<h4>Activation and efficiency</h4>\n<ul>\n")
			for _, l := range lines {
				b.WriteString("<li>" + e(l) + "</li>\n")
			}
			b.WriteString("</ul>\n")
		}
		if lines := withdrawalLines(sc); len(lines) > 0 {
			b.WriteString("<h4>Withdrawals</h4>\n<ul>\n")
			for _, l := range lines {
				b.WriteString("<li>" + e(l) + "</li>\n")
			}
			b.WriteString("</ul>\n")
		}
		if sc.Victory.Text != "" || len(sc.Victory.Hexes) > 0 {
			b.WriteString("<h4>Victory</h4>\n")
			p(sc.Victory.Text)
			if len(sc.Victory.Hexes) > 0 {
				b.WriteString("<ul>\n")
				for _, vh := range sc.Victory.Hexes {
					var hs []string
					for _, h := range vh.Hexes {
						hs = append(hs, h.Label)
					}
					var pts []string
					for _, sd := range m.b.Sides {
						if n, ok := vh.Points[sd.ID]; ok {
							pts = append(pts, sd.ID+" "+strconv.Itoa(n))
						}
					}
					line := strings.Join(hs, ", ")
					if len(pts) > 0 {
						line += ": " + strings.Join(pts, ", ")
					}
					if vh.Note != "" {
						line += " (" + vh.Note + ")"
					}
					b.WriteString("<li>" + e(line) + "</li>\n")
				}
				b.WriteString("</ul>\n")
			}
		}
		if sc.Source != "" {
			b.WriteString("<p><small>Source: " + e(sc.Source) + "</small></p>\n")
		}
	}
	b.WriteString("<h2>Keys</h2>\n<table border=\"1\" cellpadding=\"3\">\n<tr><th>What</th><th>Key</th><th>Back</th><th>Levels</th><th>Rule</th></tr>\n")
	row := func(what, key, back, levels, rule string) {
		b.WriteString("<tr><td>" + e(what) + "</td><td>" + e(key) + "</td><td>" + e(back) + "</td><td>" + e(levels) + "</td><td>" + e(rule) + "</td></tr>\n")
	}
	pl := m.b.Rules.Play
	row("Next face / previous face (counters with a back)", "ctrl F", "ctrl shift F", "", "")
	for _, st := range pl.States {
		t := st.Title
		if t == "" {
			t = st.ID
		}
		lv := strings.Join(st.Levels, ", ")
		if st.Facings > 0 {
			lv = strconv.Itoa(st.Facings) + " facings"
		}
		if st.Clear {
			lv += " (toolbar: Reset " + strings.ToLower(t) + ")"
		}
		row(t, st.Key, st.Back, lv, st.Rule)
	}
	if pl.Strength.Down != "" || pl.Strength.Up != "" {
		row("Strength down / up", pl.Strength.Down, pl.Strength.Up, "", pl.Strength.Rule)
	}
	if pl.Keys.Flip != "" {
		row("Flip", pl.Keys.Flip, "", "", "")
	}
	if pl.Keys.Delete != "" {
		row("Delete", pl.Keys.Delete, "", "", "")
	}
	if pl.Keys.Clone != "" {
		row("Clone", pl.Keys.Clone, "", "", "")
	}
	if names := m.furtherCounters(); pl.Keys.Counter != "" && len(names) > 0 {
		row("A leader's next counter / the one before", pl.Keys.Counter, "with shift", strings.Join(names, ", "), "")
	}
	for _, mk := range pl.Markers {
		t := mk.Title
		if t == "" {
			t = mk.ID
		}
		k := ""
		if len(mk.Faces) > 0 {
			k = "ctrl F"
		}
		row("Marker: "+t, k, "", strings.Join(mk.Faces, ", "), mk.Rule)
	}
	for _, c := range pl.Cups {
		row("Draw cup: "+cupTitle(c), "", "", c.Chits, c.Rule)
	}
	b.WriteString("</table>\n")
	b.WriteString("<h2>Windows</h2>\n<ul>\n")
	for _, s := range []string{
		"Main Map: hover over a stack for its pieces and their values; Overview; LOS (range in hexes).",
		"Order of Battle: every unit and leader, by side and formation. Markers: the marker tray.",
		"OOB and OOB (side): where every piece is. Eliminated (side): a map for eliminated and routed-off units and used markers.",
		"Reinforcements: each scenario's arrivals in boxes, by turn. Draw cups (when the rules have them).",
		"Turn: the day and the time of day with its light (day, dawn, dusk, night). Notes. Dice.",
	} {
		b.WriteString("<li>" + e(s) + "</li>\n")
	}
	b.WriteString("</ul>\n")
	b.WriteString(strings.Join(m.flagsHelp(), "\n") + "\n")
	b.WriteString("</body></html>\n")
	return []byte(b.String())
}

// drawLines says, for the help page, what a scenario puts in its draw
// cups and what it fixes: each formation's activation markers, each side's
// efficiency pool ("USA: 3×1, 2×2") and the efficiencies fixed for a turn.
func (m *vmod) drawLines(sc *battle.Scenario) []string {
	var out []string
	var act []string
	for _, a := range sc.Activation {
		act = append(act, fmt.Sprintf("%s %s %d", a.Side, a.Formation.Label(), a.Count))
	}
	if len(act) > 0 {
		out = append(out, "Activation markers: "+strings.Join(act, ", "))
	}
	out = append(out, attachedLines(sc)...)
	for _, ef := range sc.Efficiency {
		if ef.HasPool {
			var pool []string
			for _, mk := range ef.Pool {
				pool = append(pool, fmt.Sprintf("%d×%d", mk.Count, mk.Value))
			}
			if len(pool) == 0 {
				pool = append(pool, "empty")
			}
			out = append(out, ef.Side+" efficiency pool: "+strings.Join(pool, ", "))
		}
		byTurn := map[string][]string{}
		var turns []string
		for _, f := range ef.Fixed {
			t := f.Turn.Text()
			if _, ok := byTurn[t]; !ok {
				turns = append(turns, t)
			}
			byTurn[t] = append(byTurn[t], fmt.Sprintf("%s %d", f.Formation.Label(), f.Value))
		}
		for _, t := range turns {
			out = append(out, fmt.Sprintf("%s efficiency fixed for %s: %s", ef.Side, t, strings.Join(byTurn[t], ", ")))
		}
	}
	for _, c := range sc.Cups {
		out = append(out, fmt.Sprintf("Added to %s: %d × %s", c.Cup, c.Count, c.Name))
	}
	for _, a := range sc.Events {
		from := ""
		if a.HasFrom {
			from = " from " + a.From.Text()
		}
		out = append(out, fmt.Sprintf("%s Event cards%s: %d Key and %d Random each turn; the %s box holds the first turn's as %d × %s Event (draw one, then play one of your chosen cards at random)", a.Side, from, a.Key, a.Random, m.b.Rules.Figures.Events.Cup, a.Key+a.Random, a.Side))
	}
	return out
}

// withdrawalLines say, for the help page, who leaves the map when: "USA
// Dec 30 1800: Stanley/Cav; D 1 OH Cav/Cav", each unit and leader by his
// designation (import vmod reads them back).
func withdrawalLines(sc *battle.Scenario) []string {
	var out []string
	for _, w := range sc.Withdrawals {
		var names []string
		once := battle.NewOnce(w.Pieces)
		for _, p := range w.Pieces {
			for _, l := range p.Ref.Leaders() {
				if once.Take(l, p) {
					names = append(names, l.QualifiedName())
				}
			}
			for _, u := range p.Ref.Units() {
				if once.Take(u, p) {
					names = append(names, u.QualifiedName())
				}
			}
		}
		if len(names) > 0 {
			out = append(out, w.Side+" "+w.Time.Text()+": "+strings.Join(names, "; "))
		}
	}
	return out
}

// attachedLines say whom the scenario attaches each formation to, which
// decides who commands and activates it: "Attached: CSA 1/2/P to 1/P".
func attachedLines(sc *battle.Scenario) []string {
	var out []string
	for f, to := range sc.Attachments {
		out = append(out, fmt.Sprintf("Attached: %s %s to %s", f.Side, f.Label(), to.Label()))
	}
	sort.Strings(out)
	return out
}

// eventChits are the "SIDE Event" cards a scenario's Event card
// allotments put into the events cup on its first turn (AMFS D-2): one a
// Key or Random card of the side's allotment then in force. Drawing one,
// its side plays one of the cards it chose, at random; which is the same
// as shuffling the cards themselves into the pile.
func eventChits(sc *battle.Scenario) []string {
	var out []string
	first := map[string]battle.EventAllotment{}
	var sides []string
	for _, a := range sc.Events {
		if _, ok := first[a.Side]; !ok {
			sides = append(sides, a.Side)
		}
		if a.From.Index <= sc.First.Index || !a.HasFrom {
			first[a.Side] = a
		}
	}
	for _, sd := range sides {
		a := first[sd]
		for range a.Key + a.Random {
			out = append(out, sd+" Event")
		}
	}
	return out
}

// furtherCounters names the battle's leaders' further counters (forces
// counters:), as "Hill: Hill -1 from Jul 1 1800", in the order the
// leaders were read.
func (m *vmod) furtherCounters() []string {
	var out []string
	for _, sd := range m.b.Sides {
		if sd.Army == nil {
			continue
		}
		sd.Army.Walk(func(f *oob.Formation) {
			for _, l := range formationLeaders(f) {
				for _, c := range l.Counters {
					out = append(out, l.Name+": "+c.Name+" from "+c.From)
				}
			}
		})
	}
	return out
}
