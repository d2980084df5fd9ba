package oob

import (
	"slices"
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
