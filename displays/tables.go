package displays

import (
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/rulesets"
)

// Table is a chart a rulebook prints as a table, drawn from ruleset data:
// its column heads and its rows of cells.
type Table struct {
	ID, Title string
	Columns   []string
	Rows      [][]string
	Notes     []string
}

// TerrainEffects is the terrain effects chart of the battle's ruleset:
// a row for each terrain type, hexside feature and road the ruleset
// lists, a column for each movement class a cost names, the cost in
// movement points ("P" where it is prohibited, the "other" cost where a
// class has none of its own), and the rule or source.
func TerrainEffects(b *battle.Battle) Table {
	r := b.Rules
	classes := map[string]bool{}
	for _, tab := range []map[string]rulesets.CostEntry{r.Terrain, r.Hexsides, r.Roads} {
		for _, e := range tab {
			for c := range e.Cost {
				if c != "other" {
					classes[c] = true
				}
			}
		}
	}
	var cols []string
	for c := range classes {
		cols = append(cols, c)
	}
	sort.Strings(cols)
	cols = append(cols, "other")
	t := Table{ID: "terrain-effects", Title: "Terrain effects (movement points)", Columns: append(append([]string{"Terrain"}, cols...), "Source")}
	for _, part := range []struct {
		what string
		tab  map[string]rulesets.CostEntry
	}{{"", r.Terrain}, {"Hexside: ", r.Hexsides}, {"Road: ", r.Roads}} {
		names := make([]string, 0, len(part.tab))
		for n := range part.tab {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			e := part.tab[n]
			title := e.Title
			if title == "" {
				title = n
			}
			row := []string{part.what + title}
			for _, c := range cols {
				v, ok := e.Cost[c]
				if !ok {
					v, ok = e.Cost["other"]
				}
				row = append(row, costText(v, ok))
			}
			src := e.Source
			if e.Illustrative {
				src = "illustrative " + src
			}
			t.Rows = append(t.Rows, append(row, src))
		}
	}
	t.Notes = []string{"P: prohibited; -: no cost given. A road's cost is paid instead of the terrain's when moving along it; a hexside's to cross it."}
	return t
}

func costText(v float64, ok bool) string {
	switch {
	case !ok:
		return "-"
	case v < 0:
		return "P"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Charts are the tables the battle's ruleset prints (play.charts: a
// combat results table, a fire table), each cell as printed, with the
// rule and seed lines under its notes.
func Charts(b *battle.Battle) []Table {
	var out []Table
	for _, c := range b.Rules.Play.Charts {
		t := Table{ID: c.ID, Title: c.Title, Columns: c.Columns, Notes: append([]string{}, c.Notes...)}
		for _, r := range c.Rows {
			row := make([]string, len(c.Columns)) // a short row's cells blank, a long row's cut
			copy(row, r)
			t.Rows = append(t.Rows, row)
		}
		if c.Rule != "" || c.Source != "" {
			t.Notes = append(t.Notes, strings.TrimSpace(c.Rule+" ("+c.Source+")"))
		}
		out = append(out, t)
	}
	return out
}
