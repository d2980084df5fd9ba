package schema

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPlaces: a document's Places give every place Paths has the path
// KeyPath writes from it, and no path where no node begins: on TestPaths'
// document, one with keys that read as numbers, anchors and aliases, and
// every document of the examples.
func TestPlaces(t *testing.T) {
	srcs := map[string]string{
		"paths.yaml":   "kind: scenario\nsetup:\n  USA:\n    - {unit: 74 IL, orders: charge}\n    - name: Post\n      face: routed\n",
		"numbers.yaml": "kind: map\n12: {a: 1, -3: [x, {b: 2}]}\nrows: &r\n  - \"..\"\n  - [1, 2]\nagain: *r\n",
		"merge.yaml":   "kind: forces\nbase: &b {x: 1}\nunits:\n  - <<: *b\n    name: A\n",
	}
	files, _ := filepath.Glob("../examples/*/*.yaml")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = string(b)
	}
	n := 0
	for name, src := range srcs {
		docs, _ := Parse(name, []byte(src), DefaultLimits)
		for _, d := range docs {
			want := Paths(d.Root)
			got := NewPlaces(d.Root)
			for pl, p := range want {
				n++
				w := KeyPath("k", p, "")
				if g, ok := got.Path("k", pl.Line, pl.Column); !ok || g != w {
					t.Errorf("%s %d:%d: %q (found %v), want %q", name, pl.Line, pl.Column, g, ok, w)
				}
				if _, ok := want[Place{pl.Line, pl.Column + 1}]; !ok {
					if g, ok := got.Path("k", pl.Line, pl.Column+1); ok {
						t.Errorf("%s %d:%d: %q where no node begins", name, pl.Line, pl.Column+1, g)
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d places compared", n)
	}
}
