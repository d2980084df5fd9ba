package vassal

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/muster-wargames/muster/displays"
	"image"
	"io"
	stdmaps "maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	kpflate "github.com/klauspost/compress/flate"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/ledger"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
)

// Version is the VASSAL version the module declares in moduledata and
// buildFile.xml (3.5 or later makes VASSAL read buildFile.xml).
const Version = "3.7.0"

// Names of the module's maps.
const (
	mainMapName  = "Main Map"
	reinfMapName = "Reinforcements"
)

// Module compiles the battle into one VASSAL module, <battle id>.vmod,
// its bytes held whole (Data): ModuleStream's archive, written.
func Module(b *battle.Battle) ([]compile.Output, error) {
	outs, err := ModuleStream(b)
	if err != nil {
		return nil, err
	}
	data, err := outs[0].Bytes()
	if err != nil {
		return nil, err
	}
	outs[0] = compile.Output{Name: outs[0].Name, Data: data}
	return outs, nil
}

// ModuleStream compiles the battle into one VASSAL module, <battle id>.vmod,
// written as the output folder takes it (compile.Output.Write): the
// build's `--target vassal`. Everything is compiled first, so a build that
// fails fails here; the write then puts buildFile.xml straight into its
// entry's compressor and the archive straight into the file, neither held
// whole (megabytes each for a big battle).
func ModuleStream(b *battle.Battle) ([]compile.Output, error) {
	m, err := newVmod(b)
	if err != nil {
		return nil, err
	}
	write, err := m.archive()
	if err != nil {
		return nil, err
	}
	return append([]compile.Output{{Name: b.ID + ".vmod", Write: write}}, m.idsOutput()...), nil
}

// vmod is a module being compiled: the build file, its files and the
// gpids handed out so far.
type vmod struct {
	shown      []displays.Display                      // the ruleset's displays laid out (displays.go)
	scShown    map[*battle.Scenario][]displays.Display // and as each scenario starts them
	b          *battle.Battle
	flareID    string                     // the id VASSAL gives the Main Map's Flare (flareIDAfter)
	boardErr   error                      // a sheet's own board that a layout uses and its numbering cannot express (framed)
	layers     map[string]trait           // stateTrait's traits without a face image, by state ID
	chains     map[*oob.Formation][]trait // chainMarkers' markers, by formation
	reports    map[string]trait           // reportTrait's traits, by what they are made of
	labelTypes map[string]string          // valuesLabel's types, by colour
	menuOf     map[string]menuCommand     // menuEntry's commands, by trait type
	pictures   map[string][]byte          // counters' PNGs by their drawing's Key (picture)
	sideConv   map[*oob.Side][]trait      // sideConveniences' traits, by side
	clears     map[string]bool            // the ids of the states a global command clears (menuEntry)
	files      map[string][]byte          // archive path → bytes
	gpid       int

	setStrength map[*oob.Unit]bool // units a set-up or arrival gives a strength (givenStrength)
	// With an ids ledger (ids.go): the build's ids, the place the slots
	// being written stand in, how often each key was given there, and
	// the keys of the battle's units and leaders.
	ids      *ledger.Assigner
	idPlace  string
	keyCount map[string]int
	keys     map[string]bool
	boards   map[*maps.Sheet]*sheetBoard
	order    []*sheetBoard
	rankKey  []string // Marker key per formation rank, top down
	rankOf   map[string]int
	units    map[*oob.Unit]*pieceDef
	leaders  map[*oob.Leader]*pieceDef
	used     map[string]bool // image names
	play     *play           // the ruleset's play section, keys parsed (states.go)
	// Boards laid out together (sheets.go): every sheet as on the map, and
	// each scenario's sheets; the boards cut at seams, by sheet and frame.
	full    []placedBoard
	layouts map[*battle.Scenario][]placedBoard
	frames  map[frameKey]*sheetBoard
	cuts    []*sheetBoard
	checked [][]placedBoard // layouts checkLayout has proved
	// sheets with a neighbour east, south on the whole map (seams)
	east, south map[*maps.Sheet]bool
	// The prototypes of the traits pieces share (shareTraits), by their
	// content, and the container they are written into.
	protoNode  *xnode
	protoOf    map[string]string // traits' content → prototype name
	protoNames map[string]bool
	// artNames are the module's names of the counter art, by file (and
	// cut); sheetImgs the counter sheets decoded; artErr a sheet that
	// would not decode
	artNames  map[string]string
	sheetImgs map[string]image.Image
	artErr    error
}

// pieceDef is what a unit's or leader's PieceSlots share.
type pieceDef struct {
	name    string
	traits  []trait // outermost first, without the BasicPiece
	image   string
	faces   []string // face names in layer order ("" is the front)
	faceLvl map[string]int
	faceAt  map[string]int // face → index in traits of the layer that shows it
	stateAt map[string]int // state id → index in traits of its Layer
	// runs are the stretches of traits that a prototype holds in the
	// PieceSlot: the traits every piece with the same run shares.
	runs []protoRun
	// texts caches the XML text of the def's PieceSlots by their overrides
	// and face: the escaped text before and after the gpid, which sits in
	// the innermost state and which no escaping changes (slot).
	texts map[string][2]string
	// key names the def's pieces in the ids ledger ("unit USA 74
	// IL/1/1/RW", ids.go), was the keys it had before a rename.
	key string
	was []string
}

// trait is one decorator: its type and its state.
type trait struct{ typ, state string }

// protoRun is traits[start:end] of a pieceDef, written as prototype;name.
type protoRun struct {
	start, end int
	name       string
}

// encodePiece writes traits over a BasicPiece as an AddPiece command with
// a null id, the text of a PieceSlot or PrototypeDefinition.
func encodePiece(traits []trait, image, name string, gpid int) string {
	return encodePieceID(traits, image, name, gpidText(gpid))
}

// encodePieceID is encodePiece with the gpid as written.
func encodePieceID(traits []trait, image, name, gpid string) string {
	typ := seq.New(';').Append("").Append("").Append(image).Append(name).Value()
	typ = "piece;" + typ
	state := seq.New(';').Append("null").Int(0).Int(0).Append(gpid).Int(0).Value()
	typ, state = nestTraits(traits, typ, state)
	return "+/" + seq.New('/').Append("null").Append(typ).Append(state).Value()
}

// pieceXML is the AddPiece command encodePieceID writes, as buildFile.xml
// text (escText), in two parts either side of a gpid written as "\x00":
// what slotAt stores. The command's last step (the type and state joined
// by '/' and escaped for it) and the XML escapes are one pass over the
// nested traits, not four; text with anything but printable ASCII, line
// ends and tabs takes the long way (TestPieceXML holds the two equal).
func pieceXML(traits []trait, image, name string) [2]string {
	typ := "piece;" + seq.New(';').Append("").Append("").Append(image).Append(name).Value()
	state := seq.New(';').Append("null").Int(0).Int(0).Append("\x00").Int(0).Value()
	typ, state = nestTraits(traits, typ, state)
	var b strings.Builder
	b.Grow(len(typ) + len(state) + len(typ)/4 + 32)
	b.WriteString("+/null/")
	if !slashXML(&b, typ) {
		return pieceXMLSlow(traits, image, name)
	}
	b.WriteByte('/')
	if !slashXML(&b, state) {
		return pieceXMLSlow(traits, image, name)
	}
	before, after, _ := strings.Cut(b.String(), "\x00")
	return [2]string{before, after}
}

// pieceXMLSlow is pieceXML step by step.
func pieceXMLSlow(traits []trait, image, name string) [2]string {
	text := textEscaper.Replace(encodePieceID(traits, image, name, "\x00"))
	before, after, _ := strings.Cut(text, "\x00")
	return [2]string{xmlChars(before), xmlChars(after)}
}

// slashXML writes s as seq.Encoder.Append with '/' writes it, escaped as
// XML text (textEscaper), and reports false, having written part of it,
// when s has a byte escText would treat otherwise (not printable ASCII, a
// line end, a tab or the gpid's "\x00").
func slashXML(b *strings.Builder, s string) bool {
	if s == "" {
		return true
	}
	quote := s[0] == '\\' || s[0] == '\'' && s[len(s)-1] == '\''
	if quote {
		b.WriteByte('\'')
	}
	start := 0
	for i := 0; i < len(s); i++ {
		if plainPiece[s[i]] {
			continue
		}
		var esc string
		switch c := s[i]; c {
		case '/':
			esc = "\\/"
		case '\t':
			esc = "&#9;"
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '\r':
			esc = "&#13;"
		case '\n', 0:
			continue
		default:
			if c < 0x20 || c >= 0x80 {
				return false
			}
			continue
		}
		b.WriteString(s[start:i])
		b.WriteString(esc)
		start = i + 1
	}
	b.WriteString(s[start:])
	if quote {
		b.WriteByte('\'')
	}
	return true
}

// plainPiece marks the bytes slashXML writes as they are.
var plainPiece = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = true
	}
	for _, c := range "/&<>" {
		t[c] = false
	}
	t['\n'], t[0] = true, true
	return t
}()

// nestTraits wraps a BasicPiece's type and state in the traits, outermost
// first, as VASSAL's Decorator chain does (seq.Nest: each byte written
// once, not once a level).
func nestTraits(traits []trait, typ, state string) (string, string) {
	types := make([]string, len(traits))
	states := make([]string, len(traits))
	for i, t := range traits {
		types[i], states[i] = t.typ, t.state
	}
	return seq.Nest(types, typ, '\t'), seq.Nest(states, state, '\t')
}

func gpidText(g int) string {
	if g == 0 {
		return ""
	}
	return strconv.Itoa(g)
}

func marker(key, value string) trait {
	return trait{"mark;" + seq.One(key, ','), seq.One(value, ',')}
}

func usePrototype(name string) trait {
	return trait{"prototype;" + name, ""}
}

func (m *vmod) nextGpid() int {
	m.gpid++
	return m.gpid
}

// fileSafe keeps the ASCII letters and digits of s, and writes _ for the
// rest, as image names do.
func fileSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// imageName makes a unique, safe file name under images/.
func (m *vmod) imageName(parts ...string) string {
	safe := make([]string, len(parts))
	for i, p := range parts {
		safe[i] = fileSafe(p)
	}
	base := strings.Join(safe, "-")
	name := base + ".png"
	for i := 2; m.used[name]; i++ {
		name = fmt.Sprintf("%s_%d.png", base, i)
	}
	m.used[name] = true
	return name
}

func (m *vmod) addImage(name string, data []byte) { m.files["images/"+name] = data }

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func valueText(v oob.Value) string {
	switch x := v.V.(type) {
	case nil:
		return ""
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		return strconv.FormatBool(x)
	default:
		return fmt.Sprint(x)
	}
}

func newVmod(b *battle.Battle) (*vmod, error) {
	if b.Map == nil || b.Map.Grid == nil || len(b.Map.Grid.Sheets) == 0 {
		return nil, fmt.Errorf("%s: a VASSAL module needs a map", b.ID)
	}
	if b.Rules == nil || len(b.Slots) == 0 {
		return nil, fmt.Errorf("%s: a VASSAL module needs the rule system's turn track", b.ID)
	}
	m := &vmod{b: b, files: map[string][]byte{}, boards: map[*maps.Sheet]*sheetBoard{},
		units: map[*oob.Unit]*pieceDef{}, leaders: map[*oob.Leader]*pieceDef{}, used: map[string]bool{}, rankOf: map[string]int{},
		layouts: map[*battle.Scenario][]placedBoard{}, frames: map[frameKey]*sheetBoard{},
		protoNode: el("module.PrototypesContainer"), protoOf: map[string]string{}, protoNames: map[string]bool{}}
	// Boards first: a label the numbering cannot express stops the build
	// before anything is drawn.
	g := b.Map.Grid
	for _, s := range g.Sheets {
		sb, err := newSheetBoard(g, s)
		if err != nil {
			return nil, err
		}
		if err := sizeErr(g, sb); err != nil { // a map of one sheet tiles (tiles.go)
			return nil, err
		}
		sb.Name = "Sheet " + s.ID
		sb.Image = m.imageName("map", s.ID)
		if s.Art != nil {
			sb.Image = m.artName(sb.Image, s.Art)
		}
		m.boards[s] = sb
		m.order = append(m.order, sb)
	}
	m.slots()
	m.startIDs(moduleKeys)
	m.full = m.frameLayout(layout(m.order))
	if m.boardErr != nil {
		return nil, m.boardErr
	}
	if err := checkLayout(g, m.full); err != nil {
		return nil, fmt.Errorf("the whole map: %v", err)
	}
	for _, p := range m.full {
		if tooBig(p.sb.W, p.sb.H) { // a sheet that could not be tiled
			return nil, boardTooBig("the board of sheet "+p.sb.Sheet.ID, p.sb.W, p.sb.H)
		}
	}
	m.checked = [][]placedBoard{m.full}
	for _, sc := range b.Scenarios {
		if err := m.checkScenario(sc); err != nil {
			return nil, err
		}
		m.layouts[sc] = m.sheetsLayout(m.scenarioSheets(sc))
		if m.boardErr != nil {
			return nil, m.boardErr
		}
	}
	m.ranks()
	if err := m.compilePlay(); err != nil {
		return nil, err
	}
	return m, nil
}

// ranks names one Marker key per formation rank: the last level of that
// rank in the ruleset (GBACW's wing and corps share "Corps").
func (m *vmod) ranks() {
	byRank := map[int]string{}
	var rs []int
	for _, l := range m.b.Rules.Levels {
		if _, ok := byRank[l.Rank]; !ok {
			rs = append(rs, l.Rank)
		}
		byRank[l.Rank] = title(l.ID)
	}
	sort.Ints(rs)
	for i, r := range rs {
		m.rankKey = append(m.rankKey, byRank[r])
		for _, l := range m.b.Rules.Levels {
			if l.Rank == r {
				m.rankOf[l.ID] = i
			}
		}
	}
}

// checkScenario makes sure every placement lands on a board.
func (m *vmod) checkScenario(sc *battle.Scenario) error {
	for _, st := range sc.Setup {
		if _, _, err := m.place(st.Hex.Coord); err != nil {
			return fmt.Errorf("scenario %s: %s: %v", sc.ID, st.Hex.Label, err)
		}
	}
	return nil
}

// place returns the board and canonical label of a hex.
func (m *vmod) place(c maps.Coord) (*sheetBoard, string, error) {
	g := m.b.Map.Grid
	for _, s := range g.Sheets {
		if s.Contains(c) {
			sb := m.boards[s]
			label := g.Label(c)
			x, y := sb.Center(c)
			if lx, ly, ok := sb.Location(label); !ok || lx != x || ly != y {
				return nil, "", fmt.Errorf("the board's numbering does not parse %s", label)
			}
			return sb, label, nil
		}
	}
	return nil, "", fmt.Errorf("hex is on no sheet")
}

// slots ranks the sheets on the whole map: a sheet's column is the rank
// of its west line among all the sheets' west lines, its row the rank of
// its north line. scenarioSheets takes the rectangle of these ranks that
// holds a scenario's sheets.
func (m *vmod) slots() {
	rank := func(v func(*sheetBoard) int) map[int]int {
		seen := map[int]bool{}
		var vs []int
		for _, sb := range m.order {
			if !seen[v(sb)] {
				seen[v(sb)] = true
				vs = append(vs, v(sb))
			}
		}
		sort.Ints(vs)
		r := map[int]int{}
		for i, x := range vs {
			r[x] = i
		}
		return r
	}
	cols := rank(func(sb *sheetBoard) int { return sb.Sheet.X })
	rows := rank(func(sb *sheetBoard) int { return sb.Sheet.Y })
	for _, sb := range m.order {
		sb.Col, sb.Row = cols[sb.Sheet.X], rows[sb.Sheet.Y]
	}
}

// placedBoard is a board and its board-picker slot in one set-up.
type placedBoard struct {
	sb       *sheetBoard
	col, row int
}

// scenarioSheets gives the sheets a scenario's predefined set-up selects,
// in map order, with their slots: the sheets in play, those its set-up
// and entry hexes lie on (all sheets when it names none), and every sheet
// inside their bounding rectangle of slots (a scenario on Dead of Winter's
// B and C gets all four sheets, not two sheets out of place), laid out by
// layout.
func (m *vmod) scenarioSheets(sc *battle.Scenario) []placedBoard {
	use := map[*sheetBoard]bool{}
	for _, pa := range sc.Play {
		if sb := m.boards[pa.Sheet]; sb != nil {
			use[sb] = true
		}
	}
	mark := func(c maps.Coord) {
		for _, s := range m.b.Map.Grid.Sheets {
			if s.Contains(c) {
				use[m.boards[s]] = true
				return
			}
		}
	}
	for _, st := range sc.Setup {
		mark(st.Hex.Coord)
	}
	for _, a := range sc.Arrivals {
		for _, h := range a.Hexes {
			mark(h.Coord)
		}
	}
	if len(use) == 0 {
		for _, sb := range m.order {
			use[sb] = true
		}
	}
	c0, r0, c1, r1 := -1, -1, -1, -1
	for sb := range use {
		if c0 < 0 || sb.Col < c0 {
			c0 = sb.Col
		}
		if r0 < 0 || sb.Row < r0 {
			r0 = sb.Row
		}
		c1, r1 = max(c1, sb.Col), max(r1, sb.Row)
	}
	var in []*sheetBoard
	for _, sb := range m.order {
		if sb.Col >= c0 && sb.Col <= c1 && sb.Row >= r0 && sb.Row <= r1 {
			in = append(in, sb)
		}
	}
	return layout(in)
}

// sheetsLayout lays out the boards of some of the sheets, or the whole
// map when those sheets cannot be cut at seams alone: on TSS, sheet C runs
// under both A and B, so A and C without B would lose the line of C's hexes
// that B shows.
func (m *vmod) sheetsLayout(ps []placedBoard) []placedBoard {
	ps = m.frameLayout(ps)
	for _, q := range m.checked { // the same boards in the same places: proved once
		if slices.Equal(q, ps) {
			return q
		}
	}
	if checkLayout(m.b.Map.Grid, ps) != nil {
		return m.full
	}
	m.checked = append(m.checked, ps)
	return ps
}

// layout gives sheets their slots: the row is the rank of the sheet's north
// line among the sheets', the column its rank by west line within its row.
// VASSAL puts a board below the boards in the same column above it, so a
// board with none above it in a lower row would be drawn over the first
// row; then the sheets go in one row.
func layout(sbs []*sheetBoard) []placedBoard {
	ys := map[int]bool{}
	for _, sb := range sbs {
		ys[sb.Sheet.Y] = true
	}
	var rows []int
	for y := range ys {
		rows = append(rows, y)
	}
	sort.Ints(rows)
	out := make([]placedBoard, len(sbs))
	filled := map[[2]int]bool{}
	for r, y := range rows {
		var row []int
		for i, sb := range sbs {
			if sb.Sheet.Y == y {
				row = append(row, i)
			}
		}
		sort.SliceStable(row, func(a, b int) bool { return sbs[row[a]].Sheet.X < sbs[row[b]].Sheet.X })
		for c, i := range row {
			out[i] = placedBoard{sbs[i], c, r}
			filled[[2]int{c, r}] = true
		}
	}
	for _, p := range out {
		if p.row > 0 && !filled[[2]int{p.col, p.row - 1}] {
			for i := range out {
				out[i].col, out[i].row = i, 0
			}
			break
		}
	}
	return out
}

// scenarioBoard names the copy of a sheet's board that carries a
// scenario's At-Start stacks.
func scenarioBoard(sb *sheetBoard, sc *battle.Scenario) string {
	return sb.Name + " (" + sc.ID + ")"
}

func reinfBoard(sc *battle.Scenario) string { return "Reinforcements (" + sc.ID + ")" }

// ---- the module ----

// RulesMember is the member of a module that holds the battle's rules:
// override as JSON (battle.Battle.RulesOverride), when it has one.
const RulesMember = "muster/rules.json"

// AreasMember is the member of a module that holds the map's areas as
// JSON (areaJSON, by name), when it has any: VASSAL does not read them,
// import vmod gives them back.
const AreasMember = "muster/areas.json"

// areaJSON is one area of the map as AreasMember keeps it, its hexes by
// label.
type areaJSON struct {
	Name     string   `json:"name"`
	Side     string   `json:"side,omitempty"`
	Edge     string   `json:"edge,omitempty"`
	Role     string   `json:"role,omitempty"`
	Hexes    []string `json:"hexes"`
	Arrow    string   `json:"arrow,omitempty"`
	Entrance string   `json:"entrance,omitempty"`
}

// RoadsMember is the member of a module that holds the map's roads as
// JSON (roadJSON, in the map's order), when it has any: the board's
// picture draws them, VASSAL reads none, import vmod gives them back.
const RoadsMember = "muster/roads.json"

// roadJSON is one road of the map as RoadsMember keeps it, its path by
// hex label.
type roadJSON struct {
	Type string   `json:"type"`
	Name string   `json:"name,omitempty"`
	Path []string `json:"path"`
}

// roadsJSON is RoadsMember's content, nil for a map without roads.
func (m *vmod) roadsJSON() []byte {
	mp := m.b.Map
	if mp == nil || len(mp.Roads) == 0 {
		return nil
	}
	out := make([]roadJSON, 0, len(mp.Roads))
	for _, r := range mp.Roads {
		rj := roadJSON{Type: r.Type, Name: r.Name, Path: make([]string, 0, len(r.Path))}
		for _, c := range r.Path {
			rj.Path = append(rj.Path, mp.Grid.Label(c))
		}
		out = append(out, rj)
	}
	data, _ := json.Marshal(out)
	return data
}

// areasJSON is AreasMember's content, nil for a map without areas.
func (m *vmod) areasJSON() []byte {
	mp := m.b.Map
	if mp == nil || len(mp.Areas) == 0 {
		return nil
	}
	g := mp.Grid
	var out []areaJSON
	for _, name := range slices.Sorted(stdmaps.Keys(mp.Areas)) {
		a := mp.Areas[name]
		aj := areaJSON{Name: name, Side: a.Side, Edge: a.Edge, Role: a.Role}
		for _, c := range a.Hexes {
			aj.Hexes = append(aj.Hexes, g.Label(c))
		}
		if a.Arrow != nil {
			aj.Arrow = a.Arrow.Label
		}
		if a.Entrance != nil {
			aj.Entrance = a.Entrance.Label
		}
		out = append(out, aj)
	}
	data, _ := json.Marshal(out)
	return data
}

// buildFile is the module's member buildFile.xml, written from its tree
// as the archive is (archive).
const buildFile = "buildFile.xml"

// archive builds the module and returns what writes its archive: every
// member but buildFile.xml is in m.files, buildFile.xml is the tree,
// written into its entry as the archive is written (xmlWrite). The writer
// can be called again (a publish that falls back writes a file twice).
func (m *vmod) archive() (func(io.Writer) error, error) {
	root, err := m.build()
	if err != nil {
		return nil, err
	}
	m.files["moduledata"] = m.metadata()
	if m.b.RulesOverride != nil {
		// the battle's own rules: as it lays them on the series rules,
		// which VASSAL does not read: import vmod gives them back
		data, err := json.Marshal(m.b.RulesOverride)
		if err != nil {
			return nil, err
		}
		m.files[RulesMember] = data
	}
	if areas := m.areasJSON(); areas != nil {
		m.files[AreasMember] = areas
	}
	if roads := m.roadsJSON(); roads != nil {
		m.files[RoadsMember] = roads
	}
	names := make([]string, 0, len(m.files)+1)
	names = append(names, buildFile)
	for n := range m.files {
		names = append(names, n)
	}
	sort.Strings(names)
	files := m.files
	return func(w io.Writer) error {
		return zipWrite(w, names, func(n string, w io.Writer) error {
			if n == buildFile {
				return xmlWrite(w, root)
			}
			_, err := w.Write(files[n])
			return err
		})
	}, nil
}

// zipLevel is the deflate level of the archive's entries that are not
// PNGs: mostly buildFile.xml, megabytes of piece definitions for a big
// battle. github.com/klauspost/compress/flate at its fastest level costs
// under half of what compress/flate's level 3 costs on Terrible Swift
// Sword's buildFile.xml (31 M instructions against 69 M for 2.8 MB) and
// makes it a tenth bigger (208 KB against 188 KB).
const zipLevel = kpflate.BestSpeed

// zipTime is the fixed timestamp of every archive entry.
var zipTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// zipFiles is the archive of the named files, in order, held whole.
func zipFiles(names []string, files map[string][]byte) ([]byte, error) {
	// the archive in one allocation: no bigger than its files stored,
	// with each one's two headers (a few dozen bytes and its name twice)
	size := 1024
	for _, n := range names {
		size += len(files[n]) + 128 + 2*len(n)
	}
	var buf bytes.Buffer
	buf.Grow(size)
	err := zipWrite(&buf, names, func(n string, w io.Writer) error {
		_, err := w.Write(files[n])
		return err
	})
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// zipWrite writes the archive of the named files, in order, into w: each
// file's bytes are what put writes into its entry.
func zipWrite(w io.Writer, names []string, put func(name string, w io.Writer) error) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		d := deflaters.Get().(*kpflate.Writer)
		d.Reset(w)
		return pooledDeflater{d}, nil
	})
	for _, n := range names {
		h := &zip.FileHeader{Name: n, Method: zipMethod(n), Modified: zipTime}
		h.SetMode(0o644)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if err := put(n, w); err != nil {
			return err
		}
	}
	return zw.Close()
}

// deflaters keeps the entries' compressors for the next entry: one is
// 600 KB of tables and window, and a module has a few entries to deflate
// and each set-up's saved game three more. A compressor reset is the one
// NewWriter makes (kpflate.Writer.Reset), so the bytes are the same.
var deflaters = sync.Pool{New: func() any {
	d, _ := kpflate.NewWriter(nil, zipLevel)
	return d
}}

// pooledDeflater gives its compressor back once the entry is closed.
type pooledDeflater struct{ *kpflate.Writer }

func (d pooledDeflater) Close() error {
	err := d.Writer.Close()
	d.Reset(nil)
	deflaters.Put(d.Writer)
	return err
}

func (m *vmod) metadata() []byte {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n")
	b.WriteString("  <version>" + escText(moduleVersion(m.b)) + "</version>\n")
	b.WriteString("  <VassalVersion>" + Version + "</VassalVersion>\n")
	b.WriteString("  <dateSaved>0</dateSaved>\n")
	b.WriteString("  <description>" + escText(m.description()) + "</description>\n")
	b.WriteString("  <name>" + escText(m.b.Name) + "</name>\n")
	b.WriteString("</data>\n")
	return []byte(b.String())
}

func (m *vmod) description() string {
	return fmt.Sprintf("%s (%s), compiled by muster", m.b.Name, m.b.Rules.Name)
}

func (m *vmod) build() (*xnode, error) {
	b := m.b
	root := el("GameModule", "name", b.Name, "version", moduleVersion(b), "VassalVersion", Version,
		"description", m.description(), "ModuleOther1", "", "ModuleOther2", "")
	root.add(el("module.BasicCommandEncoder"), m.documentation(), m.roster(),
		el("module.GlobalOptions"), el("module.Chatter"), el("module.KeyNamer"))
	protos := m.prototypes()
	m.drawPieces()
	if m.artErr != nil {
		return nil, m.artErr
	}
	palette := m.palette()
	root.add(protos, palette, m.markerTray(), m.inventory(), m.turnTracker(), m.dice())
	root.add(m.flagProperties(m.scenarioProperty()))
	root.add(m.sideWindows()...)
	root.add(m.globalCommands()...)
	key, err := m.terrainKey()
	if err != nil {
		return nil, err
	}
	m.flareID = flareIDAfter(root.kids)
	root.add(m.notes(), key, m.mainMap(), m.reinforcementMap())
	if cups := m.cupsMap(); cups != nil {
		root.add(cups)
	}
	root.add(m.hands()...)
	root.add(m.displayMaps()...)
	if t := m.terrainEffects(); t != nil {
		root.add(t)
	}
	if t := m.chartsWindow(); t != nil {
		root.add(t)
	}
	root.add(m.setups()...)
	m.mapIDs(root)
	root.attrs["nextPieceSlotId"] = strconv.Itoa(m.nextSlotID())
	return root, nil
}

// ---- prototypes and pieces ----

func sideProto(sd *oob.Side) string { return "Side " + sd.ID }
func typeProto(t string) string     { return "Type " + t }

// restrictedTo is the Restricted Access trait of a side's pieces, as
// hand-made modules give them: only the player of that side (its name in
// the PlayerRoster) may move them or use their commands; the other side
// and observers see them. It is a piece's outermost trait (assemble), so
// it guards every other (states, strength, facing, reports).
func restrictedTo(sd *oob.Side) trait {
	return trait{"restrict;" + seq.New(';').Append(seq.One(sd.Name, ',')).Bool(false).Bool(true).Append("side "+sd.ID).Value(), ""}
}
func leaderProto() string          { return "Leader" }
func breastworksPieceName() string { return "Breastworks" }
func (m *vmod) sortedTypes() []string {
	var ts []string
	for t := range m.b.Rules.UnitTypes {
		ts = append(ts, t)
	}
	sort.Strings(ts)
	return ts
}

func (m *vmod) prototypes() *xnode {
	pc := m.protoNode
	def := func(name, desc string, traits []trait) {
		n := el("module.PrototypeDefinition", "name", name, "description", desc)
		n.text = encodePiece(traits, "", "", 0)
		pc.add(n)
		m.protoNames[name] = true
	}
	for _, sd := range m.b.Sides {
		def(sideProto(sd), "side "+sd.Name, append([]trait{marker("Side", sd.ID), marker("SideName", sd.Name)}, m.sideConveniences(sd)...))
	}
	for _, t := range m.sortedTypes() {
		ut := m.b.Rules.UnitTypes[t]
		def(typeProto(t), ut.Title, []trait{marker("Kind", "unit"), marker("Type", t), marker("Class", ut.Class)})
	}
	def(leaderProto(), "leaders", []trait{marker("Kind", "leader"), marker("Type", "leader"), marker("Class", "leader")})
	m.flagPrototypes(def)
	return pc
}

// chainMarkers gives the formation chain as one Marker per rank.
func (m *vmod) chainMarkers(f *oob.Formation) []trait {
	// the pieces of a formation share them: made once (callers copy them)
	return memo(&m.chains, f, func() []trait { return m.makeChainMarkers(f) })
}

// memo is (*cache)[k], made by build the first time k is asked for: what
// the pieces of a module share is made once.
func memo[K comparable, V any](cache *map[K]V, k K, build func() V) V {
	if v, ok := (*cache)[k]; ok {
		return v
	}
	if *cache == nil {
		*cache = map[K]V{}
	}
	v := build()
	(*cache)[k] = v
	return v
}

// makeChainMarkers is chainMarkers, made.
func (m *vmod) makeChainMarkers(f *oob.Formation) []trait {
	vals := make([]string, len(m.rankKey))
	for _, x := range f.Chain() {
		if i, ok := m.rankOf[x.Level]; ok {
			vals[i] = formationTitle(x)
		}
	}
	var out []trait
	for i, k := range m.rankKey {
		out = append(out, marker(k, vals[i]))
	}
	out = append(out, marker("Formation", f.Designation()))
	return out
}

func formationTitle(f *oob.Formation) string {
	if f.Name != "" {
		return f.Name
	}
	return f.Label()
}

// unitFields lists a unit's counter values in the ruleset's order.
func (m *vmod) unitFields(u *oob.Unit) []string {
	t := m.b.Rules.UnitTypes[u.Type]
	out := append([]string(nil), t.Fields...)
	for _, f := range t.Optional {
		if u.Values.Has(f) {
			out = append(out, f)
		}
	}
	return out
}

func (m *vmod) faceNames(u *oob.Unit) []string {
	var fs []string
	for f := range u.Faces {
		fs = append(fs, f)
	}
	sort.Strings(fs)
	return fs
}

func (m *vmod) drawPieces() {
	for _, sd := range m.b.Sides {
		if sd.Army == nil {
			continue
		}
		pal := counterStyle(sd)
		sd.Army.Walk(func(f *oob.Formation) {
			for _, l := range formationLeaders(f) {
				m.leaders[l] = m.leaderDef(sd, pal, l)
			}
			for _, u := range f.Units {
				m.units[u] = m.unitDef(sd, pal, u)
			}
		})
	}
}

func formationLeaders(f *oob.Formation) []*oob.Leader {
	ls := append([]*oob.Leader{}, f.Officers...)
	if f.Leader != nil {
		ls = append([]*oob.Leader{f.Leader}, ls...)
	}
	return ls
}

func (m *vmod) unitDef(sd *oob.Side, pal render.CounterStyle, u *oob.Unit) *pieceDef {
	d := &pieceDef{name: u.Name, faceLvl: map[string]int{}, key: unitKey(u), was: m.wasKey("unit", u.Side, u.Was, u.Formation)}
	d.traits = append(d.traits, usePrototype(typeProto(u.Type)), usePrototype(sideProto(sd)), usePrototype(flagsProto))
	d.traits = append(d.traits, m.chainMarkers(u.Formation)...)
	d.traits = append(d.traits, marker("Designation", u.QualifiedName()))
	d.traits = append(d.traits, m.unitFlags(u)...)
	m.unitCounter(d, sd, pal, u)
	return d
}

func (m *vmod) leaderDef(sd *oob.Side, pal render.CounterStyle, l *oob.Leader) *pieceDef {
	d := &pieceDef{name: l.Name, faceLvl: map[string]int{}, key: leaderKey(l), was: m.wasKey("leader", l.Side, l.Was, l.Formation)}
	d.traits = append(d.traits, usePrototype(leaderProto()), usePrototype(sideProto(sd)))
	d.traits = append(d.traits, m.leaderRadius(l)...)
	d.traits = append(d.traits, m.chainMarkers(l.Formation)...)
	d.traits = append(d.traits, marker("Designation", l.QualifiedName()), marker("Level", l.Formation.Level))
	d.traits = append(d.traits, m.leaderFlags(l)...)
	if l.Rank != nil {
		d.traits = append(d.traits, marker("Rank", fmt.Sprint(l.Rank)))
	}
	if l.Spare {
		// a leader with no command of his own (forces spares:), which
		// import vmod reads back
		d.traits = append(d.traits, marker("Spare", "true"))
	}
	keys := leaderKeys(l)
	if l.Replacement != nil {
		// on his replacement face (and his further counters) each rating
		// is the leader's shown, as his labels are, so the flags read his
		keys = shownKeys(l)
	}
	for _, k := range keys {
		v := valueText(l.Ratings.Get(k))
		if l.Replacement != nil {
			of := func(x *oob.Leader) string { return valueText(x.Ratings.Get(k)) }
			d.traits = append(d.traits, calcProp(k, "{"+followExpr(leadersShown(l), of)+"}", k+" (follows his face)"))
			continue
		}
		if len(l.Counters) > 0 {
			d.traits = append(d.traits, counterProp(k, v, l, func(c *oob.Leader) string { return valueText(c.Ratings.Get(k)) }))
			continue
		}
		d.traits = append(d.traits, marker(k, v))
	}
	m.leaderCounter(d, sd, pal, l)
	return d
}

// shownKeys are the rating keys of every leader l's piece shows, sorted.
func shownKeys(l *oob.Leader) []string {
	var ks []string
	for _, s := range leadersShown(l) {
		for _, k := range leaderKeys(s.l) {
			if !slices.Contains(ks, k) {
				ks = append(ks, k)
			}
		}
	}
	sort.Strings(ks)
	return ks
}

func leaderKeys(l *oob.Leader) []string {
	var ks []string
	for _, f := range l.Ratings {
		ks = append(ks, f.Name)
	}
	sort.Strings(ks)
	return ks
}

// slot writes a PieceSlot for a piece, with a fresh gpid. Overrides
// replace Marker values by key; face picks the Layer level.
//
// A def's slots differ only in the gpid when their overrides and face are
// the same, so the piece is encoded and escaped once for them, with a NUL
// where the gpid goes: the digits of a gpid are no delimiter and need no
// XML escape, and the gpid is neither first nor last in any sequence the
// quoting rule looks at.
func (m *vmod) slot(d *pieceDef, overrides map[string]string, face string) *xnode {
	return m.slotAt(d, overrides, face, nil)
}

// slotAt is slot with some states' layers started at a level: levels maps
// a state id to its Layer's level (2 the state's first level).
func (m *vmod) slotAt(d *pieceDef, overrides map[string]string, face string, levels map[string]int) *xnode {
	g := m.slotID(d)
	key := face
	if len(levels) > 0 {
		for _, id := range slices.Sorted(stdmaps.Keys(levels)) {
			key += "\x01" + id + "\x01" + strconv.Itoa(levels[id])
		}
	}
	if len(overrides) > 0 {
		for _, k := range slices.Sorted(stdmaps.Keys(overrides)) {
			key += "\x00" + k + "\x00" + overrides[k]
		}
	}
	parts, ok := d.texts[key]
	if !ok {
		traits := d.traits
		if len(overrides) > 0 || face != "" || len(levels) > 0 {
			traits = append([]trait{}, d.traits...)
			for i, t := range traits {
				traits[i] = override(t, overrides)
			}
			if i, ok := d.faceAt[face]; ok {
				traits[i].state = strconv.Itoa(d.faceLvl[face])
			}
			for id, lv := range levels {
				if i, ok := d.stateAt[id]; ok {
					traits[i].state = strconv.Itoa(lv)
				}
			}
		}
		parts = pieceXML(d.collapse(traits), d.image, d.name)
		if d.texts == nil {
			d.texts = map[string][2]string{}
		}
		d.texts[key] = parts
	}
	gs := strconv.Itoa(g)
	n := el("widget.PieceSlot", "entryName", d.name, "gpid", gs,
		"width", strconv.Itoa(counterPx), "height", strconv.Itoa(counterPx))
	n.xmlText = []string{parts[0], gs, parts[1]}
	return n
}

// ---- palette, inventory, turn track, dice ----

func (m *vmod) palette() *xnode {
	pw := el("module.PieceWindow", "name", "Order of Battle", "text", "Order of Battle", "tooltip", "The order of battle: every unit and leader",
		"hidden", "false", "scale", "1.0")
	tabs := el("widget.TabWidget", "entryName", "Sides")
	pw.add(tabs)
	m.idPlace = "palette"
	for _, sd := range m.b.Sides {
		list := el("widget.ListWidget", "entryName", sd.Name)
		tabs.add(list)
		if sd.Army == nil {
			continue
		}
		sd.Army.Walk(func(f *oob.Formation) {
			name := formationTitle(f)
			if d := f.Designation(); d != "" && d != name {
				name = d + " " + name
			}
			panel := el("widget.PanelWidget", "entryName", name, "fixed", "false", "nColumns", "8", "vert", "false")
			for _, l := range formationLeaders(f) {
				panel.add(m.slot(m.leaders[l], nil, ""))
			}
			for _, u := range f.Units {
				panel.add(m.slot(m.units[u], nil, ""))
			}
			list.add(panel)
		})
	}
	return pw
}

// breastworks is the marker a set-up's breastworks are shown with.
func (m *vmod) breastworks() *pieceDef {
	name := "breastworks.png"
	if _, ok := m.files["images/"+name]; !ok {
		m.used[name] = true
		m.addImage(name, m.picture(drawMarker("BREAST-", "WORKS")))
	}
	return &pieceDef{name: breastworksPieceName(), image: name, traits: []trait{marker("Kind", "marker"), marker("Type", "breastworks")}, key: "marker breastworks"}
}

func (m *vmod) inventory() *xnode {
	group := append([]string{"Side"}, m.rankKey...)
	return el("module.Inventory", "name", "OOB", "text", "OOB", "tooltip", "Units and leaders by side and formation",
		"include", `{Kind=="unit" || Kind=="leader"}`, "groupBy", strings.Join(group, ","),
		"nonLeafFormat", "$PropertyValue$", "leafFormat", "$PieceName$", "centerOnPiece", "true",
		"showMenu", "true", "drawPieces", "true", "foldersOnly", "false", "sortPieces", "false",
		"cutRoot", "0", "cutLeaves", "0")
}

func (m *vmod) turnTracker() *xnode {
	times := m.slotTexts()
	days := seq.New(',')
	for _, d := range m.b.Days {
		days.Append(d)
	}
	ts := seq.New(',')
	for _, t := range times {
		ts.Append(t)
	}
	tt := el("module.turn.TurnTracker", "name", "Turn", "buttonText", "Turn", "turnFormat", m.turnFormat(),
		"reportFormat", "* <$PlayerId$> Turn Updated from $oldTurn$ to $newTurn$", "fwdOnly", "false")
	day := el("module.turn.ListTurnLevel", "name", "Day", "property", "Day", "list", days.Value(), "turnFormat", "$value$")
	day.add(el("module.turn.ListTurnLevel", "name", "Time", "property", "Time", "list", ts.Value(), "turnFormat", "$value$"))
	return tt.add(day)
}

func (m *vmod) dice() *xnode {
	d := m.b.Rules.Dice
	n := d.Sides
	name := strconv.Itoa(d.Count) + "d" + strconv.Itoa(n)
	tip := "Roll one " + strconv.Itoa(n) + "-sided die"
	if d.Count != 1 {
		tip = "Roll " + strconv.Itoa(d.Count) + " " + strconv.Itoa(n) + "-sided dice"
	}
	return el("module.DiceButton", "name", name, "text", name, "tooltip", tip,
		"nDice", strconv.Itoa(d.Count), "nSides", strconv.Itoa(n), "plus", "0", "addToTotal", "0", "reportTotal", "false", "prompt", "false",
		"reportFormat", "** $name$ = $result$ *** <$PlayerName$>")
}

// ---- maps ----

func mapChildren(name string) *xnode {
	mp := el("module.Map", "mapName", name, "allowMultiple", "false", "markMoved", "Never", "launch", "false")
	return mp
}

// windowMap is a map in a window of its own behind a toolbar button of
// its name: VASSAL hides it at the start of a game and closing it only
// hides it (Map.setup: a map window no button, toggle or show key can
// reopen ends the game when closed).
func windowMap(name, tooltip string) *xnode {
	mp := mapChildren(name)
	mp.attrs["launch"] = "true"
	mp.attrs["buttonName"] = name
	mp.attrs["tooltip"] = tooltip
	return mp
}

func (m *vmod) grid(sb *sheetBoard) *xnode {
	hg := el("module.map.boardPicker.board.HexGrid", "sideways", "false", "x0", strconv.Itoa(sb.X0), "y0", strconv.Itoa(sb.Y0),
		"dx", gridNum(sb.dx), "dy", gridNum(sb.dy), "snapTo", "true", "edgesLegal", "false",
		"cornersLegal", "false", "visible", "false", "dotsVisible", "false", "color", "0,0,0")
	l := strconv.Itoa(sb.Leading)
	hg.add(el("module.map.boardPicker.board.mapgrid.HexGridNumbering", "first", string(sb.First), "sep", "",
		"hType", "N", "vType", "N", "hLeading", l, "vLeading", l, "hOff", strconv.Itoa(sb.HOff), "vOff", strconv.Itoa(sb.VOff),
		"hDescend", strconv.FormatBool(sb.HDesc), "vDescend", strconv.FormatBool(sb.VDesc), "stagger", "false",
		"locationFormat", sb.LocationFormat(), "visible", "false", "fontSize", "9", "color", "0,0,0",
		"rotateText", "0", "hDrawOff", "0", "vDrawOff", "0"))
	return hg
}

func (m *vmod) board(name string, sb *sheetBoard) *xnode {
	return el("module.map.boardPicker.Board", "name", name, "image", sb.Image, "reversible", "false").add(m.grid(sb))
}

func standardMapParts() []*xnode {
	return []*xnode{
		el("module.map.StackMetrics", "exSepX", "8", "exSepY", "16", "unexSepX", strconv.Itoa(stackSepX), "unexSepY", strconv.Itoa(-stackSepY), "disabled", "false"),
		el("module.map.ForwardToKeyBuffer"), el("module.map.Scroller"), el("module.map.ForwardToChatter"),
		el("module.map.MenuDisplayer"), el("module.map.MapCenterer"), el("module.map.StackExpander"),
		el("module.map.PieceMover"), el("module.map.KeyBufferer"), el("module.map.Zoomer"),
	}
}

func (m *vmod) mainMap() *xnode {
	m.drawBoards()
	mp := mapChildren(mainMapName)
	markMoved(mp)
	bp := el("module.map.BoardPicker", "title", "Choose boards", "slotWidth", "125", "slotHeight", "125", "slotScale", "0.2")
	for _, p := range m.full {
		bp.add(m.board(p.sb.Name, p.sb))
	}
	for _, sc := range m.b.Scenarios {
		for _, p := range m.layouts[sc] {
			bp.add(m.board(scenarioBoard(p.sb, sc), p.sb))
		}
	}
	m.mainDefault(bp)
	mp.add(bp)
	parts := standardMapParts()
	zoomLevels(parts)
	mp.add(parts...)
	mp.add(m.mainMapTools()...)
	for _, sc := range m.b.Scenarios {
		for _, st := range sc.Setup {
			mp.add(m.setupStacks(sc, st)...)
		}
	}
	return mp
}

func (m *vmod) setupStack(sc *battle.Scenario, st *battle.Stack) *xnode {
	sb := shower(m.layouts[sc], st.Hex.Coord) // checked in newVmod
	m.idPlace = "scenario " + sc.ID
	label := m.b.Map.Grid.LabelOn(sb.Sheet, st.Hex.Coord)
	x, y, byGrid := sb.stackAt(st.Hex.Coord)
	n := el("module.map.SetupStack", "name", sc.ID+" "+st.Side+" "+label, "owningBoard", scenarioBoard(sb, sc),
		"useGridLocation", strconv.FormatBool(byGrid), "location", label, "x", strconv.Itoa(x), "y", strconv.Itoa(y))
	m.addPieces(n, st.Pieces, st.Fatigue.Level, st.Orders, st.Reserve)
	for i := 0; i < st.Breastworks; i++ {
		n.add(m.slot(m.breastworks(), nil, ""))
	}
	return n
}

// addPieces puts a PieceSlot for every unit and leader the pieces name;
// fatigue is the Fatigue level the stack or group gives them all ("" none),
// orders the orders the stack gives its units ("" none), reserve whether
// the stack is set up in reserve.
func (m *vmod) addPieces(n *xnode, ps []battle.Piece, fatigue, orders string, reserve bool) {
	once := battle.NewOnce(ps)
	for _, p := range ps {
		for _, l := range p.Ref.Leaders() {
			if d := m.leaders[l]; d != nil && once.Take(l, p) {
				n.add(m.slotAt(d, nil, p.Face, m.leaderLevels(l, p, ps, fatigue, reserve)))
			}
		}
		for _, u := range p.Ref.Units() {
			d := m.units[u]
			if d == nil || !once.Take(u, p) {
				continue
			}
			var ov map[string]string
			if p.Strength != nil {
				if u.Values.Has(m.play.strength) {
					ov = map[string]string{m.play.strength: strconv.Itoa(*p.Strength)}
				}
			}
			n.add(m.slotAt(d, ov, p.Face, m.faceState(u, p.Face, m.unitLevels(u, p, fatigue, orders, reserve))))
		}
	}
}

// faceState adds to levels the state layer that shows unit u's face f
// where no layer of the piece draws that face (faceLevel): a state's layer
// may sit in a shared prototype, and slotAt starts it only through levels.
func (m *vmod) faceState(u *oob.Unit, f string, levels map[string]int) map[string]int {
	d := m.units[u]
	if _, drawn := d.faceAt[f]; f == "" || drawn {
		return levels
	}
	layer, level, ok := m.faceLevel(m.b.Side(u.Side), u, f)
	if !ok {
		return levels
	}
	out := map[string]int{layer: level}
	for k, v := range levels {
		out[k] = v
	}
	return out
}

// leaderLevels are the layers a leader's piece l of p starts on, by layer
// name (2 its first level): his Fatigue level (fatigueOf), In Reserve when
// the stack is (inReserve), and the further counter the piece names. A
// piece without one of the layers ignores it (slotAt, setStates).
func (m *vmod) leaderLevels(l *oob.Leader, p battle.Piece, ps []battle.Piece, fatigue string, reserve bool) map[string]int {
	levels := m.inReserve(reserve, m.fatigueOf(l, p, ps, fatigue))
	if p.Counter > 0 && p.Ref.Leader == l {
		// a scenario piece's counter: (3DoG BB 4.44)
		levels = stdmaps.Clone(levels)
		if levels == nil {
			levels = map[string]int{}
		}
		levels[counterLayer] = p.Counter + 1
	}
	return levels
}

// faceLevel is the Layer of unit u's piece that shows its face f and the
// level it shows it at, as unitCounter makes them: the first state whose
// face f is and that draws it (that state's layer, at 2), else the Face
// layer, a level a face from 2 in faceNames' order, else the first state
// whose face f is, drawn as its marker (at 2: a face the piece prints no
// other values for, TSS's dismounted cavalry, Dead of Winter's
// disordered); ok is false for a face the piece does not have.
// (TestFaceLevel holds it to the pieces the module makes.)
func (m *vmod) faceLevel(sd *oob.Side, u *oob.Unit, f string) (layer string, level int, ok bool) {
	art := sd.ArtOf(u)
	taken := map[string]bool{}
	marked := ""
	for _, s := range m.play.statesFor(m.b.Rules.UnitTypes[u.Type].Class, false) {
		_, has := u.Faces[s.Face]
		if _, typed := m.b.Rules.UnitTypes[u.Type].Faces[s.Face]; typed && art != nil && art.Back != nil {
			has = true
		}
		if has && s.Face != "" && !taken[s.Face] {
			taken[s.Face] = true
			if s.Face == f {
				return s.ID, 2, true
			}
		}
		if s.Face == f && f != "" && s.Facings == 0 && marked == "" {
			marked = s.ID
		}
	}
	i := 0
	for _, g := range m.faceNames(u) {
		if taken[g] {
			continue
		}
		if g == f {
			return "Face", i + 2, true
		}
		i++
	}
	if marked != "" {
		return marked, 2, true
	}
	return "", 0, false
}

// leaderFaceLevel is faceLevel for a leader: his replacement face, on the
// Face layer at 2 (leaderCounter).
func leaderFaceLevel(l *oob.Leader, f string) (layer string, level int, ok bool) {
	if f == "replacement" && l.Replacement != nil {
		return "Face", 2, true
	}
	return "", 0, false
}

// unitLevels are the layers unit u's piece of p starts on: its Fatigue
// level where the fatigue state is a unit's, the reserve state, and the
// state that shows the orders the set-up gives it, its own or else its
// stack's (ordersLevel).
func (m *vmod) unitLevels(u *oob.Unit, p battle.Piece, fatigue, orders string, reserve bool) map[string]int {
	levels := m.inReserve(reserve, m.unitFatigue(p, fatigue))
	if p.Orders != "" {
		orders = p.Orders // the piece's own, else its stack's
	}
	id, lv := m.ordersLevel(u, orders)
	if id == "" {
		return levels
	}
	out := map[string]int{id: lv}
	for k, v := range levels {
		out[k] = v
	}
	return out
}

// ordersLevel is the Layer and level that show orders o on unit u's
// piece: a state of its class named as the order, at its first level
// (AMFS's skirmish, O: Skirmish Order), else the first state of its class
// with a level named as the order (GBACW's orders state: March, Advance,
// Attack, 6.11); "" when no state shows o (Summer Storm keeps orders on
// the Orders Card, not on the units). import vmod reads it back through
// its inverse, importer/vmod ordersOf.
func (m *vmod) ordersLevel(u *oob.Unit, o string) (string, int) {
	if o == "" {
		return "", 0
	}
	states := m.play.statesFor(m.b.Rules.UnitTypes[u.Type].Class, false)
	for _, s := range states {
		if s.ID == o && s.Facings == 0 {
			return s.ID, 2
		}
	}
	for _, s := range states {
		if s.Facings > 0 {
			continue
		}
		for i, lv := range s.Levels {
			if strings.EqualFold(lv, o) {
				return s.ID, i + 2
			}
		}
	}
	return "", 0
}

// inReserve adds to levels the first level of the ruleset's reserve state
// (play.reserve) when the stack is set up in reserve: GBACW's In Reserve
// on the stack's leaders (6.31), TSS's Reserve marker on its units (8.7),
// on the pieces that have the layer.
func (m *vmod) inReserve(reserve bool, levels map[string]int) map[string]int {
	id := m.b.Rules.Play.Reserve
	if !reserve || id == "" {
		return levels
	}
	out := map[string]int{id: 2}
	for k, v := range levels {
		out[k] = v
	}
	return out
}

// fatigueLevel is the Layer level of the ruleset's fatigue state (its
// figures.fatigue.state) that shows Fatigue level v: that of the state's
// level named v or ending in " v" ("Fatigue 4" for 4, "Fatigue OK" for
// OK), counting from 2; nil when v is "" or the state has no such level.
func (m *vmod) fatigueLevel(v string) map[string]int {
	id := m.b.Rules.Figures.Fatigue.State
	if v == "" || id == "" {
		return nil
	}
	for _, s := range m.play.states {
		if s.ID != id || s.Facings > 0 {
			continue
		}
		for i, lv := range s.Levels {
			if lv == v || strings.HasSuffix(lv, " "+v) {
				return map[string]int{id: i + 2}
			}
		}
	}
	return nil
}

// fatigueOf is the fatigue a leader's piece starts at (GBACW 17.21, 17.24:
// the marker sits with the brigadier): a leader of a formation of the
// level that keeps fatigue (figures.fatigue.level) takes his own piece's
// level, else the stack's or group's, else that of a unit of his
// formation placed with him. Other leaders take none.
func (m *vmod) fatigueOf(l *oob.Leader, p battle.Piece, ps []battle.Piece, fatigue string) map[string]int {
	fg := m.b.Rules.Figures.Fatigue
	if fg.Level != "" && (l.Formation == nil || l.Formation.Level != fg.Level || l.Formation.Leader != l) {
		return nil
	}
	v := p.Fatigue
	if v == "" {
		v = fatigue
	}
	for _, q := range ps {
		if v != "" {
			break
		}
		if q.Fatigue == "" {
			continue
		}
		for _, u := range q.Ref.Units() {
			if u.Formation == l.Formation {
				v = q.Fatigue
				break
			}
		}
	}
	return m.fatigueLevel(v)
}

// unitFatigue is the fatigue a unit's piece starts at, where the fatigue
// state is a unit's (its own piece's level, else the stack's or group's).
func (m *vmod) unitFatigue(p battle.Piece, fatigue string) map[string]int {
	if p.Fatigue != "" {
		fatigue = p.Fatigue
	}
	return m.fatigueLevel(fatigue)
}

// arrivalBox is where one reinforcement group waits, board-relative.
const (
	boxW, boxH = 320, 120
	boxCols    = 3
)

func boxAt(i int) (x, y int) { return boxAtH(i, boxH) }

// boxAtH is boxAt for boxes bh pixels high.
func boxAtH(i, bh int) (x, y int) {
	return 20 + (i%boxCols)*(boxW+20), 20 + (i/boxCols)*(bh+20)
}

func (m *vmod) sortedArrivals(sc *battle.Scenario) []*battle.Arrival {
	as := append([]*battle.Arrival{}, sc.Arrivals...)
	sort.SliceStable(as, func(i, j int) bool { return as[i].Time.Index < as[j].Time.Index })
	return as
}

func (m *vmod) reinforcementMap() *xnode {
	mp := windowMap(reinfMapName, "The reinforcements: each arrival group in its box until it enters")
	bp := el("module.map.BoardPicker", "title", "Choose boards", "slotWidth", "125", "slotHeight", "125", "slotScale", "0.2")
	m.reinfDefault(bp)
	mp.add(bp)
	mp.add(standardMapParts()...)
	for _, sc := range m.b.Scenarios {
		as := m.sortedArrivals(sc)
		var labels []string
		for _, a := range as {
			labels = append(labels, m.arrivalLabel(a))
		}
		rows := (len(as) + boxCols - 1) / boxCols
		if rows == 0 {
			rows = 1
		}
		img := m.imageName("reinforcements", sc.ID)
		m.addImage(img, drawBoxes(labels, boxCols*(boxW+20)+20, rows*(boxH+20)+20+windowRoom))
		board := el("module.map.boardPicker.Board", "name", reinfBoard(sc), "image", img, "reversible", "false")
		if len(as) > 0 {
			board.add(m.boxZones(as))
		}
		bp.add(board)
		for i, a := range as {
			x, y := boxAt(i)
			n := el("module.map.SetupStack", "name", fmt.Sprintf("%s arrival %d %s %s", sc.ID, i+1, a.Side, a.Time.Text()),
				"owningBoard", reinfBoard(sc), "useGridLocation", "false",
				"x", strconv.Itoa(x+boxW/2), "y", strconv.Itoa(y+boxH/2+10))
			m.idPlace = "scenario " + sc.ID
			m.addPieces(n, a.Pieces, a.Fatigue.Level, "", false)
			if len(n.kids) == 0 {
				// a group of formations with no pieces (Dead of Winter's
				// 4/C, "never enumerated"): its name says whom the empty
				// box is for, which import vmod reads back
				n.attrs["name"] += " (of " + emptyGroup(a.Pieces) + ")"
			}
			mp.add(n)
		}
	}
	return mp
}

// emptyGroup names the pieces of an arrival that has none on the map, as
// "4/C; 5/C": the formations by designation.
func emptyGroup(ps []battle.Piece) string {
	var names []string
	for _, p := range ps {
		switch {
		case p.Ref.Formation != nil:
			names = append(names, p.Ref.Formation.Designation())
		case p.Ref.Unit != nil:
			names = append(names, p.Ref.Unit.QualifiedName())
		case p.Ref.Leader != nil:
			names = append(names, p.Ref.Leader.QualifiedName())
		}
	}
	return strings.Join(names, "; ")
}

// boxZones is the grid of a reinforcements board: a ZonedGrid with one
// Zone per holding box, its polygon the box's rectangle and its location
// format its name, so VASSAL names the box where a piece is moved from or
// to ("USA Dec 31 0700 at C3108") instead of "offboard"
// (ZonedGrid.locationName, Zone.locationName). Names repeated on a board
// are numbered, so each zone's name finds its own box (Zone.getLocation).
func (m *vmod) boxZones(as []*battle.Arrival) *xnode {
	zg := el("module.map.boardPicker.board.ZonedGrid")
	seen := map[string]int{}
	for i, a := range as {
		name := zoneName(m.arrivalLabel(a))
		seen[name]++
		if k := seen[name]; k > 1 {
			name += " (" + strconv.Itoa(k) + ")"
		}
		x, y := boxAt(i)
		path := fmt.Sprintf("%d,%d;%d,%d;%d,%d;%d,%d", x, y, x+boxW, y, x+boxW, y+boxH, x, y+boxH)
		zg.add(el("module.map.boardPicker.board.mapgrid.Zone", "name", name, "locationFormat", "$name$", "path", path,
			"useParentGrid", "false", "useHighlight", "false", "highlightProperty", ""))
	}
	return zg
}

// zoneName is a box's label as a zone name: " AT " in lower case (the box
// prints it in capitals) and no '$', which a location format would read as
// a property.
func zoneName(label string) string {
	return strings.NewReplacer(" AT ", " at ", " OR ", " or ", " (OPT)", " (optional)", "$", "S").Replace(label)
}

func (m *vmod) arrivalLabel(a *battle.Arrival) string {
	where := a.AreaText(" OR ") // the book's alternatives, "3 OR 4"
	if len(a.Hexes) > 0 {
		var hs []string
		for _, h := range a.Hexes {
			hs = append(hs, m.b.Map.Grid.Label(h.Coord))
		}
		where = strings.Join(hs, " ")
	}
	s := a.Side + " " + a.Time.Text()
	if where != "" {
		s += " AT " + where
	}
	if a.Optional {
		s += " (OPT)"
	}
	if a.Fatigue.Level != "" {
		s += " FATIGUE " + a.Fatigue.Level // shown even when no brigadier comes with it (GBACW 17.21)
	}
	if a.Activations > 0 {
		s += " ACTIVATIONS " + strconv.Itoa(a.Activations) // the arrival chart's, on entry (3DoG BB 9.75)
	}
	return s
}

// ---- predefined set-ups ----

// setups are the predefined set-ups, each a top-level entry of the File
// menu (one choice starts a scenario), then the empty map.
func (m *vmod) setups() []*xnode {
	var out []*xnode
	for _, sc := range m.b.Scenarios {
		file := "scenario-" + sc.ID + ".vsav"
		m.files[file] = m.vsav(sc)
		out = append(out, el("module.PredefinedSetup", "name", scenarioTitle(sc), "description", sc.Note, "isMenu", "false", "useFile", "true", "file", file))
	}
	out = append(out, el("module.PredefinedSetup", "name", "Empty map (choose boards)", "isMenu", "false", "useFile", "false", "file", ""))
	return out
}

// vsav is a saved game that only selects the scenario's boards. It carries
// no SETUP_STACK command, so VASSAL still treats the game as new and the
// At-Start stacks of those boards place the pieces (vassal-format.md §2.4,
// option B). The command stream is plain text, which VASSAL reads
// unchanged (DeobfuscatingInputStream).
func (m *vmod) vsav(sc *battle.Scenario) []byte {
	main := seq.Of(mainMapName+"BoardPicker", '\t')
	for _, p := range m.layouts[sc] {
		main.Append(scenarioBoard(p.sb, sc)).Int(p.col).Int(p.row)
	}
	reinf := seq.Of(reinfMapName+"BoardPicker", '\t').Append(reinfBoard(sc)).Int(0).Int(0)
	lines := append([]string{"begin_save", main.Value(), reinf.Value()}, m.moreBoardLines(sc)...)
	lines = append(lines, m.scenarioCommand(sc)...)
	lines = append(lines, m.turnCommand(sc.First), "end_save")
	if c, ok := m.setupCentre(sc); ok {
		lines = append(lines, m.flareCommand(c))
	}
	cmds := strings.Join(lines, "\x1b")
	files := map[string][]byte{
		"savedGame":  []byte(cmds),
		"moduledata": m.metadata(),
		"savedata": []byte("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>" + escText(moduleVersion(m.b)) + "</version>\n  <VassalVersion>" +
			Version + "</VassalVersion>\n  <dateSaved>0</dateSaved>\n  <description>" + escText(sc.Name) + "</description>\n</data>\n"),
	}
	data, err := zipFiles([]string{"moduledata", "savedGame", "savedata"}, files)
	if err != nil {
		panic(err)
	}
	return data
}

// flareIDAfter is the id VASSAL gives the Main Map's Flare when the maps
// before it are among the module's components built so far: every map
// has one Flare (Map.build adds one to a map without), and each is
// numbered in build order (UniqueIdManager: "Flare" + its index), so the
// Eliminated maps before the Main Map hold Flare0, Flare1.
func flareIDAfter(built []*xnode) string {
	n := 0
	for _, k := range built {
		switch strings.TrimPrefix(k.tag, vassalPkg) {
		case "module.Map", "module.PrivateMap", "module.PlayerHand":
			n++
		}
	}
	return "Flare" + strconv.Itoa(n)
}

// flareCommand is a Flare command of the Main Map's Flare at map point p,
// as Flare.encode writes it: "FLARE" TAB id TAB x TAB y. Run from a saved
// game after end_save (once the set-up's boards are on the map), it is
// another player's flare: VASSAL centres the map on it
// (Flare.startAnimation, the "centre on opponent's moves" preference, on
// by default) and pulses a ring there.
func (m *vmod) flareCommand(p [2]int) string {
	return seq.Of("FLARE", '\t').Append(m.flareID).Int(p[0]).Int(p[1]).Value()
}

// setupCentre is the Main Map point a scenario's set-up centres on: the
// middle of the rectangle around its set-up stacks (a group spread over
// its hexes as setupStacks places it), each at its hex's centre on its
// board, the board where Map.setBoardBoundaries puts it
// (boardOrigins); ok is false for a scenario with nothing set up.
func (m *vmod) setupCentre(sc *battle.Scenario) (c [2]int, ok bool) {
	ps := m.layouts[sc]
	at := boardOrigins(ps)
	minX, minY, maxX, maxY := 0, 0, 0, 0
	for _, st := range sc.Setup {
		cs := []maps.Coord{st.Hex.Coord}
		if hexes, groups := m.spread(sc, st); groups != nil {
			cs = hexes[:len(groups)] // a group spread over hexes, as setupStacks places it
		}
		for _, c := range cs {
			sb := shower(ps, c)
			if sb == nil {
				continue
			}
			x, y, _ := sb.stackAt(c)
			x, y = x+at[sb][0], y+at[sb][1]
			if !ok {
				minX, minY, maxX, maxY, ok = x, y, x, y, true
				continue
			}
			minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
		}
	}
	return [2]int{(minX + maxX) / 2, (minY + maxY) / 2}, ok
}

// boardOrigins is where Map.setBoardBoundaries puts each board of a
// layout: right of the boards west of it in its row, below those north of
// it in its column (the Main Map has no edge buffer).
func boardOrigins(ps []placedBoard) map[*sheetBoard][2]int {
	at := map[[2]int]*sheetBoard{}
	for _, p := range ps {
		at[[2]int{p.col, p.row}] = p.sb
	}
	out := map[*sheetBoard][2]int{}
	for _, p := range ps {
		x, y := 0, 0
		for c := 0; c < p.col; c++ {
			if b := at[[2]int{c, p.row}]; b != nil {
				x += b.W
			}
		}
		for r := 0; r < p.row; r++ {
			if b := at[[2]int{p.col, r}]; b != nil {
				y += b.H
			}
		}
		out[p.sb] = [2]int{x, y}
	}
	return out
}

// turnTrackerID is the id VASSAL gives the module's only TurnTracker
// (UniqueIdManager: "TurnTracker" + its index).
const turnTrackerID = "TurnTracker0"

// turnCommand sets the turn track to a scenario's first turn: a SetTurn
// command as TurnTracker.encode writes it, "TURN<id>" TAB state. The state
// is TurnTracker.getState ('|': the level that advances next, then each
// top level), a ListTurnLevel's being ListTurnLevel.getState (';': current
// item, current sub-level, first item, the active flags, then each child's
// state). Day is the turn's index over the slots of a day, Time its slot.
func (m *vmod) turnCommand(t battle.Turn) string {
	n := len(m.b.Slots)
	g, si := t.Index/n, t.Index%n
	if g >= len(m.b.Days) {
		g, si = 0, 0
	}
	active := func(k int) []string {
		out := make([]string, k)
		for i := range out {
			out[i] = "true"
		}
		return out
	}
	tm := seq.New(';').Int(si).Int(0).Int(0).Strings(active(n)).Value()
	day := seq.New(';').Int(g).Int(0).Int(0).Strings(active(len(m.b.Days))).Append(tm).Value()
	state := seq.New('|').Int(0).Append(day).Value()
	return seq.Of("TURN"+turnTrackerID, '\t').Append(state).Value()
}
