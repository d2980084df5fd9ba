package vmod

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	_ "image/gif"  // board images
	_ "image/jpeg" // board images
	_ "image/png"  // board images
	"math"
	"strconv"
	"strings"
)

// board is a module board with a hex grid that muster can read.
type board struct {
	name, image, file string
	sheet             string // the sheet id (the numbering's prefix)
	w, h              int
	dx, dy            float64
	x0, y0            int
	first             byte
	hOff, vOff        int
	leading           int
	hDesc, vDesc      bool
	sep               string
	cols, rows        [2]int // first and last label numbers
	c0                int    // the first raw column on the image
	mapName           string // the map it is on
	// drawn is the picture of a board muster drew (compile/vassal), whose
	// blank (its background, the palette's first colour) is no hex: nil
	// for any other picture
	drawn *image.Paletted
}

// drawnBackground is the colour muster's board pictures are blank in,
// the first of their palette (render.Board.PNG's boardBackground).
var drawnBackground = color.RGBA{0xeb, 0xeb, 0xe4, 0xff}

// maxDrawn is the largest board picture, in pixels, read for its blank:
// a larger one is read as all hexes.
const maxDrawn = 1 << 26

// isDrawn reports whether a picture is one muster drew: paletted, its
// palette's first colour drawnBackground.
func isDrawn(cm color.Model) bool {
	p, ok := cm.(color.Palette)
	return ok && len(p) > 0 && color.RGBAModel.Convert(p[0]) == drawnBackground
}

// blank reports whether the hex whose centre is at x, y is blank on a
// board muster drew: its centre and the points half way to its corners
// are the picture's background. A board the module widens to line it up
// with the boards above (below) it (compile/vassal frameLayout: Terrible
// Swift Sword's C) draws no hex in the strip; every hex of its sheet is
// filled with its terrain.
func (b *board) blank(x, y float64) bool {
	if b.drawn == nil {
		return false
	}
	for _, d := range [...][2]float64{{0, 0}, {1.0 / 3, 0}, {-1.0 / 3, 0}, {1.0 / 6, 0.25}, {-1.0 / 6, 0.25}, {1.0 / 6, -0.25}, {-1.0 / 6, -0.25}} {
		px, py := int(x+d[0]*b.dx), int(y+d[1]*b.dy)
		if !(image.Point{px, py}.In(b.drawn.Rect)) || b.drawn.ColorIndexAt(px, py) != 0 {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return 0
	}
	return int(f)
}

func atof(s string) float64 {
	f, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f
}

func (im *importer) readMap(n *node) {
	name := n.attr("mapName")
	if im.muster && im.display(name) {
		im.rebuilt(n, "display made again by muster from the ruleset, with the markers it starts with")
		im.displayRows(name, n)
		return
	}
	for _, k := range n.Kids {
		switch {
		case k.Class == "module.map.BoardPicker":
			for _, b := range k.Kids {
				if b.Class == "setup" && im.readSetup(name, b) {
					continue
				}
				if b.Class != "module.map.boardPicker.Board" {
					im.other(b)
					continue
				}
				im.readBoard(name, b)
			}
		case k.Class == "module.map.SetupStack":
			im.setupStack(name, k)
		case k.Class == "module.map.DrawPile" && im.muster:
			im.drawPile(k)
			im.other(k)
		case mapParts[k.Class]:
		default:
			im.other(k)
		}
	}
}

// Limits on a board's grid (docs/ci.md, "Limits"): values past them are
// refused, at their line, rather than drawn into loops of a billion hexes
// or labels of a hundred million digits.
const (
	minHex     = 1.0     // px: the smallest hex width or height read
	maxHex     = 10000.0 // px: the largest
	maxOrigin  = 1e6     // px: the grid origin's x0, y0, either sign
	maxOffset  = 100000  // hOff, vOff, either sign
	maxLeading = 8       // hLeading, vLeading: leading zeros
	maxImage   = 100000  // px: a board image's width or height
)

// gridValue reads attribute k of n as a number within [lo, hi]; a value
// that is not a finite number there refuses the module. A missing value
// reads as def.
func (im *importer) gridValue(n *node, board, k string, def, lo, hi float64) float64 {
	s := strings.TrimSpace(n.attr(k))
	if s == "" {
		return def
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return def
	}
	if math.IsNaN(f) || f < lo || f > hi {
		im.refuse(n, "board %q: %s=%s is outside %g to %g (the grid value limit)", board, k, s, lo, hi)
		return def
	}
	return f
}

func (im *importer) readBoard(mapName string, n *node) {
	if im.nboards++; im.nboards > maxBoards {
		im.refuse(n, "more than %d boards (the board limit)", maxBoards)
		return
	}
	_, _, isCopy := scenarioOf(n.attr("name"))
	var hg, num *node
	var zones []*node
	n.walk(func(k *node) bool {
		switch k.Class {
		case "module.map.boardPicker.board.HexGrid":
			if hg == nil {
				hg = k
			}
		case "module.map.boardPicker.board.mapgrid.HexGridNumbering":
			if num == nil {
				num = k
			}
		case "module.map.boardPicker.board.ZonedGrid":
		case "module.map.boardPicker.board.mapgrid.Zone":
			zones = append(zones, k)
		case "module.map.boardPicker.Board":
		default:
			if k.Up == n {
				im.unread(k, "board part not understood")
			}
		}
		return true
	})
	if hg == nil && im.muster && mapName == "Reinforcements" && len(zones) > 0 {
		// a muster arrival box: its zone's name says where the group
		// enters (arrival, zones.go)
		im.boxZones[n.attr("name")] = zones
		zones = nil
	}
	for _, z := range zones {
		if hg != nil && hg.inside(z) {
			im.unread(z, "zone %q: its hex grid is read as the whole board's; the zone's shape and properties are not", z.attr("name"))
		} else {
			im.unread(z, "zone %q not read: muster reads one hex grid per board", z.attr("name"))
		}
	}
	if hg == nil {
		if !(im.muster && mapName != "Main Map") {
			im.unread(n, "board %q on map %q has no hex grid: not a sheet", n.attr("name"), mapName)
		} else {
			im.rebuilt(n, "board made again by muster")
		}
		return
	}
	b := &board{name: n.attr("name"), image: n.attr("image"), mapName: mapName,
		dx: atof(hg.attr("dx")), dy: atof(hg.attr("dy")), first: 'H'}
	if b.dx > 0 || math.IsNaN(b.dx) {
		b.dx = im.gridValue(hg, b.name, "dx", 0, minHex, maxHex)
	}
	if b.dy > 0 || math.IsNaN(b.dy) {
		b.dy = im.gridValue(hg, b.name, "dy", 0, minHex, maxHex)
	}
	b.x0 = int(im.gridValue(hg, b.name, "x0", 0, -maxOrigin, maxOrigin))
	b.y0 = int(im.gridValue(hg, b.name, "y0", 0, -maxOrigin, maxOrigin))
	if im.err != nil {
		return
	}
	if hg.attr("sideways") == "true" {
		im.unread(hg, "board %q: a sideways (pointy-top) hex grid is not read", b.name)
		return
	}
	if b.dx <= 0 || b.dy <= 0 {
		im.unread(hg, "board %q: hex size dx=%q dy=%q not read", b.name, hg.attr("dx"), hg.attr("dy"))
		return
	}
	if num == nil {
		im.unread(hg, "board %q: the hex grid has no numbering; muster labels need one", b.name)
		return
	}
	if num.attr("first") == "V" {
		b.first = 'V'
	}
	b.hOff = int(im.gridValue(num, b.name, "hOff", 0, -maxOffset, maxOffset))
	b.vOff = int(im.gridValue(num, b.name, "vOff", 0, -maxOffset, maxOffset))
	b.leading = int(im.gridValue(num, b.name, "hLeading", 0, 0, maxLeading))
	im.gridValue(num, b.name, "vLeading", 0, 0, maxLeading)
	if im.err != nil {
		return
	}
	if num.attr("vLeading") != num.attr("hLeading") {
		im.unread(num, "board %q: hLeading %s and vLeading %s differ; muster labels have one digit count (hLeading is used)", b.name, num.attr("hLeading"), num.attr("vLeading"))
	}
	b.hDesc, b.vDesc = num.attr("hDescend") == "true", num.attr("vDescend") == "true"
	b.sep = num.attr("sep")
	if b.sep != "" {
		im.unread(num, "board %q: separator %q between column and row is not in muster's labels (dropped)", b.name, b.sep)
	}
	for _, k := range []string{"hType", "vType"} {
		if t := num.attr(k); t != "" && t != "N" {
			im.unread(num, "board %q: %s=%s (letters) not read: muster labels are numbers", b.name, k, t)
		}
	}
	if num.attr("stagger") == "true" {
		im.unread(num, "board %q: stagger=true not read (muster numbers rows straight)", b.name)
	}
	lf := num.attr("locationFormat")
	if pre, ok := strings.CutSuffix(lf, "$gridLocation$"); ok && !strings.Contains(pre, "$") && pre != "" {
		b.sheet = pre
	} else {
		b.sheet = string(rune('A' + len(im.boards)))
		im.unread(num, "board %q: locationFormat %q has no sheet prefix; the sheet is called %s and its labels get that prefix", b.name, lf, b.sheet)
	}
	if isCopy && im.muster {
		im.gridBoards[b.name] = b
		// a scenario's copy of a sheet's board, or of a strip of it: its
		// numbering names the scenario's hexes, but the map is the
		// boards File > New Game lays out
		return
	}
	if !plainName(b.image) {
		im.refuse(n, "board %q: image %q is not a file name in images/ (it is empty, \".\" or \"..\", or holds a slash, a backslash or NUL): refused, as it would be written outside the battle's images folder", b.name, b.image)
		return
	}
	data, ok := im.readFile(n, "images/"+b.image, true)
	if im.err != nil {
		return
	}
	if !ok {
		im.unread(n, "board %q: image %q is not in the archive", b.name, b.image)
		return
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		im.unread(n, "board %q: image %q cannot be read (%v)", b.name, b.image, err)
		return
	}
	b.w, b.h = cfg.Width, cfg.Height
	if b.w > maxImage || b.h > maxImage {
		im.refuse(n, "board %q: image %q is %dx%d px, more than %d on a side (the board image limit)", b.name, b.image, b.w, b.h, maxImage)
		return
	}
	if im.muster && isDrawn(cfg.ColorModel) && b.w*b.h <= maxDrawn {
		if pic, _, err := image.Decode(bytes.NewReader(data)); err == nil {
			b.drawn, _ = pic.(*image.Paletted)
		}
	}
	b.file = "images/" + b.image
	if _, ok := im.res.Files[b.file]; !ok {
		if im.kept += int64(len(data)); im.kept > maxKept {
			im.refuse(n, "board %q: the board art kept passes %d MiB (the board art limit)", b.name, maxKept>>20)
			return
		}
	}
	im.res.Files[b.file] = data
	if !b.extent() {
		im.unread(n, "board %q: no whole hex of the grid fits on the image", b.name)
		return
	}
	im.boards = append(im.boards, b)
	im.gridBoards[b.name] = b
	im.boardsByName[b.name] = append(im.boardsByName[b.name], b)
	im.res.Read = append(im.res.Read, fmt.Sprintf("board %q: sheet %s, columns %d-%d, rows %d-%d, image %s", b.name, b.sheet, b.cols[0], b.cols[1], b.rows[0], b.rows[1], b.file))
}

// plainName reports whether s names a file in a folder, not a path: what
// an imported board's art may be called under the battle's images/.
func plainName(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsAny(s, "/\\\x00")
}

// rawCenter is HexGrid's centre of raw column c, row r (not sideways).
func (b *board) rawCenter(c, r int) (float64, float64) {
	x := float64(c)*b.dx + float64(b.x0)
	y := float64(r)*b.dy + float64(b.y0)
	if c%2 != 0 {
		y += b.dy / 2
	}
	return x, y
}

// extent finds the raw columns and rows whose whole hex lies on the image
// and their label numbers.
func (b *board) extent() bool {
	hw := 2 * b.dx / 3
	fitsX := func(c int) bool {
		x, _ := b.rawCenter(c, 0)
		return x-hw > 0 && x+hw < float64(b.w)
	}
	fitsY := func(r int) bool {
		for c := 0; c < 2; c++ {
			_, y := b.rawCenter(c, r)
			if !(y-b.dy/2 > 0 && y+b.dy/2 < float64(b.h)) {
				return false
			}
		}
		return true
	}
	c0, c1, r0, r1 := -1, -1, -1, -1
	for c := 0; float64(c)*b.dx < float64(b.w); c++ {
		if fitsX(c) {
			if c0 < 0 {
				c0 = c
			}
			c1 = c
		}
	}
	for r := 0; float64(r)*b.dy < float64(b.h); r++ {
		if fitsY(r) {
			if r0 < 0 {
				r0 = r
			}
			r1 = r
		}
	}
	if c0 < 0 || r0 < 0 {
		return false
	}
	b.c0 = c0
	b.cols = [2]int{b.colNum(c0), b.colNum(c1)}
	b.rows = [2]int{b.rowNum(r0), b.rowNum(r1)}
	return true
}

// maxCol and maxRow are HexGridNumbering.getMaxColumns / getMaxRows, as
// VASSAL writes them (width over dy, height over dx).
func (b *board) maxCol() int { return int(math.Floor(float64(b.w)/b.dy + 0.5)) }
func (b *board) maxRow() int { return int(math.Floor(float64(b.h)/b.dx + 0.5)) }

func (b *board) colNum(c int) int {
	if b.hDesc {
		c = b.maxCol() - c
	}
	return c + b.hOff
}

func (b *board) rowNum(r int) int {
	if b.vDesc {
		r = b.maxRow() - r
	}
	return r + b.vOff
}

// name writes a number with VASSAL's leading zeros.
func name(n, leading int) string {
	s := strconv.Itoa(n)
	for len(s) < leading+1 {
		s = "0" + s
	}
	return s
}

// locationName is HexGridNumbering's name of a board point.
func (b *board) locationName(x, y int) string {
	fx := (float64(x) - float64(b.x0)) / b.dx
	c := int(math.Floor(fx + 0.5))
	var r int
	if c%2 == 0 {
		r = int(math.Floor((float64(y)-float64(b.y0))/b.dy + 0.5))
	} else {
		r = int(math.Floor((float64(y)-float64(b.y0)-b.dy/2)/b.dy + 0.5))
	}
	cn, rn := name(b.colNum(c), b.leading), name(b.rowNum(r), b.leading)
	if b.first == 'V' {
		return b.sheet + rn + cn
	}
	return b.sheet + cn + rn
}

// parseLabel checks that a location is a label of the board's numbering.
func (b *board) parseLabel(l string) bool {
	d, ok := strings.CutPrefix(l, b.sheet)
	if !ok || len(d) < 2*(b.leading+1) || strings.Trim(d, "0123456789") != "" {
		return false
	}
	return true
}

// firstCenter is the pixel centre of the sheet's first hex (the labels
// cols[0], rows[0]): the origin of the sheet's art.
func (b *board) firstCenter() (float64, float64, bool) {
	c, r := -1, -1
	for i := 0; i <= b.maxCol()+1; i++ {
		if b.colNum(i) == b.cols[0] {
			c = i
			break
		}
	}
	for i := 0; i <= b.maxRow()+1; i++ {
		if b.rowNum(i) == b.rows[0] {
			r = i
			break
		}
	}
	if c < 0 || r < 0 {
		return 0, 0, false
	}
	x, y := b.rawCenter(c, r)
	return x, y, true
}
