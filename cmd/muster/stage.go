package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/publish"
)

// A build writes all its files or none, and a build killed at any point
// leaves a folder the next run puts right: see internal/publish, which on
// Linux swaps a new version of the output folder with it in one step, and
// elsewhere stages the files, writes a journal as its commit point, renames
// them into the output folder and finishes a publish a killed build left. This file
// adds the output guard: nothing is written over a file of the battle.

// stage is a build's hold on its output folder.
type stage struct{ *publish.Stage }

// openStage checks the output folder before the work (not a file of the
// battle; see publish.Open for the rest), takes its lock, puts right what a
// killed build left and makes a staging folder.
func openStage(g guard, out string) (*stage, error) {
	if err := g.check(out); err != nil {
		return nil, err
	}
	s, err := publish.Open(out)
	if s != nil {
		for _, n := range s.Recovered {
			fmt.Fprintf(os.Stderr, "muster: %s\n", diag.Printable(n))
		}
	}
	if err != nil {
		return nil, err
	}
	// A battle's folder is where its designer works: an editor, muster
	// watch or serve hold it open, and a swap would leave them in the old
	// folder. The journal publishes there.
	if fi, err := os.Lstat(filepath.Join(out, "battle.yaml")); err == nil && !fi.IsDir() {
		s.NoSwap = true
	}
	return &stage{s}, nil
}

func (s *stage) close() { s.Close() }

// commit publishes files into the output folder (publish.Stage.Commit),
// refusing any over a file of the battle; a symlink, device or FIFO is
// written through writeFile.
func (s *stage) commit(g guard, files []compile.Output) ([]string, error) {
	pf := make([]publish.File, len(files))
	for i, f := range files {
		pf[i] = publish.File{Name: f.Name, Data: f.Data, Write: f.Write}
	}
	return s.Commit(pf, g.check, func(path string, data []byte) error { return g.write(nil, path, data) })
}
