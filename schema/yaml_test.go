package schema

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
)

func codes(ds []diag.Diagnostic) string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Pos.String()+" "+d.Code)
	}
	return strings.Join(out, "; ")
}

func TestLimits(t *testing.T) {
	small := Limits{MaxBytes: 100, MaxNodes: 50, MaxDepth: 5, MaxAliases: 3}
	cases := []struct {
		name, src, want string
	}{
		{"too large", strings.Repeat("a: b\n", 30), "f.yaml:1:1 Y003"},
		{"alias bomb", "a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: [*c, *c]\n", "f.yaml:2:8 Y004"},
		{"too deep", "a: [[[[[[[1]]]]]]]\n", "f.yaml:1:9 Y005"},
		{"many nodes", "a: [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51]\n", "f.yaml:1:140 Y004"},
	}
	for _, c := range cases {
		if c.name != "too large" && len(c.src) > 100 {
			small.MaxBytes = 1000
		}
		_, ds := Parse("f.yaml", []byte(c.src), small)
		if got := codes(ds); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		small.MaxBytes = 100
	}
	// A billion-laughs document with the default limits fails fast.
	bomb := "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
	prev := "a"
	for i, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		bomb += n + ": &" + n + " [" + strings.TrimSuffix(strings.Repeat("*"+prev+", ", 9), ", ") + "]\n"
		prev = n
		_ = i
	}
	_, ds := Parse("bomb.yaml", []byte(bomb), DefaultLimits)
	if len(ds) != 1 || ds[0].Code != CodeAliasBudget.Code {
		t.Errorf("billion laughs: %s", codes(ds))
	}
}

func TestBinary(t *testing.T) {
	for src, want := range map[string]string{"a: b\x00c\n": "junk.yaml:1:5 Y010", "a: \xff\xfe\n": "junk.yaml:1:4 Y010"} {
		_, ds := Parse("junk.yaml", []byte(src), DefaultLimits)
		if got := codes(ds); got != want {
			t.Errorf("%q: %s", src, got)
		}
	}
}

func TestParse(t *testing.T) {
	cases := []struct {
		src  string
		want string
	}{
		{"hex: 0304\n", "f.yaml:1:6 Y006"},
		{"hex: 0408\n", "f.yaml:1:6 Y006"},
		{"hex: \"0304\"\n", ""},
		{"0101: x\n", "f.yaml:1:1 Y006"},
		{"a: 1\na: 2\n", "f.yaml:2:1 Y002"},
		{"", "f.yaml:1:1 Y007"},
		{"# only a comment\n---\n", "f.yaml:1:1 Y007"},
		{"a: [1, 2\n", "f.yaml:1:4 Y001"},
		{"a:\n  b: 1\n c: 2\n", "f.yaml:3:2 Y001"},
		{"base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n", ""},
		{"c:\n  <<: 5\n", "f.yaml:2:7 Y009"},
		{"a: *nope\n", "f.yaml:1:4 Y001"},
	}
	for _, c := range cases {
		_, ds := Parse("f.yaml", []byte(c.src), DefaultLimits)
		if got := codes(ds); got != c.want {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
	docs, _ := Parse("f.yaml", []byte("base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\nhex: \"0304\"\nn: 12\n"), DefaultLimits)
	m := docs[0].Value.(map[string]any)
	if c := m["c"].(map[string]any); c["x"] != m["base"].(map[string]any)["x"] || c["y"] == nil {
		t.Errorf("merge key not applied: %v", m)
	}
	if m["hex"] != "0304" || m["n"] != json.Number("12") {
		t.Errorf("scalars: %#v", m)
	}
}

func TestSchemaHints(t *testing.T) {
	set, err := NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	src := "kind: scenario\nid: s\nname: S\nsheets: [C]\nturns: {first: \"Dec 30 1300\", lsat: x}\n"
	docs, _ := Parse("s.yaml", []byte(src), DefaultLimits)
	ds := set.Validate(docs[0])
	var got []string
	for _, d := range ds {
		got = append(got, d.Pos.String()+" "+d.Code+" "+d.Message+" / "+d.Hint)
	}
	want := []string{
		"s.yaml:5:8 S002 turns needs the key \"last\" / ",
		"s.yaml:5:31 S003 unknown key \"lsat\" in turns / did you mean last?",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	src = "kind: map\nsheets:\n  - {id: C, cols: {first: 10, last: 15}, rows: {first: 01, last: 4}}\n"
	docs, pds := Parse("m.yaml", []byte(src), DefaultLimits)
	ds = append(pds, set.Validate(docs[0])...)
	if got := codes(ds); got != "m.yaml:3:56 Y006" {
		t.Errorf("leading zero reported with schema noise: %s", got)
	}
	src = "kind: battle\nid: b\nname: B\nsystem: gbacw\nsides: [{id: A, name: A}, {id: B, name: B}]\ndays: [3215]\n"
	docs, _ = Parse("b.yaml", []byte(src), DefaultLimits)
	ds = set.Validate(docs[0])
	if len(ds) != 1 || ds[0].Hint != "quote it: \"3215\"" {
		t.Errorf("number where text is wanted: %+v", ds)
	}
}

// TestDuplicateKeysLinear: a mapping of n keys, each then repeated, is
// read with one pass over its keys for all the repeats, not one a repeat
// (n = 60,000 took 32 s). 4n repeats cost 4 times n's work, and every
// repeat still names the line of its first.
func TestDuplicateKeysLinear(t *testing.T) {
	visits := func(n int) int64 {
		var b strings.Builder
		b.WriteString("m:\n")
		for range 2 {
			for i := range n {
				fmt.Fprintf(&b, "  k%d: 1\n", i)
			}
		}
		before := keyVisits.Load()
		_, ds := Parse("dup.yaml", []byte(b.String()), DefaultLimits)
		if len(ds) != n {
			t.Fatalf("%d repeated keys: %d diagnostics", n, len(ds))
		}
		if want := fmt.Sprintf("key \"k%d\" is already set at line %d", n-1, n+1); ds[n-1].Message != want {
			t.Fatalf("last repeat: %q, want %q", ds[n-1].Message, want)
		}
		return keyVisits.Load() - before
	}
	small, big := visits(500), visits(2000)
	if small > 2*500 || big > 4*small {
		t.Errorf("keys read for the first key of each repeat: %d for 500 repeats, %d for 2,000: want at most 2n, linear", small, big)
	}
}

// TestUnknownKeysLinear: a problem in each of n keys of one mapping is
// placed by reading the mapping's keys once, not once a problem (40,000
// unknown keys took 50 s); each is still placed on its key.
func TestUnknownKeysLinear(t *testing.T) {
	set, err := NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	reads := func(n int) int64 {
		var b strings.Builder
		b.WriteString("kind: scenario\nid: s\nname: S\n")
		for i := range n {
			fmt.Fprintf(&b, "x%d: 1\n", i)
		}
		docs, ds := Parse("s.yaml", []byte(b.String()), DefaultLimits)
		if len(ds) != 0 || len(docs) != 1 {
			t.Fatalf("%v", ds)
		}
		before := locateReads.Load()
		ds = set.Validate(docs[0])
		unknown := 0
		for _, d := range ds {
			if d.Code == CodeUnknownKey.Code {
				unknown++
				if want := fmt.Sprintf("x%d", d.Pos.Line-4); !strings.Contains(d.Message, `"`+want+`"`) || d.Pos.Column != 1 {
					t.Fatalf("%s: want key %s at column 1", d, want)
				}
			}
		}
		if unknown != n {
			t.Fatalf("%d unknown keys: %d diagnostics", n, unknown)
		}
		return locateReads.Load() - before
	}
	saved := MaxProblems
	defer func() { MaxProblems = saved }()
	MaxProblems = 1 << 20
	small, big := reads(300), reads(1200)
	if big > 5*small {
		t.Errorf("keys read to place the problems: %d for 300 unknown keys, %d for 1,200: want linear", small, big)
	}
}

// TestMaxProblems: a document lists MaxProblems problems against its
// schema, and past it one Y012 on the next key says the rest are not
// listed (a 10 MB document of 880,000 unknown keys listed them all: 55 s
// and 1.6 GB for the text report).
func TestMaxProblems(t *testing.T) {
	set, err := NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{MaxProblems, MaxProblems + 1} {
		var b strings.Builder
		b.WriteString("kind: scenario\nid: s\nname: S\nsheets: [A]\nturns: {first: \"Jul 1 0800\", last: \"Jul 1 1000\"}\n")
		for i := range n {
			fmt.Fprintf(&b, "x%d: 1\n", i)
		}
		docs, ds := Parse("s.yaml", []byte(b.String()), DefaultLimits)
		if len(ds) != 0 || len(docs) != 1 {
			t.Fatalf("%v", ds)
		}
		ds = set.Validate(docs[0])
		count := map[string]int{}
		for _, d := range ds {
			count[d.Code]++
		}
		switch {
		case n == MaxProblems && (len(ds) != n || count[CodeUnknownKey.Code] != n):
			t.Errorf("%d unknown keys: %d diagnostics %v, want each listed", n, len(ds), count)
		case n > MaxProblems && (len(ds) != MaxProblems+1 || count[CodeLimit.Code] != 1):
			t.Errorf("%d unknown keys: %d diagnostics %v, want %d and one Y012", n, len(ds), count, MaxProblems)
		case n > MaxProblems && ds[len(ds)-1].Code == CodeLimit.Code && ds[len(ds)-1].Pos.Line != 5+n:
			t.Errorf("Y012 at line %d, want the last key's, %d", ds[len(ds)-1].Pos.Line, 5+n)
		}
	}
}
