package vassal

import (
	"archive/zip"
	"image"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
)

// The module's pictures are drawn by package render; this file describes
// them: what each counter says and which hexes, sides and roads a board
// holds, in the module's sizes.

// counterStyle is the style of one side's counters.
func counterStyle(sd *oob.Side) render.CounterStyle {
	return render.CounterStyle{Size: counterPx, Back: sd.Color, Text: sd.Text}
}

func drawUnit(st render.CounterStyle, u *oob.Unit, sym render.Symbol, fields []string, vals oob.Values, face string) render.CounterDrawing {
	var vs []string
	for _, f := range fields {
		v := valueText(vals.Get(f))
		switch {
		case vals.Get(f).V == nil:
			v = "?"
		case v == "true":
			v = strings.ToUpper(f[:1])
		case v == "false":
			continue
		}
		vs = append(vs, v)
	}
	return st.UnitFace(render.UnitCounter{
		Name:        u.Name,
		Designation: u.Formation.Designation(),
		Symbol:      sym,
		Type:        u.Type,
		Face:        face,
		Values:      vs,
		NameAbove:   true, // nameLabel writes it
		TitleOver:   true, // unitTitleLabel writes it
	})
}

func drawLeader(st render.CounterStyle, l *oob.Leader, replacement bool) render.CounterDrawing {
	var rs []string
	for _, k := range leaderKeys(l) {
		key := k
		if len(key) > 4 {
			key = key[:4]
		}
		rs = append(rs, key+" "+valueText(l.Ratings.Get(k)))
	}
	return st.LeaderFace(render.LeaderCounter{
		Name:        l.Name,
		Ratings:     rs,
		Replacement: replacement,
		TextOver:    true, // leaderLabels writes the name, title and ratings
	})
}

// markerMargin is the room a marker's or chit's text leaves at each side
// (render.ChitFace).
const markerMargin = 5

func drawMarker(a, b string) render.CounterDrawing {
	return render.ChitFace(counterPx, a, b, markerMargin)
}

// picture is d's PNG, drawn once for every counter that looks the same:
// a battle's counters repeat (a generated battle's 986 are 354 pictures;
// a unit's name is written over its counter by a label, not drawn).
func (m *vmod) picture(d render.CounterDrawing) []byte {
	k := d.Key()
	if p, ok := m.pictures[k]; ok {
		return p
	}
	if m.pictures == nil {
		m.pictures = map[string][]byte{}
	}
	p := d.PNG()
	m.pictures[k] = p
	return p
}

// drawBoxes draws the reinforcement holding boxes, labelled.
// windowRoom is the height a board of a map window has below its boxes:
// VASSAL packs a map's window to its boards before it shows the map's
// toolbar (Map.setup: the PositionOption packs, then toolBar.setVisible),
// so the toolbar and the scrollbar it then needs come out of the board
// (a 163 px Draw cups window showed 113 px of its 160 px board).
const windowRoom = 60

func drawBoxes(labels []string, w, h int) []byte { return drawBoxesH(labels, w, h, boxH) }

// drawBoxesH is drawBoxes with boxes bh pixels high (boxAtH): the draw
// cups of cards.
func drawBoxesH(labels []string, w, h, bh int) []byte {
	var boxes []render.Box
	for i, l := range labels {
		x, y := boxAtH(i, bh)
		boxes = append(boxes, render.Box{X: x, Y: y, W: boxW, H: bh, Label: l})
	}
	return render.Boxes(w, h, boxes, "NO REINFORCEMENTS")
}

// drawSheet draws one sheet: its hexes north to south, west to east, the
// hexsides in sorted order of their edges, then every road's stretches on
// the sheet.
func drawSheet(b *battle.Battle, g *maps.Grid, sb *sheetBoard) []byte {
	m := b.Map
	s := sb.Sheet
	bd := &render.Board{W: sb.W, H: sb.H, HexW: hexW, HexH: hexDY, Palette: render.NewPalette(b.Rules)}
	for j := 0; j < s.Rows; j++ {
		for i := 0; i < s.Cols; i++ {
			c := maps.Coord{X: s.X + i, Y: s.Y + j}
			x, y := sb.Center(c)
			bd.Hexes = append(bd.Hexes, render.BoardHex{X: x, Y: y, Terrain: m.TerrainName(c),
				Elevation: int(m.At(c).Elevation), Label: strings.TrimPrefix(g.LabelOn(s, c), s.ID)})
		}
	}
	boardLines(bd, m, s.Contains, func(c maps.Coord) image.Point {
		x, y := sb.Center(c)
		return image.Pt(x, y)
	})
	return bd.PNG()
}

// boardLines adds to a board the hexsides with features and the road
// stretches between hexes it shows (keep), at their pixels (point), in
// row order and road order: what every board draws over its hexes.
func boardLines(bd *render.Board, m *maps.Map, keep func(maps.Coord) bool, point func(maps.Coord) image.Point) {
	for _, e := range sortedEdges(m, keep) {
		bd.Sides = append(bd.Sides, render.BoardSide{A: point(e.A), B: point(e.B), Features: m.Hexsides[e]})
	}
	for _, r := range m.Roads {
		rd := render.BoardRoad{Type: r.Type}
		for i := 1; i < len(r.Path); i++ {
			a, b := r.Path[i-1], r.Path[i]
			if keep(a) && keep(b) {
				rd.Segs = append(rd.Segs, [2]image.Point{point(a), point(b)})
			}
		}
		bd.Roads = append(bd.Roads, rd)
	}
}

// zipMethod is how the module's archive holds a file: a PNG is already
// deflated, so it is stored as it is; deflating it again costs more than
// it saves.
func zipMethod(name string) uint16 {
	if strings.HasSuffix(name, ".png") || strings.HasSuffix(name, ".jpg") {
		return zip.Store
	}
	return zip.Deflate
}

// sortedEdges are the map's hexsides with features whose two hexes both
// pass keep, in row order: the order a board draws them in.
func sortedEdges(m *maps.Map, keep func(maps.Coord) bool) []maps.Edge {
	var edges []maps.Edge
	for e := range m.Hexsides {
		if keep(e.A) && keep(e.B) {
			edges = append(edges, e)
		}
	}
	sort.Slice(edges, func(i, j int) bool {
		a, b := edges[i], edges[j]
		if a.A != b.A {
			return a.A.Y < b.A.Y || (a.A.Y == b.A.Y && a.A.X < b.A.X)
		}
		return a.B.Y < b.B.Y || (a.B.Y == b.B.Y && a.B.X < b.B.X)
	})
	return edges
}
