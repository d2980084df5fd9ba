package rulesets

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
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

// TestSystemEnums keeps the system enums of the battle and bundle schemas
// equal to the embedded systems: the list is derived from the ruleset
// files, and the schemas say what it derives. go generate ./... (UPDATE=1)
// rewrites them.
func TestSystemEnums(t *testing.T) {
	b, _ := json.Marshal(Systems())
	want := strings.ReplaceAll(string(b), ",", ", ")
	re := regexp.MustCompile(`("system": \{[^{}]*"enum": )\[[^\]]*\]`)
	for _, name := range []string{"battle", "bundle"} {
		path := "../schema/schemas/" + name + ".schema.json"
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ms := re.FindAllSubmatch(data, -1)
		if len(ms) != 1 {
			t.Fatalf("%s: %d system enums", path, len(ms))
		}
		got := re.ReplaceAll(data, []byte("${1}"+want))
		if string(got) == string(data) {
			continue
		}
		if os.Getenv("UPDATE") != "" {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s: the system enum is not %s: run go generate ./...", path, want)
	}
}

// AMFS reinforcements enter by I-8 (Reinforcement Movement, L626-L632);
// I-7 is Off-Map Movement (L622), which N021 and N025 once cited.
func TestAMFSEntryRule(t *testing.T) {
	r, err := Embedded().Series("amfs")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Figures.Entry.Rule; got != "AMFS I-8" {
		t.Errorf("AMFS entry rule = %q, want AMFS I-8", got)
	}
}

// TestExpandLimit: a track of MaxTurns turns expands; one more is refused
// before any turn is made (20,000 whole-day runs once took gigabytes).
func TestExpandLimit(t *testing.T) {
	day := SlotSpec{From: "0000", To: "2359", Step: 1, Light: "day"}
	var tr TurnTrack
	for range 6 {
		tr.Slots = append(tr.Slots, day) // 6 x 1,440
	}
	tr.Slots = append(tr.Slots, SlotSpec{From: "0000", To: "2239", Step: 1, Light: "day"}) // 1,360
	slots, err := tr.Expand()
	if err != nil || len(slots) != MaxTurns {
		t.Fatalf("a track of %d turns: %d turns, %v", MaxTurns, len(slots), err)
	}
	tr.Slots = append(tr.Slots, SlotSpec{Time: "2300", Light: "night"})
	if _, err := tr.Expand(); !errors.Is(err, ErrTooManyTurns) {
		t.Fatalf("a track of %d turns: %v, want ErrTooManyTurns", MaxTurns+1, err)
	}
	if !strings.Contains(ErrTooManyTurns.Error(), strconv.Itoa(MaxTurns)) {
		t.Errorf("the error %q does not name the limit %d", ErrTooManyTurns, MaxTurns)
	}
	for range 20_000 {
		tr.Slots = append(tr.Slots, day)
	}
	if _, err := tr.Expand(); !errors.Is(err, ErrTooManyTurns) {
		t.Fatalf("20,000 whole-day runs: %v, want ErrTooManyTurns", err)
	}
}

// TestNeedsTags: every needs:"KEY,..." tag (what Idle reads) sits on a
// Check and names figures of the struct that holds it; a misspelt key would
// panic in Idle.
func TestNeedsTags(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(st reflect.Type) {
		if seen[st] {
			return
		}
		seen[st] = true
		for i := 0; i < st.NumField(); i++ {
			f := st.Field(i)
			if needs := f.Tag.Get("needs"); needs != "" {
				if f.Type != checkType {
					t.Errorf("%s.%s: needs tag on a %s, not a Check", st.Name(), f.Name, f.Type)
				}
				for _, key := range strings.Split(needs, ",") {
					if _, ok := fieldByKey(reflect.New(st).Elem(), key); !ok {
						t.Errorf("%s.%s: needs %q, no figure of %s", st.Name(), f.Name, key, st.Name())
					}
				}
			}
			ft := f.Type
			for ft.Kind() == reflect.Slice || ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				walk(ft)
			}
		}
	}
	walk(reflect.TypeFor[Figures]())
	if len(seen) < 40 {
		t.Errorf("walked only %d types", len(seen))
	}
}

// TestChecksFromTypes: Checks finds every Check field of the figures (each
// list given one element, so that its checks appear), and Idle lists those
// whose needs tag names figures left unset, and no other.
func TestChecksFromTypes(t *testing.T) {
	var f Figures
	n := 0
	var fill func(v reflect.Value, depth int)
	fill = func(v reflect.Value, depth int) {
		switch {
		case v.Type() == checkType:
			n++
			v.FieldByName("Code").SetString(fmt.Sprintf("X%03d", n))
		case v.Kind() == reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				fill(v.Field(i), depth)
			}
		case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Struct && depth < 2:
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
			fill(v.Index(0), depth+1)
		}
	}
	fill(reflect.ValueOf(&f).Elem(), 0)
	cs := f.Checks()
	if len(cs) != n || n < 60 {
		t.Fatalf("Checks found %d of the %d Check fields", len(cs), n)
	}
	paths := map[string]bool{}
	for _, c := range cs {
		if paths[c.Path] || !strings.HasPrefix(c.Path, "figures."+c.Engine) {
			t.Errorf("%s: path %s, engine %s", c.Code, c.Path, c.Engine)
		}
		paths[c.Path] = true
	}
	for _, p := range []string{"figures.orders.reserve", "figures.stacking.limits[0].any_of[0]", "figures.attach.horse", "figures.hex_groups", "figures.values[0]"} {
		if !paths[p] {
			t.Errorf("no check at %s", p)
		}
	}
	idle := f.Idle()
	byPath := map[string]string{}
	for _, c := range cs {
		byPath[c.Path] = c.Code
	}
	for _, p := range []string{"figures.attach.formations.scope", "figures.attach.horse", "figures.entry.border", "figures.leaders.spare"} {
		if !idle[byPath[p]] {
			t.Errorf("%s is not idle with its figures unset", p)
		}
	}
	if idle[byPath["figures.orders.reserve"]] {
		t.Errorf("orders.reserve is idle, yet it needs no figure")
	}
	f.Attach.Horse.Field, f.Attach.Horse.To = "horse", []string{"cavalry"}
	f.Leaders.SpareLevels = []string{"division"}
	idle = f.Idle()
	if idle[byPath["figures.attach.horse"]] || idle[byPath["figures.leaders.spare"]] {
		t.Errorf("a check is idle with its figures set")
	}
}
