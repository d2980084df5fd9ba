package schema

import (
	"fmt"
	"testing"
)

// TestKeyTable: the table a plan finds each key's rules in gives every
// key its own member and no member for a key it was not made with, for
// the keys of every mapping of every schema, and for sets of keys no table
// can hold without a collision (the map then).
func TestKeyTable(t *testing.T) {
	set, err := NewSet(nil, "key-table-test")
	if err != nil {
		t.Fatal(err)
	}
	var sets []map[string]*member
	for _, kind := range []string{"battle", "forces", "map", "scenario"} {
		seen := map[*rule]bool{}
		var walk func(r *rule)
		walk = func(r *rule) {
			if r == nil || seen[r] {
				return
			}
			seen[r] = true
			named := map[string]*member{}
			for k, c := range r.props {
				named[k] = &member{}
				walk(c)
			}
			sets = append(sets, named)
			for _, s := range r.refs {
				walk(s)
			}
			walk(r.items)
			walk(r.extra)
		}
		walk(set.thinRule(kind))
	}
	// keys alike in length and the bytes hashed
	same := map[string]*member{}
	for i := range 40 {
		same[fmt.Sprintf("a%02db", i)] = &member{}
	}
	sets = append(sets, same, map[string]*member{"": {}})
	tables, maps := 0, 0
	for _, named := range sets {
		kt := newKeyTable(named)
		if kt.slots != nil {
			tables++
		} else {
			maps++
		}
		for k, m := range named {
			if got := kt.get(k); got != m {
				t.Errorf("key %q: another member", k)
			}
			for _, other := range []string{k + "x", "x" + k, k[:len(k)/2]} {
				if _, ok := named[other]; !ok && kt.get(other) != nil {
					t.Errorf("key %q, not named: a member", other)
				}
			}
		}
	}
	if tables == 0 {
		t.Errorf("no key table made (%d maps)", maps)
	}
	t.Logf("%d tables, %d maps", tables, maps)
}
