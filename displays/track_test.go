package displays

import (
	"testing"

	"github.com/muster-wargames/muster/internal/race"
	"github.com/muster-wargames/muster/rulesets"
)

// A track's spaces cost two allocations each, their id and name, and the
// display's boxes grow once for the track, not doubling as its spaces
// come: a track of 99 spaces (numbers strconv has made already) is 198
// allocations and the boxes' one (its label's box goes in the same room).
func TestTrackSpacesAllocations(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates beside the code")
	}
	tr := rulesets.DisplayTrack{ID: "cp", Title: "Command points", From: 1, To: 99}
	var d Display
	n := testing.AllocsPerRun(3, func() {
		d.Boxes, d.Markers = nil, nil
		d.track("", tr, nil, "", 0, 0)
	})
	if n > 2*99+2 {
		t.Errorf("a track of 99 spaces allocated %v times, want at most %d", n, 2*99+2)
	}
}
