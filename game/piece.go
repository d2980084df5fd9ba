package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// Trait is one decorator of a piece, or its BasicPiece (the last): its
// own type (its id before the first ';') and its state.
type Trait struct{ Type, State string }

// ID is the trait's id: "emb2", "PROP", "piece".
func (t Trait) ID() string {
	id, _, _ := strings.Cut(t.Type, ";")
	return id
}

// addPiece reads an AddPiece command, "+/id/type/state": a piece, or a
// stack (nil, nil for a deck or a command too short).
func addPiece(c string, work *int64) (*Piece, *Stack, error) {
	f := seq.Decode(c[2:], '/')
	if len(f) < 3 {
		return nil, nil, nil
	}
	id, typ, state := f[0], f[1], f[2]
	if typ == "stack" {
		st := &Stack{ID: id}
		st.setState(state)
		return nil, st, nil
	}
	if strings.HasPrefix(typ, "deck;") {
		return nil, nil, nil
	}
	p, err := newPiece(id, typ, work)
	if err != nil {
		return nil, nil, err
	}
	if err := p.setState(state, work); err != nil {
		return nil, nil, err
	}
	return p, nil, nil
}

// newPiece reads a piece's type: its traits, outermost first, each split
// from the rest at the first TAB (Decorator.getType), down to the
// BasicPiece ("piece;cloneKey;deleteKey;image;name"), kept as written.
func newPiece(id, typ string, work *int64) (*Piece, error) {
	p := &Piece{ID: id, typ: typ}
	rest := typ
	for {
		if len(p.traits) >= maxTraits {
			return nil, &LimitError{fmt.Sprintf("piece %s has more than %d traits (the trait limit)", id, maxTraits)}
		}
		if *work += int64(len(rest)); *work > maxWork {
			return nil, &LimitError{fmt.Sprintf("the pieces' traits nest past %d MiB decoded in all (the decoding limit), at piece %s", maxWork>>20, id)}
		}
		if strings.HasPrefix(rest, "piece;") {
			p.traits = append(p.traits, Trait{Type: rest})
			break
		}
		tt := seq.Decode(rest, '\t')
		if len(tt) < 2 {
			p.traits = append(p.traits, Trait{Type: rest})
			break
		}
		p.traits = append(p.traits, Trait{Type: tt[0]})
		rest = tt[1]
	}
	if b, ok := strings.CutPrefix(p.traits[len(p.traits)-1].Type, "piece;"); ok {
		f := seq.Decode(b, ';')
		if len(f) >= 4 {
			p.Image, p.Name = f[2], f[3]
		}
	}
	return p, nil
}

// setState reads a piece's state, the chain its type's traits give, each
// trait's state split from the rest's at the first TAB.
func (p *Piece) setState(state string, work *int64) error {
	p.state = state
	p.Markers, p.Props, p.Persistent = map[string]string{}, map[string]string{}, map[string]string{}
	p.Layers, p.Active, p.Facings = map[string]int{}, map[string]bool{}, map[string]int{}
	p.traits = append([]Trait(nil), p.traits...) // a position cloned before shares the old
	rest := state
	for i := range p.traits {
		if *work += int64(len(rest)); *work > maxWork {
			return &LimitError{fmt.Sprintf("the pieces' states nest past %d MiB decoded in all (the decoding limit), at piece %s", maxWork>>20, p.ID)}
		}
		var st string
		if i == len(p.traits)-1 {
			st = rest
		} else {
			ss := seq.Decode(rest, '\t')
			st = ss[0]
			rest = ""
			if len(ss) > 1 {
				rest = ss[1]
			}
		}
		p.traits[i].State = st
		p.trait(p.traits[i].Type, st)
	}
	return nil
}

// Command writes the piece as an AddPiece command, its traits' types and
// states nested as a game writes them.
func (p *Piece) Command() string {
	n := len(p.traits) - 1
	types := make([]string, n)
	states := make([]string, n)
	for i, t := range p.traits[:n] {
		types[i], states[i] = t.Type, t.State
	}
	base := p.traits[n]
	typ := seq.Nest(types, base.Type, '\t')
	state := seq.Nest(states, base.State, '\t')
	return "+/" + seq.New('/').Append(p.ID).Append(typ).Append(state).Value()
}

// basic is the BasicPiece's state as written: map, x, y and gpid ("" for
// a field it lacks).
func (p *Piece) basic() (mapID, x, y, gpid string) {
	sf := seq.Decode(p.traits[len(p.traits)-1].State, ';')
	at := func(i int) string {
		if i < len(sf) {
			return sf[i]
		}
		return ""
	}
	return at(0), at(1), at(2), at(3)
}

// trait reads one trait's type and state.
func (p *Piece) trait(t, st string) {
	id, body, _ := strings.Cut(t, ";")
	switch id {
	case "piece":
		f := seq.Decode(st, ';')
		if len(f) >= 3 {
			p.Map, p.X, p.Y = null(f[0]), atoi(f[1]), atoi(f[2])
		}
		if len(f) >= 4 {
			p.GPID = f[3]
		}
		if len(f) >= 5 {
			n := atoi(f[4])
			for i := 0; i < n && 6+2*i < len(f); i++ {
				p.Persistent[f[5+2*i]] = f[6+2*i]
			}
		}
	case "mark":
		ks := seq.Decode(body, ',')
		vs := seq.Decode(st, ',')
		for i, k := range ks {
			if _, ok := p.Markers[k]; ok || k == "" {
				continue
			}
			if i < len(vs) {
				p.Markers[k] = vs[i]
			} else {
				p.Markers[k] = ""
			}
		}
	case "PROP":
		f := seq.Decode(body, ';')
		if len(f) > 0 && f[0] != "" {
			if _, ok := p.Props[f[0]]; !ok {
				p.Props[f[0]] = st
			}
		}
	case "emb2":
		// Embellishment: the layer's name is its 19th field; the state
		// its value, the level, negative while the layer is not active.
		f := seq.Decode(body, ';')
		if len(f) > 18 && f[18] != "" {
			if _, ok := p.Layers[f[18]]; ok {
				return
			}
			v, err := strconv.Atoi(strings.TrimSpace(seq.Decode(st, ';')[0]))
			if err != nil {
				v = 1
			}
			p.Active[f[18]] = v > 0
			if v < 0 {
				v = -v
			}
			p.Layers[f[18]] = v
		}
	case "rotate":
		// FreeRotator: its name is the 8th field; the state the facing
		// index (the angle, under free rotation).
		f := seq.Decode(body, ';')
		if len(f) > 7 && f[7] != "" {
			p.Facings[f[7]] = atoi(st)
		}
	}
}

// Level is the level a piece's layer shows, 0 when it has no such layer.
func (p *Piece) Level(layer string) int { return p.Layers[layer] }
