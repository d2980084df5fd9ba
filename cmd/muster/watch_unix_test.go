//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFingerprintSpecialFiles: watch and serve read the folder as the
// loader does. A named pipe called *.yaml, with nobody writing to it,
// once blocked them for ever, and a link to /dev/zero ran them out of
// memory; both are named now and never read, as is a link that leads out
// of the folder. A hidden folder is not read; a save that keeps the size
// still changes the fingerprint.
func TestFingerprintSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("battle.yaml", "kind: battle\n")
	write("a.yaml", "kind: map\n")
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	write(".git/x.yaml", "hidden\n")
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.yaml"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.yaml")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	outside := filepath.Join(t.TempDir(), "out.yaml")
	os.WriteFile(outside, []byte("kind: map\n"), 0o644)
	os.Symlink(outside, filepath.Join(dir, "out.yaml"))
	fp := func() string {
		done := make(chan string, 1)
		go func() { done <- fingerprint(dir) }()
		select {
		case s := <-done:
			return s
		case <-time.After(10 * time.Second):
			t.Fatalf("the fingerprint did not finish in 10 seconds")
		}
		return ""
	}
	first := fp()
	for _, want := range []string{"a.yaml 10 ", "battle.yaml 13 ", "pipe.yaml ! ", "zero.yaml ! ", "out.yaml ! "} {
		if !strings.Contains(first, want) {
			t.Errorf("fingerprint lacks %q:\n%s", want, first)
		}
	}
	if strings.Contains(first, ".git") {
		t.Errorf("fingerprint reads a hidden folder:\n%s", first)
	}
	write("a.yaml", "kind: mop\n")
	if fp() == first {
		t.Errorf("a save that keeps the size does not change the fingerprint")
	}
}
