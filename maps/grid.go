// Package maps holds hex geometry, hex labels, and the map model: terrain,
// elevation, hexside features and roads per hex.
package maps

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/diag"
)

// Coord is a hex's place on the whole map: X counts lines of hexes west to
// east, Y north to south, both from 0. Sheets that overlap share coords.
type Coord struct{ X, Y int }

// Sheet is one map sheet: a rectangle of hexes placed on the whole map.
type Sheet struct {
	ID                string
	X, Y              int // the sheet's north-west hex on the whole map
	ColFirst, ColLast int // label numbers of the west and east lines
	RowFirst, RowLast int // label numbers of the north and south lines
	Cols, Rows        int
	Art               *Art // the sheet's picture, nil when muster draws it
	// TerrainRows are where the rows of the sheet's terrain are written,
	// north to south: each at the character of its first hex (after an
	// opening quote), every row the map document gives (see TerrainAt).
	TerrainRows []diag.Pos
	// Pos is where the map gives the sheet.
	Pos              diag.Pos
	colStep, rowStep int
}

// TerrainAt is where the character that gives hex c's terrain is written
// in the sheet's terrain rows; false when c is north or south of every
// row given.
func (s *Sheet) TerrainAt(c Coord) (diag.Pos, bool) {
	j, i := c.Y-s.Y, c.X-s.X
	if j < 0 || j >= len(s.TerrainRows) || s.TerrainRows[j].Line == 0 {
		return diag.Pos{}, false
	}
	p := s.TerrainRows[j]
	p.Column += i
	return p, true
}

// NewSheet places a sheet. Numbers may fall as well as rise across it.
func NewSheet(id string, x, y, colFirst, colLast, rowFirst, rowLast int) *Sheet {
	s := &Sheet{ID: id, X: x, Y: y, ColFirst: colFirst, ColLast: colLast, RowFirst: rowFirst, RowLast: rowLast, colStep: 1, rowStep: 1}
	if colLast < colFirst {
		s.colStep = -1
	}
	if rowLast < rowFirst {
		s.rowStep = -1
	}
	s.Cols, _ = Extent(colFirst, colLast)
	s.Rows, _ = Extent(rowFirst, rowLast)
	return s
}

// Extent is how many lines a numbering from first to last spans (either
// way), and false when that many do not fit in an int: the count is then
// math.MaxInt, never a number wrapped round to a small or negative one.
func Extent(first, last int) (int, bool) {
	var d uint64
	if last >= first {
		d = uint64(last) - uint64(first)
	} else {
		d = uint64(first) - uint64(last)
	}
	if d >= math.MaxInt {
		return math.MaxInt, false
	}
	return int(d) + 1, true
}

// Contains reports whether c lies on the sheet.
func (s *Sheet) Contains(c Coord) bool {
	return c.X >= s.X && c.X < s.X+s.Cols && c.Y >= s.Y && c.Y < s.Y+s.Rows
}

// Numbers returns the label numbers of c on this sheet.
func (s *Sheet) Numbers(c Coord) (col, row int) {
	return s.ColFirst + (c.X-s.X)*s.colStep, s.RowFirst + (c.Y-s.Y)*s.rowStep
}

// CoordOf returns the coord of the hex numbered col, row on this sheet, and
// whether the numbers lie on it.
func (s *Sheet) CoordOf(col, row int) (Coord, bool) {
	i := (col - s.ColFirst) * s.colStep
	j := (row - s.RowFirst) * s.rowStep
	if i < 0 || i >= s.Cols || j < 0 || j >= s.Rows {
		return Coord{}, false
	}
	return Coord{s.X + i, s.Y + j}, true
}

// ColRange and RowRange describe the numbering for messages ("10-48").
func (s *Sheet) ColRange() string { return fmt.Sprintf("%02d-%02d", s.ColFirst, s.ColLast) }
func (s *Sheet) RowRange() string { return fmt.Sprintf("%02d-%02d", s.RowFirst, s.RowLast) }

// Grid is the geometry and label convention of a whole map.
type Grid struct {
	Pointy   bool // pointy-top hexes: rows run straight, alternate rows shift east
	ShiftOdd bool // odd lines (columns, or rows when Pointy) sit half a hex lower (east)
	RowCol   bool // labels give the row number before the column number
	Digits   int  // digits per number
	Sheets   []*Sheet
	W, H     int // extent of the whole map
}

// AddSheet adds a sheet and grows the map's extent.
func (g *Grid) AddSheet(s *Sheet) {
	g.Sheets = append(g.Sheets, s)
	g.W = max(g.W, s.X+s.Cols)
	g.H = max(g.H, s.Y+s.Rows)
}

// Sheet finds a sheet by id.
func (g *Grid) Sheet(id string) *Sheet {
	for _, s := range g.Sheets {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// LabelError says why a label does not name a hex.
type LabelError struct {
	Label string
	Why   string
	Hint  string
}

func (e *LabelError) Error() string { return fmt.Sprintf("%q %s", e.Label, e.Why) }

// Parse reads a label such as "C3215" and returns the hex and the sheet the
// label names it on.
func (g *Grid) Parse(label string) (Coord, *Sheet, error) {
	var sh *Sheet
	for _, s := range g.Sheets {
		if strings.HasPrefix(label, s.ID) && (sh == nil || len(s.ID) > len(sh.ID)) {
			sh = s
		}
	}
	if sh == nil {
		ids := make([]string, len(g.Sheets))
		for i, s := range g.Sheets {
			ids[i] = s.ID
		}
		e := &LabelError{Label: label, Why: "does not start with a sheet letter of this map"}
		if len(ids) > 0 {
			e.Hint = "sheets: " + strings.Join(ids, ", ")
		}
		return Coord{}, nil, e
	}
	digits := label[len(sh.ID):]
	if len(digits) != 2*g.Digits || !allDigits(digits) {
		return Coord{}, nil, &LabelError{Label: label, Why: fmt.Sprintf("is not a sheet letter followed by %d digits", 2*g.Digits),
			Hint: "write hexes as the map labels them, e.g. \"" + g.LabelOn(sh, Coord{sh.X, sh.Y}) + "\""}
	}
	a, _ := strconv.Atoi(digits[:g.Digits])
	b, _ := strconv.Atoi(digits[g.Digits:])
	col, row := a, b
	if g.RowCol {
		col, row = b, a
	}
	c, ok := sh.CoordOf(col, row)
	if !ok {
		return Coord{}, sh, &LabelError{Label: label, Why: fmt.Sprintf("is off sheet %s (columns %s, rows %s)", sh.ID, sh.ColRange(), sh.RowRange())}
	}
	return c, sh, nil
}

// allDigits reports whether s is ASCII digits only (strings.Trim of the
// digits leaves nothing).
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Label writes c as the first sheet that holds it labels it ("" when no
// sheet does).
func (g *Grid) Label(c Coord) string {
	for _, s := range g.Sheets {
		if s.Contains(c) {
			return g.LabelOn(s, c)
		}
	}
	return ""
}

// LabelOn writes c as sheet s labels it.
func (g *Grid) LabelOn(s *Sheet, c Coord) string {
	col, row := s.Numbers(c)
	a, b := col, row
	if g.RowCol {
		a, b = row, col
	}
	if a < 0 || b < 0 {
		return fmt.Sprintf("%s%0*d%0*d", s.ID, g.Digits, a, g.Digits, b)
	}
	return string(g.AppendLabelOn(make([]byte, 0, len(s.ID)+2*max(g.Digits, 4)), s, c))
}

// AppendLabelOn appends c's label on sheet s to buf, as LabelOn writes it.
func (g *Grid) AppendLabelOn(buf []byte, s *Sheet, c Coord) []byte {
	col, row := s.Numbers(c)
	a, b := col, row
	if g.RowCol {
		a, b = row, col
	}
	if a < 0 || b < 0 {
		return fmt.Appendf(buf, "%s%0*d%0*d", s.ID, g.Digits, a, g.Digits, b)
	}
	buf = append(buf, s.ID...)
	buf = appendPadded(buf, a, g.Digits)
	return appendPadded(buf, b, g.Digits)
}

// appendPadded appends n (not negative) with leading zeros to width
// digits, as %0*d does.
func appendPadded(buf []byte, n, width int) []byte {
	var d [20]byte
	s := strconv.AppendInt(d[:0], int64(n), 10)
	for i := len(s); i < width; i++ {
		buf = append(buf, '0')
	}
	return append(buf, s...)
}

// Labels lists every label of c, one per sheet that holds it.
func (g *Grid) Labels(c Coord) []string {
	var out []string
	for _, s := range g.Sheets {
		if s.Contains(c) {
			out = append(out, g.LabelOn(s, c))
		}
	}
	return out
}

// Index numbers the hexes of the grid's bounding rectangle row by row,
// from 0 to W×H-1: a dense key for per-hex tables. ok is false outside it.
func (g *Grid) Index(c Coord) (i int, ok bool) {
	if c.X < 0 || c.Y < 0 || c.X >= g.W || c.Y >= g.H {
		return 0, false
	}
	return c.Y*g.W + c.X, true
}

// OnMap reports whether any sheet holds c.
func (g *Grid) OnMap(c Coord) bool {
	for _, s := range g.Sheets {
		if s.Contains(c) {
			return true
		}
	}
	return false
}

// shifted reports whether line n sits half a hex lower (or further east).
func (g *Grid) shifted(n int) bool { return (n&1 == 1) == g.ShiftOdd }

// Neighbours returns the six hexes around c, on the map or not, in a fixed
// order.
func (g *Grid) Neighbours(c Coord) [6]Coord {
	if g.Pointy {
		// rows run straight; shifted rows sit half a hex east
		d := 0
		if g.shifted(c.Y) {
			d = 1
		}
		return [6]Coord{
			{c.X + d - 1, c.Y - 1}, {c.X + d, c.Y - 1},
			{c.X + 1, c.Y},
			{c.X + d, c.Y + 1}, {c.X + d - 1, c.Y + 1},
			{c.X - 1, c.Y},
		}
	}
	d := 0
	if g.shifted(c.X) {
		d = 1
	}
	return [6]Coord{
		{c.X, c.Y - 1},
		{c.X + 1, c.Y + d - 1}, {c.X + 1, c.Y + d},
		{c.X, c.Y + 1},
		{c.X - 1, c.Y + d}, {c.X - 1, c.Y + d - 1},
	}
}

// Adjacent reports whether a and b share a hexside.
func (g *Grid) Adjacent(a, b Coord) bool {
	for _, n := range g.Neighbours(a) {
		if n == b {
			return true
		}
	}
	return false
}

// cube converts to cube coordinates for distances. A pointy-top grid is a
// flat-top grid with its axes swapped.
func (g *Grid) cube(c Coord) (int, int, int) {
	x, y := c.X, c.Y
	if g.Pointy {
		x, y = c.Y, c.X
	}
	var z int
	if g.ShiftOdd { // odd lines shifted down
		z = y - (x-(x&1))/2
	} else { // even lines shifted down
		z = y - (x+(x&1))/2
	}
	return x, -x - z, z
}

// Distance counts hexes from a to b.
func (g *Grid) Distance(a, b Coord) int {
	ax, ay, az := g.cube(a)
	bx, by, bz := g.cube(b)
	return (abs(ax-bx) + abs(ay-by) + abs(az-bz)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Lines returns the hexes on the straight line from a to b, a and b
// included, twice: nudged to either side, so that a line running along
// hexsides gives the hexes of both sides (the two are equal otherwise).
func (g *Grid) Lines(a, b Coord) [2][]Coord {
	n := g.Distance(a, b)
	ax, ay, az := g.cube(a)
	bx, by, bz := g.cube(b)
	var out [2][]Coord
	for k, eps := range [2]float64{1e-6, -1e-6} {
		line := make([]Coord, 0, n+1)
		for i := 0; i <= n; i++ {
			t := 0.0
			if n > 0 {
				t = float64(i) / float64(n)
			}
			x := float64(ax) + eps + (float64(bx-ax))*t
			y := float64(ay) + eps + (float64(by-ay))*t
			z := float64(az) - 2*eps + (float64(bz-az))*t
			line = append(line, g.fromCube(roundCube(x, y, z)))
		}
		out[k] = line
	}
	return out
}

// roundCube rounds fractional cube coordinates to the nearest hex; it
// returns its x and z.
func roundCube(x, y, z float64) (int, int) {
	rx, ry, rz := math.Round(x), math.Round(y), math.Round(z)
	dx, dy, dz := math.Abs(rx-x), math.Abs(ry-y), math.Abs(rz-z)
	switch {
	case dx > dy && dx > dz:
		rx = -ry - rz
	case dy > dz:
	default:
		rz = -rx - ry
	}
	return int(rx), int(rz)
}

// fromCube inverts cube for a hex's x and z.
func (g *Grid) fromCube(x, z int) Coord {
	var y int
	if g.ShiftOdd {
		y = z + (x-(x&1))/2
	} else {
		y = z + (x+(x&1))/2
	}
	if g.Pointy {
		return Coord{y, x}
	}
	return Coord{x, y}
}
