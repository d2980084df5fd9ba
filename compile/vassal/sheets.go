package vassal

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/render"
)

// Sheets laid out together. Every board's picture is a rectangle of one
// pixel plane of the whole map, in which hex (X, Y) has its centre at
// (X*dx, Y*dy), half a hex lower in low columns. VASSAL puts a board right
// of the boards west of it in its row and below the boards north of it in
// its column (Map.setBoardBoundaries), so the rectangles of a layout must
// abut exactly: a board's west edge is the east edge of its west
// neighbour, its north edge the south edge of its north neighbour, and the
// boards of the first column (row) share one west (north) edge; a sheet
// that starts further east (south) than that gets a blank strip.
//
// Sheets that overlap share a line of hexes along their seam; the board to
// the east (south) drops the shared column (row): it shows hexes from the
// first column (row) after its neighbour's last. Seams cut between the
// lines, so a board also draws the slivers of its neighbours' hexes that
// fall on its rectangle, and every hex centre falls on the board that
// shows the hex.

// frame is a board's rectangle on the map's pixel plane and the first
// column and row of its sheet that it shows.
type frame struct {
	L, T, R, B     int
	FirstX, FirstY int
	// EndX, EndY, when not 0, end the columns (rows) shown before them: a
	// strip that shows only the line its sheet shares with a neighbour
	// (oneSheet).
	EndX, EndY int
}

// Where the seams cut, past a column's (row's) centre: where the next
// column's hexes begin (20.67 px, rounded down), and between the low
// hexes' centres of a row and the high hexes' centres of the next.
const (
	seamX   = hexDX - hexHalf // 20
	seamY   = hexDY * 3 / 4   // 54
	hexHalf = 42              // half a hex's width, rounded up
)

func gx(x int) int { return x * hexDX }
func gy(y int) int { return y * hexDY }

// low reports whether map column x sits half a hex lower.
func low(g *maps.Grid, x int) bool { return (x&1 == 1) == g.ShiftOdd }

// ownFrame is the sheet alone, with a margin all round; a sheet with art
// is its picture.
func (sb *sheetBoard) ownFrame() frame {
	s := sb.Sheet
	if s.Art != nil {
		return sb.frame
	}
	return frame{
		L: gx(s.X) - hexHalf - hexMargin, R: gx(s.X+s.Cols-1) + hexHalf + hexMargin,
		T: gy(s.Y) - hexDY/2 - hexMargin, B: gy(s.Y+s.Rows-1) + hexDY + hexMargin,
		FirstX: s.X, FirstY: s.Y,
	}
}

// setFrame sets the board's picture, grid origin and numbering for f.
// VASSAL's raw column 0 is always a high column: the sheet's first shown
// column or, when that one is low, the column before.
func (sb *sheetBoard) setFrame(g *maps.Grid, f frame) {
	sb.frame = f
	sb.xr0, sb.yr0 = f.FirstX, f.FirstY
	if low(g, sb.xr0) {
		sb.xr0--
	}
	sb.X0 = gx(sb.xr0) - f.L
	sb.Y0 = gy(sb.yr0) - f.T
	sb.W, sb.H = f.R-f.L, f.B-f.T
	sb.numbering()
}

// numbering sets the board's hOff, vOff and descending flags from the
// picture's size and the hex of its raw column 0, row 0.
func (sb *sheetBoard) numbering() {
	s := sb.Sheet
	// getMaxColumns divides the width by the hex height and getMaxRows the
	// height by the hex width (HexGridNumbering.java); copied as written.
	sb.maxCol = int(math.Floor(float64(sb.W)/sb.dy + 0.5))
	sb.maxRw = int(math.Floor(float64(sb.H)/sb.dx + 0.5))
	sb.HDesc = s.ColLast < s.ColFirst
	sb.VDesc = s.RowLast < s.RowFirst
	dx, dy := sb.xr0-s.X, sb.yr0-s.Y
	if sb.HDesc {
		sb.HOff = s.ColFirst - dx - sb.maxCol
	} else {
		sb.HOff = s.ColFirst + dx
	}
	if sb.VDesc {
		sb.VOff = s.RowFirst - dy - sb.maxRw
	} else {
		sb.VOff = s.RowFirst + dy
	}
}

// shows reports whether the board shows hex c: c is on its sheet and not
// dropped at a seam.
func (sb *sheetBoard) shows(c maps.Coord) bool {
	f := sb.frame
	return sb.Sheet.Contains(c) && c.X >= f.FirstX && c.Y >= f.FirstY &&
		(f.EndX == 0 || c.X < f.EndX) && (f.EndY == 0 || c.Y < f.EndY)
}

// frameLayout gives each board of a layout its frame: a copy of the
// sheet's board (the sheet's own board when the frame is the sheet alone),
// one per sheet and frame, drawn once.
//
// A board of a layout of several sheets is cut at its east (south) seam
// whenever its sheet has a neighbour there on the whole map, present in
// the layout or not: the cut drops only the margin past the seam (every
// hex of the sheet is still shown), and it lets the scenarios that use
// some of the sheets share the whole map's boards rather than draw each
// sheet again for each choice of sheets.
func (m *vmod) frameLayout(ps []placedBoard) []placedBoard {
	if len(ps) == 1 {
		if ts := m.tiles(ps[0].sb); ts != nil {
			return ts
		}
	}
	if len(ps) == 1 && m.full != nil {
		if strips := m.oneSheet(ps[0].sb); strips != nil {
			return strips
		}
	}
	at := map[[2]int]*maps.Sheet{}
	for _, p := range ps {
		at[[2]int{p.col, p.row}] = p.sb.Sheet
	}
	east, south := m.seams()
	fs := make([]frame, len(ps))
	l0, t0 := math.MaxInt, math.MaxInt
	for i, p := range ps {
		fs[i] = p.sb.ownFrame()
		if p.sb.Sheet.Art != nil {
			continue
		}
		if p.col == 0 {
			l0 = min(l0, fs[i].L)
		}
		if p.row == 0 {
			t0 = min(t0, fs[i].T)
		}
	}
	for i, p := range ps {
		s, f := p.sb.Sheet, &fs[i]
		if s.Art != nil {
			continue // the picture as drawn: not cut at seams
		}
		if p.col == 0 {
			f.L = l0
		}
		if p.row == 0 {
			f.T = t0
		}
		if w := at[[2]int{p.col - 1, p.row}]; w != nil {
			last := w.X + w.Cols - 1
			f.FirstX, f.L = max(s.X, last+1), gx(last)+seamX
		}
		if n := at[[2]int{p.col, p.row - 1}]; n != nil {
			last := n.Y + n.Rows - 1
			f.FirstY, f.T = max(s.Y, last+1), gy(last)+seamY
		}
		several := len(ps) > 1
		if at[[2]int{p.col + 1, p.row}] != nil || several && east[s] {
			f.R = gx(s.X+s.Cols-1) + seamX
		}
		if at[[2]int{p.col, p.row + 1}] != nil || several && south[s] {
			f.B = gy(s.Y+s.Rows-1) + seamY
		}
	}
	out := make([]placedBoard, len(ps))
	for i, p := range ps {
		out[i] = placedBoard{m.framed(p.sb, fs[i]), p.col, p.row}
	}
	return out
}

// oneSheet lays out a sheet alone as the board the whole map cuts from it
// at its seams (drawn once for both), with strips round it for the rest of
// the sheet's own picture: west (north) of it the line of hexes it shares
// with its neighbour there, which the whole map shows on the neighbour's
// board, and the margins; east and south of it the slivers of its last
// line and the margins, showing no hex. Nil when the whole map does not
// cut the sheet (a sheet alone, one with art) or gives its board more than
// the sheet's own picture (TSS's C, under both A and B).
func (m *vmod) oneSheet(sb *sheetBoard) []placedBoard {
	s := sb.Sheet
	if s.Art != nil {
		return nil
	}
	var cut *sheetBoard
	for _, p := range m.full {
		if p.sb.Sheet == s {
			cut = p.sb
		}
	}
	if cut == nil {
		return nil
	}
	own, f := sb.ownFrame(), cut.frame
	if f == own || f.L < own.L || f.T < own.T || f.R > own.R || f.B > own.B {
		return nil // (TSS's C under A and B is wider on the whole map than alone)
	}
	xs, ys := [4]int{own.L, f.L, f.R, own.R}, [4]int{own.T, f.T, f.B, own.B}
	// the columns (rows) the strips of each third show: the shared line,
	// the cut board's, none
	firstX, endX := [3]int{s.X, f.FirstX, s.X + s.Cols}, [3]int{f.FirstX, 0, 0}
	firstY, endY := [3]int{s.Y, f.FirstY, s.Y + s.Rows}, [3]int{f.FirstY, 0, 0}
	// each strip's board is named for where it lies
	names := [3][3]string{{"north-west", "west", "south-west"}, {"north", "", "south"}, {"north-east", "east", "south-east"}}
	var out []placedBoard
	col := 0
	for i := range 3 {
		if xs[i+1] <= xs[i] {
			continue
		}
		row := 0
		for j := range 3 {
			if ys[j+1] <= ys[j] {
				continue
			}
			b := cut
			if i != 1 || j != 1 {
				b = m.framed(sb, frame{L: xs[i], R: xs[i+1], T: ys[j], B: ys[j+1],
					FirstX: firstX[i], EndX: endX[i], FirstY: firstY[j], EndY: endY[j]})
				b.Name = sb.Name + " " + names[i][j]
			}
			out = append(out, placedBoard{b, col, row})
			row++
		}
		col++
	}
	return out
}

// seams reports which sheets have a neighbour east and south of them in
// the whole map's layout.
func (m *vmod) seams() (east, south map[*maps.Sheet]bool) {
	if m.east == nil {
		m.east, m.south = map[*maps.Sheet]bool{}, map[*maps.Sheet]bool{}
		ps := layout(m.order)
		at := map[[2]int]bool{}
		for _, p := range ps {
			at[[2]int{p.col, p.row}] = true
		}
		for _, p := range ps {
			m.east[p.sb.Sheet] = at[[2]int{p.col + 1, p.row}]
			m.south[p.sb.Sheet] = at[[2]int{p.col, p.row + 1}]
		}
	}
	return m.east, m.south
}

type frameKey struct {
	s *maps.Sheet
	f frame
}

// framed is the board of sb's sheet in frame f.
func (m *vmod) framed(sb *sheetBoard, f frame) *sheetBoard {
	base := m.boards[sb.Sheet]
	if f == base.ownFrame() {
		// the sheet's own board, its numbering proved when a layout
		// first uses it (most sheets of a map of several have only cut
		// boards, which checkLayout proves)
		if !base.proved {
			base.proved = true
			if err := base.check(m.b.Map.Grid); err != nil && m.boardErr == nil {
				m.boardErr = err
			}
		}
		return base
	}
	k := frameKey{sb.Sheet, f}
	if fb := m.frames[k]; fb != nil {
		return fb
	}
	fb := *base
	fb.setFrame(m.b.Map.Grid, f)
	fb.Image = m.imageName("map", sb.Sheet.ID, "seams")
	m.frames[k] = &fb
	m.cuts = append(m.cuts, &fb)
	return &fb
}

// shower is the board of a layout that shows hex c, nil when none does.
func shower(ps []placedBoard, c maps.Coord) *sheetBoard {
	for _, p := range ps {
		if p.sb.shows(c) {
			return p.sb
		}
	}
	return nil
}

// checkLayout proves that every hex of every sheet of a layout is shown
// by exactly one board, whose picture holds its centre and whose
// numbering names it with that board's label and finds the label there:
// a hex dropped at a seam round-trips on the board that shows it.
func checkLayout(g *maps.Grid, ps []placedBoard) error {
	var want, got []byte
	for _, p := range ps {
		s := p.sb.Sheet
		for j := 0; j < s.Rows; j++ {
			for i := 0; i < s.Cols; i++ {
				c := maps.Coord{X: s.X + i, Y: s.Y + j}
				var sh *sheetBoard
				for _, q := range ps {
					if q.sb.shows(c) {
						if sh != nil {
							return fmt.Errorf("hex %s is shown on %s and %s", g.LabelOn(s, c), sh.Name, q.sb.Name)
						}
						sh = q.sb
					}
				}
				if sh == nil {
					return fmt.Errorf("hex %s is on no board", g.LabelOn(s, c))
				}
				want = g.AppendLabelOn(want[:0], sh.Sheet, c)
				x, y := sh.Center(c)
				if x < 0 || y < 0 || x >= sh.W || y >= sh.H {
					return fmt.Errorf("board %s: hex %s falls off the picture", sh.Name, want)
				}
				if got = sh.appendLocationName(got[:0], x, y); string(got) != string(want) {
					return fmt.Errorf("board %s: VASSAL's numbering would name hex %s %q", sh.Name, want, got)
				}
				if lx, ly, ok := sh.Location(string(want)); !ok || lx != x || ly != y {
					return fmt.Errorf("board %s: VASSAL's numbering cannot find hex %s", sh.Name, want)
				}
			}
		}
	}
	return nil
}

// drawFramed draws a board cut at seams: every hex of the layout whose box
// meets the picture, labelled as the board that shows it labels it, then
// the hexsides and road stretches between those hexes, in the order
// drawSheet uses.
func drawFramed(b *battle.Battle, g *maps.Grid, sb *sheetBoard, ps []placedBoard) []byte {
	m := b.Map
	f := sb.frame
	bd := &render.Board{W: sb.W, H: sb.H, HexW: hexW, HexH: hexDY, Palette: render.NewPalette(b.Rules)}
	drawn := map[maps.Coord]bool{}
	point := func(c maps.Coord) image.Point {
		x, y := sb.rawCenter(c.X-sb.xr0, c.Y-sb.yr0)
		return image.Pt(x, y)
	}
	for y := (f.T-hexDY)/hexDY - 1; y <= f.B/hexDY+1; y++ {
		for x := (f.L-hexHalf)/hexDX - 1; x <= f.R/hexDX+1; x++ {
			c := maps.Coord{X: x, Y: y}
			sh := shower(ps, c)
			if sh == nil {
				continue
			}
			cy := gy(y)
			if low(g, x) {
				cy += hexDY / 2
			}
			if gx(x)+hexHalf <= f.L || gx(x)-hexHalf >= f.R || cy+hexDY/2 <= f.T || cy-hexDY/2 >= f.B {
				continue
			}
			drawn[c] = true
			p := point(c)
			bd.Hexes = append(bd.Hexes, render.BoardHex{X: p.X, Y: p.Y, Terrain: m.TerrainName(c),
				Elevation: int(m.At(c).Elevation), Label: strings.TrimPrefix(g.LabelOn(sh.Sheet, c), sh.Sheet.ID)})
		}
	}
	boardLines(bd, m, func(c maps.Coord) bool { return drawn[c] }, point)
	return bd.PNG()
}

// drawBoards draws the picture of every board a layout uses: a sheet
// alone as drawSheet draws it, a board cut at seams with its layout.
func (m *vmod) drawBoards() {
	g := m.b.Map.Grid
	uses := map[*sheetBoard][]placedBoard{}
	add := func(ps []placedBoard) {
		for _, p := range ps {
			if uses[p.sb] == nil {
				uses[p.sb] = ps
			}
		}
	}
	add(m.full)
	for _, sc := range m.b.Scenarios {
		add(m.layouts[sc])
	}
	// one buffer of pixels for every board drawn: the largest's
	most := 0
	for _, sb := range m.order {
		if uses[sb] != nil && sb.Sheet.Art == nil {
			most = max(most, sb.W*sb.H)
		}
	}
	for _, sb := range m.cuts {
		most = max(most, sb.W*sb.H)
	}
	render.ReservePixels(most)
	for _, sb := range m.order {
		switch {
		case uses[sb] == nil:
		case sb.Sheet.Art != nil:
			m.addImage(sb.Image, sb.Sheet.Art.Data) // byte for byte
		default:
			m.addImage(sb.Image, drawSheet(m.b, g, sb))
		}
	}
	for _, sb := range m.cuts {
		m.addImage(sb.Image, drawFramed(m.b, g, sb, uses[sb]))
	}
}
