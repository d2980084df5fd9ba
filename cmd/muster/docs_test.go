package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
)

// docs/codes.md is made from the registry of diagnostic codes, so the docs
// and `muster explain` never disagree. UPDATE=1 go test ./cmd/muster
// rewrites it.
func TestCodesDoc(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("# Diagnostic codes\n\n")
	b.WriteString("Every diagnostic muster reports has a stable code. `muster explain` lists them and\n")
	b.WriteString("`muster explain CODE` prints one page. This file is generated from the same registry\n")
	b.WriteString("(`UPDATE=1 go test ./cmd/muster`); do not edit it by hand.\n\n")
	b.WriteString("Prefixes: Y YAML input, S schema, B battle folder, R order of battle and references,\n")
	b.WriteString("M map, N scenario; rule-pack codes name their system.\n\n")
	b.WriteString("| Code | Severity | System | Rule | Title |\n|---|---|---|---|---|\n")
	for _, c := range diag.Codes() {
		rule := c.Rule
		if rule == "" {
			rule = "-"
		}
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s | %s |\n", c.Code, strings.ToLower(c.Code), c.Severity, c.System, rule, c.Title)
	}
	for _, c := range diag.Codes() {
		fmt.Fprintf(&b, "\n## %s\n\n**%s** — %s", c.Code, c.Title, c.Severity)
		if c.Rule != "" {
			fmt.Fprintf(&b, ", %s", c.Rule)
		}
		fmt.Fprintf(&b, " (%s)\n\n%s\n", c.System, c.Doc)
		if c.Doc == "" {
			t.Errorf("code %s has no documentation", c.Code)
		}
	}
	const path = "../../docs/codes.md"
	if os.Getenv("UPDATE") != "" {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, b.Bytes()) {
		t.Errorf("docs/codes.md is out of date: run UPDATE=1 go test ./cmd/muster")
	}
}
