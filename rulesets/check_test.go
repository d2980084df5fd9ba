package rulesets

import (
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/schema"
)

// TestMisspeltFigures misspells every key under `figures` of every
// embedded ruleset, one at a time, and expects B010 at that key with a
// did-you-mean that names the key as written: no figure can be renamed or
// misspelt without a word.
func TestMisspeltFigures(t *testing.T) {
	set, err := schema.NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, sys := range Systems() {
		t.Run(sys, func(t *testing.T) {
			_, data, err := Raw(sys)
			if err != nil {
				t.Fatal(err)
			}
			d, _, _ := Raw(sys)
			var keys []*yaml.Node
			var walk func(n *yaml.Node)
			walk = func(n *yaml.Node) {
				if n.Kind == yaml.MappingNode {
					for i := 0; i+1 < len(n.Content); i += 2 {
						keys = append(keys, n.Content[i])
					}
				}
				for _, c := range n.Content {
					walk(c)
				}
			}
			walk(schema.Get(d.Root, "figures"))
			if p := schema.Get(d.Root, "play"); p != nil {
				walk(p)
			}
			if len(keys) < 10 {
				t.Fatalf("only %d figure keys found", len(keys))
			}
			lines := strings.SplitAfter(string(data), "\n")
			for _, k := range keys {
				bad := k.Value + "x"
				mis := append([]string{}, lines...)
				line := mis[k.Line-1]
				col := k.Column - 1
				if !strings.HasPrefix(line[col:], k.Value) {
					t.Fatalf("%d:%d: key %q not where the parser says", k.Line, k.Column, k.Value)
				}
				mis[k.Line-1] = line[:col] + bad + line[col+len(k.Value):]
				docs, ds := schema.Parse("rulesets/"+sys+".yaml", []byte(strings.Join(mis, "")), schema.DefaultLimits)
				if len(ds) > 0 || len(docs) != 1 {
					t.Fatalf("misspelt %q does not parse: %v", k.Value, ds)
				}
				found := false
				var got []string
				for _, dg := range Validate(set, docs[0]) {
					got = append(got, dg.String()+" hint: "+dg.Hint)
					if dg.Code == CodeFigure.Code && dg.Pos.Line == k.Line && dg.Pos.Column == k.Column && strings.Contains(dg.Hint, k.Value) {
						found = true
					}
				}
				if !found {
					t.Errorf("%s:%d:%d: figure key %q misspelt %q: no B010 there naming %q; got:\n  %s", sys, k.Line, k.Column, k.Value, bad, k.Value, strings.Join(got, "\n  "))
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
