// Package vmod reads a VASSAL module (.vmod) into a muster battle folder:
// its hex boards into map.yaml, its pieces into forces, its At-Start stacks
// and predefined set-ups into scenarios, its turn track into the battle's
// days. What it does not understand it lists in a report, with the place of
// each component or trait in buildFile.xml (docs/import.md).
package vmod

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/internal/zipbudget"
	"github.com/muster-wargames/muster/rulesets"
)

// Options steer an import.
type Options struct {
	ID     string // the battle's id (default: from the module's name)
	System string // the rule system (default: read from a muster module's description)
	Module string // the module's file name, for source: lines
}

// Note is one thing the import did not understand or did not read, at its
// element path in buildFile.xml.
type Note struct {
	Path string
	What string
}

// Result is the battle folder: file name → bytes (images under images/),
// and the report.
type Result struct {
	Files map[string][]byte
	// Unread are components, traits and properties not understood.
	Unread []Note
	// Rebuilt are components and traits of a muster module that the
	// rebuild makes again from the ruleset (not read back).
	Rebuilt []Note
	// Read counts what was read, for the report's summary.
	Read []string
	// UnreadMore and RebuiltMore count the notes past the report's limit.
	UnreadMore, RebuiltMore int
}

// Limits on a module (docs/ci.md, "Limits"), past which it is refused with
// an error naming the limit: what its members inflate to, one and all
// together (a zip bomb), the board art kept, the boards, the notes of the
// report, and a saved-game command read whole.
var (
	maxMember    int64 = 128 << 20 // bytes one member inflates to
	maxBuildFile int64 = 32 << 20  // bytes buildFile.xml inflates to (it is parsed into a tree)
	minTotal     int64 = 1 << 30   // bytes all members inflate to, at least ...
)

const (
	totalRatio  = 32        // ... or this many times the module's size (saved games compress 20:1)
	maxKept     = 256 << 20 // bytes of board art kept in the battle folder
	maxBoards   = 1000      // boards in the module
	maxNotes    = 10_000    // notes listed in the report (the rest are counted)
	maxCommand  = 1 << 20   // bytes of one saved-game command kept to be read
	commandHead = 64        // bytes kept of a longer one, to name it
)

// Import reads a module.
func Import(data []byte, opt Options) (*Result, error) {
	files, bf, err := zipbudget.Module(data)
	if err != nil {
		return nil, err
	}
	total := max(minTotal, totalRatio*int64(len(data)))
	if bf.UncompressedSize64 > uint64(maxBuildFile) {
		return nil, &zipbudget.LimitError{Name: bf.Name, Limit: "member", Bytes: maxBuildFile}
	}
	rc, err := zipbudget.New(maxBuildFile, maxBuildFile).Open(bf)
	if err != nil {
		return nil, err
	}
	root, err := parseXML(rc)
	rc.Close()
	budget := zipbudget.New(maxMember, total)
	if err != nil {
		return nil, err
	}
	im := &importer{opt: opt, zfiles: files, root: root, res: &Result{Files: map[string][]byte{}}, budget: budget,
		protos: map[string][]trait{}, sides: map[string]*side{}, scen: map[string]*scenario{},
		images: map[string][]byte{}, boardsByName: map[string][]*board{}, gridBoards: map[string]*board{}, slots: map[string][2]int{}, boxZones: map[string][]*node{}}
	if err := im.run(); err != nil {
		if im.rules == nil {
			return nil, err
		}
		// The module was read but cannot make a battle: the report says
		// what was in it.
		im.res.Files = map[string][]byte{"import-report.md": im.report()}
		return im.res, err
	}
	return im.res, nil
}

type importer struct {
	opt    Options
	zfiles map[string]*zip.File
	root   *node
	res    *Result
	muster bool
	rules  *rulesets.Ruleset
	// override is a muster module's rules: (rulesMember), laid on the
	// system's rules to make rules; nil for none
	override any
	areas    []area // a muster module's map areas (areasMember)
	roads    []road // a muster module's map roads (roadsMember)
	// counterNames are the leaders' further counters the help page names,
	// by leader (counters.go)
	counterNames map[string][]*leaderCounter
	withdrawals  map[string][]withdrawal // scenario name → its withdrawals (withdraw.go)
	system       string

	protos    map[string][]trait
	ranks     []string
	boards    []*board
	sides     map[string]*side
	sideOrder []string
	days      []string
	times     []string
	scen      map[string]*scenario
	scenOrder []string
	pieceKey  map[string]bool
	pieces    map[string]*piece       // side and designation → the piece read
	relabel   func(string) string     // a label by the sheet the import has its hex on (layout.go)
	help      map[string]helpScenario // scenario name → what the help page says
	err       error                   // the first thing that refuses the module

	budget       *zipbudget.Budget
	images       map[string][]byte   // board art read, by member name
	kept         int64               // bytes of board art kept
	nboards      int                 // Board elements seen
	boardsByName map[string][]*board // the boards read, by name
	gridBoards   map[string]*board   // every board with a hex grid and numbering, copies too, by name
	slots        map[string][2]int   // a board's slot in its map's New Game layout, by map and board name (layout.go)
	boxZones     map[string][]*node  // a muster reinforcements board's arrival boxes, by board name
	cups         cupsRead            // what a muster module's draw cups hold (cups.go)
	rowMarkers   []rowMarker         // the formations a muster display's rows name (displays.go)
	scan         scanner             // reads the saved games
}

// refuse records why the module cannot be imported, at n's line in
// buildFile.xml; the first reason is the import's error.
func (im *importer) refuse(n *node, format string, a ...any) {
	if im.err == nil {
		im.err = fmt.Errorf("buildFile.xml:%d: %s", n.Line, fmt.Sprintf(format, a...))
	}
}

func (im *importer) unread(n *node, format string, a ...any) {
	if len(im.res.Unread) >= maxNotes {
		im.res.UnreadMore++
		return
	}
	im.res.Unread = append(im.res.Unread, Note{n.Path(), fmt.Sprintf(format, a...)})
}

func (im *importer) rebuilt(n *node, format string, a ...any) {
	if len(im.res.Rebuilt) >= maxNotes {
		im.res.RebuiltMore++
		return
	}
	im.res.Rebuilt = append(im.res.Rebuilt, Note{n.Path(), fmt.Sprintf(format, a...)})
}

// readFile reads a member of the module within its budget; one that
// inflates past a limit refuses the module, at n. Board art is read once
// (cache).
func (im *importer) readFile(n *node, name string, cache bool) ([]byte, bool) {
	if b, ok := im.images[name]; ok {
		return b, true
	}
	f := im.zfiles[name]
	if f == nil {
		return nil, false
	}
	b, err := im.budget.Read(f)
	if err != nil {
		var le *zipbudget.LimitError
		if errors.As(err, &le) {
			im.refuse(n, "%v", err)
		}
		return nil, false
	}
	if cache {
		im.images[name] = b
	}
	return b, true
}

func (im *importer) run() error {
	r := im.root
	if r.Class != "GameModule" {
		return fmt.Errorf("buildFile.xml: the root is %s, not a GameModule (an extension is not a module)", r.Class)
	}
	desc := r.attr("description")
	im.muster = strings.HasSuffix(desc, ", compiled by muster")
	im.system = im.opt.System
	if im.system == "" && im.muster {
		for _, s := range rulesets.Systems() {
			rs, err := rulesets.Load(s)
			if err == nil && strings.Contains(desc, "("+rs.Name+")") {
				im.system = s
			}
		}
	}
	if im.system == "" {
		return fmt.Errorf("cannot tell the module's rule system (it was not written by muster): give --system (%s)", strings.Join(rulesets.Systems(), ", "))
	}
	rs, err := rulesets.Load(im.system)
	if err != nil {
		return err
	}
	im.rules = rs
	im.readOverride()
	im.readAreas()
	im.readRoads()
	// Prototypes first: pieces anywhere may use them.
	r.walk(func(n *node) bool {
		if n.Class == "module.PrototypeDefinition" {
			ts, ok := decodePiece(n.Text)
			if !ok {
				im.unread(n, "prototype %q: its traits cannot be decoded", n.attr("name"))
				return false
			}
			im.protos[n.attr("name")] = ts
		}
		if n.Class == "module.Inventory" && len(im.ranks) == 0 {
			if g := n.attr("groupBy"); strings.HasPrefix(g, "Side,") {
				im.ranks = strings.Split(strings.TrimPrefix(g, "Side,"), ",")
			}
		}
		return true
	})
	for _, k := range r.Kids {
		im.component(k)
		if im.err != nil {
			return im.err
		}
	}
	return im.write()
}

// rulesMember is the member a muster module keeps the battle's rules:
// override in, as JSON (compile/vassal.RulesMember).
const rulesMember = "muster/rules.json"

// readOverride reads a muster module's rules: override and lays it on the
// system's rules, as battle.yaml's rules: is laid: the turn track, fields
// and unit types the pieces and set-ups are read by are the battle's.
func (im *importer) readOverride() {
	f := im.zfiles[rulesMember]
	if f == nil || !im.muster {
		return
	}
	data, ok := im.readFile(im.root, rulesMember, false)
	if !ok {
		return
	}
	var ov any
	if err := json.Unmarshal(data, &ov); err != nil {
		im.unread(im.root, "%s: the battle's rules: cannot be read (%v)", rulesMember, err)
		return
	}
	raw, _, err := rulesets.Raw(im.system)
	if err != nil {
		im.unread(im.root, "%s: the battle's rules: cannot be laid on %s's (%v)", rulesMember, im.system, err)
		return
	}
	rs, err := rulesets.Decode(rulesets.Merge(raw.Value, ov))
	if err != nil {
		im.unread(im.root, "%s: the battle's rules: cannot be laid on %s's (%v)", rulesMember, im.system, err)
		return
	}
	im.rules, im.override = rs, ov
	im.res.Read = append(im.res.Read, "the battle's own rules (rules: of battle.yaml), from "+rulesMember)
}

// areasMember is the member a muster module keeps the map's areas in, as
// JSON (compile/vassal.AreasMember).
const areasMember = "muster/areas.json"

// area is one area of the map, its hexes by label.
type area struct {
	Name     string   `json:"name"`
	Side     string   `json:"side"`
	Edge     string   `json:"edge"`
	Role     string   `json:"role"`
	Hexes    []string `json:"hexes"`
	Arrow    string   `json:"arrow"`
	Entrance string   `json:"entrance"`
}

// readAreas reads a muster module's map areas (entry and staging areas),
// which no VASSAL component holds.
func (im *importer) readAreas() {
	if im.readJSON(areasMember, "the map's areas", &im.areas) {
		im.res.Read = append(im.res.Read, fmt.Sprintf("the map's %d areas, from %s", len(im.areas), areasMember))
	}
}

// roadsMember is the member a muster module keeps the map's roads in, as
// JSON (compile/vassal.RoadsMember).
const roadsMember = "muster/roads.json"

// road is one road of the map, its path by label.
type road struct {
	Type string   `json:"type"`
	Name string   `json:"name"`
	Path []string `json:"path"`
}

// readRoads reads a muster module's map roads, which its board picture
// draws and no VASSAL component holds.
func (im *importer) readRoads() {
	if im.readJSON(roadsMember, "the map's roads", &im.roads) {
		im.res.Read = append(im.res.Read, fmt.Sprintf("the map's %d roads, from %s", len(im.roads), roadsMember))
	}
}

// readJSON reads a muster module's JSON member into v; false when the
// module has none or it cannot be read (named in the report as what).
func (im *importer) readJSON(member, what string, v any) bool {
	if im.zfiles[member] == nil || !im.muster {
		return false
	}
	data, ok := im.readFile(im.root, member, false)
	if !ok {
		return false
	}
	if err := json.Unmarshal(data, v); err != nil {
		im.unread(im.root, "%s: %s cannot be read (%v)", member, what, err)
		return false
	}
	return true
}

// musterParts are the components a muster module has that the rebuild
// makes again: they are listed under "rebuilt", not read.
var musterParts = map[string]bool{
	"module.BasicCommandEncoder": true, "module.Documentation": true, "module.PlayerRoster": true,
	"module.GlobalOptions": true, "module.Chatter": true, "module.KeyNamer": true, "module.DiceButton": true,
	"module.GlobalKeyCommand": true, "module.NotesWindow": true, "module.ChartWindow": true, "module.Inventory": true,
	"module.ToolbarMenu": true, "module.MultiActionButton": true, "module.properties.GlobalProperties": true,
}

// mapParts are a map's own furniture, the same in every module.
var mapParts = map[string]bool{
	"module.map.StackMetrics": true, "module.map.ForwardToKeyBuffer": true, "module.map.Scroller": true,
	"module.map.ForwardToChatter": true, "module.map.MenuDisplayer": true, "module.map.MapCenterer": true,
	"module.map.StackExpander": true, "module.map.PieceMover": true, "module.map.KeyBufferer": true,
	"module.map.Zoomer": true,
}

func count(n *node) int {
	c := -1
	n.walk(func(*node) bool { c++; return true })
	return c
}

func (im *importer) other(n *node) {
	what := "component not understood"
	if c := count(n); c > 0 {
		what += fmt.Sprintf(" (with the %d elements inside it)", c)
	}
	if im.muster && (musterParts[n.Class] || strings.HasPrefix(n.Class, "module.map.") || n.Class == "setup") {
		im.rebuilt(n, "made again by muster from the ruleset")
		return
	}
	im.unread(n, "%s", what)
}

func (im *importer) component(n *node) {
	switch n.Class {
	case "module.PrototypesContainer":
		// read above; folders are only grouping
	case "module.PieceWindow":
		n.walk(func(k *node) bool {
			switch k.Class {
			case "widget.PieceSlot":
				im.paletteSlot(k)
				return false
			case "module.PieceWindow", "widget.TabWidget", "widget.ListWidget", "widget.PanelWidget", "widget.BoxWidget":
				return true
			}
			im.other(k)
			return false
		})
	case "module.turn.TurnTracker":
		im.turnTrack(n)
	case "module.Map", "module.PrivateMap", "module.PlayerHand":
		im.readMap(n)
	case "module.PredefinedSetup":
		im.predefined(n)
	case "module.Documentation":
		if im.muster {
			im.readHelp(n)
		}
		im.other(n)
	default:
		im.other(n)
	}
}

// ---- turns ----

func (im *importer) turnTrack(n *node) {
	var levels []*node
	n.walk(func(k *node) bool {
		if k == n {
			return true
		}
		if k.Class == "module.turn.ListTurnLevel" {
			levels = append(levels, k)
			return true
		}
		im.unread(k, "turn level not understood (only list levels of days and times are read)")
		return false
	})
	for _, l := range levels {
		items := seq.Decode(l.attr("list"), ',')
		switch l.attr("property") {
		case "Day":
			im.days = items
		case "Time":
			for _, it := range items {
				t, _, _ := strings.Cut(it, " ")
				im.times = append(im.times, t)
			}
		default:
			im.unread(l, "turn level %q not read: only Day and Time levels map to muster's turns", l.attr("name"))
		}
	}
	if len(im.days) > 0 {
		im.res.Read = append(im.res.Read, fmt.Sprintf("turn track: %d days, %d times a day", len(im.days), len(im.times)))
	}
}

// ---- set-ups ----

// helpTurns reads a muster module's help page: each scenario's name, its
// turns and the side that moves first (compile/vassal help.go).
var helpTurns = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`<h3>([^<]*)</h3>\s*<p><b>Turns:</b> ([^;.<]+?)(?: to ([^;.<]+?))?(?:; ([^ <]+) moves first)?\. `)
})

type helpScenario struct{ first, last, side string }

func (im *importer) readHelp(n *node) {
	n.walk(func(k *node) bool {
		if k.Class != "module.documentation.HelpFile" {
			return true
		}
		data, ok := im.readFile(k, k.attr("fileName"), false)
		if !ok {
			return false
		}
		im.cups.readDraws(string(data))
		im.readCounters(string(data))
		im.readWithdrawals(string(data))
		for _, m := range helpTurns().FindAllStringSubmatch(string(data), -1) {
			if im.help == nil {
				im.help = map[string]helpScenario{}
			}
			im.help[html.UnescapeString(m[1])] = helpScenario{html.UnescapeString(m[2]), html.UnescapeString(m[3]), html.UnescapeString(m[4])}
		}
		return false
	})
}

type scenario struct {
	id, name, note, source string
	sheets                 []string
	first                  string
	stacks                 map[string]map[string][]string // side → hex → pieces
	order                  map[string][]string            // side → hexes in file order
	breast                 map[string]map[string]int
	within                 map[string]int  // hex → a group set up within so many hexes of it
	reserve                map[string]bool // hex → its stack is set up in reserve
	arrivals               []*arrivalGroup
}

func (im *importer) scenario(id string) *scenario {
	sc := im.scen[id]
	if sc == nil {
		sc = &scenario{id: id, name: id, stacks: map[string]map[string][]string{}, order: map[string][]string{}, breast: map[string]map[string]int{}, within: map[string]int{}, reserve: map[string]bool{}}
		im.scen[id] = sc
		im.scenOrder = append(im.scenOrder, id)
	}
	return sc
}

// scenarioOf splits a muster scenario board's name, "Sheet C (intro)".
func scenarioOf(board string) (base, id string, ok bool) {
	if i := strings.LastIndex(board, " ("); i > 0 && strings.HasSuffix(board, ")") {
		return board[:i], board[i+2 : len(board)-1], true
	}
	return board, "", false
}

func (im *importer) predefined(n *node) {
	if n.attr("isMenu") == "true" {
		for _, k := range n.Kids {
			im.predefined(k)
		}
		return
	}
	if n.attr("useFile") != "true" {
		im.res.Read = append(im.res.Read, fmt.Sprintf("predefined set-up %q: no file (nothing to read)", n.attr("name")))
		return
	}
	file := n.attr("file")
	data, ok := im.readFile(n, file, false)
	if !ok {
		if im.err == nil {
			im.unread(n, "saved game %q is not in the archive", file)
		}
		return
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		im.unread(n, "saved game %q is not a zip archive", file)
		return
	}
	var sg *zip.File
	for _, f := range zr.File {
		if f.Name == "savedGame" {
			sg = f
		}
	}
	var sc *scenario
	var boards []string
	seen := map[string]bool{}
	pieces, others := 0, 0
	kinds := map[string]int{}
	turnState := ""
	if sg != nil {
		// The commands are read as the member inflates, none kept but
		// the one being read: a saved game is mostly AddPiece commands,
		// and the module's games inflate to gigabytes.
		rc, err := im.budget.Open(sg)
		if err != nil {
			im.unread(n, "saved game %q: its command stream cannot be read", file)
			return
		}
		err = im.scan.scan(rc, func(c []byte, whole bool) {
			switch {
			case len(c) == 0 || string(c) == "begin_save" || string(c) == "end_save":
			case bytes.HasPrefix(c, []byte("+/")):
				pieces++
			case whole && bytes.Contains(c, []byte("BoardPicker\t")):
				f := seq.Decode(string(c), '\t')
				for i := 1; i+2 < len(f); i += 3 {
					if !seen[f[i]] {
						seen[f[i]] = true
						boards = append(boards, f[i])
					}
					if _, id, ok := scenarioOf(f[i]); ok && sc == nil {
						sc = im.scenario(id)
					}
				}
			case whole && bytes.HasPrefix(c, []byte("TURN")):
				_, t, _ := bytes.Cut(c, []byte("\t"))
				turnState = string(t)
			case im.muster && bytes.HasPrefix(c, []byte("MutableProperty\tScenario\t")):
				// the scenario a muster module's turn track reads: made again
			case im.muster && bytes.HasPrefix(c, []byte("FLARE\t")):
				// the flare a muster module's set-up opens the map on: made again
			default:
				k, _, _ := bytes.Cut(c, []byte("\t"))
				if len(k) > 24 {
					k = append(k[:24:24], "..."...)
				}
				kinds[string(k)]++
				others++
			}
		})
		rc.Close()
		if err != nil {
			var le *zipbudget.LimitError
			if errors.As(err, &le) {
				im.refuse(n, "saved game %q: %v", file, err)
				return
			}
			im.unread(n, "saved game %q: its command stream cannot be read", file)
			return
		}
	}
	if sc == nil {
		id := slug(strings.TrimSuffix(path.Base(file), path.Ext(file)))
		sc = im.scenario(id)
	}
	if turnState != "" {
		sc.first = im.turnText(turnState)
	}
	sc.name = n.attr("name")
	sc.note = n.attr("description")
	sc.source = "PredefinedSetup " + strconv.Quote(n.attr("name")) + ", " + file
	for _, b := range boards {
		base, _, _ := scenarioOf(b)
		if bd := im.gridBoards[b]; bd != nil {
			if bd.sheet != "" && !contains(sc.sheets, bd.sheet) {
				sc.sheets = append(sc.sheets, bd.sheet)
			}
			continue
		}
		for _, bd := range im.boardsByName[base] {
			if bd.sheet != "" && !contains(sc.sheets, bd.sheet) {
				sc.sheets = append(sc.sheets, bd.sheet)
			}
		}
	}
	if pieces > 0 {
		im.unread(n, "saved game %q holds %d pieces (AddPiece commands) that are not read: only At-Start stacks become set-ups", file, pieces)
	}
	if others > 0 {
		var ks []string
		for _, k := range sortedKeys(kinds) {
			ks = append(ks, fmt.Sprintf("%q ×%d", k, kinds[k]))
		}
		if len(ks) > 10 {
			ks = append(ks[:10], fmt.Sprintf("and %d more kinds", len(ks)-10))
		}
		im.unread(n, "saved game %q: %d commands not understood: %s", file, others, strings.Join(ks, ", "))
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// turnText reads a TurnTracker state (compile/vassal turnCommand) back to
// "Dec 30 1300".
func (im *importer) turnText(state string) string {
	f := seq.Decode(state, '|')
	if len(f) < 2 {
		return ""
	}
	day := seq.Decode(f[1], ';')
	if len(day) < 1 {
		return ""
	}
	g, err := strconv.Atoi(day[0])
	if err != nil || g < 0 || g >= len(im.days) {
		return ""
	}
	tm := seq.Decode(day[len(day)-1], ';')
	si, err := strconv.Atoi(tm[0])
	if err != nil || si < 0 || si >= len(im.times) {
		return ""
	}
	return im.days[g] + " " + im.times[si]
}

// scanCommands reads a savedGame command stream as it comes, plain or with
// VASSAL's "!VCSK" obfuscation (a key byte, then every byte XORed with it,
// all in hex), and calls f with each command (the stream split at ESC).
// A command longer than maxCommand is passed with only its first
// commandHead bytes, and whole false. A stream that is not hex after the
// obfuscation's head is an error.
func scanCommands(r io.Reader, f func(cmd []byte, whole bool)) error {
	return new(scanner).scan(r, f)
}

// scanner holds scanCommands' buffers, kept from one saved game to the
// next.
type scanner struct {
	br      *bufio.Reader
	in, dec []byte
	cmd     []byte
}

func (s *scanner) scan(r io.Reader, f func(cmd []byte, whole bool)) error {
	if s.br == nil {
		s.br = bufio.NewReaderSize(r, 64<<10)
		s.in = make([]byte, 64<<10)
		s.dec = make([]byte, 32<<10+1)
	} else {
		s.br.Reset(r)
	}
	br, in, dec := s.br, s.in, s.dec
	head, _ := br.Peek(7)
	obf := bytes.HasPrefix(head, []byte("!VCSK"))
	var key byte
	if obf {
		if len(head) < 7 || unhex[head[5]] < 0 || unhex[head[6]] < 0 {
			return errNotHex
		}
		key = byte(unhex[head[5]]<<4 | unhex[head[6]])
		br.Discard(7)
	}
	cmd := s.cmd[:0]
	defer func() { s.cmd = cmd[:0] }()
	whole := true
	hi := -1 // a hex digit waiting for its pair
	add := func(b []byte) {
		if !whole {
			return
		}
		if len(cmd)+len(b) > maxCommand {
			cmd = cmd[:min(len(cmd), commandHead)]
			whole = false
			return
		}
		cmd = append(cmd, b...)
	}
	for {
		n, err := br.Read(in)
		chunk := in[:n]
		if obf {
			m := 0
			for _, c := range chunk {
				v := unhex[c]
				if v < 0 {
					return errNotHex
				}
				if hi < 0 {
					hi = int(v)
					continue
				}
				dec[m] = byte(hi<<4|int(v)) ^ key
				m++
				hi = -1
			}
			chunk = dec[:m]
		}
		for len(chunk) > 0 {
			i := bytes.IndexByte(chunk, 0x1b)
			if i < 0 {
				add(chunk)
				break
			}
			add(chunk[:i])
			f(cmd, whole)
			cmd, whole = cmd[:0], true
			chunk = chunk[i+1:]
		}
		if err == io.EOF {
			f(cmd, whole)
			return nil
		}
		if err != nil {
			return err
		}
	}
}

var errNotHex = errors.New("the obfuscated stream is not hex")

// unhex is each byte's value as a hex digit, or -1.
var unhex = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, c := range "0123456789abcdef" {
		t[c] = int8(i)
	}
	for i, c := range "ABCDEF" {
		t[c] = int8(10 + i)
	}
	return t
}()

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		out = "imported"
	}
	return out
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
