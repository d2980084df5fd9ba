package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/validate"
)

// docs/codes.md is made from the registry of diagnostic codes, so the docs
// and `muster explain` never disagree. go generate ./... (UPDATE=1)
// rewrites it.
func TestCodesDoc(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("# Diagnostic codes\n\n")
	b.WriteString("Every diagnostic muster reports has a stable code. `muster explain` lists them and\n")
	b.WriteString("`muster explain CODE` prints one page. This file is generated from the same registry\n")
	b.WriteString("(`go generate ./...`); do not edit it by hand.\n\n")
	b.WriteString("Prefixes: Y YAML input, S schema, B battle folder, R order of battle and references,\n")
	b.WriteString("M map, N scenario; rule-pack codes name their system.\n\n")
	b.WriteString("| Code | Severity | System | Rule | Title |\n|---|---|---|---|---|\n")
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cat {
		rule := c.Rule
		if rule == "" {
			rule = "-"
		}
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s | %s |\n", c.Code, strings.ToLower(c.Code), c.Severity, c.System, rule, c.Title)
	}
	examples := failingExamples(t)
	for _, c := range cat {
		fmt.Fprintf(&b, "\n## %s\n\n**%s** — %s", c.Code, c.Title, c.Severity)
		if c.Rule != "" {
			fmt.Fprintf(&b, ", %s", c.Rule)
		}
		fmt.Fprintf(&b, " (%s)\n\n%s\n", c.System, c.Doc)
		if c.Func != "" {
			fmt.Fprintf(&b, "\nRaised by `%s`", c.Func)
			if c.Config != "" {
				fmt.Fprintf(&b, "; configured by `%s`", c.Config)
			}
			b.WriteString(".\n")
		}
		if ex, ok := examples[c.Code]; ok {
			fmt.Fprintf(&b, "\nFailing (`validate/testdata/%s`, %s, line %d):\n\n```yaml\n%s\n```\n", ex.archive, ex.file, ex.line, ex.text)
			fmt.Fprintf(&b, "\nPassing: the lines of that case without a `# want` comment, and %s.\n", ex.base)
		}
		if c.Doc == "" {
			t.Errorf("code %s has no documentation", c.Code)
		}
	}
	checkDoc(t, "../../docs/codes.md", b.Bytes())
}

// checkDoc compares a generated document with the file in docs/, or
// rewrites the file with UPDATE=1.
func checkDoc(t *testing.T, path string, want []byte) {
	t.Helper()
	golden.Check(t, path, want)
}

type example struct {
	archive, file, text, base string
	line                      int
}

// wantComment is the want comment at the end of a line (internal/checktest),
// with the limit comments before it (validate's TestLimits).
var wantComment = regexp.MustCompile(`\s*#\s*(limit|want)\s.*$`)

// failingExamples finds, for each code, the first line of the check cases
// in validate/testdata that must raise it.
func failingExamples(t *testing.T) map[string]example {
	out := map[string]example{}
	paths, _ := filepath.Glob("../../validate/testdata/*.txtar")
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(p)
		base := "`validate/testdata/base.txtar`, which validates clean"
		if i := strings.Index(name, "-"); i > 0 {
			if _, err := os.Stat("../../validate/testdata/base-" + name[:i] + ".txtar"); err == nil {
				base = "`validate/testdata/base-" + name[:i] + ".txtar`, which validates clean"
			}
		}
		for _, f := range a.Files {
			wants, err := checktest.Parse(f.Name, f.Data)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(f.Data), "\n")
			for _, w := range wants {
				if _, done := out[w.Code]; !done {
					line := lines[w.Line-1]
					out[w.Code] = example{archive: name, file: f.Name, line: w.Line, text: strings.TrimRight(wantComment.ReplaceAllString(line, ""), " "), base: base}
				}
			}
		}
	}
	return out
}

// TestHelpURIAnchors: the helpUri SARIF gives each rule is the anchor
// GitHub makes of that code's heading in docs/codes.md ("## R002" is
// #r002: lower case, spaces to hyphens, other punctuation dropped).
func TestHelpURIAnchors(t *testing.T) {
	doc, err := os.ReadFile("../../docs/codes.md")
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			anchors[githubAnchor(h)] = true
		}
	}
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	prefix := report.InformationURI + "/blob/main/docs/codes.md#"
	for _, c := range cat {
		u := report.HelpURI(c.Code)
		a, ok := strings.CutPrefix(u, prefix)
		if !ok || !anchors[a] {
			t.Errorf("%s: helpUri %s names no heading of docs/codes.md", c.Code, u)
		}
	}
}

// githubAnchor is the id GitHub gives a Markdown heading.
func githubAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
