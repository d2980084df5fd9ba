package accept

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

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
		"  C1104: [y] # L12  # muster:ignore R002 -- after another comment\n" + // 8
		"# muster:file-ignore M004 -- whole file\n"
	d := func(code string, line int) diag.Diagnostic {
		return diag.Diagnostic{Code: code, Severity: diag.Error, Pos: diag.Pos{File: "s.yaml", Line: line, Column: 3}}
	}
	ds := []diag.Diagnostic{d("R002", 5), d("R002", 6), d("R002", 7), d("M004", 1), d("N005", 5), d("R002", 4), d("R002", 8)}
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
		"s.yaml:8:3: error R002:  (after another comment)",
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

// TestKey: a baseline key keeps the names and numbers of a finding, and
// drops its lines and columns, here and in the positions its message names.
func TestKey(t *testing.T) {
	dir, _ := filepath.Abs("b")
	d := diag.Diagnostic{Code: "N005", Pos: diag.Pos{File: "b/s.yaml", Line: 63, Column: 176},
		Message: "44 IN/2/3/LW is set up here but already set up at b/s.yaml:45:191"}
	moved := d
	moved.Pos.Line, moved.Message = 70, "44 IN/2/3/LW is set up here but already set up at b/s.yaml:52:191"
	other := d
	other.Message = "45 IN/2/3/LW is set up here but already set up at b/s.yaml:45:191"
	d.About(diag.Subjects{Units: []string{"44 IN/2/3/LW"}})
	moved.Subjects = d.Subjects
	other.About(diag.Subjects{Units: []string{"45 IN/2/3/LW"}})
	want := Entry{Code: "N005", File: "s.yaml", Fingerprint: d.Fingerprint(), Message: "44 IN/2/3/LW is set up here but already set up at s.yaml"}
	if k := Key(d, dir); k != want {
		t.Errorf("Key = %+v, want %+v", k, want)
	}
	for v := 1; v <= BaselineVersion; v++ {
		if match(Key(moved, dir), v) != match(Key(d, dir), v) {
			t.Errorf("version %d: moving lines changed the key", v)
		}
		if match(Key(other, dir), v) == match(Key(d, dir), v) {
			t.Errorf("version %d: another unit has the same key", v)
		}
	}
	// Version 2 keys by the fingerprint: a reworded message is the same
	// finding.
	reworded := d
	reworded.Message = "set up twice: 44 IN/2/3/LW (see b/s.yaml:45:191)"
	if match(Key(reworded, dir), 2) != match(Key(d, dir), 2) {
		t.Error("rewording the message changed the key")
	}
	dup := diag.Diagnostic{Code: "Y006", Pos: diag.Pos{File: "b/s.yaml", Line: 3}, Message: `key "a" is already set at line 2`}
	if k := Key(dup, dir); k.Message != `key "a" is already set at line` {
		t.Errorf("Key(%q) = %q", dup.Message, k.Message)
	}
}

func TestBaseline(t *testing.T) {
	path := filepath.Join("b", "baseline.json")
	x := &diag.Subjects{Values: []string{"x"}}
	ds := []diag.Diagnostic{
		{Code: "R002", Severity: diag.Error, Pos: diag.Pos{File: "b/s.yaml", Line: 9}, Message: `unknown "x" <&>`, Subjects: x},
		{Code: "R002", Severity: diag.Error, Pos: diag.Pos{File: "b/s.yaml", Line: 12}, Message: `unknown "x" <&>`, Subjects: x},
		{Code: "GB203", Severity: diag.Warning, Pos: diag.Pos{File: "b/f.yaml", Line: 3}, Message: "no leader", Subjects: &diag.Subjects{Formations: []string{"1/S"}}},
		{Code: "N005", Severity: diag.Error, Pos: diag.Pos{File: "b/s.yaml", Line: 1}, Message: "gone", Suppression: &diag.Suppression{Kind: diag.InSource}},
	}
	data := WriteBaseline(path, ds)
	want := fmt.Sprintf(`{
  "version": 2,
  "findings": [
    {"code":"GB203","file":"f.yaml","fingerprint":"%s","message":"no leader"},
    {"code":"R002","file":"s.yaml","fingerprint":"%s","message":"unknown \"x\" <&>"},
    {"code":"R002","file":"s.yaml","fingerprint":"%[2]s","message":"unknown \"x\" <&>"}
  ]
}
`, ds[2].Fingerprint(), ds[0].Fingerprint())
	if string(data) != want {
		t.Fatalf("WriteBaseline:\n%s\nwant\n%s", data, want)
	}
	if empty := string(WriteBaseline(path, nil)); empty != "{\n  \"version\": 2,\n  \"findings\": []\n}\n" {
		t.Errorf("empty baseline: %q", empty)
	}
	bl, err := ReadBaseline(path, data)
	if err != nil {
		t.Fatal(err)
	}
	// The same findings, moved: all accepted.
	now := []diag.Diagnostic{ds[0], ds[1], ds[2]}
	now[0].Pos.Line, now[1].Pos.Line = 20, 30
	for _, d := range bl.Apply(now) {
		if d.Suppression == nil || d.Suppression.Kind != diag.External {
			t.Errorf("not accepted: %s", d)
		}
	}
	// One R002 fixed, the warning gone, a new error: the new error stays,
	// two entries are stale.
	now = []diag.Diagnostic{ds[0], {Code: "R002", Severity: diag.Error, Pos: diag.Pos{File: "b/s.yaml", Line: 5}, Message: `unknown "y"`, Subjects: &diag.Subjects{Values: []string{"y"}}}}
	bl, _ = ReadBaseline(path, data)
	var got []string
	for _, d := range bl.Apply(now) {
		got = append(got, d.String()+" "+map[bool]string{true: "accepted", false: "new"}[d.Suppression != nil])
	}
	wantLines := []string{
		"b/baseline.json:4:5: warning B016: baseline entry no longer occurs: GB203 in f.yaml: no leader new",
		"b/baseline.json:6:5: warning B016: baseline entry no longer occurs: R002 in s.yaml: unknown \"x\" <&> new",
		"b/s.yaml:5:0: error R002: unknown \"y\" new",
		"b/s.yaml:9:0: error R002: unknown \"x\" <&> accepted",
	}
	if strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
		t.Errorf("Apply:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
	}
	// A file that could not be read skipped checks (Y011): no entry is
	// called stale, since its finding was not looked for.
	now = []diag.Diagnostic{{Code: "Y001", Severity: diag.Error, Pos: diag.Pos{File: "b/f.yaml", Line: 2}, Message: "syntax"},
		{Code: "Y011", Severity: diag.Info, Pos: diag.Pos{File: "b/f.yaml", Line: 2}, Message: "skipped"}}
	bl, _ = ReadBaseline(path, data)
	if out := bl.Apply(now); len(out) != 2 {
		t.Errorf("Apply after skipped checks: %v", out)
	}
	// Version 2 keys by the fingerprint: the same findings reworded are
	// accepted, every one.
	now = []diag.Diagnostic{ds[0], ds[1], ds[2]}
	for i := range now {
		now[i].Message = "reworded " + now[i].Message
	}
	bl, _ = ReadBaseline(path, data)
	for _, d := range bl.Apply(now) {
		if d.Suppression == nil {
			t.Errorf("reworded, not accepted: %s", d)
		}
	}
	// A baseline of version 1 (no fingerprints) still reads, and matches
	// by the message.
	v1 := `{
  "version": 1,
  "findings": [
    {"code":"GB203","file":"f.yaml","message":"no leader"},
    {"code":"R002","file":"s.yaml","message":"unknown \"x\" <&>"}
  ]
}
`
	bl, err = ReadBaseline(path, []byte(v1))
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, d := range bl.Apply([]diag.Diagnostic{ds[0], ds[1], ds[2]}) {
		got = append(got, d.String()+" "+map[bool]string{true: "accepted", false: "new"}[d.Suppression != nil])
	}
	wantLines = []string{
		"b/f.yaml:3:0: warning GB203: no leader accepted",
		"b/s.yaml:9:0: error R002: unknown \"x\" <&> accepted",
		"b/s.yaml:12:0: error R002: unknown \"x\" <&> new",
	}
	if strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
		t.Errorf("Apply of version 1:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
	}
	for _, bad := range []string{"", "[]", `{"version": 3, "findings": []}`, `{"version": 0, "findings": []}`, `{"version": 2, "findings": [{"code": "R002", "file": "x", "message": "m"}]}`, `{"findings": [{"file": "x"}], "version": 1}`, `{"version": 1, "extra": 1}`} {
		if _, err := ReadBaseline(path, []byte(bad)); err == nil {
			t.Errorf("ReadBaseline(%q) accepted it", bad)
		}
	}
}

// TestIsBaseline: a baseline is told by its form, of any version and
// length; other JSON and other files are not baselines.
func TestIsBaseline(t *testing.T) {
	written := string(WriteBaseline("b.json", []diag.Diagnostic{{Code: "R002", Message: "m", Pos: diag.Pos{File: "s.yaml", Line: 1}}}))
	for _, c := range []struct {
		text string
		want bool
	}{
		{written, true},
		{string(WriteBaseline("b.json", nil)), true},
		{`{"findings": [], "version": 2}`, true},
		{`{"version": 1, "findings": [{"code": "R002", "file": "a", "message": "[{"}]}`, true},
		{`{"version": 1}`, false},
		{`{"findings": []}`, false},
		{`{"version": 1, "findings": [], "other": 1}`, false},
		{`{"version": "1", "findings": []}`, false},
		{`{"version": 1, "findings": {}}`, false},
		{`{"version": 1, "findings": [`, false},
		{`{"version": 1, "version": 1, "findings": []}`, false},
		{"kind: battle\nid: b\n", false},
		{"\x89PNG\r\n", false},
		{"", false},
		{`[]`, false},
	} {
		if got := IsBaseline(strings.NewReader(c.text)); got != c.want {
			t.Errorf("IsBaseline(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestBaselineOneLine: a baseline written on one line is read in linear
// time (each entry's line and column found by reading on from the last,
// not from the start: 20,000 entries took 17 s), and its entries keep
// their columns.
func TestBaselineOneLine(t *testing.T) {
	read := func(n int, sep string) (*Baseline, []byte) {
		var b strings.Builder
		b.WriteString(`{"version": 1, "findings": [`)
		for i := range n {
			if i > 0 {
				b.WriteString("," + sep)
			}
			fmt.Fprintf(&b, `{"code": "R002", "file": "s.yaml", "message": "unknown unit x%d"}`, i)
		}
		b.WriteString("]}")
		data := []byte(b.String())
		bl, err := ReadBaseline("b/baseline.json", data)
		if err != nil || len(bl.Entries) != n {
			t.Fatalf("%d entries: %v", n, err)
		}
		return bl, data
	}
	small, data := read(500, "")
	if want := bytes.Index(data, []byte(`{"code": "R002", "file": "s.yaml", "message": "unknown unit x499"}`)) + 1; small.lines[499] != 1 || small.cols[499] != want {
		t.Errorf("entry 500 at line %d, column %d; want 1, %d", small.lines[499], small.cols[499], want)
	}
	big, data := read(2000, "")
	if big.scanned > len(data) || big.scanned > 5*small.scanned {
		t.Errorf("bytes read for the positions: %d of 500 entries, %d of 2,000 (%d bytes): want linear", small.scanned, big.scanned, len(data))
	}
	lines, _ := read(3, "\n  ")
	if lines.lines[2] != 3 || lines.cols[2] != 3 {
		t.Errorf("third entry at %d:%d, want 3:3", lines.lines[2], lines.cols[2])
	}
}

// TestSuppressLinear: n suppressed lines cost n, not n times n (each
// diagnostic once read every comment of its file: 40,000 took 50 s); the
// first comment in the file that accepts a finding still gives its reason.
func TestSuppressLinear(t *testing.T) {
	reads := func(n int) int64 {
		var b strings.Builder
		var ds []diag.Diagnostic
		b.WriteString("# muster:ignore R002 -- first\n")
		for i := range n {
			fmt.Fprintf(&b, "x%d: 1 # muster:ignore N005 -- line\n", i)
			ds = append(ds, diag.Diagnostic{Code: "N005", Severity: diag.Error, Pos: diag.Pos{File: "s.yaml", Line: i + 2, Column: 1}})
		}
		b.WriteString("# muster:file-ignore N005 -- whole\n")
		ds = append(ds, diag.Diagnostic{Code: "N005", Severity: diag.Error, Pos: diag.Pos{File: "s.yaml", Line: 1}},
			diag.Diagnostic{Code: "R002", Severity: diag.Error, Pos: diag.Pos{File: "s.yaml", Line: 2}})
		before := dirReads.Load()
		got := Suppress(ds, map[string][]byte{"s.yaml": []byte(b.String())}, Options{Lookup: known, Unused: true})
		work := dirReads.Load() - before
		why := map[string]int{}
		for _, g := range got {
			if g.Suppression == nil {
				t.Fatalf("not suppressed: %s", g)
			}
			why[g.Suppression.Justification]++
		}
		if why["line"] != n || why["whole"] != 1 || why["first"] != 1 {
			t.Fatalf("%d lines: reasons %v", n, why)
		}
		return work
	}
	small, big := reads(500), reads(2000)
	if big > 5*small {
		t.Errorf("suppression codes read: %d for 500 lines, %d for 2,000: want linear", small, big)
	}
}

// TestDirectiveLongLine: a line of many comment marks and a long blank
// tail is read in linear time (each mark once trimmed the whole tail: a
// 900 kB line took over a minute).
func TestDirectiveLongLine(t *testing.T) {
	src := "note: a" + strings.Repeat(" #", 200_000) + strings.Repeat(" ", 400_000) + "\n" +
		"x: 1 #" + strings.Repeat(" ", 100) + "# muster:ignore N005 -- second comment\n"
	start := time.Now()
	got := Suppress([]diag.Diagnostic{{Code: "N005", Severity: diag.Error, Pos: diag.Pos{File: "s.yaml", Line: 2}}},
		map[string][]byte{"s.yaml": []byte(src)}, Options{Lookup: known, Unused: true})
	if el := time.Since(start); el > 5*time.Second && !testing.Short() {
		t.Errorf("a line of 1 MB read in %v: want well under a second", el)
	}
	if len(got) != 1 || got[0].Suppression == nil {
		t.Errorf("got %v, want the finding of line 2 suppressed", got)
	}
}

// TestBaselinePlainFingerprint: an entry of a version 2 baseline written
// before its finding had a path holds the finding's plain fingerprint
// (its code and message values) and still accepts it, once; entries by
// the fingerprint of now are matched first.
func TestBaselinePlainFingerprint(t *testing.T) {
	path := filepath.Join("b", "baseline.json")
	var l diag.List
	l.Addf(diag.Code{Code: "M003", Severity: diag.Error}, diag.Pos{File: "b/map.yaml", Line: 3}, "unknown terrain %q", "jungle").Path = "map:terrain.w"
	l.Addf(diag.Code{Code: "M003", Severity: diag.Error}, diag.Pos{File: "b/map.yaml", Line: 4}, "unknown terrain %q", "jungle").Path = "map:terrain.j"
	ds := l.Items()
	if ds[0].PlainFingerprint() == ds[0].Fingerprint() || ds[0].PlainFingerprint() != ds[1].PlainFingerprint() {
		t.Fatal("the plain fingerprint is not the message values'")
	}
	entry := func(fp string) string {
		return `{"code":"M003","file":"map.yaml","fingerprint":"` + fp + `","message":"m"}`
	}
	for _, c := range []struct {
		entries  []string
		accepted int
		stale    int
	}{
		{[]string{entry(ds[0].PlainFingerprint())}, 1, 0},
		{[]string{entry(ds[0].PlainFingerprint()), entry(ds[1].PlainFingerprint())}, 2, 0},
		{[]string{entry(ds[1].Fingerprint()), entry(ds[1].PlainFingerprint())}, 2, 0},
		{[]string{entry(ds[0].Fingerprint()), entry(ds[0].Fingerprint())}, 1, 1},
		{[]string{entry(ds[0].PlainFingerprint()), entry(ds[0].PlainFingerprint()), entry(ds[0].PlainFingerprint())}, 2, 1},
	} {
		data := `{"version": 2, "findings": [` + strings.Join(c.entries, ",") + "]}"
		bl, err := ReadBaseline(path, []byte(data))
		if err != nil {
			t.Fatal(err)
		}
		accepted, stale := 0, 0
		for _, d := range bl.Apply(slices.Clone(ds)) {
			switch {
			case d.Code == CodeStaleBaseline.Code:
				stale++
			case d.Suppression != nil:
				accepted++
			}
		}
		if accepted != c.accepted || stale != c.stale {
			t.Errorf("%s: %d accepted, %d stale; want %d, %d", data, accepted, stale, c.accepted, c.stale)
		}
	}
}
