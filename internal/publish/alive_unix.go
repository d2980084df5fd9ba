//go:build unix

package publish

import (
	"errors"
	"syscall"
)

// processAlive reports whether process pid exists (a build's lock whose
// process is gone was left by a killed build).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
