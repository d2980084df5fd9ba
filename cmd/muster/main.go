// Command muster checks American Civil War battle data written as YAML
// against its rule system and compiles it into an engine bundle.
package main

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the soft memory limit muster runs under unless GOMEMLIMIT
// says otherwise: the garbage collector works harder near it, which keeps a
// battle of a million hexes well inside 2 GiB at little cost in time
// (docs/performance.md).
const memoryLimit = 1536 << 20

// gcPercent is the collector's target unless GOGC says otherwise: muster
// runs for well under a second and exits, so letting the heap grow to three
// times what is live before a collection saves about an eighth of a
// validate's instructions (docs/performance.md) for a few tens of MiB more,
// and the memory limit still holds a big battle in; past 64 MiB live it is
// 100 (gc.go). lsp's benchmarks run at the same (lsp/bench_test.go,
// musterGCPercent).
const gcPercent = 200

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
		watchHeap() // and 100 once the live heap is big (gc.go)
	}
	os.Exit(supervise(func() int { return run(os.Args[1:], os.Stdout, os.Stderr) }))
}
