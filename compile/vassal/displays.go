package vassal

import (
	"bytes"
	"image"
	_ "image/jpeg" // a battle's chart pictures, whose size the window takes
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/displays"
	"github.com/muster-wargames/muster/render"
)

// displayMaps are the displays of the battle's ruleset (package
// displays: Summer Storm's Army Orders Card, TSS's tracks, AMFS's
// Command Display, GBACW's leader board), each a map window with a
// toolbar button: a board render draws from the display's description,
// and an At-Start stack in each box or track space a marker starts in.
// A display each player has is one map per side.
func (m *vmod) displayMaps() []*xnode {
	var out []*xnode
	defs := map[string]*pieceDef{}
	for i, d := range m.displays() {
		name := d.Name()
		mp := windowMap(name, d.Title+" ("+d.Rule+")")
		bp := el("module.map.BoardPicker", "title", "Choose boards", "slotWidth", "125", "slotHeight", "125", "slotScale", "0.2")
		defaultBoards(bp, name, []string{name}, [][2]int{{0, 0}})
		img := m.imageName("display", d.ID, sideID(d))
		var cells []render.Cell
		for _, b := range d.Boxes {
			cells = append(cells, render.Cell{X: b.X, Y: b.Y, W: b.W, H: b.H, Label: b.Label,
				Outline: b.Kind != displays.KindLabel, Small: b.Kind == displays.KindSpace})
		}
		m.addImage(img, render.Display(d.W, d.H+windowRoom, d.Name(), cells))
		var stacks []*xnode
		board := func(bname, place string, d displays.Display) {
			m.idPlace = place // the ledger's keys of its markers' slots
			bd := el("module.map.boardPicker.Board", "name", bname, "image", img, "reversible", "false")
			bd.add(displayZones(d))
			bp.add(bd)
			stacks = append(stacks, m.displayStacks(defs, bname, d)...)
		}
		board(name, "display "+name, d)
		for _, sc := range m.b.Scenarios {
			if sd, ok := m.displayOf(sc, i); ok {
				board(displayBoard(d, sc), "display "+name+" "+sc.ID, sd)
			}
		}
		mp.add(bp)
		mp.add(standardMapParts()...)
		mp.add(stacks...)
		out = append(out, mp)
	}
	return out
}

// displayStacks are the At-Start stacks of a display's board: one in
// each box or track space a marker starts in.
func (m *vmod) displayStacks(defs map[string]*pieceDef, board string, d displays.Display) []*xnode {
	stacks := map[string]*xnode{}
	var order []string
	for _, mk := range d.Markers {
		b, ok := d.BoxByID(mk.Box)
		if !ok {
			continue
		}
		def := m.displayMarker(defs, d, mk)
		if def == nil {
			continue
		}
		st := stacks[mk.Box]
		if st == nil {
			x, y := b.Centre()
			st = el("module.map.SetupStack", "name", board+" "+mk.Box, "owningBoard", board, "useGridLocation", "false",
				"x", strconv.Itoa(x), "y", strconv.Itoa(y))
			stacks[mk.Box] = st
			order = append(order, mk.Box)
		}
		st.add(m.slot(def, nil, ""))
	}
	var out []*xnode
	for _, id := range order {
		out = append(out, stacks[id])
	}
	return out
}

// displayBoard is the board of a display for a scenario whose values
// move its markers off their first spaces.
func displayBoard(d displays.Display, sc *battle.Scenario) string {
	return d.Name() + " (" + sc.ID + ")"
}

// displayOf is the i-th display as sc starts it, and whether it differs
// from the free set-up's (a marker starts elsewhere): a scenario that
// gives no value uses the display's own board.
func (m *vmod) displayOf(sc *battle.Scenario, i int) (displays.Display, bool) {
	if m.scShown == nil {
		m.scShown = map[*battle.Scenario][]displays.Display{}
	}
	ds, ok := m.scShown[sc]
	if !ok {
		ds = displays.ForScenario(m.b, sc)
		m.scShown[sc] = ds
	}
	d, free := ds[i], m.displays()[i]
	for j, mk := range d.Markers {
		if mk.Box != free.Markers[j].Box {
			return d, true
		}
	}
	return d, false
}

// displayZones is a display board's grid: a Zone for each box and track
// space, named as a player calls it ("CP track (ACP, CCP) Flag"), so that
// VASSAL names where a marker stands and where it moves to, as the
// reinforcement boxes' zones do (boxZones).
func displayZones(d displays.Display) *xnode {
	zg := el("module.map.boardPicker.board.ZonedGrid")
	for _, b := range d.Boxes {
		if b.Kind == displays.KindLabel {
			continue
		}
		path := zonePath(b.X, b.Y, b.W, b.H)
		zg.add(el("module.map.boardPicker.board.mapgrid.Zone", "name", strings.ReplaceAll(b.Name, "$", "S"), "locationFormat", "$name$", "path", path,
			"useParentGrid", "false", "useHighlight", "false", "highlightProperty", ""))
	}
	return zg
}

// zonePath is a rectangle's corners as a Zone's path: "x,y;x2,y;x2,y2;x,y2"
// (a display has thousands of boxes: no fmt).
func zonePath(x, y, w, h int) string {
	b := make([]byte, 0, 48)
	for i, p := range [...][2]int{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}} {
		if i > 0 {
			b = append(b, ';')
		}
		b = strconv.AppendInt(b, int64(p[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(p[1]), 10)
	}
	return string(b)
}

// displays are the battle's displays, laid out once.
func (m *vmod) displays() []displays.Display {
	if m.shown == nil {
		m.shown = displays.Build(m.b)
	}
	return m.shown
}

func sideID(d displays.Display) string {
	if d.Side == nil {
		return ""
	}
	return d.Side.ID
}

// displayMarker is the piece of a marker a display starts with: one of
// the ruleset's markers (the tray's piece), or a formation's own marker
// of a row's track, "1/RW FATIGUE" (Kind marker, Type the track). Nil for
// a marker id the ruleset does not list.
func (m *vmod) displayMarker(defs map[string]*pieceDef, d displays.Display, mk displays.Marker) *pieceDef {
	key := mk.ID + "\x00" + mk.Name
	if def, ok := defs[key]; ok {
		return def
	}
	var def *pieceDef
	if mk.ID != "" {
		for _, r := range m.b.Rules.Play.Markers {
			if r.ID == mk.ID {
				def = m.markerDef(r)
			}
		}
	} else {
		img := m.imageName("display-marker", sideID(d), mk.Top, mk.Bottom)
		m.addImage(img, m.picture(drawMarker(displayMarkerLines(mk))))
		def = &pieceDef{name: mk.Name, image: img, traits: []trait{marker("Kind", "marker"), marker("Type", trackID(mk.Track))},
			key: "display-marker " + sideID(d) + " " + mk.Name}
	}
	defs[key] = def
	return def
}

// displayMarkerLines are the two lines a formation's marker prints: its
// designation, or where that would run past the counter's edge its own
// part ("PEGRAM" of Pegram/Res/III: the marker stays on its row, which
// names it whole), and the track.
func displayMarkerLines(mk displays.Marker) (string, string) {
	top := strings.ToUpper(mk.Top)
	if render.LabelWidth(top) > counterPx-4 {
		top, _, _ = strings.Cut(top, "/")
	}
	return top, strings.ToUpper(mk.Bottom)
}

// trackID is a row track's id without its formation: "fatigue".
func trackID(t string) string {
	for i := len(t) - 1; i >= 0; i-- {
		if t[i] == '/' {
			return t[i+1:]
		}
	}
	return t
}

// displayBoardLines are the set-up's lines choosing each display's board
// (a predefined set-up's saved game names every map's boards): the
// scenario's own where its values move a marker, else the display's.
func (m *vmod) displayBoardLines(sc *battle.Scenario) []string {
	var out []string
	for i, d := range m.displays() {
		bname := d.Name()
		if _, ok := m.displayOf(sc, i); ok {
			bname = displayBoard(d, sc)
		}
		out = append(out, seq.Of(d.Name()+"BoardPicker", '\t').Append(bname).Int(0).Int(0).Value())
	}
	return out
}

// terrainEffects is a chart window with the ruleset's terrain effects
// chart (displays.TerrainEffects: each terrain, hexside and road's cost
// for each movement class), as the rulebook prints one.
func (m *vmod) terrainEffects() *xnode {
	t := displays.TerrainEffects(m.b)
	if len(t.Rows) == 0 {
		return nil
	}
	img := t.ID + ".png"
	m.addImage(img, render.Table(t.Title, t.Columns, t.Rows, t.Notes))
	w := el("module.ChartWindow", "name", "Terrain effects", "text", "Terrain effects", "tooltip", "Movement costs of the ruleset's terrain, hexsides and roads",
		"icon", "", "hotkey", "", "description", "Terrain effects")
	return w.add(el("widget.Chart", "chartName", "Terrain effects", "description", t.Title, "fileName", img))
}

// chartsWindow is a chart window with a tab for each table the ruleset
// prints (displays.Charts: TSS's Fire and Melee CRTs and Morale/Rout
// table, Summer Storm's CRTs), drawn from the data cell by cell, then a tab
// for each picture of a table the battle supplies (battle.yaml's charts:);
// nil when there are none.
func (m *vmod) chartsWindow() *xnode {
	ts := displays.Charts(m.b)
	if len(ts) == 0 && len(m.b.Charts) == 0 {
		return nil
	}
	names := tableTitles(ts)
	for _, c := range m.b.Charts {
		names = append(names, c.Name)
	}
	what := "The tables the rulebook prints: "
	if len(ts) == 0 {
		what = "The battle's tables: "
	}
	w := el("module.ChartWindow", "name", "Tables", "text", "Tables", "tooltip", what+strings.Join(names, ", "),
		"icon", "", "hotkey", "", "description", "Tables")
	tabs := el("widget.TabWidget", "entryName", "Tables", "description", "")
	pics := make([][]byte, len(ts))
	var maxW, maxH int
	grow := func(data []byte) {
		if c, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil {
			maxW, maxH = max(maxW, c.Width), max(maxH, c.Height)
		}
	}
	for i, t := range ts {
		pics[i] = render.Table(t.Title, t.Columns, t.Rows, t.Notes)
		grow(pics[i])
	}
	for _, c := range m.b.Charts {
		grow(c.Picture.Data)
	}
	if len(ts) > 0 && len(ts)+len(m.b.Charts) > 1 {
		// VASSAL sizes the window by the first tab's chart alone (its
		// TabWidget builds the others when chosen): drawn as large as the
		// largest, the window opens with room for every table under its
		// tabs; before, Dead of Winter's opened 340 pixels wide, its 20
		// tabs in 17 rows over a scrolled table
		t := ts[0]
		pics[0] = render.TableIn(t.Title, t.Columns, t.Rows, t.Notes, maxW, maxH)
	}
	for i, t := range ts {
		img := "chart-" + t.ID + ".png"
		m.addImage(img, pics[i])
		tabs.add(el("widget.Chart", "chartName", shortTitle(t), "description", t.Title, "fileName", img))
	}
	for i, c := range m.b.Charts {
		ext := "png"
		if c.Picture.Format == "jpeg" {
			ext = "jpg"
		}
		img := "battle-chart-" + strconv.Itoa(i+1) + "." + ext
		m.addImage(img, c.Picture.Data)
		tabs.add(el("widget.Chart", "chartName", c.Name, "description", c.Name, "fileName", img))
	}
	return w.add(tabs)
}

func tableTitles(ts []displays.Table) []string {
	var out []string
	for _, t := range ts {
		out = append(out, shortTitle(t))
	}
	return out
}

// shortTitle is a table's title without the note in brackets: its tab's.
func shortTitle(t displays.Table) string {
	if i := strings.Index(t.Title, " ("); i > 0 {
		return t.Title[:i]
	}
	return t.Title
}
