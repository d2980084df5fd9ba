package check

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/pipeline"
)

// Final loads the battle (no check runs) and maps the game's last position
// onto it: the scenario it plays, the turn its track shows, the pieces.
func Final(o Options) (b *battle.Battle, sc *battle.Scenario, t battle.Turn, placed []Placed, unknown []string, err error) {
	g, m := o.Game, o.Module
	if !m.Muster {
		return nil, nil, t, nil, nil, &NotMusters{Module: o.ModuleName}
	}
	b, _ = pipeline.Load(o.Battle)
	if b == nil || b.Rules == nil || b.Map == nil {
		return nil, nil, t, nil, nil, fmt.Errorf("the battle cannot be read (muster validate says why)")
	}
	sc = Scenario(b, g)
	if sc == nil {
		return nil, nil, t, nil, nil, fmt.Errorf("%s: the battle has no scenario the game plays (its Scenario property is %q)", g.Name, g.Properties["Scenario"])
	}
	t = sc.First
	if tt, ok := Turn(b, g); ok {
		t = tt
	}
	pos := g.Start
	if len(g.Steps) > 0 {
		pos = g.Steps[len(g.Steps)-1].After
	}
	placed, unknown = Position(b, m, g, pos)
	return b, sc, t, placed, unknown, nil
}

// SetupYAML writes a position as a scenario's set-up (muster import vsav):
// the scenario's id, name, sheets and last turn, the turn the game shows as
// its first, and each side's pieces on the map by hex, each with what it
// shows that its counter does not (a strength below the printed one, a
// face, orders, a rotation). Pieces off the map are left out; the
// scenario's arrivals, attachments, activation and victory are its own and
// not written.
func SetupYAML(b *battle.Battle, sc *battle.Scenario, t battle.Turn, placed []Placed, source string) []byte {
	var w strings.Builder
	fmt.Fprintf(&w, "# The position of %s as a set-up of scenario %s, written by muster import vsav.\n", source, sc.ID)
	w.WriteString("# The scenario's arrivals, attachments, activation and victory are not in the game: copy them\n")
	fmt.Fprintf(&w, "# from %s.\n", sc.File)
	w.WriteString("kind: scenario\n")
	fmt.Fprintf(&w, "id: %s\n", q(sc.ID))
	fmt.Fprintf(&w, "name: %s\n", q(sc.Name))
	fmt.Fprintf(&w, "source: %s\n", q("VASSAL game "+source))
	w.WriteString("sheets:\n")
	for _, pa := range sc.Play {
		fmt.Fprintf(&w, "  - {sheet: %s", q(pa.Sheet.ID))
		if pa.Rows != [2]int{} {
			fmt.Fprintf(&w, ", rows: [%d, %d]", pa.Rows[0], pa.Rows[1])
		}
		if pa.Cols != [2]int{} {
			fmt.Fprintf(&w, ", cols: [%d, %d]", pa.Cols[0], pa.Cols[1])
		}
		w.WriteString("}\n")
	}
	last := sc.Last
	if last.Index < t.Index {
		last = t
	}
	fmt.Fprintf(&w, "turns: {first: %s, last: %s}\n", q(t.Text()), q(last.Text()))
	if sc.FirstSide != "" {
		fmt.Fprintf(&w, "first: %s\n", q(sc.FirstSide))
	}
	w.WriteString("setup:\n")
	for _, sd := range b.Sides {
		hexes := map[string][]string{}
		var order []string
		for _, pl := range placed {
			if pl.Side != sd.ID || pl.Hex == "" {
				continue
			}
			if _, ok := hexes[pl.Hex]; !ok {
				order = append(order, pl.Hex)
			}
			hexes[pl.Hex] = append(hexes[pl.Hex], entry(b, pl))
		}
		if len(order) == 0 {
			continue
		}
		sort.Strings(order)
		fmt.Fprintf(&w, "  %s:\n", q(sd.ID))
		for _, h := range order {
			fmt.Fprintf(&w, "    %s: [%s]\n", strconv.Quote(h), strings.Join(hexes[h], ", "))
		}
	}
	return []byte(w.String())
}

// entry is one piece of a set-up list: its name, or a map with what it
// shows.
func entry(b *battle.Battle, pl Placed) string {
	name := pl.Ref.Name()
	short := ""
	switch {
	case pl.Ref.Unit != nil:
		short = pl.Ref.Unit.Name
	case pl.Ref.Leader != nil:
		short = pl.Ref.Leader.Name
	}
	if ix := b.Index(pl.Side); ix != nil && short != "" {
		if rs := ix.Resolve(short); len(rs) == 1 && rs[0].Name() == name {
			name = short // the name as a battle book writes it, where it names one
		}
	}
	var kv []string
	if pl.Strength != nil && pl.Ref.Unit != nil {
		printed, ok := pl.Ref.Unit.Values.Get(strengthField(b)).Int()
		if !ok || *pl.Strength != printed {
			kv = append(kv, "strength: "+strconv.Itoa(*pl.Strength))
		}
	}
	if pl.Face != "" {
		kv = append(kv, "face: "+q(pl.Face))
	}
	if pl.Orders != "" {
		kv = append(kv, "orders: "+q(pl.Orders))
	}
	if pl.Facing != "" && pl.Facing != "1" { // 1: the counter as drawn, not turned
		kv = append(kv, "facing: "+pl.Facing)
	}
	if len(kv) == 0 {
		return q(name)
	}
	return "{unit: " + q(name) + ", " + strings.Join(kv, ", ") + "}"
}

func strengthField(b *battle.Battle) string {
	if b.Rules.Strength != "" {
		return b.Rules.Strength
	}
	return "strength"
}

// q writes a YAML scalar, plain where YAML reads it back as the same
// string, else double-quoted.
func q(s string) string {
	if s == "" || strings.ContainsAny(s, ":#{}[],&*!|>'\"%@`\n\t\\") || strings.TrimSpace(s) != s || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "?") {
		return strconv.Quote(s)
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return strconv.Quote(s)
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "null", "~", "y", "n":
		return strconv.Quote(s)
	}
	if len(s) > 1 && s[0] == '0' {
		return strconv.Quote(s)
	}
	return s
}
