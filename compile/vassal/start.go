package vassal

import (
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// How a game starts: the scenario set-ups and File > New Game.

func scenarioTitle(sc *battle.Scenario) string {
	if sc.Name != "" {
		return sc.Name
	}
	return sc.ID
}

// moreBoardLines are the BoardPicker lines of a scenario's saved game for
// the maps beside the Main Map and Reinforcements: the scenario's board of
// the draw cups, and each side's hand.
func (m *vmod) moreBoardLines(sc *battle.Scenario) []string {
	if len(m.b.Rules.Play.Cups) == 0 {
		return m.displayBoardLines(sc)
	}
	out := []string{seq.Of(cupsMapName+"BoardPicker", '\t').Append(cupsBoard(sc)).Int(0).Int(0).Value()}
	if m.holdsCards() {
		for _, sd := range m.b.Sides {
			out = append(out, seq.Of(handName(sd)+"BoardPicker", '\t').Append(handName(sd)).Int(0).Int(0).Value())
		}
	}
	return append(out, m.displayBoardLines(sc)...)
}

// defaultBoards gives a BoardPicker the boards File > New Game uses, so
// that VASSAL does not ask (BoardPicker.getDefaultSetup: the <setup>
// child, a SetBoards command as BoardPicker.encode writes it).
func defaultBoards(bp *xnode, mapName string, names []string, slots [][2]int) {
	se := seq.Of(mapName+"BoardPicker", '\t')
	for i, n := range names {
		se.Append(n).Int(slots[i][0]).Int(slots[i][1])
	}
	bp.add(raw("setup", se.Value()))
}

// mainDefault is the Main Map's New Game: every sheet, no pieces, laid
// out as on the map (the whole map's boards: a sheet's own, or its tiles).
func (m *vmod) mainDefault(bp *xnode) {
	var names []string
	var slots [][2]int
	for _, p := range m.full {
		names = append(names, p.sb.Name)
		slots = append(slots, [2]int{p.col, p.row})
	}
	defaultBoards(bp, mainMapName, names, slots)
}

// zoomLevels lets the whole map fit a window: VASSAL's Zoomer levels down
// to 0.1 (a 4,000 px wide map in 400 px), starting at 1.0 (zoomStart is
// one-based from the most zoomed-in level).
func zoomLevels(parts []*xnode) {
	for _, p := range parts {
		if p.tag == vassalPkg+"module.map.Zoomer" {
			p.attrs["zoomLevels"] = "0.1,0.15,0.2,0.25,0.333,0.5,0.75,1.0,1.5"
			p.attrs["zoomStart"] = "2"
		}
	}
}

// reinfDefault is the Reinforcements map's New Game: an empty board.
func (m *vmod) reinfDefault(bp *xnode) {
	img := m.imageName("reinforcements", "free")
	m.addImage(img, drawBoxes(nil, boxCols*(boxW+20)+20, boxH+40+windowRoom))
	bp.add(el("module.map.boardPicker.Board", "name", reinfMapName, "image", img, "reversible", "false"))
	defaultBoards(bp, reinfMapName, []string{reinfMapName}, [][2]int{{0, 0}})
}

// spread deals a "within N hexes" set-up group (Stack.Within > 0) out over
// the hexes within N of its hex: one unit per hex (the rulesets carry no
// stacking limit as data, and one unit per hex is legal in every one), in
// order nearest first, then by label; each leader joins the first unit
// of the group. Hexes must lie on a sheet and, when the scenario limits
// its area, in play. When there are too few hexes it returns nil and the
// group stays one stack.
func (m *vmod) spread(sc *battle.Scenario, st *battle.Stack) ([]maps.Coord, [][]battle.Piece) {
	if st.Within <= 0 {
		return nil, nil
	}
	g := m.b.Map.Grid
	var units, leaders []battle.Piece
	once := battle.NewOnce(st.Pieces)
	for _, p := range st.Pieces {
		for _, l := range p.Ref.Leaders() {
			if m.leaders[l] != nil && once.Take(l, p) {
				leaders = append(leaders, battle.Piece{Ref: oob.Ref{Leader: l}, Face: p.Face, Fatigue: p.Fatigue, Counter: p.Counter})
			}
		}
		for _, u := range p.Ref.Units() {
			if m.units[u] != nil && once.Take(u, p) {
				units = append(units, battle.Piece{Ref: oob.Ref{Unit: u}, Strength: p.Strength, Face: p.Face, Fatigue: p.Fatigue})
			}
		}
	}
	if len(units) <= 1 {
		return nil, nil
	}
	type cand struct {
		c     maps.Coord
		d     int
		label string
	}
	var cs []cand
	c0 := st.Hex.Coord
	for dy := -st.Within - 1; dy <= st.Within+1; dy++ {
		for dx := -st.Within; dx <= st.Within; dx++ {
			c := maps.Coord{X: c0.X + dx, Y: c0.Y + dy}
			d := g.Distance(c0, c)
			if d > st.Within {
				continue
			}
			if _, _, err := m.place(c); err != nil {
				continue
			}
			if len(sc.Play) > 0 && !sc.InPlay(c) {
				continue
			}
			cs = append(cs, cand{c, d, g.Label(c)})
		}
	}
	if len(cs) < len(units) {
		return nil, nil
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return strings.Compare(a.label, b.label)
	})
	out := make([][]battle.Piece, len(units))
	for i, u := range units {
		out[i] = []battle.Piece{u}
	}
	out[0] = append(leaders, out[0]...)
	hexes := make([]maps.Coord, len(units))
	for i := range units {
		hexes[i] = cs[i].c
	}
	return hexes, out
}

// setupStacks are the At-Start stacks of one set-up entry: one, or one per
// hex of a spread group.
func (m *vmod) setupStacks(sc *battle.Scenario, st *battle.Stack) []*xnode {
	hexes, groups := m.spread(sc, st)
	if groups == nil {
		n := m.setupStack(sc, st)
		if st.Within > 0 {
			n.attrs["name"] += " (within " + strconv.Itoa(st.Within) + ", one stack: too few free hexes to spread)"
		}
		return []*xnode{n}
	}
	var out []*xnode
	for i, ps := range groups {
		c := hexes[i]
		part := *st
		part.Hex = battle.HexRef{Coord: c, Label: m.b.Map.Grid.Label(c)}
		part.Pieces = ps
		if i > 0 {
			part.Breastworks = 0
		}
		n := m.setupStack(sc, &part)
		n.attrs["name"] += " (within " + strconv.Itoa(st.Within) + " of " + st.Hex.Label + ")"
		out = append(out, n)
	}
	return out
}
