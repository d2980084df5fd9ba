package rulesets

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/schema"
)

// TestMisspeltFigures misspells every key under `figures` (and `play`) of
// every embedded ruleset, one at a time, and expects B010 at that key with a
// did-you-mean that names the key as written: no figure can be renamed or
// misspelt without a word.
//
// Each ruleset is parsed once: a key is misspelt in the parsed document
// (its node and the JSON-shaped value's mapping key, as a parse of the
// edited text would give them; the rulesets use no anchors, which the test
// refuses) and put back after its check. Every 25th key is also misspelt in
// the text and reparsed, and the two documents must be equal, so the
// shortcut is the edit it stands for.
func TestMisspeltFigures(t *testing.T) {
	set, err := schema.NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, sys := range Systems() {
		t.Run(sys, func(t *testing.T) {
			t.Parallel()
			_, data, err := Raw(sys)
			if err != nil {
				t.Fatal(err)
			}
			file := "rulesets/" + sys + ".yaml"
			docs, ds := schema.Parse(file, data, schema.DefaultLimits)
			if len(ds) > 0 || len(docs) != 1 {
				t.Fatalf("does not parse: %v", ds)
			}
			d := docs[0]
			// Each figure key with the mapping of the JSON-shaped value
			// that holds it.
			type key struct {
				n *yaml.Node
				m map[string]any
			}
			var keys []key
			var walk func(n *yaml.Node, v any)
			walk = func(n *yaml.Node, v any) {
				switch n.Kind {
				case yaml.AliasNode:
					t.Fatalf("%d:%d: an alias: misspelling in place needs a ruleset without anchors", n.Line, n.Column)
				case yaml.MappingNode:
					m := v.(map[string]any)
					for i := 0; i+1 < len(n.Content); i += 2 {
						k := n.Content[i]
						keys = append(keys, key{k, m})
						walk(n.Content[i+1], m[k.Value])
					}
				case yaml.SequenceNode:
					for i, c := range n.Content {
						walk(c, v.([]any)[i])
					}
				}
			}
			top := d.Value.(map[string]any)
			for _, sec := range []string{"figures", "play"} {
				if n := schema.Get(d.Root, sec); n != nil {
					walk(n, top[sec])
				}
			}
			if len(keys) < 10 {
				t.Fatalf("only %d figure keys found", len(keys))
			}
			lines := strings.SplitAfter(string(data), "\n")
			for i, k := range keys {
				name := k.n.Value
				bad := name + "x"
				line := lines[k.n.Line-1]
				col := k.n.Column - 1
				if !strings.HasPrefix(line[col:], name) {
					t.Fatalf("%d:%d: key %q not where the parser says", k.n.Line, k.n.Column, name)
				}
				if _, dup := k.m[bad]; dup {
					t.Fatalf("%d:%d: misspelt %q is a key of the same mapping", k.n.Line, k.n.Column, bad)
				}
				val := k.m[name]
				delete(k.m, name)
				k.m[bad], k.n.Value = val, bad
				if i%25 == 0 {
					mis := append([]string{}, lines...)
					mis[k.n.Line-1] = line[:col] + bad + line[col+len(name):]
					re, ds := schema.Parse(file, []byte(strings.Join(mis, "")), schema.DefaultLimits)
					if len(ds) > 0 || len(re) != 1 {
						t.Fatalf("misspelt %q does not parse: %v", name, ds)
					}
					if !reflect.DeepEqual(re[0].Value, d.Value) {
						t.Fatalf("%d:%d: misspelt %q in place is not the document the edited text parses to", k.n.Line, k.n.Column, name)
					}
				}
				found := false
				var got []string
				for _, dg := range Validate(set, d) {
					got = append(got, dg.String()+" hint: "+dg.Hint)
					if dg.Code == CodeFigure.Code && dg.Pos.Line == k.n.Line && dg.Pos.Column == k.n.Column && strings.Contains(dg.Hint, name) {
						found = true
					}
				}
				delete(k.m, bad)
				k.m[name], k.n.Value = val, name
				if !found {
					t.Errorf("%s:%d:%d: figure key %q misspelt %q: no B010 there naming %q; got:\n  %s", sys, k.n.Line, k.n.Column, name, bad, name, strings.Join(got, "\n  "))
				}
			}
			t.Logf("%d figure keys misspelt", len(keys))
		})
	}
}

// TestValidateRefs: a figure or a unit type naming what the ruleset does
// not define is reported at its place.
func TestValidateRefs(t *testing.T) {
	set, err := schema.NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	_, data, _ := Raw("tss")
	for _, c := range []struct{ from, to, code, want string }{
		{"select: [infantry]\n", "select: [infantary]\n", "B010", `figures.stacking.limits.6.select.0: class "infantary" is not defined in this ruleset`},
		{"sp_as: {wagon: 4, hq: 1}", "sp_as: {wagon: 4, hqq: 1}", "B010", `class "hqq"`},
		{"exempt: [artillery, horse-artillery, wagon, hq]", "exempt: [artillery, horse-artilery, wagon, hq]", "B010", `class "horse-artilery"`},
		{"class: wagon", "class: wagons", "B011", `class "wagons"`},
		{"light: night", "light: nite", "B011", `light "nite"`},
		{"max_units: 2", "max_units: -2", "B010", `max_units: Must be greater than or equal to 0`},
		{"max_units: 2", "max_units: two", "B010", `max_units: expected number`},
	} {
		t.Run(c.to, func(t *testing.T) {
			s := strings.Replace(string(data), c.from, c.to, 1)
			if s == string(data) {
				t.Fatalf("%q not in tss.yaml", c.from)
			}
			docs, ds := schema.Parse("rulesets/tss.yaml", []byte(s), schema.DefaultLimits)
			if len(ds) > 0 {
				t.Fatal(ds)
			}
			var got []string
			for _, d := range Validate(set, docs[0]) {
				got = append(got, fmt.Sprintf("%s %s %s", d.Pos, d.Code, d.Message))
				if d.Code == c.code && strings.Contains(d.Message, c.want) && d.Pos.Line > 0 {
					return
				}
			}
			t.Errorf("want %s %q; got %q", c.code, c.want, got)
		})
	}
}

// onlyB011 validates src as gbacw.yaml and wants nothing (want "") or one
// B011 whose message holds want.
func onlyB011(t *testing.T, set *schema.Set, src, label, want string) {
	t.Helper()
	docs, ds := schema.Parse("rulesets/gbacw.yaml", []byte(src), schema.DefaultLimits)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var got []string
	for _, d := range Validate(set, docs[0]) {
		got = append(got, fmt.Sprintf("%s %s %s", d.Pos, d.Code, d.Message))
	}
	if want == "" && len(got) > 0 {
		t.Errorf("%s: want nothing; got %q", label, got)
	}
	if want != "" && (len(got) != 1 || !strings.Contains(got[0], "B011 "+want)) {
		t.Errorf("%s: want B011 %q; got %q", label, want, got)
	}
}

// TestValidateCounters: a unit type's counters: names one of its own
// faces; a face it does not have is B011 at its place.
func TestValidateCounters(t *testing.T) {
	set, err := schema.NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	_, data, _ := Raw("gbacw")
	for _, c := range []struct{ to, want string }{
		{"counters: [dismounted]", ""},
		{"counters: [dismountd]", `unit_types.cav.counters.0: face "dismountd"`},
	} {
		s := strings.Replace(string(data), "counters: [dismounted]", c.to, 1)
		if s == string(data) && c.want != "" {
			t.Fatal("no counters: [dismounted] in gbacw.yaml")
		}
		onlyB011(t, set, s, c.to, c.want)
	}
}

// TestValidateHexsideLevels: a hexside level reads a hexside feature as
// another; a name that is no hexside feature is B011 at its place.
func TestValidateHexsideLevels(t *testing.T) {
	set, err := schema.NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	_, data, _ := Raw("gbacw")
	for _, c := range []struct{ as, want string }{
		{"{river: stream, ford-b: ford-a}", ""},
		{"{rivr: stream}", `hexside_levels.0.as.rivr: hexside "rivr"`},
		{"{river: streem}", `hexside_levels.0.as.river: hexside "streem"`},
	} {
		s := string(data) + "\nhexside_levels:\n  - {from: \"Dec 29\", as: " + c.as + "}\n"
		onlyB011(t, set, s, c.as, c.want)
	}
}

// TestSwitches: a switch no figure reads is a misspelt switch, B010 at its
// key; a figure reading a switch the ruleset does not set is B010 too.
func TestSwitches(t *testing.T) {
	set, err := schema.NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	_, data, _ := Raw("summer-storm")
	for _, c := range []struct{ to, want string }{
		{"  stack-mixing: division\n  stack-mixng: brigade\n", `switches.stack-mixng: switch "stack-mixng" is read by no figure`},
		{"  stack-mixng: division\n", `names switch "stack-mixing", which the ruleset does not set`},
	} {
		s := strings.Replace(string(data), "  stack-mixing: division\n", c.to, 1)
		if s == string(data) {
			t.Fatal("no stack-mixing switch in summer-storm.yaml")
		}
		docs, _ := schema.Parse("rulesets/summer-storm.yaml", []byte(s), schema.DefaultLimits)
		var got []string
		ok := false
		for _, d := range Validate(set, docs[0]) {
			got = append(got, d.String())
			ok = ok || (d.Code == CodeFigure.Code && strings.Contains(d.Message, c.want) && d.Pos.Line > 0)
		}
		if !ok {
			t.Errorf("want B010 %q; got %q", c.want, got)
		}
	}
}
