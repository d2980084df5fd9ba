package diff

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/battle"
)

// placed is one piece of a set-up, arrival or withdrawal as compared: what
// it stands for (ids' name) and what the scenario says of it.
type placed struct {
	side, name string
	fields     [][2]string // field, value; in a fixed order
}

// piecesKey keys a piece by side and name, numbering a name met again
// (the same formation named in two arrivals) so each stays one entry.
func keyed(ps []placed) (map[string]placed, []string) {
	m := map[string]placed{}
	var keys []string
	seen := map[string]int{}
	for _, p := range ps {
		k := p.side + "\x00" + p.name
		if n := seen[k]; n > 0 {
			k += fmt.Sprintf("\x00%d", n)
		}
		seen[p.side+"\x00"+p.name]++
		m[k] = p
		keys = append(keys, k)
	}
	return m, keys
}

func strength(p *int) string {
	if p == nil {
		return ""
	}
	return fmt.Sprint(*p)
}

func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func setupOf(s *battle.Scenario, x *ids) []placed {
	var out []placed
	for _, st := range s.Setup {
		for _, p := range st.Pieces {
			out = append(out, placed{side: st.Side, name: pieceName(x, p), fields: [][2]string{
				{"hex", st.Hex.Label},
				{"strength", strength(p.Strength)},
				{"face", p.Face},
				{"orders", first(p.Orders, st.Orders)},
				{"facing", first(p.Facing, st.Facing)},
				{"reserve", boolText(st.Reserve)},
				{"breastworks", countText(st.Breastworks)},
				{"fatigue", first(p.Fatigue, st.Fatigue.Level)},
			}})
		}
	}
	return out
}

func boolText(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

func pieceName(x *ids, p battle.Piece) string {
	if n := x.piece(p.Ref); n != "" {
		return n
	}
	return p.Name
}

func route(g battle.Group) string {
	if g.Area != "" {
		return "area " + g.Area
	}
	var hs []string
	for _, h := range g.Hexes {
		hs = append(hs, h.Label)
	}
	return strings.Join(hs, ", ")
}

func groupOf(g battle.Group, x *ids) []placed {
	var out []placed
	for _, p := range g.Pieces {
		out = append(out, placed{side: g.Side, name: pieceName(x, p), fields: [][2]string{
			{"time", g.Time.Text()},
			{"route", route(g)},
			{"strength", strength(p.Strength)},
			{"face", p.Face},
			{"orders", p.Orders},
		}})
	}
	return out
}

func arrivalsOf(s *battle.Scenario, x *ids) []placed {
	var out []placed
	for _, a := range s.Arrivals {
		out = append(out, groupOf(a.Group, x)...)
	}
	return out
}

func withdrawalsOf(s *battle.Scenario, x *ids) []placed {
	var out []placed
	for _, w := range s.Withdrawals {
		out = append(out, groupOf(w.Group, x)...)
	}
	return out
}

func fieldsText(fs [][2]string) string {
	var parts []string
	for _, f := range fs {
		if f[1] != "" {
			parts = append(parts, f[0]+" "+f[1])
		}
	}
	return strings.Join(parts, ", ")
}

// compare lists the pieces added, removed and changed between two lists.
func compare(sec Section, scenario string, a, b []placed) []Change {
	ma, ka := keyed(a)
	mb, kb := keyed(b)
	var out []Change
	for _, k := range ka {
		p := ma[k]
		q, ok := mb[k]
		if !ok {
			out = append(out, Change{Section: sec, Action: Removed, Scenario: scenario, Side: p.side, Subject: p.name, Old: str(fieldsText(p.fields)), Hexes: hexOf(p)})
			continue
		}
		base := Change{Section: sec, Scenario: scenario, Side: q.side, Subject: q.name}
		for i, f := range p.fields {
			cs := diffText(base, f[0], f[1], q.fields[i][1])
			if len(cs) > 0 && f[0] == "hex" {
				cs[0].Hexes = []string{f[1], q.fields[i][1]}
			}
			out = append(out, cs...)
		}
	}
	for _, k := range kb {
		if _, ok := ma[k]; !ok {
			q := mb[k]
			out = append(out, Change{Section: sec, Action: Added, Scenario: scenario, Side: q.side, Subject: q.name, New: str(fieldsText(q.fields)), Hexes: hexOf(q)})
		}
	}
	return out
}

func sheetsText(s *battle.Scenario) string {
	var parts []string
	for _, pa := range s.Play {
		if pa.Sheet != nil {
			parts = append(parts, pa.Sheet.ID)
		}
	}
	return strings.Join(parts, ", ")
}

func scenarioText(s *battle.Scenario) string {
	return fmt.Sprintf("%s, %s to %s", s.Name, s.First.Text(), s.Last.Text())
}

// scenarios compares the scenarios (matched by id) and, for those in
// both, their set-ups, arrivals and withdrawals.
func scenarios(a, b *battle.Battle, x *ids) []Change {
	var out []Change
	for _, s := range a.Scenarios {
		if b.Scenario(s.ID) == nil {
			out = append(out, Change{Section: Scenarios, Action: Removed, Scenario: s.ID, Subject: s.ID, Old: str(scenarioText(s))})
		}
	}
	for _, t := range b.Scenarios {
		s := a.Scenario(t.ID)
		if s == nil {
			out = append(out, Change{Section: Scenarios, Action: Added, Scenario: t.ID, Subject: t.ID, New: str(scenarioText(t))})
			continue
		}
		base := Change{Section: Scenarios, Scenario: t.ID, Subject: t.ID}
		out = append(out, diffText(base, "name", s.Name, t.Name)...)
		out = append(out, diffText(base, "first turn", s.First.Text(), t.First.Text())...)
		out = append(out, diffText(base, "last turn", s.Last.Text(), t.Last.Text())...)
		out = append(out, diffText(base, "first side", s.FirstSide, t.FirstSide)...)
		out = append(out, diffText(base, "sheets", sheetsText(s), sheetsText(t))...)
		out = append(out, diffText(base, "not in play", piecesText(s.NotInPlay, x), piecesText(t.NotInPlay, x))...)
		out = append(out, compare(Setup, t.ID, setupOf(s, x), setupOf(t, x))...)
		out = append(out, compare(Arrivals, t.ID, arrivalsOf(s, x), arrivalsOf(t, x))...)
		out = append(out, compare(Withdrawals, t.ID, withdrawalsOf(s, x), withdrawalsOf(t, x))...)
	}
	return out
}

func piecesText(ps []battle.Piece, x *ids) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, pieceName(x, p))
	}
	return strings.Join(parts, ", ")
}

func countText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprint(n)
}

// hexOf is a set-up piece's hex, as a list of one (none for a schedule's
// piece).
func hexOf(p placed) []string {
	for _, f := range p.fields {
		if f[0] == "hex" && f[1] != "" {
			return []string{f[1]}
		}
	}
	return nil
}
