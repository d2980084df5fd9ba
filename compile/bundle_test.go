package compile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/schema"
)

func example(t testing.TB) *battle.Battle {
	t.Helper()
	sub, err := fs.Sub(examples.FS, examples.Default)
	if err != nil {
		t.Fatal(err)
	}
	b, ds := battle.Load(sub, examples.Default, battle.Options{})
	if len(ds) > 0 {
		t.Fatalf("example has diagnostics: %v", ds)
	}
	return b
}

// The bundle of the embedded example is pinned byte for byte.
func TestBundleGolden(t *testing.T) {
	out, err := Bundles(example(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range out {
		data, err := o.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "dow-intro."+o.Name), data)
	}
}

// Every bundle of every example matches the published bundle schema, and
// two builds give the same bytes.
func TestBundleSchema(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	for _, p := range dirs {
		dir := filepath.Dir(p)
		b, _ := battle.LoadDir(dir, battle.Options{})
		if b == nil || b.Rules == nil {
			t.Errorf("%s does not load", dir)
			continue
		}
		first, err := Bundles(b)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := Bundles(b)
		for i, o := range first {
			data, err := o.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if data2, _ := again[i].Bytes(); !bytes.Equal(data, data2) {
				t.Errorf("%s/%s: two builds differ", dir, o.Name)
			}
			var v any
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			probs, err := schema.CheckBundle(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range probs {
				t.Errorf("%s/%s: %s", dir, o.Name, p)
			}
		}
	}
}

func TestBundleContent(t *testing.T) {
	b := example(t)
	bu := NewBundle(b, b.Scenarios[0])
	units := map[string]UnitOut{}
	for _, u := range bu.Units {
		units[u.ID] = u
	}
	u, ok := units["USA:74 IL/1/1/RW"]
	if !ok || len(u.Chain) != 4 || u.Chain[3] != "USA:army" || u.Class != "infantry" {
		t.Errorf("74 IL: %+v", u)
	}
	var found bool
	for _, s := range bu.Setup {
		if s.Hex == "C3215" && len(s.Units) == 1 && s.Units[0].ID == "USA:74 IL/1/1/RW" {
			found = true
		}
	}
	if !found {
		t.Error("74 IL is not set up in C3215")
	}
	// Rows 20-35 are out of play (the XX19 hexrow limit): no hex beyond row 19.
	for _, h := range bu.Map.Hexes.List() {
		if h.Y > 18 {
			t.Fatalf("hex %s out of play is in the bundle", h.Label)
		}
	}
	if bu.Map.Hexes.Len() != 39*19 || len(bu.Map.Hexes.List()) != 39*19 {
		t.Errorf("%d hexes in play, want %d", bu.Map.Hexes.Len(), 39*19)
	}
}

// The bundle carries the Three Days of Gettysburg leader data (BB 4.41,
// 4.42, 4.44): a leader's from/with, his further counters, a spare, and a
// scenario piece's counter and replaces; and AMFS's Event card allotments
// (D-2). The 3DoG example gets one more scenario, at 1800, with Hill on
// his -1 counter and Trimble in Heth's place.
func TestBundleLeadersAndEvents(t *testing.T) {
	dir := filepath.Join("..", "examples", "3dog-mcphersons-ridge")
	files := fstest.MapFS{}
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(filepath.Join(dir, p))
		files[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	bf := string(files["battle.yaml"].Data)
	old := "files: [forces-usa.yaml, forces-csa.yaml, map.yaml, scenario.yaml]"
	if !strings.Contains(bf, old) {
		t.Fatalf("battle.yaml has no %s", old)
	}
	files["battle.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(bf, old, "files: [forces-usa.yaml, forces-csa.yaml, map.yaml, scenario.yaml, evening.yaml]", 1))}
	files["evening.yaml"] = &fstest.MapFile{Data: []byte(`kind: scenario
id: evening
name: Evening
sheets: [A]
turns: {first: "Jul 1 1800", last: "Jul 1 1900"}
setup:
  CSA:
    "A1210": [{unit: Hill, counter: Hill -1}, {unit: Trimble, replaces: Heth}]
`)}
	b, ds := battle.Load(files, "3dog", battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	bu := NewBundle(b, b.Scenario("evening"))
	leaders := map[string]LeaderOut{}
	for _, l := range bu.Leaders {
		leaders[l.ID] = l
	}
	if w := leaders["USA:Warren"]; w.From == nil || w.From.Time != "Jul 2 0500" || w.With != "USA:Meade" {
		t.Errorf("Warren: from %+v with %q", w.From, w.With)
	}
	if !leaders["CSA:Trimble"].Spare {
		t.Error("Trimble is not a spare")
	}
	h := leaders["CSA:Hill/III"]
	if len(h.Counters) != 1 || h.Counters[0].Name != "Hill -1" || h.Counters[0].From == nil || h.Counters[0].From.Time != "Jul 1 1800" || fmt.Sprint(h.Counters[0].Ratings["efficiency"]) != "-1" {
		t.Errorf("Hill's counters: %+v", h.Counters)
	}
	var placed []PlacedOut
	for _, st := range bu.Setup {
		placed = append(placed, st.Leaders...)
	}
	want := []PlacedOut{{ID: "CSA:Hill/III", Counter: "Hill -1"}, {ID: "CSA:Trimble", Replaces: "CSA:Heth/Heth/III"}}
	if fmt.Sprint(placed) != fmt.Sprint(want) {
		t.Errorf("placed leaders %+v, want %+v", placed, want)
	}

	amfs, _ := battle.LoadDir(filepath.Join("..", "examples", "amfs-culps-hill"), battle.Options{})
	if amfs == nil {
		t.Fatal("amfs-culps-hill does not load")
	}
	ab := NewBundle(amfs, amfs.Scenarios[0])
	if len(ab.Events) == 0 {
		t.Fatal("no Event card allotments")
	}
	for _, e := range ab.Events {
		if e.Side == "" || e.Time == "" || e.Key != 2 || e.Key+e.Random > 15 {
			t.Errorf("allotment %+v", e)
		}
	}
}
