package validate

import (
	"math/rand"
	"sort"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// byTurn must order as a stable sort on (turn, order) does, for turn
// tracks of any length, including ones too long for its counting sort.
func TestByTurnMatchesStableSort(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, span := range []int{1, 5, 40, 1 << 17} {
		evs := make([]event, 500)
		for i := range evs {
			evs[i] = event{turn: 3 + rng.Intn(span), order: rng.Intn(3), p: &battle.Piece{}}
		}
		want := append([]event(nil), evs...)
		sort.SliceStable(want, func(i, j int) bool {
			if want[i].turn != want[j].turn {
				return want[i].turn < want[j].turn
			}
			return want[i].order < want[j].order
		})
		got := byTurn(append([]event(nil), evs...))
		for i := range want {
			if got[i].p != want[i].p {
				t.Fatalf("span %d: event %d differs: got turn %d order %d, want turn %d order %d", span, i, got[i].turn, got[i].order, want[i].turn, want[i].order)
			}
		}
	}
}
