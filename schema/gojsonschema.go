package schema

// This file is the only place muster uses the JSON Schema library.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/xeipuuv/gojsonschema"
)

type gjs struct{ s *gojsonschema.Schema }

// compiles counts the schemas compiled, for the tests that check each is
// compiled once and only when used.
var compiles atomic.Int64

func compile(raw map[string]map[string]any, root string) (compiled, error) {
	compiles.Add(1)
	return compileRaw(raw, root)
}

// compileRaw compiles the schema root with the common schemas of raw
// beside it (uncounted: counterCheck's small schema is not one of the
// set's).
func compileRaw(raw map[string]map[string]any, root string) (compiled, error) {
	sl := gojsonschema.NewSchemaLoader()
	sl.Draft = gojsonschema.Draft7
	sl.AutoDetect = false
	names := make([]string, 0, len(raw))
	for n := range raw {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if n == root || !strings.HasPrefix(n, "common") {
			continue
		}
		if err := sl.AddSchemas(newLoader(raw[n])); err != nil {
			return nil, err
		}
	}
	s, err := sl.Compile(newLoader(raw[root]))
	if err != nil {
		return nil, err
	}
	return gjs{s}, nil
}

// loader hands the library a schema document that is already the JSON value
// its Go loader would make (by marshalling the document and decoding it with
// json.Number for numbers), so that round trip is not paid on every compile.
type loader struct {
	gojsonschema.JSONLoader // the Go loader: its reference and loader factory
	doc                     any
}

func newLoader(doc map[string]any) loader {
	v := fastEnums(doc)
	return loader{gojsonschema.NewGoLoader(v), v}
}

func (l loader) LoadJSON() (any, error) { return l.doc, nil }

// checked counts the problems the library reported, for the tests.
var checked atomic.Int64

func (g gjs) validate(v any) []problem {
	res, err := g.s.Validate(gojsonschema.NewRawLoader(v))
	if err != nil {
		return []problem{{kind: "other", message: err.Error()}}
	}
	checked.Add(int64(len(res.Errors())))
	var out []problem
	for _, e := range res.Errors() {
		p := problem{path: tokens(e.Context()), given: e.Value()}
		det := e.Details()
		switch e.Type() {
		case "required":
			p.kind, p.prop = "required", fmt.Sprint(det["property"])
		case "additional_property_not_allowed":
			p.kind, p.prop = "additional", fmt.Sprint(det["property"])
		case "invalid_type":
			p.kind = "type"
			p.message = fmt.Sprintf("expected %s, found %s", typeList(fmt.Sprint(det["expected"])), det["given"])
		case "enum", "const":
			p.kind = "enum"
			if a, ok := det["allowed"].(string); ok {
				for _, s := range strings.Split(a, ", ") {
					s = strings.Trim(s, `"`)
					if s != "null" && s != "<nil>" {
						p.allowed = append(p.allowed, s)
					}
				}
			}
			if c, ok := det["allowed"]; ok && e.Type() == "const" {
				p.allowed = []string{strings.Trim(fmt.Sprint(c), `"`)}
			}
		case "number_gte", "number_lte", "number_gt", "number_lt", "array_min_items", "array_max_items", "string_gte", "string_lte", "array_min_properties":
			p.kind = "range"
			p.message = e.Description()
		case "pattern":
			p.kind = "pattern"
			p.message = "does not have the expected form"
		case "invalid_property_name":
			p.kind, p.prop = "propname", fmt.Sprint(det["property"])
			p.message = "is not a usable key here"
		case "number_one_of", "number_any_of", "number_all_of":
			// The branch errors that follow say more; this summary only
			// helps when no branch error is reported at the same place.
			p.kind = "oneof"
			p.message = e.Description()
		default:
			p.kind = "other"
			p.message = e.Description()
		}
		out = append(out, p)
	}
	return pruneOneOf(mergePropNames(out))
}

// mergePropNames folds the problem the library reports for a bad property
// name (a pattern or a length, with the name as the value) into the
// property-name problem itself, which knows the key.
func mergePropNames(ps []problem) []problem {
	inner := map[string]string{} // path and name → what is wrong with the name
	for _, p := range ps {
		if p.kind == "propname" {
			inner[pathKey(p.path, p.prop)] = ""
		}
	}
	if len(inner) == 0 {
		return ps
	}
	var out []problem
	for _, p := range ps {
		if g, ok := p.given.(string); ok && p.kind != "propname" {
			k := pathKey(p.path, g)
			if m, ok := inner[k]; ok {
				if m == "" {
					inner[k] = p.message
				}
				continue
			}
		}
		out = append(out, p)
	}
	for i, p := range out {
		if p.kind == "propname" {
			if m := inner[pathKey(p.path, p.prop)]; m != "" {
				out[i].message = m
			}
		}
	}
	return out
}

// typeList writes the library's "[array,object]" as "array or object".
func typeList(s string) string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	return strings.ReplaceAll(s, ",", " or ")
}

func pathKey(path []string, last string) string {
	return strings.Join(path, "\x00") + "\x00" + last
}

// pruneOneOf drops the "must match one of" summary where a more specific
// problem at or below the same path explains it, and keeps only the
// problems of the branch that got furthest.
func pruneOneOf(ps []problem) []problem {
	// Which paths have a problem at or below them is kept in sets, each
	// path a key (pathOf), so the pruning is linear in the problems (it
	// compared every problem with every other: a document of many type
	// errors cost their square).
	below := map[string]bool{}   // proper prefixes of a non-oneof problem's path
	renamed := map[string]bool{} // paths of propname problems
	for _, q := range ps {
		if q.kind == "oneof" {
			continue
		}
		prefixes(q.path, below)
		if q.kind == "propname" {
			renamed[pathOf(q.path)] = true
		}
	}
	out := make([]problem, 0, len(ps))
	for _, p := range ps {
		if p.kind != "oneof" {
			out = append(out, p)
			continue
		}
		if k := pathOf(p.path); !below[k] && !renamed[k] {
			p.kind = "other"
			p.message = "value does not have any of the allowed forms"
			out = append(out, p)
		}
	}
	// Inside a oneOf, a type error of the branch that did not apply
	// ("expected array, found object") is noise beside the real error.
	deeper := map[string]bool{}  // proper prefixes of every problem's path
	notType := map[string]bool{} // paths of a problem other than a type
	for _, q := range out {
		prefixes(q.path, deeper)
		if q.kind != "type" {
			notType[pathOf(q.path)] = true
		}
	}
	final := make([]problem, 0, len(out))
	for _, p := range out {
		if p.kind == "type" {
			if k := pathOf(p.path); notType[k] || deeper[k] {
				continue
			}
		}
		final = append(final, p)
	}
	return final
}

// pathOf is a path as a key: each token followed by a NUL, so the root
// ("") and a key "" ("\x00") differ.
func pathOf(path []string) string {
	var b strings.Builder
	for _, t := range path {
		b.WriteString(t)
		b.WriteByte(0)
	}
	return b.String()
}

// prefixes adds the keys (pathOf) of path's proper prefixes to set.
func prefixes(path []string, set map[string]bool) {
	var b strings.Builder
	for _, t := range path {
		set[b.String()] = true
		b.WriteString(t)
		b.WriteByte(0)
	}
}

func tokens(c *gojsonschema.JsonContext) []string {
	s := c.String("\x00")
	parts := strings.Split(s, "\x00")
	if len(parts) > 0 && parts[0] == "(root)" {
		parts = parts[1:]
	}
	return parts
}

// fastEnums returns a copy of a schema, with numbers as the json.Number of
// their JSON text (as the library's own loader makes them), in which every
// enum of strings (and null) is a type and an anchored pattern instead. gojsonschema checks an
// enum by marshalling the value to JSON and back, once per value; a pattern
// is a regular-expression match. The two accept the same values. Set.Check
// reports a type or pattern problem at a place whose schema has an enum as
// the enum problem it is, so the messages do not change.
func fastEnums(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = fastEnums(e)
		}
		if vals, ok := t["enum"].([]any); ok && t["type"] == nil && t["pattern"] == nil {
			var alts []string
			types := []any{"string"}
			for _, e := range vals {
				switch e := e.(type) {
				case string:
					alts = append(alts, regexp.QuoteMeta(e))
				case nil:
					types = append(types, "null")
				default:
					return out // not a string enum: leave it
				}
			}
			if len(alts) == 0 {
				return out
			}
			delete(out, "enum")
			out["type"] = types
			out["pattern"] = "^(?:" + strings.Join(alts, "|") + ")$"
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = fastEnums(e)
		}
		return out
	case nil, bool, string, json.Number:
		return v
	case float64, int:
		b, err := json.Marshal(t)
		if err != nil {
			panic(err) // a NaN or an infinity, which no schema holds
		}
		return json.Number(b)
	}
	// anything else goes the library's way: to JSON and back
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var out any
	if err := d.Decode(&out); err != nil {
		panic(err)
	}
	return out
}
