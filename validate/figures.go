package validate

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/rulesets"
)

// Figures are the numbers and switches the rule packs read from a ruleset's
// `figures` mapping. The logic that uses them is shared by every system.
type Figures struct {
	Stacking   Stacking   `json:"stacking"`
	Command    Command    `json:"command"`
	Entry      Entry      `json:"entry"`
	Extended   Extended   `json:"extended"`
	Attach     Attach     `json:"attach"`
	Activation Activation `json:"activation"`
	Org        Org        `json:"organisation"`
}

// Check names a rule-pack check: its stable code and the rule it enforces.
type Check struct {
	Code     string `json:"code"`
	Title    string `json:"title"`
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Doc      string `json:"doc"`
}

func (c Check) severity() diag.Severity {
	s, ok := diag.ParseSeverity(c.Severity)
	if !ok {
		return diag.Error
	}
	return s
}

// Stacking configures the stacking engine.
type Stacking struct {
	// FaceClass counts a unit on one of these faces as another class
	// (dismounted cavalry as infantry).
	FaceClass map[string]string `json:"face_class"`
	// SPAs gives the strength a class counts for, whatever its counter says
	// (a TSS wagon counts 4).
	SPAs map[string]float64 `json:"sp_as"`
	// Weight gives how many units a class counts as (a Summer Storm wagon
	// counts 2).
	Weight map[string]float64 `json:"weight"`
	Limits []Limit            `json:"limits"`
}

// Limit is one stacking rule. A stack passes when the units it selects obey
// every figure given (or, with any_of, the figures of one alternative).
type Limit struct {
	Check
	When   When     `json:"when"`
	Select []string `json:"select"`
	// SelectOrders keeps, of the selected units, those under these orders
	// (TSS uses orders for its line and column formations).
	SelectOrders []string `json:"select_orders"`
	// Alone: a selected unit must be the only unit in its hex.
	Alone      bool     `json:"alone"`
	MaxSP      *float64 `json:"max_sp"`
	MaxUnits   *float64 `json:"max_units"`
	MaxClasses *int     `json:"max_classes"`
	MaxGroups  *int     `json:"max_groups"`
	GroupBy    string   `json:"group_by"`
	SingleOK   bool     `json:"single_ok"`
	OnlyWith   []string `json:"only_with"`
	AnyOf      []Limit  `json:"any_of"`
}

// When says which stacks a limit applies to.
type When struct {
	Orders     []string `json:"orders"`
	Terrain    []string `json:"terrain"`
	TerrainNot []string `json:"terrain_not"`
	With       []string `json:"with"`
	Without    []string `json:"without"`
	// Reserve limits a rule to stacks in reserve status (true) or out of
	// it (false).
	Reserve *bool `json:"reserve"`
}

// Command configures command checks at set-up.
type Command struct {
	Check
	// None says the system has no command ranges (AMFS); Why says so in
	// the docs.
	None bool   `json:"none"`
	Why  string `json:"why"`
	// Range: the leader rating that holds a range, or fixed ranges by
	// level.
	Rating string         `json:"rating"`
	Fixed  map[string]int `json:"fixed"`
	// Cavalry overrides the fixed range of leaders whose formations hold
	// only cavalry.
	Cavalry int `json:"cavalry"`
	// Measure: "leader-mp" (costs from the ruleset for class "leader") or
	// "hexes".
	Measure string `json:"measure"`
	// Halve lists the kinds of light in which ranges are halved, rounding
	// up; NightMinus is taken off ranges at night.
	Halve      []string `json:"halve"`
	NightMinus int      `json:"night_minus"`
	// EnemyAdjacent: a path may not pass through a hex next to an enemy
	// unit unless a friendly combat unit is there.
	EnemyAdjacent bool `json:"enemy_adjacent"`
	// Chain: a unit within this many hexes of an in-command unit of its
	// brigade is in command too (0: no chain).
	Chain int `json:"chain"`
	// AdjacentOK: a unit next to its leader is always in command.
	AdjacentOK bool `json:"adjacent_ok"`
	// Exempt classes need no leader.
	Exempt []string `json:"exempt"`
	// Raise: a commander near one of his officers extends the officer's
	// range (TSS 17.18).
	Raise Raise `json:"raise"`
	// Leaders: a superior leader out of his own superior's range.
	Leaders Check `json:"leaders"`
	// Required levels must have a leader.
	Required      []string `json:"required"`
	RequiredCheck Check    `json:"required_check"`
}

// Raise says how a commander extends an officer's range: by up to By, and
// never beyond the commander's Rating, when he is within Within hexes
// (NightWithin at night; 0 means stacked). muster does not track the
// commander's budget over all his officers: each officer gets the raise, so
// no warning rests on a guess about how the player spends it.
type Raise struct {
	Within      int    `json:"within"`
	NightWithin int    `json:"night_within"`
	By          int    `json:"by"`
	Rating      string `json:"rating"`
}

// Entry configures checks on reinforcements and withdrawals.
type Entry struct {
	Rule string `json:"rule"`
	// Edge: entry hexes must lie on the map's edge.
	Edge bool `json:"edge"`
}

// Extended configures GBACW's extended columns.
type Extended struct {
	Check
	// Column: under these orders an infantry unit above MaxSP must use an
	// extended column, which needs a free hex next to it.
	Orders []string `json:"orders"`
	MaxSP  float64  `json:"max_sp"`
	Class  []string `json:"class"`
}

// Attach limits what a scenario may attach to one formation.
type Attach struct {
	Check
	// MaxBatteries: batteries attached to one brigade at most.
	MaxBatteries int `json:"max_batteries"`
}

// Activation says what a scenario's activation markers may be: the levels
// that get them and how many each has.
type Activation struct {
	Check
	Levels []string `json:"levels"`
	Min    int      `json:"min"`
	Max    int      `json:"max"`
}

// Org configures organisational checks.
type Org struct {
	// CountersField names the unit value that gives its brigade's number
	// of counters (AMFS's asterisks).
	CountersField string `json:"counters_field"`
	Counters      Check  `json:"counters"`
	// UniqueBrigades: brigade names bind counters, so two brigades of one
	// side and arm must not share a name.
	UniqueBrigades Check `json:"unique_brigades"`
}

// FiguresOf decodes a ruleset's figures.
func FiguresOf(r *rulesets.Ruleset) (*Figures, error) {
	f := &Figures{}
	if len(r.Figures) == 0 {
		return f, nil
	}
	b, err := json.Marshal(r.Figures)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, f); err != nil {
		return nil, fmt.Errorf("figures of %s: %w", r.System, err)
	}
	// A figure written "switch:NAME" takes the value of the ruleset's
	// switch NAME: where a book is unclear, the choice is data a battle can
	// change.
	for i := range f.Stacking.Limits {
		l := &f.Stacking.Limits[i]
		if name, ok := strings.CutPrefix(l.GroupBy, "switch:"); ok {
			v, ok := r.Switches[name].(string)
			if !ok {
				return nil, fmt.Errorf("figures of %s: %s names switch %q, which the ruleset does not set", r.System, l.Code, name)
			}
			l.GroupBy = v
		}
	}
	return f, nil
}

// checks lists every Check a Figures names.
func (f *Figures) checks() []Check {
	var out []Check
	var limits func([]Limit)
	limits = func(ls []Limit) {
		for _, l := range ls {
			if l.Code != "" {
				out = append(out, l.Check)
			}
			limits(l.AnyOf)
		}
	}
	limits(f.Stacking.Limits)
	for _, c := range []Check{f.Command.Check, f.Command.Leaders, f.Command.RequiredCheck, f.Extended.Check, f.Attach.Check, f.Activation.Check, f.Org.Counters, f.Org.UniqueBrigades} {
		if c.Code != "" {
			out = append(out, c)
		}
	}
	return out
}

// The rule-pack codes come from the embedded rulesets, so that figures and
// their codes live together.
func init() {
	for _, sys := range rulesets.Systems {
		r, err := rulesets.Load(sys)
		if err != nil {
			panic(err)
		}
		f, err := FiguresOf(r)
		if err != nil {
			panic(err)
		}
		seen := map[string]bool{}
		for _, c := range f.checks() {
			if seen[c.Code] {
				continue
			}
			seen[c.Code] = true
			diag.Register(diag.Code{Code: c.Code, Severity: c.severity(), System: sys, Rule: c.Rule, Title: c.Title, Doc: strings.TrimSpace(c.Doc)})
		}
	}
}
