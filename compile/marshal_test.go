package compile

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

var allBundles map[string]*Bundle

// Every bundle of every example, by example and scenario, built once.
func exampleBundles(t *testing.T) map[string]*Bundle {
	t.Helper()
	if allBundles != nil {
		return allBundles
	}
	out := map[string]*Bundle{}
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	for _, p := range dirs {
		b, _ := battle.LoadDir(filepath.Dir(p), battle.Options{})
		if b == nil || b.Rules == nil {
			t.Fatalf("%s does not load", p)
		}
		for _, s := range b.Scenarios {
			out[b.ID+"/"+s.ID] = NewBundle(b, s)
		}
	}
	if len(out) == 0 {
		t.Fatal("no example bundles")
	}
	allBundles = out
	return out
}

// A bundle (the embedded example's, and the same with characters HTML
// escaping changes) marshals to the bytes Bundle.JSON writes however it is
// marshalled: each way of marshalling gives for the bundle what it gives
// for Bundle.JSON's bytes as a json.RawMessage (encoding/json compacts or
// re-indents whatever a Marshaler returns, and escapes HTML unless told
// not to).
func TestBundleMarshalsAnyWay(t *testing.T) {
	encode := func(v any, indent string, html bool) []byte {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", indent)
		enc.SetEscapeHTML(html)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	ways := map[string]func(v any) ([]byte, error){
		"json.Marshal":                        json.Marshal,
		"json.MarshalIndent":                  func(v any) ([]byte, error) { return json.MarshalIndent(v, "", " ") },
		"Encoder":                             func(v any) ([]byte, error) { return encode(v, "", true), nil },
		"Encoder, indented, no HTML escaping": func(v any) ([]byte, error) { return encode(v, " ", false), nil },
		"in a struct": func(v any) ([]byte, error) {
			return json.Marshal(struct {
				B any `json:"b"`
			}{v})
		},
	}
	b := example(t)
	plain := NewBundle(b, b.Scenarios[0])
	html := NewBundle(b, b.Scenarios[0]) // with what HTML escaping changes
	html.Battle.Name = "<Stones & River>"
	html.Units[0].Name = "A&B <1>"
	for name, bu := range map[string]*Bundle{"dow-intro": plain, "dow-intro with <&>": html} {
		want, err := bu.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := bu.MarshalJSON(); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: MarshalJSON is not JSON (%v)", name, err)
		}
		for way, marshal := range ways {
			w, err := marshal(json.RawMessage(want))
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range []any{*bu, bu} {
				got, err := marshal(v)
				if err != nil {
					t.Fatalf("%s: %s(%T): %v", name, way, v, err)
				}
				if !bytes.Equal(got, w) {
					t.Errorf("%s: %s(%T) is not JSON()'s bytes", name, way, v)
				}
				if bytes.Contains(got, []byte(`\u0000`)) {
					t.Errorf("%s: %s(%T) writes a NUL", name, way, v)
				}
			}
		}
	}
}

// Bundle.JSON writes what encoding/json writes for the bundle's fields,
// laid out differently, and the big lists marshal on their own as the
// plain slices do.
func TestBundleJSONIsEncodingJSON(t *testing.T) {
	type plain Bundle // the fields without Bundle's methods
	for name, bu := range exampleBundles(t) {
		got, err := bu.JSON()
		if err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, got); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(plain(*bu)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(compact.Bytes(), bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
			t.Errorf("%s: JSON() is not encoding/json's bundle", name)
		}
		same := func(what string, l, s any) {
			a, err1 := json.Marshal(l)
			b, err2 := json.Marshal(s)
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				t.Errorf("%s: %s marshals as %.80s, not as %.80s (%v, %v)", name, what, a, b, err1, err2)
			}
		}
		same("units", bu.Units, []UnitOut(bu.Units))
		same("setup", bu.Setup, []StackOut(bu.Setup))
		same("hexes", bu.Map.Hexes, bu.Map.Hexes.List())
	}
	for _, v := range []any{lines[UnitOut](nil), lines[UnitOut]{}, Hexes{}} {
		if got, err := json.Marshal(v); err != nil || string(got) != "[]" {
			t.Errorf("empty %T marshals as %s (%v), want []", v, got, err)
		}
	}
}

// A bundle read back with json.Unmarshal writes the same bytes again.
func TestBundleRoundTrips(t *testing.T) {
	for name, bu := range exampleBundles(t) {
		data, err := bu.JSON()
		if err != nil {
			t.Fatal(err)
		}
		var back Bundle
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if back.Map.Hexes.Len() != bu.Map.Hexes.Len() || len(back.Map.Hexes.List()) != bu.Map.Hexes.Len() {
			t.Errorf("%s: %d hexes back, want %d", name, back.Map.Hexes.Len(), bu.Map.Hexes.Len())
		}
		again, err := back.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, data) {
			t.Errorf("%s: the bundle read back writes other bytes", name)
		}
	}
}
