package rulesets

// A Display is an aid a player keeps beside the map, as the rules print
// it: Summer Storm's Army Orders Card, TSS's Casualty Track, AMFS's
// Command Display. It is boxes and numbered tracks, and rows of them, one
// for each formation of a level; the markers the rules set on them start
// there. The package displays lays it out for a battle.
type Display struct {
	ID      string         `json:"id,omitempty" doc:"The display's id." pattern:"^[a-z][a-z0-9-]*$"`
	Title   string         `json:"title,omitempty" doc:"Its name, as the rules call it."`
	PerSide bool           `json:"per_side,omitempty" doc:"One for each side, its player's (a card or display each player has)."`
	Tracks  []DisplayTrack `json:"tracks,omitempty" doc:"Its numbered tracks, each a row of spaces."`
	Boxes   []DisplayBox   `json:"boxes,omitempty" doc:"Its boxes."`
	Rows    []DisplayRow   `json:"rows,omitempty" doc:"A row for each formation of a level (of the display's side), with its own tracks and boxes; each track gets a marker of the formation's."`
	Rule    string         `json:"rule,omitempty" doc:"The rule that describes it."`
	Source  string         `json:"source,omitempty" doc:"The seed line(s)."`
}

// A DisplayTrack is a row of spaces, numbered from..to or labelled.
type DisplayTrack struct {
	ID      string   `json:"id,omitempty" doc:"The track's id." pattern:"^[a-z][a-z0-9-]*$"`
	Title   string   `json:"title,omitempty" doc:"Its name."`
	From    int      `json:"from,omitempty" doc:"The number of its first space."`
	To      int      `json:"to,omitempty" doc:"The number of its last space."`
	Labels  []string `json:"labels,omitempty" doc:"Spaces labelled so, before the numbered ones (a flag space; Fatigue OK)."`
	Markers []string `json:"markers,omitempty" doc:"The markers (ids of markers) that start on its first space."`
	// Start is where a row's marker starts in a scenario that gives the
	// formation a value (package displays reads it from the battle).
	Start string `json:"start,omitempty" doc:"For a row's track: the scenario value its formation's marker starts on, where the scenario gives one (else the first space): fatigue (the Fatigue level the set-up gives the formation's units), activations (the formation's activation markers), efficiency (its efficiency fixed for the scenario's first turn), losses (the strength points its units are set up below their printed strength)." enum:"fatigue,activations,efficiency,losses"`
	Rule  string `json:"rule,omitempty" doc:"The rule."`
}

// Track starts (DisplayTrack.Start).
const (
	StartFatigue     = "fatigue"
	StartActivations = "activations"
	StartEfficiency  = "efficiency"
	StartLosses      = "losses"
)

// A DisplayBox is a labelled box, with the markers that start in it.
type DisplayBox struct {
	ID      string   `json:"id,omitempty" doc:"The box's id." pattern:"^[a-z][a-z0-9-]*$"`
	Title   string   `json:"title,omitempty" doc:"Its label."`
	Markers []string `json:"markers,omitempty" doc:"The markers (ids of markers) that start in it."`
	Rule    string   `json:"rule,omitempty" doc:"The rule."`
}

// A DisplayRow is a row of a display for each formation of a level.
type DisplayRow struct {
	Level  string         `json:"level,omitempty" doc:"The formation level with a row each (brigade, division)."`
	Tracks []DisplayTrack `json:"tracks,omitempty" doc:"The row's tracks: each formation gets its own marker on each, on its first space."`
	Boxes  []DisplayBox   `json:"boxes,omitempty" doc:"The row's boxes."`
}

// A Chart is a table the rulebook prints (a combat results table, a
// fire table), cell by cell as printed, with its notes: a VASSAL module
// draws it in a chart window.
type Chart struct {
	ID      string     `json:"id,omitempty" doc:"The chart's id." pattern:"^[a-z][a-z0-9-]*$"`
	Title   string     `json:"title,omitempty" doc:"Its name, as the rulebook prints it."`
	Columns []string   `json:"columns,omitempty" doc:"Its column heads, the first over the row heads."`
	Rows    [][]string `json:"rows,omitempty" doc:"Its rows, each as many cells as there are columns, as printed (the row head first)."`
	Notes   []string   `json:"notes,omitempty" doc:"The keys and notes printed under it."`
	Rule    string     `json:"rule,omitempty" doc:"The rule."`
	Source  string     `json:"source,omitempty" doc:"The seed line(s)."`
}
