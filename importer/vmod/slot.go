package vmod

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// slotState is what a set-up piece of a muster module starts with beside
// its place, read from its PieceSlot's own traits (compile/vassal slotAt):
// a unit's face (the layer that shows it, at its level), its strength
// where the set-up gives one other than the printed (the strength
// property's value), a leader's replacement face (the Face layer at 2)
// and further counter (the Counter layer), and whether the piece starts
// in reserve (play.reserve's layer). more is the set-up entry's keys
// beside unit:, ", face: "dismounted", strength: 3".
func (im *importer) slotState(n *node, p *props, sid, desig string) (more string, reserve bool) {
	ts, ok := decodePiece(n.Text)
	if !ok {
		return "", false
	}
	pc := im.pieces[sid+"\x00"+desig]
	if pc == nil {
		return "", false
	}
	var face, counter, orders string
	for _, t := range ts {
		switch t.id() {
		case "emb2":
			f := seq.Decode(strings.TrimPrefix(t.typ, "emb2;"), ';')
			lv, err := strconv.Atoi(t.state)
			if len(f) <= 18 || err != nil || lv < 2 {
				continue
			}
			layer := f[18]
			switch {
			case layer == im.rules.Play.Reserve:
				reserve = true
			case layer == "Counter" && pc.kind == "leader":
				counter = im.counterName(pc.name, lv)
			case layer == "Face" && pc.kind == "leader" && lv == 2 && pc.replacement != nil:
				// his replacement face (compile/vassal leaderFaceLevel)
				face = "replacement"
			case pc.kind == "unit":
				ut := im.rules.UnitTypes[pc.typ]
				if fc := im.restFaces(p, ut)(layer, lv); slices.Contains(pc.faceOrder, fc) || hasFace(ut.Faces, fc) {
					face = fc
					continue
				}
				// a state drawn as a marker, which shows its face
				// (TSS's limber: unlimbered)
				marked := false
				for _, s := range im.rules.Play.States {
					if s.ID == layer && s.Face != "" && lv == 2 && hasFace(ut.Faces, s.Face) {
						face, marked = s.Face, true
					}
				}
				if o := im.ordersOf(layer, lv); !marked && o != "" {
					orders = o
				}
			}
		case "PROP":
			f := seq.Decode(strings.TrimPrefix(t.typ, "PROP;"), ';')
			if len(f) == 0 || pc.kind != "unit" || t.state == "" || !plainInt().MatchString(t.state) {
				continue
			}
			printed, known := "", false
			for _, v := range pc.values {
				if v[0] == f[0] {
					printed, known = v[1], true
				}
			}
			if known && t.state != printed {
				more += fmt.Sprintf(", %s: %s", f[0], t.state)
			}
		}
	}
	if face != "" {
		more = ", face: " + q(face) + more
	}
	if counter != "" {
		more += ", counter: " + q(counter)
	}
	if orders != "" {
		more += ", orders: " + q(orders)
	}
	return more, reserve
}

// ordersOf names the orders a unit's state layer at level lv shows, as
// compile/vassal's ordersLevel starts them: a state named as an order at
// its second level (AMFS's skirmish), else a state's level named as one
// (GBACW's March, Advance, Attack); "" for any other layer.
func (im *importer) ordersOf(layer string, lv int) string {
	for _, o := range im.rules.Orders {
		if o == layer && lv == 2 {
			return o
		}
	}
	for _, s := range im.rules.Play.States {
		if s.ID != layer || s.Facings > 0 || lv-2 >= len(s.Levels) {
			continue
		}
		for _, o := range im.rules.Orders {
			if strings.EqualFold(s.Levels[lv-2], o) {
				return o
			}
		}
	}
	return ""
}

func hasFace(faces map[string][]string, f string) bool {
	_, ok := faces[f]
	return ok
}

// pieceRef writes a set-up's piece: its name, or {unit: name, ...} with
// what it starts with.
func pieceRef(ref, more string) string {
	if more == "" {
		return q(ref)
	}
	return "{unit: " + q(ref) + more + "}"
}
