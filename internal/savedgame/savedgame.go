// Package savedgame reads and writes VASSAL saved games (.vsav) as far as
// `muster game update` needs: the archive, the obfuscated command stream
// (../shared/reference/vassal-format.md §2), and each piece's AddPiece
// command split into its traits; and the piece definitions of a module
// (its PieceSlots by gpid, its prototypes). It is a small reader of its
// own, kept apart from the game checks' reader so the two can be folded
// together.
package savedgame

import (
	"archive/zip"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/internal/zipbudget"
)

// Limits of what is read: a saved game or a module's entries.
const (
	memberMax = 256 << 20
	totalMax  = 512 << 20
)

// esc separates the commands of a saved game (GameModule.COMMAND_SEPARATOR).
const esc = 0x1b

// Game is a saved game: its archive's entries in order, and its command
// stream decoded.
type Game struct {
	names   []string
	entries map[string][]byte
	key     int // the obfuscation key, -1 for a plain stream
	root    *node
}

// node is a command of the stream: one command (text), or a compound
// command, the commands it holds (an ESC-separated sequence, each of them
// written with its ESCs escaped again: GameModule.encode).
type node struct {
	text string
	kids []*node
}

func decodeNode(s string) *node {
	if strings.IndexByte(s, esc) < 0 {
		return &node{text: s}
	}
	n := &node{}
	for _, k := range seq.Decode(s, esc) {
		n.kids = append(n.kids, decodeNode(k))
	}
	return n
}

func (n *node) encode() string {
	if n.kids == nil {
		return n.text
	}
	e := seq.New(esc)
	for _, k := range n.kids {
		e.Append(k.encode())
	}
	return e.Value()
}

func (n *node) each(f func(*string)) {
	if n.kids == nil {
		f(&n.text)
		return
	}
	for _, k := range n.kids {
		k.each(f)
	}
}

// Each calls f with every command of the game that holds no other, in
// order; f may replace it.
func (g *Game) Each(f func(cmd *string)) { g.root.each(f) }

// Read reads a saved game.
func Read(data []byte) (*Game, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("not a VASSAL saved game (a zip archive): %v", err)
	}
	g := &Game{entries: map[string][]byte{}}
	budget := zipbudget.New(memberMax, totalMax)
	for _, f := range zr.File {
		b, err := budget.Read(f)
		if err != nil {
			return nil, err
		}
		g.names = append(g.names, f.Name)
		g.entries[f.Name] = b
	}
	raw, ok := g.entries["savedGame"]
	if !ok {
		return nil, errors.New("not a VASSAL saved game: it has no savedGame entry")
	}
	text, key, err := deobfuscate(raw)
	if err != nil {
		return nil, err
	}
	g.key = key
	g.root = decodeNode(text)
	return g, nil
}

// header starts an obfuscated stream (ObfuscatingOutputStream).
const header = "!VCSK"

// deobfuscate reads a command stream: "!VCSK", a key byte in hex, then
// each byte XOR the key in hex; anything else is plain text.
func deobfuscate(b []byte) (string, int, error) {
	if !bytes.HasPrefix(b, []byte(header)) {
		return string(b), -1, nil
	}
	body := b[len(header):]
	if len(body) < 2 || len(body)%2 != 0 {
		return "", 0, errors.New("the saved game's command stream is cut short")
	}
	raw := make([]byte, len(body)/2)
	if _, err := hex.Decode(raw, body); err != nil {
		return "", 0, fmt.Errorf("the saved game's command stream is damaged: %v", err)
	}
	key := raw[0]
	for i := 1; i < len(raw); i++ {
		raw[i] ^= key
	}
	return string(raw[1:]), int(key), nil
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

// Entry is an entry of the archive (moduledata, savedata), nil if none.
func (g *Game) Entry(name string) []byte { return g.entries[name] }

// SetEntry replaces or adds an entry.
func (g *Game) SetEntry(name string, data []byte) {
	if _, ok := g.entries[name]; !ok {
		g.names = append(g.names, name)
	}
	g.entries[name] = data
}

// Bytes writes the game: its entries in their order, the commands
// obfuscated with the key the game was read with.
func (g *Game) Bytes() ([]byte, error) {
	g.entries["savedGame"] = obfuscate(g.root.encode(), g.key)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range g.names {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(g.entries[n]); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Trait is one decorator of a piece, or its BasicPiece (the last): its
// type (its id before the first ';') and its state.
type Trait struct{ Type, State string }

// ID is the trait's id: "emb2", "PROP", "piece".
func (t Trait) ID() string {
	id, _, _ := strings.Cut(t.Type, ";")
	return id
}

// Piece is an AddPiece command: "+/id/type/state".
type Piece struct {
	ID     string
	Traits []Trait // outermost first, the BasicPiece last
}

// ParsePiece reads an AddPiece command; ok is false for any other command
// and for a stack or a deck.
func ParsePiece(cmd string) (p Piece, ok bool) {
	if !strings.HasPrefix(cmd, "+/") {
		return p, false
	}
	f := seq.Decode(cmd, '/')
	if len(f) < 4 || f[2] == "stack" || strings.HasPrefix(f[2], "stack;") || strings.HasPrefix(f[2], "deck;") {
		return p, false
	}
	return Piece{ID: f[1], Traits: splitTraits(f[2], f[3])}, true
}

// splitTraits splits a piece's type and state chains (Decorator: each
// trait's own part, TAB, the inner piece's).
func splitTraits(typ, state string) []Trait {
	var out []Trait
	for range 10000 {
		tt := seq.Decode(typ, '\t')
		ss := seq.Decode(state, '\t')
		if len(tt) < 2 || strings.HasPrefix(typ, "piece;") {
			return append(out, Trait{typ, state})
		}
		st := ss[0]
		out = append(out, Trait{tt[0], st})
		typ = tt[1]
		state = ""
		if len(ss) > 1 {
			state = ss[1]
		}
	}
	return out
}

// Command writes the piece as an AddPiece command.
func (p Piece) Command() string {
	n := len(p.Traits) - 1
	types := make([]string, n)
	states := make([]string, n)
	for i, t := range p.Traits[:n] {
		types[i], states[i] = t.Type, t.State
	}
	base := p.Traits[n]
	typ := seq.Nest(types, base.Type, '\t')
	state := seq.Nest(states, base.State, '\t')
	return "+/" + seq.New('/').Append(p.ID).Append(typ).Append(state).Value()
}

// Basic is the piece's BasicPiece: its name and, from its state, its map,
// position and gpid.
func (p Piece) Basic() (name, mapID, x, y, gpid string) {
	b := p.Traits[len(p.Traits)-1]
	tf := seq.Decode(strings.TrimPrefix(b.Type, "piece;"), ';')
	if len(tf) >= 4 {
		name = tf[3]
	}
	sf := seq.Decode(b.State, ';')
	at := func(i int) string {
		if i < len(sf) {
			return sf[i]
		}
		return ""
	}
	return name, at(0), at(1), at(2), at(3)
}
