package vmod

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/muster-wargames/muster/rulesets"
)

// side is one side's pieces, as a formation tree.
type side struct {
	id, name string
	army     *formation
	byDesig  map[string]*formation
	names    map[string]int // piece name → count, for qualified names
}

type formation struct {
	id, name, level string
	leader          *piece
	officers        []*piece
	spares          []*piece // leaders with no command of their own (Spare marker)
	units           []*piece
	kids            []*formation
	levelFromLeader bool
}

type piece struct {
	name, desig string
	kind        string
	typ         string
	values      [][2]string
	faces       map[string][][2]string
	faceOrder   []string
	rank        string
	counters    []*leaderCounter // a leader's further counters
	replacement *leaderCounter   // a leader's replacement, his piece's back (no from)
}

// leaderCounter is one of a leader's further counters (forces counters:).
type leaderCounter struct {
	name, from string
	values     [][2]string
}

// reserved are the Marker keys muster writes that are not counter values.
var reserved = map[string]bool{"Side": true, "SideName": true, "Kind": true, "Type": true, "Class": true,
	"Formation": true, "Designation": true, "Level": true, "Rank": true, "Ratings": true, "Spare": true,
	// the rule flags' markers (compile/vassal/flags.go): a unit's commander
	// and his range, a leader's id and range
	"CmdLeader": true, "CmdBase": true, "Leads": true}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

func (im *importer) pieceProps(n *node) (*props, string, bool) {
	p, nm, _, ok := im.pieceFull(n)
	return p, nm, ok
}

func (im *importer) pieceFull(n *node) (*props, string, string, bool) {
	ts, ok := decodePiece(n.Text)
	if !ok || len(ts) == 0 {
		im.unread(n, "piece %q: its traits cannot be decoded", n.attr("entryName"))
		return nil, "", "", false
	}
	p := &props{}
	collect(p, ts, im.protos, 0)
	img, nm := basic(ts[len(ts)-1])
	if nm == "" {
		nm = n.attr("entryName")
	}
	for _, m := range p.missing {
		im.unread(n, "piece %q: prototype %q is not defined", nm, m)
	}
	p.image = img
	return p, nm, img, true
}

func (im *importer) paletteSlot(n *node) {
	p, nm, ok := im.pieceProps(n)
	if !ok {
		return
	}
	im.addPiece(n, p, nm)
}

// addPiece puts a unit or leader into its side's formation tree, once.
func (im *importer) addPiece(n *node, p *props, nm string) (sideID, ref string) {
	kind := p.values["Kind"]
	sid := p.values["Side"]
	if kind != "unit" && kind != "leader" {
		if kind == "marker" && im.muster {
			im.rebuilt(n, "marker %q made again by muster", nm)
		} else {
			im.unread(n, "piece %q: no Kind marker of unit or leader: not read as a unit or leader (%s)", nm, p.summary())
		}
		return "", ""
	}
	if sid == "" {
		im.unread(n, "piece %q: no Side marker: not read", nm)
		return "", ""
	}
	desig := p.values["Designation"]
	if desig == "" {
		desig = nm
	}
	if im.pieceKey == nil {
		im.pieceKey = map[string]bool{}
	}
	key := sid + "\x00" + desig
	sd := im.side(sid, p.values["SideName"])
	if im.pieceKey[key] {
		return sid, desig
	}
	im.pieceKey[key] = true
	sd.names[nm]++
	pc := &piece{name: nm, desig: desig, kind: kind, typ: p.values["Type"], rank: p.values["Rank"], faces: map[string][][2]string{}}
	if im.pieces == nil {
		im.pieces = map[string]*piece{}
	}
	im.pieces[key] = pc
	f := im.formation(n, sd, p)
	used := map[string]bool{}
	for k := range reserved {
		used[k] = true
	}
	for _, k := range im.ranks {
		used[k] = true
	}
	if kind == "unit" {
		ut, ok := im.rules.UnitTypes[pc.typ]
		if !ok {
			im.unread(n, "piece %q: unit type %q is not one of %s's", nm, pc.typ, im.system)
		}
		for _, fl := range append(append([]string{}, ut.Fields...), ut.Optional...) {
			if v, ok := p.values[fl]; ok {
				pc.values = append(pc.values, [2]string{fl, v})
				used[fl] = true
			}
		}
		named := im.restFaces(p, ut)
		for _, l := range p.labels {
			fv := faceValues(l, named)
			for _, face := range sortedKeys(fv) {
				pc.faceOrder = append(pc.faceOrder, face)
				for _, fl := range sortedKeys(fv[face]) {
					pc.faces[face] = append(pc.faces[face], [2]string{fl, fv[face][fl]})
				}
			}
		}
		// a face printed on a counter of its own (the type's counters:)
		// whose values print as the front's is in no label: its layer's
		// image names it, and it has the front's values of the fields it
		// changes
		for _, layer := range sortedKeys(p.layers) {
			for lv := 1; lv <= len(p.layers[layer]); lv++ {
				face := named(layer, lv)
				if !slices.Contains(ut.Counters, face) || slices.Contains(pc.faceOrder, face) {
					continue
				}
				pc.faceOrder = append(pc.faceOrder, face)
				for _, v := range pc.values {
					if slices.Contains(ut.Faces[face], v[0]) {
						pc.faces[face] = append(pc.faces[face], v)
					}
				}
			}
		}
		f.units = append(f.units, pc)
	} else {
		for _, k := range p.keys {
			if _, ok := im.rules.Fields[k]; ok && !used[k] {
				if p.values[k] != "" {
					pc.values = append(pc.values, [2]string{k, p.values[k]})
				}
				used[k] = true
			}
		}
		im.leaderReplacement(n, p, pc)
		im.leaderCounters(n, p, pc, used)
		if lv := p.values["Level"]; lv != "" && f.leader == nil && !f.levelFromLeader {
			f.level, f.levelFromLeader = lv, true
		}
		if p.values["Spare"] == "true" {
			f.spares = append(f.spares, pc)
		} else if f.leader == nil {
			f.leader = pc
		} else {
			f.officers = append(f.officers, pc)
		}
	}
	for _, k := range p.keys {
		if !used[k] {
			im.unread(n, "piece %q: property %s=%q not understood", nm, k, p.values[k])
		}
	}
	if !im.muster {
		p.unknown = append(p.unknown, p.regen...)
	}
	if len(p.unknown) > 0 {
		im.unread(n, "piece %q: traits not understood: %s", nm, traitList(p.unknown))
	}
	return sid, desig
}

// restFaces names the face a layer's level shows (props.faceOf). A unit
// with counter art shows its art's back for every face of the layer
// "Face" (the faces no state shows), so the image names none: there the
// faces are its type's faces no state shows, in order, when the layer has
// one level for each.
func (im *importer) restFaces(p *props, ut rulesets.UnitType) func(string, int) string {
	named := p.faceOf(p.image)
	var rest []string
	for _, f := range sortedKeys(ut.Faces) {
		if !slices.ContainsFunc(im.rules.Play.States, func(s rulesets.State) bool { return s.Face == f }) {
			rest = append(rest, f)
		}
	}
	return func(layer string, level int) string {
		f := named(layer, level)
		if f == "Face" && layer == "Face" && len(rest) == len(p.layers[layer])-1 && level >= 2 && level-2 < len(rest) {
			return rest[level-2]
		}
		return f
	}
}

func (im *importer) side(id, nm string) *side {
	sd := im.sides[id]
	if sd == nil {
		if nm == "" {
			nm = id
		}
		sd = &side{id: id, name: nm, byDesig: map[string]*formation{}, names: map[string]int{}}
		sd.army = &formation{level: "army"}
		if len(im.rules.Levels) > 0 {
			sd.army.level = im.rules.Levels[0].ID
		}
		sd.byDesig[""] = sd.army
		im.sides[id] = sd
		im.sideOrder = append(im.sideOrder, id)
	}
	return sd
}

// formation finds or makes the formation a piece's Formation marker names,
// with its chain: the rank markers name each formation from the top.
func (im *importer) formation(n *node, sd *side, p *props) *formation {
	d := p.values["Formation"]
	var comps []string
	if d != "" {
		comps = strings.Split(d, "/")
	}
	type rv struct{ key, val string }
	var chain []rv
	for _, k := range im.ranks {
		if v := p.values[k]; v != "" {
			chain = append(chain, rv{k, v})
		}
	}
	aligned := len(chain) == len(comps)+1
	if !aligned && (len(comps) > 0 || len(chain) > 0) {
		im.unread(n, "piece formation %q and its rank markers do not line up; names and levels of its formations are guessed", d)
	}
	if aligned && sd.army.name == "" {
		sd.army.name = chain[0].val
	}
	f := sd.army
	for i := len(comps) - 1; i >= 0; i-- {
		desig := strings.Join(comps[i:], "/")
		k := sd.byDesig[desig]
		if k == nil {
			depth := len(comps) - i
			k = &formation{id: comps[i], level: "formation"}
			if aligned {
				k.level = lowerFirst(chain[depth].key)
				if chain[depth].val != desig {
					k.name = chain[depth].val
				}
			} else if depth < len(im.rules.Levels) {
				k.level = im.rules.Levels[depth].ID
			}
			sd.byDesig[desig] = k
			f.kids = append(f.kids, k)
		}
		f = k
	}
	return f
}

// ref is how a set-up names a piece: the plain name when it is unique on
// its side, else the qualified designation.
func (sd *side) ref(name, desig string) string {
	if sd.names[name] <= 1 {
		return name
	}
	return desig
}

func (im *importer) setupStack(mapName string, n *node) {
	owner := n.attr("owningBoard")
	base, scID, isCopy := scenarioOf(owner)
	b := im.gridBoards[owner]
	for _, bd := range im.boards {
		if b == nil && bd.name == base {
			b = bd
		}
	}
	if b == nil {
		if im.muster && mapName == "Reinforcements" && isCopy {
			im.arrival(n, scID)
		} else {
			im.unread(n, "At-Start stack %q on board %q of map %q: not on a hex board, not read", n.attr("name"), owner, mapName)
		}
		return
	}
	if !isCopy || !im.muster {
		scID = "at-start"
	}
	sc := im.scenario(scID)
	if scID == "at-start" {
		sc.name = "At-Start stacks"
		sc.source = "the module's At-Start stacks"
	}
	if !contains(sc.sheets, b.sheet) {
		sc.sheets = append(sc.sheets, b.sheet)
	}
	var hex string
	if n.attr("useGridLocation") == "true" && b.parseLabel(n.attr("location")) {
		hex = n.attr("location")
	} else {
		hex = b.locationName(atoi(n.attr("x")), atoi(n.attr("y")))
	}
	// a muster module deals a "within N hexes" group out one unit a hex,
	// each stack named "... (within N of HEX)", or leaves it one stack,
	// "... (within N, one stack: ...)" (compile/vassal setupStacks): the
	// group comes back as one entry at its hex
	if m := withinRe().FindStringSubmatch(n.attr("name")); im.muster && m != nil {
		w, _ := strconv.Atoi(m[1])
		for _, gb := range im.gridBoards {
			if m[2] != "" && gb.parseLabel(m[2]) {
				hex = m[2]
			}
		}
		sc.within[hex] = w
	}
	for _, k := range n.Kids {
		if k.Class != "widget.PieceSlot" {
			im.other(k)
			continue
		}
		p, nm, ok := im.pieceProps(k)
		if !ok {
			continue
		}
		if p.values["Type"] == "breastworks" && im.muster {
			sid := ""
			for _, kk := range n.Kids {
				if pp, _, ok := im.pieceProps(kk); ok && pp.values["Side"] != "" {
					sid = pp.values["Side"]
					break
				}
			}
			if sc.breast[sid] == nil {
				sc.breast[sid] = map[string]int{}
			}
			sc.breast[sid][hex]++
			continue
		}
		sid, desig := im.addPiece(k, p, nm)
		if sid == "" {
			continue
		}
		if sc.stacks[sid] == nil {
			sc.stacks[sid] = map[string][]string{}
		}
		if _, ok := sc.stacks[sid][hex]; !ok {
			sc.order[sid] = append(sc.order[sid], hex)
		}
		more, reserve := im.slotState(k, p, sid, desig)
		if reserve {
			sc.reserve[hex] = true
		}
		sc.stacks[sid][hex] = append(sc.stacks[sid][hex], nm+"\x00"+desig+"\x00"+more)
	}
}

// arrival reads a muster arrival box, a SetupStack named
// "<scenario> arrival <n> <side> <time>": the side, the time and the
// pieces; where it enters, whether it is optional and its fatigue are
// read from the name of the box's zone (entry, zones.go).
func (im *importer) arrival(n *node, scID string) {
	rest, ok := strings.CutPrefix(n.attr("name"), scID+" arrival ")
	// a box with no pieces names whom it is for: "... (of 4/C; 5/C)"
	var of []string
	if i := strings.LastIndex(rest, " (of "); i >= 0 && strings.HasSuffix(rest, ")") && len(n.Kids) == 0 {
		of = strings.Split(rest[i+len(" (of "):len(rest)-1], "; ")
		rest = rest[:i]
	}
	f := strings.SplitN(rest, " ", 3)
	if !ok || len(f) < 3 {
		im.unread(n, "arrival stack %q: its name does not say its side and time; not read", n.attr("name"))
		return
	}
	sc := im.scenario(scID)
	a := &arrivalGroup{side: f[1], time: f[2], of: of}
	for _, k := range n.Kids {
		if k.Class != "widget.PieceSlot" {
			im.other(k)
			continue
		}
		p, nm, ok := im.pieceProps(k)
		if !ok {
			continue
		}
		if sid, desig := im.addPiece(k, p, nm); sid != "" {
			more, _ := im.slotState(k, p, sid, desig)
			a.pieces = append(a.pieces, nm+"\x00"+desig+"\x00"+more)
		}
	}
	sc.arrivals = append(sc.arrivals, a)
	if !im.entry(n, a) {
		im.unread(n, "arrival of %s at %s: no box of its board holds it, so its entry hexes are not known; written without hexes", a.side, a.time)
	}
}

var withinRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\(within ([0-9]+)(?: of (\S+)|, one stack: [^)]*)\)$`)
})

type arrivalGroup struct {
	side, time  string
	pieces      []string
	where       string // where it enters, as its box's zone names it: hexes or an area
	optional    bool
	fatigue     string
	activations int      // what the arrival chart gives the group on entry
	of          []string // the formations of a group with no pieces, by designation
}

// traitList counts traits by id: "macro ×3, emb2".
func traitList(ts []trait) string {
	n := map[string]int{}
	var order []string
	for _, t := range ts {
		if n[t.id()] == 0 {
			order = append(order, t.id())
		}
		n[t.id()]++
	}
	var out []string
	for _, id := range order {
		if n[id] > 1 {
			out = append(out, fmt.Sprintf("%s ×%d", id, n[id]))
		} else {
			out = append(out, id)
		}
	}
	return strings.Join(out, ", ")
}

// summary says what a piece holds that was not read.
func (p *props) summary() string {
	ts := append(append([]trait{}, p.unknown...), p.regen...)
	s := fmt.Sprintf("%d properties", len(p.keys))
	if len(p.keys) > 0 {
		ks := p.keys
		if len(ks) > 8 {
			ks = append(append([]string{}, ks[:8]...), "...")
		}
		s += " (" + strings.Join(ks, ", ") + ")"
	}
	if len(ts) > 0 {
		s += "; traits " + traitList(ts)
	}
	return s
}
