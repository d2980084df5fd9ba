package validate

import (
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/project"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
)

// A Check is one check over the resolved battle, as an analysis.Analyzer
// is one value: its codes with their titles, documentation, default
// severity and rule, what it reads, the facts it requires, and the
// functions that run it. Every check is in the one list Checks;
// `muster explain`, docs/codes.md and the tests read that list.
//
// Each run of a check is a pass of its own (facts.go) over the resolved
// battle, which no check changes: a check reads the battle and the facts
// its Requires lists, never what another check found, so the checks may
// run in any order (TestAnyOrder).
//
// A check whose Engine is set is configured by ruleset data: the section
// of the ruleset's `figures` named Engine says which codes it raises, with
// their titles, rules and severities (rulesets.Figures). Such a check may
// also raise fixed codes of its own.
type Check struct {
	Name   string
	Engine string      // the figures section that configures it, if any
	Codes  []diag.Code // the codes it raises whatever the ruleset says
	// Reads says which documents of the battle the check reads, the
	// documents of the facts it requires included (TestReads): a check
	// reading one that could not be read whole skips (see Battle).
	Reads Reads
	// Detail says what of them it reads, for the reader of this list, by
	// kind as Reads.String names them ("scenario: ...; forces: ..."); a
	// test keeps its kinds equal to Reads.
	Detail string
	// Requires lists the facts the check reads; its passes can read no
	// other.
	Requires []*Fact
	// Battle runs once per battle; Scenario once per scenario in play.
	Battle   func(*pass)
	Scenario func(*pass, *battle.Scenario)
	// Position says the check judges a set-up as a position, wherever its
	// pieces came from: Position runs it on a played game's (muster game
	// check).
	Position bool
}

// Reads is the set of documents of a battle a check reads.
type Reads uint8

// The documents a check may read.
const (
	ReadsBattle   Reads = 1 << iota // battle.yaml itself (oob_complete)
	ReadsForces                     // the forces: formations, units, leaders
	ReadsMap                        // the map: sheets, terrain, hexsides, roads, areas
	ReadsScenario                   // the scenarios: set-ups, arrivals, withdrawals
	ReadsRuleset                    // the ruleset beyond its figures (play cups)
)

var readsNames = []string{"battle", "forces", "map", "scenario", "ruleset"}

// Has reports whether r includes any of the documents of k.
func (r Reads) Has(k Reads) bool { return r&k != 0 }

// String names the documents of r in the order of the constants, joined
// by ", ": "forces, map, scenario".
func (r Reads) String() string {
	var out []string
	for i, n := range readsNames {
		if r.Has(1 << i) {
			out = append(out, n)
		}
	}
	return strings.Join(out, ", ")
}

// Checks is every check muster runs over a resolved battle. Battle runs
// them in this order, but none depends on it: each reads the battle and
// its facts, never another check's work (TestAnyOrder shuffles it).
var Checks = []*Check{
	{Name: "in-play", Codes: []diag.Code{CodeNotInPlay}, Reads: ReadsScenario, Detail: "scenario: sheets in play, set-up, entry and victory hexes", Scenario: inPlay, Position: true},
	{Name: "in-time", Codes: []diag.Code{CodeTimeOutside}, Reads: ReadsScenario, Detail: "scenario: first and last turn, arrival and withdrawal times", Scenario: inTime},
	{Name: "timeline", Codes: []diag.Code{CodeSetTwice, CodeSetAndArriving, CodeNotOnMap, CodeNamedTwice}, Reads: ReadsScenario, Detail: "scenario: set-up, arrivals and withdrawals in turn order", Scenario: presenceCheck},
	{Name: "sides", Codes: []diag.Code{CodeBothSides}, Reads: ReadsScenario, Detail: "scenario: set-up groups by hex", Requires: []*Fact{FactSetup}, Scenario: (*pass).sides, Position: true},
	{Name: "required-leaders", Engine: "command", Reads: ReadsForces, Detail: "forces: formations and their leaders", Requires: []*Fact{FactLinks}, Battle: (*pass).required},
	{Name: "organisation", Engine: "organisation", Reads: ReadsForces, Detail: "forces: brigades, their names, counter values and letters", Battle: (*pass).organisation},
	{Name: "stacking", Engine: "stacking", Reads: ReadsForces | ReadsScenario, Detail: "scenario: set-up groups, orders, faces, terrain; forces: classes and strengths", Requires: []*Fact{FactStacks}, Scenario: (*pass).stacking, Position: true},
	{Name: "command", Engine: "command", Reads: ReadsForces | ReadsMap | ReadsScenario, Detail: "scenario: set-up, light of the first turn, attachments; forces: leaders and ratings; map: terrain, hexsides, roads", Requires: []*Fact{FactSetup, FactTree, FactLinks}, Scenario: (*pass).command, Position: true},
	{Name: "attach", Engine: "attach", Reads: ReadsForces | ReadsScenario, Detail: "scenario: attachments; forces: classes", Scenario: (*pass).attachments},
	{Name: "efficiency", Engine: "efficiency", Codes: []diag.Code{CodeNoEfficiency}, Reads: ReadsForces | ReadsScenario, Detail: "scenario: efficiency pools and fixed values, set-up, arrivals; forces: formations", Scenario: (*pass).efficiency},
	{Name: "lines", Engine: "lines", Reads: ReadsForces | ReadsMap | ReadsScenario, Detail: "scenario: set-up pieces' extension hexes, faces, strengths, stacks; forces: classes and strengths; map: the terrain of a line's hexes", Scenario: (*pass).lines},
	{Name: "cups", Codes: []diag.Code{CodeUnknownCup}, Reads: ReadsScenario | ReadsRuleset, Detail: "scenario: chits added to draw cups; ruleset: play cups", Scenario: (*pass).cups},
	{Name: "activation", Engine: "activation", Reads: ReadsForces | ReadsScenario, Detail: "scenario: activation markers; forces: formations in play", Scenario: (*pass).activation},
	{Name: "extended", Engine: "extended", Reads: ReadsMap | ReadsScenario, Detail: "scenario: set-up groups, orders; map: free neighbours", Requires: []*Fact{FactSetup}, Scenario: (*pass).extended, Position: true},
	{Name: "orders", Engine: "orders", Reads: ReadsForces | ReadsMap | ReadsScenario, Detail: "scenario: orders and faces of set-up and arriving units, set-up groups; forces: classes; map: distances, elevation, terrain", Requires: []*Fact{FactSetup}, Scenario: (*pass).orders, Position: true},
	{Name: "breastworks", Engine: "breastworks", Reads: ReadsMap | ReadsScenario, Detail: "scenario: breastworks of set-up stacks, first turn, options; map: terrain", Scenario: (*pass).breastworks},
	{Name: "breastwork-facing", Engine: "breastworks", Reads: ReadsScenario, Detail: "scenario: breastworks of set-up stacks and their facings", Scenario: (*pass).worksFacing},
	{Name: "one-orders", Engine: "orders", Reads: ReadsForces | ReadsScenario, Detail: "scenario: orders of set-up and arriving units, attachments, out_of_command; forces: formations and classes", Scenario: (*pass).oneOrders},
	{Name: "reserve", Engine: "orders", Reads: ReadsMap | ReadsScenario, Detail: "scenario: set-up groups in reserve, light of the first turn; map: distances, elevation, terrain", Requires: []*Fact{FactSetup}, Scenario: (*pass).reserve},
	{Name: "fatigue", Engine: "fatigue", Codes: []diag.Code{CodeNoFatigue}, Reads: ReadsForces | ReadsScenario, Detail: "scenario: Fatigue levels and orders of set-up and arriving units, attachments; forces: formations and classes", Scenario: (*pass).fatigue},
	{Name: "leaders", Engine: "leaders", Reads: ReadsForces | ReadsScenario, Detail: "scenario: set-up groups by hex, leaders, arrivals, their counters and stand-ins; forces: leaders' first turns, counters and spares", Requires: []*Fact{FactSetup}, Scenario: (*pass).leaders, Position: true},
	{Name: "entry", Engine: "entry", Codes: []diag.Code{CodeAreaSide, CodeNotEdge, CodeEntryHeld}, Reads: ReadsMap | ReadsScenario, Detail: "scenario: arrivals, set-up; map: areas and edges", Requires: []*Fact{FactSetup}, Scenario: (*pass).entries},
	{Name: "staging", Engine: "staging", Reads: ReadsMap | ReadsScenario, Detail: "map: areas, their arrow and entrance hexes, roads; scenario: arrivals' hexes", Battle: (*pass).stagingAreas, Scenario: (*pass).stagingArrivals},
	{Name: "arrivals", Engine: "entry", Reads: ReadsForces | ReadsMap | ReadsScenario, Detail: "scenario: arrivals, their times, orders and faces; map: roads, areas and their roles; forces: formations", Battle: (*pass).areaRoles, Scenario: (*pass).arrivals},
	{Name: "leader-stacking", Engine: "leader_stack", Reads: ReadsForces | ReadsScenario, Detail: "scenario: set-up groups, leaders, attachments; forces: formations and classes", Requires: []*Fact{FactSetup}, Scenario: (*pass).leaderStacks, Position: true},
	{Name: "values", Engine: "values", Reads: ReadsForces, Detail: "forces: units' counter values, classes and sides", Battle: (*pass).valueLimits},
	{Name: "order-sides", Engine: "order_sides", Reads: ReadsScenario, Detail: "scenario: set-up orders by side", Scenario: (*pass).orderSides},
	{Name: "events", Engine: "events", Codes: []diag.Code{CodeNoEvents}, Reads: ReadsScenario, Detail: "scenario: Event card allotments, their times, cups", Scenario: (*pass).events},
	{Name: "side-names", Codes: []diag.Code{CodeSideNotNamed}, Reads: ReadsBattle, Detail: "battle: its sides' ids", Battle: (*pass).sideNames},
	{Name: "elevation", Engine: "elevation", Reads: ReadsMap, Detail: "map: each sheet's elevation rows", Battle: (*pass).elevations},
	{Name: "hex-groups", Engine: "hex_groups", Codes: []diag.Code{CodeNoHexGroups}, Reads: ReadsScenario, Detail: "scenario: set-up stacks' Hex Group markers", Scenario: (*pass).hexGroups},
	{Name: "level-sides", Engine: "level_sides", Reads: ReadsForces, Detail: "forces: formations, their levels and sides", Battle: (*pass).levelSides},
	{Name: "level-max", Engine: "level_max", Reads: ReadsForces | ReadsScenario, Detail: "scenario: leaders set up, arriving and withdrawn, in turn order; forces: formations' levels and leaders", Scenario: (*pass).levelMax},
	{Name: "independent", Engine: "independent", Codes: []diag.Code{CodeNoIndependent}, Reads: ReadsForces | ReadsScenario, Detail: "scenario: leaders designated independent; forces: their formations", Scenario: (*pass).designations},
	{Name: "off-board", Engine: "independent", Reads: ReadsForces | ReadsScenario, Detail: "scenario: leaders set up and arriving, their attachments and stand-ins, leaders designated independent; forces: formations and their leaders", Requires: []*Fact{FactTree}, Scenario: (*pass).offBoard},
	{Name: "variants", Engine: "variants", Codes: []diag.Code{CodeNoVariants}, Reads: ReadsForces | ReadsScenario, Detail: "scenario: variants used, set-up and arriving units; forces: units' variants", Scenario: (*pass).variants},
	{Name: "morale", Engine: "morale", Codes: []diag.Code{CodeNoMorale}, Reads: ReadsForces, Detail: "forces: formations' morale tracks, levels and classes", Battle: (*pass).morale},
	{Name: "look-alike-names", Codes: []diag.Code{CodeLookAlike}, Reads: ReadsForces, Detail: "forces: unit and leader names by side, distinct", Battle: (*pass).lookAlike},
	{Name: "possessive", Codes: []diag.Code{CodePossessive}, Reads: ReadsForces, Detail: "forces: formation names and their leaders' names", Battle: (*pass).possessive},
	{Name: "never-placed", Codes: []diag.Code{CodeNeverPlaced}, Reads: ReadsBattle | ReadsForces | ReadsScenario, Detail: "battle: oob_complete; forces: units and leaders; every scenario: set-up and arrivals", Battle: (*pass).neverPlaced},
	{Name: "values-leaving", Codes: []diag.Code{CodeValueLeaving}, Reads: ReadsScenario, Detail: "scenario: values given on withdrawals", Scenario: valuesLeaving},
	{Name: "not-in-play", Codes: []diag.Code{CodePartly, CodeOutAndIn}, Reads: ReadsForces | ReadsScenario, Detail: "scenario: set-up, arrivals, not_in_play; forces: units of each formation", Scenario: (*pass).inPlayParts},
	{Name: "unknown-values", Codes: []diag.Code{CodeUnknownSkip}, Reads: ReadsForces | ReadsScenario, Detail: "every scenario: set-up stacks under stacking limits that add up strength, units extending their lines; forces: units' strengths", Requires: []*Fact{FactUnknown}, Battle: unknownSkip},
}

// Battle runs every check on b and returns the diagnostics.
func Battle(b *battle.Battle) []diag.Diagnostic {
	return run(b, Checks, false)
}

// Position runs the checks that judge a position (Check.Position) on s
// alone: a position put in b's model as a set-up, a played game's (muster
// game check). b's own scenarios are not checked, nor the battle as a
// whole.
func Position(b *battle.Battle, s *battle.Scenario) []diag.Diagnostic {
	var order []*Check
	for _, c := range Checks {
		if c.Position {
			order = append(order, c)
		}
	}
	return runOn(b, order, []*battle.Scenario{s}, false)
}

// run runs the checks of order over b. By scenario, the battle passes of
// every check run first, then every check's pass over each scenario in
// play in turn (as Battle does); else each check runs whole, its battle
// pass and then its scenario passes, before the next. The checks share
// nothing but the facts, so both give the same diagnostics in any order.
func run(b *battle.Battle, order []*Check, byCheck bool) []diag.Diagnostic {
	if b == nil {
		return nil
	}
	return runOn(b, order, scenariosInPlay(b), byCheck)
}

// scenariosInPlay is b's scenarios that are in play, in order.
func scenariosInPlay(b *battle.Battle) []*battle.Scenario {
	var scenarios []*battle.Scenario
	for _, s := range b.Scenarios {
		if len(s.Play) > 0 {
			scenarios = append(scenarios, s)
		}
	}
	return scenarios
}

// runOn is run over the scenarios given, b's or a position's.
func runOn(b *battle.Battle, order []*Check, scenarios []*battle.Scenario, byCheck bool) []diag.Diagnostic {
	if b == nil || b.Rules == nil || b.Map == nil {
		return nil
	}
	var l diag.List
	fs := newFacts(b)
	// A forces document that could not be read leaves the order of battle
	// incomplete: the checks that read the forces skip (battle's Y011 says
	// so beside the file). A map sheet refused leaves the map incomplete,
	// and the scenarios' hexes on it unread: the checks that read the map
	// or the scenarios skip (Y011 beside the sheet).
	var checks []*Check
	for _, c := range order {
		if b.Incomplete("forces") && c.Reads.Has(ReadsForces) {
			continue
		}
		if b.Incomplete("map") && c.Reads.Has(ReadsMap|ReadsScenario) {
			continue
		}
		checks = append(checks, c)
	}
	runBattle := func(c *Check) {
		if c.Battle != nil {
			c.Battle(fs.pass(c, nil, &l))
		}
	}
	runScenario := func(c *Check, s *battle.Scenario) {
		if c.Scenario != nil {
			c.Scenario(fs.pass(c, s, &l), s)
		}
	}
	if byCheck {
		for _, c := range checks {
			runBattle(c)
			for _, s := range scenarios {
				runScenario(c, s)
			}
		}
		return l.Items()
	}
	for _, c := range checks {
		runBattle(c)
	}
	for _, s := range scenarios {
		for _, c := range checks {
			runScenario(c, s)
		}
	}
	return l.Items()
}

// Func names the Go functions that run the check (explain names where
// each code is raised: raisedby.go).
func (c *Check) Func() string {
	var names []string
	for _, f := range []any{c.Battle, c.Scenario} {
		v := reflect.ValueOf(f)
		if v.IsNil() {
			continue
		}
		names = append(names, funcName(v.Pointer()))
	}
	return strings.Join(names, ", ")
}

func funcName(pc uintptr) string {
	n := runtime.FuncForPC(pc).Name()
	n = strings.TrimPrefix(n, "github.com/muster-wargames/muster/")
	return strings.TrimSuffix(n, "-fm")
}

// Codes lists the codes a battle under ruleset r can raise: those of
// loading (schema, battle), the fixed codes of the checks, and the codes
// r's figures configure. It decodes nothing but r.
func Codes(r *rulesets.Ruleset) diag.Catalogue {
	var out []diag.Code
	for _, cs := range [][]diag.Code{schema.Codes, battle.Codes, rulesets.Codes, accept.Codes, project.Codes} {
		for _, c := range cs {
			c.Func = raisedBy[c.Code]
			out = append(out, c)
		}
	}
	for _, c := range Checks {
		for _, code := range c.Codes {
			code.Func = raisedBy[code.Code]
			out = append(out, code)
		}
	}
	if r != nil {
		out = append(out, configured(r)...)
	}
	return catalogue(out)
}

// indices are the indices of a path under figures, which raisedAt writes [].
var indices = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[[0-9]+\]`) })

func configured(r *rulesets.Ruleset) []diag.Code {
	var out []diag.Code
	for _, fc := range r.Figures.Checks() {
		out = append(out, diag.Code{Code: fc.Code, Severity: fc.Sev(), System: r.System, Rule: fc.Rule, Title: fc.Title,
			Doc: strings.TrimSpace(fc.Doc), Func: raisedAt[indices().ReplaceAllString(fc.Path, "[]")], Config: "rulesets/" + r.System + ".yaml " + fc.Path})
	}
	return out
}

// catalogue sorts codes, keeping the first of a code given twice (a code
// that two rulesets configure alike).
func catalogue(cs []diag.Code) diag.Catalogue {
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].Code < cs[j].Code })
	out := cs[:0]
	for i, c := range cs {
		if i > 0 && c.Code == cs[i-1].Code {
			continue
		}
		if c.System == "" {
			c.System = "all"
		}
		out = append(out, c)
	}
	return out
}

// Catalogue lists every code muster knows: Codes for each embedded rule
// system. It decodes every embedded ruleset, so only the commands that list
// codes call it.
func Catalogue() (diag.Catalogue, error) {
	all := []diag.Code(Codes(nil))
	for _, sys := range rulesets.Systems() {
		r, err := rulesets.Series(sys)
		if err != nil {
			return nil, err
		}
		all = append(all, configured(r)...)
	}
	return catalogue(all), nil
}
