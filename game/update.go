package game

import (
	"archive/zip"
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// Entry is a member of the game's archive (moduledata, savedata), nil if
// none.
func (g *Game) Entry(name string) []byte { return g.entries[name] }

// SetEntry replaces or adds a member of the archive.
func (g *Game) SetEntry(name string, data []byte) {
	if _, ok := g.entries[name]; !ok {
		g.names = append(g.names, name)
	}
	g.entries[name] = data
}

// Each calls f with every command of the game that holds no other, in
// order; f may replace it, and Bytes writes the game so changed. The
// position read (Start, Steps) stays as it was read.
func (g *Game) Each(f func(cmd *string)) {
	g.root.each(func(c *string) error { f(c); return nil })
}

// Bytes writes the game: the archive's members in their order, the
// commands obfuscated with the key the game was read with.
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

// Problem is a piece an update could not carry whole: the piece (its name
// and gpid, where it stands) and why.
type Problem struct {
	Name, Gpid, Map, X, Y string
	Why                   string
}

func (p Problem) String() string {
	at := p.Map
	if p.X != "" {
		at += " at " + p.X + "," + p.Y
	}
	return fmt.Sprintf("piece %q (gpid %s, %s): %s", p.Name, p.Gpid, at, p.Why)
}

// Summary counts an update's pieces.
type Summary struct {
	Pieces, Updated, Unchanged int
	Problems                   []Problem
}

// Update brings each piece of g to module m as VASSAL's Refresh Counters
// does (GpIdChecker.createUpdatedPiece): the piece is made again from the
// module's slot of its gpid, its prototypes expanded, and each trait takes
// the state of the old trait of the same type, a layer's by its name, a
// rotation's by its name, a Dynamic Property's by its key; a Marker keeps
// the new value; the BasicPiece keeps its state (map, position, gpid,
// properties). A piece whose gpid the module has no slot for is kept as it
// was and listed, as is a piece whose layer level or property value finds
// no trait of the new piece to carry it. It changes g's commands (Bytes
// writes them); the position read stays as read.
func Update(g *Game, m *Module) Summary {
	var s Summary
	var work int64 // the game was read within the limits; its pieces are read again
	g.Each(func(cmd *string) {
		c := *cmd
		if !strings.HasPrefix(c, "+/") {
			return
		}
		p, _, err := addPiece(c, &work)
		if err != nil || p == nil {
			return
		}
		s.Pieces++
		mapID, x, y, gpid := p.basic()
		problem := func(why string) {
			s.Problems = append(s.Problems, Problem{Name: p.Name, Gpid: gpid, Map: mapID, X: x, Y: y, Why: why})
		}
		slot, ok := m.Slots[gpid]
		if !ok || slot.Piece == nil {
			if gpid == "" {
				problem("it has no gpid, so no piece of the module can be found for it; kept as it was")
			} else {
				problem(fmt.Sprintf("the module has no piece with gpid %s (its unit, leader or marker left the battle, and the ids ledger retired its id); kept as it was", gpid))
			}
			return
		}
		traits, missing := m.Expand(slot.Piece.traits)
		for _, name := range missing {
			problem(fmt.Sprintf("its new definition uses prototype %q, which the module does not define", name))
		}
		np := &Piece{ID: p.ID, traits: carry(p.traits, traits, problem)}
		nc := np.Command()
		if nc == c {
			s.Unchanged++
			return
		}
		*cmd = nc
		s.Updated++
	})
	return s
}

// Expand is traits with every prototype trait replaced by the traits of
// its definition, as VASSAL's PieceCloner does when a piece is made from
// a slot: a saved game's pieces carry their prototypes expanded. A
// prototype the module does not define is left out, as VASSAL leaves it
// (an empty one); missing names it.
func (m *Module) Expand(traits []Trait) (out []Trait, missing []string) {
	var walk func(ts []Trait, depth int)
	walk = func(ts []Trait, depth int) {
		for _, t := range ts {
			if t.ID() != "prototype" {
				out = append(out, t)
				continue
			}
			name, _, _ := strings.Cut(strings.TrimPrefix(t.Type, "prototype;"), ";")
			def, ok := m.Prototypes[name]
			if !ok || depth > 50 {
				missing = append(missing, name)
				continue
			}
			walk(def, depth+1)
		}
	}
	walk(traits, 0)
	return out, missing
}

// carry makes the new piece's traits with the old piece's state
// (GpIdChecker.copyState), reporting what it could not carry.
func carry(old, fresh []Trait, problem func(string)) []Trait {
	out := make([]Trait, len(fresh))
	used := make([]bool, len(old))
	forms := make([]string, len(old)) // each old trait's VASSALForm, made once
	for j, o := range old {
		forms[j] = VASSALForm(o.Type)
	}
	find := func(t Trait, typ string) int {
		id := t.ID()
		for j, o := range old {
			if !used[j] && o.ID() == id && forms[j] == typ {
				return j
			}
		}
		name, ok := traitName(t)
		if !ok {
			return -1
		}
		for j, o := range old {
			if used[j] || o.ID() != id {
				continue
			}
			if n, ok := traitName(o); ok && n == name {
				return j
			}
		}
		return -1
	}
	for i, t := range fresh {
		out[i] = t
		if t.ID() == "piece" {
			out[i].State = old[len(old)-1].State
			used[len(old)-1] = true
			continue
		}
		typ := VASSALForm(t.Type)
		j := find(t, typ)
		if j < 0 {
			continue
		}
		used[j] = true
		if forms[j] == typ {
			out[i].Type = old[j].Type // the same trait: its text as the game has it
		}
		if t.ID() == "mark" {
			continue // a Marker shows the new module's value
		}
		out[i].State = old[j].State
	}
	for j, o := range old {
		if used[j] {
			continue
		}
		switch o.ID() {
		case "emb2", "emb":
			if lv := strings.TrimPrefix(o.State, "-"); lv != "" && lv != "1" && lv != "0" {
				n, _ := traitName(o)
				problem(fmt.Sprintf("its layer %q at level %s has no layer of that name in the new piece; the level is lost", n, lv))
			}
		case "PROP":
			n, _ := traitName(o)
			problem(fmt.Sprintf("its property %q (%s) has no property of that name in the new piece; the value is lost", n, o.State))
		}
	}
	return out
}

// traitName is what VASSAL's refresher matches a trait by when its type
// changed: a layer's name, a rotation's name; and, where muster carries
// more than VASSAL, a Dynamic Property's key.
func traitName(t Trait) (string, bool) {
	body := t.Type
	if _, rest, ok := strings.Cut(body, ";"); ok {
		body = rest
	}
	f := seq.Decode(body, ';')
	at := func(i int) (string, bool) {
		if i < len(f) {
			return f[i], true
		}
		return "", false
	}
	switch t.ID() {
	case "emb2":
		return at(18) // Embellishment.mySetType: ..., images, names, loop, name
	case "PROP":
		return at(0)
	case "rotate":
		n := 0
		fmt.Sscan(f[0], &n)
		i := 5 // CW key, CCW key, CW text, CCW text
		if n == 1 {
			i = 3 // a free rotation: its key and text
		}
		return at(i + 2) // random key, random text, name
	}
	return "", false
}

// namedKey is a named key stroke as VASSAL writes it once loaded: the key
// code NamedKeyManager gave the name (from 0xE000), its modifiers, its name
// (NamedHotKeyConfigurer.encode), its commas escaped or not.
var namedKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|[;,\\])5[7-9][0-9]{3}(\\?,)0(\\?,)`) })

// VASSALForm is a trait's type as VASSAL writes it again after reading it
// (a saved game holds types so written): a named key stroke's code is the
// one VASSAL gave it, 0 in a module muster wrote; a Mask (obs) with no
// access list says "player:". Types equal in this form are the same
// trait to VASSAL, and the refresher matches them.
func VASSALForm(typ string) string {
	typ = namedKey().ReplaceAllString(typ, "${1}0${2}0${3}")
	if strings.HasPrefix(typ, "obs;") {
		f := seq.Decode(typ[len("obs;"):], ';')
		if len(f) > 5 && f[5] == "player:" {
			f[5] = ""
			e := seq.New(';')
			for _, x := range f {
				e.Append(x)
			}
			typ = "obs;" + e.Value()
		}
	}
	return typ
}
