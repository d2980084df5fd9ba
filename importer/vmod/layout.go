package vmod

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// readSetup reads a BoardPicker's <setup>, the boards File > New Game
// lays out and the slot of each (BoardPicker.getDefaultSetup: a SetBoards
// command, "MAPBoardPicker\tBOARD\tCOL\tROW..."). False when it is not one.
func (im *importer) readSetup(mapName string, n *node) bool {
	f := seq.Decode(strings.TrimSpace(n.Text), '\t')
	if len(f) < 4 || f[0] != mapName+"BoardPicker" || (len(f)-1)%3 != 0 {
		return false
	}
	slots := map[string][2]int{}
	for i := 1; i+2 < len(f); i += 3 {
		c, err1 := strconv.Atoi(f[i+1])
		r, err2 := strconv.Atoi(f[i+2])
		if err1 != nil || err2 != nil || c < 0 || r < 0 || c > maxBoards || r > maxBoards {
			return false
		}
		slots[f[i]] = [2]int{c, r}
	}
	for b, s := range slots {
		im.slots[mapName+"\x00"+b] = s
	}
	return true
}

// sheetOut is a sheet of the map.yaml written: where it is on the map,
// the labels of its first and last columns and rows, and its art.
type sheetOut struct {
	id, name   string
	x, y       int    // at: its first column and row on the map
	cols, rows [2]int // first and last label numbers
	art        *board // the board whose picture is the sheet's art; nil for none
	ox, oy     float64
}

// placedHex is a hex of the map as the layout shows it: the board its
// centre falls on and that board's raw column and row.
type placedHex struct {
	b    *board
	c, r int
}

// placeSheets lays the boards out as the module lays them out for a New
// Game (Map.setBoardBoundaries: a board right of the boards of lower
// columns in its row and below the boards of lower rows in its column)
// and reads the map from that one picture: a hex is a hex of the map when
// the whole of it lies on the boards, and it is counted once, on the board
// its centre falls on (Map.findBoard), so the line of hexes two sheets
// share at a seam is neither lost nor doubled. ok is false when the
// module has no such layout (no <setup>, or boards of several maps), and
// the sheets are laid side by side as each board shows them.
func (im *importer) placeSheets() (out []*sheetOut, shiftOdd bool, ok bool) {
	bs := im.boards
	slot := make([][2]int, len(bs))
	for i, b := range bs {
		s, has := im.slots[b.mapName+"\x00"+b.name]
		if !has || b.mapName != bs[0].mapName {
			return nil, false, false
		}
		slot[i] = s
	}
	// Map.setBoardBoundaries and getLocation
	type key [2]int
	width, height := map[key]int{}, map[key]int{}
	for i, b := range bs {
		width[slot[i]], height[slot[i]] = b.w, b.h
	}
	bx, by := make([]int, len(bs)), make([]int, len(bs))
	for i := range bs {
		for x := 0; x < slot[i][0]; x++ {
			bx[i] += width[key{x, slot[i][1]}]
		}
		for y := 0; y < slot[i][1]; y++ {
			by[i] += height[key{slot[i][0], y}]
		}
	}
	// every board's raw column 0, row 0 on the lattice of the first's
	ref := bs[0]
	kx, ky := make([]int, len(bs)), make([]int, len(bs))
	for i, b := range bs {
		fx := (float64(bx[i]+b.x0) - float64(bx[0]+ref.x0)) / ref.dx
		fy := (float64(by[i]+b.y0) - float64(by[0]+ref.y0)) / ref.dy
		kx[i], ky[i] = int(math.Round(fx)), int(math.Round(fy))
		if b.dx != ref.dx || b.dy != ref.dy || math.Abs(fx-float64(kx[i]))*ref.dx > 1 || math.Abs(fy-float64(ky[i]))*ref.dy > 1 || kx[i]%2 != 0 {
			im.res.Unread = append(im.res.Unread, Note{"board " + strconv.Quote(b.name), fmt.Sprintf("its hex grid is not on the grid of board %q where the module lays it out: the boards are laid side by side", ref.name)})
			return nil, false, false
		}
	}
	// a point is on the map where it is on a board (strictly inside, as
	// extent reads a whole hex)
	inside := func(x, y float64) bool {
		for i, b := range bs {
			if x > float64(bx[i]) && x < float64(bx[i]+b.w) && y > float64(by[i]) && y < float64(by[i]+b.h) {
				return true
			}
		}
		return false
	}
	hexes := map[key]placedHex{}
	for i, b := range bs {
		hw := 2 * b.dx / 3
		for c := int(math.Floor(-float64(b.x0)/b.dx)) - 1; float64(c)*b.dx+float64(b.x0) < float64(b.w)+b.dx; c++ {
			for r := int(math.Floor(-float64(b.y0)/b.dy)) - 1; float64(r)*b.dy+float64(b.y0) < float64(b.h)+b.dy; r++ {
				x, y := b.rawCenter(c, r)
				// Rectangle.contains: the centre's board
				if x < 0 || y < 0 || x >= float64(b.w) || y >= float64(b.h) {
					continue
				}
				gx, gy := x+float64(bx[i]), y+float64(by[i])
				if !inside(gx-hw, gy-b.dy/2) || !inside(gx+hw, gy-b.dy/2) || !inside(gx-hw, gy+b.dy/2) || !inside(gx+hw, gy+b.dy/2) {
					continue
				}
				// a blank strip the module widens a board by has no hex
				if b.blank(x, y) {
					continue
				}
				k := key{kx[i] + c, ky[i] + r}
				if _, dup := hexes[k]; !dup {
					hexes[k] = placedHex{b, c, r}
				}
			}
		}
	}
	// each sheet: the columns it shows a hex in, and the rows it shows
	// hexes of both a high and a low column in
	var order []string
	type span struct{ x0, x1, y0, y1 int }
	spans := map[string]*span{}
	rowsSeen := map[string]map[int]int{} // sheet → row → 1 high, 2 low
	for k, h := range hexes {
		s := h.b.sheet
		sp := spans[s]
		if sp == nil {
			sp = &span{math.MaxInt, math.MinInt, math.MaxInt, math.MinInt}
			spans[s] = sp
			rowsSeen[s] = map[int]int{}
		}
		sp.x0, sp.x1 = min(sp.x0, k[0]), max(sp.x1, k[0])
		rowsSeen[s][k[1]] |= 1 << (k[0] & 1)
	}
	for _, b := range bs {
		if spans[b.sheet] != nil && !contains(order, b.sheet) {
			order = append(order, b.sheet)
		}
	}
	minX, minY := math.MaxInt, math.MaxInt
	for _, s := range order {
		sp := spans[s]
		for y, m := range rowsSeen[s] {
			if m == 3 || sp.x0 == sp.x1 {
				sp.y0, sp.y1 = min(sp.y0, y), max(sp.y1, y)
			}
		}
		if sp.y0 > sp.y1 {
			continue
		}
		minX, minY = min(minX, sp.x0), min(minY, sp.y0)
	}
	for _, s := range order {
		sp := spans[s]
		if sp.y0 > sp.y1 {
			continue
		}
		// the labels of its first and last columns and rows, read from
		// a hex it shows
		var at key
		found := false
		for k, h := range hexes {
			if h.b.sheet == s && (!found || k[0] < at[0] || k[0] == at[0] && k[1] < at[1]) {
				at, found = k, true
			}
		}
		h := hexes[at]
		dc, dr := 1, 1
		if h.b.hDesc {
			dc = -1
		}
		if h.b.vDesc {
			dr = -1
		}
		c0, r0 := h.b.colNum(h.c)-dc*(at[0]-sp.x0), h.b.rowNum(h.r)-dr*(at[1]-sp.y0)
		so := &sheetOut{id: s, x: sp.x0 - minX, y: sp.y0 - minY,
			cols: [2]int{c0, c0 + dc*(sp.x1-sp.x0)}, rows: [2]int{r0, r0 + dr*(sp.y1-sp.y0)}}
		// its boards must number it as one sheet: a label a column (row)
		// further each column (row)
		var boards []*board
		for k, h := range hexes {
			if h.b.sheet != s || k[0] < sp.x0 || k[0] > sp.x1 || k[1] < sp.y0 || k[1] > sp.y1 {
				continue
			}
			if indexOf(boards, h.b) < 0 {
				boards = append(boards, h.b)
			}
			if h.b.colNum(h.c) != c0+dc*(k[0]-sp.x0) || h.b.rowNum(h.r) != r0+dr*(k[1]-sp.y0) {
				im.res.Unread = append(im.res.Unread, Note{"sheet " + strconv.Quote(s), "its boards do not number it as one sheet: the boards are laid side by side"})
				return nil, false, false
			}
		}
		for _, b := range bs {
			if indexOf(boards, b) >= 0 {
				so.name = b.name
				break
			}
		}
		if len(boards) == 1 {
			b := boards[0]
			i := indexOf(bs, b)
			so.art = b
			so.ox, so.oy = b.rawCenter(sp.x0-kx[i], sp.y0-ky[i])
		} else {
			im.res.Unread = append(im.res.Unread, Note{"sheet " + strconv.Quote(s), fmt.Sprintf("its hexes are on %d boards: no art is written for it (a sheet's art is one picture)", len(boards))})
		}
		out = append(out, so)
	}
	return out, minX%2 == 0, len(out) > 0
}

func indexOf[T comparable](xs []T, x T) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// sideBySide lays the boards side by side in the order the module has
// them, each sheet the columns and rows whole on its board: a module with
// no New Game layout.
func (im *importer) sideBySide() ([]*sheetOut, bool) {
	var out []*sheetOut
	x := 0
	for _, b := range im.boards {
		so := &sheetOut{id: b.sheet, name: b.name, x: x, cols: b.cols, rows: b.rows}
		if ox, oy, ok := b.firstCenter(); ok {
			so.art, so.ox, so.oy = b, ox, oy
		}
		out = append(out, so)
		n := b.cols[1] - b.cols[0]
		if n < 0 {
			n = -n
		}
		x += n + 1
		if x%2 == 1 {
			x++
		}
	}
	return out, im.boards[0].c0%2 == 0
}

// relabel names a hex the module names on a sheet where the import does
// not have it, the line two sheets share at a seam (a set-up of Terrible
// Swift Sword's names C0127, which the whole map shows on A), by the label
// of the sheet that has it: the hex at the same place on the map.
// Anything else is returned as it is.
func relabel(sheets []*sheetOut, first byte, leading int, label string) string {
	var so *sheetOut
	for _, s := range sheets {
		if strings.HasPrefix(label, s.id) && (so == nil || len(s.id) > len(so.id)) {
			so = s
		}
	}
	if so == nil {
		return label
	}
	d := label[len(so.id):]
	n := leading + 1
	if len(d) < 2*n || strings.Trim(d, "0123456789") != "" {
		return label
	}
	a, _ := strconv.Atoi(d[:len(d)-n])
	b, _ := strconv.Atoi(d[len(d)-n:])
	col, row := a, b
	if first == 'V' {
		col, row = b, a
	}
	in := func(s *sheetOut, c, r int) bool {
		return c >= min(s.cols[0], s.cols[1]) && c <= max(s.cols[0], s.cols[1]) && r >= min(s.rows[0], s.rows[1]) && r <= max(s.rows[0], s.rows[1])
	}
	if in(so, col, row) {
		return label
	}
	dir := func(a, b int) int {
		if b < a {
			return -1
		}
		return 1
	}
	x := so.x + (col-so.cols[0])*dir(so.cols[0], so.cols[1])
	y := so.y + (row-so.rows[0])*dir(so.rows[0], so.rows[1])
	for _, s := range sheets {
		c := s.cols[0] + (x-s.x)*dir(s.cols[0], s.cols[1])
		r := s.rows[0] + (y-s.y)*dir(s.rows[0], s.rows[1])
		if s != so && in(s, c, r) {
			if first == 'V' {
				return s.id + name(r, leading) + name(c, leading)
			}
			return s.id + name(c, leading) + name(r, leading)
		}
	}
	return label
}
