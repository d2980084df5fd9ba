package schema

import "testing"

// TestPaths: each place a node begins has its path from the root, as
// KeyPath writes it: a key's path ends with the key; a value's is its
// key's; list indices are left out; where a collection and its first
// entry begin at one place, the collection's path is the place's.
func TestPaths(t *testing.T) {
	src := "kind: scenario\nsetup:\n  USA:\n    - {unit: 74 IL, orders: charge}\n    - name: Post\n      face: routed\n"
	docs, ds := Parse("s.yaml", []byte(src), DefaultLimits)
	if len(ds) > 0 || len(docs) != 1 {
		t.Fatalf("parse: %v", ds)
	}
	ix := Paths(docs[0].Root)
	for _, c := range []struct {
		line, col int
		want      string
	}{
		{1, 1, "scenario:"},                  // the document, before its first key
		{1, 7, "scenario:kind"},              // a value
		{2, 1, "scenario:setup"},             // a key
		{3, 3, "scenario:setup"},             // the mapping under setup, where its key USA begins
		{4, 7, "scenario:setup.USA"},         // the first item, a flow mapping
		{4, 8, "scenario:setup.USA.unit"},    // its first key
		{4, 29, "scenario:setup.USA.orders"}, // a value in it
		{5, 7, "scenario:setup.USA"},         // the second item
		{6, 13, "scenario:setup.USA.face"},   // a value in it
	} {
		p, ok := ix[Place{c.line, c.col}]
		if got := KeyPath("scenario", p, ""); !ok || got != c.want {
			t.Errorf("%d:%d: %q (found %v), want %q", c.line, c.col, got, ok, c.want)
		}
	}
	if _, ok := ix[Place{4, 10}]; ok {
		t.Error("a place inside a scalar has a path")
	}
}
