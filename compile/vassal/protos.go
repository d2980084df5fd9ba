package vassal

import (
	"strconv"
	"strings"
)

// Shared traits live in prototypes (docs/vassal.md, "Counters and their
// states"): a PieceSlot keeps only what is its own (its markers, the
// strength property, a label whose text names face values, a leader's
// ratings lines, the layers that show its own face images) and writes
// every stretch of traits between them as one prototype;NAME. VASSAL puts a prototype's traits where the
// reference sits (UsePrototype.buildPrototype) and expands it when the
// piece is placed (PieceCloner.clonePiece), so the piece in play has the
// traits in the order it always had: the same menu, the same keys from
// the outside in, the same layers drawn over each other.

// ownTraits marks the traits of d that differ from piece to piece.
func ownTraits(d *pieceDef) []bool {
	own := make([]bool, len(d.traits))
	for _, i := range d.faceAt {
		own[i] = true
	}
	for i, t := range d.traits {
		switch {
		case strings.HasPrefix(t.typ, "mark;"), strings.HasPrefix(t.typ, "PROP;"):
			own[i] = true
		case strings.HasPrefix(t.typ, "label;") && strings.HasPrefix(t.state, "{"):
			own[i] = true // a BeanShell text that prints the piece's face values
		case strings.HasPrefix(t.typ, "label;") && strings.Contains(t.typ, ";"+ratingLabel):
			own[i] = true // a leader's ratings line: each leader's own
		case strings.HasPrefix(t.typ, "label;") && strings.Contains(t.typ, ";"+titleLabel+";"):
			own[i] = true // a leader's title: each leader's own
		}
	}
	return own
}

// shareTraits puts each stretch of d's traits that is not its own into a
// prototype, one per kind of piece and content: the first stretch
// (reports, rotation, the type and side prototypes) is named base and side
// ("Unit inf USA"), later ones, which no side marks, base and what they
// hold ("Unit inf (layers, keys)"), with a number when pieces of one kind
// differ ("Unit inf (layers, keys) 2"). A stretch shorter than its
// reference stays in the slot.
func (m *vmod) shareTraits(d *pieceDef, base, side string) {
	own := ownTraits(d)
	for i := 0; i < len(d.traits); {
		if own[i] {
			i++
			continue
		}
		j := i
		for j < len(d.traits) && !own[j] {
			j++
		}
		b := base
		if i == 0 {
			b += " " + side
		}
		if name, ok := m.shareRun(d.traits[i:j], b, i == 0); ok {
			d.runs = append(d.runs, protoRun{i, j, name})
		}
		i = j
	}
}

// shareRun names the prototype that holds run, defining it the first time.
func (m *vmod) shareRun(run []trait, base string, first bool) (string, bool) {
	size := 0
	for _, t := range run {
		size += len(t.typ) + len(t.state) + 2
	}
	var key strings.Builder
	key.Grow(len(base) + 1 + size)
	key.WriteString(base)
	key.WriteByte(2)
	for _, t := range run {
		key.WriteString(t.typ)
		key.WriteByte(0)
		key.WriteString(t.state)
		key.WriteByte(1)
	}
	if name, ok := m.protoOf[key.String()]; ok {
		return name, true
	}
	name := base
	if !first {
		kinds := runKinds(run)
		if len(kinds) == 0 {
			kinds = []string{"properties"} // a leader's properties that follow his counter
		}
		name += " (" + strings.Join(kinds, ", ") + ")"
	}
	for i := 2; m.protoNames[name]; i++ {
		name = strings.TrimSuffix(name, " "+strconv.Itoa(i-1)) + " " + strconv.Itoa(i)
	}
	if size <= len(usePrototype(name).typ) {
		return "", false
	}
	m.protoOf[key.String()] = name
	m.protoNames[name] = true
	n := el("module.PrototypeDefinition", "name", name, "description", "shared traits: "+base)
	n.text = encodePiece(run, "", "", 0)
	m.protoNode.add(n)
	return name, true
}

// runKinds says what a stretch of traits holds, in order, each once.
func runKinds(run []trait) []string {
	var out []string
	for _, t := range run {
		k := ""
		switch {
		case strings.HasPrefix(t.typ, "label;"):
			k = "values"
		case strings.HasPrefix(t.typ, "emb2;"):
			k = "layers"
		case strings.HasPrefix(t.typ, "rotate;"):
			k = "facing"
		case strings.HasPrefix(t.typ, "report;"):
			k = "reports"
		case strings.HasPrefix(t.typ, "clone;"), strings.HasPrefix(t.typ, "delete;"):
			k = "keys"
		default:
			continue
		}
		if len(out) == 0 || out[len(out)-1] != k {
			out = append(out, k)
		}
	}
	return out
}

// collapse writes d's runs of traits as their prototypes.
func (d *pieceDef) collapse(traits []trait) []trait {
	if len(d.runs) == 0 {
		return traits
	}
	out := make([]trait, 0, len(traits))
	pos := 0
	for _, r := range d.runs {
		out = append(out, traits[pos:r.start]...)
		pos = r.end
		if !sameStates(traits[r.start:r.end], d.traits[r.start:r.end]) {
			// a slot that starts a shared layer at another level (a
			// set-up's Fatigue level) keeps that run's traits itself
			out = append(out, traits[r.start:r.end]...)
			continue
		}
		out = append(out, usePrototype(r.name))
	}
	return append(out, traits[pos:]...)
}

// sameStates reports whether two runs of the same traits hold the same
// states.
func sameStates(a, b []trait) bool {
	for i := range a {
		if a[i].state != b[i].state {
			return false
		}
	}
	return true
}
