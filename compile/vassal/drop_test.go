package vassal

import (
	"encoding/xml"
	"math"
	"strconv"
	"testing"
)

// vassalSnap ports HexGrid.snapTo for a point within a hex (snapToHex:
// hexPoint's first candidate, hexPointCenterFromRawIndex), not sideways:
// where VASSAL puts a piece a player drops at x, y.
func vassalSnap(sb *sheetBoard, x, y int) (int, int) {
	ox, oy := float64(sb.X0), float64(sb.Y0)
	nx := int(math.Floor((float64(x) - ox + sb.dx/2) / sb.dx))
	var ny int
	if nx%2 == 0 {
		ny = int(math.Floor((float64(y) - oy + sb.dy/2) / sb.dy))
	} else {
		ny = int(math.Floor((float64(y) - oy) / sb.dy))
	}
	sx := int(sb.dx*float64(nx) + ox)
	if nx%2 == 0 {
		return sx, int(sb.dy*float64(ny) + oy)
	}
	return sx, int(sb.dy*float64(ny) + float64(int(sb.dy/2)) + oy)
}

// Every At-Start stack on a hex stands where VASSAL puts a piece a player
// drops on that hex, so that the piece joins the stack (PieceMover merges
// a drop with a stack at the snapped point): its grid location's point,
// or where the module writes it by its point. Before, art-demo's stacks
// (a sheet with art, dy 61.89 px) stood where HexGridNumbering centres
// the hex, a pixel below the snapped point in odd columns: in VASSAL
// 3.7.26, Gamble B dropped on A0605 made a stack of its own beside Gamble
// A's.
func TestStacksWhereDropsLand(t *testing.T) {
	for _, ex := range setupExamples {
		t.Run(ex.dir, func(t *testing.T) {
			t.Parallel()
			_, files, root := setupModule(t, ex.dir, ex.variant)
			n, _ := checkDrops(t, root, files)
			if n == 0 {
				t.Fatal("no At-Start stack on a hex")
			}
		})
	}
}

// An extension's At-Start stacks stand where VASSAL puts a piece a player
// drops on their hex, as the module's do (TestStacksWhereDropsLand).
// Before, art-demo's extension wrote every stack by its grid location, a
// pixel below the snapped point in odd columns (dy 61.89 px): a piece
// dropped on A0605 made a stack of its own beside the set-up's.
func TestExtensionStacksWhereDropsLand(t *testing.T) {
	b, base, _ := setupModule(t, "art-demo", "")
	mod := moduleBytes(t, b)
	outs, err := Extension(mod, "art-demo.vmod")(b)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzipAll(t, outs[0].Data)
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	n, byPoint := checkDrops(t, &root, base)
	if n == 0 || byPoint == 0 {
		t.Fatalf("%d At-Start stacks on a hex, %d by their point: want some of each", n, byPoint)
	}
}

// checkDrops wants every At-Start stack of root on a hex board to stand
// where VASSAL puts a piece dropped on its hex, and VASSAL to name that
// spot as the stack does; images holds the boards' pictures. It counts
// the stacks, and those written by their point.
func checkDrops(t *testing.T, root *xel, images map[string][]byte) (n, byPoint int) {
	t.Helper()
	boards := map[string]*sheetBoard{}
	root.walk(func(e, _ *xel) {
		switch e.class() {
		case "module.map.boardPicker.Board":
			name, _ := e.attr("name")
			img, _ := e.attr("image")
			for i := range e.Kids {
				if e.Kids[i].class() == "module.map.boardPicker.board.HexGrid" {
					boards[name] = boardFromXML(t, &e.Kids[i], images["images/"+img])
				}
			}
		case "module.map.SetupStack":
			ob, _ := e.attr("owningBoard")
			sb := boards[ob]
			if sb == nil {
				return // a holding or reinforcement box's
			}
			name, _ := e.attr("name")
			loc, _ := e.attr("location")
			var x, y int
			if g, _ := e.attr("useGridLocation"); g == "true" {
				var ok bool
				if x, y, ok = sb.Location(loc); !ok {
					t.Errorf("stack %s: %q does not parse", name, loc)
					return
				}
			} else {
				xs, _ := e.attr("x")
				ys, _ := e.attr("y")
				x, _ = strconv.Atoi(xs)
				y, _ = strconv.Atoi(ys)
				byPoint++
			}
			if sx, sy := vassalSnap(sb, x, y); sx != x || sy != y {
				t.Errorf("stack %s stands at %d,%d; a piece dropped on %s lands at %d,%d, a stack of its own", name, x, y, loc, sx, sy)
			}
			if got := sb.LocationName(x, y); got != loc {
				t.Errorf("stack %s at %d,%d: VASSAL names the spot %s, not %s", name, x, y, got, loc)
			}
			n++
		}
	})
	return n, byPoint
}
