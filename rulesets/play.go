package rulesets

// Play is what a play engine (a VASSAL module) gives a player of the
// system, as data: the states a counter can be in, each with the keys that
// change it; the strength steps; the markers of the tray; the draw cups;
// the keys every piece answers to. Each entry cites its rule and seed line,
// read from the rulebook's components and markers sections. A battle may
// override it under `rules: play:` as it overrides figures.
type Play struct {
	States   []State   `json:"states,omitempty" doc:"The states a unit's or leader's counter can be in, each a layer of the piece with its keys."`
	Strength Steps     `json:"strength,omitempty" doc:"The keys that step strength down and up, within the strength field's bounds."`
	Markers  []Marker  `json:"markers,omitempty" doc:"The markers of the tray: things on the map that are not a state of one counter."`
	Cups     []Cup     `json:"cups,omitempty" doc:"Draw cups: chits or markers drawn at random."`
	Displays []Display `json:"displays,omitempty" doc:"The displays players keep beside the map (orders cards, tracks, command displays), with the markers that start on them."`
	Charts   []Chart   `json:"charts,omitempty" doc:"The tables the rulebook prints (combat results, fire, morale), as printed: a play engine shows each as a chart."`
	Keys     Keys      `json:"keys,omitempty" doc:"The keys every piece answers to."`
	First    First     `json:"first,omitempty" doc:"What the side a scenario names under first: has on the scenario's first turn, as the turn track says it."`
	// Reserve names the state a set-up stack's reserve: true starts:
	// GBACW's In Reserve on the stack's leaders (6.31), TSS's Reserve
	// marker on its units (8.7).
	Reserve string `json:"reserve,omitempty" doc:"The state (one of states) that a set-up stack given reserve: true starts at its first level, on every piece of the stack that has it (nothing when the battle's states have no such state)."`
	Source  string `json:"source,omitempty" doc:"Where the system's components and markers are described."`
	// Paper is what muster print draws the paper game at.
	Paper Paper `json:"paper,omitempty" doc:"The printed sizes of the paper game: a counter's side and a hex's width, each citing the book or marked illustrative."`
}

// Paper is the printed game's sizes (muster print): a counter's side and a
// map hex's width across flats. A book that prints neither gets a stated
// default marked illustrative; a battle overrides either under
// `rules: play: paper:`.
type Paper struct {
	Counter Printed `json:"counter,omitempty" doc:"A counter's printed side (counters are square)."`
	Hex     Printed `json:"hex,omitempty" doc:"A map hex's printed width across flats."`
}

// Printed is one printed size.
type Printed struct {
	MM           float64 `json:"mm,omitempty" doc:"The size in millimetres." min:"0"`
	Illustrative bool    `json:"illustrative,omitempty" doc:"The book prints no size: a stated default, to be replaced by a measured one."`
	Source       string  `json:"source,omitempty" doc:"The seed line(s), or why the figure is illustrative."`
}

// First is what a scenario's first side holds on its first turn (GBACW's
// initiative: a scenario may give it for the first turn, a die roll gives
// it after).
type First struct {
	Title  string `json:"title,omitempty" doc:"What the side has, after its id on the turn track: has the initiative."`
	Rule   string `json:"rule,omitempty" doc:"The rule, as 'GBACW 5.11'."`
	Source string `json:"source,omitempty" doc:"The seed line(s)."`
}

// State is one state a counter can be in: a layer with a level per state
// after the normal one (disordered; fatigue 1-4), or a rotation (facing).
type State struct {
	ID     string   `json:"id,omitempty" doc:"The state's id, as the piece's property is named." pattern:"^[a-z][a-z0-9-]*$"`
	Title  string   `json:"title,omitempty" doc:"The name a player sees in the menu."`
	Rule   string   `json:"rule,omitempty" doc:"The rule that defines the state, as 'GBACW 10.4'."`
	Source string   `json:"source,omitempty" doc:"The seed line(s) the state is read from."`
	For    []string `json:"for,omitempty" doc:"The unit classes that have the state, or leader; every unit when absent." items:"holder"`
	Levels []string `json:"levels,omitempty" doc:"The levels after the normal one, in order (Disordered; Fatigue 1, Fatigue 2, ...), as the counter shows them."`
	Labels []string `json:"labels,omitempty" doc:"A short text drawn on the counter for each level (D, R, F1), when the level has no face of its own."`
	Face   string   `json:"face,omitempty" doc:"The unit type's face that shows the state's first level, when the counter's back shows it." ref:"face"`
	Key    string   `json:"key,omitempty" doc:"The key that moves to the next level (cycling), as VASSAL writes a keystroke: ctrl D."`
	Back   string   `json:"back,omitempty" doc:"The key that moves to the previous level."`
	// Facings makes the state a rotation with this many facings instead of
	// levels (TSS's six hexside facings).
	Facings int  `json:"facings,omitempty" doc:"A rotation with this many facings, instead of levels." min:"0"`
	Clear   bool `json:"clear,omitempty" doc:"A global command returns every piece to the normal level (fired and moved flags)."`
}

// Steps are the strength keys.
type Steps struct {
	Down   string `json:"down,omitempty" doc:"The key that takes one strength point off: ctrl DOWN."`
	Up     string `json:"up,omitempty" doc:"The key that gives one strength point back: ctrl UP."`
	Rule   string `json:"rule,omitempty" doc:"The rule of losses and recovery."`
	Source string `json:"source,omitempty" doc:"The seed line(s)."`
}

// Marker is one marker of the tray.
type Marker struct {
	ID     string   `json:"id,omitempty" doc:"The marker's id." pattern:"^[a-z][a-z0-9-]*$"`
	Title  string   `json:"title,omitempty" doc:"The marker's name."`
	Faces  []string `json:"faces,omitempty" doc:"The marker's faces after the front, in order (Under construction)."`
	Label  string   `json:"label,omitempty" doc:"The short text printed on the marker."`
	Count  int      `json:"count,omitempty" doc:"How many of the marker a side's counter sheet holds, as the book gives it; absent: one a side." min:"0"`
	Rule   string   `json:"rule,omitempty" doc:"The rule that uses the marker."`
	Source string   `json:"source,omitempty" doc:"The seed line(s)."`
}

// Cup is a draw cup.
type Cup struct {
	ID     string   `json:"id,omitempty" doc:"The cup's id." pattern:"^[a-z][a-z0-9-]*$"`
	Title  string   `json:"title,omitempty" doc:"The cup's name."`
	Chits  string   `json:"chits,omitempty" doc:"What is drawn: activation (the scenario's activation markers), formation (one chit per formation of the levels given), fixed (the chits listed), or efficiency (a cup for each side, holding the markers of the scenario's efficiency pool, else the chits listed)." enum:"activation,formation,fixed,efficiency"`
	Levels []string `json:"levels,omitempty" doc:"For formation chits: the formation levels that have one." items:"level"`
	List   []string `json:"list,omitempty" doc:"For fixed chits: their names."`
	// PerSide gives each side a cup of its own (Summer Storm 2.9: "Each
	// player uses his own URAC").
	PerSide bool   `json:"per_side,omitempty" doc:"A cup for each side, which its player alone draws from, holding that side's chits (Summer Storm 2.9: each player uses his own URAC); efficiency cups are each side's whether or not this is set."`
	Rule    string `json:"rule,omitempty" doc:"The rule that draws from the cup."`
	Source  string `json:"source,omitempty" doc:"The seed line(s)."`
}

// Keys are the keys every piece answers to.
type Keys struct {
	Flip   string `json:"flip,omitempty" doc:"Turns the counter to its next face: ctrl F."`
	Delete string `json:"delete,omitempty" doc:"Deletes the piece: DELETE."`
	Clone  string `json:"clone,omitempty" doc:"Clones the piece: ctrl C."`
	// Counter turns a leader with further counters (forces counters:,
	// 3DoG BB 4.44: A.P. Hill's) to the next one.
	Counter string `json:"counter,omitempty" doc:"Turns a leader with further counters (the forces' counters:) to his next counter, with shift to the one before: ctrl J."`
}
