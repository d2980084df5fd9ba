package pipeline

import (
	"runtime"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// A load of more than bigLoad bytes of YAML is collected before the checks
// run (its nodes are garbage then, and the collector's goal was set while
// they were live); a smaller load, or a cached one, is not.
func TestCollectLoad(t *testing.T) {
	texts := func(n int) *battle.Battle {
		return &battle.Battle{Texts: map[string][]byte{"forces.yaml": make([]byte, n/2), "map.yaml": make([]byte, n-n/2)}}
	}
	collected := func(b *battle.Battle, o Options) bool {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		collectLoad(b, o)
		runtime.ReadMemStats(&after)
		return after.NumForcedGC > before.NumForcedGC
	}
	if !collected(texts(bigLoad+1), Options{}) {
		t.Error("a load one byte past bigLoad was not collected")
	}
	if collected(texts(bigLoad), Options{}) {
		t.Error("a load of bigLoad bytes was collected")
	}
	if collected(texts(bigLoad+1), Options{Cache: battle.NewCache()}) {
		t.Error("a cached load was collected")
	}
	if collected(nil, Options{}) {
		t.Error("no battle was collected")
	}
}
