package schema

import (
	"sync"
	"testing"
)

// TestCompiledOnceWhenUsed checks that making a set compiles nothing it
// does not need, that a schema is compiled when a document of its kind is
// first checked, and never again, however many sets and goroutines use it.
func TestCompiledOnceWhenUsed(t *testing.T) {
	n := compiles.Load()
	set, err := NewSet(nil, "lazy-test")
	if err != nil {
		t.Fatal(err)
	}
	if d := compiles.Load() - n; d != 0 {
		t.Errorf("a set without counters compiled %d schemas before any was used", d)
	}
	src := map[string]string{
		"battle":   "kind: battle\nid: b\nname: B\nsystem: gbacw\nsides: [{id: A, name: A}, {id: B, name: B}]\ndays: [\"Jul 1\"]\n",
		"map":      "kind: map\nsheets: []\n",
		"scenario": "kind: scenario\nid: s\nname: S\n",
		"forces":   "kind: forces\nside: A\n",
	}
	check := func(s *Set) {
		var wg sync.WaitGroup
		for range 4 {
			for _, text := range src {
				wg.Add(1)
				go func() {
					defer wg.Done()
					docs, _ := Parse("f.yaml", []byte(text), DefaultLimits)
					s.Validate(docs[0])
				}()
			}
		}
		wg.Wait()
	}
	n = compiles.Load()
	check(set)
	// battle, map and scenario are shared with every other set (and may
	// have been compiled by another test); the forces schema is this set's.
	if d := compiles.Load() - n; d < 1 || d > 4 {
		t.Errorf("checking four kinds compiled %d schemas, want 1 to 4", d)
	}
	n = compiles.Load()
	check(set)
	again, _ := NewSet(nil, "lazy-test")
	check(again)
	if d := compiles.Load() - n; d != 0 {
		t.Errorf("checking again compiled %d schemas", d)
	}
	if again != set {
		t.Errorf("NewSet made a second set for the same counters")
	}
	fields := &Counters{Fields: map[string]Field{"ma": {Type: "int"}}, UnitFields: []string{"ma"}}
	n = compiles.Load()
	withCounters, err := NewSet(fields, "lazy-test")
	if err != nil {
		t.Fatal(err)
	}
	if d := compiles.Load() - n; d != 0 {
		t.Errorf("a set with counters compiled %d schemas before any was used", d)
	}
	n = compiles.Load()
	check(withCounters)
	if d := compiles.Load() - n; d > 1 {
		t.Errorf("the set with counters compiled %d schemas, want at most its forces schema", d)
	}
	n = compiles.Load()
	if _, err := withCounters.forcesSchema(); err != nil {
		t.Fatal(err)
	}
	check(withCounters)
	if d := compiles.Load() - n; d > 1 {
		t.Errorf("the set with counters compiled %d more schemas, want at most its forces schema once", d)
	}
}

// TestCounterCheck checks that NewSet refuses the counter fields and
// systems the library refuses in the whole forces schema, with its error,
// without compiling that schema, and accepts the rest.
func TestCounterCheck(t *testing.T) {
	one, five := 1, 5
	cases := []*Counters{
		{Fields: map[string]Field{"s": {Type: "int", Min: &one, Max: &five, Title: "Strength"}}, UnitFields: []string{"s"}},
		{Fields: map[string]Field{"s": {Type: "int", Min: &five, Max: &one}}, UnitFields: []string{"s"}, LeaderFields: []string{"s"}},
		{Fields: map[string]Field{"q": {Type: "code", Values: []string{"A", "A", "$^(", ""}}, "r": {Type: "code"}}, UnitFields: []string{"q", "r", "q"}, Faces: []string{"flip", "flip"}},
		{Fields: map[string]Field{"b": {Type: "bool"}, "t": {Type: "text"}, "": {Type: "what"}}, LeaderFields: []string{"b", "t", "", "missing"}, UnitTypes: []string{"inf", "inf"}, Levels: []string{"brigade", ""}},
	}
	for _, system := range []string{"gbacw", "x%zz", "%", "a b", "x?y", ":", "ünïcode"} {
		for i, c := range cases {
			name := forcesName(system) + ".schema.json"
			_, want := compile(map[string]map[string]any{"common.schema.json": fixedDoc("common"), name: forcesDoc(c, system)}, name)
			n := compiles.Load()
			_, got := newSet(c, system)
			if d := compiles.Load() - n; d != 0 {
				t.Errorf("%s, case %d: NewSet compiled %d schemas", system, i, d)
			}
			switch {
			case want == nil && got != nil:
				t.Errorf("%s, case %d: NewSet refused counters the library accepts: %v", system, i, got)
			case want != nil && got == nil:
				t.Errorf("%s, case %d: NewSet accepted counters the library refuses (%v)", system, i, want)
			case want != nil && got.Error() != "schema "+forcesName(system)+": "+want.Error():
				t.Errorf("%s, case %d: NewSet said %q, the library %q", system, i, got, want)
			}
		}
	}
	_, err := NewSet(cases[0], "x%zz")
	if want := `schema forces.x%zz: parse "https://muster.dev/schemas/v1/forces.x%zz.schema.json": invalid URL escape "%zz"`; err == nil || err.Error() != want {
		t.Errorf("NewSet(x%%zz) = %v, want %s", err, want)
	}
}
