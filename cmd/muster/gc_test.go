package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestWatchHeap: the collector's target stays gcPercent while the live
// heap is under the limit, and drops to bigGCPercent after a collection
// finds more than the limit live.
func TestWatchHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	percent := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }
	collect := func(want int) int {
		for i := 0; i < 50 && percent() != want; i++ {
			runtime.GC()
			time.Sleep(2 * time.Millisecond) // the finalizer runs on a goroutine of its own
		}
		return percent()
	}
	live := make([]byte, 16<<20)
	watchHeapPast(1 << 40) // never passed
	if got := collect(bigGCPercent); got != gcPercent {
		t.Errorf("under the limit: GC percent %d, want %d", got, gcPercent)
	}
	watchHeapPast(8 << 20) // passed: 16 MiB are live
	if got := collect(bigGCPercent); got != bigGCPercent {
		t.Errorf("past the limit: GC percent %d, want %d", got, bigGCPercent)
	}
	runtime.KeepAlive(live)
}
