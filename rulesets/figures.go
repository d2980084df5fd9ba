package rulesets

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/muster-wargames/muster/diag"
)

// Figures are the numbers and switches the check engines read from a
// ruleset's `figures` mapping. Each section configures one engine of
// package validate, named by the section's key; the logic is shared by
// every system. Every figure has a type and a schema:
// schema/schemas/ruleset.schema.json's definitions are generated from these
// types (the `doc` tags are their descriptions; `min` and `enum` tags bound
// them), and a test keeps the two equal.
type Figures struct {
	Stacking   Stacking   `json:"stacking,omitempty" doc:"The stacking engine: limits on what one hex may hold."`
	Command    Command    `json:"command,omitempty" doc:"The command engine: command ranges at set-up."`
	Entry      Entry      `json:"entry,omitempty" doc:"The entry engine: reinforcements and withdrawals."`
	Extended   Extended   `json:"extended,omitempty" doc:"The extended-column engine."`
	Attach     Attach     `json:"attach,omitempty" doc:"The attachment engine: what a scenario may attach to one formation."`
	Activation Activation `json:"activation,omitempty" doc:"The activation engine: a scenario's activation markers."`
	Org        Org        `json:"organisation,omitempty" doc:"The organisation engine: order-of-battle checks."`
	Orders     Orders     `json:"orders,omitempty" doc:"The orders engine: orders some units may not hold, and orders that may not stand near the enemy at set-up."`
	Works      Works      `json:"breastworks,omitempty" doc:"The breastworks engine: where a set-up may place breastworks, and how many to a hex."`
	Leaders    Leaders    `json:"leaders,omitempty" doc:"The leaders engine: where a set-up may place a leader."`
	Efficiency Efficiency `json:"efficiency,omitempty" doc:"The efficiency engine: a scenario's efficiency markers (pools and fixed values)."`
	Lines      Lines      `json:"lines,omitempty" doc:"The extended-line engine: units a set-up extends into flank hexes."`
	Fatigue    Fatigue    `json:"fatigue,omitempty" doc:"The fatigue engine: Fatigue levels a scenario sets on set-up stacks and arrivals."`

	// Sections of issue 13 (TSS, Summer Storm, AMFS).
	LeaderStack LeaderStack  `json:"leader_stack,omitempty" doc:"The leader-stacking engine: whom a leader set up on the map must be stacked with."`
	Values      []ValueLimit `json:"values,omitempty" doc:"Limits on counter values by side and class, each a check."`
	OrderSides  []OrderSide  `json:"order_sides,omitempty" doc:"Orders only some sides may be given at set-up, each a check."`
	Staging     Staging      `json:"staging,omitempty" doc:"The staging engine: areas whose map gives an arrow and an entrance hex (TSS 21.1 staging areas), and the arrivals through them."`
	Events      Events       `json:"events,omitempty" doc:"The events engine: a scenario's Event card allotments (AMFS D-2) and the Fog of War card of every draw pile (D-4)."`
	HexGroups   Check        `json:"hex_groups,omitempty" doc:"The hex-groups engine: the check of a set-up's Hex Group markers (AMFS P), each letter on one hex of a side. A system without it has no hex groups."`
	LevelSides  []LevelSide  `json:"level_sides,omitempty" doc:"Formation levels only some sides have, each a check."`
	Independent Independent  `json:"independent,omitempty" doc:"Independent leaders: who always is, who a scenario may designate, and that a command range leaves them free of their superior's."`
	Variants    Variants     `json:"variants,omitempty" doc:"Variant counters: units that belong to a variant, used only in the scenarios that name it."`
	Morale      Morale       `json:"morale,omitempty" doc:"Formation morale tracks (Summer Storm's divisional morale): which formations have one, and the bounds of its figures."`
	LevelMax    []LevelMax   `json:"level_max,omitempty" doc:"Formation levels of which a side may have only so many, with their leaders, in play at once; each a check."`
	Elevation   Check        `json:"elevation,omitempty" doc:"The elevation engine: the check of a map sheet that leaves hexes without an elevation, where the system gives every hex one (AMFS A-6). A system without it lets a map leave elevation out."`
}

// Check names a check that ruleset data configures: its stable code and the
// rule it enforces. A Check with no code is not configured.
type Check struct {
	Code     string `json:"code,omitempty" doc:"The stable diagnostic code." pattern:"^[A-Z]{1,3}[0-9]{3}$"`
	Title    string `json:"title,omitempty" doc:"A short title for muster explain."`
	Rule     string `json:"rule,omitempty" doc:"The rule cited, as 'SYSTEM 8.12'."`
	Severity string `json:"severity,omitempty" doc:"error (the default), warning or info." enum:"error,warning,info"`
	Doc      string `json:"doc,omitempty" doc:"A paragraph for muster explain and docs/codes.md, in muster's own words."`
}

// Sev is the check's severity: error unless it says otherwise.
func (c Check) Sev() diag.Severity {
	s, ok := diag.ParseSeverity(c.Severity)
	if !ok {
		return diag.Error
	}
	return s
}

// Stacking configures the stacking engine.
type Stacking struct {
	FaceClass map[string]string  `json:"face_class,omitempty" doc:"A unit on one of these faces counts as another class (dismounted cavalry as infantry)." keys:"face" values:"class"`
	SPAs      map[string]float64 `json:"sp_as,omitempty" doc:"The strength a class counts for, whatever its counter says (a TSS wagon counts 4)." keys:"class" min:"0"`
	Weight    map[string]float64 `json:"weight,omitempty" doc:"How many units a class counts as (a Summer Storm wagon counts 2)." keys:"class" min:"0"`
	Limits    []Limit            `json:"limits,omitempty" doc:"The stacking limits, each a check."`
}

// Limit is one stacking rule. A stack passes when the units it selects obey
// every figure given (or, with any_of, the figures of one alternative).
type Limit struct {
	Check
	When         When     `json:"when,omitempty" doc:"Which stacks the limit applies to."`
	Select       []string `json:"select,omitempty" doc:"The classes the limit counts (all units when absent)." items:"class"`
	SelectOrders []string `json:"select_orders,omitempty" doc:"Of the selected units, those under these orders." items:"order"`
	Alone        bool     `json:"alone,omitempty" doc:"A selected unit must be the only unit in its hex."`
	MaxSP        *float64 `json:"max_sp,omitempty" doc:"At most this many strength points." min:"0"`
	MaxUnits     *float64 `json:"max_units,omitempty" doc:"At most this many units (by weight)." min:"0"`
	MaxClasses   *int     `json:"max_classes,omitempty" doc:"At most this many classes of unit." min:"0"`
	MaxGroups    *int     `json:"max_groups,omitempty" doc:"At most this many formations (see group_by)." min:"0"`
	GroupBy      string   `json:"group_by,omitempty" doc:"The formation level max_groups counts, or switch:NAME to take it from a switch." pattern:"^(switch:)?[a-z][a-z-]*$" ref:"level"`
	JoinsAny     []string `json:"joins_any,omitempty" doc:"Selected units of these classes that belong to no formation of the group_by level (corps or army artillery) count toward no formation: they may join any one formation's stack." items:"class"`
	SingleOK     bool     `json:"single_ok,omitempty" doc:"A single unit over the limit is legal on its own."`
	OrdersApart  []string `json:"orders_apart,omitempty" doc:"Selected units under these orders may not share the hex with units under other orders (a unit whose orders the set-up leaves open counts as under any)." items:"order"`
	OnlyWith     []string `json:"only_with,omitempty" doc:"A selected unit may stack only with these classes." items:"class"`
	AnyOf        []Limit  `json:"any_of,omitempty" doc:"Alternatives: the stack passes when it obeys one."`
	SameFace     bool     `json:"same_face,omitempty" doc:"The selected units must all show the same face (TSS: limbered batteries not with unlimbered ones in reserve)."`
	SameFacing   bool     `json:"same_facing,omitempty" doc:"The selected units must all face the same way, where the set-up gives their facing (TSS 8.4)."`
	MaxWorks     *int     `json:"max_breastworks,omitempty" doc:"At most this many breastworks (or other works markers) in the hex; with when.terrain, 0 forbids them there. Counted whatever units the hex holds." min:"0"`
}

// When says which stacks a limit applies to.
type When struct {
	Orders     []string `json:"orders,omitempty" doc:"Stacks under these orders; none stands for a stack whose orders the set-up leaves open." items:"order"`
	Terrain    []string `json:"terrain,omitempty" doc:"Stacks in these terrain types." items:"terrain"`
	TerrainNot []string `json:"terrain_not,omitempty" doc:"Stacks not in these terrain types." items:"terrain"`
	Hexes      []string `json:"hexes,omitempty" doc:"Stacks in these hexes, by the labels the book prints (AMFS I-3: Devil's Den is S2522), whatever terrain the map gives them; with terrain, a stack in these hexes or in that terrain."`
	With       []string `json:"with,omitempty" doc:"Stacks holding a unit of one of these classes." items:"class"`
	Without    []string `json:"without,omitempty" doc:"Stacks holding no unit of these classes." items:"class"`
	Reserve    *bool    `json:"reserve,omitempty" doc:"Stacks in reserve status (true) or out of it (false)."`
	Moved      bool     `json:"moved,omitempty" doc:"Only stacks whose units have moved (GBACW March stacking binds a stack once it moves, 8.11, 8.25). muster checks set-up stacks, before any movement, so it reports such a limit for none of them."`
}

// Command configures the command engine.
type Command struct {
	Check
	None          bool              `json:"none,omitempty" doc:"The system has no command ranges (AMFS)."`
	Why           string            `json:"why,omitempty" doc:"Why there are none, for the docs."`
	Rating        string            `json:"rating,omitempty" doc:"The leader rating that holds the range." ref:"field"`
	Fixed         map[string]int    `json:"fixed,omitempty" doc:"Fixed ranges by formation level." keys:"level" min:"0"`
	Cavalry       int               `json:"cavalry,omitempty" doc:"The fixed range of leaders whose formations hold only mounted classes." min:"0"`
	Measure       string            `json:"measure,omitempty" doc:"leader-mp (movement costs of the leader's movement class) or hexes." enum:"leader-mp,hexes"`
	LeaderClass   string            `json:"leader_class,omitempty" doc:"The movement class whose terrain costs a range in leader MP is traced with (default leader)."`
	Halve         []string          `json:"halve,omitempty" doc:"The kinds of light in which ranges are halved, rounding up." items:"light"`
	NightMinus    int               `json:"night_minus,omitempty" doc:"Taken off ranges in night turns." min:"0"`
	EnemyAdjacent bool              `json:"enemy_adjacent,omitempty" doc:"A path may not pass next to an enemy unit unless a friendly combat unit is there."`
	Chain         int               `json:"chain,omitempty" doc:"A unit within this many hexes of an in-command unit of its brigade is in command too (0: no chain)." min:"0"`
	ChainField    map[string]string `json:"chain_field,omitempty" doc:"For a unit of one of these classes the chain reaches as far as the value of this counter field on its front side, measured as command ranges are (leader MP or hexes), instead of chain hexes." keys:"class" values:"field"`
	AdjacentOK    bool              `json:"adjacent_ok,omitempty" doc:"A unit next to its leader is always in command."`
	Exempt        []string          `json:"exempt,omitempty" doc:"Classes that need no leader." items:"class"`
	Raise         Raise             `json:"raise,omitempty" doc:"How a commander near one of his officers extends the officer's range."`
	Near          Near              `json:"commander_within,omitempty" doc:"A unit this near a commander of its own formation at one of these levels is in command whatever its officer's range."`
	AnyLeader     AnyLeader         `json:"any_leader,omitempty" doc:"Units that are in command within range of any leader of some levels in their larger formation, not only their own (3DoG BB 14.5: Berdan's Sharpshooters)."`
	Links         []Link            `json:"links,omitempty" doc:"A battle book's own command links: units of some formations in command within range of any of some named leaders (Dead of Winter BB 4.41-4.44)."`
	AlsoWithin    []AlsoWithin      `json:"also_within,omitempty" doc:"Leaders of some formations who, in some turns, must be within range of a second named superior as well as their own (3DoG BB 4.47: Reynolds)."`
	Leaders       Check             `json:"leaders,omitempty" doc:"The check of a leader out of his superior's range."`
	Required      []string          `json:"required,omitempty" doc:"Formation levels that must have a leader." items:"level"`
	RequiredCheck Check             `json:"required_check,omitempty" doc:"The check of a required level without a leader."`

	ZOC ZOC `json:"zoc,omitempty" doc:"Which units exert the zone of control that enemy_adjacent keeps paths out of."`
	ZOI ZOI `json:"zoi,omitempty" doc:"Zones of influence that add to the cost of tracing a range in leader MP (Summer Storm 7.3.2)."`
}

// ZOC says which units exert a zone of control into the hexes next to
// them, for enemy_adjacent: with no Exert, every unit does. With Frontal, a
// unit whose set-up gives a facing covers its three frontal hexes (TSS
// 11.0); one whose facing is not given is taken to cover all six.
type ZOC struct {
	Exert      []Exert `json:"exert,omitempty" doc:"The units that exert a zone of control (none: every unit)."`
	Impassable bool    `json:"impassable,omitempty" doc:"No zone of control reaches across a hexside the leader's movement class may not cross."`
	Frontal    bool    `json:"frontal,omitempty" doc:"A unit whose set-up gives its facing (1-6: the hexside it faces, 1 the map's north hexside, counting clockwise) exerts its zone into its three frontal hexes only; a unit with no facing given, into all six."`
}

// Exert is a kind of unit that exerts a zone of control: of Class, on one of
// Faces if any are given, on none of FacesNot, under none of OrdersNot.
type Exert struct {
	Class     string   `json:"class,omitempty" doc:"The class (after face_class: dismounted cavalry is infantry)." ref:"class"`
	Faces     []string `json:"faces,omitempty" doc:"Only on these faces (none: any face)." items:"face"`
	FacesNot  []string `json:"faces_not,omitempty" doc:"Not on these faces (routed)." items:"face"`
	OrdersNot []string `json:"orders_not,omitempty" doc:"Not under these orders (column)." items:"order"`
}

// ZOI gives the zones of influence of units, by class, in hexes: tracing a
// range through a hex in an enemy zone of influence, and with no friendly
// unit in it, costs Cost more. A zone is not traced through units of the
// other side. muster does not read lines of sight, so artillery's zone
// reaches its full range.
type ZOI struct {
	Range     map[string]int `json:"range,omitempty" doc:"The reach of each class's zone of influence, in hexes." keys:"class" min:"0"`
	Light     []LightRange   `json:"light_range,omitempty" doc:"Reaches in turns of some lights, replacing range (a class not listed keeps its range)."`
	Cost      float64        `json:"cost,omitempty" doc:"The leader MP added for each hex in an enemy zone of influence." min:"0"`
	OrdersNot []string       `json:"orders_not,omitempty" doc:"Units under these orders have no zone of influence (Summer Storm: March)." items:"order"`
}

// LightRange is the reach of zones of influence in turns of one light.
type LightRange struct {
	Light string         `json:"light,omitempty" doc:"The light." ref:"light"`
	Range map[string]int `json:"range,omitempty" doc:"The reach by class, in hexes." keys:"class" min:"0"`
}

// Raise says how a commander extends an officer's range: by up to By, and
// never beyond the commander's Rating, when he is within Within hexes
// (NightWithin at night; 0 means stacked). muster does not track the
// commander's budget over all his officers: each officer gets the raise, so
// no warning rests on a guess about how the player spends it.
type Raise struct {
	Within      int    `json:"within,omitempty" doc:"Hexes from the officer (0: stacked)." min:"0"`
	NightWithin int    `json:"night_within,omitempty" doc:"Hexes from the officer at night (0: stacked)." min:"0"`
	By          int    `json:"by,omitempty" doc:"Raise by up to this much." min:"0"`
	Rating      string `json:"rating,omitempty" doc:"The commander's rating that caps the raise." ref:"field"`
}

// AnyLeader puts a unit whose counter has one of Values in command when it
// is within the range of any leader of a formation at Levels inside its
// own formation at level Within (3DoG BB 14.5: Berdan's Sharpshooters,
// attached to Ward's brigade, are in command within range of any III Corps
// brigadier or division leader).
type AnyLeader struct {
	Values map[string][]string `json:"values,omitempty" doc:"The units it applies to: those whose counter field (the key) has one of these values." keys:"field"`
	Levels []string            `json:"levels,omitempty" doc:"The formation levels whose leaders count." items:"level"`
	Within string              `json:"within,omitempty" doc:"The level of the unit's own formation inside which those leaders count." ref:"level"`
}

// Link is a battle book's command link (Dead of Winter BB 4.41-4.44): the
// units of Formations (and of every formation below them) are in command
// within range of any of Leaders, and so are the leaders of those
// formations; Free leaders are in command wherever they stand, needing no
// superior in range; a formation listed needs no leader of its own. It
// names the battle's formations and leaders, so a battle sets it under
// `rules:`, never a series ruleset.
type Link struct {
	Side       string   `json:"side,omitempty" doc:"The side the formations and leaders are on."`
	Formations []string `json:"formations,omitempty" doc:"Designations of the formations whose units and leaders trace to the leaders."`
	Leaders    []string `json:"leaders,omitempty" doc:"The leaders, by name, they may trace to."`
	Free       []string `json:"free,omitempty" doc:"Leaders, by name, who are in command wherever they stand."`
	Rule       string   `json:"rule,omitempty" doc:"The rule that makes the link, as 'DoW BB 4.41'."`
	Source     string   `json:"source,omitempty" doc:"The seed line(s)."`
}

// AlsoWithin asks the leaders of Formations to be within range of Leader
// too, when a scenario starts in a turn from From to To (3DoG BB 4.47: on
// 1 July 0900-1100 Meredith and Cutler need Reynolds' range as well as
// Wadsworth's). It names the battle's formations and leaders, so a battle
// sets it under `rules:`.
type AlsoWithin struct {
	Side       string   `json:"side,omitempty" doc:"The side of the formations and the leader."`
	Formations []string `json:"formations,omitempty" doc:"Designations of the formations whose leaders must be within range."`
	Leader     string   `json:"leader,omitempty" doc:"The second superior, by name."`
	From       string   `json:"from,omitempty" doc:"The first turn it applies, as 'Jul 1 0900'."`
	To         string   `json:"to,omitempty" doc:"The last turn it applies."`
	Rule       string   `json:"rule,omitempty" doc:"The rule, as '3DoG BB 4.47'."`
	Source     string   `json:"source,omitempty" doc:"The seed line(s)."`
}

// Near puts a unit in command when a commander of one of its own
// formations at Levels is within Hexes hexes of it (counted straight, not
// along a path). A leader counts as a commander when his ratings list
// Rating (given or not); with NotMounted, leaders of formations holding only
// mounted classes do not count. No Levels: no such rule.
type Near struct {
	Hexes      int      `json:"hexes,omitempty" doc:"Hexes from the commander (0: stacked)." min:"0"`
	Levels     []string `json:"levels,omitempty" doc:"The formation levels whose commanders count." items:"level"`
	Rating     string   `json:"rating,omitempty" doc:"A leader counts only if his ratings list this one, given or not (a commander rather than an officer)." ref:"field"`
	NotMounted bool     `json:"not_mounted,omitempty" doc:"Leaders of formations holding only mounted classes do not count."`
}

// Entry configures the entry engine.
type Entry struct {
	Rule string `json:"rule,omitempty" doc:"The rule the entry checks cite."`
	Edge bool   `json:"edge,omitempty" doc:"Entry hexes must lie on the edge of the playing area."`
	// Three Days of Gettysburg's entry areas (BB 9.75): the area hex a
	// road or pike crosses is its direct entrance, the others border ones.
	Direct       []string       `json:"direct_roads,omitempty" doc:"An entry hex on a road of one of these types is a direct entrance hex; any other is a border entrance hex (empty: no such distinction)." items:"road"`
	Border       Check          `json:"border,omitempty" needs:"direct_roads,border_orders" doc:"The check of a unit entering through border entrance hexes only under orders other than border_orders."`
	BorderOrders []string       `json:"border_orders,omitempty" doc:"The orders a unit entering through a border entrance hex may hold." items:"order"`
	Clear        Check          `json:"keep_clear,omitempty" needs:"keep_clear_on" doc:"The check of an enemy unit set up next to an entrance hex through which arrivals are still to come."`
	KeepClear    bool           `json:"keep_clear_on,omitempty" doc:"The enemy may not stand next to an entrance hex (every hex of the arrival's area, or its hexes) while arrivals remain."`
	Activations  int            `json:"activations,omitempty" doc:"The activations a reinforcement group has on its entry turn when its arrival gives none (3DoG BB 9.75: four; 0: the book sets none)." min:"0"`
	Arrival      Check          `json:"arrival_activations,omitempty" needs:"max_activations" doc:"The check of an arrival's activations outside 1 to max_activations (max_artillery for a group all of artillery, when the activation figures set artillery_max)."`
	MaxArrival   int            `json:"max_activations,omitempty" doc:"Most activations an arriving group has on its entry turn (0: unchecked)." min:"0"`
	Formation    EntryFormation `json:"formation,omitempty" doc:"The formation arriving units must enter in."`
	Roads        []EntryRoad    `json:"roads,omitempty" doc:"Entry hexes that must be on a road, each a check."`
	Areas        []AreaLimit    `json:"areas,omitempty" doc:"Entry areas only some arrivals may use, each a check."`
	Variable     Check          `json:"variable,omitempty" doc:"The check of variable reinforcements' availability rolls: each for a turn of the scenario before the scheduled one, once, with a roll the system's dice can make."`
}

// Staging checks the arrow and entrance hexes a map gives its areas (the
// areas' arrow: and entrance:), and the arrivals through such an area.
// Areas that give neither are not checked.
type Staging struct {
	Arrow    Check    `json:"arrow,omitempty" doc:"The check of an arrow hex that is not a hex of its area on the map's edge."`
	Entrance Check    `json:"entrance,omitempty" doc:"The check of an entrance hex that is not a hex of the map (in no area) next to the arrow hex, on a road of one of the roads types (the road is not checked on a map that draws none)."`
	Roads    []string `json:"roads,omitempty" doc:"The road types an entrance hex must lie on (none: any road the map draws)." items:"road"`
	Arrival  Check    `json:"arrival,omitempty" doc:"The check of an arrival that gives hexes of an area with an arrow hex other than the arrow hex."`
}

// EntryFormation says what orders and faces an arriving unit may enter
// with: an orders value the arrival gives outside Orders, or a face among
// FacesNot, is reported. Orders left unsaid are taken to be legal.
type EntryFormation struct {
	Check
	Orders   []string `json:"orders,omitempty" doc:"The orders (formations) an arriving unit may be given; none: any." items:"order"`
	FacesNot []string `json:"faces_not,omitempty" doc:"Faces an arriving unit may not show (a battery unlimbered, cavalry dismounted)." items:"face"`
}

// EntryRoad says that an arrival's entry hexes must lie on a road: in turns
// of the given lights, or in every turn when none are given. An area
// arrival is not checked (an area's entrance is the book's, not a hex of
// the data), nor a map that draws no roads.
type EntryRoad struct {
	Check
	Lights []string `json:"lights,omitempty" doc:"Only arrivals in turns of these lights (none: every arrival)." items:"light"`
	Types  []string `json:"types,omitempty" doc:"The road types that count (none: any road the map draws)." items:"road"`
}

// AreaLimit keeps an entry area for some arrivals: those on the given days
// of the battle and of the given formations. A ruleset names the area by
// its Role (the map's area that declares it, whatever its key); a battle's
// own `rules:` may name its Area by key.
type AreaLimit struct {
	Check
	Area       string   `json:"area,omitempty" doc:"The map's entry area, by the key the map gives it (a battle's own rules: only; a ruleset names the role)."`
	Role       string   `json:"role,omitempty" doc:"The entry area, by the role the map's area declares (role: staging-9), whatever its key." pattern:"^[a-z][a-z0-9-]*$"`
	Missing    Check    `json:"missing,omitempty" needs:"role" doc:"The check of what the limit needs and the data lacks: a map area that declares no role, so that the limit cannot tell whether it is the role's area, and formations the order of battle does not have."`
	Days       []int    `json:"days,omitempty" doc:"The days of the battle (1 the first) on which the area may be used; none: any."`
	Formations []string `json:"formations,omitempty" doc:"The formations (as the order of battle names them, e.g. 3/I) whose units alone may use it; none: any."`
}

// ArrivalActivations is what a reinforcement group has on its entry turn:
// the arrival's own count, else the figures' default (0: neither).
func (e Entry) ArrivalActivations(given int) int {
	if given > 0 {
		return given
	}
	return e.Activations
}

// Extended configures GBACW's extended columns.
type Extended struct {
	Check
	Orders []string `json:"orders,omitempty" doc:"Under these orders a unit above max_sp must use an extended column." items:"order"`
	MaxSP  float64  `json:"max_sp,omitempty" doc:"The largest strength that needs no extended column." min:"0"`
	Class  []string `json:"class,omitempty" doc:"The classes the rule applies to." items:"class"`
	// The GBACW figures of 8.5: cavalry extends above 4 SP, and a column of
	// 15 infantry or 9 cavalry SP needs two hexes.
	ClassMaxSP map[string]float64 `json:"class_max_sp,omitempty" doc:"For these classes, the largest strength that needs no extended column, in place of max_sp." keys:"class" min:"0"`
	TwoHexSP   map[string]float64 `json:"two_hex_sp,omitempty" doc:"A unit of one of these classes with at least this many strength points extends two hexes, not one: it needs a free hex next to it with another free hex next to that." keys:"class" min:"0"`
}

// Attach limits what a scenario may attach to one formation.
type Attach struct {
	Check
	MaxBatteries int `json:"max_batteries,omitempty" doc:"Batteries attached to one brigade at most." min:"0"`
	// CountOwn: Three Days of Gettysburg's BB 4.37 play note counts a
	// brigade's own batteries with those attached to it.
	CountOwn bool  `json:"count_own,omitempty" doc:"A brigade's own batteries (those of its order of battle not attached elsewhere) count toward max_batteries with the attached ones."`
	Within   Scope `json:"within,omitempty" doc:"The check that a battery is attached only to a brigade of its own formation at a level (GBACW 4.32: its division)."`
	// None: Three Days of Gettysburg's simpler option (BB 4.39) attaches
	// no single battery at all.
	None bool `json:"none,omitempty" doc:"No battery may be attached on its own: every one attached counts as too many (GB401; Three Days of Gettysburg's optional BB 4.39)."`
	// The attachment of whole artillery formations (3DoG BB 4.37-4.38).
	Formations ArtFormations `json:"formations,omitempty" doc:"Artillery formations (brigades of batteries) a scenario attaches whole."`
	Horse      Horse         `json:"horse,omitempty" doc:"The check that horse artillery is attached only to formations of some classes."`
}

// ArtFormations limits the attachment of whole artillery formations: a
// formation all of whose units are batteries, attached with a set-up
// piece's `attached:`. Within: only to a formation inside its own
// parent (a corps's artillery brigade to a division of that corps; a
// reserve brigade under an artillery reserve with no divisions to none;
// a division's artillery brigade to no other division). Max: at most so
// many attached to one formation.
type ArtFormations struct {
	Scope  Check `json:"scope,omitempty" needs:"within_parent" doc:"The check of an artillery formation attached outside its parent formation."`
	Within bool  `json:"within_parent,omitempty" doc:"An artillery formation may be attached only to a formation inside its own parent."`
	Max    Check `json:"max,omitempty" needs:"max_per_formation" doc:"The check of a formation with more than max_per_formation artillery formations attached."`
	MaxPer int   `json:"max_per_formation,omitempty" doc:"Artillery formations attached to one formation at most (0: no limit)." min:"0"`
}

// Horse limits where horse artillery goes: a battery, or a formation of
// batteries, whose counter has Field set, attached to a formation that
// holds no unit of the classes To.
type Horse struct {
	Check `needs:"field,to"`
	Field string   `json:"field,omitempty" doc:"The counter field that marks horse artillery (GBACW's horse)." ref:"field"`
	To    []string `json:"to,omitempty" doc:"Horse artillery may be attached only to formations holding a unit of these classes (empty: unchecked)." items:"class"`
}

// Scope says which brigades a battery may be attached to: those inside the
// battery's own formation at Level, or, for a battery that belongs to no
// formation of that level (corps or army artillery), inside the lowest
// formation above it whose level ranks at Level or higher.
type Scope struct {
	Check
	Level string `json:"level,omitempty" doc:"The formation level whose bounds an attachment may not cross." ref:"level"`
	// ReserveFree: 3DoG BB 4.37 L2106 lets the Army reserve's batteries go
	// to any infantry brigade.
	ReserveFree bool `json:"artillery_reserve_free,omitempty" doc:"A battery whose bounding formation is itself all artillery (an army artillery reserve under its own commander) may be attached to a brigade anywhere on its side."`
	// ReserveTo: and to infantry brigades only (the same line).
	ReserveTo    []string `json:"artillery_reserve_to,omitempty" doc:"The classes of which a formation must hold a unit for a battery of artillery_reserve_free to be attached to it (Three Days of Gettysburg: infantry). Horse artillery is left to the horse check." items:"class"`
	ReserveClass Check    `json:"artillery_reserve_class,omitempty" needs:"artillery_reserve_free,artillery_reserve_to" doc:"The check of a reserve battery attached to a formation holding no unit of artillery_reserve_to."`
}

// Orders configures the orders engine.
type Orders struct {
	Forbid    []Forbid  `json:"forbid,omitempty" doc:"Orders some units may never hold, each a check."`
	NearEnemy NearEnemy `json:"near_enemy,omitempty" doc:"The check of units set up under orders that may not stand near the enemy."`
	Brigade   OneOrders `json:"brigade,omitempty" doc:"The check that the units of one formation set up (or enter together) under one orders."`
	Reserve   Reserve   `json:"reserve,omitempty" doc:"The check of set-up stacks in reserve too near the enemy."`
}

// OneOrders reports a formation of Level whose units a set-up (or one
// turn's arrivals) gives different orders, but for the units Keep lets
// hold others and those the scenario marks out of command.
type OneOrders struct {
	Check
	Level string      `json:"level,omitempty" doc:"The formation level whose units share one orders (a unit under no formation of the level is not checked)." ref:"level"`
	Keep  []KeepOrder `json:"keep,omitempty" doc:"Units that may hold other orders than their formation's."`
}

// KeepOrder lets units of Class hold Orders while their formation's other
// units hold one of While (GBACW 6.18: a battery keeps Advance orders in a
// brigade under Attack orders).
type KeepOrder struct {
	Class  []string            `json:"class,omitempty" doc:"The classes of unit the exception is for (all when absent)." items:"class"`
	Orders []string            `json:"orders,omitempty" doc:"The orders they may hold." items:"order"`
	While  []string            `json:"while,omitempty" doc:"While the formation's other units hold one of these orders." items:"order"`
	Values map[string][]string `json:"values,omitempty" doc:"Only units whose counter field (the key) has one of these values." keys:"field"`
	Rule   string              `json:"rule,omitempty" doc:"The rule that makes the exception."`
}

// Reserve reports set-up stacks in reserve that stand too near an enemy
// combat unit: nearer than Hexes, or, when LOS is set, nearer than Unseen
// and in the enemy's line of sight; on a night first turn Night replaces
// Hexes and the line of sight does not count.
type Reserve struct {
	Check
	Hexes  int  `json:"hexes,omitempty" doc:"A reserve stack at least this many hexes from every enemy combat unit qualifies whatever it sees." min:"1"`
	Unseen int  `json:"unseen,omitempty" doc:"Out of every enemy unit's line of sight, this many hexes are enough (0: the line of sight does not help)." min:"0"`
	Night  int  `json:"night,omitempty" doc:"On a night turn the distance that qualifies, line of sight or not (0: as by day)." min:"0"`
	LOS    bool `json:"los,omitempty" doc:"Read the line of sight from the map's elevations as orders.near_enemy does (its terrain_levels); a map with no elevations counts every enemy unit as seen."`
}

// Forbid is one set of orders some units may not hold: units of Class (all
// when absent), on one of Faces when given, under one of Orders.
type Forbid struct {
	Check
	Orders []string `json:"orders,omitempty" doc:"The forbidden orders." items:"order"`
	Class  []string `json:"class,omitempty" doc:"The classes of unit (as the unit type gives it, whatever its face) that may not hold them (all when absent)." items:"class"`
	Faces  []string `json:"faces,omitempty" doc:"Only units set up on one of these faces." items:"face"`
	// Values picks units by a printed value: Berdan's Sharpshooters by
	// their BR (SS) weapon (3DoG BB 14.5).
	Values map[string][]string `json:"values,omitempty" doc:"Only units whose counter field (the key) has one of these values." keys:"field"`
}

// NearEnemy reports units set up under Orders within Hexes hexes of an enemy
// combat unit, in its line of sight when LOS is set and the map gives
// elevations (no elevation anywhere: hexes only).
type NearEnemy struct {
	Check
	Orders []string           `json:"orders,omitempty" doc:"The orders that may not stand near the enemy." items:"order"`
	Hexes  int                `json:"hexes,omitempty" doc:"Within this many hexes of an enemy combat unit." min:"1"`
	LOS    bool               `json:"los,omitempty" doc:"Only where the unit and the enemy see each other: a hex between them blocks when it stands higher than both ends (terrain raised by terrain_levels). A map with no elevations is measured in hexes only."`
	Raise  map[string]float64 `json:"terrain_levels,omitempty" doc:"Levels a terrain type adds to its hex's elevation for line of sight (GBACW woods and towns, 10.23)." keys:"terrain" min:"0"`
}

// Works configures the breastworks engine: a set-up stack's breastworks
// may not stand in some terrain, and a hex holds so many at most.
type Works struct {
	Terrain    Check    `json:"terrain,omitempty" doc:"The check of breastworks in terrain_not."`
	TerrainNot []string `json:"terrain_not,omitempty" doc:"Terrain types where no breastworks stand." items:"terrain"`
	Max        Check    `json:"max,omitempty" doc:"The check of a hex with more than max_per_hex breastworks."`
	MaxPerHex  int      `json:"max_per_hex,omitempty" doc:"Breastworks one hex holds at most." min:"0"`
	// Dead of Winter's historical option (BB 21.1): no Union breastworks
	// on the morning of 31 December.
	Early   Check         `json:"early,omitempty" needs:"windows" doc:"The check of breastworks a side sets up in a turn one of windows keeps it from having them."`
	Windows []WorksWindow `json:"windows,omitempty" doc:"Turns in which a side has no breastworks of its own at set-up (a battle book's rule: it names the battle's days, so a battle sets it under rules:)."`
	Facing  Check         `json:"facing,omitempty" doc:"The check of a set-up's breastwork_facing: for each marker a run of adjacent hexsides, as many as facing_sides allows, and no more facings than markers."`
	Sides   []int         `json:"facing_sides,omitempty" doc:"How many hexsides one breastwork covers (GBACW 15.21: two; a battle playing 3DoG's optional BB 15.12 three-hexside works adds 3)." min:"1"`
}

// WorksWindow keeps a side's set-up free of breastworks in a scenario that
// starts from From up to (not including) Until, when the scenario is
// played with Option (a scenario's options:; none: always).
type WorksWindow struct {
	Side   string `json:"side,omitempty" doc:"The side, by the id the battle gives it."`
	From   string `json:"from,omitempty" doc:"The first turn of the window, as 'Dec 31 0600'."`
	Until  string `json:"until,omitempty" doc:"The turn from which the side may have breastworks again, as 'Dec 31 1200'."`
	Option string `json:"option,omitempty" doc:"The optional rule the window belongs to: it binds only scenarios that list it in options: (none: every scenario)."`
	Rule   string `json:"rule,omitempty" doc:"The rule, as 'DoW BB 21.1'."`
	Source string `json:"source,omitempty" doc:"The seed line(s)."`
}

// Options lists the optional rules the figures name (works windows'
// option), each once, in order: the names a scenario's options: may give.
func (f *Figures) Options() []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range f.Works.Windows {
		if w.Option != "" && !seen[w.Option] {
			seen[w.Option] = true
			out = append(out, w.Option)
		}
	}
	return out
}

// Fatigue says what Fatigue levels a scenario may set (GBACW 17.21,
// 17.24): the levels, kept by the formation of Level, the play state that
// shows them, and the orders a brigade at some levels may not hold.
type Fatigue struct {
	Check           // a level not among Levels
	Levels []string `json:"levels,omitempty" doc:"The levels a scenario may give, lowest first (GBACW: OK, 0-4)."`
	Level  string   `json:"level,omitempty" doc:"The formation level that has a Fatigue level (its units share it)." ref:"level"`
	Split  Check    `json:"split,omitempty" doc:"The check of one formation given two levels at the same time (its set-up, or one arrival group)."`
	State  string   `json:"state,omitempty" doc:"The play state that shows these: the VASSAL module starts the leader of the formation on the state's level named after the Fatigue level, or ending in it (Fatigue 4 for 4)."`
	Orders Check    `json:"orders,omitempty" doc:"The check of a unit at one of at under orders it may not hold (not_orders)."`
	At     []string `json:"at,omitempty" doc:"The levels at which not_orders are forbidden."`
	Not    []string `json:"not_orders,omitempty" doc:"Orders a formation at one of at may not hold." items:"order"`
}

// Leaders configures the leaders engine.
type Leaders struct {
	// GBACW 12.73: a leader alone next to an enemy unit is moved to the
	// nearest friendly unit, or killed.
	AloneAdjacent Check `json:"alone_adjacent,omitempty" doc:"The check of a leader set up with no friendly combat unit in his hex, next to an enemy combat unit."`
	// Three Days of Gettysburg BB 4.41: Warren comes on with Meade at the
	// start of the 2 July 0500 turn (the forces' from: and with:).
	From Check `json:"from,omitempty" doc:"The check of a leader set up or brought on before the first turn his counter is in play (forces from:), or set up on that turn away from the leader he is placed with (with:)."`
	// BB 4.44: A.P. Hill's two counters (the forces' counters:).
	Counter Check `json:"counter,omitempty" doc:"The check of a leader set up or brought on with a counter other than the one his forces' counters: give for the turn."`
	// BB 4.42: Trimble, a spare leader, may replace a division leader.
	Spare       Check    `json:"spare,omitempty" needs:"spare_levels" doc:"The check of a scenario's stand-in (a piece's replaces:): only a spare leader (forces spares:) stands in, for the commander of a formation of spare_levels, who is then not in play himself."`
	SpareLevels []string `json:"spare_levels,omitempty" doc:"The formation levels whose commanders a spare leader may replace (none: no spare leaders; the check is off)." items:"level"`
}

// Activation says what a scenario's activation markers may be.
type Activation struct {
	Check
	Levels []string `json:"levels,omitempty" doc:"The formation levels that get activation markers." items:"level"`
	Min    int      `json:"min,omitempty" doc:"Fewest markers a formation has." min:"0"`
	Max    int      `json:"max,omitempty" doc:"Most markers a formation has." min:"0"`
	// Three Days of Gettysburg's Artillery AMs (BB 4.36): an artillery
	// formation takes markers at any level, at most three.
	Artillery    Check `json:"artillery,omitempty" needs:"artillery_max" doc:"The check of an artillery formation (all its units batteries) given more than artillery_max markers."`
	ArtilleryMax int   `json:"artillery_max,omitempty" doc:"Most markers an artillery formation has, at whatever level (0: artillery formations are held to levels, min and max like any other)." min:"0"`
}

// Efficiency says what a scenario's efficiency markers may be: the check of
// their values (in the pool and fixed), and of a pool too small to give
// each formation that draws one a marker.
type Efficiency struct {
	Check
	Levels []string `json:"levels,omitempty" doc:"The formation levels that draw an efficiency marker, or have one fixed." items:"level"`
	Min    int      `json:"min,omitempty" doc:"The lowest value a marker or a fixed efficiency has."`
	Max    int      `json:"max,omitempty" doc:"The highest value a marker or a fixed efficiency has."`
	Short  Check    `json:"short,omitempty" doc:"The check that a side's pool holds a marker for each formation of those levels it has in the scenario."`
	// Three Days of Gettysburg's cavalry divisions draw their own marker
	// (BB 4.13): there is no cavalry corps.
	Cavalry []string `json:"cavalry_levels,omitempty" doc:"Formations of these levels holding only mounted classes draw a marker of their own, like those of levels (3DoG BB 4.13: each cavalry division)." items:"level"`
}

// Draws reports whether a formation of level draws an efficiency marker:
// its level is one of Levels, or one of Cavalry and mounted is true (it
// holds only mounted classes).
func (e Efficiency) Draws(level string, mounted bool) bool {
	for _, l := range e.Levels {
		if l == level {
			return true
		}
	}
	if mounted {
		for _, l := range e.Cavalry {
			if l == level {
				return true
			}
		}
	}
	return false
}

// Lines says which units may extend their line into neighbouring hexes at
// set-up, and what may stand with them (GBACW 8.41-8.44).
type Lines struct {
	Check              // a unit that may not extend so (class, face, strength, hexes)
	Classes   []string `json:"classes,omitempty" doc:"The unit classes that may extend." items:"class"`
	NotFaces  []string `json:"not_faces,omitempty" doc:"Faces on which a unit may not extend (dismounted cavalry)."`
	MinSP     int      `json:"min_sp,omitempty" doc:"The least strength that may extend into one hex." min:"0"`
	TwoSP     int      `json:"two_sp,omitempty" doc:"The least strength that may extend into two hexes." min:"0"`
	Stacked   Check    `json:"stacked,omitempty" doc:"The check of a unit other than artillery in the extending unit's hex or an extension hex."`
	EnemyNear Check    `json:"enemy_adjacent,omitempty" doc:"The check of an extension hex next to an enemy unit."`
	// Three Days of Gettysburg BB 9.4: units in town form no Extended Line.
	InTerrain  Check    `json:"in_terrain,omitempty" needs:"terrain_not" doc:"The check of an extended line with its unit's hex or an extension hex in one of terrain_not."`
	TerrainNot []string `json:"terrain_not,omitempty" doc:"Terrain in which no part of an extended line stands (Three Days of Gettysburg's Town)." items:"terrain"`
}

// Org configures the organisation engine.
type Org struct {
	CountersField  string `json:"counters_field,omitempty" doc:"The unit value that gives its brigade's number of counters (AMFS's asterisks)." ref:"field"`
	Counters       Check  `json:"counters,omitempty" doc:"The check of counters_field."`
	UniqueBrigades Check  `json:"unique_brigades,omitempty" doc:"The check that two brigades of one side and arm do not share a name."`
	// Three Days of Gettysburg's cavalry battalions (BB 14.26): no cavalry
	// counter above 4 SP.
	Strength Check              `json:"strength,omitempty" needs:"max_sp" doc:"The check of a unit whose printed strength (on any face) is above max_sp for its class."`
	MaxSP    map[string]float64 `json:"max_sp,omitempty" doc:"The largest printed strength of a unit of a class (absent: no limit)." keys:"class" min:"0"`
	// Three Days of Gettysburg has no Green units (BB 14.1).
	Flag         Check    `json:"flags,omitempty" needs:"no_flags" doc:"The check of a unit whose counter sets a flag the battle does not use."`
	NoFlags      []string `json:"no_flags,omitempty" doc:"Counter flags (true/false fields) no unit of the battle sets." items:"field"`
	LettersField string   `json:"letters_field,omitempty" doc:"The unit value that letters a counter within its brigade (Summer Storm's A-E)." ref:"field"`
	MaxCounters  int      `json:"max_counters,omitempty" doc:"A brigade has at least one and at most this many counters (0: no limit)." min:"0"`
	Letters      Check    `json:"letters,omitempty" doc:"The check of letters_field and max_counters: each letter once in a brigade, and no more counters than max_counters."`
	HQ           HQRule   `json:"hq,omitempty" doc:"Which formations have one HQ unit of their own."`
	Horse        HorseArm `json:"horse_artillery,omitempty" doc:"The check that a battery is horse artillery exactly when it belongs to a cavalry command (TSS 18.9)."`
	Historical   Pool     `json:"historical,omitempty" doc:"The checks of leaders' historical commands (TSS 27.0: the Union replacement pool's brigadiers)."`
}

// Events bounds a scenario's Event card allotments: each side picks Key
// Key Event cards for the draw pile each turn and draws some Random ones
// from the rest of its Pool (AMFS D-2). Fog is the card that goes into
// the pile every turn (D-4). VASSAL puts a side's allotted cards into Cup
// as that many "SIDE Event" cards.
type Events struct {
	Check
	Pool int     `json:"pool,omitempty" doc:"Each side's Event cards." min:"0"`
	Key  int     `json:"key,omitempty" doc:"The Key Event cards a side picks for the pile each turn." min:"0"`
	Cup  string  `json:"cup,omitempty" doc:"The draw cup the cards go into (the ruleset's play cups)."`
	Fog  FogCard `json:"fog,omitempty" doc:"The card the pile holds every turn (AMFS's Fog of War)."`
}

// FogCard is a card that is in the draw pile every turn: a scenario that
// gives its card allotments must add Count of Card to the cup, and one
// that adds the card must add Count.
type FogCard struct {
	Check
	Card  string `json:"card,omitempty" doc:"The card's name, as a scenario's cups: add it."`
	Count int    `json:"count,omitempty" doc:"How many of it the pile holds." min:"0"`
}

// HorseArm says that a battery (a unit of an artillery class) belongs to a
// cavalry command exactly when its class is Class. A battery's command is
// the lowest formation holding it that also holds a unit of a class that
// is not artillery; the command is cavalry when every such unit in it is
// of a mounted class.
type HorseArm struct {
	Check
	Class string `json:"class,omitempty" doc:"The class of horse artillery." ref:"class"`
}

// Pool says where a leader's historical command (the forces' `historical:`,
// a formation's designation) must lie: at Level, inside the formation of
// Within that holds the leader's own formation; and that no two leaders
// name one command (Shared).
type Pool struct {
	Check
	Level  string `json:"level,omitempty" doc:"The level of a historical command (brigade)." ref:"level"`
	Within string `json:"within,omitempty" doc:"The level of the leader's formation that must hold his historical command (corps)." ref:"level"`
	Shared Check  `json:"shared,omitempty" doc:"The check of two leaders that name the same historical command."`
}

// HQRule says that each formation of Levels whose leader rates Rating (a
// Commander) has exactly one unit of Class among its own units, and that a
// formation of only mounted classes (cavalry) has none.
type HQRule struct {
	Check
	Class  string   `json:"class,omitempty" doc:"The class of HQ units." ref:"class"`
	Levels []string `json:"levels,omitempty" doc:"The formation levels whose Commanders have an HQ." items:"level"`
	Rating string   `json:"rating,omitempty" doc:"A leader is a Commander when his ratings list this one, given or not." ref:"field"`
}

// LeaderStack says whom a leader set up on the map must share his hex with:
// a unit of his own command (a unit of the formation he leads or of one
// under it), or one of the classes Any, or with Superiors a leader of a
// formation above his or a unit of the classes SuperiorClasses belonging to
// one.
type LeaderStack struct {
	Check
	Any             []string `json:"any,omitempty" doc:"Classes any leader may stack with (a guarded supply wagon)." items:"class"`
	Superiors       bool     `json:"superiors,omitempty" doc:"A leader may stack with a leader of a formation above his own."`
	SuperiorClasses []string `json:"superior_classes,omitempty" doc:"Classes of unit of a formation above the leader's that he may stack with (a higher command's HQ)." items:"class"`
}

// ValueLimit bounds a counter value for units of some sides and classes.
type ValueLimit struct {
	Check
	Field   string   `json:"field,omitempty" doc:"The counter value." ref:"field"`
	Sides   []string `json:"sides,omitempty" doc:"The sides it binds, by the ids battles give them (USA, CSA); none: every side."`
	Classes []string `json:"classes,omitempty" doc:"The classes it binds; none: every class." items:"class"`
	Max     int      `json:"max,omitempty" doc:"The largest value allowed (when values is not given)." min:"0"`
	Values  []string `json:"values,omitempty" doc:"The codes allowed, for a code field (TSS: small-arms weapons for infantry)."`
}

// OrderSide keeps orders for some sides, or from some classes: a unit of
// Classes (any, when none are given) of a side not among Sides (no side,
// when none are given) set up under them is reported.
type OrderSide struct {
	Check
	Orders  []string `json:"orders,omitempty" doc:"The orders." items:"order"`
	Sides   []string `json:"sides,omitempty" doc:"The sides that may be given them, by the ids battles give them (USA, CSA); none: no side."`
	Classes []string `json:"classes,omitempty" doc:"The classes the rule binds (none: every class)." items:"class"`
}

// LevelSide keeps a formation level to some sides (Summer Storm 2.5: only
// the Union has wing commanders): a formation of Level on any other side is
// reported.
type LevelSide struct {
	Check
	Level string   `json:"level,omitempty" doc:"The formation level." ref:"level"`
	Sides []string `json:"sides,omitempty" doc:"The sides that may have formations of the level, by the ids battles give them (USA, CSA); none: no side."`
}

// Independent says which leaders are independent (Summer Storm 5.2.4): those
// of formations at Levels that hold only mounted classes when Mounted is
// set (cavalry officers), and those a scenario designates (`independent:`).
// An independent leader out of his superior's range is not reported by the
// command engine's leaders check. The Check is that of a scenario
// designating a leader whose formation is not at one of Levels.
type Independent struct {
	Check
	Levels  []string `json:"levels,omitempty" doc:"The formation levels whose leaders may be independent." items:"level"`
	Mounted bool     `json:"mounted,omitempty" doc:"Leaders of formations at those levels that hold only mounted classes (cavalry officers) are always independent."`
	// Summer Storm 5.25 L759: in the tactical game a leader off the map
	// whose superior is on it, or the reverse, is out of command.
	OffBoard OffBoard `json:"off_board,omitempty" doc:"The check of a leader who is not independent and starts the scenario off the map while his superior is on it, or the reverse."`
}

// OffBoard is the check of a leader of a formation at one of Levels, not
// independent, whose superior leads a formation at one of Over: at the
// scenario's first turn one of the two is set up on the map and the other
// only arrives later (Summer Storm 5.25, tactical game), so the leader
// starts out of command.
type OffBoard struct {
	Check
	Levels []string `json:"levels,omitempty" doc:"The formation levels of the leaders checked (division)." items:"level"`
	Over   []string `json:"superiors,omitempty" doc:"The formation levels of the superiors they are measured against (corps)." items:"level"`
}

// LevelMax limits how many formations of Level a side may have with their
// leaders in play at once in a scenario (Summer Storm 5.4.1: Meade has at
// most two wing commanders): a leader set up or arrived stays in play until
// a withdrawal takes him off.
type LevelMax struct {
	Check
	Level string `json:"level,omitempty" doc:"The formation level." ref:"level"`
	Max   int    `json:"max,omitempty" doc:"The most formations of the level, each with its leader, a side has in play at one time." min:"1"`
}

// Variants keeps variant counters to the scenarios that use their variant
// (Summer Storm 2.5: asterisked units): a unit whose Field names a variant,
// set up or arriving in a scenario whose `variants:` does not name it, is
// reported; so is a scenario naming a variant no unit belongs to.
type Variants struct {
	Check
	Field   string `json:"field,omitempty" doc:"The counter field that names the variant a unit belongs to." ref:"field"`
	Unknown Check  `json:"unknown,omitempty" doc:"The check of a scenario naming a variant that no unit of the battle belongs to."`
}

// Morale says which formations keep a morale track (Summer Storm 11.2.1:
// each division, and each cavalry brigade instead of its division) and
// bounds its figures, which the forces give as a formation's `morale:`
// (dmf, amf, shaken, start). Once a side gives any formation a track, every
// formation of its that keeps one needs it.
type Morale struct {
	Check           // a formation that keeps a track without one
	Levels []string `json:"levels,omitempty" doc:"The formation levels that keep a morale track." items:"level"`
	// Summer Storm 11.2.1 L2298: cavalry tracks are kept by brigade.
	Cavalry []string       `json:"cavalry_levels,omitempty" doc:"For formations holding only mounted classes, the levels that keep it instead (Summer Storm: cavalry brigades, not their division)." items:"level"`
	Fields  []string       `json:"fields,omitempty" doc:"The figures every track gives (dmf, amf, shaken, start)." items:"morale"`
	Bounds  Check          `json:"bounds,omitempty" doc:"The check of a track's figures: each within min and max, and each of below under the figure it names."`
	Min     map[string]int `json:"min,omitempty" doc:"The least value of a figure (dmf, amf, shaken, start)." keys:"morale" min:"0"`
	Max     map[string]int `json:"max,omitempty" doc:"The largest value of a figure." keys:"morale" min:"0"`
	Below   []Below        `json:"below,omitempty" doc:"Figures that must be below another of the same track (the shaken point below the starting morale)."`
}

// Below asks a track's figure Figure to be below its figure Than.
type Below struct {
	Figure string `json:"figure,omitempty" doc:"The lower figure." ref:"morale"`
	Than   string `json:"than,omitempty" doc:"The higher figure." ref:"morale"`
}

// Keeps reports whether a formation of level keeps a morale track: its
// level is one of Levels and it is not all mounted, or one of Cavalry and
// it is.
func (m Morale) Keeps(level string, mounted bool) bool {
	ls := m.Levels
	if mounted && len(m.Cavalry) > 0 {
		ls = m.Cavalry
	}
	for _, l := range ls {
		if l == level {
			return true
		}
	}
	return false
}

// Configured is a Check that ruleset data configures, with the engine it
// configures and where in the figures it is.
type Configured struct {
	Check
	Engine string // the figures section: stacking, command, ...
	Path   string // e.g. figures.stacking.limits[1]
}

// Checks lists every configured Check of the figures, in the order of
// their fields: every field of type Check (embedded or named) in every
// section, nested struct and list element, found by reflection, so that no
// list is kept by hand. A Check with no code is left out.
func (f *Figures) Checks() []Configured {
	var out []Configured
	f.walkChecks(func(c Configured, _ bool) { out = append(out, c) })
	return out
}

// walkChecks calls fn for each configured Check of the figures with its
// engine and path, and whether the figures leave it idle (see Idle).
func (f *Figures) walkChecks(fn func(c Configured, idle bool)) {
	v := reflect.ValueOf(f).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		key := jsonKey(t.Field(i))
		walkChecks(v.Field(i), t.Field(i), v, key, "figures."+key, fn)
	}
}

// walkChecks walks v, the field sf of the struct parent, at path.
func walkChecks(v reflect.Value, sf reflect.StructField, parent reflect.Value, engine, path string, fn func(Configured, bool)) {
	switch {
	case v.Type() == checkType:
		if c := v.Interface().(Check); c.Code != "" {
			fn(Configured{c, engine, path}, !needsSet(parent, sf))
		}
	case v.Kind() == reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			p := path
			if !f.Anonymous {
				p += "." + jsonKey(f)
			}
			walkChecks(v.Field(i), f, v, engine, p, fn)
		}
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Struct:
		for j := 0; j < v.Len(); j++ {
			walkChecks(v.Index(j), reflect.StructField{Type: v.Type().Elem()}, parent, engine, fmt.Sprintf("%s[%d]", path, j), fn)
		}
	}
}

var checkType = reflect.TypeFor[Check]()

func jsonKey(f reflect.StructField) string {
	key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return key
}

// needsSet reports whether every figure that the Check field sf names in
// its needs:"KEY,..." tag is set in parent, the struct holding sf: true,
// above zero, non-empty. A name that is no field of parent panics (a test
// walks every needs tag, so none ships).
func needsSet(parent reflect.Value, sf reflect.StructField) bool {
	needs := sf.Tag.Get("needs")
	if needs == "" {
		return true
	}
	for _, key := range strings.Split(needs, ",") {
		fv, ok := fieldByKey(parent, key)
		if !ok {
			panic(fmt.Sprintf("rulesets: needs:%q of %s names no figure of %s", needs, sf.Name, parent.Type()))
		}
		if !figureSet(fv) {
			return false
		}
	}
	return true
}

// fieldByKey finds the field of struct v whose json key is key.
func fieldByKey(v reflect.Value, key string) (reflect.Value, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if !t.Field(i).Anonymous && jsonKey(t.Field(i)) == key {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// figureSet reports whether a figure is given: true, above zero, a
// non-empty text, list or mapping, a non-nil pointer.
func figureSet(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int64:
		return v.Int() > 0
	case reflect.Float64:
		return v.Float() > 0
	case reflect.String, reflect.Slice, reflect.Map:
		return v.Len() > 0
	case reflect.Pointer:
		return !v.IsNil()
	}
	return !v.IsZero()
}

// resolveSwitches replaces figures written "switch:NAME" by the value of
// the ruleset's switch NAME: where a book is unclear, the choice is data a
// battle can change.
func (r *Ruleset) resolveSwitches() error {
	var limits func([]Limit) error
	limits = func(ls []Limit) error {
		for i := range ls {
			l := &ls[i]
			if name, ok := strings.CutPrefix(l.GroupBy, "switch:"); ok {
				r.switchesRead = append(r.switchesRead, name)
				v, ok := r.Switches[name].(string)
				if !ok {
					return fmt.Errorf("figures of %s: %s names switch %q, which the ruleset does not set", r.System, l.Code, name)
				}
				l.GroupBy = v
			}
			if err := limits(l.AnyOf); err != nil {
				return err
			}
		}
		return nil
	}
	return limits(r.Figures.Stacking.Limits)
}

// Idle lists the configured codes that the figures leave switched off: a
// check whose code the system's ruleset names but whose figures only a
// battle book sets (Three Days of Gettysburg's artillery, entry areas and
// cavalry battalions), so that a battle without the book raises none. A
// Check field says which figures it needs with a needs:"KEY,..." tag naming
// fields of the struct that holds it; the check is idle while one of them
// is not set.
func (f *Figures) Idle() map[string]bool {
	out := map[string]bool{}
	f.walkChecks(func(c Configured, idle bool) {
		if idle {
			out[c.Code] = true
		}
	})
	return out
}
