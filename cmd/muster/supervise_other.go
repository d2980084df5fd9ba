//go:build !linux

package main

// supervise runs muster in this process. On Linux it runs in a child
// process, so that a crash the runtime does not let muster catch exits 3
// (supervise_linux.go); elsewhere such a crash exits 2, the runtime's code.
func supervise(work func() int) int { return work() }
