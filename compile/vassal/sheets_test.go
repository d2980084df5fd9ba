package vassal

import (
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
)

// seamVmod lays out the sheets of g as newVmod does, without the rest of a
// battle.
func seamVmod(t *testing.T, g *maps.Grid) *vmod {
	t.Helper()
	m := &vmod{b: &battle.Battle{Map: &maps.Map{Grid: g}}, boards: map[*maps.Sheet]*sheetBoard{},
		frames: map[frameKey]*sheetBoard{}, used: map[string]bool{}}
	for _, s := range g.Sheets {
		sb, err := newSheetBoard(g, s)
		if err != nil {
			t.Fatal(err)
		}
		sb.Name = "Sheet " + s.ID
		m.boards[s] = sb
		m.order = append(m.order, sb)
	}
	m.slots()
	m.full = m.frameLayout(layout(m.order))
	if err := checkLayout(g, m.full); err != nil {
		t.Fatal(err)
	}
	return m
}

func seamDoW() *maps.Grid {
	g := &maps.Grid{ShiftOdd: true, Digits: 2}
	g.AddSheet(maps.NewSheet("A", 0, 0, 10, 48, 1, 53))
	g.AddSheet(maps.NewSheet("B", 38, 0, 10, 48, 1, 53))
	g.AddSheet(maps.NewSheet("C", 0, 52, 10, 48, 1, 35))
	g.AddSheet(maps.NewSheet("D", 38, 52, 10, 48, 1, 35))
	return g
}

func seamTSS() *maps.Grid {
	g := &maps.Grid{ShiftOdd: true, RowCol: true, Digits: 2}
	g.AddSheet(maps.NewSheet("A", 0, 0, 34, 1, 1, 61))
	g.AddSheet(maps.NewSheet("B", 33, 0, 34, 1, 1, 61))
	g.AddSheet(maps.NewSheet("C", 11, 60, 52, 1, 1, 39))
	return g
}

// TestSeamsShared: a scenario on some of the sheets shows each of its hexes
// once, and where the sheets include each one's west and north neighbours
// its boards are the whole map's, drawn once: on Dead of Winter A with C
// (scenario 1), A with B (scenario 3), on TSS A with B. Where the sheets
// cannot be cut at seams alone (TSS's C under A without B), the scenario
// has the whole map. A sheet alone has the whole map's board of it too,
// with strips round it for the rest of its own picture (oneSheet): the
// line it shares with a west or north neighbour, the margins.
func TestSeamsShared(t *testing.T) {
	for _, tc := range []struct {
		g      *maps.Grid
		shared [][]string // whole map's boards
		own    [][]string // boards of their own: no west or north neighbour
		whole  [][]string // the whole map instead
		alone  string     // the sheets that alone keep their own board
	}{
		{seamDoW(), [][]string{{"A", "C"}, {"A", "B"}, {"A", "B", "C"}}, [][]string{{"B", "D"}, {"C", "D"}}, nil, ""},
		{seamTSS(), [][]string{{"A", "B"}}, nil, [][]string{{"A", "C"}, {"B", "C"}}, "C"},
	} {
		m := seamVmod(t, tc.g)
		whole := map[*sheetBoard]bool{}
		for _, p := range m.full {
			whole[p.sb] = true
		}
		lay := func(ids []string) []placedBoard {
			var sbs []*sheetBoard
			for _, id := range ids {
				sbs = append(sbs, m.boards[tc.g.Sheet(id)])
			}
			ps := m.sheetsLayout(layout(sbs))
			if err := checkLayout(tc.g, ps); err != nil {
				t.Errorf("sheets %v: %v", ids, err)
			}
			return ps
		}
		cuts := len(m.cuts)
		for _, ids := range tc.shared {
			ps := lay(ids)
			if len(ps) != len(ids) {
				t.Errorf("sheets %v: laid out on %d boards", ids, len(ps))
			}
			for _, p := range ps {
				if !whole[p.sb] {
					t.Errorf("sheets %v: %s is a board of its own (frame %+v), not the whole map's", ids, p.sb.Name, p.sb.frame)
				}
			}
		}
		if len(m.cuts) != cuts {
			t.Errorf("%d boards cut for the scenarios besides the whole map's %d", len(m.cuts)-cuts, cuts)
		}
		for _, ids := range tc.own {
			for _, p := range lay(ids) {
				if whole[p.sb] {
					t.Errorf("sheets %v: %s shares the whole map's board, which shows its neighbours' hexes", ids, p.sb.Name)
				}
			}
		}
		for _, ids := range tc.whole {
			if ps := lay(ids); len(ps) != len(m.full) {
				t.Errorf("sheets %v: %d boards, want the whole map's %d", ids, len(ps), len(m.full))
			}
		}
		for _, sb := range m.order {
			// a sheet alone: the whole map's board of it, and strips
			// that make up the rest of its own picture
			ps := m.frameLayout(layout([]*sheetBoard{sb}))
			if err := checkLayout(tc.g, ps); err != nil {
				t.Errorf("sheet %s alone: %v", sb.Sheet.ID, err)
			}
			if strings.Contains(tc.alone, sb.Sheet.ID) {
				if len(ps) != 1 || ps[0].sb != sb {
					t.Errorf("sheet %s alone: %d boards, want its own", sb.Sheet.ID, len(ps))
				}
				continue
			}
			own, area, stripArea, shared := sb.ownFrame(), 0, 0, 0
			l, tp, r, b := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
			for _, p := range ps {
				f := p.sb.frame
				l, tp, r, b = min(l, f.L), min(tp, f.T), max(r, f.R), max(b, f.B)
				area += (f.R - f.L) * (f.B - f.T)
				if whole[p.sb] {
					shared++
				} else {
					stripArea += (f.R - f.L) * (f.B - f.T)
				}
			}
			if shared != 1 || l != own.L || tp != own.T || r != own.R || b != own.B || area != (own.R-own.L)*(own.B-own.T) {
				t.Errorf("sheet %s alone: %d of the whole map's boards, covering %d,%d-%d,%d (%d px), want one, and its own frame %+v", sb.Sheet.ID, shared, l, tp, r, b, area, own)
			}
			if 8*stripArea > area {
				t.Errorf("sheet %s alone: strips of %d px of %d", sb.Sheet.ID, stripArea, area)
			}
		}
	}
}

// TestSeams: Dead of Winter's four sheets and TSS's three, which share a
// line of hexes along each seam. Every hex is shown once, on a board
// VASSAL puts where the hex lies on the map, and the boards abut.
func TestSeams(t *testing.T) {
	dow := seamDoW()
	tss := seamTSS()
	for _, tc := range []struct {
		g     *maps.Grid
		shown map[string]string // label → label on the board that shows it
	}{
		{dow, map[string]string{"B1041": "A4841", "C1001": "A1053", "D1001": "A4853", "B1053": "A4853", "D1101": "B1153", "D1102": "D1102"}},
		{tss, map[string]string{"B6134": "A6101", "C0130": "A6101", "C0101": "B6105", "C0152": "A6123", "C0252": "C0252", "B0134": "A0101"}},
	} {
		m := seamVmod(t, tc.g)
		at := boardOrigins(m.full)
		l0, t0 := m.full[0].sb.frame.L, m.full[0].sb.frame.T
		for _, p := range m.full {
			f := p.sb.frame
			if pos := at[p.sb]; pos != [2]int{f.L - l0, f.T - t0} {
				t.Errorf("%s: VASSAL puts it at %v, its hexes lie at %d,%d", p.sb.Name, pos, f.L-l0, f.T-t0)
			}
		}
		for from, want := range tc.shown {
			c, _, err := tc.g.Parse(from)
			if err != nil {
				t.Fatal(err)
			}
			sb := shower(m.full, c)
			if got := tc.g.LabelOn(sb.Sheet, c); got != want {
				t.Errorf("%s is shown as %s, want %s", from, got, want)
			}
			// Where VASSAL draws the hex is where it lies on the map.
			x, y := sb.Center(c)
			pos := at[sb]
			wy := gy(c.Y)
			if low(tc.g, c.X) {
				wy += hexDY / 2
			}
			if pos[0]+x != gx(c.X)-l0 || pos[1]+y != wy-t0 {
				t.Errorf("%s: at %d,%d on the map, want %d,%d", from, pos[0]+x, pos[1]+y, gx(c.X)-l0, wy-t0)
			}
		}
	}
}
