package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// bigHeap is the live heap past which the collector's target drops from
// gcPercent to bigGCPercent. GOGC 200 lets the heap grow to three times
// what is live before a collection: on a battle of TSS's size or ten times
// it (at most about 20 MiB live) that is a few tens of MiB bought for an
// eighth of a validate's instructions; at a hundred times it (a forces
// file's YAML tree alone is 70 MB live while it is checked) it was 150 MiB
// or more of peak memory (docs/performance.md, "Lean: where the goals
// stop").
const bigHeap = 64 << 20

// bigGCPercent is the collector's target once the live heap has passed
// bigHeap: Go's own default.
const bigGCPercent = 100

// watchHeap lowers the collector's target to bigGCPercent after the first
// collection that finds more than bigHeap live, for the rest of the run. A
// finalizer on a throwaway object runs after each collection and reads
// the live heap (runtime/metrics, no stop of the world); once lowered it
// watches no more. It costs a few hundred instructions a collection.
func watchHeap() { watchHeapPast(bigHeap) }

// watchHeapPast is watchHeap with a limit of its own (for the tests).
func watchHeapPast(limit uint64) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var tick func(*gcTick)
	tick = func(*gcTick) {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > limit {
			debug.SetGCPercent(bigGCPercent)
			return
		}
		runtime.SetFinalizer(&gcTick{}, tick)
	}
	runtime.SetFinalizer(&gcTick{}, tick)
}

// gcTick is an object made to be collected: its finalizer runs after the
// collection that finds it unreachable. It is larger than the allocator's
// tiny blocks, whose finalizers may never run.
type gcTick struct{ _ [32]byte }
