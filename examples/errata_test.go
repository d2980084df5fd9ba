package examples_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// TestErrataHoldsEveryScenario: a real battle's errata variant, the one its
// module is built from, holds every scenario the book prints, each either
// as printed or as its corrected copy ("s1" or "s1-errata"), and loads
// without errors.
func TestErrataHoldsEveryScenario(t *testing.T) {
	for _, ex := range []string{"dead-of-winter", "terrible-swift-sword"} {
		t.Run(ex, func(t *testing.T) {
			dir := filepath.Join(ex)
			printed, _ := battle.LoadDir(dir, battle.Options{})
			errata, ds := battle.LoadDir(dir, battle.Options{Variant: "errata"})
			for _, d := range ds {
				if d.Severity == diag.Error {
					t.Errorf("errata: %s", d)
				}
			}
			have := map[string]bool{}
			for _, sc := range errata.Scenarios {
				have[strings.TrimSuffix(sc.ID, "-errata")] = true
			}
			for _, sc := range printed.Scenarios {
				if !have[sc.ID] {
					t.Errorf("the errata variant has no scenario %s (%s)", sc.ID, sc.Name)
				}
			}
			if len(errata.Scenarios) != len(printed.Scenarios) {
				t.Errorf("the errata variant holds %d scenarios, the book %d", len(errata.Scenarios), len(printed.Scenarios))
			}
		})
	}
}
