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
	if d := compiles.Load() - n; d != 1 {
		t.Errorf("a set with counters compiled %d schemas, want its forces schema", d)
	}
	n = compiles.Load()
	check(withCounters)
	if d := compiles.Load() - n; d != 0 {
		t.Errorf("the set with counters compiled %d more schemas", d)
	}
}
