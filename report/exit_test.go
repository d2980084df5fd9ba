package report_test

import (
	"testing"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/report"
)

func TestExit(t *testing.T) {
	warn := diag.Diagnostic{Code: "N014", Severity: diag.Warning, Pos: diag.Pos{File: "b/s.yaml", Line: 3}}
	errd := diag.Diagnostic{Code: "S001", Severity: diag.Error, Pos: diag.Pos{File: "b/s.yaml", Line: 3}}
	info := diag.Diagnostic{Code: "X1", Severity: diag.Info}
	noBattle := diag.Diagnostic{Code: "B001", Severity: diag.Error, Pos: diag.Pos{File: "b/battle.yaml"}}
	unreadable := diag.Diagnostic{Code: "Y008", Severity: diag.Error, Pos: diag.Pos{File: "b/battle.yaml"}}
	missingListed := diag.Diagnostic{Code: "Y008", Severity: diag.Error, Pos: diag.Pos{File: "b/battle.yaml", Line: 2, Column: 5}, Message: "cannot read s.yaml: no such file"}
	unreadableListed := diag.Diagnostic{Code: "Y008", Severity: diag.Error, Pos: diag.Pos{File: "b/forces.yaml"}, Message: "cannot read forces.yaml: permission denied"}
	variant := diag.Diagnostic{Code: "B012", Severity: diag.Error, Pos: diag.Pos{File: "b/battle.yaml"}}
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
	} {
		status, note := report.Exit(c.ds, c.p)
		if status != c.status || note != c.note {
			t.Errorf("%s: Exit = %d, %q; want %d, %q", c.name, status, note, c.status, c.note)
		}
	}
}

// TestExitNumbers pins the numbers scripts and CI rely on.
func TestExitNumbers(t *testing.T) {
	if report.ExitClean != 0 || report.ExitFindings != 1 || report.ExitBadInput != 2 || report.ExitInternal != 3 {
		t.Errorf("exit statuses are %d %d %d %d, want 0 1 2 3", report.ExitClean, report.ExitFindings, report.ExitBadInput, report.ExitInternal)
	}
}
