package diff

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/rulesets"
)

// Compare lists every change from battle a to battle b, named oldName and
// newName in the result (a folder, a revision).
func Compare(oldName, newName string, a, b *battle.Battle) Result {
	var out []Change
	base := Change{Section: Battle, Subject: "battle"}
	out = append(out, diffText(base, "id", a.ID, b.ID)...)
	out = append(out, diffText(base, "name", a.Name, b.Name)...)
	out = append(out, diffText(base, "system", a.System, b.System)...)
	out = append(out, diffText(base, "days", strings.Join(a.Days, ", "), strings.Join(b.Days, ", "))...)
	fc, x := forces(a, b)
	out = append(out, fc...)
	out = append(out, scenarios(a, b, x)...)
	out = append(out, mapChanges(a.Map, b.Map)...)
	if a.System == b.System {
		out = append(out, rules(a.Rules, b.Rules)...)
	}
	out = append(out, variants(a.Variants, b.Variants)...)
	sortChanges(out)
	if out == nil {
		out = []Change{}
	}
	return Result{Old: oldName, New: newName, Changes: out}
}

func variants(a, b []string) []Change {
	in := map[string]bool{}
	for _, v := range a {
		in[v] = true
	}
	now := map[string]bool{}
	for _, v := range b {
		now[v] = true
	}
	var out []Change
	for _, v := range a {
		if !now[v] {
			out = append(out, Change{Section: Variants, Action: Removed, Subject: v})
		}
	}
	for _, v := range b {
		if !in[v] {
			out = append(out, Change{Section: Variants, Action: Added, Subject: v})
		}
	}
	return out
}

// rules compares the rulesets the battles are played with (the system's,
// with the battle's `rules:` overrides laid on) as their JSON: each value
// that differs is a change at its path ("figures.stacking.limits[0].max").
func rules(a, b *rulesets.Ruleset) []Change {
	if a == nil || b == nil {
		return nil
	}
	var va, vb any
	if err := roundTrip(a, &va); err != nil {
		return []Change{{Section: Rules, Action: Changed, Subject: "ruleset", Note: err.Error()}}
	}
	if err := roundTrip(b, &vb); err != nil {
		return []Change{{Section: Rules, Action: Changed, Subject: "ruleset", Note: err.Error()}}
	}
	var out []Change
	walk("", va, vb, &out)
	return out
}

func roundTrip(v any, into *any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}

func jsonText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

func walk(path string, a, b any, out *[]Change) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := map[string]bool{}
		for k := range x {
			keys[k] = true
		}
		for k := range y {
			keys[k] = true
		}
		ks := make([]string, 0, len(keys))
		for k := range keys {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			p := k
			if path != "" {
				p = path + "." + k
			}
			xv, xok := x[k]
			yv, yok := y[k]
			switch {
			case !yok:
				*out = append(*out, Change{Section: Rules, Action: Removed, Subject: p, Old: str(jsonText(xv))})
			case !xok:
				*out = append(*out, Change{Section: Rules, Action: Added, Subject: p, New: str(jsonText(yv))})
			default:
				walk(p, xv, yv, out)
			}
		}
		return
	case []any:
		y, ok := b.([]any)
		if !ok {
			break
		}
		for i := 0; i < max(len(x), len(y)); i++ {
			p := fmt.Sprintf("%s[%d]", path, i)
			switch {
			case i >= len(y):
				*out = append(*out, Change{Section: Rules, Action: Removed, Subject: p, Old: str(jsonText(x[i]))})
			case i >= len(x):
				*out = append(*out, Change{Section: Rules, Action: Added, Subject: p, New: str(jsonText(y[i]))})
			default:
				walk(p, x[i], y[i], out)
			}
		}
		return
	}
	if ta, tb := jsonText(a), jsonText(b); ta != tb {
		*out = append(*out, Change{Section: Rules, Action: Changed, Subject: path, Old: str(ta), New: str(tb)})
	}
}
