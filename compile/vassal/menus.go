package vassal

import (
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// Menus and conveniences (docs/vassal.md, "Counters and their states"): a
// piece's right-click menu in submenus by kind, with the states' short
// names; a moved flag VASSAL sets when the piece moves, and its trail; a
// key that sends it to its side's Eliminated window.

// The keys of the conveniences; TestConvenienceKeysFree holds them apart
// from every key an embedded ruleset gives.
const (
	eliminateKey = "ctrl shift X"
	movedKey     = "ctrl shift V"
	trailKey     = "ctrl shift W"
)

// menuTitle is a state's name in a menu: its title without the rule note
// in brackets ("Dismounted (mounted cavalry is in column)" is Dismounted);
// the help page keeps the whole title.
func menuTitle(s rulesets.State) string {
	t := s.Title
	if i := strings.Index(t, " ("); i > 0 {
		t = t[:i]
	}
	if t == "" {
		t = s.ID
	}
	return t
}

// elimPlaceholder stands for the id VASSAL gives a side's Eliminated map,
// which is known only once every component is in place (mapIDs).
func elimPlaceholder(sd *oob.Side) string { return "@@eliminated-" + fileSafe(sd.ID) + "@@" }

// sideConveniences are the traits every piece of a side shares in its side
// prototype: Eliminate (Send To Location: the side's Eliminated window),
// the moved flag VASSAL sets on a move (Movement Markable; the Main Map's
// toolbar Mark unmoved clears every piece's) and the movement trail
// (Movement Trail, shown while the piece is selected or on its key).
func (m *vmod) sideConveniences(sd *oob.Side) []trait {
	if ts, ok := m.sideConv[sd]; ok {
		return ts // every piece of the side asks (assemble)
	}
	if m.sideConv == nil {
		m.sideConv = map[*oob.Side][]trait{}
	}
	ts := m.makeSideConveniences(sd)
	m.sideConv[sd] = ts
	return ts
}

// movedW and movedH are the size of VASSAL's moved icon (/images/moved.gif,
// a band reading MOVED down).
const movedW, movedH = 9, 48

// movedX and movedY are where the moved icon's top left is drawn, from the
// counter's centre: outside its left edge, a pixel off, halfway down, so
// it hides no text of the counter (at -20, -20 it covered the first letter
// of the values line, R-6-5-6 read 6-5-6) and stays in view in a stack,
// whose pieces VASSAL shifts up and right.
const movedX, movedY = -counterPx/2 - 1 - movedW, -movedH / 2

func (m *vmod) makeSideConveniences(sd *oob.Side) []trait {
	ek, _ := keyStroke(eliminateKey)
	mk, _ := keyStroke(movedKey)
	tk, _ := keyStroke(trailKey)
	x, y := 20+boxW/2+10, 20+boxH/2+10 // inside the window's box
	st := seq.New(';').Append("Eliminate").Append(ek).Append(elimPlaceholder(sd)).Append(eliminatedMap(sd))
	st.Int(x).Int(y).Append("").Append("")                                 // back command, key
	st.Int(0).Int(0).Int(0).Int(0)                                         // index and offsets
	st.Append("to the Eliminated window").Append("L")                      // description, a location
	st.Append("").Append("").Append("").Append("")                         // zone, region, filter, grid location
	mv := seq.New(';').Append("/images/moved.gif").Int(movedX).Int(movedY) // VASSAL's own moved icon, beside the counter
	mv.Append("Mark moved / unmoved").Append(mk).Append("moved flag").Bool(false)
	mv.Append("").Append("").Append("").Append("")
	fp := seq.New(';').Append(tk).Append("Movement trail").Bool(false).Bool(true) // hidden at first, shown to every player
	fp.Int(10).Append("255,255,255").Append("0,0,0").Int(100).Int(50).Int(20).Int(30).Double(1)
	fp.Append("").Append("").Append("").Append("movement trail") // keys on, off, clear; description (VASSAL 3.7's fields, no more)
	return []trait{
		{"sendto;" + st.Value(), ""},
		{"markmoved;" + mv.Value(), "false"},
		{"footprint;" + fp.Value(), ""},
	}
}

// mapIDs puts each side's Eliminated map id where the side prototypes hold
// its placeholder: VASSAL numbers maps in build order (UniqueIdManager:
// "Map" + its index), every Map, PrivateMap and PlayerHand, wherever it sits.
func (m *vmod) mapIDs(root *xnode) {
	ids := map[string]string{}
	n := 0
	var walk func(x *xnode)
	walk = func(x *xnode) {
		switch strings.TrimPrefix(x.tag, vassalPkg) {
		case "module.Map", "module.PrivateMap", "module.PlayerHand", "module.map.WidgetMap", "widget.WidgetMap":
			ids[x.attrs["mapName"]] = "Map" + strconv.Itoa(n)
			n++
		}
		for _, k := range x.kids {
			walk(k)
		}
	}
	walk(root)
	for _, sd := range m.b.Sides {
		id, ok := ids[eliminatedMap(sd)]
		if !ok {
			continue
		}
		for _, p := range m.protoNode.kids {
			p.text = strings.ReplaceAll(p.text, elimPlaceholder(sd), id)
		}
	}
}

// menuKinds are a piece's commands by kind, each kind in the order its
// first command comes, each command in trait order: a piece has a score of
// commands at most, so they are looked up in place.
type menuKinds struct {
	order []string   // the kinds
	names [][]string // the commands of each kind in order
}

func (k *menuKinds) add(kind string, names ...string) {
	for _, n := range names {
		if n == "" || k.has(n) {
			continue
		}
		i := slices.Index(k.order, kind)
		if i < 0 {
			i = len(k.order)
			k.order = append(k.order, kind)
			k.names = append(k.names, nil)
		}
		k.names[i] = append(k.names[i], n)
	}
}

func (k *menuKinds) has(n string) bool {
	for _, ns := range k.names {
		if slices.Contains(ns, n) {
			return true
		}
	}
	return false
}

// subMenus groups a piece's commands by kind, from its traits: Facing, the
// strength steps (Strength), its states (State), the flags a global command
// clears (Flags: fired, moved), its faces and further counters (Counter),
// and Clone, Delete and Eliminate (Piece). A kind with one command stays
// in the menu itself. VASSAL moves each named command into its submenu
// wherever its trait sits (MenuDisplayer.createPopup).
// The traits come in parts, read in order as one list (assemble: outer,
// the def's own, inner and the side's, never copied into one).
func (m *vmod) subMenus(parts ...[]trait) []trait {
	var k menuKinds
	for _, traits := range parts {
		for _, t := range traits {
			e := m.menuEntry(t.typ)
			k.add(e.kind, e.names...)
		}
	}
	var out []trait
	for i, kind := range k.order {
		if len(k.names[i]) < 2 {
			continue
		}
		se := seq.New(';').Append(kind).Strings(k.names[i]).Append("menu: " + strings.ToLower(kind))
		out = append(out, trait{"submenu;" + se.Value(), ""})
	}
	return out
}

// menuCommand is the kind and the command names one trait adds to a
// piece's menu (subMenus), none for a trait that adds no command.
type menuCommand struct {
	kind  string
	names []string
}

// menuEntry reads a trait's commands from its type, once for each type:
// the pieces of a battle share most of their traits (a state's Layer, the
// facing, the strength steps), and only these five kinds are decoded.
func (m *vmod) menuEntry(typ string) menuCommand {
	switch id, _, _ := strings.Cut(typ, ";"); id {
	case "rotate", "PROP", "emb2", "clone", "delete", "sendto":
	default:
		return menuCommand{} // no command: not looked up (a label's or report's type is long)
	}
	if e, ok := m.menuOf[typ]; ok {
		return e
	}
	if m.menuOf == nil {
		m.menuOf = map[string]menuCommand{}
	}
	if m.clears == nil {
		m.clears = map[string]bool{}
		for _, s := range m.play.states {
			if s.Clear {
				m.clears[s.ID] = true
			}
		}
	}
	var e menuCommand
	switch id, _, _ := strings.Cut(typ, ";"); id {
	case "rotate":
		if f := seq.Decode(typ, ';'); len(f) > 5 {
			e = menuCommand{"Facing", []string{f[4], f[5]}}
		}
	case "PROP":
		if f := seq.Decode(typ, ';'); len(f) > 3 {
			e.kind = "Strength"
			for _, c := range seq.Decode(f[3], ',') {
				e.names = append(e.names, seq.Decode(c, ':')[0])
			}
		}
	case "emb2":
		if f := seq.Decode(typ, ';'); len(f) > 19 {
			e.kind = "State"
			switch {
			case m.clears[f[19]]:
				e.kind = "Flags"
			case f[19] == "Face" || f[19] == counterLayer:
				e.kind = "Counter"
			}
			e.names = []string{f[4], f[7]}
		}
	case "clone", "delete", "sendto":
		if f := seq.Decode(typ, ';'); len(f) > 1 {
			e = menuCommand{"Piece", []string{f[1]}}
		}
	}
	m.menuOf[typ] = e
	return e
}

// markMoved makes VASSAL set a piece's moved flag when it moves on the map
// (Movement Markable), with the toolbar's Mark unmoved to clear them all.
func markMoved(mp *xnode) {
	mp.attrs["markMoved"] = "Always"
	mp.attrs["markUnmovedText"] = "Mark unmoved"
	mp.attrs["markUnmovedTooltip"] = "Clear every piece's moved flag"
	mp.attrs["markUnmovedIcon"] = ""
}

// viewerFormat is the stack viewer's text under a piece, as HTML lines
// (the viewer's enableHTML): name, formation, then the values label or
// the ratings, one rating a line. Under one 56-pixel counter a single line
// of all of them ran into the next piece's, so only the last was readable.
// The name is the piece's Name label where it has one (a leader's follows
// his face: on his replacement face, the replacement's), else PieceName.
const viewerFormat = `{(GetString("Name")==""?PieceName:GetString("Name"))+"<br>"+GetString("Formation")+"<br>"+GetString("Values")+GetString("Ratings").replace(", ","<br>")}`

// viewerCharPx is what a character of the viewer's 11-point Dialog is
// taken to need: VASSAL 3.7.26 measured 5.6 pixels a character over Dead of
// Winter's lines ("5 WI Bty" 45, "orders 0" 49).
const viewerCharPx = 6

// viewerLines makes the Main Map's stack viewer write viewerFormat's lines
// and show the hex's id over an empty hex too (minDisplayPieces 0 with
// the empty hex's format).
func viewerLines(v *xnode) {
	v.attrs["enableHTML"] = "true"
	v.attrs["minDisplayPieces"] = "0"
}

// viewerGap is the room the viewer leaves between two pieces (its
// borderWidth) so that the widest line under any piece, a name, a
// formation, a unit's values or a leader's rating, fits its column.
func (m *vmod) viewerGap() int {
	widest := 0
	line := func(s string) { widest = max(widest, len(s)) }
	for u, d := range m.units {
		line(d.name)
		line(u.Formation.Designation())
		var vals []string
		for _, f := range m.unitFields(u) {
			vals = append(vals, valueText(u.Values.Get(f)))
		}
		line(strings.Join(vals, "-"))
	}
	for l, d := range m.leaders {
		line(d.name)
		line(l.Formation.Designation())
		for _, k := range leaderKeys(l) {
			line(k + " " + valueText(l.Ratings.Get(k)))
		}
		if r := l.Replacement; r != nil { // his replacement face's lines
			line(r.Name)
			for _, k := range leaderKeys(r) {
				line(k + " " + valueText(r.Ratings.Get(k)))
			}
		}
	}
	return min(max(2, widest*viewerCharPx+8-counterPx), 120)
}
