// Package check judges a played game against its battle's rules: each
// piece of a saved game or log (package game) is mapped back to its unit
// or leader through the module muster wrote, each point to its hex; the
// position is put in the battle's resolved model as the set-up of the
// game's scenario, on the turn its turn track shows, and the checks that
// judge a position run on it through the pipeline (pipeline.Check with
// Position). A log is judged after every step, and each finding is told
// at the step that made it, with a diag.Play naming the game, the step,
// the piece and the hex.
package check

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/game"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/pipeline"
)

// NotMusters is the error for a module muster did not write.
type NotMusters struct{ Module string }

func (e *NotMusters) Error() string {
	return fmt.Sprintf("%s was not written by muster (its description does not end \", compiled by muster\"): a game is read against the module muster wrote for its battle, whose pieces name their units", e.Module)
}

// Placed is a piece of the game as the battle knows it.
type Placed struct {
	Piece *game.Piece
	Side  string
	Ref   oob.Ref
	Hex   string // "" off the map
	Board string // the board (or box) it is on
	Map   string
	// Strength, Face, Orders and Facing are what the piece shows; Facing
	// as a set-up writes it and VASSAL names it (FreeRotator's
	// <name>_Facing): the rotation's index plus one, 1 the counter as
	// drawn (north), counted clockwise.
	Strength *int
	Face     string
	Orders   string
	Facing   string
	// Counter is, for a leader with further counters, the one the piece
	// shows (its Counter layer's level less one; 0 his first).
	Counter int
}

// Position maps a position of g onto battle b: every unit and leader
// piece with where it stands and what it shows, in the position's order.
// Pieces that are no unit or leader (markers, chits) are left out, and
// so are those the battle does not know (unknown lists their names).
func Position(b *battle.Battle, m *game.Module, g *game.Game, pos *game.Position) (placed []Placed, unknown []string) {
	for _, p := range pos.Sorted() {
		kind := p.Markers["Kind"]
		desig := p.Markers["Designation"]
		if s := m.Slots[p.GPID]; s != nil && s.Piece != nil {
			if d := s.Piece.Markers["Designation"]; d != "" {
				desig = d
			}
		}
		if kind != "unit" && kind != "leader" {
			continue
		}
		side := p.Markers["Side"]
		var ref oob.Ref
		if ix := b.Index(side); ix != nil && desig != "" {
			for _, r := range ix.Resolve(desig) {
				if r.Name() == desig && (r.Unit != nil || r.Leader != nil) {
					ref = r
					break
				}
			}
		}
		if ref.Unit == nil && ref.Leader == nil {
			unknown = append(unknown, p.Name)
			continue
		}
		at := m.Locate(g, p.Map, p.X, p.Y)
		pl := Placed{Piece: p, Side: side, Ref: ref, Hex: at.Location, Board: at.Board, Map: p.Map}
		if at.Location != "" {
			if _, _, err := b.Map.Grid.Parse(at.Location); err != nil {
				pl.Hex = ""
			}
		}
		pl.read(b)
		placed = append(placed, pl)
	}
	return placed, unknown
}

// read reads what the piece shows from its layers and properties, as
// compile/vassal writes them (docs/vassal.md, "Counters and their
// states"): the strength property, a state's face at its second level,
// the Face layer's faces, the orders layer's levels, the facing.
func (pl *Placed) read(b *battle.Battle) {
	p, r := pl.Piece, b.Rules
	sp := r.Strength
	if sp == "" {
		sp = "strength"
	}
	if v, err := strconv.Atoi(strings.TrimSpace(p.Props[sp])); err == nil && pl.Ref.Unit != nil {
		pl.Strength = &v
	}
	taken := map[string]bool{}
	for _, s := range r.Play.States {
		if s.Facings > 0 {
			if i, ok := p.Facings[s.ID]; ok && s.ID == "facing" {
				pl.Facing = strconv.Itoa(i + 1)
			}
			continue
		}
		lv := p.Level(s.ID)
		if s.Face != "" {
			taken[s.Face] = true
			if lv == 2 && pl.Face == "" {
				pl.Face = s.Face
			}
		}
		if s.ID == "orders" && lv >= 2 && lv-2 < len(s.Levels) {
			o := strings.ToLower(s.Levels[lv-2])
			for _, x := range r.Orders {
				if x == o {
					pl.Orders = o
				}
			}
		}
	}
	if lv := p.Level("Counter"); lv >= 2 && pl.Ref.Leader != nil && lv-1 <= len(pl.Ref.Leader.Counters) {
		pl.Counter = lv - 1
	}
	if lv := p.Level("Face"); lv >= 2 && pl.Face == "" {
		if u := pl.Ref.Unit; u != nil {
			var rest []string
			for f := range u.Faces {
				if !taken[f] {
					rest = append(rest, f)
				}
			}
			sort.Strings(rest)
			if lv-2 < len(rest) {
				pl.Face = rest[lv-2]
			}
		} else if pl.Ref.Leader != nil && lv == 2 {
			pl.Face = "replacement"
		}
	}
}

// Scenario finds the battle's scenario the game plays: the module's
// Scenario property, else the scenario a board names ("Sheet C (intro)"),
// else the battle's only one.
func Scenario(b *battle.Battle, g *game.Game) *battle.Scenario {
	want := g.Properties["Scenario"]
	if want == "" {
		for _, bs := range g.Boards {
			for _, bd := range bs {
				if i := strings.LastIndex(bd.Name, " ("); i > 0 && strings.HasSuffix(bd.Name, ")") {
					want = bd.Name[i+2 : len(bd.Name)-1]
				}
			}
		}
	}
	for _, s := range b.Scenarios {
		if s.ID == want {
			return s
		}
	}
	if len(b.Scenarios) == 1 {
		return b.Scenarios[0]
	}
	return nil
}

// Turn is the turn the game's turn track shows (compile/vassal's
// TurnTracker state: the day's index, then the time slot's), ok false
// when it shows none the battle has.
func Turn(b *battle.Battle, g *game.Game) (battle.Turn, bool) {
	f := seq.Decode(g.Turn, '|')
	if g.Turn == "" || len(f) < 2 || len(b.Slots) == 0 {
		return battle.Turn{}, false
	}
	day := seq.Decode(f[1], ';')
	d, err := strconv.Atoi(day[0])
	if err != nil || d < 0 || d >= len(b.Days) {
		return battle.Turn{}, false
	}
	tm := seq.Decode(day[len(day)-1], ';')
	si, err := strconv.Atoi(tm[0])
	if err != nil || si < 0 || si >= len(b.Slots) {
		return battle.Turn{}, false
	}
	return b.TurnAt(d*len(b.Slots) + si), true
}

// AsScenario is scenario sc with placed as its set-up on turn t, as the
// battle's model holds a set-up: a stack for each side's pieces in a hex
// (pieces off the map left out), each piece with what it shows (its
// facing too, for the checks that read it: TSS's frontal zones and one
// facing a stack); its
// arrivals and withdrawals are dropped (the game shows where they are).
// at gives each stack and piece its position (piece "" for a stack).
func AsScenario(b *battle.Battle, sc *battle.Scenario, t battle.Turn, placed []Placed, at func(piece, hex string) diag.Pos) *battle.Scenario {
	ns := *sc
	ns.Setup, ns.Arrivals, ns.Withdrawals = nil, nil, nil
	t.Pos = sc.First.Pos
	ns.First = t
	stacks := map[string]*battle.Stack{}
	for _, pl := range placed {
		if pl.Hex == "" {
			continue // off the map: a box, the eliminated
		}
		k := pl.Side + "\x00" + pl.Hex
		st := stacks[k]
		if st == nil {
			c, _, _ := b.Map.Grid.Parse(pl.Hex)
			st = &battle.Stack{Side: pl.Side, Hex: battle.HexRef{Coord: c, Label: pl.Hex, Pos: at("", pl.Hex)}}
			stacks[k] = st
			ns.Setup = append(ns.Setup, st)
		}
		pos := at(pl.Piece.Name, pl.Hex)
		bp := battle.Piece{Name: pl.Ref.Name(), Ref: pl.Ref, Strength: pl.Strength, Face: pl.Face, Orders: pl.Orders, Facing: pl.Facing, Counter: pl.Counter, Pos: pos}
		if pl.Counter > 0 {
			bp.CounterPos = pos
		}
		st.Pieces = append(st.Pieces, bp)
	}
	return &ns
}

// Options are a check of a game.
type Options struct {
	// Battle are the pipeline's options for the battle folder (Position
	// is set by Run).
	Battle pipeline.Options
	Game   *game.Game
	Module *game.Module
	// ModuleName names the module in errors.
	ModuleName string
}

// Result is a game checked.
type Result struct {
	Battle   *battle.Battle
	Scenario *battle.Scenario
	Turn     battle.Turn
	// Diagnostics are the findings, each at the game's file with a
	// diag.Play for its step, piece and hex; the battle's own load
	// errors come first (they make the check unreliable).
	Diagnostics []diag.Diagnostic
	// Unknown are the pieces the battle does not know.
	Unknown []string
	// Steps is how many positions were judged.
	Steps int
}

// Run checks a game: its position for a saved game, every step's for a
// log.
func Run(o Options) (*Result, error) {
	g, m := o.Game, o.Module
	if !m.Muster {
		return nil, &NotMusters{Module: o.ModuleName}
	}
	if g.Module != "" && m.Name != "" && g.Module != m.Name {
		return nil, fmt.Errorf("%s was saved with the module %q, not %s (%q)", g.Name, g.Module, o.ModuleName, m.Name)
	}
	res := &Result{}
	positions := []*game.Position{g.Start}
	for _, s := range g.Steps {
		positions = append(positions, s.After)
	}
	key := g.Name + "\x00position"
	if o.Battle.Cache == nil {
		o.Battle.Cache = battle.NewCache() // each position loads the battle again: read once
	}
	var prev map[string]bool
	unknown := map[string]bool{}
	for i, pos := range positions {
		if i > 0 && len(g.Steps[i-1].Moves)+len(g.Steps[i-1].Changed)+len(g.Steps[i-1].Added)+len(g.Steps[i-1].Removed) == 0 {
			continue // a chat line: the position is the one before
		}
		var places []diag.Play // by synthetic line - 1
		bo := o.Battle
		var failed error
		bo.Position = func(b *battle.Battle) *battle.Scenario {
			sc := Scenario(b, g)
			if sc == nil {
				failed = fmt.Errorf("%s: the battle has no scenario the game plays (its Scenario property is %q)", g.Name, g.Properties["Scenario"])
				return nil
			}
			res.Battle, res.Scenario = b, sc
			placed, unk := Position(b, m, g, pos)
			for _, u := range unk {
				unknown[u] = true
			}
			t, ok := Turn(b, g)
			if !ok {
				t = sc.First
			}
			res.Turn = t
			return AsScenario(b, sc, t, placed, func(piece, hex string) diag.Pos {
				places = append(places, diag.Play{Game: g.Name, Step: i, Piece: piece, Hex: hex})
				return diag.Pos{File: key, Line: len(places), Column: 1}
			})
		}
		r := pipeline.Check(bo)
		if failed != nil {
			return nil, failed
		}
		if r.Battle == nil || r.Battle.Rules == nil {
			res.Diagnostics = append(res.Diagnostics, r.Diagnostics...)
			return res, nil
		}
		res.Steps++
		now := map[string]bool{}
		for _, d := range r.Diagnostics {
			if d.Pos.File != key {
				if i == 0 && d.Unreadable() {
					res.Diagnostics = append(res.Diagnostics, d) // the battle cannot be read whole
				}
				continue
			}
			d = place(d, key, places, g, m, i)
			fp := d.Fingerprint()
			now[fp] = true
			if prev[fp] {
				continue // already told at the step that made it
			}
			res.Diagnostics = append(res.Diagnostics, d)
		}
		prev = now
	}
	for u := range unknown {
		res.Unknown = append(res.Unknown, u)
	}
	sort.Strings(res.Unknown)
	diag.Sort(res.Diagnostics)
	// a log's findings in the order of its steps
	sort.SliceStable(res.Diagnostics, func(a, b int) bool { return stepOf(res.Diagnostics[a]) < stepOf(res.Diagnostics[b]) })
	return res, nil
}

// stepOf is the step a finding of the game is told at (-1: the battle's).
func stepOf(d diag.Diagnostic) int {
	if len(d.Related) > 0 {
		if p, ok := d.Related[0].At.(diag.Play); ok {
			return p.Step
		}
	}
	return -1
}

// place moves a finding from the position's synthetic lines to the game:
// its place is the game's file; a diag.Play first among its related
// places names the step, the piece and the hex; places it cites in the
// position become Plays too. In a log, the message says what the step
// that made it did.
func place(d diag.Diagnostic, key string, places []diag.Play, g *game.Game, m *game.Module, step int) diag.Diagnostic {
	at := func(p diag.Pos) (diag.Play, bool) {
		if p.File != key || p.Line < 1 || p.Line > len(places) {
			return diag.Play{}, false
		}
		return places[p.Line-1], true
	}
	here, _ := at(d.Pos)
	var st *game.Step
	if step > 0 {
		st = g.Steps[step-1]
		if here.Piece == "" && here.Hex != "" {
			// a finding about a hex names the piece the step brought there
			for _, mv := range st.Moves {
				for _, id := range mv.Pieces {
					if p := st.After.Pieces[id]; p != nil && m.Locate(g, p.Map, p.X, p.Y).Location == here.Hex {
						here.Piece = p.Name
					}
				}
			}
		}
	}
	related := []diag.Related{{At: here, Note: note(st, g)}}
	for _, r := range d.Related {
		if p, ok := r.At.(diag.Pos); ok {
			if pl, ok := at(p); ok {
				r.At = pl
			}
		}
		related = append(related, r)
	}
	d.Related = related
	d.Pos = diag.Pos{File: g.Name}
	// a place of the position a check wrote into its text ("where CSA
	// already has units (KEY:40:1)") is told as the game's place
	d.Message, d.Hint = inText(d.Message, key, at), inText(d.Hint, key, at)
	if st != nil {
		d.Message = "step " + strconv.Itoa(step) + " (" + what(st, g) + "): " + d.Message
	}
	return d
}

// inText writes each place of the position in s as its diag.Play.
func inText(s, key string, at func(diag.Pos) (diag.Play, bool)) string {
	for {
		i := strings.Index(s, key+":")
		if i < 0 {
			return s
		}
		j := i + len(key) + 1
		k := j
		for k < len(s) && (s[k] >= '0' && s[k] <= '9' || s[k] == ':') {
			k++
		}
		f := strings.Split(strings.TrimSuffix(s[j:k], ":"), ":")
		line, _ := strconv.Atoi(f[0])
		col := 0
		if len(f) > 1 {
			col, _ = strconv.Atoi(f[1])
		}
		p, ok := at(diag.Pos{File: key, Line: line, Column: col})
		text := p.String()
		if !ok {
			text = "the game"
		}
		s = s[:i] + text + s[k:]
	}
}

func note(st *game.Step, g *game.Game) string {
	if st == nil {
		if len(g.Steps) > 0 {
			return "the position the log starts from"
		}
		return "the position saved"
	}
	return "the position after step " + strconv.Itoa(st.N)
}

// what says what a step did, from its chat lines (the moves and the
// changes VASSAL reported, as the players read them), or its moves.
func what(st *game.Step, g *game.Game) string {
	var out []string
	for _, c := range st.Chat {
		c = strings.TrimSpace(strings.Trim(strings.TrimSpace(c), "*"))
		c = strings.ReplaceAll(c, "&rarr;", "→")
		if c != "" {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		for _, mv := range st.Moves {
			for _, id := range mv.Pieces {
				if p := st.After.Pieces[id]; p != nil {
					out = append(out, p.Name+" moved")
				}
			}
		}
	}
	if len(out) == 0 {
		return strconv.Itoa(len(st.Changed)+len(st.Added)+len(st.Removed)) + " pieces changed"
	}
	// who: the side of the player the step's moves name (PBEM and
	// online games name him; a game played alone does not)
	for _, mv := range st.Moves {
		if side := g.PlayerSides[mv.Player]; side != "" && mv.Player != "" {
			return side + ": " + strings.Join(out, "; ")
		}
	}
	return strings.Join(out, "; ")
}
