package validate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/sheets"
	"github.com/muster-wargames/muster/validate"
)

// What the readers of diagnostics once read from the English of a
// message (the language server, the map rings, the baselines) travels in
// fields: TestFields holds every check of every case of testdata and every
// example (and variant) to the patterns those readers parsed, so that
// rewording a message loses nothing.
//
//   - every position a message cites ("already set up at s.yaml:9:21") is
//     one of its Related places;
//   - the hexes the map rings are those the message's hex-like labels
//     named (what sheets.DiagnosticHexes once read), now its Subjects';
//   - every finding the checks raise, and every finding of an example
//     (what a baseline holds), has subjects or a path for its
//     fingerprint, never the values formatted into its message (the
//     loader's own findings are held to it by battle's TestBadInputs; the
//     schema's about a file as a whole, such as Y001, have neither);
//   - the rings of a finding reworded are its rings.
func TestFields(t *testing.T) {
	checktest.Run(t, "testdata/*.txtar", func(dir string) []diag.Diagnostic {
		var v string
		if data, err := os.ReadFile(filepath.Join(dir, "VARIANT")); err == nil {
			v = strings.TrimSpace(string(data))
		}
		b, loaded, checked := loadChecked(dir, v)
		checkFields(t, b, loaded, false)
		checkFields(t, b, checked, true)
		return append(loaded, checked...)
	}, checktest.Options{Base: caseBase})
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	for _, p := range dirs {
		dir := filepath.Dir(p)
		for _, v := range append([]string{""}, variantNames(t, dir)...) {
			b, loaded, checked := loadChecked(dir, v)
			checkFields(t, b, append(loaded, checked...), true)
		}
	}
}

// loadChecked loads the battle in dir and checks it: the loader's
// findings and the checks'.
func loadChecked(dir, variant string) (b *battle.Battle, loaded, checked []diag.Diagnostic) {
	b, loaded = battle.LoadDir(dir, battle.Options{Variant: variant})
	if b != nil && b.Rules != nil {
		checked = validate.Battle(b)
	}
	return b, loaded, checked
}

// The patterns the readers once parsed.
var (
	citedPos = regexp.MustCompile(`([^\s(),"]+\.ya?ml):(\d+):(\d+)`)
	labelRe  = regexp.MustCompile(`\b[A-Za-z]{1,3}[0-9]{2,8}\b`)
)

// checkFields holds ds to the patterns; with told, each has subjects or a
// path.
func checkFields(t *testing.T, b *battle.Battle, ds []diag.Diagnostic, told bool) {
	t.Helper()
	var ix *sheets.PosIndex
	if b != nil && b.Map != nil {
		ix = sheets.NewPosIndex(b)
	}
	for _, d := range ds {
		cited := map[string]bool{}
		for _, r := range d.Related {
			cited[r.At.String()] = true
		}
		for _, m := range citedPos.FindAllString(d.Message, -1) {
			if !cited[m] {
				t.Errorf("%s: cites %s, which is not among its related places %v", d, m, d.Related)
			}
		}
		if ix != nil {
			got := fmt.Sprint(sheets.DiagnosticHexes(b, d, ix))
			if want := fmt.Sprint(messageHexes(b, d, ix)); got != want {
				t.Errorf("%s: rings %s, its message names %s", d, got, want)
			}
			rw := d
			rw.Message, rw.Hint = "reworded", "reworded"
			if again := fmt.Sprint(sheets.DiagnosticHexes(b, rw, ix)); again != got {
				t.Errorf("%s: rings %s, reworded %s", d, got, again)
			}
		}
		if told && d.Subjects.Empty() && d.Path == "" {
			t.Errorf("%s: no subjects and no path: its fingerprint is the values formatted into its message", d)
		}
	}
}

// messageHexes is what sheets.DiagnosticHexes read before the fields:
// the hex of the entry at the position, else every hex-like label of the
// message, else the entry on the same line. It is DiagnosticHexes of the
// diagnostic whose subject hexes are the message's labels.
func messageHexes(b *battle.Battle, d diag.Diagnostic, ix *sheets.PosIndex) []maps.Coord {
	old := d
	old.Subjects = &diag.Subjects{Hexes: labelRe.FindAllString(d.Message, -1)}
	return sheets.DiagnosticHexes(b, old, ix)
}
