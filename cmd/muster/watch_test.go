package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a buffer two goroutines may share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestWatch: watch validates at once, and again when a file is saved: a
// clean battle, then the same battle with a broken scenario.
func TestWatch(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "b")
	var sink bytes.Buffer
	if code := run([]string{"init", dir, "--system", "amfs"}, &sink, &sink); code != 0 {
		t.Fatalf("init: %s", sink.String())
	}
	var out, errb syncBuffer
	done := make(chan int)
	go func() {
		done <- run([]string{"watch", "--color", "never", "--every", "10ms", "--runs", "2", dir}, &out, &errb)
	}()
	waitFor(t, &out, "no problems")
	scen := filepath.Join(dir, "scenario.yaml")
	data, err := os.ReadFile(scen)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(scen, []byte(strings.Replace(string(data), `["Greene 1"]`, `["Greene 9"]`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("watch exited %d: %s", code, errb.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("watch did not see the save")
	}
	got := out.String()
	if !strings.Contains(got, `error R002: unknown unit, leader or formation "Greene 9"`) || !strings.Contains(got, "): 5 files, 1 scenario: 1 error, 0 warnings, 0 info") {
		t.Errorf("after the save:\n%s", got)
	}
	if n := strings.Count(got, "] battle b ("+dir+"): 5 files, 1 scenario"); n != 2 {
		t.Errorf("%d summary lines, want 2:\n%s", n, got)
	}
}

func waitFor(t *testing.T, b *syncBuffer, s string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(b.String(), s) {
			return
		}
	}
	t.Fatalf("no %q in:\n%s", s, b.String())
}
