package report_test

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

func TestExit(t *testing.T) {
	warn := diag.Diagnostic{Code: "N014", Severity: diag.Warning, Pos: diag.Pos{File: "b/s.yaml", Line: 3}}
	errd := diag.Diagnostic{Code: "S001", Severity: diag.Error, Pos: diag.Pos{File: "b/s.yaml", Line: 3}}
	info := diag.Diagnostic{Code: "X1", Severity: diag.Info}
	// the codes that say input cannot be read, raised as their packages
	// raise them
	noBattle := raise(battle.CodeNoBattle, diag.Pos{File: "b/battle.yaml"}, "no battle.yaml in b")
	unreadable := raise(schema.CodeUnreadable, diag.Pos{File: "b/battle.yaml"}, "cannot read b/battle.yaml: permission denied")
	missingListed := raise(schema.CodeUnreadable, diag.Pos{File: "b/battle.yaml", Line: 2, Column: 5}, "cannot read s.yaml: no such file")
	unreadableListed := raise(schema.CodeUnreadable, diag.Pos{File: "b/forces.yaml"}, "cannot read forces.yaml: permission denied")
	variant := raise(battle.CodeVariant, diag.Pos{File: "b/battle.yaml"}, "unknown variant \"x\"")
	// a code of the same name and severity as Y008 without the
	// property: the code's property decides, not its name
	byName := diag.Diagnostic{Code: "Y008", Severity: diag.Error, Pos: diag.Pos{File: "b/battle.yaml"}}
	suppressedUnreadable := missingListed
	suppressedUnreadable.Suppression = &diag.Suppression{Kind: "external", Justification: "accepted in baseline b.json"}
	for _, c := range []struct {
		name   string
		ds     []diag.Diagnostic
		p      report.Policy
		status int
		note   string
	}{
		{"none", nil, report.Lenient, report.ExitClean, ""},
		{"info", []diag.Diagnostic{info}, report.Policy{Werror: true, MaxWarnings: 0}, report.ExitClean, ""},
		{"warnings allowed", []diag.Diagnostic{warn, warn}, report.Lenient, report.ExitClean, ""},
		{"werror", []diag.Diagnostic{warn}, report.Policy{Werror: true, MaxWarnings: -1}, report.ExitFindings, "1 warning, more than allowed"},
		{"max 1 of 1", []diag.Diagnostic{warn}, report.Policy{MaxWarnings: 1}, report.ExitClean, ""},
		{"max 1 of 2", []diag.Diagnostic{warn, warn}, report.Policy{MaxWarnings: 1}, report.ExitFindings, "2 warnings, more than allowed"},
		{"max 0", []diag.Diagnostic{warn}, report.Policy{MaxWarnings: 0}, report.ExitFindings, "1 warning, more than allowed"},
		{"error", []diag.Diagnostic{warn, errd}, report.Policy{Werror: true, MaxWarnings: -1}, report.ExitFindings, ""},
		{"no battle.yaml", []diag.Diagnostic{errd, noBattle}, report.Lenient, report.ExitBadInput, ""},
		{"battle.yaml unreadable", []diag.Diagnostic{unreadable}, report.Lenient, report.ExitBadInput, ""},
		{"listed file missing", []diag.Diagnostic{warn, missingListed}, report.Lenient, report.ExitBadInput, ""},
		{"listed file unreadable", []diag.Diagnostic{errd, unreadableListed}, report.Lenient, report.ExitBadInput, ""},
		{"unknown variant", []diag.Diagnostic{variant}, report.Lenient, report.ExitBadInput, ""},
		{"unreadable but accepted", []diag.Diagnostic{suppressedUnreadable}, report.Lenient, report.ExitClean, ""},
		{"errors in a file", []diag.Diagnostic{errd, errd}, report.Lenient, report.ExitFindings, ""},
		{"Y008 by name only", []diag.Diagnostic{byName}, report.Lenient, report.ExitFindings, ""},
	} {
		status, note := report.Exit(c.ds, c.p)
		if status != c.status || note != c.note {
			t.Errorf("%s: Exit = %d, %q; want %d, %q", c.name, status, note, c.status, c.note)
		}
	}
}

// raise raises code at pos as a check does (diag.List.Addf).
func raise(code diag.Code, pos diag.Pos, msg string) diag.Diagnostic {
	var l diag.List
	return *l.Addf(code, pos, "%s", msg)
}

// TestExitUnreadableProperty: "input could not be read" is a property of
// a code, read by Exit: a new code with it exits 2, the same code without
// it exits 1, whatever its name.
func TestExitUnreadableProperty(t *testing.T) {
	for _, c := range []struct {
		code   diag.Code
		status int
	}{
		{diag.Code{Code: "Q900", Severity: diag.Error, Title: "archive cannot be opened", Unreadable: true}, report.ExitBadInput},
		{diag.Code{Code: "Q900", Severity: diag.Error, Title: "archive cannot be opened"}, report.ExitFindings},
		{diag.Code{Code: "Q901", Severity: diag.Warning, Title: "an optional file cannot be read", Unreadable: true}, report.ExitBadInput},
		{diag.Code{Code: "Q901", Severity: diag.Warning, Title: "an optional file cannot be read"}, report.ExitClean},
	} {
		d := raise(c.code, diag.Pos{File: "b/battle.yaml", Line: 1, Column: 1}, "cannot open b/x.zip")
		if d.Unreadable() != c.code.Unreadable {
			t.Errorf("%s (Unreadable %v): the finding's Unreadable is %v", c.code.Code, c.code.Unreadable, d.Unreadable())
		}
		if st, _ := report.Exit([]diag.Diagnostic{d}, report.Lenient); st != c.status {
			t.Errorf("%s %s (Unreadable %v): Exit = %d, want %d", c.code.Code, c.code.Severity, c.code.Unreadable, st, c.status)
		}
	}
}

// TestUnreadableCodes: the codes that say input could not be read are
// B001, B012, Y008 and the project file's P001-P003 (muster.yaml that
// cannot be used stops the run), and no other code of muster's.
func TestUnreadableCodes(t *testing.T) {
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cat {
		if c.Unreadable {
			got = append(got, c.Code)
		}
	}
	if strings.Join(got, " ") != "B001 B012 P001 P002 P003 Y008" {
		t.Errorf("unreadable codes %v, want B001 B012 P001 P002 P003 Y008", got)
	}
}

// TestExitNumbers pins the numbers scripts and CI rely on.
func TestExitNumbers(t *testing.T) {
	if report.ExitClean != 0 || report.ExitFindings != 1 || report.ExitBadInput != 2 || report.ExitInternal != 3 {
		t.Errorf("exit statuses are %d %d %d %d, want 0 1 2 3", report.ExitClean, report.ExitFindings, report.ExitBadInput, report.ExitInternal)
	}
}
