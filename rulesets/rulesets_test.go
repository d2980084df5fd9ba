package rulesets

import (
	"testing"

	"github.com/muster-wargames/muster/schema"
)

// Every embedded ruleset must satisfy the ruleset schema and be usable:
// levels, unit types with known fields, and a turn track that expands.
func TestRulesets(t *testing.T) {
	set, err := schema.NewSet(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, sys := range Systems() {
		t.Run(sys, func(t *testing.T) {
			d, _, err := Raw(sys)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range Validate(set, d) {
				t.Errorf("%s", p)
			}
			r, err := Decode(d.Value)
			if err != nil {
				t.Fatal(err)
			}
			if r.System != sys || len(r.Levels) == 0 || len(r.UnitTypes) == 0 || len(r.Terrain) == 0 {
				t.Errorf("incomplete ruleset: %+v", r)
			}
			for name, ut := range r.UnitTypes {
				for _, f := range append(append([]string{}, ut.Fields...), ut.Optional...) {
					if _, ok := r.Fields[f]; !ok {
						t.Errorf("unit type %s names unknown field %s", name, f)
					}
				}
				for face, fs := range ut.Faces {
					for _, f := range fs {
						if _, ok := r.Fields[f]; !ok {
							t.Errorf("face %s of %s names unknown field %s", face, name, f)
						}
					}
				}
			}
			for _, l := range r.Levels {
				for _, f := range l.Leader {
					if _, ok := r.Fields[f]; !ok {
						t.Errorf("level %s names unknown rating %s", l.ID, f)
					}
				}
			}
			slots, err := r.Turns.Expand()
			if err != nil || len(slots) == 0 {
				t.Fatalf("turn track: %v", err)
			}
			seen := map[string]bool{}
			for _, s := range slots {
				if seen[s.Time] {
					t.Errorf("turn %s twice on the track", s.Time)
				}
				seen[s.Time] = true
			}
			if _, err := schema.NewSet(r.Counters(), sys); err != nil {
				t.Errorf("forces schema: %v", err)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	base := map[string]any{"a": map[string]any{"x": 1, "y": 2}, "l": []any{1, 2}}
	got := Merge(base, map[string]any{"a": map[string]any{"y": 3}, "l": []any{9}})
	m := got.(map[string]any)
	if a := m["a"].(map[string]any); a["x"] != 1 || a["y"] != 3 {
		t.Errorf("maps should merge: %v", m)
	}
	if l := m["l"].([]any); len(l) != 1 {
		t.Errorf("lists should replace: %v", m)
	}
	if base["a"].(map[string]any)["y"] != 2 {
		t.Error("Merge changed its base")
	}
}
