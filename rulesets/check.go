package rulesets

import (
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// Codes of ruleset problems: in a ruleset file, or in a battle's `rules:`
// override laid over its series ruleset.
var (
	CodeFigure = diag.Code{Code: "B010", Severity: diag.Error, Title: "bad figure in a ruleset",
		Doc: "A figure under a ruleset's `figures`, `play` or `switches` (or under `rules:` in battle.yaml) is not one the check engines know, has the wrong type, is out of range, or names a class, order, terrain, level, light or field the ruleset does not define. Every figure is typed; a misspelt one would otherwise switch its limit off without a word, so muster refuses it and suggests the figure meant."}
	CodeRef = diag.Code{Code: "B011", Severity: diag.Error, Title: "ruleset names what it does not define",
		Doc: "A ruleset (or a battle's override of one) names a class, light, field or level that the ruleset does not define: a unit type of an unknown class, a turn of an unknown light, a counter value that is not among the fields. The checks would read nothing there."}
)

// Codes lists the codes of this package.
var Codes = []diag.Code{CodeFigure, CodeRef}

// Validate checks a ruleset document against the ruleset schema and its own
// cross-references: every class, light, field, level, order and terrain it
// names is one it defines. Problems under `figures` have code B010,
// references elsewhere B011; other schema problems keep their S codes.
// root is the node that positions point into: the document's root for a
// ruleset file, the `rules:` mapping for a battle's override, whose value
// is then the merged ruleset.
func Validate(set *schema.Set, d *schema.Doc) []diag.Diagnostic {
	var l diag.List
	under := map[[2]int]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		under[[2]int{n.Line, n.Column}] = true
		for _, c := range n.Content {
			walk(c)
		}
	}
	for _, typed := range []string{"figures", "play"} {
		if n := schema.Get(d.Root, typed); n != nil {
			walk(n)
		}
	}
	probs := set.Check(d, "ruleset")
	for _, p := range probs {
		if under[[2]int{p.Pos.Line, p.Pos.Column}] && p.Pos.File == d.File {
			p.Code, p.Severity = CodeFigure.Code, CodeFigure.Severity
		}
		l.Add(p)
	}
	if len(probs) > 0 {
		return l.Items() // the references are read from a well-formed ruleset only
	}
	r, err := Decode(d.Value)
	if err != nil {
		// the one decoding error a well-formed ruleset can have: a figure
		// reads a switch that is not set
		at := d.Root
		if sw := schema.Get(d.Root, "switches"); sw != nil {
			at = sw
		}
		l.Addf(CodeFigure, d.Pos(at), "%v", err)
		return l.Items()
	}
	for _, p := range r.refProblems() {
		code := CodeRef
		if p.path[0] == "figures" || p.path[0] == "switches" || p.path[0] == "play" {
			code = CodeFigure
		}
		n := exact(d.Root, p.path)
		if n == nil {
			n = d.Root
		}
		what := "is not defined in this ruleset"
		if p.kind == "switch" {
			what = "is read by no figure"
		}
		dg := l.Addf(code, d.Pos(n), "%s: %s %q %s", strings.Join(p.path, "."), p.kind, p.name, what)
		dg.Path = schema.KeyPath("ruleset", p.path, "")
		dg.About(diag.Subjects{Values: []string{p.name}})
		if m := schema.Nearest(p.name, p.known); m != "" {
			dg.Offer(p.name, m)
		} else if len(p.known) > 0 && len(p.known) <= 12 {
			dg.Hint = "the ruleset defines " + strings.Join(p.known, ", ")
		}
	}
	return l.Items()
}

// exact finds the node a path names: the key node when the path ends in a
// key that is itself the reference (a class named as a key of sp_as), else
// the value node; nil when the path is not all there.
func exact(root *yaml.Node, path []string) *yaml.Node {
	val, key, ok := schema.LocateAll(root, path)
	switch {
	case !ok:
		return nil
	case len(path) > 1 && keyRefs[path[len(path)-2]] && key != nil:
		return key
	}
	return val
}

// keyRefs are the mappings whose keys are references.
var keyRefs = map[string]bool{"face_class": true, "sp_as": true, "weight": true, "fixed": true, "chain_field": true, "cost": true, "switches": true, "class_max_sp": true, "two_hex_sp": true, "terrain_levels": true, "range": true, "max_sp": true, "values": true, "min": true, "max": true}

type refProblem struct {
	path  []string
	kind  string // class, light, field, level, order, terrain, hexside, face, mover, switch
	name  string
	known []string
}

// domains lists what the ruleset defines, by kind of reference.
func (r *Ruleset) domains() map[string][]string {
	d := map[string][]string{}
	for c := range r.Classes {
		d["class"] = append(d["class"], c)
	}
	for l := range r.Lights {
		d["light"] = append(d["light"], l)
	}
	for f := range r.Fields {
		d["field"] = append(d["field"], f)
	}
	for _, l := range r.Levels {
		d["level"] = append(d["level"], l.ID)
	}
	// "none" stands for a stack whose orders the set-up leaves open
	d["order"] = append(append(d["order"], r.Orders...), "none")
	for t := range r.Terrain {
		d["terrain"] = append(d["terrain"], t)
	}
	for t := range r.Roads {
		d["road"] = append(d["road"], t)
	}
	for t := range r.Hexsides {
		d["hexside"] = append(d["hexside"], t)
	}
	faces := map[string]bool{}
	for _, t := range r.UnitTypes {
		for f := range t.Faces {
			faces[f] = true
		}
	}
	for f := range faces {
		d["face"] = append(d["face"], f)
	}
	// the figures of a morale track, as the forces format names them
	d["morale"] = []string{"amf", "dmf", "shaken", "start"}
	d["switch"] = append(d["switch"], r.switchesRead...)
	// what holds a counter state: a unit class, or the leaders
	d["holder"] = append(append([]string{}, d["class"]...), "leader")
	// movement costs are by class, by the leader's movement class, or other
	d["mover"] = append(append([]string{"other"}, d["class"]...), r.Figures.Command.LeaderClass)
	for k := range d {
		sort.Strings(d[k])
	}
	return d
}

// refProblems lists every name the ruleset uses but does not define, in a
// stable order.
func (r *Ruleset) refProblems() []refProblem {
	dom := r.domains()
	var out []refProblem
	check := func(path []string, kind, name string) {
		if name == "" {
			return
		}
		for _, k := range dom[kind] {
			if k == name {
				return
			}
		}
		out = append(out, refProblem{append([]string{}, path...), kind, name, dom[kind]})
	}
	for _, name := range sortedKeys(r.UnitTypes) {
		t := r.UnitTypes[name]
		p := []string{"unit_types", name}
		check(append(p, "class"), "class", t.Class)
		for i, f := range t.Fields {
			check(append(p, "fields", strconv.Itoa(i)), "field", f)
		}
		for i, f := range t.Optional {
			check(append(p, "optional", strconv.Itoa(i)), "field", f)
		}
		for _, face := range sortedKeys(t.Faces) {
			for i, f := range t.Faces[face] {
				check(append(p, "faces", face, strconv.Itoa(i)), "field", f)
			}
		}
		for i, f := range t.Counters {
			if _, ok := t.Faces[f]; !ok {
				out = append(out, refProblem{append(p, "counters", strconv.Itoa(i)), "face", f, sortedKeys(t.Faces)})
			}
		}
	}
	for i, l := range r.Levels {
		for j, f := range l.Leader {
			check([]string{"levels", strconv.Itoa(i), "leader", strconv.Itoa(j)}, "field", f)
		}
	}
	for i, s := range r.Turns.Slots {
		check([]string{"turns", "slots", strconv.Itoa(i), "light"}, "light", s.Light)
	}
	for i, lv := range r.HexsideLevels {
		for _, k := range sortedKeys(lv.As) {
			p := []string{"hexside_levels", strconv.Itoa(i), "as", k}
			check(p, "hexside", k)
			check(p, "hexside", lv.As[k])
		}
	}
	check([]string{"strength"}, "field", r.Strength)
	for _, table := range []struct {
		name string
		t    map[string]CostEntry
	}{{"terrain", r.Terrain}, {"hexsides", r.Hexsides}, {"roads", r.Roads}} {
		for _, name := range sortedKeys(table.t) {
			for _, k := range sortedKeys(table.t[name].Cost) {
				check([]string{table.name, name, "cost", k}, "mover", k)
			}
		}
	}
	refs(reflect.ValueOf(r.Figures), []string{"figures"}, check)
	refs(reflect.ValueOf(r.Play), []string{"play"}, check)
	// a switch no figure reads would change nothing: a misspelt switch
	for _, name := range sortedKeys(r.Switches) {
		check([]string{"switches", name}, "switch", name)
	}
	return out
}

// refs walks the figures by their tags: items:"KIND" on a list, ref:"KIND"
// on a name, keys:"KIND" and values:"KIND" on a mapping.
func refs(v reflect.Value, path []string, check func([]string, string, string)) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f, fv := t.Field(i), v.Field(i)
		if f.Anonymous {
			refs(fv, path, check)
			continue
		}
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		p := append(append([]string{}, path...), key)
		switch fv.Kind() {
		case reflect.Struct:
			refs(fv, p, check)
		case reflect.String:
			if k := f.Tag.Get("ref"); k != "" {
				check(p, k, fv.String())
			}
		case reflect.Slice:
			for j := 0; j < fv.Len(); j++ {
				e := fv.Index(j)
				ep := append(append([]string{}, p...), strconv.Itoa(j))
				if e.Kind() == reflect.Struct {
					refs(e, ep, check)
				} else if k := f.Tag.Get("items"); k != "" {
					check(ep, k, e.String())
				}
			}
		case reflect.Map:
			keys := fv.MapKeys()
			sort.Slice(keys, func(a, b int) bool { return keys[a].String() < keys[b].String() })
			for _, mk := range keys {
				kp := append(append([]string{}, p...), mk.String())
				if k := f.Tag.Get("keys"); k != "" {
					check(kp, k, mk.String())
				}
				if k := f.Tag.Get("values"); k != "" {
					check(kp, k, fv.MapIndex(mk).String())
				}
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
