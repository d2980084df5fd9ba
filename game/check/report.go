package check

import (
	"fmt"
	"sort"
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
	var w strings.Builder
	fmt.Fprintf(&w, "# After-action report: %s\n\n", sc.Name)
	steps := ""
	if len(g.Steps) > 0 {
		steps = fmt.Sprintf(", a log of %d steps", len(g.Steps))
	}
	fmt.Fprintf(&w, "%s (scenario %s%s), the turn track at %s.\n\n", g.Name, sc.ID, steps, t.Text())

	// the strength each unit starts with: the set-up's, else the arrival's, else its counter's
	start := map[*oob.Unit]int{}
	var units []*oob.Unit
	add := func(p battle.Piece) {
		var us []*oob.Unit
		switch {
		case p.Ref.Unit != nil:
			us = []*oob.Unit{p.Ref.Unit}
		case p.Ref.Formation != nil:
			p.Ref.Formation.Walk(func(f *oob.Formation) { us = append(us, f.Units...) })
		}
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
	w.WriteString("## Losses\n\n")
	w.WriteString("Strength points lost and units eliminated (a unit in an Eliminated box, deleted, or at 0), by\nformation, against the strength each started with.\n\n")
	w.WriteString("| Side | Formation | Units | Strength at start | Strength now | Lost | Eliminated |\n|---|---|---|---:|---:|---:|---|\n")
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
		fmt.Fprintf(&w, "| %s | %s | %d | %d | %d | %d | %s |\n", r.side, md(r.formation), r.n, r.from, r.to, r.from-r.to, md(strings.Join(r.elim, ", ")))
		t := total[r.side]
		if t == nil {
			t = &row{}
			total[r.side] = t
		}
		t.n, t.from, t.to, t.lost = t.n+r.n, t.from+r.from, t.to+r.to, t.lost+len(r.elim)
	}
	for _, sd := range b.Sides {
		if t := total[sd.ID]; t != nil {
			fmt.Fprintf(&w, "| %s | **all** | %d | %d | %d | %d | %d %s |\n", sd.ID, t.n, t.from, t.to, t.from-t.to, t.lost, diag.Plural(t.lost, "unit"))
		}
	}
	w.WriteString("\n## Positions at the end\n")
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
		fmt.Fprintf(&w, "\n### %s\n\n| Where | Pieces |\n|---|---|\n", sd.ID)
		for _, h := range hexes {
			fmt.Fprintf(&w, "| %s | %s |\n", md(h), md(strings.Join(on[h], ", ")))
		}
	}
	return []byte(w.String())
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
