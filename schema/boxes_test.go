package schema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/race"
)

// TestBoxesShared: a scalar written again (a unit's type, a weapon code, a
// strength) shares the value made the first time: a document of 400 items
// of two texts and two numbers allocates at least 350 fewer values than
// one of 400 different texts and numbers of the same lengths.
func TestBoxesShared(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates beside the code")
	}
	var same, other strings.Builder
	for i := range 200 {
		fmt.Fprintf(&same, "- inf%d\n- %d\n", i%2, 100+i%2)
		fmt.Fprintf(&other, "- i%03d\n- %d\n", i, 100+i)
	}
	allocs := func(src string) float64 {
		return testing.AllocsPerRun(5, func() {
			if docs, ds := Parse("f.yaml", []byte(src), DefaultLimits); len(docs) != 1 || len(ds) != 0 {
				t.Fatalf("%d documents, %v", len(docs), ds)
			}
		})
	}
	a, b := allocs(same.String()), allocs(other.String())
	if b-a < 350 {
		t.Errorf("%v allocations for repeated scalars, %v for different ones: want at least 350 fewer", a, b)
	}
}
