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

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	os.Exit(supervise(func() int { return run(os.Args[1:], os.Stdout, os.Stderr) }))
}
