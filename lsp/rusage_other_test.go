//go:build !unix

package lsp

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
