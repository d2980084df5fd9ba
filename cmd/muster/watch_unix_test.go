//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
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

// TestRunBudgetShared: the battles one validate checks share one budget
// of bytes (each battle once had its own, and files named on the command
// line were read unbounded): with a budget that holds one battle, the
// second is refused with Y012; and a named pipe given as --baseline or to
// import setup is refused at once instead of blocking.
func TestRunBudgetShared(t *testing.T) {
	dir := t.TempDir()
	const battle = "kind: battle\nid: good\nname: Good\nsystem: amfs\nsides: [{id: USA, name: Union}, {id: CSA, name: Confederate}]\ndays: [\"Jul 1\"]\n"
	for _, b := range []string{"one", "two"} {
		os.MkdirAll(filepath.Join(dir, b), 0o755)
		os.WriteFile(filepath.Join(dir, b, "battle.yaml"), []byte(battle), 0o644)
	}
	saved := schema.DefaultLimits
	defer func() { schema.DefaultLimits = saved }()
	schema.DefaultLimits.RunBytes = int64(len(battle))
	var stdout, stderr strings.Builder
	run([]string{"validate", filepath.Join(dir, "one")}, &stdout, &stderr)
	if strings.Contains(stdout.String()+stderr.String(), "Y012") {
		t.Fatalf("one battle within the budget:\n%s%s", stdout.String(), stderr.String())
	}
	stdout.Reset()
	run([]string{"validate", filepath.Join(dir, "one"), filepath.Join(dir, "two")}, &stdout, &stderr)
	if got := stdout.String(); strings.Count(got, "Y012") != 1 || !strings.Contains(got, "two/battle.yaml:1:1: error Y012:") || !strings.Contains(got, fmt.Sprintf("muster reads at most %d in one run", len(battle))) {
		t.Errorf("two battles, a budget of one: want one Y012 on the second:\n%s%s", got, stderr.String())
	}
	schema.DefaultLimits = saved

	pipe := filepath.Join(dir, "baseline.json")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	for _, args := range [][]string{
		{"validate", "--baseline", pipe, filepath.Join(dir, "one")},
		{"import", "setup", pipe},
	} {
		done := make(chan int, 1)
		go func() {
			var out, errs strings.Builder
			done <- run(args, &out, &errs)
		}()
		select {
		case code := <-done:
			if code != report.ExitBadInput {
				t.Errorf("muster %s: exit %d, want %d", strings.Join(args, " "), code, report.ExitBadInput)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("muster %s: still reading the named pipe after 10 seconds", strings.Join(args, " "))
		}
	}
}
