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
			[]string{"Leader Board (Union): 1/1/RW Fatigue at 1/1/RW Fatigue OK", "Leader Board (Union): 1/RW Activations at 1/RW Activations 0",
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
