package vassal

import (
	"bytes"
	"encoding/xml"
	"image"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/internal/gen"
	"github.com/muster-wargames/muster/maps"
)

// tiledBattle is a generated battle of TSS's size (one sheet, about
// 5,000 x 5,600 pixels).
func tiledBattle(t *testing.T) *battle.Battle {
	t.Helper()
	fsys, err := gen.MapFS(gen.Config{System: "tss", Units: 643, Hexes: 6176})
	if err != nil {
		t.Fatal(err)
	}
	b, ds := battle.Load(fsys, "gen", battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	return b
}

// mainBoards reads the Main Map's boards of a module: each board's
// numbering (boardFromXML) and its slot in the New Game set-up.
func mainBoards(t *testing.T, data []byte) (map[string]*sheetBoard, map[string][2]int, map[string][]byte) {
	t.Helper()
	files, _ := unzipAll(t, data)
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	boards, slots := map[string]*sheetBoard{}, map[string][2]int{}
	root.walk(func(e, parent *xel) {
		if name, _ := e.attr("mapName"); e.class() != "module.Map" || name != mainMapName {
			return
		}
		e.walk(func(k, _ *xel) {
			switch {
			case k.class() == "module.map.BoardPicker":
				for _, s := range k.Kids {
					if s.XMLName.Local == "setup" {
						f := strings.Split(s.Text, "\t")
						for i := 1; i+2 < len(f); i += 3 {
							var c, r int
							c, r = atoi(f[i+1]), atoi(f[i+2])
							slots[f[i]] = [2]int{c, r}
						}
					}
				}
			case k.class() == "module.map.boardPicker.Board":
				name, _ := k.attr("name")
				img, _ := k.attr("image")
				for i := range k.Kids {
					if k.Kids[i].class() == "module.map.boardPicker.board.HexGrid" {
						boards[name] = boardFromXML(t, &k.Kids[i], files["images/"+img])
						boards[name].Image = img
					}
				}
			}
		})
	})
	return boards, slots, files
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestTiles: a map of one sheet whose board would pass the limit is split
// into tiles, each within the limit, and every hex of it is named by
// exactly one tile of the New Game, at the very pixel of the whole map
// where the untiled board has it; every At-Start stack's location parses
// on its scenario's copy of a tile and lands on its hex there (at the
// hex, at the untiled board's pixel). With the limit at the board's size, nothing tiles.
func TestTiles(t *testing.T) {
	b := tiledBattle(t)
	whole, wslots, _ := mainBoards(t, buildVmod(t, b))
	if len(wslots) != 1 {
		t.Fatalf("untiled: %d boards", len(wslots))
	}
	var one *sheetBoard
	for _, sb := range whole {
		one = sb
	}
	defer func(v int64) { maxBoardPixels = v }(maxBoardPixels)
	maxBoardPixels = int64(one.W) * int64(one.H) // at the limit: one board
	if _, slots, _ := mainBoards(t, buildVmod(t, b)); len(slots) != 1 {
		t.Errorf("a board at the limit tiled: %v", slots)
	}
	maxBoardPixels = 4 << 20 // 2048 x 2048 tiles
	data := buildVmod(t, b)
	boards, slots, files := mainBoards(t, data)
	if len(slots) < 4 {
		t.Fatalf("%d x %d board under a %d-pixel limit: %d boards", one.W, one.H, maxBoardPixels, len(slots))
	}
	// where VASSAL puts each tile: right of those west of it in its row,
	// below those north of it in its column
	at := map[[2]int]string{}
	for n, s := range slots {
		at[s] = n
	}
	origin := map[string][2]int{}
	for n, s := range slots {
		tb := boards[n]
		if tb == nil {
			t.Fatalf("board %s of the set-up not defined", n)
		}
		cfg, _, err := image.DecodeConfig(bytes.NewReader(files["images/"+tb.Image]))
		if err != nil || int64(cfg.Width)*int64(cfg.Height) > maxBoardPixels {
			t.Errorf("tile %s: %d x %d, %v", n, cfg.Width, cfg.Height, err)
		}
		x, y := 0, 0
		for c := 0; c < s[0]; c++ {
			x += boards[at[[2]int{c, s[1]}]].W
		}
		for r := 0; r < s[1]; r++ {
			y += boards[at[[2]int{s[0], r}]].H
		}
		origin[n] = [2]int{x, y}
	}
	g := b.Map.Grid
	s := g.Sheets[0]
	for j := 0; j < s.Rows; j++ {
		for i := 0; i < s.Cols; i++ {
			label := g.LabelOn(s, maps.Coord{X: s.X + i, Y: s.Y + j})
			wx, wy, _ := one.Location(label)
			var on []string
			for n := range slots {
				tb := boards[n]
				x, y, ok := tb.Location(label)
				if !ok || x < 0 || y < 0 || x >= tb.W || y >= tb.H || tb.LocationName(x, y) != label {
					continue
				}
				on = append(on, n)
				if o := origin[n]; o[0]+x != wx || o[1]+y != wy {
					t.Errorf("hex %s on %s at map pixel %d,%d, untiled %d,%d", label, n, o[0]+x, o[1]+y, wx, wy)
				}
			}
			if len(on) != 1 {
				t.Fatalf("hex %s is on tiles %v", label, on)
			}
		}
	}
	// every At-Start stack on its hex: its board is a scenario's copy
	// of a tile ("Sheet A tile 1-2 (main)"), laid out as the New Game's
	stacks := 0
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	root.walk(func(e, _ *xel) {
		if u, _ := e.attr("useGridLocation"); e.class() != "module.map.SetupStack" || u != "true" {
			return
		}
		name, _ := e.attr("name")
		loc, _ := e.attr("location")
		ob, _ := e.attr("owningBoard")
		n := ob[:strings.LastIndex(ob, " (")]
		tb := boards[ob]
		x, y, ok := tb.Location(loc)
		if _, tiled := slots[n]; !tiled || !ok || tb.LocationName(x, y) != loc {
			t.Errorf("stack %s: %s on %s does not parse there", name, loc, ob)
			return
		}
		stacks++
		wx, wy, _ := one.Location(loc)
		if o := origin[n]; o[0]+x != wx || o[1]+y != wy {
			t.Errorf("stack %s: %s lands at map pixel %d,%d, the hex is at %d,%d", name, loc, o[0]+x, o[1]+y, wx, wy)
		}
	})
	if stacks == 0 {
		t.Error("no At-Start stacks")
	}
}

// TestTilesOnlyOneSheet: on a map of several sheets a board past the limit
// is still refused (the seams between sheets are the map's own), one pixel
// past it and not at it; a sheet past maxTiles tiles is refused too.
func TestTilesOnlyOneSheet(t *testing.T) {
	b := tiledBattle(t)
	g := &maps.Grid{ShiftOdd: b.Map.Grid.ShiftOdd, Digits: 2}
	g.AddSheet(maps.NewSheet("A", 0, 0, 1, 20, 1, 30))
	g.AddSheet(maps.NewSheet("B", 19, 0, 1, 20, 1, 30))
	sb, err := newSheetBoard(g, g.Sheets[0])
	if err != nil {
		t.Fatal(err)
	}
	b.Map.Grid = g
	defer func(v int64) { maxBoardPixels = v }(maxBoardPixels)
	area := int64(sb.W) * int64(sb.H)
	for _, tc := range []struct {
		limit int64
		want  string
	}{
		{area, ""},
		{area - 1, "the board of sheet A would be"},
	} {
		maxBoardPixels = tc.limit
		_, err := Module(b)
		got := ""
		if err != nil && strings.Contains(err.Error(), "pixels, more than") {
			got = err.Error()
		}
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("limit %d on a %d-pixel board of two sheets: %v", tc.limit, area, err)
		}
	}
	g = &maps.Grid{ShiftOdd: b.Map.Grid.ShiftOdd, Digits: 2}
	g.AddSheet(maps.NewSheet("A", 0, 0, 1, 20, 1, 30))
	b.Map.Grid = g
	maxBoardPixels = (area + maxTiles - 1) / maxTiles // just enough for maxTiles tiles
	if _, err := Module(b); err != nil && strings.Contains(err.Error(), "tiles of") {
		t.Errorf("at %d tiles: %v", maxTiles, err)
	}
	maxBoardPixels = area/maxTiles - 1
	if _, err := Module(b); err == nil || !strings.Contains(err.Error(), "tiles of") {
		t.Errorf("past %d tiles: %v", maxTiles, err)
	}
}
