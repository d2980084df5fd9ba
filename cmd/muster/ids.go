package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal"
	"github.com/muster-wargames/muster/diag"
)

// idsNote says, when a build wrote the battle's ids ledger beside the
// module (the build gave a new id, kept a renamed piece's, retired one),
// where it is and what the designer does with it: muster never writes
// over a file the battle reads, so the ledger the battle declares is
// replaced by the designer, who commits it with the release.
func idsNote(w io.Writer, b *battle.Battle, dir string, files []string) {
	if b.IDs == nil {
		return
	}
	for _, f := range files {
		if filepath.Base(f) != vassal.IDsName(b) {
			continue
		}
		to := filepath.Join(dir, filepath.FromSlash(b.IDsFile))
		if dir == "" {
			to = b.IDsFile
		}
		fmt.Fprintf(w, "muster: the ids ledger changed: copy %s over %s and commit it with this release (muster writes no file the battle reads)\n",
			diag.Printable(f), diag.Printable(to))
	}
}
