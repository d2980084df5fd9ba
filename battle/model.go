// Package battle loads a battle folder into one resolved model that every
// later stage reads: load → schema → resolve. Nothing after it parses YAML.
package battle

import (
	"strings"
	"sync"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/ledger"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// Battle is a resolved battle.
type Battle struct {
	Dir          string
	ID           string
	Name         string
	System       string
	Source       string
	Note         string
	Illustrative string
	// OOBComplete is battle.yaml's oob_complete: the order of battle holds
	// only units and leaders that some scenario sets up or brings on.
	OOBComplete bool
	// Version is battle.yaml's version: the modules' version, "" for
	// none given (VASSAL's 1.0).
	Version string
	// IDs is the ids ledger battle.yaml's ids: names (a new one when its
	// file does not exist yet), nil when it names none; IDsFile is its
	// path in the folder.
	IDs     *ledger.Ledger
	IDsFile string
	// Charts are battle.yaml's charts: the battle's own pictures of tables
	// the seeds do not print, in its order.
	Charts []Chart
	// Variant is the variant of battle.yaml loaded (Options.Variant), ""
	// for the battle as its files list it; VariantNote is its note.
	Variant, VariantNote string
	Sides                []*oob.Side
	Days                 []string
	Rules                *rulesets.Ruleset
	Slots                []rulesets.Slot
	Map                  *maps.Map
	MapNote              string
	Scenarios            []*Scenario
	// RulesOverride is battle.yaml's rules: as its JSON-shaped value, laid
	// on the series rules to make Rules; nil when the battle plays the
	// series rules as they are (or its override does not check). A VASSAL
	// module keeps it, so that import vmod gives it back.
	RulesOverride any
	// NumUnits and NumLeaders count the units and leaders read: every
	// Unit.Index and Leader.Index is below them.
	NumUnits, NumLeaders int
	Files                []string
	// Variants are the names of the variants battle.yaml declares, in
	// its order, whichever is loaded.
	Variants []string
	// Reads lists files of the battle, relative to the folder,
	// slash-separated and sorted: battle.yaml, the files that
	// battle.yaml's files list and every variant's name, and the pictures
	// the loaded files name. AllReads adds the pictures the others name:
	// no output may replace one (docs/ci.md, "Outputs").
	Reads []string
	// morePictures finds the pictures of the files only other variants
	// read (AllReads); all is AllReads' answer, made once.
	morePictures func() []string
	allOnce      sync.Once
	all          []string
	// Texts holds each file read, by the path diagnostics show, so
	// reports can quote the offending line.
	Texts map[string][]byte
	index map[string]*oob.Index
	// distinct holds, per side, the pairs of names the forces declare
	// distinct (forces `distinct:`), both ways round.
	distinct map[string]map[[2]string]bool
	// incomplete holds the kinds of document some of which could not be
	// read (see Incomplete).
	incomplete map[string]bool
	// refused are the map sheets muster could not number or place (see
	// refuseSheet): the map lacks them.
	refused []string
	// others are the YAML files of the folder this load does not read,
	// exclude battle.yaml's exclude: patterns (unlisted.go, NotPart).
	others  others
	exclude *patterns
}

// DistinctNames returns the pairs of look-alike names the forces of a side
// declare to be different units or leaders, both ways round.
func (b *Battle) DistinctNames(side string) map[[2]string]bool { return b.distinct[side] }

// Side finds a side by id.
func (b *Battle) Side(id string) *oob.Side {
	for _, s := range b.Sides {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// Index returns the name index of a side.
func (b *Battle) Index(side string) *oob.Index { return b.index[side] }

// Scenario finds a scenario by id.
func (b *Battle) Scenario(id string) *Scenario {
	for _, s := range b.Scenarios {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// Turn is a place on the turn track.
type Turn struct {
	Index int    // turns since the first turn of the first day
	Day   string // the calendar day as the battle names it
	Time  string // "1300"
	Light string // day, dawn, dusk, night, low-light
	Pos   diag.Pos
}

// Text writes the turn as a scenario does: "Dec 30 1300".
func (t Turn) Text() string { return t.Day + " " + t.Time }

// PlayArea is a sheet in play, perhaps limited to some rows or columns
// (label numbers, inclusive; zero means no limit).
type PlayArea struct {
	Sheet      *maps.Sheet
	Rows, Cols [2]int
	Pos        diag.Pos
}

// Scenario is a resolved scenario.
type Scenario struct {
	ID, Name     string
	Source, Note string
	Pos          diag.Pos
	File         string
	Play         []PlayArea
	First, Last  Turn
	FirstSide    string
	Setup        []*Stack
	Arrivals     []*Arrival
	Withdrawals  []*Withdrawal
	Activation   []Activation
	Efficiency   []Efficiency
	Cups         []CupChits
	// Attachments maps a formation to the one it answers to in this
	// scenario.
	Attachments map[*oob.Formation]*oob.Formation
	Victory     Victory
	// NotInPlay lists what the scenario declares out of play (`not_in_play:`):
	// units, leaders and formations of the order of battle that take no
	// part in it.
	NotInPlay []Piece
	// ListsOut is whether the scenario has `not_in_play:` at all (even
	// empty): it then says that every unit of a formation it uses is in
	// play unless listed there.
	ListsOut bool
	// Events are the scenario's Event card allotments (`events:`, AMFS
	// D-2), by side in the order given.
	Events []EventAllotment
	// Variants are the variants the scenario uses (`variants:`), whose
	// variant counters it may set up or bring on (Summer Storm 2.5).
	Variants []Named
	// Independent lists the leaders the scenario designates independent
	// (`independent:`, Summer Storm 5.2.4).
	Independent []Piece
	// Options are the battle book's optional rules the scenario is played
	// with (`options:`; Dead of Winter's 21.0 historical rules).
	Options []Option
	// StandIns maps a formation to the spare leader who commands it in this
	// scenario in place of its own (a piece's `replaces:`).
	StandIns map[*oob.Formation]*oob.Leader
}

// EventAllotment is how many of its Event cards a side puts into the card
// draw pile each turn, from a time on (AMFS D-2): Key ones it picks and
// Random ones drawn from the rest.
type EventAllotment struct {
	Side        string
	From        Turn // the scenario's first turn when HasFrom is false
	HasFrom     bool
	Key, Random int
	Note        string
	Pos         diag.Pos // the allotment
}

// Named is a name a document gives, and where.
type Named struct {
	Name string
	Pos  diag.Pos
}

// Option is an optional rule a scenario lists, and where.
type Option struct {
	Name string
	Pos  diag.Pos
}

// Uses reports whether the scenario is played with the optional rule name;
// "" names no option, which every scenario uses.
func (s *Scenario) Uses(name string) bool {
	if name == "" {
		return true
	}
	for _, o := range s.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

// SideFormation is a formation and the side it is on.
type SideFormation struct {
	Side      string
	Formation *oob.Formation
}

// FormationsInPlay lists the formations that match and have units set up
// or arriving in s (a unit counts for the nearest matching formation above
// it, the scenario's attachments followed), in the order met.
func (s *Scenario) FormationsInPlay(match func(*oob.Formation) bool) []SideFormation {
	var out []SideFormation
	seen := map[*oob.Formation]bool{}
	mark := func(side string, ps []Piece) {
		for _, pc := range ps {
			for _, u := range pc.Ref.Units() {
				for f := u.Formation; f != nil; f = s.Parent(f) {
					if match(f) {
						if !seen[f] {
							seen[f] = true
							out = append(out, SideFormation{side, f})
						}
						break
					}
				}
			}
		}
	}
	for _, st := range s.Setup {
		mark(st.Side, st.Pieces)
	}
	for _, ar := range s.Arrivals {
		mark(ar.Side, ar.Pieces)
	}
	return out
}

// Parent is the formation f answers to in this scenario: the one it is
// attached to, else its parent in the order of battle.
func (s *Scenario) Parent(f *oob.Formation) *oob.Formation {
	if g, ok := s.Attachments[f]; ok {
		return g
	}
	return f.Parent
}

// Activation is how many activation markers (chits, cards) a formation has
// in a scenario.
type Activation struct {
	Side      string
	Formation *oob.Formation
	Count     int
	Pos       diag.Pos
}

// Efficiency is a side's efficiency markers in a scenario (GBACW 5.21,
// 5.22): the pool it draws from, and corps efficiencies fixed for a turn
// instead of a draw.
type Efficiency struct {
	Side    string
	Pool    []Marker
	HasPool bool // the scenario gives a pool (perhaps an empty one)
	Fixed   []Fixed
	Pos     diag.Pos // the pool, else the side's entry
}

// CupChits are chits (cards, markers) a scenario adds to a draw cup of
// its ruleset.
type CupChits struct {
	Cup    string
	Name   string
	Count  int
	CupPos diag.Pos // the cup's id
	Pos    diag.Pos // the chit's name
}

// Marker is how many markers of one value a pool holds.
type Marker struct {
	Value, Count int
	Pos          diag.Pos // the value's key
}

// Fixed is a formation's efficiency fixed for one turn.
type Fixed struct {
	Turn      Turn
	Formation *oob.Formation
	Value     int
	Pos       diag.Pos // the value
}

// HexRef is a hex as a scenario names it.
type HexRef struct {
	Coord maps.Coord
	Label string
	Pos   diag.Pos
}

// Piece is one unit, leader or formation named in a set-up or schedule.
type Piece struct {
	Name     string // as written
	Ref      oob.Ref
	Pos      diag.Pos
	Strength *int
	Face     string
	Orders   string
	Facing   string
	Note     string
	// Attached is the formation the piece answers to in this scenario,
	// when the scenario attaches it elsewhere.
	Attached *oob.Formation
	// Extends lists the hexes the unit's Extended Line reaches into.
	Extends []HexRef
	// Counter is, for a leader with further counters, the one the piece is
	// (its index in Leader.Counters, plus one; 0: his first counter), and
	// where the piece says so.
	Counter    int
	CounterPos diag.Pos
	// Replaces is the leader a spare leader stands in for in this scenario
	// (`replaces:`; 3DoG BB 4.42: Trimble for an eliminated division
	// leader), and where the piece says so.
	Replaces    *oob.Leader
	ReplacesPos diag.Pos
	// Fatigue is the Fatigue level the piece starts or enters at, as
	// written ("4", "OK"); "" when the scenario gives none (GBACW 17.21).
	Fatigue    string
	FatiguePos diag.Pos
	// OutOfCommand says the unit starts out of its brigadier's command and
	// so may hold other orders than its brigade's (GBACW 6.11, 6.25).
	OutOfCommand bool
	// Of is, for a member of a formation the scenario writes as the book
	// prints it in a list (`rest:`, `less:`), that formation: the loader
	// puts its members in its place, each where the formation is written.
	Of *oob.Formation
	// rest and less are the formation's `rest:` and `less:`, until the
	// loader puts its members in its place (rest.go).
	rest bool
	less []oob.Ref
}

// Fatigue is a fatigue level a set-up stack or an arrival gives all its
// pieces.
type Fatigue struct {
	Level string // as written: "4", "OK"
	Pos   diag.Pos
}

// WorksFacing is the hexsides (1-6, 1 north, clockwise) one breastwork
// marker of a set-up stack covers (GBACW 15.21: two side by side).
type WorksFacing struct {
	Sides []int
	Pos   diag.Pos
}

// Stack is what starts in one hex for one side.
type Stack struct {
	Side        string
	Hex         HexRef
	Pieces      []Piece
	Breastworks int
	Within      int  // a group placement within this many hexes, not one stack
	Reserve     bool // the stack starts in reserve status
	Orders      string
	Facing      string
	Note        string
	// Group is the letter of the Hex Group marker the hex shows, its
	// units kept in that box of the side's Hex Group Display (AMFS P);
	// GroupPos is where the set-up gives it.
	Group    string
	GroupPos diag.Pos
	// Fatigue is the stack's Fatigue level (Level "" when not given).
	Fatigue Fatigue
	// WorksFacing gives the hexsides of the stack's breastworks, one entry
	// a marker, where the set-up gives them (`breastwork_facing:`).
	WorksFacing []WorksFacing
}

// Group is what arrivals and withdrawals share: a side's pieces that enter
// or leave at a time, through hexes or an area.
type Group struct {
	Side    string
	Time    Turn
	Hexes   []HexRef
	Area    string
	AreaPos diag.Pos
	// Areas are the alternatives the book gives ("area 3 or 4", written
	// `area: "3", or: [{area: "4"}]`), the area first: the whole group
	// uses one of them. nil when the group gives no alternative.
	Areas  []Named
	Pieces []Piece
	Pos    diag.Pos
	Source string
	Note   string
	// Fatigue is the group's Fatigue level on entry (Level "" when not
	// given).
	Fatigue Fatigue
}

// AreaChoices are the areas the group may use: its alternatives, or its
// one area; none when it names hexes only.
func (g *Group) AreaChoices() []Named {
	if len(g.Areas) > 0 {
		return g.Areas
	}
	if g.Area != "" {
		return []Named{{Name: g.Area, Pos: g.AreaPos}}
	}
	return nil
}

// AreaText is the group's area as the book gives it: its area, or its
// alternatives joined by sep ("3 or 4"); "" when it names hexes only.
func (g *Group) AreaText(sep string) string {
	var ns []string
	for _, a := range g.AreaChoices() {
		ns = append(ns, a.Name)
	}
	return strings.Join(ns, sep)
}

// Alternatives are the other areas the book gives beside the group's
// area ("3 or 4": "4"); none when it gives no alternative.
func (g *Group) Alternatives() []string {
	var ns []string
	for i, a := range g.Areas {
		if i > 0 { // the first is the area itself
			ns = append(ns, a.Name)
		}
	}
	return ns
}

// Arrival is a reinforcement group.
type Arrival struct {
	Group
	Optional bool
	// Activations is what the arrival chart gives the group on its entry
	// turn (0: not given), and where.
	Activations    int
	ActivationsPos diag.Pos
	// Availability is a variable reinforcement's chances of coming early
	// (Summer Storm 9.6.6), in the order written.
	Availability []Chance
}

// Chance is one turn's availability roll of a variable reinforcement.
type Chance struct {
	Time    Turn
	Roll    int
	Penalty int
	Pos     diag.Pos
}

// Withdrawal is a group that must leave the map.
type Withdrawal struct {
	Group
}

// Victory holds a scenario's victory conditions.
type Victory struct {
	Text  string
	Hexes []VictoryHexes
}

// VictoryHexes is a set of hexes worth points to whoever holds all of them.
type VictoryHexes struct {
	Hexes  []HexRef
	Points map[string]int
	Note   string
}

// InPlay reports whether c lies in the scenario's playing area: on a sheet
// in play and inside its row and column limits.
func (s *Scenario) InPlay(c maps.Coord) bool {
	for _, pa := range s.Play {
		if pa.Sheet == nil || !pa.Sheet.Contains(c) {
			continue
		}
		col, row := pa.Sheet.Numbers(c)
		if pa.Rows[1] > 0 && (row < pa.Rows[0] || row > pa.Rows[1]) {
			continue
		}
		if pa.Cols[1] > 0 && (col < pa.Cols[0] || col > pa.Cols[1]) {
			continue
		}
		return true
	}
	return false
}

// MountedOnly reports whether f's combat units are all of mounted classes,
// and there is one: supply wagons and trains, no combat units, do not
// count (a cavalry division with its wagon is cavalry). The checks and the
// VASSAL module's command radius read a formation's cavalry status by it.
func (b *Battle) MountedOnly(f *oob.Formation) bool {
	n := 0
	for _, u := range f.AllUnits() {
		c := b.Rules.Classes[b.Rules.Class(u.Type)]
		if c.Supply {
			continue
		}
		if !c.Mounted {
			return false
		}
		n++
	}
	return n > 0
}

// Once keeps the units and leaders of one group (a set-up stack, an
// arrival, a withdrawal) to one piece each. A group may name a unit or
// leader twice, by itself and within a formation it names too ("Rodes'
// Division" beside "Carter's Artillery (II)", a leader beside his
// brigade: N050); it stands, arrives or leaves once, as the book means.
type Once struct {
	own, done map[any]bool
}

// NewOnce is a Once over the pieces of one group.
func NewOnce(ps []Piece) *Once {
	o := &Once{own: map[any]bool{}, done: map[any]bool{}}
	for _, p := range ps {
		if p.Ref.Unit != nil {
			o.own[p.Ref.Unit] = true
		}
		if p.Ref.Leader != nil {
			o.own[p.Ref.Leader] = true
		}
	}
	return o
}

// Take reports whether x (a *oob.Unit or *oob.Leader) brought by piece p
// is the one to place: the piece that names x by itself when one does
// (its face, strength and counter are the ones given for x), else the
// first that brings it; a nil o takes everything.
func (o *Once) Take(x any, p Piece) bool {
	if o == nil {
		return true
	}
	self := p.Ref.Unit != nil && any(p.Ref.Unit) == x || p.Ref.Leader != nil && any(p.Ref.Leader) == x
	if o.done[x] || !self && o.own[x] {
		return false
	}
	o.done[x] = true
	return true
}
