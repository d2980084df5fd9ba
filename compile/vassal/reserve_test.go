package vassal

import (
	"testing"
)

// A set-up stack's reserve: true starts the ruleset's reserve state
// (play.reserve) on every piece of the stack that has it: in GBACW the
// In Reserve layer of the stack's leaders (6.31), whatever the stack's
// Fatigue level does to the same slot; in TSS the Reserve marker on its
// units (8.7), not on the leader beside them.
func TestSetupReserve(t *testing.T) {
	b := introWith(t, map[string]string{
		`"C3108": [McCook, Davis, Escort/RW]`: `"C3108": {units: [McCook, Davis, Escort/RW], reserve: true}`,
		`"C3014": [Post, 59 IL, 5 WI Bty]`:    `"C3014": {units: [Post, 59 IL, 5 WI Bty], reserve: true, fatigue: 2}`,
	})
	built, _ := unzipAll(t, buildVmod(t, b))
	bf := string(built["buildFile.xml"])
	for name, want := range map[string]string{"McCook": "2", "Davis": "2", "Post": "2", "Carlin": ""} {
		if got := stateLayer(t, bf, name, "reserve"); got != want {
			t.Errorf("%s starts with his reserve layer at %q, want %q", name, got, want)
		}
	}
	if got := fatigueLayer(t, bf, "Post"); got != "5" {
		t.Errorf("Post in reserve starts with his fatigue layer at %q, want 5 (Fatigue 2)", got)
	}
	for _, name := range []string{"59 IL", "Escort"} {
		if got := stateLayer(t, bf, name, "reserve"); got != "" {
			t.Errorf("%s has a reserve layer at %q: GBACW's is the leader's", name, got)
		}
	}

	b = exampleWith(t, "tss-seminary-ridge", "scenario.yaml", map[string]string{
		`"A0429": ["2 Miss", "Davis"]`: `"A0429": {units: ["2 Miss", "Davis"], reserve: true}`,
	})
	built, _ = unzipAll(t, buildVmod(t, b))
	bf = string(built["buildFile.xml"])
	for name, want := range map[string]string{"2 Miss": "2", "55 NC": "", "Davis": ""} {
		if got := stateLayer(t, bf, name, "reserve"); got != want {
			t.Errorf("TSS: %s starts with the reserve layer at %q, want %q", name, got, want)
		}
	}
}
