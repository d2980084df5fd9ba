package vassal

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	_ "image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"math/rand"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/maps"
)

// vassalClasses lists, for every class the module may name, the attributes
// that class reads (its getAttributeNames() and build(Element) in
// vassal-app/src/main/java/VASSAL/build/…, snapshot 17fb917c5).
var vassalClasses = map[string][]string{
	"GameModule":                         {"name", "version", "description", "ModuleOther1", "ModuleOther2", "VassalVersion", "nextPieceSlotId"},
	"module.BasicCommandEncoder":         {},
	"module.Documentation":               {},
	"module.PlayerRoster":                {"description", "sides", "buttonText", "buttonToolTip", "buttonIcon", "buttonKeyStroke"},
	"module.GlobalOptions":               {},
	"module.Chatter":                     {},
	"module.KeyNamer":                    {},
	"module.PrototypesContainer":         {},
	"module.PrototypeDefinition":         {"name", "description"},
	"module.PieceWindow":                 {"name", "description", "hidden", "text", "tooltip", "icon", "hotkey", "scale", "defaultWidth"},
	"widget.TabWidget":                   {"entryName", "description"},
	"widget.ListWidget":                  {"entryName", "description", "scale", "width", "height", "divider"},
	"widget.PanelWidget":                 {"entryName", "description", "fixed", "nColumns", "vert", "scale"},
	"widget.PieceSlot":                   {"entryName", "gpid", "width", "height"},
	"module.Inventory":                   {"name", "text", "tooltip", "icon", "hotkey", "include", "groupBy", "nonLeafFormat", "leafFormat", "centerOnPiece", "forwardKeystroke", "showMenu", "sides", "keystroke", "cutRoot", "cutLeaves", "drawPieces", "foldersOnly", "sortPieces", "sortFormat", "sorting"},
	"module.turn.TurnTracker":            {"name", "description", "buttonText", "icon", "hotkey", "nexthotkey", "prevhotkey", "turnFormat", "reportFormat", "tooltip", "lengthStyle", "length", "turnButtonHeight", "fwdOnly"},
	"module.turn.ListTurnLevel":          {"name", "property", "turnFormat", "list", "configList", "configFirst", "prompt"},
	"module.properties.GlobalProperties": {},
	"module.properties.GlobalProperty":   {"name", "initialValue", "description", "isNumeric", "min", "max", "wrap"},
	"module.DiceButton":                  {"name", "text", "tooltip", "icon", "hotkey", "nDice", "nSides", "plus", "addToTotal", "reportTotal", "prompt", "reportFormat", "sortDice", "keepDice", "keepOption", "keepCount", "lockDice", "lockSides", "lockPlus", "lockAdd"},
	"module.PredefinedSetup":             {"name", "description", "isMenu", "useFile", "file"},
	"module.Map":                         {"mapName", "description", "markMoved", "markUnmovedIcon", "markUnmovedText", "markUnmovedTooltip", "edgeWidth", "edgeHeight", "backgroundcolor", "color", "thickness", "allowMultiple", "launch", "buttonName", "tooltip", "icon", "hotkey", "suppressAuto", "onlyReportChangedLocation", "moveWithinFormat", "moveToFormat", "createFormat", "changeFormat", "moveKey", "movingStacksPickupUnits", "showKey", "hideKey"},
	"module.PlayerHand":                  {"side", "visible", "useBoards", "mapName", "description", "markMoved", "markUnmovedIcon", "markUnmovedText", "markUnmovedTooltip", "edgeWidth", "edgeHeight", "backgroundcolor", "color", "thickness", "allowMultiple", "launch", "buttonName", "tooltip", "icon", "hotkey", "suppressAuto", "onlyReportChangedLocation", "moveWithinFormat", "moveToFormat", "createFormat", "changeFormat", "moveKey", "movingStacksPickupUnits", "showKey", "hideKey"},
	"module.map.BoardPicker":             {"slotScale", "slotHeight", "slotWidth", "title", "addRowText", "addColumnText", "boardPrompt", "maxColumns"},
	"module.map.boardPicker.Board":       {"name", "image", "reversible", "width", "height", "color"},
	"module.map.StackMetrics":            {"exSepX", "exSepY", "unexSepX", "unexSepY", "disabled", "top", "bottom", "up", "down", "color"},
	"module.map.ForwardToKeyBuffer":      {},
	"module.map.Scroller":                {},
	"module.map.ForwardToChatter":        {},
	"module.map.MenuDisplayer":           {},
	"module.map.MapCenterer":             {},
	"module.map.StackExpander":           {},
	"module.map.PieceMover":              {},
	"module.map.KeyBufferer":             {},
	"module.map.Zoomer":                  {"zoomStart", "zoomLevels", "inTooltip", "inButtonText", "inIconName", "zoomInKey", "pickTooltip", "pickButtonText", "pickIconName", "zoomPickKey", "outTooltip", "outButtonText", "outIconName", "zoomOutKey"},
	"module.documentation.HelpFile":      {"title", "fileName", "vassalDoc", "image", "fileType"},
	"module.map.CounterDetailViewer": {"description", "version", "delay", "hotkey", "showgraph", "showtext", "enableHTML", "zoomlevel", "minDisplayPieces",
		"display", "layerList", "showNoStack", "showMoveSelectde", "showNonMovable", "showDeck", "unrotatePieces", "showTerrainBeneath",
		"summaryReportFormat", "counterReportFormat", "emptyHexReportForma", "fontSize", "bgColor", "fgColor", "borderWidth", "centerText", "stretchWidthSummary"},
	"module.map.GlobalMap":        {"tooltip", "buttonText", "icon", "hotkey", "scale", "color"},
	"module.map.HidePiecesButton": {"buttonText", "tooltip", "hotkey", "showingIcon", "hiddenIcon"},
	"module.map.Flare":            {"flareName", "description", "flareKey", "circleSize", "circleColor", "circleScale", "flarePulses", "flarePulsesPerSec", "reportFormat"},
	"module.map.LOS_Thread": {"threadName", "label", "tooltip", "iconName", "hotkey", "report", "persistence", "persistentIconName", "global",
		"snapStart", "snapEnd", "drawRange", "scale", "round", "hideCounters", "hideOpacity", "losThickness", "threadColor", "rangeFg", "rangeBg"},
	"module.NotesWindow": {"buttonText", "tooltip", "hotkey", "icon", "description"},
	"module.ChartWindow": {"name", "text", "tooltip", "icon", "hotkey", "description"},
	"widget.Chart":       {"chartName", "description", "fileName"},
	"module.GlobalKeyCommand": {"name", "buttonText", "tooltip", "icon", "buttonHotkey", "hotkey", "filter", "deckCount", "reportSingle",
		"reportFormat", "singleMap", "suppressSounds", "target", "parameters", "condition", "property", "propValue", "names"},
	"module.map.DrawPile": {"name", "description", "owningBoard", "x", "y", "width", "height", "allowMultiple", "allowSelect", "faceDown",
		"drawFaceUp", "shuffle", "reversible", "draw", "color", "reshufflable", "canSave", "expressionCounting", "hotkeyOnEmpty", "restrictOption", "deckRestrictAccess", "deckOwners"},
	"module.map.deck.DeckSendKeyCommand": {"description", "menuText", "hotkey", "reportFormat", "variableDeck", "targetDeck", "deckExpression",
		"sendMatching", "matchExpression", "limitTotal", "limitExpression", "stop", "stopExpression", "stopAlso", "applyOnMove"},
	"module.map.SetupStack":                     {"name", "owningBoard", "useGridLocation", "location", "x", "y"},
	"module.map.boardPicker.board.HexGrid":      {"sideways", "x0", "y0", "dy", "dx", "snapTo", "edgesLegal", "cornersLegal", "visible", "dotsVisible", "color", "snapscale"},
	"module.map.boardPicker.board.ZonedGrid":    {},
	"module.map.boardPicker.board.mapgrid.Zone": {"name", "locationFormat", "path", "useParentGrid", "useHighlight", "highlightProperty"},
	"module.map.boardPicker.board.mapgrid.HexGridNumbering": {"first", "sep", "hType", "hLeading", "hOff", "hDescend", "vType", "vLeading", "vOff", "vDescend",
		"locationFormat", "visible", "fontSize", "color", "rotateText", "hDrawOff", "vDrawOff", "stagger"},

	// the rule flags' toolbar switches (flags.go)
	"module.properties.ChangePropertyButton": {"description", "text", "tooltip", "icon", "hotkey", "reportFormat", "propChanger"},
}

// vassalTyped lists the attributes VASSAL parses as numbers or booleans
// (getAttributeTypes Integer/Double/Boolean, or an Integer.parseInt in
// setAttribute), as printed by VASSAL 3.7.26 for a loaded module. A value
// that does not parse makes VASSAL drop the whole component with a bug
// dialog (Inventory's cutRoot="false" did: NumberFormatException).
var vassalTyped = map[string]map[string]byte{
	"module.DiceButton":                  {"prompt": 'b', "nDice": 'i', "lockDice": 'b', "nSides": 'i', "lockSides": 'b', "plus": 'i', "lockPlus": 'b', "addToTotal": 'i', "lockAdd": 'b', "reportTotal": 'b', "sortDice": 'b', "keepDice": 'b', "keepCount": 'i'},
	"module.Inventory":                   {"cutRoot": 'i', "cutLeaves": 'i', "foldersOnly": 'b', "sortPieces": 'b', "centerOnPiece": 'b', "forwardKeystroke": 'b', "showMenu": 'b', "drawPieces": 'b'},
	"module.map.DrawPile":                {"x": 'i', "y": 'i', "width": 'i', "height": 'i', "allowMultiple": 'b', "allowSelect": 'b', "drawFaceUp": 'b', "reversible": 'b', "draw": 'b', "reshufflable": 'b', "canSave": 'b', "expressionCounting": 'b', "hotkeyOnEmpty": 'b', "restrictOption": 'b', "deckRestrictAccess": 'b'},
	"module.map.deck.DeckSendKeyCommand": {"variableDeck": 'b', "sendMatching": 'b', "limitTotal": 'b', "stop": 'b', "stopAlso": 'b', "applyOnMove": 'b'},
	"module.map.Flare":                   {"circleSize": 'i', "circleScale": 'b', "flarePulses": 'i', "flarePulsesPerSec": 'i'},
	"module.Map":                         {"edgeWidth": 'i', "edgeHeight": 'i', "allowMultiple": 'b', "thickness": 'i', "launch": 'b'},
	"module.PieceWindow":                 {"hidden": 'b', "scale": 'd', "defaultWidth": 'i'},
	"module.PredefinedSetup":             {"isMenu": 'b', "useFile": 'b'},
	"module.map.SetupStack":              {"useGridLocation": 'b', "x": 'i', "y": 'i'},
	"module.map.StackMetrics":            {"disabled": 'b', "exSepX": 'i', "exSepY": 'i', "unexSepX": 'i', "unexSepY": 'i'},
	"module.map.boardPicker.Board":       {"reversible": 'b', "width": 'i', "height": 'i'},
	"module.map.boardPicker.board.HexGrid": {"sideways": 'b', "x0": 'i', "y0": 'i', "dy": 'd', "dx": 'd', "snapTo": 'b', "edgesLegal": 'b',
		"cornersLegal": 'b', "visible": 'b', "dotsVisible": 'b'},
	"module.map.boardPicker.board.mapgrid.HexGridNumbering": {"hLeading": 'i', "hOff": 'i', "hDescend": 'b', "vLeading": 'i', "vOff": 'i',
		"vDescend": 'b', "visible": 'b', "fontSize": 'i', "hDrawOff": 'i', "vDrawOff": 'i', "stagger": 'b'},
	"module.map.boardPicker.board.mapgrid.Zone": {"useParentGrid": 'b', "useHighlight": 'b'},
	"module.turn.ListTurnLevel":                 {"configList": 'b', "configFirst": 'b'},
	"module.turn.TurnTracker":                   {"length": 'i', "turnButtonHeight": 'i', "fwdOnly": 'b'},
	"widget.ListWidget":                         {"scale": 'd'},
	"widget.PanelWidget":                        {"fixed": 'b', "nColumns": 'i', "vert": 'b', "scale": 'd'},
}

// typedOK reports whether v parses as VASSAL parses an attribute of kind k.
func typedOK(k byte, v string) bool {
	switch k {
	case 'i':
		_, err := strconv.ParseInt(v, 10, 32)
		return err == nil
	case 'd':
		_, err := strconv.ParseFloat(v, 64)
		return err == nil
	case 'b':
		return v == "true" || v == "false"
	}
	return true
}

// gridClasses are the MapGrid classes: at most one per Board.
var gridClasses = map[string]bool{"module.map.boardPicker.board.HexGrid": true, "module.map.boardPicker.board.ZonedGrid": true}

func loadExample(t testing.TB) *battle.Battle {
	t.Helper()
	sub, err := fs.Sub(examples.FS, examples.Default)
	if err != nil {
		t.Fatal(err)
	}
	b, ds := battle.Load(sub, "(example) "+examples.Default, battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	return b
}

// exampleModule loads examples/dir, builds its module and reads its
// buildFile.xml.
func exampleModule(t testing.TB, dir string) (*battle.Battle, map[string][]byte, xel) {
	t.Helper()
	b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", dir), battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	files, _ := unzipAll(t, buildVmod(t, b))
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	return b, files, root
}

func buildVmod(t testing.TB, b *battle.Battle) []byte {
	t.Helper()
	out, err := Module(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].Name != b.ID+".vmod" {
		t.Fatalf("outputs: %v", out)
	}
	return out[0].Data
}

func unzipAll(t testing.TB, data []byte) (map[string][]byte, []string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	var names []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		files[f.Name] = b
		names = append(names, f.Name)
	}
	return files, names
}

func TestVassalGolden(t *testing.T) {
	files, _ := unzipAll(t, buildVmod(t, loadExample(t)))
	got := files["buildFile.xml"]
	golden.Check(t, filepath.Join("testdata", "dow-intro.buildFile.xml"), got)
}

func TestVassalDeterministic(t *testing.T) {
	a := buildVmod(t, loadExample(t))
	b := buildVmod(t, loadExample(t))
	if !bytes.Equal(a, b) {
		t.Fatal("two builds of the same battle differ")
	}
}

func TestVassalExamples(t *testing.T) {
	for _, d := range []string{"dow-intro", "tss-seminary-ridge", "summer-storm-mcpherson", "amfs-culps-hill", "art-demo"} {
		t.Run(d, func(t *testing.T) {
			b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", d), battle.Options{})
			if b == nil {
				t.Fatalf("load: %v", ds)
			}
			checkModule(t, b, buildVmod(t, b))
		})
	}
}

// ---- structural checks ----

type xel struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Kids    []xel      `xml:",any"`
}

func (e *xel) attr(k string) (string, bool) {
	for _, a := range e.Attrs {
		if a.Name.Local == k {
			return a.Value, true
		}
	}
	return "", false
}

func (e *xel) class() string { return strings.TrimPrefix(e.XMLName.Local, vassalPkg) }

func (e *xel) walk(f func(e, parent *xel)) {
	for i := range e.Kids {
		f(&e.Kids[i], e)
		e.Kids[i].walk(f)
	}
}

// traits splits a PieceSlot or PrototypeDefinition text into its traits'
// types, outermost first, the BasicPiece last.
func traits(t *testing.T, text string) []string {
	parts := seq.Decode(text, '/')
	if len(parts) != 4 || parts[0] != "+" || parts[1] != "null" {
		t.Fatalf("not an AddPiece command: %q", text)
	}
	var out []string
	s := parts[2]
	for {
		p := seq.Decode(s, '\t')
		out = append(out, p[0])
		if len(p) == 1 {
			return out
		}
		s = p[1]
	}
}

func checkModule(t *testing.T, b *battle.Battle, data []byte) {
	files, names := unzipAll(t, data)
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			t.Errorf("entries not sorted: %s, %s", names[i-1], names[i])
		}
	}
	for _, n := range []string{"buildFile.xml", "moduledata"} {
		if _, ok := files[n]; !ok {
			t.Fatalf("no %s", n)
		}
	}
	if !bytes.Contains(files["moduledata"], []byte("<VassalVersion>3.7")) {
		t.Error("moduledata does not declare VASSAL 3.7")
	}
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	if root.class() != "GameModule" {
		t.Fatalf("root is %s", root.XMLName.Local)
	}
	check := func(e *xel) {
		if !strings.HasPrefix(e.XMLName.Local, vassalPkg) && (e.XMLName.Local == "entry" || e.XMLName.Local == "setup") {
			return // PlayerRoster's sides, BoardPicker's default set-up
		}
		allowed, ok := vassalClasses[e.class()]
		if !ok || !strings.HasPrefix(e.XMLName.Local, vassalPkg) {
			t.Errorf("unknown class %s", e.XMLName.Local)
			return
		}
		for _, a := range e.Attrs {
			found := false
			for _, k := range allowed {
				found = found || k == a.Name.Local
			}
			if !found {
				t.Errorf("%s has attribute %s, which it does not read", e.class(), a.Name.Local)
			}
			if k, ok := vassalTyped[e.class()][a.Name.Local]; ok && !typedOK(k, a.Value) {
				t.Errorf("%s: %s=%q does not parse as VASSAL reads it (%c)", e.class(), a.Name.Local, a.Value, k)
			}
		}
	}
	check(&root)
	next, _ := root.attr("nextPieceSlotId")
	nextID, err := strconv.Atoi(next)
	if err != nil {
		t.Fatalf("nextPieceSlotId %q", next)
	}
	protos := map[string]bool{}
	gpids := map[int]bool{}
	boards := map[string]*sheetBoard{}
	var slots []*xel
	var stacks []*xel
	zones := map[string][]zone{}
	image := func(name string) {
		if name != "" && files["images/"+name] == nil {
			t.Errorf("image %s is referenced but not in the archive", name)
		}
	}
	root.walk(func(e, parent *xel) {
		check(e)
		switch e.class() {
		case "module.PrototypeDefinition":
			n, _ := e.attr("name")
			if protos[n] {
				t.Errorf("prototype %s defined twice", n)
			}
			protos[n] = true
			slots = append(slots, e)
		case "widget.PieceSlot":
			g, _ := e.attr("gpid")
			id, err := strconv.Atoi(g)
			if err != nil || id <= 0 || id >= nextID {
				t.Errorf("gpid %q not an integer in 1..%d", g, nextID-1)
			}
			if gpids[id] {
				t.Errorf("gpid %d used twice", id)
			}
			gpids[id] = true
			slots = append(slots, e)
		case "module.map.boardPicker.Board":
			grids := 0
			for i := range e.Kids {
				if gridClasses[e.Kids[i].class()] {
					grids++
				}
			}
			if grids > 1 {
				t.Errorf("board has %d grids", grids)
			}
			img, _ := e.attr("image")
			image(img)
			name, _ := e.attr("name")
			for i := range e.Kids {
				switch e.Kids[i].class() {
				case "module.map.boardPicker.board.HexGrid":
					boards[name] = boardFromXML(t, &e.Kids[i], files["images/"+img])
				case "module.map.boardPicker.board.ZonedGrid":
					zones[name] = zonesFromXML(t, name, &e.Kids[i])
				}
			}
		case "module.map.SetupStack":
			stacks = append(stacks, e)
		case "module.PredefinedSetup":
			if f, _ := e.attr("useFile"); f == "true" {
				file, _ := e.attr("file")
				if files[file] == nil {
					t.Errorf("predefined setup %s not in the archive", file)
				}
			}
		}
	})
	for _, s := range slots {
		for _, tr := range traits(t, s.Text) {
			switch {
			case strings.HasPrefix(tr, "prototype;"):
				name := seq.Decode(tr, ';')[1]
				defer func(name string) {
					if !protos[name] {
						t.Errorf("prototype %s is used but not defined", name)
					}
				}(name)
			case strings.HasPrefix(tr, "piece;"):
				f := seq.Decode(tr, ';')
				image(f[3])
			case strings.HasPrefix(tr, "emb2;"):
				f := seq.Decode(strings.TrimPrefix(tr, "emb2;"), ';')
				for _, img := range seq.Decode(f[15], ',') {
					image(img)
				}
			}
		}
	}
	// every At-Start location parses under its board's numbering and
	// lands on the hex the scenario says
	want := map[string]maps.Coord{}
	for _, sc := range b.Scenarios {
		for _, st := range sc.Setup {
			want[sc.ID+" "+st.Side+" "+b.Map.Grid.Label(st.Hex.Coord)] = st.Hex.Coord
		}
	}
	placed := 0
	spread := map[string]int{}
	for _, s := range stacks {
		u, _ := s.attr("useGridLocation")
		if ob, _ := s.attr("owningBoard"); u != "true" && boards[ob] != nil {
			// a hex's stack written by its point: where VASSAL's snap puts
			// a piece dropped on the hex, which the hex's name holds
			name, _ := s.attr("name")
			loc, _ := s.attr("location")
			xs, _ := s.attr("x")
			ys, _ := s.attr("y")
			x, _ := strconv.Atoi(xs)
			y, _ := strconv.Atoi(ys)
			c, ok := want[name]
			if !ok {
				t.Errorf("stack %s is in no scenario", name)
				continue
			}
			ref, _ := newSheetBoard(b.Map.Grid, sheetOf(b.Map.Grid, loc))
			if wx, wy := ref.SnapCenter(c); wx != x || wy != y {
				t.Errorf("stack %s: %s stands at %d,%d, a piece dropped on the hex at %d,%d", name, loc, x, y, wx, wy)
			}
			if got := boards[ob].LocationName(x, y); got != loc {
				t.Errorf("stack %s: VASSAL would name the spot %s", name, got)
			}
			placed++
			continue
		}
		if u != "true" {
			// a holding box's stack: inside the zone of its box
			ob, _ := s.attr("owningBoard")
			x, _ := s.attr("x")
			y, _ := s.attr("y")
			if zs, ok := zones[ob]; ok {
				name, _ := s.attr("name")
				xi, _ := strconv.Atoi(x)
				yi, _ := strconv.Atoi(y)
				in := 0
				for _, z := range zs {
					if xi >= z.r.Min.X && xi < z.r.Max.X && yi >= z.r.Min.Y && yi < z.r.Max.Y {
						in++
					}
				}
				if in != 1 {
					t.Errorf("stack %s at %s,%s lies in %d zones of %s, want 1", name, x, y, in, ob)
				}
			}
			continue
		}
		name, _ := s.attr("name")
		loc, _ := s.attr("location")
		ob, _ := s.attr("owningBoard")
		sb := boards[ob]
		if sb == nil {
			t.Errorf("stack %s: board %q has no grid", name, ob)
			continue
		}
		x, y, ok := sb.Location(loc)
		if !ok {
			t.Errorf("stack %s: location %q does not parse", name, loc)
			continue
		}
		if i := strings.Index(name, " (within "); i >= 0 {
			// a spread group: lands where its numbering says, checked below
			if got := sb.LocationName(x, y); got != loc {
				t.Errorf("stack %s: VASSAL would name the spot %s", name, got)
			}
			if !strings.Contains(name, "one stack") {
				spread[name[:i]]++
				continue
			}
			name = name[:i]
		}
		c, ok := want[name]
		if !ok {
			t.Errorf("stack %s is in no scenario", name)
			continue
		}
		sheet := sheetOf(b.Map.Grid, loc)
		ref, _ := newSheetBoard(b.Map.Grid, sheet)
		if wx, wy := ref.Center(c); wx != x || wy != y {
			t.Errorf("stack %s: %s lands at %d,%d, hex is at %d,%d", name, loc, x, y, wx, wy)
		}
		if got := sb.LocationName(x, y); got != loc {
			t.Errorf("stack %s: VASSAL would name the spot %s", name, got)
		}
		placed++
	}
	for _, sc := range b.Scenarios {
		for _, st := range sc.Setup {
			if k := sc.ID + " " + st.Side + " " + b.Map.Grid.Label(st.Hex.Coord); spread[k] > 0 {
				placed++
				if st.Within == 0 {
					t.Errorf("stack %s spread but has no within", k)
				}
			}
		}
	}
	if placed != len(want) {
		t.Errorf("%d At-Start stacks by grid location, want %d", placed, len(want))
	}
}

func sheetOf(g *maps.Grid, label string) *maps.Sheet {
	_, s, _ := g.Parse(label)
	return s
}

// zone is a Zone of a ZonedGrid: its name and its rectangle.
type zone struct {
	name string
	r    image.Rectangle
}

// zonesFromXML reads the zones of a board's ZonedGrid: each a named
// rectangle ("x0,y0;x1,y0;x1,y1;x0,y1", PolygonEditor.stringToPolygon)
// that names itself (locationFormat $name$), names unique on the board.
func zonesFromXML(t *testing.T, board string, zg *xel) []zone {
	var out []zone
	seen := map[string]bool{}
	for i := range zg.Kids {
		z := &zg.Kids[i]
		name, _ := z.attr("name")
		path, _ := z.attr("path")
		if f, _ := z.attr("locationFormat"); f != "$name$" || name == "" || strings.Contains(name, "$") {
			t.Errorf("board %s: zone %q names itself %q", board, name, f)
		}
		if seen[name] {
			t.Errorf("board %s: zone %q twice", board, name)
		}
		seen[name] = true
		var p [4][2]int
		pts := strings.Split(path, ";")
		if len(pts) != 4 {
			t.Fatalf("board %s: zone %q path %q is not a rectangle", board, name, path)
		}
		for k, pt := range pts {
			if _, err := fmt.Sscanf(pt, "%d,%d", &p[k][0], &p[k][1]); err != nil {
				t.Fatalf("board %s: zone %q path %q: %v", board, name, path, err)
			}
		}
		if p[0][1] != p[1][1] || p[1][0] != p[2][0] || p[2][1] != p[3][1] || p[3][0] != p[0][0] {
			t.Fatalf("board %s: zone %q path %q is not a rectangle", board, name, path)
		}
		out = append(out, zone{name, image.Rect(p[0][0], p[0][1], p[2][0], p[2][1])})
	}
	return out
}

// boardFromXML rebuilds the numbering from what the build file says and
// the board image's size, independently of the compiler's own struct.
func boardFromXML(t *testing.T, grid *xel, img []byte) *sheetBoard {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(img))
	if err != nil {
		t.Fatalf("board image: %v", err)
	}
	num := &grid.Kids[0]
	a := func(e *xel, k string) string { v, _ := e.attr(k); return v }
	i := func(e *xel, k string) int { n, _ := strconv.Atoi(a(e, k)); return n }
	dx, errx := strconv.ParseFloat(a(grid, "dx"), 64)
	dy, erry := strconv.ParseFloat(a(grid, "dy"), 64)
	if errx != nil || erry != nil || dx <= 0 || dy <= 0 || a(grid, "sideways") != "false" {
		t.Fatalf("unexpected grid geometry %v", grid.Attrs)
	}
	if a(num, "stagger") != "false" || a(num, "hLeading") != a(num, "vLeading") || a(num, "hType") != "N" || a(num, "vType") != "N" || a(num, "sep") != "" {
		t.Fatalf("unexpected numbering %v", num.Attrs)
	}
	lf := a(num, "locationFormat")
	if !strings.HasSuffix(lf, "$gridLocation$") {
		t.Fatalf("locationFormat %q", lf)
	}
	sb := &sheetBoard{W: cfg.Width, H: cfg.Height, X0: i(grid, "x0"), Y0: i(grid, "y0"), First: a(num, "first")[0],
		Leading: i(num, "hLeading"), HOff: i(num, "hOff"), VOff: i(num, "vOff"),
		HDesc: a(num, "hDescend") == "true", VDesc: a(num, "vDescend") == "true", Prefix: strings.TrimSuffix(lf, "$gridLocation$"),
		dx: dx, dy: dy}
	sb.maxCol = int(float64(sb.W)/dy + 0.5)
	sb.maxRw = int(float64(sb.H)/dx + 0.5)
	return sb
}

func TestVassalNumberingTSS(t *testing.T) {
	// TSS labels row first and numbers columns east to west: A0530 is row
	// 5, column 30, the sheet's west line.
	g := &maps.Grid{ShiftOdd: true, RowCol: true, Digits: 2}
	s := maps.NewSheet("A", 0, 0, 30, 19, 1, 10)
	g.AddSheet(s)
	sb, err := newSheetBoard(g, s)
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.check(g); err != nil {
		t.Fatal(err)
	}
	if !sb.HDesc || sb.First != 'V' {
		t.Errorf("want descending columns, row first: %+v", sb)
	}
	x, y, ok := sb.Location("A0530")
	if wx, wy := sb.Center(maps.Coord{X: 0, Y: 4}); !ok || x != wx || y != wy {
		t.Errorf("A0530 at %d,%d ok=%v, want %d,%d", x, y, ok, wx, wy)
	}
}

func TestVassalNumberingErrors(t *testing.T) {
	g := &maps.Grid{Pointy: true, Digits: 2}
	s := maps.NewSheet("A", 0, 0, 1, 10, 1, 10)
	g.AddSheet(s)
	if _, err := newSheetBoard(g, s); err == nil {
		t.Error("a pointy-top grid should be refused")
	}
	g = &maps.Grid{ShiftOdd: true, Digits: 2}
	s = maps.NewSheet("A$", 0, 0, 1, 10, 1, 10)
	g.AddSheet(s)
	if _, err := newSheetBoard(g, s); err == nil {
		t.Error("a sheet id with $ should be refused")
	}
	// A sheet whose first line is a low one still numbers right.
	g = &maps.Grid{ShiftOdd: true, Digits: 2}
	s = maps.NewSheet("B", 1, 0, 5, 20, 3, 12)
	g.AddSheet(s)
	sb, err := newSheetBoard(g, s)
	if err != nil || sb.check(g) != nil {
		t.Errorf("low first line: %v", err)
	}
}

func TestVassalLayout(t *testing.T) {
	sb := func(id string, x, y int) *sheetBoard {
		return &sheetBoard{Sheet: maps.NewSheet(id, x, y, 10, 48, 1, 35), Name: id}
	}
	str := func(ps []placedBoard) string {
		var out []string
		for _, p := range ps {
			out = append(out, p.sb.Name+"@"+strconv.Itoa(p.col)+","+strconv.Itoa(p.row))
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		sheets []*sheetBoard
		want   string
	}{
		// Dead of Winter: A NW, B NE, C SW, D SE
		{[]*sheetBoard{sb("A", 0, 0), sb("B", 38, 0), sb("C", 0, 52), sb("D", 38, 52)}, "A@0,0 B@1,0 C@0,1 D@1,1"},
		// Terrible Swift Sword: C lengthwise under A and B
		{[]*sheetBoard{sb("A", 0, 0), sb("B", 33, 0), sb("C", 11, 60)}, "A@0,0 B@1,0 C@0,1"},
		// a second row longer than the first: VASSAL would draw B2 over row 0
		{[]*sheetBoard{sb("A", 0, 0), sb("B1", 0, 52), sb("B2", 38, 52)}, "A@0,0 B1@1,0 B2@2,0"},
	} {
		if got := str(layout(tc.sheets)); got != tc.want {
			t.Errorf("layout = %s, want %s", got, tc.want)
		}
	}
}

// TestVassalSavedGame checks the predefined set-up of the example against
// what VASSAL 3.7.26 did with it: it selected the board, and its turn
// tracker's getState() after loading was the state written here.
func TestVassalSavedGame(t *testing.T) {
	files, _ := unzipAll(t, buildVmod(t, loadExample(t)))
	save, _ := unzipAll(t, files["scenario-intro.vsav"])
	cmds := strings.Split(string(save["savedGame"]), "\x1b")
	trues := func(n int) string { return strings.TrimSuffix(strings.Repeat("true,", n), ",") }
	want := []string{
		"begin_save",
		"Main MapBoardPicker\tSheet C (intro)\t0\t0",
		"ReinforcementsBoardPicker\tReinforcements (intro)\t0\t0",
		"Draw cupsBoardPicker\tDraw cups (intro)\t0\t0",                       // GBACW draws activation and efficiency markers
		"Leader Board (Union)BoardPicker\tLeader Board (Union) (intro)\t0\t0", // each side's leader board (package displays), as the scenario starts it
		"Leader Board (Confederate)BoardPicker\tLeader Board (Confederate) (intro)\t0\t0",
		"MutableProperty\tScenario\t\tintro\tModule", // the turn track says who has the initiative
		"TURNTurnTracker0\t0|1;0;0;" + trues(5) + ";7\\;0\\;0\\;" + trues(15),
		"end_save",
		"FLARE\tFlare2\t1845\t792", // the Main Map's Flare (after the two Eliminated maps') over the set-up: the map opens centred there
	}
	if strings.Join(cmds, "\n") != strings.Join(want, "\n") {
		t.Errorf("savedGame:\n%s\nwant\n%s", strings.Join(cmds, "\n"), strings.Join(want, "\n"))
	}
}

// TestBoardTooBig: a sheet whose board would pass render.MaxPixels stops
// the build before anything is drawn (a 1999x2000-hex sheet took 17 GB).
func TestBoardTooBig(t *testing.T) {
	b := loadExample(t)
	if _, err := Module(b); err != nil {
		t.Fatalf("the example: %v", err)
	}
	g := &maps.Grid{ShiftOdd: b.Map.Grid.ShiftOdd, Digits: 4}
	g.AddSheet(maps.NewSheet("C", 0, 0, 10, 1999, 1, 2000))
	b.Map.Grid = g
	_, err := Module(b)
	if err == nil || !strings.Contains(err.Error(), "the board of sheet C would be") {
		t.Errorf("a 1990x2000-hex sheet: %v", err)
	}
	// on a map of several sheets the board is drawn whole: the message
	// says what build can do (build has no --hex-size)
	g = &maps.Grid{ShiftOdd: b.Map.Grid.ShiftOdd, Digits: 3}
	g.AddSheet(maps.NewSheet("C", 0, 0, 10, 150, 1, 130))
	g.AddSheet(maps.NewSheet("D", 142, 0, 10, 20, 1, 130))
	b.Map.Grid = g
	_, err = Module(b)
	if err == nil || !strings.Contains(err.Error(), "the board of sheet C would be") || strings.Contains(err.Error(), "--hex-size") ||
		!strings.HasSuffix(err.Error(), "its hexes 62 x 72 pixels: draw smaller sheets") {
		t.Errorf("a 141x130-hex sheet beside another: %v", err)
	}
}

// TestVassalCupDefaults: a Summer Storm scenario that lists no activation
// chits gets the ruleset's fixed two for each division it has in play; a
// GBACW scenario with an efficiency pool gives each side its own cup of
// exactly the scenario's markers.
func TestVassalCupDefaults(t *testing.T) {
	count := func(t *testing.T, dir, pile string) map[string]int {
		_, _, root := exampleModule(t, dir)
		got := map[string]int{}
		var walk func(x xel, in bool)
		walk = func(x xel, in bool) {
			if strings.HasSuffix(x.XMLName.Local, "DrawPile") {
				in = false
				for _, a := range x.Attrs {
					if a.Name.Local == "name" && a.Value == pile {
						in = true
					}
				}
			}
			if in && strings.HasSuffix(x.XMLName.Local, "PieceSlot") {
				for _, a := range x.Attrs {
					if a.Name.Local == "entryName" {
						got[a.Value]++
					}
				}
			}
			for _, k := range x.Kids {
				walk(k, in)
			}
		}
		walk(root, false)
		return got
	}
	// Summer Storm: each player his own URAC (2.9), holding his side's
	// DACs, two a division
	ss := count(t, "summer-storm-mcpherson", "URAC (Universal Random Activation Chit Container) USA (first-shots)")
	if want := map[string]int{"USA Buford's Division": 2, "USA Wadsworth's Division": 2}; fmt.Sprint(ss) != fmt.Sprint(want) {
		t.Errorf("Summer Storm Union URAC: %v, want %v", ss, want)
	}
	ss = count(t, "summer-storm-mcpherson", "URAC (Universal Random Activation Chit Container) CSA (first-shots)")
	if want := map[string]int{"CSA Heth's Division": 2}; fmt.Sprint(ss) != fmt.Sprint(want) {
		t.Errorf("Summer Storm Confederate URAC: %v, want %v", ss, want)
	}
	// AMFS: the Corps Activation cards, the Fog of War card and each
	// side's Event cards (2 Key and 6 Random a side, D-2).
	amfs := count(t, "amfs-culps-hill", "Card Draw Pile: the Corps Activation cards, one a corps (the scenario adds Special Activation, CIC, Event, Fog of War and Friction of War cards) (culps-hill-evening)")
	if want := map[string]int{"CSA Event": 8, "CSA II Corps": 1, "Fog of War": 1, "USA Event": 8, "USA XII Corps": 1}; fmt.Sprint(amfs) != fmt.Sprint(want) {
		t.Errorf("AMFS draw pile: %v, want %v", amfs, want)
	}
	dow := count(t, "dead-of-winter", "Efficiency Pool CSA (s8)")
	if want := map[string]int{"CSA EM 1": 2, "CSA EM 2": 3, "CSA EM 3": 2, "CSA EM 4": 2}; fmt.Sprint(dow) != fmt.Sprint(want) {
		t.Errorf("Dead of Winter 8.0 CSA pool: %v, want %v", dow, want)
	}
}

// TestVassalXMLSafe: the loader refuses text XML cannot carry (S009), but
// whatever text reaches the compiler, buildFile.xml and the saved games are
// XML: control characters, U+FFFE, U+FFFF and bytes that are not UTF-8 in
// the battle's name, its note, a unit's and a leader's name, a scenario's
// name all come out as U+FFFD.
func TestVassalXMLSafe(t *testing.T) {
	b := loadExample(t)
	bad := "\x01\x07\x1b\x00\uFFFE\uFFFF\xff"
	b.Name += bad
	b.Note += bad
	for _, sd := range b.Sides {
		sd.Name += bad
	}
	for _, s := range b.Scenarios {
		s.Name += bad
		s.Note += bad
	}
	for _, sd := range b.Sides {
		for _, u := range sd.Army.AllUnits() {
			u.Name += bad
		}
		for _, l := range sd.Army.AllLeaders() {
			l.Name += bad
		}
	}
	files, _ := unzipAll(t, buildVmod(t, b))
	xmls := map[string][]byte{}
	for name, data := range files {
		switch {
		case strings.HasSuffix(name, ".xml"), name == "moduledata":
			xmls[name] = data
		case strings.HasSuffix(name, ".vsav"):
			inner, _ := unzipAll(t, data)
			xmls[name+"/savedata"] = inner["savedata"]
			xmls[name+"/moduledata"] = inner["moduledata"]
		}
	}
	n := 0
	for name, data := range xmls {
		n++
		dec := xml.NewDecoder(bytes.NewReader(data))
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s is not XML: %v", name, err)
				break
			}
		}
		if !bytes.Contains(data, []byte("\uFFFD")) && name == "buildFile.xml" {
			t.Errorf("%s: the bad characters did not come out as U+FFFD", name)
		}
	}
	if n < 2 {
		t.Errorf("only %d XML files checked", n)
	}
}

// pieceXML writes what encodePieceID, escText and the cut at the gpid
// write step by step, for traits and names made of the bytes that matter:
// the delimiters of every level, XML's specials, quotes, backslashes, line
// ends, other control bytes and UTF-8.
func TestPieceXML(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	word := func() string {
		alphabet := []string{"a", "Z", "7", "\t", ";", "/", ",", "\\", "'", "&", "<", ">", "\r", "\n", "\x01", "é", "\xff"}
		var b strings.Builder
		for range r.Intn(6) {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		return b.String()
	}
	for range 5000 {
		traits := make([]trait, r.Intn(5))
		for i := range traits {
			traits[i] = trait{word(), word()}
		}
		image, name := word(), word()
		if got, want := pieceXML(traits, image, name), pieceXMLSlow(traits, image, name); got != want {
			t.Fatalf("pieceXML(%q, %q, %q) = %q, want %q", traits, image, name, got, want)
		}
	}
}

// reopenable says whether a map's window can be closed without ending the
// game, as Map.setup decides: the first map docks into the main window;
// any other map's window is hidden on closing when a toolbar button (with
// a name to show), a toggle key or a show key can reopen it, and the game
// ends otherwise.
func reopenable(mp *xel) bool {
	launch, _ := mp.attr("launch")
	button, _ := mp.attr("buttonName")
	icon, _ := mp.attr("icon")
	hot, _ := mp.attr("hotkey")
	show, _ := mp.attr("showKey")
	return launch == "true" && (button != "" || icon != "") || hot != "" || show != ""
}

// Closing any window but the main map's leaves the game running: the
// Main Map is the first map without a button, the one VASSAL docks into
// its main window (Map.isFirstMap); every other map (Reinforcements,
// Eliminated, Draw cups) and an extension's Reinforcements map has a
// toolbar button that reopens it.
func TestMapWindowsReopen(t *testing.T) {
	check := func(t *testing.T, bf []byte, module bool) {
		t.Helper()
		var root xel
		if err := xml.Unmarshal(bf, &root); err != nil {
			t.Fatal(err)
		}
		n, docked := 0, ""
		root.walk(func(e, _ *xel) {
			if c := e.class(); c != "module.Map" && c != "module.PrivateMap" && c != "module.PlayerHand" {
				return
			}
			n++
			name, _ := e.attr("mapName")
			if launch, _ := e.attr("launch"); module && launch != "true" && docked == "" {
				docked = name
				return
			}
			if !reopenable(e) {
				t.Errorf("closing map %s ends the game: no toolbar button, toggle or show key reopens it", name)
			}
		})
		if module && docked != mainMapName {
			t.Errorf("the map docked into the main window is %q, not the Main Map", docked)
		}
		if n < 2 && module || n < 1 {
			t.Errorf("only %d maps", n)
		}
	}
	for _, d := range []string{"dow-intro", "summer-storm-mcpherson"} {
		t.Run(d, func(t *testing.T) {
			_, files, _ := exampleModule(t, d)
			check(t, files["buildFile.xml"], true)
		})
	}
	b := extExample(t, "summer-storm-mcpherson")
	outs, err := Extension(moduleBytes(t, b), "ssm.vmod")(b)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzipAll(t, outs[0].Data)
	check(t, files["buildFile.xml"], false)
}

// A map window shows all of its boxes: VASSAL packs the window to its
// boards before it shows the map's toolbar (Map.setup: the PositionOption
// packs, then toolBar.setVisible), so the toolbar and the scrollbar it
// brings take their height from the board (measured in VASSAL 3.7.26: a
// 163 px Draw cups window showed 113 px of a 160 px board). Every board of
// a window map (Reinforcements, Draw cups) is drawn with windowRoom below
// its lowest box or pile.
func TestWindowBoardsRoom(t *testing.T) {
	b, ds := battle.LoadDir(filepath.Join("testdata", "dow-play"), battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	files, _ := unzipAll(t, buildVmod(t, b))
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	checked := 0
	root.walk(func(mp, _ *xel) {
		if mp.class() != "module.Map" {
			return
		}
		if l, _ := mp.attr("launch"); l != "true" {
			return
		}
		piles := map[string]int{} // board → its lowest pile
		mp.walk(func(e, _ *xel) {
			if e.class() == "module.map.DrawPile" {
				board, _ := e.attr("owningBoard")
				ys, _ := e.attr("y")
				hs, _ := e.attr("height")
				y, _ := strconv.Atoi(ys)
				h, _ := strconv.Atoi(hs)
				piles[board] = max(piles[board], y+h/2)
			}
		})
		mp.walk(func(e, _ *xel) {
			if e.class() != "module.map.boardPicker.Board" {
				return
			}
			name, _ := e.attr("name")
			low := piles[name]
			e.walk(func(z, _ *xel) { // its holding boxes
				if z.class() != "module.map.boardPicker.board.mapgrid.Zone" {
					return
				}
				p, _ := z.attr("path")
				for _, pt := range strings.Split(p, ";") {
					_, ys, _ := strings.Cut(pt, ",")
					y, _ := strconv.Atoi(ys)
					low = max(low, y)
				}
			})
			img, _ := e.attr("image")
			cfg, err := png.DecodeConfig(bytes.NewReader(files["images/"+img]))
			if err != nil {
				t.Fatalf("board %s: %v", name, err)
			}
			if cfg.Height-low < windowRoom {
				t.Errorf("board %s is %d px high, its lowest box at %d: less than %d px to spare for the toolbar and scrollbar", name, cfg.Height, low, windowRoom)
			}
			checked++
		})
	})
	if checked < 4 {
		t.Errorf("only %d window boards checked", checked)
	}
}
