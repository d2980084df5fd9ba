package battle

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/ledger"
	"github.com/muster-wargames/muster/schema"
)

// CodeIDs is a ledger of ids (battle.yaml's ids:) that cannot be read.
var CodeIDs = diag.Code{Code: "B018", Severity: diag.Error, Title: "ids ledger cannot be read",
	Doc: "battle.yaml's `ids:` names the battle's ids ledger: a text file inside the battle folder that gives every piece of the VASSAL module its id (gpid) for ever, so a game saved under an older module refreshes into the same units (docs/play.md). A file that does not exist yet is a new ledger, which numbers the pieces as a battle without one; muster build writes the ledger after each build into its output folder. The file must be one the ledger format reads: `next N`, then one `ID KEY` (or `ID retired KEY`) a line, each id once and each key once; the message names the line."}

// idsMaxBytes bounds the ledger file read.
const idsMaxBytes = 16 << 20

// readIDs reads battle.yaml's ids: ledger into Battle.IDs: a missing file
// is a new ledger. The file is one the battle reads (Reads), so no output
// replaces it.
func (ld *loader) readIDs(d *schema.Doc, in *schema.Node) {
	p := schema.Str(in)
	pos := d.Pos(in)
	clean := path.Clean(strings.ReplaceAll(p, "\\", "/"))
	if path.IsAbs(clean) || strings.HasPrefix(p, "/") || (len(p) > 1 && p[1] == ':') || clean == ".." || strings.HasPrefix(clean, "../") {
		dg := ld.diags.Addf(CodeOutside, pos, "ids ledger %s lies outside the battle folder", p)
		dg.Hint = "keep the ledger beside battle.yaml (ids.txt) and commit it with the battle"
		return
	}
	if !fs.ValidPath(clean) || !ld.inside(clean, pos) {
		ld.diags.Addf(CodeIDs, pos, "ids ledger %q is not a file name muster can read", p)
		return
	}
	ld.readsPicture(clean)
	ld.b.IDsFile = clean
	f, err := ld.fsys.Open(clean)
	if errors.Is(err, fs.ErrNotExist) {
		ld.b.IDs = ledger.New()
		return
	}
	if err != nil {
		ld.diags.Addf(CodeIDs, pos, "cannot read ids ledger %s: %s", p, errText(err))
		return
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, idsMaxBytes+1))
	if err == nil && len(data) > idsMaxBytes {
		err = errors.New("it is larger than 16 MiB")
	}
	if err != nil {
		ld.diags.Addf(CodeIDs, pos, "cannot read ids ledger %s: %s", p, errText(err))
		return
	}
	l, err := ledger.Parse(data)
	if err != nil {
		dg := ld.diags.Addf(CodeIDs, pos, "ids ledger %s: %s", p, err)
		dg.Hint = "restore the file from version control; a ledger is written by muster build, never by hand"
		return
	}
	ld.b.IDs = l
}
