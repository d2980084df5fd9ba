package vassal

import (
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/oob"
)

// Stable ids. VASSAL's Game Refresher finds each piece of a saved game in
// the module by its gpid alone (GpIdChecker.createUpdatedPiece), then
// carries each trait's state to the trait of the same type, a layer's by
// its name (copyState). Numbered in order of battle, a module inserting one
// regiment gives every later piece another's gpid. A battle that declares
// an ids ledger (battle.yaml's ids:) takes each slot's gpid from it by a
// key naming what the slot holds and where, ledger.go's keys:
//
//	palette unit USA 74 IL/1/1/RW        the Order of Battle palette
//	palette leader USA Post/1/1/RW
//	scenario intro unit USA 74 IL/1/1/RW a scenario's set-up or arrival
//	markers marker breastworks           the Markers tray
//	scenario intro marker breastworks #2 the second of its kind there
//	cups intro chit Fog of War           a cup's chits
//
// A battle without a ledger is numbered as before (nextGpid).

// IDsName is the name of the ledger output a build writes, beside the
// module, when the build changed the battle's ledger: <battle id>.ids.
func IDsName(b *battle.Battle) string { return b.ID + ".ids" }

// idsOutput is the ledger after the build, when the battle keeps one and
// the build changed it (a new ledger, a new piece, a rename, a removal).
func (m *vmod) idsOutput() []compile.Output {
	if m.ids == nil || !m.ids.Changed() {
		return nil
	}
	return []compile.Output{{Name: IDsName(m.b), Data: m.ids.Ledger().Format("ids ledger of " + m.b.ID)}}
}

// slotID is the gpid of the next slot of d at m.idPlace.
func (m *vmod) slotID(d *pieceDef) int {
	if m.ids == nil || d.key == "" {
		return m.nextGpid()
	}
	key := m.idPlace + " " + d.key
	n := m.keyCount[key] + 1
	m.keyCount[key] = n
	suffix := ""
	if n > 1 {
		suffix = " #" + strconv.Itoa(n)
	}
	var was []string
	for _, w := range d.was {
		was = append(was, m.idPlace+" "+w+suffix)
	}
	return m.ids.ID(key+suffix, was...)
}

// unitKey and leaderKey name a unit's and a leader's pieces in the ledger,
// by side and qualified name.
func unitKey(u *oob.Unit) string     { return "unit " + u.Side + " " + u.QualifiedName() }
func leaderKey(l *oob.Leader) string { return "leader " + l.Side + " " + l.QualifiedName() }

// wasKey is the key a unit or leader had before a rename (was:, its name
// alone in the same formation, or qualified), when no unit or leader of
// the battle still has that key: a key in use is not taken from it.
func (m *vmod) wasKey(kind, side, was string, f *oob.Formation) []string {
	if was == "" {
		return nil
	}
	if d := f.Designation(); d != "" && !strings.Contains(was, "/") {
		was += "/" + d
	}
	k := kind + " " + side + " " + was
	if m.keys[k] {
		return nil
	}
	return []string{k}
}

// extensionPlace starts the ledger's keys of an extension's pieces
// ("extension scenario intro unit USA 74 IL/1/1/RW"): one ledger holds
// the module's and the extension's, and neither build retires the other's.
const extensionPlace = "extension "

// moduleKeys are the keys of a module's pieces, extensionKeys those of an
// extension's.
func moduleKeys(k string) bool    { return !strings.HasPrefix(k, extensionPlace) }
func extensionKeys(k string) bool { return strings.HasPrefix(k, extensionPlace) }

// startIDs starts the ledger's ids for the build, which gives the keys
// within says are its own, and lists the keys of every unit and leader
// (wasKey).
func (m *vmod) startIDs(within func(string) bool) {
	if m.b.IDs == nil {
		return
	}
	m.ids = m.b.IDs.AssignWithin(within)
	m.keyCount = map[string]int{}
	m.keys = map[string]bool{}
	for _, sd := range m.b.Sides {
		if sd.Army == nil {
			continue
		}
		sd.Army.Walk(func(f *oob.Formation) {
			for _, l := range formationLeaders(f) {
				m.keys[leaderKey(l)] = true
			}
			for _, u := range f.Units {
				m.keys[unitKey(u)] = true
			}
		})
	}
}

// nextSlotID is the module's nextPieceSlotId: above every gpid given, and
// with a ledger above every id it ever gave.
func (m *vmod) nextSlotID() int {
	if m.ids != nil {
		return m.ids.Next()
	}
	return m.gpid + 1
}

// moduleVersion is battle.yaml's version, 1.0 without one.
func moduleVersion(b *battle.Battle) string {
	if b.Version != "" {
		return b.Version
	}
	return "1.0"
}
