package check

import (
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/game"
	"github.com/muster-wargames/muster/oob"
)

// Report writes an after-action report of a game as Markdown (muster game
// report): the losses of each side by formation, in strength points and
// units eliminated, against the scenario's set-up and arrivals; and where
// every unit and leader stands at the end, on the map by hex and off it
// by box.
func Report(b *battle.Battle, sc *battle.Scenario, t battle.Turn, placed []Placed, g *game.Game) []byte {
	a := newAAR(b, sc, t, placed, g)
	var w strings.Builder
	fmt.Fprintf(&w, "# %s\n\n%s\n\n## Losses\n\n%s\n\n", a.title, a.intro, a.lossNote)
	table := func(head []string, rows [][]string, right int) {
		w.WriteString("| " + strings.Join(head, " | ") + " |\n|")
		for i := range head {
			if i >= right && i < right+3 {
				w.WriteString("---:|")
			} else {
				w.WriteString("---|")
			}
		}
		w.WriteString("\n")
		for _, r := range rows {
			cells := make([]string, len(r))
			for i, c := range r {
				cells[i] = md(c)
			}
			w.WriteString("| " + strings.Join(cells, " | ") + " |\n")
		}
	}
	table(a.lossHead, a.losses, 3)
	w.WriteString("\n## Positions at the end\n")
	for _, sp := range a.positions {
		fmt.Fprintf(&w, "\n### %s\n\n", sp.side)
		table([]string{"Where", "Pieces"}, sp.rows, 9)
	}
	return []byte(w.String())
}

// ReportHTML is Report as an HTML page, with the map (an SVG picture the
// caller draws of the position) under the positions' heading.
func ReportHTML(b *battle.Battle, sc *battle.Scenario, t battle.Turn, placed []Placed, g *game.Game, mapSVG []byte) []byte {
	a := newAAR(b, sc, t, placed, g)
	e := html.EscapeString
	var w strings.Builder
	fmt.Fprintf(&w, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>\n", e(a.title))
	w.WriteString("<style>body{font-family:sans-serif;max-width:70em;margin:auto}table{border-collapse:collapse}td,th{border:1px solid;padding:2px 6px}td.n{text-align:right}svg{max-width:100%;height:auto}</style></head><body>\n")
	fmt.Fprintf(&w, "<h1>%s</h1>\n<p>%s</p>\n<h2>Losses</h2>\n<p>%s</p>\n", e(a.title), e(a.intro), e(a.lossNote))
	table := func(head []string, rows [][]string, right int) {
		w.WriteString("<table><tr>")
		for _, h := range head {
			w.WriteString("<th>" + e(h) + "</th>")
		}
		w.WriteString("</tr>\n")
		for _, r := range rows {
			w.WriteString("<tr>")
			for i, c := range r {
				if i >= right && i < right+3 {
					w.WriteString("<td class=\"n\">" + e(c) + "</td>")
				} else {
					w.WriteString("<td>" + e(c) + "</td>")
				}
			}
			w.WriteString("</tr>\n")
		}
		w.WriteString("</table>\n")
	}
	table(a.lossHead, a.losses, 3)
	w.WriteString("<h2>Positions at the end</h2>\n")
	if len(mapSVG) > 0 {
		w.WriteString("<figure>\n")
		w.Write(mapSVG)
		w.WriteString("\n</figure>\n")
	}
	for _, sp := range a.positions {
		fmt.Fprintf(&w, "<h3>%s</h3>\n", e(sp.side))
		table([]string{"Where", "Pieces"}, sp.rows, 9)
	}
	w.WriteString("</body></html>\n")
	return []byte(w.String())
}

// aar is an after-action report, as text, for Report and ReportHTML.
type aar struct {
	title, intro, lossNote string
	lossHead               []string
	losses                 [][]string
	positions              []sidePositions
}

type sidePositions struct {
	side string
	rows [][]string
}

func newAAR(b *battle.Battle, sc *battle.Scenario, t battle.Turn, placed []Placed, g *game.Game) *aar {
	a := &aar{title: "After-action report: " + sc.Name}
	steps := ""
	if len(g.Steps) > 0 {
		steps = fmt.Sprintf(", a log of %d steps", len(g.Steps))
	}
	a.intro = fmt.Sprintf("%s (scenario %s%s), the turn track at %s.", g.Name, sc.ID, steps, t.Text())

	// the strength each unit starts with: the set-up's, else the arrival's, else its counter's
	start := map[*oob.Unit]int{}
	var units []*oob.Unit
	add := func(p battle.Piece) {
		us := p.Ref.Units()
		for _, u := range us {
			if _, ok := start[u]; ok {
				continue
			}
			v, _ := u.Values.Get(strengthField(b)).Int()
			if p.Strength != nil && p.Ref.Unit != nil {
				v = *p.Strength
			}
			start[u] = v
			units = append(units, u)
		}
	}
	for _, st := range sc.Setup {
		for _, p := range st.Pieces {
			add(p)
		}
	}
	for _, a := range sc.Arrivals {
		for _, p := range a.Pieces {
			add(p)
		}
	}
	now := map[*oob.Unit]*Placed{}
	for i := range placed {
		if u := placed[i].Ref.Unit; u != nil {
			now[u] = &placed[i]
		}
	}
	eliminated := func(u *oob.Unit) bool {
		p := now[u]
		return p == nil || strings.HasPrefix(p.Board, "Eliminated") || strings.HasPrefix(p.Map, "Eliminated") || p.Strength != nil && *p.Strength == 0
	}
	a.lossNote = "Strength points lost and units eliminated (a unit in an Eliminated box, deleted, or at 0), by formation, against the strength each started with."
	a.lossHead = []string{"Side", "Formation", "Units", "Strength at start", "Strength now", "Lost", "Eliminated"}
	type row struct {
		side, formation   string
		n, from, to, lost int
		elim              []string
	}
	rows := map[[2]string]*row{}
	var keys [][2]string
	for _, u := range units {
		side := sideOf(b, u.Formation)
		k := [2]string{side, u.Formation.Designation()}
		r := rows[k]
		if r == nil {
			r = &row{side: side, formation: formationName(u.Formation)}
			rows[k] = r
			keys = append(keys, k)
		}
		r.n++
		r.from += start[u]
		cur := 0
		if p := now[u]; p != nil && !eliminated(u) {
			cur = start[u]
			if p.Strength != nil {
				cur = *p.Strength
			}
		}
		r.to += cur
		if eliminated(u) {
			r.elim = append(r.elim, u.Name)
		}
	}
	sides := map[string]int{}
	for i, sd := range b.Sides {
		sides[sd.ID] = i
	}
	sort.SliceStable(keys, func(i, j int) bool { return sides[keys[i][0]] < sides[keys[j][0]] })
	total := map[string]*row{}
	for _, k := range keys {
		r := rows[k]
		a.losses = append(a.losses, []string{r.side, r.formation, strconv.Itoa(r.n), strconv.Itoa(r.from), strconv.Itoa(r.to), strconv.Itoa(r.from - r.to), strings.Join(r.elim, ", ")})
		t := total[r.side]
		if t == nil {
			t = &row{}
			total[r.side] = t
		}
		t.n, t.from, t.to, t.lost = t.n+r.n, t.from+r.from, t.to+r.to, t.lost+len(r.elim)
	}
	for _, sd := range b.Sides {
		if t := total[sd.ID]; t != nil {
			a.losses = append(a.losses, []string{sd.ID, "all", strconv.Itoa(t.n), strconv.Itoa(t.from), strconv.Itoa(t.to), strconv.Itoa(t.from - t.to), fmt.Sprintf("%d %s", t.lost, diag.Plural(t.lost, "unit"))})
		}
	}
	for _, sd := range b.Sides {
		on := map[string][]string{}
		var hexes []string
		for _, p := range placed {
			if p.Side != sd.ID {
				continue
			}
			at := p.Hex
			if at == "" {
				at = "off the map: " + p.Board
				if p.Board == "" {
					at = "off the map: " + p.Map
				}
			}
			if _, ok := on[at]; !ok {
				hexes = append(hexes, at)
			}
			s := p.Piece.Name
			var notes []string
			if p.Strength != nil && p.Ref.Unit != nil {
				notes = append(notes, fmt.Sprintf("%d SP", *p.Strength))
			}
			if p.Face != "" {
				notes = append(notes, p.Face)
			}
			if p.Orders != "" {
				notes = append(notes, p.Orders)
			}
			if len(notes) > 0 {
				s += " (" + strings.Join(notes, ", ") + ")"
			}
			on[at] = append(on[at], s)
		}
		if len(hexes) == 0 {
			continue
		}
		sort.Strings(hexes)
		sp := sidePositions{side: sd.ID}
		for _, h := range hexes {
			sp.rows = append(sp.rows, []string{h, strings.Join(on[h], ", ")})
		}
		a.positions = append(a.positions, sp)
	}
	return a
}

func sideOf(b *battle.Battle, f *oob.Formation) string {
	for f.Parent != nil {
		f = f.Parent
	}
	for _, sd := range b.Sides {
		if sd.Army == f {
			return sd.ID
		}
	}
	return ""
}

func formationName(f *oob.Formation) string {
	if f.Name != "" {
		return f.Name + " (" + f.Designation() + ")"
	}
	return f.Designation()
}

// md escapes what Markdown's tables read: pipes, and the characters that
// start emphasis or links.
func md(s string) string {
	r := strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;", "`", "\\`")
	return r.Replace(s)
}
