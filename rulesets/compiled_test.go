package rulesets

import (
	"reflect"
	"testing"

	"github.com/muster-wargames/muster/internal/golden"
)

// TestCompiled keeps compiled/SYSTEM.json equal to the JSON form of the
// embedded SYSTEM.yaml (UPDATE=1 rewrites them: go generate ./...), and the
// ruleset decoded from it equal to the one decoded from the YAML. While it
// rewrites them the embedded JSON is the old one, so that comparison waits
// for the next run.
func TestCompiled(t *testing.T) {
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
		if golden.Update() {
			continue
		}
		fromYAML, err := Decode(d.Value)
		if err != nil {
			t.Fatal(err)
		}
		fromJSON, ok, err := compiledSeries(sys)
		if !ok || err != nil {
			t.Fatalf("%s: compiled %v %v", sys, ok, err)
		}
		if !reflect.DeepEqual(fromYAML, fromJSON) {
			t.Errorf("%s: the compiled ruleset decodes differently from the YAML", sys)
		}
	}
}
