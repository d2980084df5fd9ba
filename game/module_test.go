package game

import (
	"os"
	"testing"
)

func module(t *testing.T) *Module {
	t.Helper()
	b, err := os.ReadFile("testdata/dow-intro.vmod")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ReadModule("dow-intro.vmod", b)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLocate names each piece's hex as VASSAL named it in the game's chat
// ("74 IL moves C3215 → C3014") and the harness printed.
func TestLocate(t *testing.T) {
	m, g := module(t), read(t, "moves.vlog")
	if !m.Muster {
		t.Fatal("dow-intro.vmod not read as muster's")
	}
	for _, c := range []struct {
		x, y int
		want string
	}{{1442, 1080, "C3215"}, {1318, 1008, "C3014"}, {1442, 936, "C3213"}, {1752, 612, "C3708"}, {1380, 1260, "C3117"}} {
		if got := m.Locate(g, "Main Map", c.x, c.y); got.Location != c.want || got.Board != "Sheet C (intro)" {
			t.Errorf("%d,%d: %+v, want %s", c.x, c.y, got, c.want)
		}
	}
	if got := m.Locate(g, "Eliminated (Union)", 10, 10); got.Location != "" || got.Board != "Eliminated (Union)" {
		t.Errorf("a box: %+v", got)
	}
	if got := m.Locate(g, "Main Map", -5, 10); got.Board != "" {
		t.Errorf("off the board: %+v", got)
	}
	s := m.Slots[byName(g.Start, "74 IL").GPID]
	if s == nil || s.Piece.Markers["Designation"] != "74 IL/1/1/RW" {
		t.Errorf("74 IL's slot: %+v", s)
	}
}

// TestNotMusters: a module whose description muster did not write is not
// read as muster's.
func TestNotMusters(t *testing.T) {
	for desc, want := range map[string]bool{"Dead of Winter, compiled by muster": true, "Dead of Winter": false, "compiled by muster, Dead of Winter": false} {
		b := zipOf(t, map[string]string{"buildFile.xml": `<VASSAL.build.GameModule name="DoW" description="` + desc + `"/>`})
		m, err := ReadModule("m.vmod", b)
		if err != nil || m.Muster != want {
			t.Errorf("%q: muster %v, want %v (%v)", desc, m != nil && m.Muster, want, err)
		}
	}
}

// FuzzModule: any build file reads without a panic, and any point of any
// map it declares is located.
func FuzzModule(f *testing.F) {
	f.Add(`<VASSAL.build.GameModule name="m" description="x, compiled by muster"><VASSAL.build.module.Map mapName="Main Map" edgeWidth="5"><VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Sheet C" width="900" height="700"><VASSAL.build.module.map.boardPicker.board.HexGrid dx="62.0" dy="72.0" x0="78" y0="72"><VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" hOff="10" vOff="1" hLeading="1" vLeading="1" stagger="false" locationFormat="C$gridLocation$"/></VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map><VASSAL.build.widget.PieceSlot gpid="7" entryName="A">+/null/mark;Designation	piece;;;a.png;A/x	null;0;0;7;0</VASSAL.build.widget.PieceSlot></VASSAL.build.GameModule>`, 100, 200)
	f.Fuzz(func(t *testing.T, xml string, x, y int) {
		m, err := ReadModule("m.vmod", zipOf(t, map[string]string{"buildFile.xml": xml}))
		if err != nil {
			return
		}
		g := &Game{Boards: map[string][]BoardAt{}}
		for name, mp := range m.Maps {
			for b := range mp.Boards {
				g.Boards[name] = append(g.Boards[name], BoardAt{Name: b, Col: x % 3, Row: y % 3})
			}
			m.Locate(g, name, x, y)
		}
	})
}
