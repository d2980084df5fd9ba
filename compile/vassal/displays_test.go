package vassal

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/displays"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
)

// TestDisplayMaps reads the display maps of each system's example module:
// a map window for each display (one a side where each player has his
// own), with a toolbar button, its board chosen by default and by every
// set-up's saved game, a zone for each box and track space, and each
// marker's At-Start stack inside the zone of the place it starts:
// "marker @ place", read as VASSAL names the place.
func TestDisplayMaps(t *testing.T) {
	for _, tc := range []struct {
		ex   string
		want []string
	}{
		{"summer-storm-mcpherson", []string{
			"Army Orders Card (Union): ACP marker (Army Command Points, on the Orders Card's track) @ CP track (ACP, CCP) Flag",
			"Army Orders Card (Confederate): CCP marker (Corps Command Points, on the Orders Card's track) @ CP track (ACP, CCP) Flag",
			"Time and Weather Status Card: Weather (a blank marker on the Time and Weather Status Card; optional rule) @ Weather"}},
		{"tss-seminary-ridge", []string{
			"Casualty and Captured Tracks (Union): Infantry Casualty (Casualty Track) @ Casualties x100 0",
			"Casualty and Captured Tracks (Confederate): Cavalry Captured (Captured Track) @ Captured x1000 0",
			"Artillery Ammunition Availability Track (AAAT) (Union): Ammunition Level (AAAT) @ Rounds x10 0"}},
		{"amfs-culps-hill", []string{
			"Command Display (Confederate): Hex Group (a lettered marker for a hex's units kept on the Hex Group Display) @ Hex Group A"}},
		{"dow-intro", []string{
			"Leader Board (Union): Post's Brigade Fatigue @ 1/1/RW Fatigue None",
			"Leader Board (Confederate): Cheatham's Division Activations @ 1/P Activations 0",
			"Leader Board (Union): Right Wing Efficiency @ RW Efficiency 1",
			// the intro scenario's board: its divisions' 4 activation markers (L2494)
			"Leader Board (Confederate) (intro): Cheatham's Division Activations @ 1/P Activations 4",
			"Leader Board (Union) (intro): Davis's Division Activations @ 1/RW Activations 4",
			"Leader Board (Union) (intro): Post's Brigade Fatigue @ 1/1/RW Fatigue None"}},
	} {
		t.Run(tc.ex, func(t *testing.T) {
			_, files, root := exampleModule(t, tc.ex)
			var got []string
			maps := 0
			boards := map[string][]string{} // a map's boards
			root.walk(func(e, _ *xel) {
				if e.class() != "module.Map" {
					return
				}
				name, _ := e.attr("mapName")
				zones := map[string][]*xel{} // by board
				var stacks []*xel
				chosen := false
				board := ""
				e.walk(func(k, _ *xel) {
					switch k.class() {
					case "module.map.boardPicker.Board":
						board, _ = k.attr("name")
						boards[name] = append(boards[name], board)
					case "module.map.boardPicker.board.mapgrid.Zone":
						zones[board] = append(zones[board], k)
					case "module.map.SetupStack":
						stacks = append(stacks, k)
					case "setup":
						chosen = chosen || strings.Contains(k.Text, name+"BoardPicker\t"+name+"\t0\t0")
					}
				})
				isDisplay := false
				for _, w := range tc.want {
					isDisplay = isDisplay || strings.HasPrefix(w, name+": ")
				}
				if !isDisplay {
					delete(boards, name)
					return
				}
				maps++
				if l, _ := e.attr("launch"); l != "true" || !chosen {
					t.Errorf("%s: launch=%q, board chosen by default %v", name, l, chosen)
				}
				for _, st := range stacks {
					on, _ := st.attr("owningBoard")
					x, _ := st.attr("x")
					y, _ := st.attr("y")
					xi, _ := strconv.Atoi(x)
					yi, _ := strconv.Atoi(y)
					place := ""
					if len(zones[on]) == 0 {
						t.Errorf("%s: stack %v on board %q, which has no zones", name, st.Attrs, on)
					}
					for _, z := range zones[on] {
						p, _ := z.attr("path")
						if inRect(p, xi, yi) {
							place, _ = z.attr("name")
						}
					}
					for _, k := range st.Kids {
						n, _ := k.attr("entryName")
						got = append(got, on+": "+n+" @ "+place)
					}
				}
			})
			if maps == 0 {
				t.Fatalf("no display map")
			}
			for _, w := range tc.want {
				if !containsStr(got, w) {
					sort.Strings(got)
					t.Errorf("no %q among\n%s", w, strings.Join(got, "\n"))
				}
			}
			// every set-up chooses one of each display's boards
			for n, data := range files {
				if strings.HasPrefix(n, "scenario-") {
					save, _ := unzipAll(t, data)
					for d, bs := range boards {
						ok := false
						for _, b := range bs {
							ok = ok || strings.Contains(string(save["savedGame"]), d+"BoardPicker\t"+b+"\t0\t0")
						}
						if !ok {
							t.Errorf("%s does not choose a board of %s (%q)", n, d, bs)
						}
					}
				}
			}
		})
	}
}

func containsStr(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// inRect tells whether (x, y) lies in the rectangle a zone's path draws.
func inRect(path string, x, y int) bool {
	var xs, ys []int
	for _, pt := range strings.Split(path, ";") {
		a, b, _ := strings.Cut(pt, ",")
		px, _ := strconv.Atoi(a)
		py, _ := strconv.Atoi(b)
		xs, ys = append(xs, px), append(ys, py)
	}
	if len(xs) == 0 {
		return false
	}
	sort.Ints(xs)
	sort.Ints(ys)
	return x >= xs[0] && x <= xs[len(xs)-1] && y >= ys[0] && y <= ys[len(ys)-1]
}

// TestTerrainEffectsChart: the module has a Terrain effects chart window
// whose picture is in the archive.
func TestTerrainEffectsChart(t *testing.T) {
	_, files, root := exampleModule(t, "dow-intro")
	found := false
	root.walk(func(e, _ *xel) {
		if n, _ := e.attr("chartName"); e.class() == "widget.Chart" && n == "Terrain effects" {
			f, _ := e.attr("fileName")
			found = len(files["images/"+f]) > 0
		}
	})
	if !found {
		t.Errorf("no Terrain effects chart with its picture")
	}
}

// TestChartsWindow: TSS's module has a Tables window, a tab for each
// table the ruleset prints (the Fire and Melee CRTs, the Morale/Rout
// table, the Range Effects, formation, movement charts), Summer Storm's eleven and the GBACW series rules' four, each with
// its picture; a ruleset that prints none (AMFS's tables are on player aid
// cards the seed lacks) gives no such window.
func TestChartsWindow(t *testing.T) {
	for _, tc := range []struct {
		ex   string
		want []string
	}{
		{"tss-seminary-ridge", []string{"Fire Combat Results Table", "Melee Combat Results Table", "Morale/Rout Table", "Range Effects Chart, Small Arms", "Range Effects Chart, Artillery",
			"Unit Formation Effects on Fire Combat", "Terrain Effects on Movement", "Movement Allowances", "28.54 Objective Points",
			"29.1 Confederate Reinforcements, July 1", "29.1 Confederate Reinforcements, July 2", "29.1 Confederate Reinforcements, July 3",
			"29.2 Union Reinforcements, July 1", "29.2 Union Reinforcements, July 2", "29.2 Union Reinforcements, July 3"}},
		{"dow-intro", []string{"Brigade Coordination Table", "Orders Comparison Chart", "The Orders Change Table", "Loose Cannon, Unreliable brigadier", "Fire Die Roll Modifiers"}},
		{"summer-storm-mcpherson", []string{"Activity Roll Table", "Basic Combat Odds Table", "Ground Combat CRT", "Risk to the General Table", "Wound Result Table", "Army Morale lost for a General removed",
			"Range Effects Table", "Bombardment CRT", "Morale Check Table", "Army Morale Adjustment Table", "Victory Level Table", "Divisional Morale Adjustment Table"}},
		{"amfs-culps-hill", nil},
	} {
		_, files, root := exampleModule(t, tc.ex)
		var got []string
		var first image.Config
		root.walk(func(e, _ *xel) {
			if n, _ := e.attr("name"); e.class() != "module.ChartWindow" || n != "Tables" {
				return
			}
			e.walk(func(k, parent *xel) {
				if k.class() != "widget.Chart" {
					return
				}
				if parent.class() != "widget.TabWidget" {
					t.Errorf("%s: chart %v not in a tab", tc.ex, k.Attrs)
				}
				n, _ := k.attr("chartName")
				f, _ := k.attr("fileName")
				if len(files["images/"+f]) == 0 {
					t.Errorf("%s: %s has no picture %s", tc.ex, n, f)
				}
				// VASSAL sizes the window by the first tab's chart: it is
				// as large as the largest, so each shows whole
				c, _, err := image.DecodeConfig(bytes.NewReader(files["images/"+f]))
				if err != nil {
					t.Fatal(err)
				}
				if len(got) == 0 {
					first = c
				} else if c.Width > first.Width || c.Height > first.Height {
					t.Errorf("%s: %s is %dx%d, the first tab's chart %dx%d", tc.ex, n, c.Width, c.Height, first.Width, first.Height)
				}
				got = append(got, n)
			})
		})
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: tables %q, want %q", tc.ex, got, tc.want)
		}
	}
}

// TestMarkerTextFits: every line a marker prints, a tray marker's (its
// label, else its title without the note in brackets) and a display's
// formation marker's (its designation, the track), fits the counter: TSS's
// "CAVALRY CASUALTY (CASUALTY TRACK)" and "STRENGTH POINTS LOST" ran past
// its edge.
func TestMarkerTextFits(t *testing.T) {
	fits := func(what, line string) {
		t.Helper()
		if w := render.LabelWidth(line); w > counterPx-4 {
			t.Errorf("%s: %q is %d pixels wide, past the %d-pixel counter", what, line, w, counterPx)
		}
	}
	for _, ex := range []string{"summer-storm-mcpherson", "tss-seminary-ridge", "amfs-culps-hill", "dow-intro"} {
		b, _ := battle.LoadDir(filepath.Join("..", "..", "examples", ex), battle.Options{})
		for _, mk := range b.Rules.Play.Markers {
			if len(mk.Faces) > 0 || mk.ID == "breastworks" {
				continue // faces print their own names
			}
			a, c := markerLines(mk)
			fits(ex+" "+mk.ID, a)
			fits(ex+" "+mk.ID, c)
		}
		for _, d := range displays.Build(b) {
			for _, mk := range d.Markers {
				if mk.ID == "" {
					a, c := displayMarkerLines(mk)
					fits(d.Name()+" "+mk.Name, a)
					fits(d.Name()+" "+mk.Name, c)
				}
			}
		}
	}
}

// TestBattleCharts: a picture of a table the battle supplies (battle.yaml's
// charts:) is in the module, on a tab of the Tables window after the
// ruleset's tables, its bytes as the battle's file (a JPEG kept JPEG); a
// battle of a ruleset that prints no table (AMFS) gets the window for its
// own charts alone.
func TestBattleCharts(t *testing.T) {
	png := []byte("\x89PNG picture bytes")
	jpg := []byte("\xff\xd8 picture bytes")
	for _, tc := range []struct {
		ex   string
		want []string
	}{
		{"amfs-culps-hill", []string{"Fire Table", "Close Fight Table"}},
		{"tss-seminary-ridge", []string{"Fire Combat Results Table", "Melee Combat Results Table", "Morale/Rout Table", "Range Effects Chart, Small Arms", "Range Effects Chart, Artillery",
			"Unit Formation Effects on Fire Combat", "Terrain Effects on Movement", "Movement Allowances", "28.54 Objective Points",
			"29.1 Confederate Reinforcements, July 1", "29.1 Confederate Reinforcements, July 2", "29.1 Confederate Reinforcements, July 3",
			"29.2 Union Reinforcements, July 1", "29.2 Union Reinforcements, July 2", "29.2 Union Reinforcements, July 3", "Fire Table", "Close Fight Table"}},
	} {
		b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", tc.ex), battle.Options{})
		if b == nil {
			t.Fatalf("load: %v", ds)
		}
		b.Charts = []battle.Chart{
			{Name: "Fire Table", Picture: &oob.Picture{Image: "charts/fire.png", Data: png, Format: "png", W: 10, H: 10}},
			{Name: "Close Fight Table", Picture: &oob.Picture{Image: "charts/close.jpg", Data: jpg, Format: "jpeg", W: 10, H: 10}},
		}
		files, _ := unzipAll(t, buildVmod(t, b))
		var root xel
		if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
			t.Fatal(err)
		}
		var got []string
		pics := map[string]string{}
		root.walk(func(e, _ *xel) {
			if n, _ := e.attr("name"); e.class() != "module.ChartWindow" || n != "Tables" {
				return
			}
			e.walk(func(k, parent *xel) {
				if k.class() == "widget.Chart" && parent.class() == "widget.TabWidget" {
					n, _ := k.attr("chartName")
					f, _ := k.attr("fileName")
					got = append(got, n)
					pics[n] = string(files["images/"+f])
				}
			})
		})
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: tabs %q, want %q", tc.ex, got, tc.want)
		}
		if pics["Fire Table"] != string(png) || pics["Close Fight Table"] != string(jpg) {
			t.Errorf("%s: the battle's pictures are not in the module as its files", tc.ex)
		}
	}
}

// zonePath writes a box's corners as fmt wrote them, clockwise from the
// top left, negative numbers too.
func TestZonePath(t *testing.T) {
	for _, r := range [][4]int{{0, 0, 0, 0}, {10, 20, 30, 40}, {-5, 7, 12, 1}, {1284, 5730, 56, 56}} {
		want := fmt.Sprintf("%d,%d;%d,%d;%d,%d;%d,%d", r[0], r[1], r[0]+r[2], r[1], r[0]+r[2], r[1]+r[3], r[0], r[1]+r[3])
		if got := zonePath(r[0], r[1], r[2], r[3]); got != want {
			t.Errorf("%v: %q, want %q", r, got, want)
		}
	}
}
