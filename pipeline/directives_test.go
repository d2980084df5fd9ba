package pipeline

import (
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// A DirectiveMemo takes a text the same slice as last time as it found
// it, and searches a new slice again: the language server's unchanged
// files are not searched on every keystroke, and an edit is.
func TestDirectiveMemo(t *testing.T) {
	all := func(string) (diag.Code, bool) { return diag.Code{}, true }
	found := diag.Diagnostic{Code: "X001", Severity: diag.Warning, Pos: diag.Pos{File: "a.yaml", Line: 2, Column: 1}, Message: "m"}
	plain := []byte("#                         \nb: 2\n")
	b := &battle.Battle{Texts: map[string][]byte{"a.yaml": plain, "b.yaml": []byte("c: 3\n")}}
	var m DirectiveMemo
	suppressed := func(text []byte, m *DirectiveMemo) bool {
		b.Texts["a.yaml"] = text
		ds := suppress(b, []diag.Diagnostic{found}, all, m)
		return len(ds) == 1 && ds[0].Suppression != nil
	}
	if suppressed(plain, &m) {
		t.Fatal("suppressed with no comment")
	}
	// The same slice, changed under the memo (which the loader never
	// does): taken as it was found, not searched again.
	copy(plain, "# muster:ignore X001 -- r")
	marked := plain
	if suppressed(marked, &m) {
		t.Fatal("the same slice was searched again")
	}
	if !suppressed(marked, nil) {
		t.Fatal("no memo: the comment was not found")
	}
	// A new slice (an edit) is searched.
	edited := []byte(string(marked))
	if !suppressed(edited, &m) {
		t.Fatal("an edited text was not searched")
	}
	if len(m.texts) != 2 {
		t.Fatalf("the memo holds %d texts, want the load's 2", len(m.texts))
	}
}
