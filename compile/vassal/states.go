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

// Counters that show their state (docs/vassal.md, "Counters and their
// states"). A unit's counter image carries no values: a Text Label draws
// them live from the piece's properties, the strength field being a Dynamic
// Property that the Play.Strength keys step within the field's bounds. Every
// state of Play.States is a Layer (or, with facings, a FreeRotator) of the
// pieces it is for; the Play.Keys give Delete, Clone and the face layer's
// key; ReportState traits write strength changes and state commands to the
// chat log.

// keyCodes are the Java virtual key codes (java.awt.event.KeyEvent.VK_*)
// of the key names javax.swing.KeyStroke.getKeyStroke reads, for the keys a
// ruleset may name. Letters and digits are their ASCII codes.
var keyCodes = map[string]int{
	"ENTER": 10, "BACK_SPACE": 8, "TAB": 9, "ESCAPE": 27, "SPACE": 32,
	"PAGE_UP": 33, "PAGE_DOWN": 34, "END": 35, "HOME": 36,
	"LEFT": 37, "UP": 38, "RIGHT": 39, "DOWN": 40,
	"COMMA": 44, "MINUS": 45, "PERIOD": 46, "SLASH": 47, "SEMICOLON": 59, "EQUALS": 61,
	"OPEN_BRACKET": 91, "BACK_SLASH": 92, "CLOSE_BRACKET": 93,
	"DELETE": 127, "INSERT": 155, "PLUS": 521,
	"NUMPAD0": 96, "NUMPAD1": 97, "NUMPAD2": 98, "NUMPAD3": 99, "NUMPAD4": 100,
	"NUMPAD5": 101, "NUMPAD6": 102, "NUMPAD7": 103, "NUMPAD8": 104, "NUMPAD9": 105,
	"ADD": 107, "SUBTRACT": 109,
}

// keyMods are the modifier words of a key stroke, as the modifiers
// KeyStroke.getModifiers returns: the old mask and the extended (DOWN) mask
// together (ctrl = CTRL_MASK 2 | CTRL_DOWN_MASK 128).
var keyMods = map[string]int{"shift": 1 | 64, "ctrl": 2 | 128, "meta": 4 | 256, "alt": 8 | 512, "altGraph": 32 | 8192}

// keyStroke writes a key stroke as VASSAL stores one
// (NamedHotKeyConfigurer.encode: "keyCode,modifiers"), from the words
// KeyStroke.getKeyStroke reads: "ctrl D" is 68,130, "ctrl shift F"
// 70,195, "DELETE" 127,0. An empty key is "" (no key).
func keyStroke(s string) (string, error) {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return "", nil
	}
	mods := 0
	for _, w := range ws[:len(ws)-1] {
		m, ok := keyMods[w]
		if !ok {
			return "", fmt.Errorf("key %q: unknown modifier %q (shift, ctrl, meta, alt, altGraph)", s, w)
		}
		mods |= m
	}
	k := ws[len(ws)-1]
	code, ok := keyCodes[k]
	switch {
	case ok:
	case len(k) == 1 && (k[0] >= 'A' && k[0] <= 'Z' || k[0] >= '0' && k[0] <= '9'):
		code = int(k[0])
	case len(k) >= 2 && k[0] == 'F':
		n, err := strconv.Atoi(k[1:])
		if err != nil || n < 1 || n > 24 {
			return "", fmt.Errorf("key %q: unknown key %q", s, k)
		}
		code = 111 + n
		if n > 12 {
			code = 61440 + n - 13
		}
	default:
		return "", fmt.Errorf("key %q: unknown key %q (a letter, a digit, F1-F24 or a KeyEvent name such as DOWN or DELETE)", s, k)
	}
	return strconv.Itoa(code) + "," + strconv.Itoa(mods), nil
}

// withShift is a key stroke with shift added (the face layer's way back).
func withShift(ks string) string {
	code, mods, ok := strings.Cut(ks, ",")
	if !ok {
		return ""
	}
	m, _ := strconv.Atoi(mods)
	return code + "," + strconv.Itoa(m|keyMods["shift"])
}

// play is the ruleset's Play with every key parsed.
type play struct {
	states           []playState
	forClass         map[statesKey][]playState // statesFor's, by class
	down, up         string                    // strength keys
	flip, del, clone string
	counter          string // a leader's next counter
	strength         string // the strength field
	min, max         int
}

type playState struct {
	rulesets.State
	key, back string
	slot      int // where its labels are drawn (render.StateOverlay)
}

// compilePlay parses the keys of the ruleset's play section; a key VASSAL
// cannot read stops the build.
func (m *vmod) compilePlay() error {
	p := m.b.Rules.Play
	pl := &play{strength: m.b.Rules.Strength, min: 0, max: 100}
	if pl.strength == "" {
		pl.strength = "strength"
	}
	if f, ok := m.b.Rules.Fields[pl.strength]; ok {
		if f.Min != nil {
			pl.min = *f.Min
		}
		if f.Max != nil {
			pl.max = *f.Max
		}
	}
	var err error
	parse := func(dst *string, what, s string) {
		if err != nil {
			return
		}
		var e error
		if *dst, e = keyStroke(s); e != nil {
			err = fmt.Errorf("%s: play: %s: %v", m.b.Rules.Name, what, e)
		}
	}
	parse(&pl.down, "strength.down", p.Strength.Down)
	parse(&pl.up, "strength.up", p.Strength.Up)
	parse(&pl.flip, "keys.flip", p.Keys.Flip)
	parse(&pl.del, "keys.delete", p.Keys.Delete)
	parse(&pl.clone, "keys.clone", p.Keys.Clone)
	parse(&pl.counter, "keys.counter", p.Keys.Counter)
	slot := 0
	for _, s := range p.States {
		ps := playState{State: s, slot: slot}
		parse(&ps.key, "states."+s.ID+".key", s.Key)
		parse(&ps.back, "states."+s.ID+".back", s.Back)
		if s.Facings == 0 && s.Face == "" || len(s.Levels) > 1 {
			slot++
		}
		pl.states = append(pl.states, ps)
	}
	if pl.flip == "" {
		pl.flip = "70,130" // ctrl F, as before the ruleset named one
	}
	m.play = pl
	return err
}

// statesFor lists the states a unit class (or "leader") has.
func (pl *play) statesFor(class string, leader bool) []playState {
	// the same for every piece of a class: filtered once (callers read it)
	return memo(&pl.forClass, statesKey{class, leader}, func() []playState { return pl.filterStates(class, leader) })
}

// statesKey is what statesFor filters the states by.
type statesKey struct {
	class  string
	leader bool
}

// filterStates is statesFor, filtered.
func (pl *play) filterStates(class string, leader bool) []playState {
	var out []playState
	for _, s := range pl.states {
		switch {
		case len(s.For) == 0 && !leader:
		case slices.Contains(s.For, "leader") && leader:
		case !leader && slices.Contains(s.For, class):
		default:
			continue
		}
		out = append(out, s)
	}
	return out
}

// stateLevels is the number of levels after the normal one.
func stateLevels(s playState) int { return max(1, len(s.Levels)) }

// stateLabel is the text drawn for level i (0-based) of a state.
func stateLabel(s playState, i int) string {
	switch {
	case i < len(s.Labels) && s.Labels[i] != "":
		return s.Labels[i]
	case i < len(s.Levels) && s.Levels[i] != "":
		return s.Levels[i]
	}
	return s.Title
}

// overlay is the image of a state's level drawn as a label: one image per
// state and level, shared by every piece.
func (m *vmod) overlay(s playState, i int) string {
	name := "state-" + s.ID + "-" + strconv.Itoa(i+1) + ".png"
	if _, ok := m.files["images/"+name]; !ok {
		m.used[name] = true
		m.addImage(name, render.StateOverlay(counterPx, s.slot, stateLabel(s, i)))
	}
	return name
}

// layer is a Layer (emb2) named name: level 1 draws nothing (the normal
// state), levels 2… the images; up and down step between them (looping
// when loop), each menu entry named. State is the level (1 = normal).
func layer(name, desc, upName, up, downName, down, reset string, images []string, loop bool, level int) trait {
	names := make([]string, len(images))
	se := seq.New(';')
	se.Append("").Int(130).Append("") // activate command, modifiers, key (version 0)
	se.Append(upName).Int(130).Append("")
	se.Append(downName).Int(130).Append("")
	se.Append("").Append(reset).Append("1") // reset command, key (a global command's named key), level
	se.Bool(false).Int(0).Int(0)            // draw underneath, x and y offset
	se.Strings(images).Strings(names)
	se.Bool(loop).Append(name)            // loop, layer name
	se.Append("").Append("")              // random key, text
	se.Bool(false).Append("").Int(1)      // follow property, its name, first value
	se.Int(1).Bool(true)                  // version, always active
	se.Append("").Append(up).Append(down) // activate, increase, decrease keystrokes
	se.Append(desc).Double(1).Append("").Append("true")
	return trait{"emb2;" + se.Value(), strconv.Itoa(level)}
}

// stateTrait is the Layer or FreeRotator of one state for one piece; the
// face image of a face state comes from faceImg ("" when the piece has no
// such face).
func (m *vmod) stateTrait(s playState, faceImg string) trait {
	// A state without a face image is the same trait on every piece that
	// has it (its images are the state's overlays, state-ID-n.png: a
	// ruleset's state IDs are its own): made once.
	if faceImg != "" {
		return m.makeStateTrait(s, faceImg)
	}
	return memo(&m.layers, s.ID, func() trait { return m.makeStateTrait(s, "") })
}

// makeStateTrait is stateTrait, made.
func (m *vmod) makeStateTrait(s playState, faceImg string) trait {
	if s.Facings > 0 {
		return rotator(s)
	}
	var images []string
	for i := 0; i < stateLevels(s); i++ {
		if i == 0 && faceImg != "" {
			images = append(images, faceImg)
		} else {
			images = append(images, m.overlay(s, i))
		}
	}
	imgs := append([]string{""}, images...)
	down, downName := s.back, ""
	if down != "" {
		downName = menuTitle(s.State) + " (back)"
	}
	reset := ""
	if s.Clear {
		reset = "0,0," + ClearKey(s.State) // the global command that clears the state
	}
	return layer(s.ID, s.Title+" ("+s.Rule+")", menuTitle(s.State), s.key, downName, down, reset, imgs, s.back == "", 1)
}

// rotator is a FreeRotator with the state's facings, Key turning clockwise
// and Back counter-clockwise. State is the facing's index.
func rotator(s playState) trait {
	se := seq.New(';').Int(s.Facings)
	se.Append(s.key).Append(s.back).Append(menuTitle(s.State) + " (clockwise)").Append(menuTitle(s.State) + " (counter-clockwise)")
	se.Append("").Append("")        // random rotation key, text
	se.Append(s.ID).Append(s.Title) // name (its properties: ID_Facing, ID_Degrees), description
	se.Append("").Append("").Append("").Bool(true)
	return trait{"rotate;" + se.Value(), "0"}
}

// strengthProp is the Dynamic Property of the strength field: numeric,
// within the field's bounds, the down and up keys taking one point off and
// giving one back where the piece has a strength (live); a piece with none
// (an empty value) has no keys, which would step it from nothing to a
// number. State is the value.
func (pl *play) strengthProp(value string, live bool) trait {
	cons := seq.New(',').Bool(true).Int(pl.min).Int(pl.max).Bool(false).Value()
	cmds := seq.New(',')
	cmd := func(name, key, incr string) {
		if key == "" || !live {
			return
		}
		cmds.Append(seq.New(':').Append(name).Append(key).Append(seq.New(',').Append("I").Append(incr).Value()).Value())
	}
	cmd("Lose a strength point", pl.down, "-1")
	cmd("Recover a strength point", pl.up, "1")
	v := cmds.Value()
	typ := seq.New(';').Append(pl.strength).Append(cons).Append(v).Append("strength points").Value()
	return trait{"PROP;" + typ, value}
}

// noStrengthNoSteps is the Restrict Commands trait of a unit whose counter
// prints no strength but a set-up or arrival gives one: while its strength
// property is empty (a scenario or the palette gives it none) the step
// keys are disabled, menu and keyboard both, since they would step it from
// nothing to a number. Outside the strength report, which would post the
// key pressed even so (ReportState reports every key it watches).
func (pl *play) noStrengthNoSteps() trait {
	ks := seq.New(',')
	for _, k := range []string{pl.down, pl.up} {
		if k != "" {
			ks.Append(k)
		}
	}
	expr := "{GetString(" + strconv.Quote(pl.strength) + `)==""}`
	se := seq.New(';').Append("no strength: no steps").Append("Disable").Append(expr).Append(ks.Value())
	return trait{"hideCmd;" + se.Value(), ""}
}

// valuesLabel is the Text Label that draws the counter values at the foot
// of the counter, in the side's text colour; the piece's name is kept. Its
// state is the text, properties and all.
func (m *vmod) valuesLabel(color, text string, size int) trait {
	// its type is the same for every piece of a colour and size: made once
	key := color + " " + strconv.Itoa(size)
	return trait{memo(&m.labelTypes, key, func() string { return valuesLabelType(color, size) }), text}
}

// valuesLabelType is the type of valuesLabel's trait: its font size the
// largest at which the piece's values fit the counter (valuesSize).
func valuesLabelType(color string, size int) string {
	se := seq.New(';')
	se.Append("").Append("").Int(size) // no key, no menu command, font size
	se.Append("").Append(color)        // background (none), foreground
	se.Append("b").Int(-2).Append("c").Int(0).Append("b").Append("c")
	se.Append("$pieceName$").Append("Dialog").Int(1).Int(0) // name format, font, bold, rotation
	se.Append("Values").Append("counter values").Bool(false)
	return "label;" + se.Value()
}

// reportTrait writes a line to the chat log when one of keys is pressed,
// after the inner traits have acted (ReportState).
func (m *vmod) reportTrait(keys []string, format, desc string) trait {
	// most pieces have the same keys: made once
	k := strings.Join(append([]string{format, desc}, keys...), "\x00")
	return memo(&m.reports, k, func() trait { return makeReportTrait(keys, format, desc) })
}

// makeReportTrait is reportTrait, made.
func makeReportTrait(keys []string, format, desc string) trait {
	ks := seq.New(',')
	for _, k := range keys {
		if k != "" {
			ks.Append(k)
		}
	}
	se := seq.New(';').Append(ks.Value()).Append(format).Append("").Append("").Append(desc).Bool(false)
	return trait{"report;" + se.Value(), "-1"}
}

func deleteTrait(key string) trait {
	return trait{"delete;" + seq.New(';').Append("Delete").Append(key).Append("").Value(), ""}
}

func cloneTrait(key string) trait {
	return trait{"clone;" + seq.New(';').Append("Clone").Append(key).Append("").Value(), ""}
}

// rgb is "#rrggbb" as VASSAL's ColorConfigurer writes a colour, "r,g,b".
func rgb(hex string) string {
	h := strings.TrimPrefix(hex, "#")
	if len(h) != 6 {
		return "255,255,255"
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return "255,255,255"
	}
	return fmt.Sprintf("%d,%d,%d", v>>16, v>>8&255, v&255)
}

// faceCase is a face some layer level shows, with the values it prints.
type faceCase struct {
	layer string
	level int
	vals  oob.Values
}

// printed is how a value is printed on the counter: "?" unknown, a
// boolean field's initial when true, nothing when false.
func printed(f string, v oob.Value) (string, bool) {
	s := valueText(v)
	switch {
	case v.V == nil:
		return "?", true
	case s == "true":
		return strings.ToUpper(f[:1]), true
	case s == "false":
		return "", false
	}
	return s, true
}

// valuesText is the Text Label's text: the values in field order joined by
// "-", each a property reference ($cohesion$) when known, "?" when not
// (the strength property: "?" while it is empty).
// When a face that a layer shows prints other values, it is a BeanShell
// expression that picks the face's value while the layer shows it.
func (pl *play) valuesText(fields []string, vals oob.Values, cases []faceCase) string {
	var plain []string
	var expr []string
	dynamic := false
	for _, f := range fields {
		s, ok := printed(f, vals.Get(f))
		if !ok {
			continue
		}
		known := vals.Get(f).V != nil && s == valueText(vals.Get(f))
		if known {
			plain = append(plain, "$"+f+"$")
		} else {
			plain = append(plain, s)
		}
		e := strconv.Quote(s)
		if known {
			e = "GetProperty(" + strconv.Quote(f) + ")"
		}
		if f == pl.strength && vals.Get(f).V == nil {
			// the strength property of a unit whose counter prints
			// none: "?" until a set-up or a key gives it a value
			dynamic = true
			e = "(GetString(" + strconv.Quote(f) + `)==""?"?":GetProperty(` + strconv.Quote(f) + "))"
		}
		if f != pl.strength {
			for i := len(cases) - 1; i >= 0; i-- {
				c := cases[i]
				fv, has := c.vals.Lookup(f)
				if !has {
					continue
				}
				if t, _ := printed(f, fv); t != s {
					dynamic = true
					e = "(GetProperty(" + strconv.Quote(c.layer+"_Level") + ")==" + strconv.Itoa(c.level) + "?" + strconv.Quote(t) + ":" + e + ")"
				}
			}
		}
		expr = append(expr, e)
	}
	if !dynamic {
		return strings.Join(plain, "-")
	}
	return `{""+` + strings.Join(expr, `+"-"+`) + "}"
}

// unitCounter draws a unit's counter (without its values) and faces and
// gives the piece its state traits: after d's markers, the strength
// property, the values label, a layer per state, the face layer with the
// faces no state shows, clone and delete; outermost, the reports and any
// rotation.
func (m *vmod) unitCounter(d *pieceDef, sd *oob.Side, pal render.CounterStyle, u *oob.Unit) {
	pl := m.play
	fields := m.unitFields(u)
	sym := render.SymbolNamed(m.b.Rules.UnitTypes[u.Type].Symbol)
	art := sd.ArtOf(u)
	if art != nil {
		d.image = m.counterArt(art.Front)
	} else {
		d.image = m.imageName(sd.ID, u.Name, u.Formation.Designation())
		m.addImage(d.image, m.picture(drawUnit(pal, u, sym, nil, nil, "")))
	}
	faceVals := func(f string) oob.Values {
		vals := slices.Clone(u.Values)
		for _, v := range u.Faces[f] {
			vals.Set(v.Name, v.Value)
		}
		return vals
	}
	faceImg := func(f string) string {
		if art != nil && art.Back != nil {
			return m.counterArt(art.Back)
		}
		img := m.imageName(sd.ID, u.Name, u.Formation.Designation(), f)
		m.addImage(img, m.picture(drawUnit(pal, u, sym, nil, nil, f)))
		return img
	}
	var inner, outer []trait
	var cases []faceCase
	face := map[string]int{}   // face → index in inner of its layer
	states := map[string]int{} // state id → index in inner of its layer
	sv := u.Values.Get(pl.strength)
	// a strength field is a live value even where the counter prints
	// none (Dead of Winter): the set-ups give it, the keys step it
	hasProp := slices.Contains(fields, pl.strength)
	for _, f := range fields {
		if f == pl.strength && hasProp {
			continue
		}
		d.traits = append(d.traits, marker(f, valueText(u.Values.Get(f))))
	}
	// a unit with no strength, printed or set up, keeps an empty one:
	// no key steps it and no report posts it
	live := hasProp && (sv.Known() || m.givenStrength(u))
	if hasProp {
		inner = append(inner, pl.strengthProp(valueText(sv), live))
	}
	labelAt := len(inner)
	inner = append(inner, trait{})
	nameAt := -1
	if art == nil { // drawUnit leaves the name to nameLabel, the designation to unitTitleLabel
		nameAt = len(inner)
		inner = append(inner, trait{}, trait{})
	}
	var stateKeys []string
	taken := map[string]bool{}
	for _, s := range pl.statesFor(m.b.Rules.UnitTypes[u.Type].Class, false) {
		img := ""
		_, ok := u.Faces[s.Face]
		if _, typed := m.b.Rules.UnitTypes[u.Type].Faces[s.Face]; typed && art != nil && art.Back != nil {
			ok = true // the art's back shows the face its type has, values or not
		}
		if ok && s.Face != "" && !taken[s.Face] {
			taken[s.Face] = true
			img = faceImg(s.Face)
			face[s.Face] = len(inner)
			d.faceLvl[s.Face] = 2
			cases = append(cases, faceCase{s.ID, 2, faceVals(s.Face)})
		}
		t := m.stateTrait(s, img)
		if s.Facings > 0 {
			outer = append(outer, t)
		} else {
			states[s.ID] = len(inner)
			inner = append(inner, t)
		}
		stateKeys = append(stateKeys, s.key, s.back)
	}
	var rest []string
	for _, f := range m.faceNames(u) {
		if !taken[f] {
			rest = append(rest, f)
		}
	}
	if len(rest) > 0 {
		images := []string{""}
		for i, f := range rest {
			images = append(images, faceImg(f))
			face[f] = len(inner)
			d.faceLvl[f] = i + 2
			cases = append(cases, faceCase{"Face", i + 2, faceVals(f)})
		}
		d.faces = rest
		inner = append(inner, m.faceLayer(images))
		stateKeys = append(stateKeys, pl.flip, withShift(pl.flip)) // a flip is reported too
	}
	_, text := render.SideColors(sd.Color, sd.Text)
	if art != nil && !art.ValuesOver() {
		inner[labelAt] = m.valuesLabel(rgb(text), "", 11) // the art prints them
	} else {
		inner[labelAt] = m.valuesLabel(rgb(text), pl.valuesText(fields, u.Values, cases), valuesSize(valuesLines(fields, u.Values, cases)))
	}
	if nameAt >= 0 {
		inner[nameAt] = m.nameLabel(rgb(text), nameSize(u.Name))
		inner[nameAt+1] = m.unitTitleLabel(rgb(text), u)
	}
	inner = append(inner, m.pieceKeys()...)
	if live && (pl.down != "" || pl.up != "") {
		outer = append([]trait{m.reportTrait([]string{pl.down, pl.up}, "$newPieceName$ $old"+pl.strength+"$ → $"+pl.strength+"$ SP", "strength changes")}, outer...)
	}
	if slices.ContainsFunc(stateKeys, func(k string) bool { return k != "" }) {
		outer = append([]trait{m.reportTrait(stateKeys, "$newPieceName$: $menuCommand$", "state changes")}, outer...)
	}
	if live && !sv.Known() && (pl.down != "" || pl.up != "") {
		// its counter prints no strength: a scenario that gives none
		// starts it empty, where the steps would make one up
		outer = append([]trait{pl.noStrengthNoSteps()}, outer...)
	}
	m.assemble(d, outer, inner, face, states, "Unit "+u.Type, sd.ID)
}

// leaderCounter gives a leader's piece its states: Text Labels write his
// name and ratings over the image, following the face shown
// (leaderLabels); the replacement is the face layer's second level.
func (m *vmod) leaderCounter(d *pieceDef, sd *oob.Side, pal render.CounterStyle, l *oob.Leader) {
	pl := m.play
	d.image = m.imageName(sd.ID, "leader", l.Name, l.Formation.Designation())
	m.addImage(d.image, m.picture(drawLeader(pal, l, false)))
	_, ink := render.SideColors(sd.Color, sd.Text)
	inner := m.leaderLabels(l, ink)
	var outer []trait
	face := map[string]int{}
	states := map[string]int{}
	var stateKeys []string
	for _, s := range pl.statesFor("", true) {
		t := m.stateTrait(s, "")
		if s.Facings > 0 {
			outer = append(outer, t)
		} else {
			states[s.ID] = len(inner)
			inner = append(inner, t)
		}
		stateKeys = append(stateKeys, s.key, s.back)
	}
	if r := l.Replacement; r != nil {
		img := m.imageName(sd.ID, "leader", l.Name, l.Formation.Designation(), "replacement")
		m.addImage(img, m.picture(drawLeader(pal, r, true)))
		d.faces = []string{"replacement"}
		d.faceLvl["replacement"] = 2
		face["replacement"] = len(inner)
		inner = append(inner, m.faceLayer([]string{"", img}))
		stateKeys = append(stateKeys, pl.flip, withShift(pl.flip))
	}
	if len(l.Counters) > 0 {
		// his further counters (3DoG BB 4.44): a layer over his first,
		// one level a counter (its name and ratings are the labels')
		imgs := []string{""}
		for _, c := range l.Counters {
			img := m.imageName(sd.ID, "leader", l.Name, l.Formation.Designation(), c.Name)
			m.addImage(img, m.picture(drawLeader(pal, counterLeader(l, c), false)))
			imgs = append(imgs, img)
		}
		states[counterLayer] = len(inner)
		inner = append(inner, layer(counterLayer, "His further counters", "Next counter", pl.counter, "Previous counter", withShift(pl.counter), "", imgs, true, 1))
		stateKeys = append(stateKeys, pl.counter, withShift(pl.counter))
	}
	switch {
	case l.Replacement != nil:
		// the stack viewer's ratings follow his face as his labels do
		se := seq.New(';').Append("Ratings").Append("{" + followExpr(leadersShown(l), ratingsText) + "}").Append("Ratings (follows his face)")
		inner = append(inner, trait{"calcProp;" + se.Value(), ""})
	case len(l.Counters) > 0:
		inner = append(inner, counterProp("Ratings", ratingsText(l), l, ratingsText))
	default:
		inner = append(inner, marker("Ratings", ratingsText(l)))
	}
	inner = append(inner, m.pieceKeys()...)
	if slices.ContainsFunc(stateKeys, func(k string) bool { return k != "" }) {
		outer = append([]trait{m.reportTrait(stateKeys, "$newPieceName$: $menuCommand$", "state changes")}, outer...)
	}
	m.assemble(d, outer, inner, face, states, "Leader", sd.ID)
}

// counterLayer names the Layer of a leader's further counters; its
// property is Counter_Level. No state id is capitalised, so none clashes.
const counterLayer = "Counter"

// counterLeader is leader l as counter c shows him: c's name and ratings.
func counterLeader(l *oob.Leader, c oob.Counter) *oob.Leader {
	cl := *l
	cl.Name, cl.Ratings, cl.Replacement = c.Name, c.Ratings, nil
	return &cl
}

// counterProp is a Calculated Property named key whose value follows the
// leader's counter layer: first on his first counter, of(the counter's
// leader) on each further one.
func counterProp(key, first string, l *oob.Leader, of func(*oob.Leader) string) trait {
	e := strconv.Quote(first)
	for i := len(l.Counters) - 1; i >= 0; i-- {
		e = "(GetProperty(" + strconv.Quote(counterLayer+"_Level") + ")==" + strconv.Itoa(i+2) + "?" + strconv.Quote(of(counterLeader(l, l.Counters[i]))) + ":" + e + ")"
	}
	se := seq.New(';').Append(key).Append("{" + e + "}").Append(key + " (follows his counter)")
	return trait{"calcProp;" + se.Value(), ""}
}

// ratingsText is a leader's ratings as the stack viewer shows them:
// "initiative 3, range 6", those with a value (givenKeys).
func ratingsText(l *oob.Leader) string {
	var parts []string
	for _, k := range givenKeys(l) {
		parts = append(parts, k+" "+valueText(l.Ratings.Get(k)))
	}
	return strings.Join(parts, ", ")
}

// assemble puts outer before d's traits and inner after them, records
// which trait shows each face and each state's layer, and puts the traits
// d shares with other pieces in prototypes named after base and side
// (shareTraits).
func (m *vmod) assemble(d *pieceDef, outer, inner []trait, face, states map[string]int, base, side string) {
	if sd := m.b.Side(side); sd != nil {
		menus := m.subMenus(outer, d.traits, inner, m.sideConveniences(sd))
		outer = append(append(append(make([]trait, 0, 1+len(menus)+len(outer)), restrictedTo(sd)), menus...), outer...)
	}
	n := len(outer) + len(d.traits)
	d.traits = append(append(append(make([]trait, 0, n+len(inner)), outer...), d.traits...), inner...)
	d.faceAt = map[string]int{}
	for f, i := range face {
		d.faceAt[f] = n + i
	}
	d.stateAt = map[string]int{}
	for id, i := range states {
		d.stateAt[id] = n + i
	}
	m.shareTraits(d, base, side)
}

// faceLayer is the Layer "Face" of the faces no state shows, on the flip
// key (back with shift).
func (m *vmod) faceLayer(images []string) trait {
	return layer("Face", "Counter faces", "Next face", m.play.flip, "Previous face", withShift(m.play.flip), "", images, true, 1)
}

// pieceKeys are the Clone and Delete traits of the play keys.
func (m *vmod) pieceKeys() []trait {
	var ts []trait
	if m.play.clone != "" {
		ts = append(ts, cloneTrait(m.play.clone))
	}
	if m.play.del != "" {
		ts = append(ts, deleteTrait(m.play.del))
	}
	return ts
}

// givenStrength reports whether a set-up or an arrival of any of the
// battle's scenarios gives unit u a strength.
func (m *vmod) givenStrength(u *oob.Unit) bool {
	if m.setStrength == nil {
		m.setStrength = map[*oob.Unit]bool{}
		mark := func(ps []battle.Piece) {
			for _, p := range ps {
				if p.Strength != nil {
					for _, v := range p.Ref.Units() {
						m.setStrength[v] = true
					}
				}
			}
		}
		for _, sc := range m.b.Scenarios {
			for _, st := range sc.Setup {
				mark(st.Pieces)
			}
			for _, ar := range sc.Arrivals {
				mark(ar.Pieces)
			}
		}
	}
	return m.setStrength[u]
}

// override sets a set-up's value on a Marker or Dynamic Property of the
// same key: the strength a scenario sets a unit up with.
func override(t trait, overrides map[string]string) trait {
	switch {
	case strings.HasPrefix(t.typ, "mark;"):
		k := strings.TrimPrefix(t.typ, "mark;")
		if v, ok := overrides[k]; ok {
			return marker(k, v)
		}
	case strings.HasPrefix(t.typ, "PROP;"):
		if k := seq.Decode(t.typ, ';'); len(k) > 1 {
			if v, ok := overrides[k[1]]; ok {
				t.state = v
			}
		}
	}
	return t
}
