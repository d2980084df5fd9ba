package accept

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
)

func TestCommentStart(t *testing.T) {
	for _, c := range []struct {
		line string
		want int
	}{
		{"# muster:ignore R002 -- x", 0},
		{"  a: b # c", 7},
		{"  a: b#c", -1},
		{`  a: "b # c" # d`, 13},
		{`  a: 'b # it''s' # d`, 17},
		{"  a: O'Brien # d", 13},
		{`  a: "b \" # c" # d`, 16},
		{`  - [x, "y # z"] # d`, 17},
		{"no comment", -1},
	} {
		if got := commentStart(c.line); got != c.want {
			t.Errorf("commentStart(%q) = %d, want %d", c.line, got, c.want)
		}
	}
}

func TestParseDirective(t *testing.T) {
	for _, c := range []struct {
		text, codes, reason, problem string
	}{
		{" R002 -- misprint", "R002", "misprint", ""},
		{" r002, N005 -- two -- dashes", "R002,N005", "two -- dashes", ""},
		{" R002", "", "", "gives no reason"},
		{" R002 --  ", "", "", "gives no reason"},
		{" -- reason", "", "", "names no code"},
		{" R002 N005 -- reason", "", "", "separated by commas"},
	} {
		codes, reason, problem := parseDirective(c.text)
		if strings.Join(codes, ",") != c.codes || reason != c.reason || !strings.Contains(problem, c.problem) || (c.problem == "") != (problem == "") {
			t.Errorf("parseDirective(%q) = %q, %q, %q; want %q, %q, %q", c.text, codes, reason, problem, c.codes, c.reason, c.problem)
		}
	}
}

func known(code string) (diag.Code, bool) {
	switch code {
	case "R002", "N005", "M004":
		return diag.Code{Code: code}, true
	}
	return diag.Code{}, false
}

func TestSuppress(t *testing.T) {
	src := "setup:\n" +
		"  # muster:ignore R002 -- above\n" +
		"\n" +
		"  # another comment\n" +
		"  C1101: [59 ILL]\n" + // 5
		"  C1102: [59 IX] # muster:ignore R002,N005 -- same line\n" + // 6
		"  C1103: [x] # muster:ignore R999 -- unknown\n" + // 7
		"# muster:file-ignore M004 -- whole file\n"
	d := func(code string, line int) diag.Diagnostic {
		return diag.Diagnostic{Code: code, Severity: diag.Error, Pos: diag.Pos{File: "s.yaml", Line: line, Column: 3}}
	}
	ds := []diag.Diagnostic{d("R002", 5), d("R002", 6), d("R002", 7), d("M004", 1), d("N005", 5), d("R002", 4)}
	got := Suppress(ds, map[string][]byte{"s.yaml": []byte(src)}, Options{Lookup: known, Unused: true})
	var lines []string
	for _, g := range got {
		s := g.String()
		if g.Suppression != nil {
			s += " (" + g.Suppression.Justification + ")"
		}
		lines = append(lines, s)
	}
	want := []string{
		"s.yaml:1:3: error M004:  (whole file)",
		"s.yaml:4:3: error R002: ",
		"s.yaml:5:3: error N005: ",
		"s.yaml:5:3: error R002:  (above)",
		"s.yaml:6:3: error R002:  (same line)",
		"s.yaml:6:18: warning B014: suppression of N005 suppresses nothing: no N005 on line 6",
		"s.yaml:7:3: error R002: ",
		"s.yaml:7:14: warning B015: suppression names R999, which is no code of muster's",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// Without Unused (a battle whose checks did not all run), no B014.
	got = Suppress(nil, map[string][]byte{"s.yaml": []byte(src)}, Options{Lookup: known})
	if len(got) != 1 || got[0].Code != CodeUnknownSuppression.Code {
		t.Errorf("without Unused: got %v, want one B015", got)
	}
}
