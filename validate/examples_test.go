package validate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/validate"
)

// Every example battle validates clean, except for the diagnostics its
// FINDINGS.md explains: the table under its heading "## Every diagnostic,
// by place" has rows `| CODE | file:line | verdict |`, matched by code,
// file and line. One row explains every diagnostic with its code at its
// place; a place listed more than once must be listed once for each
// diagnostic there. A row that no diagnostic matches any more fails too. An example may keep a trip.yaml beside its clean
// scenarios: a scenario, outside the battle's files list, that trips its
// system's checks on purpose, with `# want CODE "message"` comments as in
// testdata.
func TestExamples(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	if len(dirs) == 0 {
		t.Fatal("no examples found")
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			data, _ := os.ReadFile(filepath.Join(dir, "FINDINGS.md"))
			compareFindings(t, dir, runVariant(dir, ""), data, findingsHeading)
			// Each variant is checked against its own table.
			for _, v := range variantNames(t, dir) {
				compareFindings(t, dir, runVariant(dir, v), data, variantHeading(v))
			}
			if _, err := os.Stat(filepath.Join(dir, "trip.yaml")); err == nil {
				trip(t, dir)
			}
		})
	}
}

// compareFindings matches ds with the table under heading in FINDINGS.md
// (data; nil when the example has none).
func compareFindings(t *testing.T, dir string, ds []diag.Diagnostic, data []byte, heading string) {
	t.Helper()
	var findings []finding
	if data != nil {
		var err error
		if findings, err = parseFindings(data, heading); err != nil {
			t.Fatalf("FINDINGS.md: %v", err)
		}
	}
	type place struct {
		code, file string
		line       int
	}
	rows := map[place][]finding{}
	for _, g := range findings {
		k := place{g.code, g.file, g.line}
		rows[k] = append(rows[k], g)
	}
	got := map[place][]diag.Diagnostic{}
	for _, d := range ds {
		k := place{d.Code, checktest.Rel(dir, d.Pos.File), d.Pos.Line}
		if rows[k] == nil {
			t.Errorf("%s (not in FINDINGS.md, %s)", d, heading)
		}
		got[k] = append(got[k], d)
	}
	for k, gs := range rows {
		switch n := len(got[k]); {
		case n == 0:
			t.Errorf("FINDINGS.md:%d: %s %s:%d is listed, but muster does not report it (%s)", gs[0].at, k.code, k.file, k.line, heading)
		case len(gs) > 1 && len(gs) != n:
			t.Errorf("FINDINGS.md:%d: %s %s:%d is listed %d times, but muster reports it %d times", gs[0].at, k.code, k.file, k.line, len(gs), n)
		}
	}
}

// variantHeading heads the table of a variant's diagnostics.
func variantHeading(v string) string { return "## Every diagnostic of the " + v + " variant, by place" }

// variantNames lists the variants battle.yaml declares.
func variantNames(t *testing.T, dir string) []string { return checktest.Variants(t, dir) }

// findingsHeading heads the machine-read table at the end of FINDINGS.md.
const findingsHeading = "## Every diagnostic, by place"

type finding struct {
	code string
	file string
	line int
	at   int // line in FINDINGS.md
}

var findingRE = regexp.MustCompile(`^\|\s*([A-Z]+[0-9]+)\s*\|\s*([^|:\s]+):([0-9]+)\s*\|`)

// parseFindings reads the table under findingsHeading, up to the next
// heading: a header row, a separator row, then one row per diagnostic.
func parseFindings(data []byte, heading string) ([]finding, error) {
	lines := strings.Split(string(data), "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == heading {
			if start >= 0 {
				return nil, fmt.Errorf("%q twice", heading)
			}
			start = i
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("no %q section", heading)
	}
	var out []finding
	rows := 0
	for i := start + 1; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "#") {
			break
		}
		if l == "" {
			continue
		}
		rows++
		if rows <= 2 { // | Code | Place | Verdict | and |---|---|---|
			continue
		}
		m := findingRE.FindStringSubmatch(l)
		if m == nil {
			return nil, fmt.Errorf("line %d: want a row | CODE | file:line | verdict |, got %q", i+1, l)
		}
		n, _ := strconv.Atoi(m[3])
		out = append(out, finding{m[1], m[2], n, i + 1})
	}
	return out, nil
}

func TestParseFindings(t *testing.T) {
	src := "# F\n\n| Code | Place |\n\n" + findingsHeading + "\n\n| Code | Place | Verdict |\n|---|---|---|\n" +
		"| R002 | scenario-1.yaml:23 | why |\n| N005 | scenario-1.yaml:2 | why |\n\n## Appendix\n\n| R001 | x.yaml:1 | no |\n"
	got, err := parseFindings([]byte(src), findingsHeading)
	if err != nil {
		t.Fatal(err)
	}
	want := []finding{{"R002", "scenario-1.yaml", 23, 9}, {"N005", "scenario-1.yaml", 2, 10}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := parseFindings([]byte(findingsHeading+"\n| a | b |\n|-|-|\n| R002 | scenario-1.yaml | x |\n"), findingsHeading); err == nil {
		t.Error("a row without a line number was accepted")
	}
}

// trip loads the example with trip.yaml added to its files and compares the
// diagnostics with trip.yaml's want comments.
func trip(t *testing.T, dir string) {
	t.Helper()
	fsys := checktest.TripFS(t, dir)
	bt, ds := battle.Load(fsys, "", battle.Options{})
	if bt != nil && bt.Rules != nil {
		ds = append(ds, validate.Battle(bt)...)
	}
	ds = append(ds, uncatalogued(bt, ds)...)
	want, err := checktest.Parse("trip.yaml", fsys["trip.yaml"].Data)
	if err != nil {
		t.Fatal(err)
	}
	var in []diag.Diagnostic
	got := map[string]bool{}
	for _, d := range ds {
		if d.Pos.File != "trip.yaml" {
			if d.Code != validate.CodeUnknownSkip.Code {
				t.Errorf("trip.yaml: unexpected diagnostic outside it: %s", d)
			}
			continue
		}
		in = append(in, d)
		got[d.Code] = true
	}
	checktest.Check(t, "", want, in)
	// The trip scenario must trip every check the system's rule pack has
	// that a scenario can trip.
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	// A stacking limit that binds only moved stacks is reported for no
	// set-up stack (gbacw-moved.txtar raises it with an override).
	moved := map[string]bool{}
	for _, l := range bt.Rules.Figures.Stacking.Limits {
		if l.When.Moved {
			moved[l.Code] = true
		}
	}
	// A check whose figures only a battle book sets is off in a battle
	// without the book.
	idle := bt.Rules.Figures.Idle()
	// A staging area's arrow and entrance hexes are the map's, which a
	// scenario cannot change (tss-staging.txtar raises those codes).
	st := bt.Rules.Figures.Staging
	idle[st.Arrow.Code], idle[st.Entrance.Code] = true, true
	// What an entry area's limit needs and the data lacks (an area's role,
	// the formations it is kept for) is the map's and the forces', which a
	// scenario cannot change (tss-roles.txtar raises it).
	for _, al := range bt.Rules.Figures.Entry.Areas {
		idle[al.Missing.Code] = true
	}
	// So is a sheet's elevation (amfs-elevation.txtar raises it).
	idle[bt.Rules.Figures.Elevation.Code] = true
	for _, c := range cat {
		if c.System != bt.System || strings.HasSuffix(c.Code, "203") || strings.HasPrefix(c.Code, "AM20") || moved[c.Code] || idle[c.Code] {
			continue
		}
		found := got[c.Code]
		if !found {
			t.Errorf("trip.yaml does not trip %s (%s)", c.Code, c.Title)
		}
	}
}
