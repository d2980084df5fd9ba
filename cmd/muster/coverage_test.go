package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/validate"
	"go.yaml.in/yaml/v3"
)

// A coverage file (rulesets/coverage/BOOK.yaml) says, rule by rule, what
// muster checks of one rulebook or battle book: each rule that constrains
// data a designer writes, its seed lines, and whether a code checks it.
type coverage struct {
	Book  string         `yaml:"book"`
	Title string         `yaml:"title"`
	Seed  string         `yaml:"seed"`
	Rules []coverageRule `yaml:"rules"`
}

type coverageRule struct {
	Rule   string   `yaml:"rule"`
	Lines  string   `yaml:"lines"`
	About  string   `yaml:"about"`
	Status string   `yaml:"status"`
	Codes  []string `yaml:"codes"`
	How    string   `yaml:"how"`
}

// coverageBooks gives each book the rule system its codes belong to, in the
// order the coverage section lists them.
var coverageBooks = []struct{ book, system string }{
	{"gbacw", "gbacw"},
	{"dead-of-winter", "gbacw"},
	{"three-days-of-gettysburg", "gbacw"},
	{"tss", "tss"},
	{"summer-storm", "summer-storm"},
	{"amfs", "amfs"},
}

var coverageStatus = []string{"checked", "approximated", "not-checked", "not-checkable"}

var seedLines = regexp.MustCompile(`^L[0-9]+(-L?[0-9]+)?(, ?L[0-9]+(-L?[0-9]+)?)*$`)

// readCoverage reads and checks every coverage file: known books, one file
// each, every row complete, every code one the catalogue has and of the
// book's system (or of all systems), and every code a system's ruleset
// configures cited by some row of that system's books, so the table cannot
// fall behind the checks.
func readCoverage(t *testing.T) []coverage {
	t.Helper()
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob("../../rulesets/coverage/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	byBook := map[string]coverage{}
	cited := map[string]bool{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var c coverage
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(&c); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		i := slices.IndexFunc(coverageBooks, func(b struct{ book, system string }) bool { return b.book == c.Book })
		switch {
		case i < 0:
			t.Errorf("%s: unknown book %q", path, c.Book)
			continue
		case c.Book != name:
			t.Errorf("%s: book %q in a file named %s", path, c.Book, name)
		case c.Title == "" || c.Seed == "":
			t.Errorf("%s: title and seed are required", path)
		}
		sys := coverageBooks[i].system
		seen := map[string]bool{}
		for _, r := range c.Rules {
			where := fmt.Sprintf("%s: rule %s", path, r.Rule)
			if r.Rule == "" || r.About == "" {
				t.Errorf("%s: a row needs rule and about", where)
			}
			if seen[r.Rule+"\x00"+r.About] {
				t.Errorf("%s: listed twice with the same about", where)
			}
			seen[r.Rule+"\x00"+r.About] = true
			if !seedLines.MatchString(r.Lines) {
				t.Errorf("%s: lines %q is not a seed line or range (L589, L589-L592)", where, r.Lines)
			}
			if !slices.Contains(coverageStatus, r.Status) {
				t.Errorf("%s: status %q is not one of %s", where, r.Status, strings.Join(coverageStatus, ", "))
			}
			checked := r.Status == "checked" || r.Status == "approximated"
			if checked && len(r.Codes) == 0 {
				t.Errorf("%s: %s but no codes", where, r.Status)
			}
			if !checked && len(r.Codes) > 0 {
				t.Errorf("%s: %s but codes %v", where, r.Status, r.Codes)
			}
			if r.Status != "checked" && r.How == "" {
				t.Errorf("%s: %s needs how (how it is approximated, why it cannot be checked, what it would need)", where, r.Status)
			}
			for _, code := range r.Codes {
				k, ok := cat.Lookup(code)
				switch {
				case !ok:
					t.Errorf("%s: no code %s", where, code)
				case k.System != "all" && k.System != sys:
					t.Errorf("%s: %s is a %s code", where, code, k.System)
				}
				cited[sys+" "+code] = true
			}
		}
		byBook[c.Book] = c
	}
	var out []coverage
	for _, b := range coverageBooks {
		if c, ok := byBook[b.book]; ok {
			out = append(out, c)
		}
	}
	systems := map[string]bool{}
	for _, c := range out {
		for _, b := range coverageBooks {
			if b.book == c.Book {
				systems[b.system] = true
			}
		}
	}
	for _, k := range cat {
		if systems[k.System] && !cited[k.System+" "+k.Code] {
			t.Errorf("%s (%s, %s) is cited by no row of rulesets/coverage for %s", k.Code, k.Title, k.Rule, k.System)
		}
	}
	return out
}

// writeCoverage writes the coverage section of docs/rulesets.md.
func writeCoverage(b *bytes.Buffer, books []coverage) {
	if len(books) == 0 {
		return
	}
	b.WriteString("\n## Rule coverage\n\n")
	b.WriteString("Every rule of the rulebooks and battle books that constrains data a designer writes (order of\n")
	b.WriteString("battle, counter values, map, set-up, reinforcements, turn record), with its seed line and what\n")
	b.WriteString("muster does with it: **checked** by the codes named, **approximated** (how), **not checked** (what\n")
	b.WriteString("it would need) or **not checkable** from data (why). Made from `rulesets/coverage/*.yaml`; a test\n")
	b.WriteString("keeps every code there real and every rule check of a ruleset cited.\n")
	for _, c := range books {
		n := map[string]int{}
		for _, r := range c.Rules {
			n[r.Status]++
		}
		var counts []string
		for _, s := range coverageStatus {
			if n[s] > 0 {
				counts = append(counts, fmt.Sprintf("%d %s", n[s], strings.ReplaceAll(s, "-", " ")))
			}
		}
		fmt.Fprintf(b, "\n### %s\n\nSeed: `%s`. %d rules: %s.\n\n", c.Title, c.Seed, len(c.Rules), strings.Join(counts, ", "))
		b.WriteString("| Rule | Seed | Constrains | Status | Codes / how |\n|---|---|---|---|---|\n")
		for _, r := range c.Rules {
			var codes []string
			for _, code := range r.Codes {
				codes = append(codes, fmt.Sprintf("[%s](codes.md#%s)", code, strings.ToLower(code)))
			}
			how := strings.Join(codes, ", ")
			if r.How != "" {
				how = strings.TrimSpace(how + " " + strings.TrimSpace(r.How))
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s |\n", r.Rule, r.Lines, cell(strings.TrimSpace(r.About)), strings.ReplaceAll(r.Status, "-", " "), cell(how))
		}
	}
}
