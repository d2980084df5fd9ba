package schema

import (
	"bytes"
	"testing"

	"github.com/muster-wargames/muster/diag"
)

// FuzzParse feeds arbitrary bytes to the YAML loader. It must never panic,
// every diagnostic must point inside the file, and every document it
// returns must have a root and a JSON-shaped value.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"kind: battle\nid: x\n",
		"a: &a [1, 2]\nb: *a\nc: {<<: {x: 1}}\n",
		"hex: 0304\n0101: x\n",
		"--- \n---\na: 1\n...\n",
		"a: [[[[[[[[[[[[]]]]]]]]]]]]\n",
		"a: 'unterminated\n",
		"\x00\xff",
	} {
		f.Add([]byte(s))
	}
	lim := Limits{MaxBytes: 1 << 20, MaxNodes: 20_000, MaxDepth: 50, MaxAliases: 1_000}
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, ds := Parse("f.yaml", data, lim)
		// YAML breaks lines at \n, \r\n and a lone \r.
		lines := bytes.Count(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n")) + bytes.Count(data, []byte("\r")) - bytes.Count(data, []byte("\r\n")) + 1
		for _, d := range ds {
			if d.Pos.File != "f.yaml" {
				t.Fatalf("diagnostic names file %q: %v", d.Pos.File, d)
			}
			if d.Pos.Line < 0 || d.Pos.Line > lines+1 || d.Pos.Column < 0 {
				t.Fatalf("diagnostic outside the file (%d lines): %v", lines, d)
			}
			if d.Code == "" || d.Message == "" {
				t.Fatalf("diagnostic without code or message: %#v", d)
			}
			if _, ok := diag.Catalogue(Codes).Lookup(d.Code); !ok {
				t.Fatalf("unregistered code %s", d.Code)
			}
		}
		for _, d := range docs {
			if d.Root == nil {
				t.Fatalf("document without a root")
			}
			checkShape(t, d.Value, 0)
		}
	})
}

// checkShape asserts v is built of the types JSON Schema sees.
func checkShape(t *testing.T, v any, depth int) {
	if depth > 200 {
		t.Fatalf("value nests deeper than the limit allows")
	}
	switch x := v.(type) {
	case nil, bool, string:
	case map[string]any:
		for _, e := range x {
			checkShape(t, e, depth+1)
		}
	case []any:
		for _, e := range x {
			checkShape(t, e, depth+1)
		}
	default:
		if _, ok := v.(interface{ String() string }); !ok { // json.Number
			t.Fatalf("value of type %T", v)
		}
	}
}
