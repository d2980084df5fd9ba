package vassal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/rulesets"
)

// The tools a player meets besides the pieces and the map: sides, the
// mouse-over viewer, the overview map, the LOS thread, per-side windows,
// the marker tray, draw cups, global commands and notes. Attribute names
// are those of the classes' getAttributeNames (VASSAL 3.7, snapshot
// 17fb917c5).

const cupsMapName = "Draw cups"

// raw is a child element that is not a VASSAL class (PlayerRoster's
// <entry>, BoardPicker's <setup>).
func raw(tag, text string) *xnode { return &xnode{tag: tag, attrs: map[string]string{}, text: text} }

// roster is the PlayerRoster: one side per battle side, by name. VASSAL
// always offers the observer's place besides them.
func (m *vmod) roster() *xnode {
	n := el("module.PlayerRoster", "buttonText", "Retire", "buttonToolTip", "Switch sides, or give up your side and become an observer")
	for _, sd := range m.b.Sides {
		n.add(raw("entry", sd.Name))
	}
	return n
}

// viewerFormat is the text the viewer writes under each piece, in lines
// (viewerLines): its name, its formation, then a unit's live values label
// or a leader's ratings, one a line; a piece shows only what it has.
func (m *vmod) viewerFormat() string { return viewerFormat }

// losReport is the chat line of a line-of-sight check: the thread's
// report attribute is its format in VASSAL 3.7 (LOS_Thread.REPORT, a
// FormattedString over FromLocation, ToLocation and Range), so "false"
// posted the word "false" after every check.
const losReport = "$playerId$ checked line of sight from $FromLocation$ to $ToLocation$: range $Range$"

// mainMapTools are the Main Map's mouse-over stack viewer, overview map
// and LOS thread (range in hexes, from the board's HexGrid: scale 0).
func (m *vmod) mainMapTools() []*xnode {
	viewer := el("module.map.CounterDetailViewer", "description", "Stack viewer", "version", "4",
		"delay", "700", "hotkey", "", "showgraph", "true", "showtext", "true", "enableHTML", "false",
		"zoomlevel", "1.0", "minDisplayPieces", "1", "display", "from all layers", "layerList", "",
		"showNoStack", "true", "showMoveSelectde", "false", "showNonMovable", "true", "showDeck", "false",
		"unrotatePieces", "false", "showTerrainBeneath", "Never",
		"summaryReportFormat", "$LocationName$", "counterReportFormat", m.viewerFormat(),
		"emptyHexReportForma", "$LocationName$", "fontSize", "11", "bgColor", "255,255,224", "fgColor", "0,0,0",
		"borderWidth", strconv.Itoa(m.viewerGap()), "centerText", "false", "stretchWidthSummary", "false")
	viewerLines(viewer)
	overview := el("module.map.GlobalMap", "buttonText", "Overview", "tooltip", "Overview of the whole map", "icon", "/images/overview.gif",
		"hotkey", "", "scale", m.overviewScale(), "color", "255,0,0")
	los := el("module.map.LOS_Thread", "threadName", "LOS", "label", "LOS", "tooltip", "Line of sight, with the range in hexes",
		"iconName", "/images/thread.gif", "hotkey", "", "report", losReport, "persistence", "Ctrl-Click & Drag",
		"persistentIconName", "/images/thread.gif", "global", "Always", "snapStart", "true", "snapEnd", "true",
		"drawRange", "true", "scale", "0", "round", "Nearest whole number", "hideCounters", "false", "hideOpacity", "0",
		"losThickness", "3", "threadColor", "255,0,0", "rangeFg", "255,255,255", "rangeBg", "0,0,0")
	// alt-click pings a point for every player; a scenario's saved game
	// ends with one over its set-up, so the map opens centred there
	// (flareCommand)
	flare := el("module.map.Flare", "flareName", "Flare", "description", "Alt-click: a ring on the map for every player",
		"flareKey", "keyAlt", "circleSize", "100", "circleColor", "255,0,0", "circleScale", "true",
		"flarePulses", "3", "flarePulsesPerSec", "3", "reportFormat", "$PlayerName$ points at $FlareLocation$")
	// the toolbar's Show/Hide counters, as hand-made modules have, to
	// read the map under the stacks (ctrl shift O, VASSAL's usual key)
	hide := el("module.map.HidePiecesButton", "buttonText", "Show/Hide counters", "tooltip", "Hide every counter to read the map, show them again",
		"hotkey", "79,195", "showingIcon", "/images/globe_unselected.gif", "hiddenIcon", "/images/globe_selected.gif")
	return []*xnode{viewer, overview, los, flare, hide}
}

// overviewScale keeps the overview of the whole map about 400 pixels wide.
func (m *vmod) overviewScale() string {
	w := 0
	for _, p := range m.full {
		if p.row == 0 {
			w += p.sb.W
		}
	}
	s := 0.1
	if w > 0 {
		s = 400.0 / float64(w)
	}
	s = min(max(s, 0.03), 0.2)
	return strconv.FormatFloat(s, 'f', 3, 64)
}

// sideWindows gives each side an Inventory of its own pieces and a map
// for its eliminated and routed-off units and used markers.
func (m *vmod) sideWindows() []*xnode {
	var out []*xnode
	for _, sd := range m.b.Sides {
		group := append([]string{}, m.rankKey...)
		out = append(out, el("module.Inventory", "name", "OOB ("+sd.Name+")", "text", "OOB ("+sd.Name+")",
			"tooltip", sd.Name+": units and leaders by formation, wherever they are",
			"include", `{(Kind=="unit" || Kind=="leader") && Side=="`+sd.ID+`"}`, "groupBy", strings.Join(group, ","),
			"nonLeafFormat", "$PropertyValue$", "leafFormat", "$PieceName$", "centerOnPiece", "true",
			"showMenu", "true", "drawPieces", "true", "foldersOnly", "false", "sortPieces", "false",
			"cutRoot", "0", "cutLeaves", "0"))
	}
	for _, sd := range m.b.Sides {
		name := eliminatedMap(sd)
		mp := windowMap(name, sd.Name+": eliminated and routed-off units, used markers")
		img := m.imageName("eliminated", sd.ID)
		m.addImage(img, render.Boxes(boxCols*(boxW+20)+20, 2*(boxH+20)+20+windowRoom,
			[]render.Box{{X: 20, Y: 20, W: boxCols*(boxW+20) - 20, H: 2*boxH + 20, Label: "ELIMINATED (" + sd.Name + ")"}}, ""))
		bp := el("module.map.BoardPicker", "title", "Choose boards", "slotWidth", "125", "slotHeight", "125", "slotScale", "0.2")
		bp.add(el("module.map.boardPicker.Board", "name", name, "image", img, "reversible", "false"))
		mp.add(bp)
		mp.add(standardMapParts()...)
		out = append(out, mp)
	}
	return out
}

func eliminatedMap(sd *oob.Side) string { return "Eliminated (" + sd.Name + ")" }

// markerLines are the two lines a marker prints: its label, else its
// title without the note in brackets ("Infantry Casualty (Casualty
// Track)" prints INFANTRY CASUALTY: the note ran past the counter's
// edge), in capitals, split where the lines come out most even.
func markerLines(mk rulesets.Marker) (string, string) {
	label := mk.Label
	if label == "" {
		label = mk.Title
		if i := strings.Index(label, " ("); i > 0 {
			label = label[:i]
		}
	}
	return splitLabel(strings.ToUpper(label))
}

// markerDef is a tray marker: its label on the front, one face per
// further face, a layer to step through them.
func (m *vmod) markerDef(mk rulesets.Marker) *pieceDef {
	var d *pieceDef
	if mk.ID == "breastworks" {
		d = m.breastworks()
	} else {
		a, b := markerLines(mk)
		img := m.imageName("marker", mk.ID)
		m.addImage(img, m.picture(drawMarker(a, b)))
		d = &pieceDef{image: img, traits: []trait{marker("Kind", "marker"), marker("Type", mk.ID)}}
	}
	d = &pieceDef{name: mk.Title, image: d.image, traits: append([]trait{}, d.traits...), faceLvl: map[string]int{}, key: "marker " + mk.ID}
	if d.name == "" {
		d.name = mk.ID
	}
	if len(mk.Faces) > 0 {
		images := []string{""}
		for i, f := range mk.Faces {
			a, b := splitLabel(strings.ToUpper(f))
			img := m.imageName("marker", mk.ID, f)
			m.addImage(img, m.picture(drawMarker(a, b)))
			images = append(images, img)
			d.faceLvl[f] = i + 2
		}
		d.faces = mk.Faces
		d.traits = append(d.traits, m.faceLayer(images))
		d.faceAt = map[string]int{}
		for f := range d.faceLvl {
			d.faceAt[f] = len(d.traits) - 1
		}
	}
	return d
}

// splitLabel breaks a marker's text over its two lines.
func splitLabel(s string) (string, string) {
	w := strings.Fields(s)
	if len(w) <= 1 {
		return s, ""
	}
	best, bl := 1, -1
	for i := 1; i < len(w); i++ {
		l := max(len(strings.Join(w[:i], " ")), len(strings.Join(w[i:], " ")))
		if bl < 0 || l < bl {
			best, bl = i, l
		}
	}
	return strings.Join(w[:best], " "), strings.Join(w[best:], " ")
}

// markerColumns is how many markers a row of the marker tray holds: the
// tray is a grid (PanelWidget fixed), so its window opens tall enough for
// every row; a row of boxes (fixed false, a horizontal BoxLayout) opened
// one marker high and showed the first few (VASSAL 3.7.26: 504x56).
const markerColumns = 6

// markerTray is the palette of the ruleset's markers (Play.Markers), with
// the breastworks marker the set-ups use whether the ruleset lists it or not.
func (m *vmod) markerTray() *xnode {
	pw := el("module.PieceWindow", "name", "Markers", "text", "Markers", "tooltip", "Markers: things on the map that are not a state of one counter",
		"hidden", "false", "scale", "1.0")
	panel := el("widget.PanelWidget", "entryName", "Markers", "fixed", "true", "nColumns", strconv.Itoa(markerColumns), "vert", "false")
	m.idPlace = "markers"
	haveBW := false
	for _, mk := range m.b.Rules.Play.Markers {
		haveBW = haveBW || mk.ID == "breastworks"
		panel.add(m.slot(m.markerDef(mk), nil, ""))
	}
	if !haveBW {
		panel.add(m.slot(m.breastworks(), nil, ""))
	}
	return pw.add(panel)
}

// ---- draw cups ----

// cupChits lists the chits of a cup in one scenario (nil: every scenario,
// for the free set-up board): their names.
func (m *vmod) cupChits(c rulesets.Cup, sc *battle.Scenario) []string {
	var out []string
	switch c.Chits {
	case "activation":
		if sc == nil {
			return nil
		}
		listed := map[string]bool{}
		for _, a := range sc.Activation {
			listed[a.Side] = true
			name := formationTitle(a.Formation)
			if a.Side != "" {
				name = a.Side + " " + name
			}
			for i := 0; i < a.Count; i++ {
				out = append(out, name)
			}
		}
		// A side that lists none gets the ruleset's fixed count for each
		// formation it has in play (Summer Storm's two chits a division);
		// a count that varies (GBACW's 1-4 AMs) is the scenario's to give.
		fa := m.b.Rules.Figures.Activation
		if fa.Min == fa.Max && fa.Min > 0 {
			for _, f := range sc.FormationsInPlay(func(f *oob.Formation) bool { return slices.Contains(fa.Levels, f.Level) }) {
				if !listed[f.Side] {
					for range fa.Min {
						out = append(out, f.Side+" "+formationTitle(f.Formation))
					}
				}
			}
		}
	case "formation":
		want := map[string]bool{}
		for _, l := range c.Levels {
			want[l] = true
		}
		for _, sd := range m.b.Sides {
			if sd.Army == nil {
				continue
			}
			sd.Army.Walk(func(f *oob.Formation) {
				if want[f.Level] {
					out = append(out, sd.ID+" "+formationTitle(f))
				}
			})
		}
	case "fixed":
		out = append(out, c.List...)
	}
	return out
}

// A cupBox is one draw pile of the cups map: a cup, or for efficiency
// chits one side's cup.
type cupBox struct {
	cup   rulesets.Cup
	title string
	chits []string
	side  *oob.Side // the side whose cup it is (efficiency), else nil
}

// cupBoxes lists the draw piles of one scenario (nil: the free set-up):
// one per cup, one per side for a cup of efficiency markers, which holds
// the scenario's pool for that side ("USA EM 2" as often as the pool has
// it), else the cup's list.
func (m *vmod) cupBoxes(sc *battle.Scenario) []cupBox {
	var out []cupBox
	for _, c := range m.b.Rules.Play.Cups {
		if c.Chits != "efficiency" {
			chits := m.cupChits(c, sc)
			if c.PerSide {
				out = append(out, m.sideCups(c, sc, chits)...)
				continue
			}
			if sc != nil {
				for _, x := range sc.Cups {
					if x.Cup == c.ID {
						for range x.Count {
							chits = append(chits, x.Name)
						}
					}
				}
				if c.ID == m.b.Rules.Figures.Events.Cup {
					chits = append(chits, eventChits(sc)...)
				}
			}
			out = append(out, cupBox{c, cupTitle(c), chits, nil})
			continue
		}
		for _, sd := range m.b.Sides {
			chits := make([]string, 0, len(c.List))
			pool := false
			if sc != nil {
				for _, e := range sc.Efficiency {
					if e.Side != sd.ID || !e.HasPool {
						continue
					}
					pool = true
					for _, mk := range e.Pool {
						for range mk.Count {
							chits = append(chits, sd.ID+" EM "+strconv.Itoa(mk.Value))
						}
					}
				}
			}
			if !pool {
				for _, ch := range c.List {
					chits = append(chits, sd.ID+" "+ch)
				}
			}
			out = append(out, cupBox{c, cupTitle(c) + " " + sd.ID, chits, sd})
		}
	}
	return out
}

// sideCups splits a cup whose sides each have their own (Summer Storm's
// URAC, 2.9) into a box per side, each holding the chits named for its
// side ("USA Buford's Division") and the scenario's added chits of that
// cup named so.
func (m *vmod) sideCups(c rulesets.Cup, sc *battle.Scenario, chits []string) []cupBox {
	if sc != nil {
		for _, x := range sc.Cups {
			if x.Cup == c.ID {
				for range x.Count {
					chits = append(chits, x.Name)
				}
			}
		}
	}
	var out []cupBox
	for _, sd := range m.b.Sides {
		var own []string
		for _, ch := range chits {
			if strings.HasPrefix(ch, sd.ID+" ") {
				own = append(own, ch)
			}
		}
		out = append(out, cupBox{c, cupTitle(c) + " " + sd.ID, own, sd})
	}
	return out
}

func cupsBoard(sc *battle.Scenario) string {
	if sc == nil {
		return cupsMapName
	}
	return cupsMapName + " (" + sc.ID + ")"
}

// cupsMap is the "Draw cups" map: a board per scenario (and one for a
// free set-up) with a box per cup, each box a DrawPile that shuffles
// before every draw. Nil when the ruleset has no cups.
func (m *vmod) cupsMap() *xnode {
	cups := m.b.Rules.Play.Cups
	if len(cups) == 0 {
		return nil
	}
	mp := windowMap(cupsMapName, "Draw cups: chits drawn at random")
	// a chit the Draw command puts on the drawn pile gets this key, which
	// its report answers (Deck.extendedSend: applyOnMove)
	mp.attrs["moveKey"] = drawnKey
	bp := el("module.map.BoardPicker", "title", "Choose boards", "slotWidth", "125", "slotHeight", "125", "slotScale", "0.2")
	defaultBoards(bp, cupsMapName, []string{cupsBoard(nil)}, [][2]int{{0, 0}})
	mp.add(bp)
	var piles []*xnode
	chitImg := map[string]string{}
	backs := map[string]string{} // cup → the image of its chits' back
	scs := append([]*battle.Scenario{nil}, m.b.Scenarios...)
	for si, sc := range scs {
		boxes := m.cupBoxes(sc)
		var labels []string
		for _, bx := range boxes {
			labels = append(labels, strings.ToUpper(bx.title))
		}
		rows := (len(boxes) + boxCols - 1) / boxCols
		id := "free"
		if sc != nil {
			id = sc.ID
		}
		bh := boxH
		if slices.ContainsFunc(boxes, func(bx cupBox) bool { return m.cardCup(bx.cup) }) {
			bh = render.CardH + 50 // a card stands in its box
		}
		img := m.imageName("cups", id)
		m.idPlace = "cups " + id
		m.addImage(img, drawBoxesH(labels, boxCols*(boxW+20)+20, rows*(bh+20)+20+windowRoom, bh))
		bp.add(el("module.map.boardPicker.Board", "name", cupsBoard(sc), "image", img, "reversible", "false"))
		for i, bx := range boxes {
			c := bx.cup
			x, y := boxAtH(i, bh)
			secret := m.secretCup(c)
			back, ok := backs[c.ID]
			if !ok {
				back = m.imageName("chit-back", c.ID)
				if m.cardCup(c) {
					m.addImage(back, render.Card("", pileName(c), nil))
				} else {
					m.addImage(back, m.picture(drawMarker(cupBack(c), "")))
				}
				backs[c.ID] = back
			}
			name := bx.title + " (" + id + ")"
			drawn := bx.title + " drawn (" + id + ")"
			// each board's piles a pixel right of the board before's: VASSAL
			// names a point by the first pile whose position it is
			// (Map.getDeckNameAt), every board's piles standing at one
			// place of the map, so a chit dragged from the scenario's drawn
			// pile was reported as from the free set-up's, "(free)"
			x += si
			dp := drawPile(name, cupsBoard(sc), x+boxW/4, y+bh/2+10, bh-40, "Always", "Always", !secret)
			dp.add(el("module.map.deck.DeckSendKeyCommand", "description", "draw one chit", "menuText", "Draw one",
				"hotkey", "", "reportFormat", "", "variableDeck", "false", "targetDeck", drawn, "deckExpression", "{}",
				"sendMatching", "false", "matchExpression", "{}", "limitTotal", "true", "limitExpression", "{1}",
				"stop", "false", "stopExpression", "{}", "stopAlso", "false", "applyOnMove", "true"))
			face := "Never"
			if secret {
				face = "Always" // the drawer sees the chit, the other side its back
			}
			out := drawPile(drawn, cupsBoard(sc), x+3*boxW/4, y+bh/2+10, bh-40, face, "Never", false)
			for _, ch := range bx.chits {
				img, ok := chitImg[ch]
				if !ok {
					img = m.imageName("chit", ch)
					if m.cardCup(c) {
						m.addImage(img, render.Card(m.cardText(c, ch)))
					} else {
						a, b := splitLabel(strings.ToUpper(ch))
						m.addImage(img, m.picture(drawMarker(a, b)))
					}
					chitImg[ch] = img
				}
				d := &pieceDef{name: ch, image: img, traits: append(m.drawnTraits(c, bx.title, back, secret), marker("Kind", "chit"), marker("Cup", c.ID)), key: "chit " + c.ID + " " + ch}
				dp.add(m.slot(d, nil, ""))
			}
			if bx.side != nil {
				// a side's own cup: only its player draws from it (5.21: each
				// player places his EMs in a cup and draws)
				for _, p := range []*xnode{dp, out} {
					p.attrs["deckRestrictAccess"] = "true"
					p.attrs["deckOwners"] = seq.One(bx.side.Name, ',')
				}
			}
			piles = append(piles, dp, out)
		}
	}
	mp.add(standardMapParts()...)
	mp.add(piles...)
	return mp
}

// drawnKey is the key a chit gets on the drawn pile, answered by its
// report. A cup's Draw command (right-click on the cup) has no key of
// its own: a Deck's key is heard by the whole module (DeckSendKeyCommand
// registerListeners), so one key would draw from every cup at once.
const (
	drawnKey = "0,0,drawn"
	// maskKey turns a masked chit face up or down again (its owner only).
	maskKey = "73,130" // ctrl I
)

// secretCup tells a cup whose draw only its drawer may see: efficiency
// markers, placed face down on the corps' chart (GBACW 5.21, play note
// L250), and AMFS's card draw pile, whose drawer looks at the card and
// keeps his own Hold Event cards hidden (AMFS F-2, L209).
func (m *vmod) secretCup(c rulesets.Cup) bool {
	return c.Chits == "efficiency" || (c.ID != "" && c.ID == m.b.Rules.Figures.Events.Cup)
}

// drawPile is a face-down or face-up pile of the cups map. A cup is
// shuffled before every draw (shuffle Always) and drawn face down; a
// drawn pile keeps the order chits come in.
func drawPile(name, board string, cx, cy, h int, faceDown, shuffle string, drawFaceUp bool) *xnode {
	return el("module.map.DrawPile", "name", name, "owningBoard", board,
		"x", strconv.Itoa(cx), "y", strconv.Itoa(cy), "width", strconv.Itoa(boxW/2-30), "height", strconv.Itoa(h),
		"allowMultiple", "false", "allowSelect", "false", "faceDown", faceDown, "drawFaceUp", strconv.FormatBool(drawFaceUp),
		"shuffle", shuffle, "reversible", "false", "draw", "true", "color", "0,0,0",
		"reshufflable", "false", "canSave", "false", "expressionCounting", "false", "hotkeyOnEmpty", "false",
		"restrictOption", "false")
}

// drawnTraits are a chit's mask, which shows its back while it lies face
// down in a cup (VASSAL's Deck draws a face-down piece through its Mask)
// and, for a secret cup, to the other side after the draw; and its report
// of the draw: by whom, and what unless the cup is secret.
func (m *vmod) drawnTraits(c rulesets.Cup, title, back string, secret bool) []trait {
	what := "$newPieceName$"
	if secret {
		what = "a " + secretWhat(c) + ", unseen by the other side,"
	}
	if i := strings.IndexAny(title, ":("); i > 0 { // "Card Draw Pile: the Corps Activation cards, ..."
		title = strings.TrimSpace(title[:i])
	}
	report := "$PlayerName$ ($PlayerSide$) draws " + what + " from " + title
	mask := seq.New(';').Append(maskKey).Append(back).Append("Reveal / hide").Append("P").
		Append("?").Append("").Append("").Append("face down").Bool(true).Append("").Append("").Value()
	return []trait{m.reportTrait([]string{drawnKey}, report, "draw"), {"obs;" + mask, "null"}}
}

// cardCup tells a cup of cards (AMFS's card draw pile): its chits are
// drawn as cards, with their text.
func (m *vmod) cardCup(c rulesets.Cup) bool {
	return m.holdsCards() && c.ID == m.b.Rules.Figures.Events.Cup
}

// cardText is what a card of a cup of cards says: its title, its owner
// (the side its name starts with) and its text, from the ruleset: what
// the card does and the rule that says so.
func (m *vmod) cardText(c rulesets.Cup, name string) (title, owner string, body []string) {
	title = name
	for _, sd := range m.b.Sides {
		if rest, ok := strings.CutPrefix(name, sd.ID+" "); ok {
			title, owner = rest, sd.Name
		}
	}
	ev := m.b.Rules.Figures.Events
	switch {
	case title == "Event":
		body = []string{fmt.Sprintf("Play one of the Event cards your side chose for the turn (%d Key, the rest Random), at random.", ev.Key),
			"Yours: keep a Hold card hidden until you play it. The other side's: hand it over.", "AMFS D-2, F-2"}
	case title == ev.Fog.Card:
		body = []string{"In the draw pile every turn.", ev.Fog.Rule}
	case owner != "" && c.Chits == "formation":
		body = []string{"Corps Activation: roll on the corps's Command Table.", c.Rule}
	default:
		body = []string{c.Rule}
	}
	return title, owner, body
}

// secretWhat is what a secret draw is said to draw.
func secretWhat(c rulesets.Cup) string {
	if c.Chits == "efficiency" {
		return "marker"
	}
	return "card"
}

// cupBack is the word on a chit's back: what the cup holds.
func cupBack(c rulesets.Cup) string {
	switch c.Chits {
	case "efficiency":
		return "EM"
	case "activation":
		return "AM"
	}
	return "?"
}

// holdsCards tells rules whose players hold cards: a cup of Event cards.
func (m *vmod) holdsCards() bool {
	ev := m.b.Rules.Figures.Events.Cup
	return ev != "" && slices.ContainsFunc(m.b.Rules.Play.Cups, func(c rulesets.Cup) bool { return c.ID == ev })
}

// handName is the window of a side's private hand.
func handName(sd *oob.Side) string { return sd.Name + " hand" }

// hands are the sides' private hands where the rules let a player hold
// cards the other does not see: AMFS's Event cards, which the drawer's
// side may keep hidden until played (F-2, L209-211). A PlayerHand shows
// its pieces to its side's player only. Nil for other rules.
func (m *vmod) hands() []*xnode {
	if !m.holdsCards() {
		return nil
	}
	var out []*xnode
	for _, sd := range m.b.Sides {
		name := handName(sd)
		mp := windowMap(name, sd.Name+"'s held Event cards: only "+sd.Name+" sees them")
		mp.tag = vassalPkg + "module.PlayerHand"
		mp.attrs["side"] = seq.One(sd.Name, ',')
		mp.attrs["visible"] = "false"
		mp.attrs["useBoards"] = ""
		bp := el("module.map.BoardPicker", "title", "Choose boards", "slotWidth", "125", "slotHeight", "125", "slotScale", "0.2")
		defaultBoards(bp, name, []string{name}, [][2]int{{0, 0}})
		img := m.imageName("hand", sd.ID)
		bh := render.CardH + 50 // a card stands in it
		m.addImage(img, drawBoxesH([]string{strings.ToUpper(sd.Name + " held cards")}, boxW+40, bh+40+windowRoom, bh))
		bp.add(el("module.map.boardPicker.Board", "name", name, "image", img, "reversible", "false"))
		mp.add(bp)
		mp.add(standardMapParts()...)
		out = append(out, mp)
	}
	return out
}

func cupTitle(c rulesets.Cup) string {
	if c.Title != "" {
		return c.Title
	}
	return c.ID
}

// pileName is what a card's back names: its cup's title up to a colon
// ("Card Draw Pile" of AMFS's "Card Draw Pile: the Corps Activation cards,
// one a corps (...)", whose whole ran off the card).
func pileName(c rulesets.Cup) string {
	name, _, _ := strings.Cut(cupTitle(c), ": ")
	return name
}

// ---- global commands, notes ----

// ClearKey is the named key a state with Clear answers to by returning
// to its normal level; the global command "Reset <title>" sends it to
// every piece.
func ClearKey(st rulesets.State) string { return "clear-" + st.ID }

// globalCommands are the toolbar buttons that clear every state with
// Clear: true (fired and moved flags).
func (m *vmod) globalCommands() []*xnode {
	var out []*xnode
	for _, st := range m.b.Rules.Play.States {
		if !st.Clear {
			continue
		}
		t := st.Title
		if t == "" {
			t = st.ID
		}
		short := t
		if len(st.Levels) > 0 {
			short = strings.Join(st.Levels, "/")
		}
		name := "Reset " + short
		out = append(out, el("module.GlobalKeyCommand", "name", name, "buttonText", name,
			"tooltip", "Return every piece's "+strings.ToLower(t)+" to normal", "icon", "", "buttonHotkey", "",
			"hotkey", "0,0,"+ClearKey(st), "filter", `{Kind=="unit" || Kind=="leader"}`, "deckCount", "-1",
			"reportSingle", "true", "reportFormat", "* <$PlayerName$> "+name, "singleMap", "false", "suppressSounds", "false"))
	}
	return out
}

func (m *vmod) notes() *xnode {
	return el("module.NotesWindow", "buttonText", "Notes", "tooltip", "Scenario notes, public notes, private notes and delayed notes",
		"hotkey", "", "icon", "/images/notes.gif", "description", "Notes")
}
