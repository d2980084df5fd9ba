// Package displays lays out the aids a player keeps beside the map, as a
// battle's rules print them and its forces fill them: Summer Storm's Army
// Orders Card and Time and Weather Status Card, TSS's Casualty, Captured
// and AAAT tracks and its Combat Effectiveness Record, AMFS's Command
// Display, a GBACW leader board. What a display holds is the ruleset's
// (play.displays: its tracks, boxes, and rows for each formation of a
// level); this package makes one typed description of each for a battle,
// with every box and track space placed in pixels and the markers that
// start on them, and draws nothing. The VASSAL module (compile/vassal)
// has render draw it as a board with the markers on it; a printer of
// record sheets reads the same description.
package displays

import (
	"slices"
	"strconv"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// Display is one display laid out for a battle (for one side, when each
// player has his own).
type Display struct {
	ID, Title    string
	Side         *oob.Side // its player's side; nil when both share it
	Rule, Source string
	W, H         int // its size in pixels
	Boxes        []Box
	Markers      []Marker
}

// Name is how the module names the display: its title, and its side's
// name when each side has one.
func (d Display) Name() string {
	if d.Side == nil {
		return d.Title
	}
	return d.Title + " (" + d.Side.Name + ")"
}

// Box kinds.
const (
	KindBox   = "box"   // a box markers are put in
	KindSpace = "space" // a space of a track
	KindLabel = "label" // a track's or a row's name, no outline
)

// Box is a box, a track space or a label, in pixels from the display's
// top-left corner.
type Box struct {
	ID         string // unique in its display: "cp/3", "attack", "1/RW/fatigue/OK"
	Kind       string
	Label      string
	Name       string // what a player calls the place: "CP track (ACP, CCP) 3", "1/RW Fatigue OK", "1/RW Divisional Holding Box"
	X, Y, W, H int
}

// Centre is where a marker put in the box stands: below its label.
func (b Box) Centre() (x, y int) {
	if b.Kind == KindBox {
		return b.X + b.W/2, b.Y + 14 + (b.H-14)/2
	}
	return b.X + b.W/2, b.Y + labelH + (b.H-labelH)/2
}

// Marker is a marker that starts in a box: one of the ruleset's markers,
// or a formation's own marker of a row's track.
type Marker struct {
	ID          string // the ruleset marker's id; "" for a formation's own
	Name        string // a formation's marker's name: "Post's Brigade Fatigue"
	Top, Bottom string // the two lines a formation's marker prints
	Track       string // the track it marks
	Box         string // the box it starts in
}

// Sizes, in pixels: a track space holds a 56-pixel marker under its
// label; a box a marker and a stack's edge; a label column names a track
// or a row.
const (
	SpaceW, SpaceH = 64, 76
	BoxW, BoxH     = 150, 90
	labelW         = 200
	labelH         = 12
	margin         = 20
	titleH         = 40
	gap            = 10
	boxCols        = 6
	maxSpaces      = 15 // a track's spaces on one line: 15 fit a 1,280-pixel screen beside its name
)

// Build lays out every display the battle's ruleset lists, its markers
// on the first space of their tracks (a free set-up's).
func Build(b *battle.Battle) []Display {
	return ForScenario(b, nil)
}

// ForScenario lays out every display as Build does, each formation's
// marker of a track with a start (rulesets.DisplayTrack.Start) on the
// space of the value the scenario gives it: the Fatigue level its units
// are set up at, its activation markers, its efficiency fixed for the
// first turn, the strength points its units are set up below their
// printed strength. Where the scenario gives none, or one the track has
// no space for, the marker stays on the first space. The boxes are the
// same as Build's; nil sc is Build.
func ForScenario(b *battle.Battle, sc *battle.Scenario) []Display {
	var out []Display
	st := starts(b, sc)
	acts := activated(b)
	for _, ds := range b.Rules.Play.Displays {
		if !ds.PerSide {
			out = append(out, layout(ds, nil, st, acts))
			continue
		}
		for _, sd := range b.Sides {
			out = append(out, layout(ds, sd, st, acts))
		}
	}
	return out
}

// activated are the formations some scenario of the battle gives
// activation markers (GBACW 5.24): a division's, or a formation of
// another level that a scenario activates as one (3DoG's I Corps
// Artillery Brigade, 3 AMs in McPherson's Ridge).
func activated(b *battle.Battle) map[*oob.Formation]bool {
	out := map[*oob.Formation]bool{}
	for _, sc := range b.Scenarios {
		for _, a := range sc.Activation {
			if a.Formation != nil {
				out[a.Formation] = true
			}
		}
	}
	return out
}

// rowFormations are the formations a row has a line for: the side's of
// its level and, where a track of the row reads the activation markers,
// those of other levels some scenario gives them (acts), so that each
// has a marker to stand on its count; in order-of-battle order.
func rowFormations(sd *oob.Side, r rulesets.DisplayRow, acts map[*oob.Formation]bool) []*oob.Formation {
	reads := false
	for _, t := range r.Tracks {
		reads = reads || t.Start == rulesets.StartActivations
	}
	if !reads || sd == nil || sd.Army == nil {
		return formations(sd, r.Level)
	}
	var out []*oob.Formation
	sd.Army.Walk(func(f *oob.Formation) {
		if f.Level == r.Level || acts[f] {
			out = append(out, f)
		}
	})
	return out
}

// layout places a display's tracks, one a line, then its boxes, six a
// line, then a line for each formation of each row's level: its name,
// its tracks' spaces and its boxes.
func layout(ds rulesets.Display, sd *oob.Side, st startValues, acts map[*oob.Formation]bool) Display {
	d := Display{ID: ds.ID, Title: ds.Title, Side: sd, Rule: ds.Rule, Source: ds.Source}
	y := margin + titleH
	w := 0
	for _, t := range ds.Tracks {
		x, lines := d.track("", t, nil, "", margin, y)
		w = max(w, x)
		y += lines*SpaceH + gap
	}
	for i, bx := range ds.Boxes {
		if i > 0 && i%boxCols == 0 {
			y += BoxH + gap
		}
		x := margin + (i%boxCols)*(BoxW+gap)
		d.Boxes = append(d.Boxes, Box{ID: bx.ID, Kind: KindBox, Label: bx.Title, Name: bx.Title, X: x, Y: y, W: BoxW, H: BoxH})
		d.markers(bx.Markers, bx.ID)
		w = max(w, x+BoxW)
	}
	if len(ds.Boxes) > 0 {
		y += BoxH + gap
	}
	for _, r := range ds.Rows {
		for _, f := range rowFormations(sd, r, acts) {
			h := SpaceH
			if len(r.Boxes) > 0 {
				h = max(h, BoxH)
			}
			d.Boxes = append(d.Boxes, Box{ID: f.Label(), Kind: KindLabel, Label: Title(f), Name: Title(f), X: margin, Y: y, W: labelW, H: h})
			x := margin + labelW + gap
			for _, t := range r.Tracks {
				x, _ = d.track(f.Label()+"/", t, f, st.of(t.Start, f), x, y)
				x += gap
			}
			for _, bx := range r.Boxes {
				id := f.Label() + "/" + bx.ID
				d.Boxes = append(d.Boxes, Box{ID: id, Kind: KindBox, Label: bx.Title, Name: f.Label() + " " + bx.Title, X: x, Y: y, W: BoxW, H: BoxH})
				d.markers(bx.Markers, id)
				x += BoxW + gap
			}
			w = max(w, x)
			y += h + gap
		}
	}
	d.W, d.H = max(w+margin, 400), y+margin
	return d
}

// track places a track's name and spaces from x on the line at y, and
// its markers on its first space: the ruleset's, or for a row's track,
// the formation's own, which starts on the space labelled at when the
// track has one. A track of its own longer than maxSpaces runs on in
// lines of equal length under its first (so that a window shows it
// whole: Summer Storm's CP track, a flag and 1-20). It returns where its
// longest line ends and how many lines it takes.
func (d *Display) track(prefix string, t rulesets.DisplayTrack, f *oob.Formation, at string, x, y int) (int, int) {
	n := len(t.Labels) + max(t.To-t.From+1, 0)
	lines, per := 1, n
	if f == nil {
		lines = max((n+maxSpaces-1)/maxSpaces, 1)
		per = (n + lines - 1) / lines
		d.Boxes = append(d.Boxes, Box{ID: prefix + t.ID, Kind: KindLabel, Label: t.Title, Name: t.Title, X: x, Y: y, W: labelW, H: lines * SpaceH})
		x += labelW + gap
	}
	x0, end, i := x, x, 0
	first := ""
	name := t.Title
	if f != nil {
		name = f.Label() + " " + t.Title
	}
	// each space's id and name are the track's with its label: the
	// track's parts joined once, a space's in one concatenation each
	idOf, nameOf := prefix+t.ID+"/", name+" "
	d.Boxes = slices.Grow(d.Boxes, n)
	space := func(label string) {
		id := idOf + label
		if first == "" || label == at {
			first = id
		}
		if i > 0 && i%per == 0 {
			x, y = x0, y+SpaceH
		}
		d.Boxes = append(d.Boxes, Box{ID: id, Kind: KindSpace, Label: label, Name: nameOf + label, X: x, Y: y, W: SpaceW, H: SpaceH})
		x += SpaceW
		end = max(end, x)
		i++
	}
	for _, l := range t.Labels {
		space(l)
	}
	for n := t.From; n <= t.To; n++ {
		space(strconv.Itoa(n))
	}
	if f != nil {
		d.Markers = append(d.Markers, Marker{Name: Title(f) + " " + t.Title, Top: f.Label(), Bottom: t.Title, Track: prefix + t.ID, Box: first})
	}
	for _, id := range t.Markers {
		d.Markers = append(d.Markers, Marker{ID: id, Track: prefix + t.ID, Box: first})
	}
	return end, lines
}

func (d *Display) markers(ids []string, box string) {
	for _, id := range ids {
		d.Markers = append(d.Markers, Marker{ID: id, Box: box})
	}
}

// formations lists the side's formations of a level in order-of-battle
// order (both sides' for a display they share).
func formations(sd *oob.Side, level string) []*oob.Formation {
	var out []*oob.Formation
	if sd == nil || sd.Army == nil {
		return nil
	}
	sd.Army.Walk(func(f *oob.Formation) {
		if f.Level == level {
			out = append(out, f)
		}
	})
	return out
}

// Title is how a display names a formation: its name, else its
// designation.
func Title(f *oob.Formation) string {
	if f.Name != "" {
		return f.Name
	}
	return f.Label()
}

// BoxByID finds a box of the display.
func (d Display) BoxByID(id string) (Box, bool) {
	for _, b := range d.Boxes {
		if b.ID == id {
			return b, true
		}
	}
	return Box{}, false
}
