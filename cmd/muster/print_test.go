package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestPrintCommand: muster print and its parts write PDFs of the embedded
// example; the kit is the same bytes twice; bad flags and an unknown
// scenario are bad usage and write nothing.
func TestPrintCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		file string
	}{
		{[]string{"print", "--scenario", "intro", "-o", filepath.Join(dir, "kit.pdf")}, 0, "kit.pdf"},
		{[]string{"print", "--scenario", "intro", "-o", filepath.Join(dir, "kit2.pdf")}, 0, "kit2.pdf"},
		{[]string{"print", "counters", "--duplex", "short", "-o", filepath.Join(dir, "c.pdf")}, 0, "c.pdf"},
		{[]string{"print", "map", "--paper", "large", "-o", filepath.Join(dir, "m.pdf")}, 0, "m.pdf"},
		{[]string{"print", "map", "--paper", "a4", "-o", filepath.Join(dir, "m4.pdf")}, 0, "m4.pdf"},
		{[]string{"print", "cards", "--scenario", "intro", "-o", filepath.Join(dir, "s.pdf")}, 0, "s.pdf"},
		{[]string{"print", "--scenario", "nope", "-o", filepath.Join(dir, "bad1.pdf")}, 2, ""},
		{[]string{"print", "counters", "--duplex", "both", "-o", filepath.Join(dir, "bad2.pdf")}, 2, ""},
		{[]string{"print", "map", "--paper", "legal", "-o", filepath.Join(dir, "bad3.pdf")}, 2, ""},
		{[]string{"print", "-o", filepath.Join(dir, "bad4.svg")}, 2, ""},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, stderr)
			continue
		}
		if tc.file != "" {
			b, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
				t.Errorf("%v: %s is no PDF (%v)", tc.args, tc.file, err)
			}
		}
	}
	for i := 1; i <= 4; i++ {
		if _, err := os.Stat(filepath.Join(dir, "bad"+string(rune('0'+i))+".pdf")); err == nil {
			t.Errorf("bad%d.pdf written", i)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "kit.pdf"))
	b, _ := os.ReadFile(filepath.Join(dir, "kit2.pdf"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("the kit's bytes differ between two runs")
	}
}
