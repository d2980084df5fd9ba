package vassal

import (
	"fmt"
	"math"
	"strconv"

	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/render"
)

// Tiles. muster draws no picture past render.MaxPixels, so a map of one
// sheet whose board would pass it is split into tiles, as hand-made
// modules of big maps split theirs: a grid of boards in the board picker,
// each a frame of the sheet cut between lines of hexes at the same seams
// that part the boards of a map of several sheets (sheets.go), each with
// its own HexGrid origin and numbering, so VASSAL names every hex with
// its label on the one tile that shows it and puts every piece there
// (checkLayout proves it before anything is drawn).

// maxBoardPixels is the most pixels one board may have; tests lower it.
var maxBoardPixels int64 = render.MaxPixels

// maxTiles is the most tiles a map's board is split into: past it the
// build is refused before anything is drawn (a 1999x2000-hex sheet would
// be 17.9 G pixels, 270 tiles); a million hexes take about 70.
const maxTiles = 256

// tooBig reports whether a w x h board passes maxBoardPixels.
func tooBig(w, h int) bool { return int64(w)*int64(h) > maxBoardPixels }

// boardTooBig is the error for a board muster will not draw: a sheet of
// a map of several sheets, or a sheet with art, is drawn whole, and the
// module's hexes have one size (build has no --hex-size), so the remedy
// is smaller sheets.
func boardTooBig(what string, w, h int) error {
	fix := fmt.Sprintf(": a sheet of a map of several sheets, or with art, is one board, its hexes %d x %d pixels: draw smaller sheets", hexDX, hexDY)
	if err := render.CheckSize(what, w, h); err != nil {
		return fmt.Errorf("%w%s", err, fix)
	}
	return fmt.Errorf("%s would be %d x %d pixels, more than the %d pixels muster draws%s", what, w, h, maxBoardPixels, fix)
}

// sizeErr says why the board of sheet sb cannot be drawn, or nil: a map
// of several sheets or a sheet with art draws each board whole (the
// seams between sheets are the map's own), a map of one sheet tiles up
// to maxTiles.
func sizeErr(g *maps.Grid, sb *sheetBoard) error {
	w, h := sb.W, sb.H
	what := "the board of sheet " + sb.Sheet.ID
	switch {
	case !tooBig(w, h):
		return nil
	case len(g.Sheets) > 1 || sb.Sheet.Art != nil:
		return boardTooBig(what, w, h)
	case int64(w)*int64(h) > maxTiles*maxBoardPixels:
		return fmt.Errorf("%s would be %d x %d pixels, more than the %d tiles of %d pixels each muster draws: draw smaller sheets", what, w, h, maxTiles, maxBoardPixels)
	}
	return nil
}

// tileSide is the most pixels a tile has each way: a tile no wider and no
// higher than it stays within maxBoardPixels.
func tileSide() int { return int(math.Sqrt(float64(maxBoardPixels))) }

// cuts splits n lines starting at first into the fewest runs whose
// pictures are at most side pixels: edge(i) is the pixel of the seam
// after line i (the last line of a run), lo and hi the picture's outer
// edges. It returns each run's first line and the runs' edges.
func cuts(first, n, lo, hi, side int, edge func(int) int) (starts, edges []int) {
	for k := max(1, (hi-lo+side-1)/side); k <= n; k++ {
		starts, edges = starts[:0], append(edges[:0], lo)
		ok := true
		for i := range k {
			starts = append(starts, first+i*n/k)
		}
		for i := 1; i <= k; i++ {
			e := hi
			if i < k {
				e = edge(starts[i] - 1)
			}
			if e-edges[i-1] > side {
				ok = false
			}
			edges = append(edges, e)
		}
		if ok {
			return starts, edges
		}
	}
	return nil, nil
}

// tiles lays out the sheet of board sb, alone, as tiles when its own
// board passes maxBoardPixels; nil when it does not.
func (m *vmod) tiles(sb *sheetBoard) []placedBoard {
	own := sb.ownFrame()
	if sb.Sheet.Art != nil || !tooBig(own.R-own.L, own.B-own.T) {
		return nil
	}
	if int64(own.R-own.L)*int64(own.B-own.T) > maxTiles*maxBoardPixels {
		return nil // refused by newVmod
	}
	s, side := sb.Sheet, tileSide()
	xs, ls := cuts(s.X, s.Cols, own.L, own.R, side, func(x int) int { return gx(x) + seamX })
	ys, ts := cuts(s.Y, s.Rows, own.T, own.B, side, func(y int) int { return gy(y) + seamY })
	if xs == nil || ys == nil {
		return nil
	}
	var out []placedBoard
	for r := range ys {
		for c := range xs {
			f := frame{L: ls[c], R: ls[c+1], T: ts[r], B: ts[r+1], FirstX: xs[c], FirstY: ys[r]}
			if c+1 < len(xs) {
				f.EndX = xs[c+1]
			}
			if r+1 < len(ys) {
				f.EndY = ys[r+1]
			}
			_, drawn := m.frames[frameKey{s, f}]
			b := m.framed(sb, f)
			if !drawn { // named once: a scenario alone on the sheet uses the same tiles
				b.Name = fmt.Sprintf("%s tile %d-%d", sb.Name, r+1, c+1)
				b.Image = m.imageName("map", s.ID, "tile", strconv.Itoa(r+1), strconv.Itoa(c+1))
			}
			out = append(out, placedBoard{b, c, r})
		}
	}
	return out
}
