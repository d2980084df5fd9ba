// Package rulesets holds the four rule systems as data, one embedded YAML
// file each, and merges a battle's overrides onto them.
package rulesets

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/muster-wargames/muster/schema"
)

//go:embed *.yaml
var files embed.FS

// Ruleset is a rule system as data.
type Ruleset struct {
	System    string               `json:"system"`
	Order     int                  `json:"order"`
	Name      string               `json:"name"`
	Source    string               `json:"source,omitempty"`
	Note      string               `json:"note,omitempty"`
	Levels    []Level              `json:"levels"`
	Classes   map[string]Class     `json:"classes"`
	Lights    map[string]Light     `json:"lights"`
	Dice      Dice                 `json:"dice"`
	Fields    map[string]Field     `json:"fields"`
	UnitTypes map[string]UnitType  `json:"unit_types"`
	Terrain   map[string]CostEntry `json:"terrain"`
	Hexsides  map[string]CostEntry `json:"hexsides"`
	Roads     map[string]CostEntry `json:"roads"`
	Strength  string               `json:"strength,omitempty"`
	Orders    []string             `json:"orders,omitempty"`
	Facing    bool                 `json:"facing,omitempty"`
	Turns     TurnTrack            `json:"turns"`
	Figures   Figures              `json:"figures"`
	Play      Play                 `json:"play"`
	Switches  map[string]any       `json:"switches,omitempty"`

	// HexsideLevels are the hexside features a scenario reads as others
	// by the day it starts on (Dead of Winter BB 18.2: Stones River's
	// level), each from its day until the next.
	HexsideLevels []HexsideLevel `json:"hexside_levels,omitempty"`

	// switchesRead are the switches the figures read, by name.
	switchesRead []string
}

// Level is a formation level.
type Level struct {
	ID     string   `json:"id"`
	Rank   int      `json:"rank"`
	Title  string   `json:"title,omitempty"`
	Leader []string `json:"leader,omitempty"`
	Source string   `json:"source,omitempty"`
}

// Field is a counter value or leader rating.
type Field struct {
	Title  string   `json:"title,omitempty"`
	Type   string   `json:"type"`
	Min    *int     `json:"min,omitempty"`
	Max    *int     `json:"max,omitempty"`
	Values []string `json:"values,omitempty"`
	Source string   `json:"source,omitempty"`
}

// Class is what the checks treat a unit type as, with the traits the check
// engines read.
type Class struct {
	Title string `json:"title,omitempty"`
	// Artillery: a battery (attachments, extended columns, all-artillery
	// brigades).
	Artillery bool `json:"artillery,omitempty"`
	// Mounted: counts as cavalry for command (Summer Storm's cavalry range).
	Mounted bool `json:"mounted,omitempty"`
	// Supply: a supply wagon or train, no combat unit: whether a formation
	// is cavalry (holds only mounted classes) is judged without it.
	Supply bool `json:"supply,omitempty"`
}

// Light is a kind of light on the turn track.
type Light struct {
	Title string `json:"title,omitempty"`
	Night bool   `json:"night,omitempty"`
}

// Dice are the dice the system rolls.
type Dice struct {
	Count  int    `json:"count"`
	Sides  int    `json:"sides"`
	Source string `json:"source,omitempty"`
}

// UnitType is a kind of combat unit.
type UnitType struct {
	Title    string              `json:"title,omitempty"`
	Class    string              `json:"class"`
	Fields   []string            `json:"fields,omitempty"`
	Optional []string            `json:"optional,omitempty"`
	Faces    map[string][]string `json:"faces,omitempty"`
	// Counters are the faces printed on a counter of their own, which
	// every unit of the type must give (its values, ~ where not known):
	// GBACW's dismounted cavalry (14.21).
	Counters []string `json:"counters,omitempty"`
	Source   string   `json:"source,omitempty"`
	// Symbol is what its counters show in the box: infantry (a cross),
	// cavalry (a diagonal), artillery (a dot), or "" for the type's name.
	Symbol string `json:"symbol,omitempty"`
}

// HexsideLevel is one level of hexside_levels: from the day From (one of
// the battle's days) on, each hexside feature keyed in As is read as the
// feature it names (Dead of Winter's low river: river as stream, ford-b
// as ford-a); a feature As does not name is read as printed.
type HexsideLevel struct {
	From   string            `json:"from"`
	Title  string            `json:"title,omitempty"`
	As     map[string]string `json:"as,omitempty"`
	Rule   string            `json:"rule,omitempty"`
	Source string            `json:"source,omitempty"`
}

// CostEntry is a terrain type, hexside feature or road type.
type CostEntry struct {
	Title        string             `json:"title,omitempty"`
	Cost         map[string]float64 `json:"cost,omitempty"`
	Source       string             `json:"source,omitempty"`
	Illustrative bool               `json:"illustrative,omitempty"`
	// Color, Width and Dash are how pictures draw it: the fill of a
	// terrain, the line of a hexside feature or road ("#rrggbb"; width in
	// pixels at hex size 20; dash "on off ..." in pixels). Empty: a colour
	// derived from the name. BoardWidth is the line's width on a VASSAL
	// board, in board pixels (0: 3).
	Color      string  `json:"color,omitempty"`
	Width      float64 `json:"width,omitempty"`
	Dash       string  `json:"dash,omitempty"`
	BoardWidth int     `json:"board_width,omitempty"`
}

// TurnTrack is one game day's turns.
type TurnTrack struct {
	Slots  []SlotSpec `json:"slots"`
	Source string     `json:"source,omitempty"`
}

// SlotSpec is one turn, or a run of turns from..to every step minutes.
type SlotSpec struct {
	Time    string `json:"time,omitempty"`
	From    string `json:"from,omitempty"`
	To      string `json:"to,omitempty"`
	Step    int    `json:"step,omitempty"`
	Light   string `json:"light"`
	NextDay bool   `json:"next_day,omitempty"`
	Title   string `json:"title,omitempty"`
}

// Slot is one turn of a game day.
type Slot struct {
	Time    string `json:"time"`
	Light   string `json:"light"`
	NextDay bool   `json:"next_day,omitempty"`
}

// MaxTurns bounds the turns of one game day's expanded track: a day of
// one-minute turns is 1,440, and a track of a few runs could otherwise
// expand to millions (20,000 runs of 0000-2359 are 28.8 million turns).
const MaxTurns = 10_000

// ErrTooManyTurns is Expand's error for a track of more than MaxTurns.
var ErrTooManyTurns = errors.New("the track expands to more than 10000 turns, muster's limit for one game day")

// Slots expands the turn track's runs. A track of more than MaxTurns
// turns is refused before any is made.
func (t TurnTrack) Expand() ([]Slot, error) {
	n := 0
	for _, s := range t.Slots {
		if s.Time != "" {
			n++
			continue
		}
		from, err1 := minutes(s.From)
		to, err2 := minutes(s.To)
		if err1 != nil || err2 != nil || s.Step <= 0 {
			return nil, fmt.Errorf("turn run needs from, to and step")
		}
		if to < from {
			to += 24 * 60
		}
		n += (to-from)/s.Step + 1
		if n > MaxTurns {
			return nil, ErrTooManyTurns
		}
	}
	if n > MaxTurns {
		return nil, ErrTooManyTurns
	}
	out := make([]Slot, 0, n)
	for _, s := range t.Slots {
		if s.Time != "" {
			out = append(out, Slot{Time: s.Time, Light: s.Light, NextDay: s.NextDay})
			continue
		}
		from, _ := minutes(s.From)
		to, _ := minutes(s.To)
		if to < from {
			to += 24 * 60
		}
		for m := from; m <= to; m += s.Step {
			out = append(out, Slot{Time: fmt.Sprintf("%02d%02d", (m/60)%24, m%60), Light: s.Light, NextDay: s.NextDay})
		}
	}
	return out, nil
}

func minutes(hhmm string) (int, error) {
	if len(hhmm) != 4 {
		return 0, fmt.Errorf("bad time %q", hhmm)
	}
	h, err := strconv.Atoi(hhmm[:2])
	if err != nil {
		return 0, err
	}
	m, err := strconv.Atoi(hhmm[2:])
	if err != nil {
		return 0, err
	}
	return h*60 + m, nil
}

// Merge lays override onto base: mappings merge key by key, anything else
// replaces. Neither argument is changed.
func Merge(base, override any) any {
	bm, ok1 := base.(map[string]any)
	om, ok2 := override.(map[string]any)
	if !ok1 || !ok2 {
		return override
	}
	out := make(map[string]any, len(bm)+len(om))
	for k, v := range bm {
		out[k] = v
	}
	for k, v := range om {
		if bv, ok := out[k]; ok {
			out[k] = Merge(bv, v)
		} else {
			out[k] = v
		}
	}
	return out
}

// Decode turns a JSON-shaped ruleset value into a Ruleset.
func Decode(v any) (*Ruleset, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var r Ruleset
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	if err := r.resolveSwitches(); err != nil {
		return nil, err
	}
	return &r, nil
}

// Counters describes the ruleset's counter values for the forces schema.
func (r *Ruleset) Counters() *schema.Counters {
	c := &schema.Counters{Fields: map[string]schema.Field{}}
	for name, f := range r.Fields {
		c.Fields[name] = schema.Field{Title: f.Title, Type: f.Type, Min: f.Min, Max: f.Max, Values: f.Values}
	}
	unit, leader, faces := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for name, t := range r.UnitTypes {
		c.UnitTypes = append(c.UnitTypes, name)
		for _, f := range append(append([]string{}, t.Fields...), t.Optional...) {
			unit[f] = true
		}
		for face := range t.Faces {
			faces[face] = true
		}
	}
	for _, l := range r.Levels {
		c.Levels = append(c.Levels, l.ID)
		for _, f := range l.Leader {
			leader[f] = true
		}
	}
	c.UnitFields, c.LeaderFields, c.Faces = keys(unit), keys(leader), keys(faces)
	sort.Strings(c.UnitTypes)
	return c
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Artillery reports whether a unit type's class is artillery.
func (r *Ruleset) Artillery(unitType string) bool {
	return r.Classes[r.Class(unitType)].Artillery
}

// Night reports whether a kind of light is night.
func (r *Ruleset) Night(light string) bool { return r.Lights[light].Night }

// Class returns the class of a unit type ("" if unknown).
func (r *Ruleset) Class(unitType string) string { return r.UnitTypes[unitType].Class }

// LevelByID finds a formation level.
func (r *Ruleset) LevelByID(id string) (Level, bool) {
	for _, l := range r.Levels {
		if l.ID == id {
			return l, true
		}
	}
	return Level{}, false
}

// Cost returns what entering (or crossing) e costs a unit of class, and
// whether e names a cost at all.
func (e CostEntry) CostFor(class string) (float64, bool) {
	if c, ok := e.Cost[class]; ok {
		return c, true
	}
	c, ok := e.Cost["other"]
	return c, ok
}
