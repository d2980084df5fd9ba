package compile

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/battletest"
	"github.com/muster-wargames/muster/schema"
)

// TestBundleAlternatives: an arrival with the book's alternatives ("area 1
// or 9") carries them in the bundle as or:, which the bundle's schema
// documents; an event without any writes none.
func TestBundleAlternatives(t *testing.T) {
	b := battletest.Edited(t, filepath.Join("..", "examples", "tss-seminary-ridge"), map[string][][2]string{
		"scenario.yaml": {{`hexes: ["A0530"], units: ["Pegram/Res/III", "Wagon 1"]`, `area: "1", or: [{area: "9"}], units: ["Pegram/Res/III", "Wagon 1"]`}},
	}, nil)
	out, err := Bundles(b)
	if err != nil {
		t.Fatal(err)
	}
	data, err := out[0].Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"or":`); n != 1 {
		t.Errorf("the bundle writes or: %d times, want once", n)
	}
	if !strings.Contains(string(data), `"area": "1",
          "or": [
            "9"
          ]`) && !strings.Contains(string(data), `"area":"1","or":["9"]`) {
		t.Errorf("the arrival's alternatives are not in the bundle:\n%s", data)
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
		t.Error(p)
	}
}
