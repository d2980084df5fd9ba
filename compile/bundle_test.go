package compile

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path/filepath"
	"testing"

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
		golden.Check(t, filepath.Join("testdata", "dow-intro."+o.Name), o.Data)
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
			if !bytes.Equal(o.Data, again[i].Data) {
				t.Errorf("%s/%s: two builds differ", dir, o.Name)
			}
			var v any
			dec := json.NewDecoder(bytes.NewReader(o.Data))
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
