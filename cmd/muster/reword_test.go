package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/diag"
)

// TestReworded: no reader of the findings depends on their wording. With
// every message and hint replaced by one word once the checks have run
// (diag.Reword, the hook check applies before suppression and baselines),
// every example's baseline still accepts every finding, and no entry of it
// is stale. (The language server's and the map rings' side of the proof
// is lsp.TestReworded and validate.TestFields.)
func TestReworded(t *testing.T) {
	diag.Reword = func(string) string { return "reworded" }
	defer func() { diag.Reword = nil }()
	paths, _ := filepath.Glob("../../examples/*/baseline*.json")
	if len(paths) == 0 {
		t.Fatal("no example baselines")
	}
	for _, path := range paths {
		variant := strings.TrimPrefix(strings.TrimSuffix(filepath.Base(path), ".json"), "baseline")
		variant = strings.TrimPrefix(variant, "-")
		_, ds := check(filepath.Dir(path), variant)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bl, err := accept.ReadBaseline(path, data)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, d := range bl.Apply(ds) {
			if d.Suppression == nil {
				t.Errorf("%s: not accepted once reworded: %s", path, d)
			}
			if d.Message == "reworded" {
				n++
			}
		}
		if n == 0 || n != len(bl.Entries) {
			t.Errorf("%s: %d findings reworded, %d entries", path, n, len(bl.Entries))
		}
	}
}
