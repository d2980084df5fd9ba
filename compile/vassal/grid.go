package vassal

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/maps"
)

// Hex geometry of the generated boards, in pixels. VASSAL's HexGrid puts
// column centres dx apart and row centres dy apart; odd raw columns sit dy/2
// lower (HexGrid.getRawRow, HexGridNumbering.getCenterPoint). Integral values
// keep VASSAL's int casts exact.
const (
	hexDX     = 62
	hexDY     = 72
	hexMargin = 36
	counterPx = 56
)

// How VASSAL draws an unexpanded stack (StackMetrics unexSepX/unexSepY,
// StackMetrics.nextPosition): each piece above the bottom one stackSepX
// pixels right of the one below, and, unexSepY being negative, stackSepY
// pixels lower (VASSAL's default draws them up and right, over the hex
// number at the top of the hex). Drawn down and right, a stack never
// reaches its own hex's number, and up to stackClear pieces stay clear
// of the numbers of the hexes below and to the east (TestStackClearsLabels).
const (
	stackSepX  = 4
	stackSepY  = 2
	stackClear = 6
)

// hexW is the corner-to-corner width of a hex drawn so
// that hexes dx apart tessellate.
const hexW = 4.0 * hexDX / 3.0

// sheetBoard is the VASSAL board of one sheet: its image size and the
// HexGrid / HexGridNumbering attributes that make VASSAL name every hex as
// the battle does. Its methods port the VASSAL code that reads them, so the
// compiler can check the numbering before it writes anything.
type sheetBoard struct {
	Sheet         *maps.Sheet
	Name          string // board name
	Image         string // image file, relative to images/
	W, H          int    // image size
	X0, Y0        int    // HexGrid origin: centre of raw column 0, row 0
	xr0, yr0      int    // the hex of raw column 0, row 0 on the whole map
	frame         frame  // the picture's rectangle on the whole map
	First         byte   // 'H' column first, 'V' row first
	Leading       int    // hLeading = vLeading
	HOff, VOff    int
	HDesc, VDesc  bool
	Prefix        string  // the sheet letter, put before $gridLocation$
	Col, Row      int     // the sheet's board-picker slot on the whole map
	maxCol, maxRw int     // HexGridNumbering.getMaxColumns / getMaxRows
	dx, dy        float64 // HexGrid dx, dy: hexDX, hexDY, or the art's spacing
}

// newSheetBoard lays out sheet s of grid g.
func newSheetBoard(g *maps.Grid, s *maps.Sheet) (*sheetBoard, error) {
	if g.Pointy {
		return nil, fmt.Errorf("sheet %s: pointy-top grids (VASSAL's sideways HexGrid) are not supported yet", s.ID)
	}
	if strings.ContainsAny(s.ID, "$\t\n") {
		return nil, fmt.Errorf("sheet %s: a sheet id with '$' cannot be written in a VASSAL location format", s.ID)
	}
	if g.Digits < 1 {
		return nil, fmt.Errorf("sheet %s: labels need at least one digit per number", s.ID)
	}
	sb := &sheetBoard{Sheet: s, Prefix: s.ID, Leading: g.Digits - 1, First: 'H', dx: hexDX, dy: hexDY}
	if g.RowCol {
		sb.First = 'V'
	}
	if s.Art != nil {
		sb.setArt(g)
		return sb, nil
	}
	sb.setFrame(g, sb.ownFrame())
	return sb, nil
}

// LocationFormat is HexGridNumbering's locationFormat.
func (sb *sheetBoard) LocationFormat() string { return sb.Prefix + "$gridLocation$" }

// Center is where VASSAL draws hex c of the sheet, board-relative.
func (sb *sheetBoard) Center(c maps.Coord) (int, int) {
	return sb.rawCenter(c.X-sb.xr0, c.Y-sb.yr0)
}

func (sb *sheetBoard) rawCenter(col, row int) (int, int) {
	x := int(float64(col)*sb.dx) + sb.X0
	var y int
	if col%2 == 0 {
		y = int(float64(row) * sb.dy)
	} else {
		y = int(float64(row)*sb.dy + sb.dy/2.0)
	}
	return x, y + sb.Y0
}

// vassalName ports RegularGridNumbering.getName(int, char 'N', int).
func vassalName(n, leading int) string {
	val := ""
	if n < 0 {
		val = "-"
		n = -n
	}
	for leading > 0 && float64(n) < math.Pow(10, float64(leading)) {
		val += "0"
		leading--
	}
	return val + strconv.Itoa(n)
}

// LocationName ports HexGridNumbering.getRow/getColumn and
// RegularGridNumbering.locationName for a point on the board (stagger off,
// not sideways).
func (sb *sheetBoard) LocationName(x, y int) string {
	fx := float64(x-sb.X0) / sb.dx
	col := int(math.Floor(fx + 0.5))
	nx := int(math.Floor(fx + 0.5)) // Math.round
	var row int
	if nx%2 == 0 {
		row = int(math.Floor(float64(y-sb.Y0)/sb.dy + 0.5))
	} else {
		row = int(math.Floor((float64(y-sb.Y0)-sb.dy/2.0)/sb.dy + 0.5))
	}
	if sb.HDesc {
		col = sb.maxCol - col
	}
	if sb.VDesc {
		row = sb.maxRw - row
	}
	cn, rn := vassalName(col+sb.HOff, sb.Leading), vassalName(row+sb.VOff, sb.Leading)
	if sb.First == 'H' {
		return sb.Prefix + cn + rn
	}
	return sb.Prefix + rn + cn
}

// Location ports RegularGridNumbering.getLocation for our format: the
// literal prefix, then two numbers of at least leading+1 digits matched
// greedily, then HexGridNumbering.getCenterPoint. ok is false where VASSAL
// would throw BadCoords.
func (sb *sheetBoard) Location(label string) (x, y int, ok bool) {
	if !strings.HasPrefix(label, sb.Prefix) {
		return 0, 0, false
	}
	d := label[len(sb.Prefix):]
	min := sb.Leading + 1
	if len(d) < 2*min || strings.Trim(d, "0123456789") != "" {
		return 0, 0, false
	}
	a, _ := strconv.Atoi(d[:len(d)-min])
	b, _ := strconv.Atoi(d[len(d)-min:])
	col, row := a, b
	if sb.First == 'V' {
		col, row = b, a
	}
	col -= sb.HOff
	row -= sb.VOff
	if sb.HDesc {
		col = sb.maxCol - col
	}
	if sb.VDesc {
		row = sb.maxRw - row
	}
	x, y = sb.rawCenter(col, row)
	return x, y, true
}

// check proves that VASSAL, reading the grid this board declares, names
// every hex of the sheet with the battle's label and finds every label at
// the hex's centre.
func (sb *sheetBoard) check(g *maps.Grid) error {
	s := sb.Sheet
	for j := 0; j < s.Rows; j++ {
		for i := 0; i < s.Cols; i++ {
			c := maps.Coord{X: s.X + i, Y: s.Y + j}
			want := g.LabelOn(s, c)
			x, y := sb.Center(c)
			if got := sb.LocationName(x, y); got != want {
				return fmt.Errorf("sheet %s: VASSAL's numbering would name hex %s %q", s.ID, want, got)
			}
			lx, ly, ok := sb.Location(want)
			if !ok || lx != x || ly != y {
				return fmt.Errorf("sheet %s: VASSAL's numbering cannot find hex %s", s.ID, want)
			}
		}
	}
	return nil
}
