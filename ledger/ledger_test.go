package ledger

import (
	"strings"
	"testing"
)

// An empty ledger numbers as a battle without one: 1, 2, 3 in order.
func TestNewNumbersInOrder(t *testing.T) {
	a := New().Assign()
	for i, k := range []string{"a", "b", "c"} {
		if got := a.ID(k); got != i+1 {
			t.Errorf("ID(%q) = %d, want %d", k, got, i+1)
		}
	}
	if a.Next() != 4 {
		t.Errorf("Next = %d, want 4", a.Next())
	}
}

// A key keeps its id whatever is inserted before it; a removed key's id is
// retired and never given again; a renamed key keeps the id of the key it
// was.
func TestKeepRetireRename(t *testing.T) {
	a := New().Assign()
	for _, k := range []string{"p 59 IL", "p 74 IL", "p 75 IL", "p 22 IN"} {
		a.ID(k)
	}
	l1 := a.Ledger()
	text := string(l1.Format("t"))
	l, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	b := l.Assign()
	got := map[string]int{}
	for _, k := range []string{"p 59 IL", "p 10 IL", "p 74 ILL", "p 75 IL"} {
		var was []string
		if k == "p 74 ILL" {
			was = []string{"p 74 IL"}
		}
		got[k] = b.ID(k, was...)
	}
	want := map[string]int{"p 59 IL": 1, "p 10 IL": 5, "p 74 ILL": 2, "p 75 IL": 3}
	for k, id := range want {
		if got[k] != id {
			t.Errorf("%s: id %d, want %d", k, got[k], id)
		}
	}
	l2 := b.Ledger()
	if l2.Retired[4] != "p 22 IN" {
		t.Errorf("22 IN not retired: %v", l2.Retired)
	}
	if !b.Changed() || len(b.New) != 1 || len(b.Renamed) != 1 {
		t.Errorf("Changed %v, new %v, renamed %v", b.Changed(), b.New, b.Renamed)
	}
	// 22 IN back: a new id, its old one stays retired
	c := l2.Assign()
	if id := c.ID("p 22 IN"); id != 6 {
		t.Errorf("22 IN back: id %d, want 6 (4 is retired)", id)
	}
	// the same build again changes nothing
	d := l2.Assign()
	for _, k := range []string{"p 59 IL", "p 10 IL", "p 74 ILL", "p 75 IL"} {
		d.ID(k)
	}
	if d.Changed() {
		t.Errorf("a build of the same keys changed the ledger:\n%s", d.Ledger().Format("t"))
	}
}

func TestParseErrors(t *testing.T) {
	for in, want := range map[string]string{
		"x a\n":         "line 1: an entry starts with its id",
		"1 a\n1 b\n":    "line 2: id 1 is given again (first on line 1)",
		"1 a\n2 a\n":    `line 2: "a" has id 1 already`,
		"next zero\n":   "line 1: next must be",
		"# c\n\n3\n":    "line 3: id 3 names no piece",
		"0 a\n":         "line 1: an entry starts with its id",
		"next 1\n2 a\n": "",
		"1 retired a\n": "",
	} {
		_, err := Parse([]byte(in))
		if want == "" {
			if err != nil {
				t.Errorf("%q: %v", in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
	l, _ := Parse([]byte("next 1\n2 a\n7 retired b\n"))
	if l.Next != 8 {
		t.Errorf("Next %d, want 8 (above every id)", l.Next)
	}
}

// TestAssignWithin: a build that gives only its own keys (an extension's
// beside a module's, one ledger) retires its own unused keys and keeps the
// others' live, asked for or not; new keys go above every id.
func TestAssignWithin(t *testing.T) {
	l, err := Parse([]byte("next 5\n1 palette unit A\n2 extension unit A\n3 extension unit B\n4 palette unit B\n"))
	if err != nil {
		t.Fatal(err)
	}
	ext := func(k string) bool { return strings.HasPrefix(k, "extension ") }
	a := l.AssignWithin(ext)
	if a.ID("extension unit A") != 2 || a.ID("extension unit C") != 5 {
		t.Errorf("ids %v", a.live)
	}
	got := string(a.Ledger().Format(""))
	for _, want := range []string{"\n1 palette unit A\n", "\n2 extension unit A\n", "\n3 retired extension unit B\n", "\n4 palette unit B\n", "\n5 extension unit C\n", "next 6\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("ledger lacks %q:\n%s", want, got)
		}
	}
	// every key the build's: the others retired too (Assign)
	if got := string(l.Assign().Ledger().Format("")); !strings.Contains(got, "\n1 retired palette unit A\n") {
		t.Errorf("Assign keeps another's key:\n%s", got)
	}
}
