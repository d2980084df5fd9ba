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
	proved        bool // its numbering checked (framed)
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

// SnapCenter is where VASSAL puts a piece a player drops on hex c of the
// sheet, board-relative: HexGrid.snapTo's hex centre
// (hexPointCenterFromRawIndex), which rounds an odd column's half hex down
// before it adds it. It is Center but on a board whose dy is not whole (a
// sheet with art): there, in odd columns, it is often a pixel above
// Center, where HexGridNumbering puts a grid location.
func (sb *sheetBoard) SnapCenter(c maps.Coord) (int, int) {
	col, row := c.X-sb.xr0, c.Y-sb.yr0
	x := int(sb.dx*float64(col) + float64(sb.X0))
	if col%2 == 0 {
		return x, int(sb.dy*float64(row) + float64(sb.Y0))
	}
	return x, int(sb.dy*float64(row) + float64(int(sb.dy/2)) + float64(sb.Y0))
}

// snapPoint is where VASSAL puts a piece dropped at x, y of the board
// (HexGrid.snapTo for a point within a hex: snapToHex's hexPoint, then
// hexPointCenterFromRawIndex), not sideways.
func (sb *sheetBoard) snapPoint(x, y int) (int, int) {
	ox, oy := float64(sb.X0), float64(sb.Y0)
	col := int(math.Floor((float64(x) - ox + sb.dx/2) / sb.dx))
	var row int
	if col%2 == 0 {
		row = int(math.Floor((float64(y) - oy + sb.dy/2) / sb.dy))
	} else {
		row = int(math.Floor((float64(y) - oy) / sb.dy))
	}
	sx := int(sb.dx*float64(col) + ox)
	if col%2 == 0 {
		return sx, int(sb.dy*float64(row) + oy)
	}
	return sx, int(sb.dy*float64(row) + float64(int(sb.dy/2)) + oy)
}

// stackAt is where an At-Start stack on hex c stands, board-relative, and
// whether it is written by its grid location. VASSAL puts a stack at its
// grid location where HexGridNumbering centres the hex (Center), and a
// piece dropped on the hex where HexGrid.snapTo does (SnapCenter); where
// they differ (a sheet with art, its dy not whole) the stack is written by
// its point, where a drop lands, so that a piece dropped on the hex joins
// it. (Before, art-demo's Gamble B dropped on A0605 stood a pixel above
// Gamble A's stack there, a stack of its own.)
func (sb *sheetBoard) stackAt(c maps.Coord) (x, y int, byGrid bool) {
	x, y = sb.Center(c)
	if sx, sy := sb.SnapCenter(c); sx != x || sy != y {
		return sx, sy, false
	}
	return x, y, true
}

// appendVassalName appends what RegularGridNumbering.getName(int, char
// 'N', int) gives for n, leading.
func appendVassalName(dst []byte, n, leading int) []byte {
	if n < 0 {
		dst = append(dst, '-')
		n = -n
	}
	// a zero for each power of ten from 10^leading down that n is below
	for p := pow10(leading); leading > 0 && n < p; p /= 10 {
		dst = append(dst, '0')
		leading--
	}
	return strconv.AppendInt(dst, int64(n), 10)
}

// pow10 is 10^k, saturated for k past int's range.
func pow10(k int) int {
	p := 1
	for ; k > 0; k-- {
		if p > math.MaxInt/10 {
			return math.MaxInt
		}
		p *= 10
	}
	return p
}

// LocationName ports HexGridNumbering.getRow/getColumn and
// RegularGridNumbering.locationName for a point on the board (stagger off,
// not sideways).
func (sb *sheetBoard) LocationName(x, y int) string {
	return string(sb.appendLocationName(nil, x, y))
}

// appendLocationName appends LocationName(x, y) to dst.
func (sb *sheetBoard) appendLocationName(dst []byte, x, y int) []byte {
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
	dst = append(dst, sb.Prefix...)
	if sb.First == 'H' {
		dst = appendVassalName(dst, col+sb.HOff, sb.Leading)
		return appendVassalName(dst, row+sb.VOff, sb.Leading)
	}
	dst = appendVassalName(dst, row+sb.VOff, sb.Leading)
	return appendVassalName(dst, col+sb.HOff, sb.Leading)
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
	if len(d) < 2*min || !digits(d) {
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
	var want, got []byte
	for j := 0; j < s.Rows; j++ {
		for i := 0; i < s.Cols; i++ {
			c := maps.Coord{X: s.X + i, Y: s.Y + j}
			want = g.AppendLabelOn(want[:0], s, c)
			x, y := sb.Center(c)
			if got = sb.appendLocationName(got[:0], x, y); string(got) != string(want) {
				return fmt.Errorf("sheet %s: VASSAL's numbering would name hex %s %q", s.ID, want, got)
			}
			lx, ly, ok := sb.Location(string(want))
			if !ok || lx != x || ly != y {
				return fmt.Errorf("sheet %s: VASSAL's numbering cannot find hex %s", s.ID, want)
			}
		}
	}
	return nil
}

// digits reports whether s is all ASCII digits.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
