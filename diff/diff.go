// Package diff lists what changed between two resolved battles: the
// changelog a module's players ask for. It reads two *battle.Battle models
// (loaded by the caller through package pipeline) and never parses YAML.
//
// Formations are matched by side and designation, then by side, id, level
// and name (moved under another formation). Units and leaders are matched
// by identity: the side, the formation (as the new battle names it, so a
// unit whose brigade moved keeps its match) and the name ("74 IL/1/1/RW").
// A unit or leader whose data declares its old name (forces' was:, the
// ids ledger's rename) is matched to the old one of that name first: a
// declared rename is listed as a rename, whatever else changed with it.
// What is left unmatched on both sides is matched again, first by side and
// name alone (a unit moved to another formation), then by formation and
// values (a rename the data does not declare: the same counter under a new
// name; a renamed unit whose values changed too is reported as removed and
// added, with a note naming the likely pair). Each later pass pairs only
// what it pairs one with one: nothing is paired by guess. Every later
// comparison (set-ups, arrivals, withdrawals) follows these matches, so a
// renamed unit's set-up is not reported as moved.
//
// The changes come out in a fixed order (by section, then scenario, side,
// subject and field), the same for the same two battles.
package diff

import (
	"sort"
	"strings"
)

// Section is the kind of thing a change is about; the sections are listed
// in Sections' order.
type Section string

// The sections, in the order Markdown lists them.
const (
	Battle      Section = "battle"
	Units       Section = "units"
	Leaders     Section = "leaders"
	Formations  Section = "formations"
	Scenarios   Section = "scenarios"
	Setup       Section = "setup"
	Arrivals    Section = "arrivals"
	Withdrawals Section = "withdrawals"
	Map         Section = "map"
	Rules       Section = "rules"
	Variants    Section = "variants"
)

// Sections lists every section in order.
var Sections = []Section{Battle, Units, Leaders, Formations, Scenarios, Setup, Arrivals, Withdrawals, Map, Rules, Variants}

// Action is what happened to a subject.
type Action string

// The actions.
const (
	Added   Action = "added"
	Removed Action = "removed"
	Renamed Action = "renamed" // Was holds the old name
	Moved   Action = "moved"   // a unit, leader or formation under another formation; Old and New hold the formation paths
	Changed Action = "changed" // Field changed from Old to New
)

// Change is one line of the changelog.
type Change struct {
	Section Section `json:"section"`
	Action  Action  `json:"action"`
	// Scenario is the scenario's id for set-ups, arrivals and
	// withdrawals (and for scenarios).
	Scenario string `json:"scenario,omitempty"`
	// Side is the side's id, for what belongs to a side.
	Side string `json:"side,omitempty"`
	// Subject names what changed as designers write it: a unit or leader
	// with its formation path ("59 IL/1"), a formation's path, a hex's
	// label, a hexside ("C1101/C1102"), a road, an area, a ruleset path
	// ("figures.stacking.limits[0].max"), a variant's name. A renamed or
	// moved thing is named as the new battle names it.
	Subject string `json:"subject"`
	// Was is the old name of what was renamed or moved.
	Was string `json:"was,omitempty"`
	// Field is what of the subject changed: a counter value or rating by
	// the ruleset's name, "type", "hex", "orders", "time", "route",
	// "terrain", ...
	Field string `json:"field,omitempty"`
	// Old and New are the values before and after, as text; absent when
	// not given (a value the book does not give, a thing added or
	// removed).
	Old *string `json:"old,omitempty"`
	New *string `json:"new,omitempty"`
	// Note explains a change (why a removed and an added unit were not
	// taken for a rename).
	Note string `json:"note,omitempty"`
	// Hexes are the labels of the hexes on the map the change is at: a
	// hex's own, a hexside's two, the hexes a road or an area gained or
	// lost, a set-up's hex before and after. `muster diff --map` rings
	// them.
	Hexes []string `json:"hexes,omitempty"`
}

// Result is every change between two battles.
type Result struct {
	Old     string   `json:"old"`
	New     string   `json:"new"`
	Changes []Change `json:"changes"`
}

// Format is the value of Result's "format" key in JSON.
const Format = "muster-diff"

// Version is the version of the JSON shape (schema/schemas/diff.schema.json).
const Version = 1

func str(s string) *string { return &s }

func sectionIndex(s Section) int {
	for i, x := range Sections {
		if x == s {
			return i
		}
	}
	return len(Sections)
}

var actionOrder = map[Action]int{Removed: 0, Added: 1, Renamed: 2, Moved: 3, Changed: 4}

// sortChanges puts changes in their fixed order: section, scenario, side,
// subject, action, field.
func sortChanges(cs []Change) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := &cs[i], &cs[j]
		if x, y := sectionIndex(a.Section), sectionIndex(b.Section); x != y {
			return x < y
		}
		if a.Scenario != b.Scenario {
			return a.Scenario < b.Scenario
		}
		if a.Side != b.Side {
			return a.Side < b.Side
		}
		if a.Subject != b.Subject {
			return natural(a.Subject, b.Subject)
		}
		if actionOrder[a.Action] != actionOrder[b.Action] {
			return actionOrder[a.Action] < actionOrder[b.Action]
		}
		return a.Field < b.Field
	})
}

// natural orders names as people count: "8 WI Bty" before "59 IL", the
// digits of a name compared as numbers; names equal so are ordered as
// strings.
func natural(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			ei, ej := i, j
			for ei < len(a) && isDigit(a[ei]) {
				ei++
			}
			for ej < len(b) && isDigit(b[ej]) {
				ej++
			}
			na, nb := strings.TrimLeft(a[i:ei], "0"), strings.TrimLeft(b[j:ej], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			i, j = ei, ej
			continue
		}
		if ca != cb {
			return ca < cb
		}
		i++
		j++
	}
	if len(a)-i != len(b)-j {
		return len(a)-i < len(b)-j
	}
	return a < b
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
