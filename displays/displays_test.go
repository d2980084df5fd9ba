package displays_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/displays"
)

func load(t *testing.T, ex string) *battle.Battle {
	t.Helper()
	b, ds := battle.LoadDir(filepath.Join("..", "examples", ex), battle.Options{})
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Fatalf("%s: %s", ex, d)
		}
	}
	return b
}

// TestBuild lays out each system's displays for an example: the displays
// the ruleset lists, one a side where each player has his own; every
// marker starts on the first space of its track or in its box; the
// tracks have the ruleset's spaces; no two boxes overlap and every box
// lies inside the display.
func TestBuild(t *testing.T) {
	for _, tc := range []struct {
		ex      string
		names   []string
		markers []string // "display: marker at place"
	}{
		{"summer-storm-mcpherson", []string{"Army Orders Card (Union)", "Army Orders Card (Confederate)", "Time and Weather Status Card"},
			[]string{"Army Orders Card (Union): acp at CP track (ACP, CCP) Flag", "Army Orders Card (Union): ccp at CP track (ACP, CCP) Flag",
				"Army Orders Card (Union): dac-a at Generic DACs", "Time and Weather Status Card: weather at Weather"}},
		{"tss-seminary-ridge", []string{"Casualty and Captured Tracks (Union)", "Casualty and Captured Tracks (Confederate)",
			"Artillery Ammunition Availability Track (AAAT) (Union)", "Artillery Ammunition Availability Track (AAAT) (Confederate)",
			"Combat Effectiveness Record (Union)", "Combat Effectiveness Record (Confederate)"},
			[]string{"Casualty and Captured Tracks (Union): infantry-casualty at Casualties x100 0", "Casualty and Captured Tracks (Union): cavalry-captured at Captured x1000 0",
				"Artillery Ammunition Availability Track (AAAT) (Confederate): ammunition-level at Rounds x1 0"}},
		{"amfs-culps-hill", []string{"Command Display (Union)", "Command Display (Confederate)"},
			[]string{"Command Display (Union): hex-group at Hex Group A"}},
		{"dow-intro", []string{"Leader Board (Union)", "Leader Board (Confederate)"},
			[]string{"Leader Board (Union): 1/1/RW Fatigue at 1/1/RW Fatigue None", "Leader Board (Union): 1/RW Activations at 1/RW Activations 0",
				"Leader Board (Union): RW Efficiency at RW Efficiency 1"}},
	} {
		t.Run(tc.ex, func(t *testing.T) {
			b := load(t, tc.ex)
			ds := displays.Build(b)
			var names, markers []string
			for _, d := range ds {
				names = append(names, d.Name())
				for _, mk := range d.Markers {
					box, ok := d.BoxByID(mk.Box)
					if !ok {
						t.Errorf("%s: marker %s%s in no box %q", d.Name(), mk.ID, mk.Name, mk.Box)
						continue
					}
					if mk.Track != "" && (box.Kind != displays.KindSpace || !strings.HasPrefix(box.ID, mk.Track+"/")) {
						t.Errorf("%s: marker %s%s of track %s starts in %s, not on its track", d.Name(), mk.ID, mk.Name, mk.Track, box.ID)
					}
					what := mk.ID
					if what == "" {
						what = mk.Top + " " + mk.Bottom
					}
					markers = append(markers, d.Name()+": "+what+" at "+box.Name)
				}
				for i, a := range d.Boxes {
					if a.X < 0 || a.Y < 0 || a.X+a.W > d.W || a.Y+a.H > d.H {
						t.Errorf("%s: %s lies outside the %dx%d display", d.Name(), a.ID, d.W, d.H)
					}
					for _, c := range d.Boxes[i+1:] {
						if a.X < c.X+c.W && c.X < a.X+a.W && a.Y < c.Y+c.H && c.Y < a.Y+a.H {
							t.Errorf("%s: %s overlaps %s", d.Name(), a.ID, c.ID)
						}
					}
				}
			}
			if strings.Join(names, "|") != strings.Join(tc.names, "|") {
				t.Errorf("displays %q, want %q", names, tc.names)
			}
			for _, w := range tc.markers {
				found := false
				for _, m := range markers {
					found = found || m == w
				}
				if !found {
					t.Errorf("no marker %q among %q", w, markers)
				}
			}
		})
	}
}

// TestTrackFromData: a track's spaces are the ruleset's, its labels then
// from..to; changing the data changes the display, with no Go.
func TestTrackFromData(t *testing.T) {
	b := load(t, "summer-storm-mcpherson")
	spaces := func() int {
		n := 0
		for _, bx := range displays.Build(b)[0].Boxes {
			if bx.Kind == displays.KindSpace && strings.HasPrefix(bx.ID, "cp/") {
				n++
			}
		}
		return n
	}
	if n := spaces(); n != 21 {
		t.Errorf("the CP track has %d spaces, want the flag and 1-20", n)
	}
	// a long track runs on in lines of equal length, so that a 1,280-pixel
	// screen shows the card whole: the flag and 1-10, then 11-20
	card := displays.Build(b)[0]
	if card.W > 1280 {
		t.Errorf("the Orders Card is %d pixels wide, more than a 1,280-pixel screen", card.W)
	}
	flag, _ := card.BoxByID("cp/Flag")
	for id, line := range map[string]int{"cp/10": 0, "cp/11": 1, "cp/20": 1} {
		if b, ok := card.BoxByID(id); !ok || b.Y != flag.Y+line*displays.SpaceH {
			t.Errorf("%s at y %d, want line %d under the flag's (y %d)", id, b.Y, line+1, flag.Y)
		}
	}
	if b, _ := card.BoxByID("cp/11"); b.X != flag.X {
		t.Errorf("cp/11 at x %d, want the flag's %d (the second line starts under the first)", b.X, flag.X)
	}
	tr := &b.Rules.Play.Displays[0].Tracks[0]
	defer func(to int) { tr.To = to }(tr.To)
	tr.To = 30
	if n := spaces(); n != 31 {
		t.Errorf("with to: 30 the CP track has %d spaces, want 31", n)
	}
}

// TestTerrainEffects: the chart is the ruleset's costs, a column per
// movement class the costs name, P where a cost is prohibited.
func TestTerrainEffects(t *testing.T) {
	tb := displays.TerrainEffects(load(t, "dow-intro"))
	if got := strings.Join(tb.Columns, "|"); got != "Terrain|artillery|cavalry|infantry|leader|other|Source" {
		t.Errorf("columns %s", got)
	}
	rows := map[string]string{}
	for _, r := range tb.Rows {
		rows[r[0]] = strings.Join(r[1:len(r)-1], " ")
	}
	for name, want := range map[string]string{
		"Woods": "4 3 2 2 2", "Hexside: River (impassable except at bridges and fords)": "P P P P P", "Road: Pike": "0.5 0.5 0.5 0.5 0.5",
	} {
		if rows[name] != want {
			t.Errorf("%s: %q, want %q", name, rows[name], want)
		}
	}
}

// TestScenarioStarts: a formation's marker starts on the value its
// scenario gives (GBACW: a division's activation markers, a corps'
// efficiency fixed for the first turn, a brigade's Fatigue level in the
// set-up; TSS: a brigade's strength points lost), on the first space where
// it gives none or one the track has no space for, and on the first space
// in a free set-up.
func TestScenarioStarts(t *testing.T) {
	at := func(ds []displays.Display, display, marker string) string {
		for _, d := range ds {
			if d.Name() != display {
				continue
			}
			for _, mk := range d.Markers {
				if mk.Name == marker {
					b, _ := d.BoxByID(mk.Box)
					return b.Name
				}
			}
		}
		return "no marker " + marker
	}
	check := func(ds []displays.Display, display, marker, want string) {
		t.Helper()
		if got := at(ds, display, marker); got != want {
			t.Errorf("%s: %s at %q, want %q", display, marker, got, want)
		}
	}
	b := load(t, "dow-intro")
	sc := b.Scenario("intro")
	check(displays.ForScenario(b, sc), "Leader Board (Union)", "Davis's Division Activations", "1/RW Activations 4")
	check(displays.ForScenario(b, sc), "Leader Board (Confederate)", "Cheatham's Division Activations", "1/P Activations 4")
	check(displays.ForScenario(b, sc), "Leader Board (Confederate)", "Withers's Division Activations", "2/P Activations 0")
	check(displays.Build(b), "Leader Board (Union)", "Davis's Division Activations", "1/RW Activations 0")
	// a Fatigue level the set-up gives a unit is its brigade's; the first given counts
	for _, tc := range []struct{ level, want string }{{"", "None"}, {"OK", "OK"}, {"0", "0"}, {"4", "4"}, {"5", "None"}} {
		for _, st := range sc.Setup {
			for i := range st.Pieces {
				st.Pieces[i].Fatigue = tc.level
			}
		}
		check(displays.ForScenario(b, sc), "Leader Board (Union)", "Post's Brigade Fatigue", "1/1/RW Fatigue "+tc.want)
	}
	for _, st := range sc.Setup {
		for i := range st.Pieces {
			st.Pieces[i].Fatigue = ""
		}
		st.Fatigue.Level = "3" // a stack's level, its pieces'
	}
	check(displays.ForScenario(b, sc), "Leader Board (Union)", "Post's Brigade Fatigue", "1/1/RW Fatigue 3")

	// the printed battles, errors and all (their baselines)
	dow, _ := battle.LoadDir(filepath.Join("..", "examples", "dead-of-winter"), battle.Options{})
	s1 := displays.ForScenario(dow, dow.Scenario("s1"))
	check(s1, "Leader Board (Confederate)", "Hardee's Corps Efficiency", "H Efficiency 4")
	check(s1, "Leader Board (Confederate)", "Polk's Corps Efficiency", "P Efficiency 3")

	// TSS: a regiment set up two strength points below its printed
	// strength puts its brigade's marker on 2; at or above it, on 0
	tss := load(t, "tss-seminary-ridge")
	fr := tss.Scenario("first-contact")
	var piece *battle.Piece
	var printed int
	for _, st := range fr.Setup {
		for i, p := range st.Pieces {
			if us := p.Ref.Units(); len(us) == 1 && us[0].Formation.Level == "brigade" && piece == nil {
				if v, ok := us[0].Values.Get("strength").Int(); ok && v > 2 {
					piece, printed = &st.Pieces[i], v
				}
			}
		}
	}
	if piece == nil {
		t.Fatal("no regiment of a brigade with a printed strength in the set-up")
	}
	f := piece.Ref.Units()[0].Formation
	ce := "Combat Effectiveness Record (" + tss.Side(f.Side).Name + ")"
	for _, tc := range []struct {
		strength int
		want     string
	}{{printed - 2, "2"}, {printed, "0"}, {printed + 1, "0"}} {
		n := tc.strength
		piece.Strength = &n
		check(displays.ForScenario(tss, fr), ce, displays.Title(f)+" SP lost", f.Label()+" SP lost "+tc.want)
	}
}

// TestCharts: a printed table comes from the ruleset cell by cell as
// printed (TSS 10.9's Fire CRT, L350-L372), every row as many cells as
// the columns, the rule and seed lines under its notes.
func TestCharts(t *testing.T) {
	ts := displays.Charts(load(t, "tss-seminary-ridge"))
	if len(ts) != 15 {
		t.Fatalf("%d charts, want TSS's Fire and Melee CRTs, Morale/Rout table, two Range Effects charts, formation effects, terrain effects on movement and movement allowances, then the Grand Battle Game's objectives and six reinforcement schedules", len(ts))
	}
	if r := ts[14].Rows[3]; ts[14].ID != "reinforcements-usa-3" || strings.Join(r, "|") != "1340|6|Farnsworth's Brigade (3d/Cav); E, 1US Battery (Horse Arty); Kilpatrick, Farnsworth" {
		t.Errorf("%s row 4 %q, want the Union's last July 3 arrival as 29.2 prints it", ts[14].ID, r)
	}
	fire := ts[0]
	for _, tc := range []struct {
		row, col int
		want     string
	}{{0, 0, "1"}, {0, 5, "Pin"}, {0, 11, "2"}, {5, 0, "6 (D)"}, {5, 1, "1*"}, {5, 11, "5"}, {3, 1, "•"}} {
		if got := fire.Rows[tc.row][tc.col]; got != tc.want {
			t.Errorf("Fire CRT row %d column %q: %q, want %q as printed", tc.row+1, fire.Columns[tc.col], got, tc.want)
		}
	}
	for _, tb := range ts {
		for i, r := range tb.Rows {
			if len(r) != len(tb.Columns) {
				t.Errorf("%s row %d has %d cells for %d columns", tb.ID, i+1, len(r), len(tb.Columns))
			}
		}
		if n := tb.Notes[len(tb.Notes)-1]; !strings.Contains(n, "TSS ") || !strings.Contains(n, "L") {
			t.Errorf("%s: last note %q, want its rule and seed lines", tb.ID, n)
		}
	}
	// Summer Storm prints twelve tables (the header said "no charts"), the
	// GBACW series rules five (the fire DRM list among them), 3DoG's book
	// layer its own eight (its series rules' five and three of the battle
	// book's), Dead of Winter's book layer twenty (the series' five, its
	// battle book's five, its scenarios' ten); AMFS's are on player aid
	// cards the seed lacks. A cell cut to its label ends " …".
	for _, tc := range []struct {
		ex    string
		n     int
		id    string
		row   int
		cells []string
	}{
		{"summer-storm-mcpherson", 12, "ground-combat-crt", 2, []string{"14 - 17", "2 Cohesion Hits per unit"}},
		{"summer-storm-mcpherson", 12, "wound-result", 3, []string{"3-4", "General Badly Wounded. …"}},
		{"dow-intro", 5, "orders-comparison", 6, []string{"May Fire?", "No", "Yes", "Yes"}},
		{"dow-intro", 5, "fire-drm", 13, []string{"–?", "Night Turn fire [16.1]."}},
		{"3dog-mcphersons-ridge", 8, "elite-collapse", 11, []string{"3", "n/a"}},
		{"3dog-mcphersons-ridge", 8, "fire-drm", 16, []string{"–?", "Fatigue [17.31]."}},
		{"dead-of-winter", 20, "points-units", 11, []string{"", "", "Pioneers", "2"}},
		{"dead-of-winter", 20, "victory-7", 6, []string{"Union Decisive", "–10 or less"}},
		{"amfs-culps-hill", 0, "", 0, nil},
	} {
		var b *battle.Battle
		if tc.ex == "dead-of-winter" { // the printed book's misprints are errors; its errata variant has none
			var ds []diag.Diagnostic
			b, ds = battle.LoadDir(filepath.Join("..", "examples", tc.ex), battle.Options{Variant: "errata"})
			for _, d := range ds {
				if d.Severity == diag.Error {
					t.Fatalf("%s: %s", tc.ex, d)
				}
			}
		} else {
			b = load(t, tc.ex)
		}
		cs := displays.Charts(b)
		if len(cs) != tc.n {
			t.Errorf("%s: %d charts, want %d", tc.ex, len(cs), tc.n)
		}
		for _, c := range cs {
			if c.ID == tc.id && strings.Join(c.Rows[tc.row], "|") != strings.Join(tc.cells, "|") {
				t.Errorf("%s: %s row %d %q, want %q as printed", tc.ex, c.ID, tc.row+1, c.Rows[tc.row], tc.cells)
			}
		}
	}
}
