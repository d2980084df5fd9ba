package publish

import (
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// canExchange: Linux swaps two folders in one call (renameat2 with
// RENAME_EXCHANGE, Linux 3.15 on most local file systems).
const canExchange = true

// exchange swaps the folders a and b (both absolute, in one folder) in one
// step: whoever looks finds either both as they were or both swapped.
func exchange(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}

// sameDevice reports whether a and b are on one file system (a folder
// whose parent is not is a mount point).
func sameDevice(a, b os.FileInfo) bool {
	sa, ok1 := a.Sys().(*syscall.Stat_t)
	sb, ok2 := b.Sys().(*syscall.Stat_t)
	return ok1 && ok2 && sa.Dev == sb.Dev
}

// mountedIn reports whether a file system is mounted at dir or inside it
// (dir real and absolute), or /proc/self/mountinfo cannot tell: the swap
// would move the folder off its mount, or remove a mounted folder's files
// with the old output.
func mountedIn(dir string) bool {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return true
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 5 {
			continue
		}
		if within(unescapeMount(f[4]), dir) {
			return true
		}
	}
	return false
}

// unescapeMount undoes mountinfo's octal escapes (\040 is a space).
func unescapeMount(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
