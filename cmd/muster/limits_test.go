package main

import (
	"os"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/lsp"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
)

// TestLimitsDoc: docs/ci.md's table of limits gives the values the code
// enforces; a limit changed in one place and not the other fails here.
func TestLimitsDoc(t *testing.T) {
	data, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(data), "\n## Limits\n")
	if !ok {
		t.Fatal("docs/ci.md has no section ## Limits")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	rows := map[string]string{}
	for _, line := range strings.Split(sec, "\n") {
		if f := strings.Split(line, "|"); len(f) == 6 {
			rows[strings.TrimSpace(f[1])] = strings.TrimSpace(f[2])
		}
	}
	lim := schema.DefaultLimits
	for row, want := range map[string]bool{
		"one YAML file":                              lim.MaxBytes == 32<<20,
		"nodes of one YAML document":                 lim.MaxNodes == 2_000_000,
		"nesting of one YAML document":               lim.MaxDepth == 100,
		"aliases of one YAML document":               lim.MaxAliases == 10_000,
		"bytes of every file one run reads":          lim.RunBytes == 32<<20,
		"nodes of every document one run reads":      lim.RunNodes == 1_000_000,
		"levels of a `files:` pattern":               battle.MaxPatternLevels == 32,
		"turns of one game day's track":              rulesets.MaxTurns == 10_000,
		"pixels of a sheet's art or a counter sheet": battle.ArtMaxPixels == 1<<26,
		"pixels of one drawn picture":                render.MaxPixels == 1<<26,
		"pixels of every picture of one battle":      battle.ArtRunPixels == 1<<27,
		"one language-server message":                lsp.MaxMessage == 64<<20,
		"memory":                                     memoryLimit == 1536<<20,
		"files of one revision's folder":             maxRevisionBytes == 1<<30,
	} {
		if _, ok := rows[row]; !ok {
			t.Errorf("docs/ci.md's limits have no row %q", row)
		}
		if !want {
			t.Errorf("the limit %q is not the value docs/ci.md gives (%s): change one or the other", row, rows[row])
		}
	}
}
