package vassal

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"io"
	stdmaps "maps"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/zipbudget"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// extensionID prefixes the gpids of an extension's pieces (VASSAL keeps an
// extension's gpids apart by it).
const extensionID = "muster"

// Extension is the vassal-extension target over a base module: the
// battle's scenarios as a VASSAL extension (.vmdx) that uses the base
// module's boards and pieces, matched by name. Each scenario gets copies
// of the base boards its set-up uses, its At-Start stacks on them and a
// predefined set-up whose saved game selects them, as the module target
// does (vassal-format.md §2.4). Every piece or hex the base cannot give is
// a mismatch, reported with its place in the battle; any mismatch fails
// the build.
func Extension(base []byte, baseFile string) compile.Target {
	return func(b *battle.Battle) ([]compile.Output, error) {
		bm, err := readBase(base)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", baseFile, err)
		}
		return bm.extension(b, baseFile)
	}
}

// baseModule is what an extension needs of its base module.
type baseModule struct {
	name, version string
	mainMap       string
	boards        []*baseBoard
	slots         map[string][]string // piece name → PieceSlot texts
	protos        map[string]string   // prototype name → its text
	scenarioProp  bool                // declares the Scenario global property (turns.go)
	days          []string            // the turn track's Day list
	times         int                 // how many items its Time list has
}

// baseBoard is a base board with a hex grid: its name, image, the raw XML
// of its grid, and the sheet prefix of its numbering.
type baseBoard struct {
	name, image, prefix string
	grid                string
	// geom is the grid as VASSAL reads it, where stackAt can port it (a
	// plain hex grid, numbered as muster numbers); nil: set-ups stand by
	// grid location
	geom *sheetBoard
}

// baseMember is the most the base module's build file may inflate to (a
// zip bomb is refused naming it: docs/ci.md, "Limits"); only the build file
// is read.
var baseMember int64 = 32 << 20

func readBase(data []byte) (*baseModule, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("the base module is not a zip archive: %v", err)
	}
	var bf []byte
	for _, f := range zr.File {
		if f.Name == "buildFile.xml" || (bf == nil && f.Name == "buildFile") {
			bf, err = zipbudget.New(baseMember, baseMember).Read(f)
			if err != nil {
				return nil, fmt.Errorf("the base module: %w", err)
			}
		}
	}
	if bf == nil {
		return nil, fmt.Errorf("the base module has no buildFile.xml")
	}
	bm := &baseModule{slots: map[string][]string{}, protos: map[string]string{}}
	dec := xml.NewDecoder(bytes.NewReader(bf))
	var stack []string
	mapName := ""
	var board *baseBoard
	var gridStart int64
	slotName, protoName := "", ""
	var text strings.Builder
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("buildFile.xml: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			attr := func(k string) string {
				for _, a := range t.Attr {
					if a.Name.Local == k {
						return a.Value
					}
				}
				return ""
			}
			class := t.Name.Local
			switch class {
			case "VASSAL.build.GameModule":
				bm.name, bm.version = attr("name"), attr("version")
			case "VASSAL.build.module.Map":
				mapName = attr("mapName")
			case "VASSAL.build.module.map.boardPicker.Board":
				board = &baseBoard{name: attr("name"), image: attr("image")}
			case "VASSAL.build.module.map.boardPicker.board.HexGrid":
				if board != nil && board.grid == "" {
					gridStart = off
					board.geom = baseGrid(attr)
				}
			case "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering":
				if board != nil && board.prefix == "" {
					board.prefix, _ = strings.CutSuffix(attr("locationFormat"), "$gridLocation$")
					board.geom = baseNumbering(board.geom, attr)
				}
			case "VASSAL.build.widget.PieceSlot":
				slotName = attr("entryName")
				text.Reset()
			case "VASSAL.build.module.PrototypeDefinition":
				protoName = attr("name")
				text.Reset()
			case "VASSAL.build.module.properties.GlobalProperty":
				if attr("name") == scenarioProp && len(stack) > 0 && stack[len(stack)-1] == "VASSAL.build.module.properties.GlobalProperties" {
					bm.scenarioProp = true
				}
			case "VASSAL.build.module.turn.ListTurnLevel":
				switch attr("property") {
				case "Day":
					bm.days = seq.Decode(attr("list"), ',')
				case "Time":
					bm.times = len(seq.Decode(attr("list"), ','))
				}
			}
			stack = append(stack, class)
		case xml.CharData:
			if slotName != "" || protoName != "" {
				text.Write(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "VASSAL.build.module.map.boardPicker.board.HexGrid":
				if board != nil && board.grid == "" && gridStart > 0 {
					board.grid = string(bf[gridStart:dec.InputOffset()])
				}
			case "VASSAL.build.module.map.boardPicker.Board":
				if board != nil && board.grid != "" {
					if _, _, copy := cutScenario(board.name); !copy {
						if bm.mainMap == "" {
							bm.mainMap = mapName
						}
						if mapName == bm.mainMap {
							bm.boards = append(bm.boards, board)
						}
					}
				}
				board = nil
			case "VASSAL.build.widget.PieceSlot":
				if slotName != "" && !contains(stack, "VASSAL.build.module.map.SetupStack") {
					bm.slots[slotName] = append(bm.slots[slotName], strings.TrimSpace(text.String()))
				}
				slotName = ""
			case "VASSAL.build.module.PrototypeDefinition":
				if protoName != "" {
					bm.protos[protoName] = strings.TrimSpace(text.String())
				}
				protoName = ""
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(bm.boards) == 0 {
		return nil, fmt.Errorf("the base module has no board with a hex grid")
	}
	for _, bb := range bm.boards {
		if bb.geom != nil && (bb.geom.HDesc || bb.geom.VDesc) && !baseImageSize(zr, bb) {
			bb.geom = nil
		}
	}
	return bm, nil
}

// baseGrid reads a base board's HexGrid attributes; nil where stackAt
// cannot port them (sideways, or a spacing that does not parse).
func baseGrid(attr func(string) string) *sheetBoard {
	dx, errx := strconv.ParseFloat(attr("dx"), 64)
	dy, erry := strconv.ParseFloat(attr("dy"), 64)
	x0, err0 := strconv.Atoi(attr("x0"))
	y0, err1 := strconv.Atoi(attr("y0"))
	if errx != nil || erry != nil || err0 != nil || err1 != nil || dx <= 0 || dy <= 0 || attr("sideways") == "true" {
		return nil
	}
	return &sheetBoard{X0: x0, Y0: y0, dx: dx, dy: dy}
}

// baseNumbering adds to geom a base board's HexGridNumbering, where
// sheetBoard.Location ports it (numbers without a separator, both of as
// many digits, not staggered); nil otherwise.
func baseNumbering(geom *sheetBoard, attr func(string) string) *sheetBoard {
	lf := attr("locationFormat")
	first := attr("first")
	if geom == nil || !strings.HasSuffix(lf, "$gridLocation$") || (first != "H" && first != "V") ||
		attr("stagger") == "true" || attr("sep") != "" || attr("hType") != "N" || attr("vType") != "N" ||
		attr("hLeading") != attr("vLeading") {
		return nil
	}
	lead, err := strconv.Atoi(attr("hLeading"))
	hOff, err1 := strconv.Atoi(attr("hOff"))
	vOff, err2 := strconv.Atoi(attr("vOff"))
	if err != nil || err1 != nil || err2 != nil || lead < 0 {
		return nil
	}
	geom.First, geom.Leading, geom.HOff, geom.VOff = first[0], lead, hOff, vOff
	geom.HDesc, geom.VDesc = attr("hDescend") == "true", attr("vDescend") == "true"
	geom.Prefix = strings.TrimSuffix(lf, "$gridLocation$")
	return geom
}

// baseImageSize sets the size of bb's picture, which descending numbers
// count from (sheets.go's numbering); false where the base lacks it.
func baseImageSize(zr *zip.Reader, bb *baseBoard) bool {
	for _, f := range zr.File {
		if f.Name != "images/"+bb.image {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return false
		}
		cfg, _, err := image.DecodeConfig(rc)
		rc.Close()
		if err != nil {
			return false
		}
		g := bb.geom
		g.W, g.H = cfg.Width, cfg.Height
		g.maxCol = int(math.Floor(float64(g.W)/g.dy + 0.5))
		g.maxRw = int(math.Floor(float64(g.H)/g.dx + 0.5))
		return true
	}
	return false
}

// stackAt is where an extension's At-Start stack on the hex labelled
// label stands, board-relative, where it must be written by its point:
// as the module's (sheetBoard.stackAt), where VASSAL puts a piece dropped
// on the hex, when that is not the label's grid location (a sheet with
// art, its dy not whole). ok false: the stack stands by grid location.
func (bb *baseBoard) stackAt(label string) (x, y int, ok bool) {
	g := bb.geom
	if g == nil {
		return 0, 0, false
	}
	gx, gy, ok := g.Location(label)
	if !ok {
		return 0, 0, false
	}
	x, y = g.snapPoint(gx, gy)
	if (x == gx && y == gy) || g.LocationName(x, y) != label {
		return 0, 0, false
	}
	return x, y, true
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// cutScenario splits "Sheet C (intro)", a muster scenario board's name.
func cutScenario(name string) (base, id string, ok bool) {
	if i := strings.LastIndex(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
		return name[:i], name[i+2 : len(name)-1], true
	}
	return name, "", false
}

// boardFor finds the base board of a sheet: the one named "Sheet X" or
// as the sheet is named, else the one whose numbering's prefix is the
// sheet's id.
func (bm *baseModule) boardFor(s *maps.Sheet) *baseBoard {
	for _, want := range []string{"Sheet " + s.ID, s.ID} {
		for _, bb := range bm.boards {
			if bb.name == want {
				return bb
			}
		}
	}
	for _, bb := range bm.boards {
		if bb.prefix == s.ID {
			return bb
		}
	}
	return nil
}

var gpidAtEnd = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`;[^;]*;0$`) })

// slotFor finds the base PieceSlot of a unit or leader: by name, and
// among several of one name, by its qualified name (muster's Designation
// marker).
func (bm *baseModule) slotFor(name, qualified string) (string, bool) {
	ts := bm.slots[name]
	if len(ts) == 1 {
		return ts[0], true
	}
	esc := strings.ReplaceAll(qualified, "/", `\/`)
	for _, t := range ts {
		if strings.Contains(t, esc) {
			return t, true
		}
	}
	return "", false
}

type mismatch struct {
	pos diag.Pos
	msg string
}

func (bm *baseModule) extension(b *battle.Battle, baseFile string) ([]compile.Output, error) {
	if b.Map == nil || b.Map.Grid == nil {
		return nil, fmt.Errorf("%s: an extension needs the battle's map", b.ID)
	}
	g := b.Map.Grid
	var bad []mismatch
	gpid := 0
	files := map[string][]byte{}
	root := el("module.ModuleExtension", "module", bm.name, "moduleVersion", bm.version, "version", "1.0",
		"vassalVersion", Version, "description", b.Name+": scenarios for "+bm.name+", compiled by muster",
		"extensionId", extensionID, "universal", "false")
	// An ExtensionElement carries one component into its target
	// (ExtensionElement.add keeps the last child).
	var boards, stacks, setups []*xnode
	into := func(target string, n *xnode) *xnode {
		return el("module.ExtensionElement", "target", target).add(n)
	}
	// lv says which layers a piece starts on, as the module target does
	// (fatigue, reserve, a leader's counter, a face); setStates writes them into
	// the base's slot. With the battle's ids ledger it also gives each piece
	// its gpid, by a key naming the piece and its scenario, as the module
	// target does (ids.go), under "extension ".
	lv := &vmod{b: b}
	lv.startIDs(extensionKeys)
	// extSlot is a copy of a base PieceSlot with a gpid of the extension's:
	// the ledger's for key (with was, its keys before a rename), else the
	// next in order.
	extSlot := func(name, text, key string, was []string) *xnode {
		n := 0
		if lv.ids != nil {
			n = lv.slotID(&pieceDef{key: key, was: was})
		} else {
			gpid++
			n = gpid
		}
		id := extensionID + ":" + strconv.Itoa(n)
		sl := el("widget.PieceSlot", "entryName", name, "gpid", id)
		sl.text = gpidAtEnd().ReplaceAllString(text, ";"+id+";0")
		return sl
	}
	var reinfBoards, reinfStacks []*xnode
	reinfSel := map[*battle.Scenario]string{}
	if err := lv.compilePlay(); err != nil {
		return nil, err
	}
	levelsOf := func(r pieceRef, p battle.Piece, ps []battle.Piece, fatigue, orders string, reserve bool) map[string]int {
		var levels map[string]int
		layer, level, ok := "", 0, false
		if r.leader != nil {
			levels = lv.leaderLevels(r.leader, p, ps, fatigue, reserve)
			layer, level, ok = leaderFaceLevel(r.leader, p.Face)
		} else {
			levels = lv.unitLevels(r.unit, p, fatigue, orders, reserve)
			if sd := b.Side(r.unit.Side); sd != nil {
				layer, level, ok = lv.faceLevel(sd, r.unit, p.Face)
			}
		}
		if ok { // the face the set-up starts the piece on, as slotAt does
			levels = stdmaps.Clone(levels)
			if levels == nil {
				levels = map[string]int{}
			}
			levels[layer] = level
		}
		return levels
	}
	// overridesOf are the values a set-up changes on a unit's piece: its
	// strength, as slotAt writes it
	overridesOf := func(r pieceRef, p battle.Piece) map[string]string {
		if r.unit == nil || p.Strength == nil || !r.unit.Values.Has(lv.play.strength) {
			return nil
		}
		return map[string]string{lv.play.strength: strconv.Itoa(*p.Strength)}
	}
	// keyOf is the ledger's key of a piece and the keys it had before a
	// rename, as the module target names a set-up's (vassal.go's unitDef)
	keyOf := func(r pieceRef) (string, []string) {
		if r.leader != nil {
			return leaderKey(r.leader), lv.wasKey("leader", r.leader.Side, r.leader.Was, r.leader.Formation)
		}
		return unitKey(r.unit), lv.wasKey("unit", r.unit.Side, r.unit.Was, r.unit.Formation)
	}
	boardTarget := "VASSAL.build.module.Map:" + bm.mainMap + "/VASSAL.build.module.map.BoardPicker"
	mapTarget := "VASSAL.build.module.Map:" + bm.mainMap
	for _, sc := range b.Scenarios {
		lv.idPlace = extensionPlace + "scenario " + sc.ID
		used := map[*maps.Sheet]bool{}
		var order []*maps.Sheet
		for _, st := range sc.Setup {
			var sheet *maps.Sheet
			for _, s := range g.Sheets {
				if s.Contains(st.Hex.Coord) {
					sheet = s
					break
				}
			}
			if sheet == nil {
				bad = append(bad, mismatch{st.Hex.Pos, fmt.Sprintf("scenario %s: hex %s is on no sheet", sc.ID, st.Hex.Label)})
				continue
			}
			bb := bm.boardFor(sheet)
			if bb == nil {
				bad = append(bad, mismatch{st.Hex.Pos, fmt.Sprintf("scenario %s: sheet %s (%s) has no board in %s: none is named \"Sheet %s\" or numbered %s...", sc.ID, sheet.ID, st.Hex.Label, baseFile, sheet.ID, sheet.ID)})
				continue
			}
			if !used[sheet] {
				used[sheet] = true
				order = append(order, sheet)
			}
			label := g.LabelOn(sheet, st.Hex.Coord)
			if !strings.HasPrefix(label, bb.prefix) {
				bad = append(bad, mismatch{st.Hex.Pos, fmt.Sprintf("scenario %s: board %q of %s numbers its hexes %s..., not as %s", sc.ID, bb.name, baseFile, bb.prefix, label)})
				continue
			}
			boardName := extBoard(bb, b, sc)
			byGrid, xs, ys := "true", "0", "0"
			if x, y, ok := bb.stackAt(label); ok {
				byGrid, xs, ys = "false", strconv.Itoa(x), strconv.Itoa(y)
			}
			n := el("module.map.SetupStack", "name", sc.ID+" "+st.Side+" "+label, "owningBoard", boardName,
				"useGridLocation", byGrid, "location", label, "x", xs, "y", ys)
			once := battle.NewOnce(st.Pieces)
			for _, p := range st.Pieces {
				for _, r := range pieceRefs(p, once) {
					text, ok := bm.slotFor(r.name, r.q)
					if !ok {
						what := "no piece"
						if len(bm.slots[r.name]) > 1 {
							what = fmt.Sprintf("%d pieces and none is %s", len(bm.slots[r.name]), r.q)
						}
						bad = append(bad, mismatch{p.Pos, fmt.Sprintf("scenario %s: %s in %s: %s has %s named %q", sc.ID, r.q, label, baseFile, what, r.name)})
						continue
					}
					key, was := keyOf(r)
					n.add(extSlot(r.name, bm.setStates(text, levelsOf(r, p, st.Pieces, st.Fatigue.Level, st.Orders, st.Reserve), overridesOf(r, p)), key, was))
				}
			}
			for range st.Breastworks {
				text, ok := bm.slotFor("Breastworks", "")
				if !ok {
					bad = append(bad, mismatch{st.Hex.Pos, fmt.Sprintf("scenario %s: breastworks in %s: %s has no piece named \"Breastworks\"", sc.ID, label, baseFile)})
					break
				}
				n.add(extSlot("Breastworks", text, "marker breastworks", nil))
			}
			stacks = append(stacks, into(mapTarget, n))
		}
		// arrivals wait in boxes on the scenario's board of the extension's
		// own Reinforcements map, as in a module muster writes
		if as := (&vmod{b: b}).sortedArrivals(sc); len(as) > 0 {
			var labels []string
			for _, a := range as {
				labels = append(labels, (&vmod{b: b}).arrivalLabel(a))
			}
			rows := (len(as) + boxCols - 1) / boxCols
			img := "images/" + extensionID + "-reinforcements-" + fileSafe(sc.ID) + ".png"
			files[img] = drawBoxes(labels, boxCols*(boxW+20)+20, rows*(boxH+20)+20+windowRoom)
			board := reinfName(b) + " (" + sc.ID + ")"
			reinfBoards = append(reinfBoards, el("module.map.boardPicker.Board", "name", board, "image", strings.TrimPrefix(img, "images/"), "reversible", "false").
				add((&vmod{b: b}).boxZones(as)))
			for i, a := range as {
				x, y := boxAt(i)
				n := el("module.map.SetupStack", "name", fmt.Sprintf("%s arrival %d %s %s", sc.ID, i+1, a.Side, a.Time.Text()),
					"owningBoard", board, "useGridLocation", "false",
					"x", strconv.Itoa(x+boxW/2), "y", strconv.Itoa(y+boxH/2+10))
				once := battle.NewOnce(a.Pieces)
				for _, p := range a.Pieces {
					for _, r := range pieceRefs(p, once) {
						text, ok := bm.slotFor(r.name, r.q)
						if !ok {
							bad = append(bad, mismatch{p.Pos, fmt.Sprintf("scenario %s: %s arriving %s: %s has no piece named %q", sc.ID, r.q, a.Time.Text(), baseFile, r.name)})
							continue
						}
						key, was := keyOf(r)
						n.add(extSlot(r.name, bm.setStates(text, levelsOf(r, p, a.Pieces, a.Fatigue.Level, "", false), overridesOf(r, p)), key, was))
					}
				}
				reinfStacks = append(reinfStacks, n)
			}
			reinfSel[sc] = board
		}
		if len(order) == 0 {
			for _, s := range g.Sheets {
				if bm.boardFor(s) != nil {
					order = append(order, s)
					break
				}
			}
		}
		sort.SliceStable(order, func(i, j int) bool { return order[i].X < order[j].X })
		main := seq.Of(bm.mainMap+"BoardPicker", '\t')
		for i, s := range order {
			bb := bm.boardFor(s)
			if bb == nil {
				continue
			}
			name := extBoard(bb, b, sc)
			bn := el("module.map.boardPicker.Board", "name", name, "image", bb.image, "reversible", "false")
			bn.xmlText = []string{bb.grid}
			boards = append(boards, into(boardTarget, bn))
			main.Append(name).Int(i).Int(0)
		}
		// named apart from the base module's own set-ups (a muster module
		// has scenario-ID.vsav, which VASSAL would read instead)
		file := extensionID + "-" + fileSafe(b.ID) + "-" + fileSafe(sc.ID) + ".vsav"
		lines := []string{"begin_save", main.Value()}
		if board, ok := reinfSel[sc]; ok {
			lines = append(lines, seq.Of(reinfName(b)+"BoardPicker", '\t').Append(board).Int(0).Int(0).Value())
		}
		// The Scenario property the base's turn track reads for its notes
		// (a fixed efficiency, the initiative), set as its own set-ups do.
		if bm.scenarioProp {
			lines = append(lines, seq.Of("MutableProperty", '\t').Append(scenarioProp).Append("").Append(sc.ID).Append("Module").Value())
		}
		// The first turn, when the base's turn track is muster's for
		// these days and times.
		if bm.times == len(b.Slots) && strings.Join(bm.days, "\x00") == strings.Join(b.Days, "\x00") {
			lines = append(lines, (&vmod{b: b}).turnCommand(sc.First))
		}
		cmds := strings.Join(append(lines, "end_save"), "\x1b")
		vs, err := zipFiles([]string{"savedGame"}, map[string][]byte{"savedGame": []byte(cmds)})
		if err != nil {
			return nil, err
		}
		files[file] = vs
		setups = append(setups, into("", el("module.PredefinedSetup", "name", scenarioTitle(sc), "description", sc.Note, "isMenu", "false", "useFile", "true", "file", file)))
	}
	if len(bad) > 0 {
		var lines []string
		for _, m := range bad {
			lines = append(lines, m.pos.String()+": "+m.msg)
		}
		what := fmt.Sprintf("%d mismatches", len(bad))
		if len(bad) == 1 {
			what = "1 mismatch"
		}
		return nil, fmt.Errorf("the battle does not fit %s (%s):\n%s", baseFile, what, strings.Join(lines, "\n"))
	}
	if lv.ids != nil {
		root.attrs["nextPieceSlotId"] = strconv.Itoa(lv.ids.Next())
	} else {
		root.attrs["nextPieceSlotId"] = strconv.Itoa(gpid + 1)
	}
	root.add(boards...)
	root.add(stacks...)
	if len(reinfBoards) > 0 {
		mp := windowMap(reinfName(b), "The extension's reinforcements: each arrival group in its box until it enters")
		bp := el("module.map.BoardPicker", "title", "Choose boards", "slotWidth", "125", "slotHeight", "125", "slotScale", "0.2")
		// an empty board for any other game, so that a set-up of the base
		// module does not take the extension's arrivals
		empty := "images/" + extensionID + "-reinforcements-free.png"
		files[empty] = drawBoxes(nil, boxCols*(boxW+20)+20, boxH+40+windowRoom)
		bp.add(el("module.map.boardPicker.Board", "name", reinfName(b), "image", strings.TrimPrefix(empty, "images/"), "reversible", "false"))
		defaultBoards(bp, reinfName(b), []string{reinfName(b)}, [][2]int{{0, 0}})
		bp.add(reinfBoards...)
		mp.add(bp)
		mp.add(standardMapParts()...)
		mp.add(reinfStacks...)
		root.add(into("", mp))
	}
	root.add(setups...)
	files["buildFile.xml"] = xmlDoc(root)
	files["extensiondata"] = []byte("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>1.0</version>\n  <VassalVersion>" + Version +
		"</VassalVersion>\n  <dateSaved>0</dateSaved>\n  <description>" + escText(b.Name) + "</description>\n  <module>\n    <name>" + escText(bm.name) +
		"</name>\n    <version>" + escText(bm.version) + "</version>\n  </module>\n</data>\n")
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	data, err := zipFiles(names, files)
	if err != nil {
		return nil, err
	}
	return append([]compile.Output{{Name: b.ID + ".vmdx", Data: data}}, lv.idsOutput()...), nil
}

// extBoard names an extension scenario's copy of a base board; the battle's
// id keeps it apart from the base module's own scenario boards.
func extBoard(bb *baseBoard, b *battle.Battle, sc *battle.Scenario) string {
	return bb.name + " (" + b.ID + " " + sc.ID + ")"
}

// reinfName names the extension's own map of reinforcement boxes.
func reinfName(b *battle.Battle) string { return "Reinforcements (" + b.ID + ")" }

type pieceRef struct {
	name, q string
	leader  *oob.Leader // nil for a unit
	unit    *oob.Unit   // nil for a leader
}

// pieceRefs lists the leaders and units a set-up or arrival piece names,
// each once in its group (once: nil lists them all).
func pieceRefs(p battle.Piece, once *battle.Once) []pieceRef {
	var refs []pieceRef
	for _, l := range p.Ref.Leaders() {
		if once.Take(l, p) {
			refs = append(refs, pieceRef{l.Name, l.QualifiedName(), l, nil})
		}
	}
	for _, u := range p.Ref.Units() {
		if once.Take(u, p) {
			refs = append(refs, pieceRef{u.Name, u.QualifiedName(), nil, u})
		}
	}
	return refs
}

// setStates starts the Layers of a base PieceSlot's text named in levels
// at their levels (2 the first after the normal one) and sets the values
// named in overrides (a Dynamic Property's or a Marker's, as override
// does): a trait of the slot's own is set in place; a prototype holding
// one is written out in place, its traits with their states, since a
// prototype's traits start as the prototype has them. A text with no such
// trait, or that is no AddPiece command, is returned as it is.
func (bm *baseModule) setStates(text string, levels map[string]int, overrides map[string]string) string {
	if len(levels) == 0 && len(overrides) == 0 {
		return text
	}
	id, traits, basic, ok := decodePiece(text)
	if !ok {
		return text
	}
	out, changed := bm.expandStates(traits, levels, overrides, 0)
	if !changed {
		return text
	}
	return encodeTraits(id, out, basic)
}

// expandStates is setStates over a list of traits; depth bounds the
// prototypes inside prototypes it follows.
func (bm *baseModule) expandStates(traits []trait, levels map[string]int, overrides map[string]string, depth int) ([]trait, bool) {
	var out []trait
	changed := false
	for _, t := range traits {
		if name, ok := layerName(t); ok {
			if lv, ok := levels[name]; ok {
				t.state = strconv.Itoa(lv)
				changed = true
			}
			out = append(out, t)
			continue
		}
		if len(overrides) > 0 {
			if o := override(t, overrides); o != t {
				out = append(out, o)
				changed = true
				continue
			}
		}
		if name, ok := strings.CutPrefix(t.typ, "prototype;"); ok && depth < 4 {
			if _, pts, _, ok := decodePiece(bm.protos[name]); ok {
				if inner, ch := bm.expandStates(pts, levels, overrides, depth+1); ch {
					out = append(out, inner...)
					changed = true
					continue
				}
			}
		}
		out = append(out, t)
	}
	return out, changed
}

// layerName is the name of a Layer (emb2) trait, as layer writes it: the
// 19th field of its type.
func layerName(t trait) (string, bool) {
	rest, ok := strings.CutPrefix(t.typ, "emb2;")
	if !ok {
		return "", false
	}
	f := seq.Decode(rest, ';')
	if len(f) < 19 {
		return "", false
	}
	return f[18], true
}

// decodePiece splits an AddPiece command's text (a PieceSlot's or a
// PrototypeDefinition's) into its id, its traits outermost first and its
// BasicPiece; encodeTraits writes them back.
func decodePiece(text string) (id string, traits []trait, basic trait, ok bool) {
	parts := seq.Decode(text, '/')
	if len(parts) != 4 || parts[0] != "+" {
		return "", nil, trait{}, false
	}
	typ, st := parts[2], parts[3]
	for {
		tp, sp := seq.Decode(typ, '\t'), seq.Decode(st, '\t')
		s := ""
		if len(sp) > 0 {
			s = sp[0]
		}
		if len(tp) < 2 {
			return parts[1], traits, trait{typ, st}, true
		}
		traits = append(traits, trait{tp[0], s})
		typ, st = tp[1], ""
		if len(sp) > 1 {
			st = sp[1]
		}
	}
}

// encodeTraits writes an AddPiece command as encodePieceID does, over a
// BasicPiece already encoded.
func encodeTraits(id string, traits []trait, basic trait) string {
	typ, state := nestTraits(traits, basic.typ, basic.state)
	return "+/" + seq.New('/').Append(id).Append(typ).Append(state).Value()
}
