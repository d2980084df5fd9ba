package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// TestGuardLazy: the guard lists a battle's files at the first output it
// checks, not when the battle is added: `muster validate` that writes to
// standard output only never lists them. The files are still refused once
// an output is checked. (The pictures only other variants' files name,
// which AllReads parses those files for, are listed only for an output
// that may be one: TestGuardNoParse.)
func TestGuardLazy(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "terrible-swift-sword")
	b, _ := battle.LoadDir(dir, battle.Options{})
	if b == nil {
		t.Fatal("no battle")
	}
	var g guard
	g.add(b, dir)
	if g.files != nil || len(g.pending) != 1 {
		t.Fatalf("the battle's files were listed when it was added (%d files)", len(g.files))
	}
	if err := g.check("-"); err != nil || g.files != nil {
		t.Fatalf("standard output listed the battle's files: %v", err)
	}
	// a file only the errata variant reads
	err := g.check(filepath.Join(dir, "errata", "scenario-1.yaml"))
	if err == nil || !strings.Contains(err.Error(), "a file of the battle") {
		t.Fatalf("an output over errata/scenario-1.yaml: %v", err)
	}
	if len(g.pending) != 0 || len(g.files) == 0 {
		t.Fatalf("the battle's files are not listed after an output was checked")
	}
}
