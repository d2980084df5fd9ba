package validate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/validate"
)

// TestFifthRuleset adds a fifth, test-only system beside the four embedded
// ones (testdata/fifth/skirmish.yaml: TSS's data under another name, with
// one stacking limit of one unit a hex) and validates a battle with it. No
// Go names the system: the battle schema's systems, the checks and their
// codes all come from the library.
func TestFifthRuleset(t *testing.T) {
	lib := fstest.MapFS{}
	embedded, _ := filepath.Glob("../rulesets/*.yaml")
	for _, p := range append(embedded, "testdata/fifth/skirmish.yaml") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lib[filepath.Base(p)] = &fstest.MapFile{Data: data}
	}
	l := rulesets.NewLibrary(lib, "testdata/fifth")
	if got := strings.Join(l.Systems(), ","); got != "gbacw,tss,summer-storm,amfs,skirmish" {
		t.Fatalf("systems %s", got)
	}
	b, ds := battle.LoadDir("testdata/fifth/battle", battle.Options{Rulesets: l})
	if b == nil || b.Rules == nil || b.Rules.System != "skirmish" {
		t.Fatalf("not loaded with the skirmish ruleset: %v", ds)
	}
	ds = append(ds, validate.Battle(b)...)
	// The battle is TSS's example, whose stacks of two units are legal in
	// TSS and one too many here: SK101 at each, and nothing else.
	n := 0
	for _, d := range ds {
		if d.Code != "SK101" || d.Rule != "Skirmish 1.1" || !strings.Contains(d.Message, "more than one unit in a hex") {
			t.Errorf("unexpected %s", d)
			continue
		}
		n++
	}
	if n == 0 {
		t.Error("no SK101: the fifth ruleset's limit was not applied")
	}
	// muster's own library does not know it: the same battle is refused.
	_, ds = battle.LoadDir("testdata/fifth/battle", battle.Options{})
	found := false
	for _, d := range ds {
		found = found || d.Code == "B009"
	}
	if !found {
		t.Errorf("the embedded library accepted system skirmish: %v", ds)
	}
}

// TestLibraryValidates: a ruleset from outside is checked when read, and
// its problems are the battle's diagnostics, positioned in the ruleset.
func TestLibraryValidates(t *testing.T) {
	data, err := os.ReadFile("testdata/fifth/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "max_units: 1", "max_unit: 1", 1)
	l := rulesets.NewLibrary(fstest.MapFS{"skirmish.yaml": {Data: []byte(bad)}}, "testdata/fifth")
	_, ds := battle.LoadDir("testdata/fifth/battle", battle.Options{Rulesets: l})
	for _, d := range ds {
		if d.Code == "B010" && d.Pos.File == "testdata/fifth/skirmish.yaml" && d.Pos.Line > 0 && d.Hint == "did you mean max_units?" {
			return
		}
	}
	t.Errorf("no B010 in skirmish.yaml for max_unit: %v", ds)
}
