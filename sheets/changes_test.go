package sheets

import (
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diff"
)

// Each change at hexes gets a number and a note; a hex the map lacks is in
// the note but not ringed; a change at no hex is not drawn; two changes at
// one hex share its ring.
func TestChangesOverlay(t *testing.T) {
	b, _ := battle.LoadDir("../examples/dow-intro", battle.Options{})
	if b == nil || b.Map == nil {
		t.Fatal("dow-intro not loaded")
	}
	r := diff.Result{Old: "v1", New: "v2", Changes: []diff.Change{
		{Section: diff.Units, Action: diff.Added, Subject: "60 IL"},
		{Section: diff.Map, Action: diff.Changed, Subject: "C3015", Field: "terrain", Hexes: []string{"C3015"}},
		{Section: diff.Setup, Action: diff.Changed, Scenario: "intro", Side: "USA", Subject: "59 IL", Field: "hex", Hexes: []string{"C3015", "Z9999"}},
	}}
	ov := ChangesOverlay(b, r)
	if len(ov.Notes) != 2 || ov.Notes[0] != "1. [C3015] C3015: terrain none → none" || ov.Notes[1] != "2. [C3015, Z9999] intro: USA 59 IL: hex none → none" {
		t.Errorf("notes: %q", ov.Notes)
	}
	if len(ov.Rings) != 1 || ov.Rings[0].Label != "1,2" {
		t.Errorf("rings: %+v", ov.Rings)
	}
}
