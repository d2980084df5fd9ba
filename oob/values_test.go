package oob

import (
	"slices"
	"strings"
	"testing"
)

func TestValuesSetKeepsNamesSortedAndUnique(t *testing.T) {
	var vs Values
	for i, n := range []string{"ma", "cohesion", "strength", "ma", "weapon", "a"} {
		vs.Set(n, Value{V: int64(i)})
	}
	var names []string
	for _, f := range vs {
		names = append(names, f.Name)
	}
	if want := []string{"a", "cohesion", "ma", "strength", "weapon"}; !slices.Equal(names, want) {
		t.Fatalf("names %v, want %v", names, want)
	}
	if v, ok := vs.Lookup("ma"); !ok || v.V != int64(3) {
		t.Errorf("ma = %v, %v; want the later value 3", v.V, ok)
	}
	if vs.Has("range") || vs.Get("range").Known() {
		t.Error("a field never set reads as given")
	}
}

// A list past 16 fields finds its place by halving, a short one from the
// end: both keep it sorted, a name once, its later value.
func TestValuesSetLongList(t *testing.T) {
	var vs Values
	var want []string
	last := map[string]int64{}
	for i := 0; i < 60; i++ {
		n := string(rune('a'+(i*7)%26)) + string(rune('a'+i%3))
		vs.Set(n, Value{V: int64(i)})
		last[n] = int64(i)
		if !slices.Contains(want, n) {
			want = append(want, n)
		}
	}
	slices.Sort(want)
	var names []string
	for _, f := range vs {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, want) {
		t.Fatalf("names %v, want %v", names, want)
	}
	if len(vs) <= 16 {
		t.Fatalf("%d fields: the list is short", len(vs))
	}
	for n, i := range last {
		if v, _ := vs.Lookup(n); v.V != i {
			t.Errorf("%s = %v, want the last value %d", n, v.V, i)
		}
	}
}

// foldWords leaves folded words as they are, without a copy, and folds
// the rest as strings.Fields and ToLower do.
func TestFoldWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""}, {"repl leader", "repl leader"}, {"Repl  Leader", "repl leader"}, {" repl leader ", "repl leader"},
		{"repl\tleader", "repl leader"}, {"repl\u00a0leader", "repl leader"}, {"Überläufer", "überläufer"}, {"a", "a"},
	} {
		if got := foldWords(c.in); got != c.want {
			t.Errorf("foldWords(%q) = %q, want %q", c.in, got, c.want)
		}
		if slow := strings.ToLower(strings.Join(strings.Fields(c.in), " ")); slow != c.want {
			t.Errorf("the case %q is wrong: Fields and ToLower give %q", c.in, slow)
		}
	}
	if n := testing.AllocsPerRun(10, func() { foldWords("repl leader") }); n != 0 {
		t.Errorf("folding folded words allocates %v times", n)
	}
}

func testArmy() *Formation {
	army := &Formation{Name: "Army", Level: "army"}
	army.KeepDesignation()
	corps := &Formation{ID: "1", Name: "I Corps", Level: "corps", Parent: army}
	corps.KeepDesignation()
	div := &Formation{ID: "2", Name: "2nd Division", Level: "division", Parent: corps}
	div.KeepDesignation()
	army.Children, corps.Children = []*Formation{corps}, []*Formation{div}
	div.Units = []*Unit{{Name: "74 IL", Formation: div}, {Name: "Twin", Formation: div}}
	corps.Units = []*Unit{{Name: "Twin", Formation: corps}}
	div.Leader = &Leader{Name: "Smith", Formation: div}
	return army
}

// A designation kept as the formation is made is the one Designation
// works out, and is read without joining it again.
func TestKeepDesignation(t *testing.T) {
	army := testArmy()
	div := army.Children[0].Children[0]
	if got := div.Designation(); got != "2/1" {
		t.Errorf("designation %q, want 2/1", got)
	}
	fresh := &Formation{ID: div.ID, Parent: &Formation{ID: "1", Parent: &Formation{}}}
	if got := fresh.Designation(); got != "2/1" {
		t.Errorf("a designation not kept is %q, want 2/1", got)
	}
	if n := testing.AllocsPerRun(10, func() { div.Designation() }); n != 0 {
		t.Errorf("a kept designation allocates %v times", n)
	}
}

// One finds what Resolve finds when that is one thing, without the list;
// a name of several things is Resolve's, in the order of the army.
func TestIndexOne(t *testing.T) {
	ix := NewIndex(testArmy())
	for _, name := range []string{"74 IL", "Smith", "2/1", "1"} {
		r, ok := ix.One(name)
		if rs := ix.Resolve(name); !ok || len(rs) != 1 || rs[0] != r {
			t.Errorf("One(%q) = %v, %v; Resolve finds %v", name, r, ok, rs)
		}
	}
	for _, name := range []string{"Twin", "nobody", "74 IL/2/1"} {
		if _, ok := ix.One(name); ok {
			t.Errorf("One(%q) finds one thing; Resolve finds %d", name, len(ix.Resolve(name)))
		}
	}
	if rs := ix.Resolve("Twin"); len(rs) != 2 || rs[0].Unit.Formation.ID != "1" || rs[1].Unit.Formation.ID != "2" {
		t.Errorf("Twin resolves to %v", rs)
	}
	if rs := ix.Resolve("74 IL/2/1"); len(rs) != 1 || rs[0].Unit == nil {
		t.Errorf("a qualified name resolves to %v", rs)
	}
	if n := testing.AllocsPerRun(10, func() { ix.One("74 IL") }); n != 0 {
		t.Errorf("One allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { ix.Resolve("74 IL") }); n != 1 {
		t.Errorf("Resolve of a plain name allocates %v times, want 1 (its list)", n)
	}
	if n := testing.AllocsPerRun(10, func() { ix.LeaderFace("74 IL") }); n != 0 {
		t.Errorf("LeaderFace of a side without leader words allocates %v times", n)
	}
}
