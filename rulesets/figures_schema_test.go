package rulesets

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// figureDefs builds the JSON Schema definitions of the figures from the Go
// types: one definition per struct type, every field typed, bounded by its
// min, enum and pattern tags and described by its doc tag, no other key
// allowed.
func figureDefs() map[string]any {
	defs := map[string]any{}
	var root string
	var rootType reflect.Type
	var def func(t reflect.Type) string
	var fieldSchema func(f reflect.StructField, t reflect.Type) map[string]any
	fieldSchema = func(f reflect.StructField, t reflect.Type) map[string]any {
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		s := map[string]any{}
		switch t.Kind() {
		case reflect.String:
			s["type"] = "string"
			if e := f.Tag.Get("enum"); e != "" {
				var vs []any
				for _, v := range strings.Split(e, ",") {
					vs = append(vs, v)
				}
				s = map[string]any{"enum": vs}
			}
			if p := f.Tag.Get("pattern"); p != "" {
				s["pattern"] = p
			}
		case reflect.Bool:
			s["type"] = "boolean"
		case reflect.Int:
			s["type"] = "integer"
		case reflect.Float64:
			s["type"] = "number"
		case reflect.Slice:
			s["type"] = "array"
			if t.Elem().Kind() == reflect.Struct {
				s["items"] = map[string]any{"$ref": "#/definitions/" + def(t.Elem())}
			} else {
				s["items"] = fieldSchema(reflect.StructField{}, t.Elem())
			}
		case reflect.Map:
			s["type"] = "object"
			s["additionalProperties"] = fieldSchema(reflect.StructField{Tag: reflect.StructTag(`min:"` + f.Tag.Get("min") + `"`)}, t.Elem())
		case reflect.Struct:
			s["$ref"] = "#/definitions/" + def(t)
		}
		if m := f.Tag.Get("min"); m != "" && (t.Kind() == reflect.Int || t.Kind() == reflect.Float64) {
			n, _ := strconv.Atoi(m)
			s["minimum"] = n
		}
		if d := f.Tag.Get("doc"); d != "" {
			s["description"] = d
		}
		return s
	}
	def = func(t reflect.Type) string {
		name := root
		if t != rootType {
			name = root + "." + strings.ToLower(t.Name())
		}
		if _, ok := defs[name]; ok {
			return name
		}
		defs[name] = nil // a placeholder against recursion (any_of)
		props := map[string]any{}
		var walk func(t reflect.Type)
		walk = func(t reflect.Type) {
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				if f.Anonymous {
					walk(f.Type)
					continue
				}
				key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				props[key] = fieldSchema(f, f.Type)
			}
		}
		walk(t)
		defs[name] = map[string]any{"type": "object", "additionalProperties": false, "properties": props}
		return name
	}
	for _, r := range []struct {
		name string
		t    reflect.Type
	}{{"figures", reflect.TypeOf(Figures{})}, {"play", reflect.TypeOf(Play{})}} {
		root, rootType = r.name, r.t
		def(r.t)
	}
	return defs
}

var defLine = regexp.MustCompile(`(?m)^    "((?:figures|play)[a-z.]*)": \{"additionalProperties": false,.*\},?\n`)

// TestFiguresSchema keeps ruleset.schema.json's figure definitions equal to
// the Go types: a figure added, renamed or retyped in Go is one in the
// schema. go generate ./... (UPDATE=1) rewrites them.
func TestFiguresSchema(t *testing.T) {
	const path = "../schema/schemas/ruleset.schema.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Definitions map[string]any `json:"definitions"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	want := figureDefs()
	// round-trip through JSON so numbers compare alike
	b, _ := json.Marshal(want)
	var wantJSON map[string]any
	json.Unmarshal(b, &wantJSON)
	got := map[string]any{}
	for k, v := range file.Definitions {
		if strings.HasPrefix(k, "figures") || strings.HasPrefix(k, "play") {
			got[k] = v
		}
	}
	if reflect.DeepEqual(got, wantJSON) {
		return
	}
	if os.Getenv("UPDATE") == "" {
		t.Fatalf("%s: the figure definitions differ from the Go types: run go generate ./...", path)
	}
	names := make([]string, 0, len(want))
	for k := range want {
		names = append(names, k)
	}
	sort.Strings(names)
	var lines []string
	for _, n := range names {
		b, _ := json.Marshal(want[n])
		lines = append(lines, `    "`+n+`": `+strings.ReplaceAll(string(b), `":`, `": `))
	}
	s := defLine.ReplaceAllString(string(data), "")
	i := strings.Index(s, `  "definitions": {`+"\n")
	if i < 0 {
		t.Fatal("no definitions in " + path)
	}
	i += len(`  "definitions": {` + "\n")
	s = s[:i] + strings.Join(lines, ",\n") + ",\n" + s[i:]
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
