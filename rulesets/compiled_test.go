package rulesets

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/muster-wargames/muster/internal/golden"
)

// TestCompiled keeps compiled/SYSTEM.json equal to the JSON form of the
// embedded SYSTEM.yaml, and series_values.go equal to the rulesets those
// decode to (UPDATE=1 rewrites them: go generate ./...); and the ruleset
// built by series_values.go equal to the one decoded from the YAML. While
// it rewrites them the built ruleset is the old one, so that comparison
// waits for the next run.
func TestCompiled(t *testing.T) {
	var values []*Ruleset
	for _, sys := range Systems() {
		d, _, err := Raw(sys)
		if err != nil {
			t.Fatal(err)
		}
		want, err := compiledJSON(d.Value)
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "compiled/"+sys+".json", want)
		var fromJSON Ruleset
		if err := json.Unmarshal(want, &fromJSON); err != nil {
			t.Fatal(err)
		}
		values = append(values, &fromJSON)
		if golden.Update() {
			continue
		}
		built, ok := seriesValue(sys)
		if !ok || !reflect.DeepEqual(built, &fromJSON) {
			t.Errorf("%s: series_values.go builds a ruleset other than compiled/%s.json decodes to", sys, sys)
		}
		fromYAML, err := Decode(d.Value)
		if err != nil {
			t.Fatal(err)
		}
		compiled, ok, err := compiledSeries(sys)
		if !ok || err != nil {
			t.Fatalf("%s: compiled %v %v", sys, ok, err)
		}
		if !reflect.DeepEqual(fromYAML, compiled) {
			t.Errorf("%s: the compiled ruleset differs from the one decoded from the YAML", sys)
		}
	}
	src, err := seriesSource(Systems(), values)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "series_values.go", src)
}

// TestSeriesBuilt: an embedded ruleset is built by series_values.go, not
// decoded: it takes at most 400 allocations (decoding Great Battles'
// compiled JSON took 1,273).
func TestSeriesBuilt(t *testing.T) {
	for _, sys := range Systems() {
		if n := testing.AllocsPerRun(3, func() {
			if _, ok, err := compiledSeries(sys); !ok || err != nil {
				t.Fatal(sys, ok, err)
			}
		}); n > 400 {
			t.Errorf("%s: %v allocations, more than 400", sys, n)
		}
	}
}
