package checktest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
)

// fake records what Check reports instead of failing the test.
type fake struct{ errs []string }

func (f *fake) Helper() {}
func (f *fake) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

func d(file string, line, col int, code, msg string) diag.Diagnostic {
	return diag.Diagnostic{Code: code, Pos: diag.Pos{File: file, Line: line, Column: col}, Message: msg}
}

const src = `kind: scenario
side: RSA  # want B006 "unknown side \"RSA\""
units: [74 IN, 9 TX]  # want R002 "unknown unit.*74 IN" R002 ` + "`" + `"9 TX"` + "`" + `
`

func TestParse(t *testing.T) {
	es, err := Parse("s.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.String())
	}
	want := `s.yaml:2: B006 "unknown side \"RSA\""|s.yaml:3: R002 "unknown unit.*74 IN"|s.yaml:3: R002 "\"9 TX\""`
	if strings.Join(got, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
	for _, bad := range []string{
		"a: 1  # want R002\n",               // no pattern
		"a: 1  # want R002 \"x\" N005\n",    // second code without one
		"a: 1  # want R002 \"(\"\n",         // pattern does not compile
		"a: 1  # want R002 \"unclosed\n",    // unterminated
		"a: 1  # want\n",                    // no code
		"a: 1  # want r002 \"lowercase\"\n", // not a code
	} {
		if _, err := Parse("s.yaml", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestCheck(t *testing.T) {
	es, err := Parse("s.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	good := []diag.Diagnostic{
		d("/r/s.yaml", 3, 15, "R002", `unknown unit, leader or formation "9 TX" on side USA`),
		d("/r/s.yaml", 2, 7, "B006", `unknown side "RSA"`),
		d("/r/s.yaml", 3, 8, "R002", `unknown unit, leader or formation "74 IN" on side USA`),
	}
	cases := []struct {
		name string
		ds   []diag.Diagnostic
		want []string // substrings of the errors, in order
	}{
		{"all met", good, nil},
		{"message does not match", []diag.Diagnostic{good[0], d("/r/s.yaml", 2, 7, "B006", `unknown side "USA"`), good[2]}, []string{
			`s.yaml:2: no B006 diagnostic matching "unknown side \"RSA\""`,
			`s.yaml:2:7: unexpected diagnostic B006: unknown side "USA"`,
		}},
		{"wrong code", []diag.Diagnostic{good[0], d("/r/s.yaml", 2, 7, "B005", `unknown side "RSA"`), good[2]}, []string{
			`s.yaml:2: no B006`, `s.yaml:2:7: unexpected diagnostic B005`,
		}},
		{"wrong line", []diag.Diagnostic{good[0], d("/r/s.yaml", 1, 1, "B006", `unknown side "RSA"`), good[2]}, []string{
			`s.yaml:1:1: unexpected diagnostic B006`, `s.yaml:2: no B006`,
		}},
		{"left over", good[:2], []string{`s.yaml:3: no R002 diagnostic matching "unknown unit.*74 IN"`}},
		{"unexpected", append(append([]diag.Diagnostic{}, good...), d("/r/s.yaml", 1, 1, "N005", "twice")), []string{
			`s.yaml:1:1: unexpected diagnostic N005: twice`,
		}},
		{"any order", []diag.Diagnostic{good[2], good[1], good[0]}, nil},
		{"once each", append(append([]diag.Diagnostic{}, good...), good[1]), []string{`s.yaml:2:7: unexpected diagnostic B006`}},
	}
	for _, c := range cases {
		var f fake
		Check(&f, "/r", es, c.ds)
		if len(f.errs) != len(c.want) {
			t.Errorf("%s: got %d errors, want %d:\n%s", c.name, len(f.errs), len(c.want), strings.Join(f.errs, "\n"))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(f.errs[i], w) {
				t.Errorf("%s: error %d is %q, want it to contain %q", c.name, i, f.errs[i], w)
			}
		}
	}
}

func TestRel(t *testing.T) {
	for _, c := range [][3]string{
		{"/r", "/r/a/b.yaml", "a/b.yaml"},
		{"/r", "/elsewhere/b.yaml", "/elsewhere/b.yaml"},
		{"", "trip.yaml", "trip.yaml"},
	} {
		if got := Rel(c[0], c[1]); got != c[2] {
			t.Errorf("Rel(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

func TestCheckOverlap(t *testing.T) {
	// "unknown" matches both messages; "9 TX" only one. Matched greedily in
	// order, the 9 TX diagnostic would take "unknown" and leave 74 IN over.
	es, err := Parse("s.yaml", []byte(`units: [9 TX, 74 IN]  # want R002 "unknown" R002 "9 TX"`))
	if err != nil {
		t.Fatal(err)
	}
	var f fake
	Check(&f, "", es, []diag.Diagnostic{
		d("s.yaml", 1, 9, "R002", `unknown unit "9 TX"`),
		d("s.yaml", 1, 15, "R002", `unknown unit "74 IN"`),
	})
	if len(f.errs) > 0 {
		t.Errorf("%s", strings.Join(f.errs, "\n"))
	}
}
