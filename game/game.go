// Package game reads a game VASSAL saved (.vsav) or logged (.vlog): the
// archive's savedGame member, deobfuscated ("!VCSK", docs/vassal.md and
// vassal-format.md §2), split into VASSAL's commands, and played through:
// the pieces each AddPiece command adds (their traits, layer levels,
// properties, markers and where they stand), the stacks, the boards each
// map shows, and, for a log, each step a player took (who moved which
// piece from where to where, what changed). It never writes over a game:
// Update (update.go) brings a game's pieces to a new version of its module
// as VASSAL's Refresh Counters does, and Bytes writes the game so brought
// as a new file. It knows no battle: package game/check maps what it reads
// onto one.
package game

import (
	"archive/zip"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/internal/zipbudget"
)

// Limits on a game (docs/ci.md, "Limits"), past which it is refused with
// an error naming the limit.
var (
	maxGame     int64 = 256 << 20 // bytes the savedGame member inflates to (twice the commands: they are hex)
	maxCommands       = 1_000_000 // commands in a game, nested ones counted
	maxDepth          = 16        // commands nested in commands
	maxTraits         = 1000      // traits of one piece
	maxWork     int64 = 1 << 30   // bytes decoded in all as pieces' traits are split from the rest, level by level
)

// Game is a saved game or a log, read.
type Game struct {
	// Name is the file name the game was read as, for messages.
	Name string
	// Module and Version are the module the game was saved with, as the
	// game's moduledata copy says; Description is the module's.
	Module, Version, Description string
	// Start is the position the game opens on: for a saved game the
	// position saved, for a log the position it starts from.
	Start *Position
	// Steps are a log's steps, in order (none in a saved game).
	Steps []*Step
	// Boards are the boards each map shows: map name → the boards in
	// their picker slots.
	Boards map[string][]BoardAt
	// Turn is the turn tracker's state (TURN commands), as VASSAL writes it.
	Turn string
	// TurnID is the tracker's id ("TurnTracker0").
	TurnID string
	// Players are the sides players took (PLAYER commands), and
	// PlayerSides each player's side by the id a MovePiece names him by.
	Players     []string
	PlayerSides map[string]string
	work        int64 // bytes decoded so far, against maxWork
	// Properties are the global properties the game sets (GlobalProperty
	// commands: muster's modules keep the scenario in "Scenario").
	Properties map[string]string

	// The archive as read, for writing the game again (Bytes): its
	// entries in order, the obfuscation key (-1: a plain stream) and the
	// command stream as a tree.
	names   []string
	entries map[string][]byte
	key     int
	root    *node
}

// BoardAt is a board a map shows and its picker slot.
type BoardAt struct {
	Name     string
	Col, Row int
}

// Position is where every piece stands at one moment.
type Position struct {
	Pieces map[string]*Piece // by id
	Stacks map[string]*Stack // by id
}

// Stack is a stack: its map and point, and its pieces bottom to top.
type Stack struct {
	ID     string
	Map    string
	X, Y   int
	Pieces []string
}

// Piece is one game piece.
type Piece struct {
	ID    string
	Name  string // the BasicPiece's name
	Image string
	GPID  string
	Map   string // "" off every map
	X, Y  int
	// Markers are the Marker traits' values by key (outermost first wins),
	// Props the Dynamic Properties', Layers each Layer's level (1 its
	// first) by layer name and Active whether it shows, Facings each
	// rotation's facing index by name; Persistent the BasicPiece's
	// persistent properties.
	Markers, Props, Persistent map[string]string
	Layers                     map[string]int
	Active                     map[string]bool
	Facings                    map[string]int
	// Stack is the id of the stack the piece is in, "" when alone.
	Stack string

	typ    string  // the whole type, as the game gave it
	state  string  // the whole state, as last given
	traits []Trait // each trait's own type and state, outermost first; the last is the BasicPiece
}

// Type is the piece's whole type as the game wrote it (its traits, each
// with the rest nested after a TAB), State its whole state as last set:
// what a tool that rewrites a game (a module update) carries over.
func (p *Piece) Type() string  { return p.typ }
func (p *Piece) State() string { return p.state }

// Traits are the piece's traits, each its own type and state, outermost
// first; the last is the BasicPiece.
func (p *Piece) Traits() []Trait { return append([]Trait(nil), p.traits...) }

// Step is one step of a log: what one player action sent.
type Step struct {
	N     int // 1-based
	Moves []Move
	// Changed are the pieces whose state changed (ChangePiece), Added and
	// Removed the pieces added and deleted.
	Changed, Added, Removed []string
	// Chat are the chat lines the step wrote.
	Chat []string
	// After is the position once the step is played.
	After *Position
}

// Move is a piece or stack moved.
type Move struct {
	ID             string
	FromMap, ToMap string
	FromX, FromY   int
	ToX, ToY       int
	Player         string
	Pieces         []string // the pieces moved: the piece, or the stack's
	under          string
}

// LimitError is a game past one of the limits.
type LimitError struct{ What string }

func (e *LimitError) Error() string { return e.What }

// Read reads a saved game or a log from the bytes of its file.
func Read(name string, data []byte) (*Game, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s: not a VASSAL saved game or log (a zip archive): %v", name, err)
	}
	g := &Game{Name: name, Boards: map[string][]BoardAt{}, entries: map[string][]byte{}}
	budget := zipbudget.New(maxGame, maxGame+(16<<20))
	for _, f := range zr.File {
		b, err := budget.Read(f)
		if err != nil {
			var le *zipbudget.LimitError
			if errors.As(err, &le) {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			return nil, fmt.Errorf("%s: %s cannot be read: %v", name, f.Name, err)
		}
		if _, dup := g.entries[f.Name]; !dup {
			g.names = append(g.names, f.Name)
		}
		g.entries[f.Name] = b
	}
	if md, ok := g.entries["moduledata"]; ok {
		g.Module, g.Version, g.Description = metadata(md)
	}
	raw, ok := g.entries["savedGame"]
	if !ok {
		return nil, fmt.Errorf("%s: the archive has no savedGame member: not a VASSAL saved game or log", name)
	}
	text, key, err := deobfuscate(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	g.key = key
	if err := g.play(text); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}

// header starts an obfuscated stream (ObfuscatingOutputStream).
const header = "!VCSK"

// Deobfuscate undoes VASSAL's "!VCSK" obfuscation (a key byte, then each
// byte XORed with it, all as hex digits); other text passes unchanged, as
// VASSAL's DeobfuscatingInputStream passes it.
func Deobfuscate(b []byte) (string, error) {
	s, _, err := deobfuscate(b)
	return s, err
}

// deobfuscate is Deobfuscate, with the key the stream was written with
// (-1 for plain text), so the game can be written again with it.
func deobfuscate(b []byte) (string, int, error) {
	if !bytes.HasPrefix(b, []byte(header)) {
		return string(b), -1, nil
	}
	b = b[len(header):]
	if len(b) < 2 || len(b)%2 != 0 {
		return "", 0, errors.New("the obfuscated savedGame is not hex")
	}
	key, ok := hexByte(b[0], b[1])
	if !ok {
		return "", 0, errors.New("the obfuscated savedGame is not hex")
	}
	out := make([]byte, 0, len(b)/2-1)
	for i := 2; i < len(b); i += 2 {
		v, ok := hexByte(b[i], b[i+1])
		if !ok {
			return "", 0, errors.New("the obfuscated savedGame is not hex")
		}
		out = append(out, v^key)
	}
	return string(out), int(key), nil
}

// obfuscate writes text as deobfuscate reads it, with key (-1: plain).
func obfuscate(text string, key int) []byte {
	if key < 0 {
		return []byte(text)
	}
	out := make([]byte, 0, len(header)+2+2*len(text))
	out = append(out, header...)
	out = hex.AppendEncode(out, []byte{byte(key)})
	buf := []byte(text)
	for i := range buf {
		buf[i] ^= byte(key)
	}
	return hex.AppendEncode(out, buf)
}

func hexByte(a, b byte) (byte, bool) {
	x, ok1 := unhex(a)
	y, ok2 := unhex(b)
	return x<<4 | y, ok1 && ok2
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// metadata reads name, version and description from a moduledata copy
// (<data version="1"><version>…</version><description>…</description><name>…</name>).
func metadata(b []byte) (name, version, desc string) {
	get := func(tag string) string {
		s := string(b)
		i := strings.Index(s, "<"+tag+">")
		if i < 0 {
			return ""
		}
		s = s[i+len(tag)+2:]
		j := strings.Index(s, "</"+tag+">")
		if j < 0 {
			return ""
		}
		return xmlText(s[:j])
	}
	return get("name"), get("version"), get("description")
}

func xmlText(s string) string {
	r := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&")
	return r.Replace(s)
}

// node is a command of the stream: one command (text), or a command that
// holds more (kids: an ESC-separated sequence, each written with its ESCs
// escaped again, GameModule.encode); log when it came as a LOG command
// (BasicLogger's "LOG\t" before it).
type node struct {
	log  bool
	text string
	kids []*node
}

// split splits an encoded command as GameModule.decode does: at ESC, a
// command that holds more commands split again, LOG commands opened.
// depth is how deep s is nested; n counts the commands against the limit.
func split(s string, depth int, n *int) ([]*node, error) {
	if depth >= maxDepth {
		return nil, &LimitError{fmt.Sprintf("commands nested more than %d deep (the nesting limit)", maxDepth)}
	}
	parts := seq.Decode(s, 0x1b)
	out := make([]*node, 0, len(parts))
	for _, c := range parts {
		if *n++; *n > maxCommands {
			return nil, &LimitError{fmt.Sprintf("more than %d commands (the command limit)", maxCommands)}
		}
		nd := &node{}
		if rest, ok := strings.CutPrefix(c, "LOG\t"); ok {
			nd.log, c = true, rest
		}
		if strings.IndexByte(c, 0x1b) >= 0 {
			kids, err := split(c, depth+1, n)
			if err != nil {
				return nil, err
			}
			nd.kids = kids
		} else {
			nd.text = c
		}
		out = append(out, nd)
	}
	return out, nil
}

// encode writes the node as it was read.
func (nd *node) encode() string {
	s := nd.text
	if nd.kids != nil {
		e := seq.New(0x1b)
		for _, k := range nd.kids {
			e.Append(k.encode())
		}
		s = e.Value()
	}
	if nd.log {
		return "LOG\t" + s
	}
	return s
}

// each calls f with each command of nd that holds no other, in order.
func (nd *node) each(f func(cmd *string) error) error {
	if nd.kids == nil {
		return f(&nd.text)
	}
	for _, k := range nd.kids {
		if err := k.each(f); err != nil {
			return err
		}
	}
	return nil
}

// play reads the command stream: the position saved (up to end_save),
// then each top-level LOG command as one step.
func (g *Game) play(text string) error {
	n := 0
	top, err := split(text, 0, &n)
	if err != nil {
		return err
	}
	g.root = &node{kids: top}
	pos := &Position{Pieces: map[string]*Piece{}, Stacks: map[string]*Stack{}}
	inLog := false
	for _, c := range top {
		if c.log {
			if !inLog {
				inLog = true
				g.Start = pos.clone()
			}
			step := &Step{N: len(g.Steps) + 1}
			if err := c.each(func(cmd *string) error { return g.apply(pos, step, *cmd) }); err != nil {
				return err
			}
			if step.empty() {
				continue
			}
			step.After = pos.clone()
			g.Steps = append(g.Steps, step)
			continue
		}
		if err := c.each(func(cmd *string) error { return g.apply(pos, nil, *cmd) }); err != nil {
			return err
		}
	}
	if g.Start == nil {
		g.Start = pos
	}
	return nil
}

func (s *Step) empty() bool {
	return len(s.Moves)+len(s.Changed)+len(s.Added)+len(s.Removed)+len(s.Chat) == 0
}

func (p *Position) clone() *Position {
	out := &Position{Pieces: make(map[string]*Piece, len(p.Pieces)), Stacks: make(map[string]*Stack, len(p.Stacks))}
	for id, pc := range p.Pieces {
		c := *pc
		out.Pieces[id] = &c
	}
	for id, st := range p.Stacks {
		c := *st
		c.Pieces = append([]string(nil), st.Pieces...)
		out.Stacks[id] = &c
	}
	return out
}

// apply plays one command on pos; step, in a log, records it.
func (g *Game) apply(pos *Position, step *Step, c string) error {
	switch {
	case strings.HasPrefix(c, "+/"):
		p, st, err := addPiece(c, &g.work)
		if err != nil {
			return err
		}
		if st != nil {
			pos.Stacks[st.ID] = st
			pos.join(st)
			return nil
		}
		if p == nil {
			return nil
		}
		pos.Pieces[p.ID] = p
		if step != nil {
			step.Added = append(step.Added, p.ID)
		}
	case strings.HasPrefix(c, "-/"):
		id := c[2:]
		if p := pos.Pieces[id]; p != nil {
			pos.leave(p)
			delete(pos.Pieces, id)
			if step != nil {
				step.Removed = append(step.Removed, id)
			}
		}
		delete(pos.Stacks, id)
	case strings.HasPrefix(c, "D/"):
		f := seq.Decode(c[2:], '/')
		if len(f) < 2 {
			return nil
		}
		if st := pos.Stacks[f[0]]; st != nil {
			st.setState(f[1])
			pos.join(st)
			return nil
		}
		if p := pos.Pieces[f[0]]; p != nil {
			if err := p.setState(f[1], &g.work); err != nil {
				return err
			}
			if step != nil {
				step.Changed = append(step.Changed, p.ID)
			}
		}
	case strings.HasPrefix(c, "M/"):
		f := seq.Decode(c[2:], '/')
		if len(f) < 9 {
			return nil
		}
		m := Move{ID: f[0], ToMap: null(f[1]), ToX: atoi(f[2]), ToY: atoi(f[3]), under: null(f[4]),
			FromMap: null(f[5]), FromX: atoi(f[6]), FromY: atoi(f[7])}
		if len(f) > 9 {
			m.Player = f[9]
		}
		if st := pos.Stacks[m.ID]; st != nil {
			st.Map, st.X, st.Y = m.ToMap, m.ToX, m.ToY
			m.Pieces = append(m.Pieces, st.Pieces...)
			for _, id := range st.Pieces {
				if p := pos.Pieces[id]; p != nil {
					p.Map, p.X, p.Y = st.Map, st.X, st.Y
				}
			}
		} else if p := pos.Pieces[m.ID]; p != nil {
			pos.leave(p)
			p.Map, p.X, p.Y = m.ToMap, m.ToX, m.ToY
			m.Pieces = []string{p.ID}
			if u := pos.Pieces[m.under]; u != nil && u.Stack != "" {
				if st := pos.Stacks[u.Stack]; st != nil {
					st.Pieces = append(st.Pieces, p.ID)
					p.Stack = st.ID
				}
			}
		}
		if step != nil {
			step.Moves = append(step.Moves, m)
		}
	case strings.HasPrefix(c, "CHAT"):
		if step != nil {
			step.Chat = append(step.Chat, strings.TrimPrefix(c, "CHAT"))
		}
	case strings.HasPrefix(c, "TURN"):
		id, st, _ := strings.Cut(c[4:], "\t")
		g.TurnID, g.Turn = id, st
	case strings.HasPrefix(c, "GlobalProperty\t"):
		// "GlobalProperty\t;name;value;container" (GlobalProperty.encode)
		f := seq.Decode(c, ';')
		if len(f) >= 3 {
			if g.Properties == nil {
				g.Properties = map[string]string{}
			}
			g.Properties[f[1]] = f[2]
		}
	case strings.HasPrefix(c, "PLAYER\t"):
		f := seq.Decode(c, '\t')
		if len(f) >= 4 && f[3] != "" {
			g.Players = append(g.Players, f[3])
			if f[1] != "" {
				if g.PlayerSides == nil {
					g.PlayerSides = map[string]string{}
				}
				g.PlayerSides[f[1]] = f[3]
			}
		}
	default:
		if m, rest, ok := strings.Cut(c, "BoardPicker\t"); ok && !strings.Contains(m, "\t") {
			f := seq.Decode(rest, '\t')
			var bs []BoardAt
			for i := 0; i+2 < len(f); i += 3 {
				name, _, _ := strings.Cut(f[i], "/") // "/rev": a reversed board
				bs = append(bs, BoardAt{Name: name, Col: atoi(f[i+1]), Row: atoi(f[i+2])})
			}
			g.Boards[m] = bs
		}
	}
	return nil
}

func null(s string) string {
	if s == "null" {
		return ""
	}
	return s
}

func atoi(s string) int {
	n, _ := strconv.Atoi(strings.TrimSpace(s))
	return n
}

// setState reads a Stack's state: map;x;y;id…;@@layer.
func (st *Stack) setState(s string) {
	f := seq.Decode(s, ';')
	st.Pieces = st.Pieces[:0]
	if len(f) == 0 {
		return
	}
	st.Map = null(f[0])
	if len(f) < 3 {
		return
	}
	st.X, st.Y = atoi(f[1]), atoi(f[2])
	for _, id := range f[3:] {
		if strings.HasPrefix(id, "@@") || id == "" {
			continue
		}
		st.Pieces = append(st.Pieces, id)
	}
}

// join makes st's pieces its own: each stands where the stack stands.
func (pos *Position) join(st *Stack) {
	for _, id := range st.Pieces {
		p := pos.Pieces[id]
		if p == nil {
			continue
		}
		if p.Stack != "" && p.Stack != st.ID {
			if old := pos.Stacks[p.Stack]; old != nil {
				old.remove(id)
			}
		}
		p.Stack = st.ID
		p.Map, p.X, p.Y = st.Map, st.X, st.Y
	}
}

func (pos *Position) leave(p *Piece) {
	if st := pos.Stacks[p.Stack]; st != nil {
		st.remove(p.ID)
	}
	p.Stack = ""
}

func (st *Stack) remove(id string) {
	for i, x := range st.Pieces {
		if x == id {
			st.Pieces = append(st.Pieces[:i:i], st.Pieces[i+1:]...)
			return
		}
	}
}

// Sorted is the position's pieces in a stable order: by map, point, stack
// order, then id.
func (pos *Position) Sorted() []*Piece {
	out := make([]*Piece, 0, len(pos.Pieces))
	for _, p := range pos.Pieces {
		out = append(out, p)
	}
	at := func(p *Piece) int {
		if st := pos.Stacks[p.Stack]; st != nil {
			for i, id := range st.Pieces {
				if id == p.ID {
					return i
				}
			}
		}
		return 0
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.Map != b.Map:
			return a.Map < b.Map
		case a.Y != b.Y:
			return a.Y < b.Y
		case a.X != b.X:
			return a.X < b.X
		case at(a) != at(b):
			return at(a) < at(b)
		}
		return a.ID < b.ID
	})
	return out
}
