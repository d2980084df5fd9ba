package savedgame

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

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
// no trait of the new piece to carry it.
func Update(g *Game, m *Module) Summary {
	var s Summary
	g.Each(func(cmd *string) {
		c := *cmd
		p, ok := ParsePiece(c)
		if !ok {
			return
		}
		s.Pieces++
		name, mapID, x, y, gpid := p.Basic()
		problem := func(why string) {
			s.Problems = append(s.Problems, Problem{Name: name, Gpid: gpid, Map: mapID, X: x, Y: y, Why: why})
		}
		slot, ok := m.Slots[gpid]
		if !ok {
			if gpid == "" {
				problem("it has no gpid, so no piece of the module can be found for it; kept as it was")
			} else {
				problem(fmt.Sprintf("the module has no piece with gpid %s (its unit, leader or marker left the battle, and the ids ledger retired its id); kept as it was", gpid))
			}
			return
		}
		traits, missing := m.Expand(slot.Traits)
		for _, name := range missing {
			problem(fmt.Sprintf("its new definition uses prototype %q, which the module does not define", name))
		}
		np := Piece{ID: p.ID, Traits: carry(p.Traits, traits, problem)}
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

// carry makes the new piece's traits with the old piece's state
// (GpIdChecker.copyState), reporting what it could not carry.
func carry(old, fresh []Trait, problem func(string)) []Trait {
	out := make([]Trait, len(fresh))
	used := make([]bool, len(old))
	find := func(t Trait) int {
		id, typ := t.ID(), VASSALForm(t.Type)
		for j, o := range old {
			if !used[j] && o.ID() == id && VASSALForm(o.Type) == typ {
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
		j := find(t)
		if j < 0 {
			continue
		}
		used[j] = true
		if VASSALForm(old[j].Type) == VASSALForm(t.Type) {
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
var namedKey = regexp.MustCompile(`(^|[;,\\])5[7-9][0-9]{3}(\\?,)0(\\?,)`)

// VASSALForm is a trait's type as VASSAL writes it again after reading it
// (a saved game holds types so written): a named key stroke's code is the
// one VASSAL gave it, 0 in a module muster wrote; a Mask (obs) with no
// access list says "player:". Types equal in this form are the same
// trait to VASSAL, and the refresher matches them.
func VASSALForm(typ string) string {
	typ = namedKey.ReplaceAllString(typ, "${1}0${2}0${3}")
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
