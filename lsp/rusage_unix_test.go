//go:build unix

package lsp

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, user and system:
// unlike the wall clock, it does not count the time spent waiting for a
// core on a shared machine.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
