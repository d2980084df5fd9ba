package project_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/xeipuuv/gojsonschema"
	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/project"
	"github.com/muster-wargames/muster/schema"
)

var formats = []string{"github", "json", "junit", "sarif", "text"}

// cases are project files, each valid or not: Parse and the published
// JSON Schema (schemas/project.schema.json) must agree on every one, so
// that an editor checks muster.yaml as muster does.
var cases = []struct {
	name, text string
	ok         bool
	code       string // the first problem's, when not ok
}{
	{"empty", "", true, ""},
	{"full", `kind: project
battles:
  - examples/*
  - path: examples/dead-of-winter
    variant: errata
    baseline: examples/dead-of-winter/baseline-errata.json
ignore: [testdata, "*/old"]
format: github
output: muster.log
reports:
  - {format: sarif, path: muster.sarif}
  - {format: junit, path: junit.xml}
werror: true
max-warnings: 0
docs: https://git.example.com/muster/blob/main/docs
`, true, ""},
	{"max-warnings -1 (the limit)", "max-warnings: -1\n", true, ""},
	{"max-warnings -2 (one past)", "max-warnings: -2\n", false, "P003"},
	{"max-warnings text", "max-warnings: many\n", false, "P003"},
	{"unknown key", "formats: [github]\n", false, "P002"},
	{"unknown battle key", "battles: [{path: a, variants: x}]\n", false, "P002"},
	{"battle without path", "battles: [{variant: x}]\n", false, "P003"},
	{"battles not a list", "battles: a\n", false, "P003"},
	{"battle a number list", "battles: [[a]]\n", false, "P003"},
	{"bad format", "format: html\n", false, "P003"},
	{"report without path", "reports: [{format: sarif}]\n", false, "P003"},
	{"report unknown format", "reports: [{format: pdf, path: a.pdf}]\n", false, "P003"},
	{"werror not a bool", "werror: yes please\n", false, "P003"},
	{"docs not a URL", "docs: docs/\n", false, "P003"},
	{"docs http", "docs: http://intranet/muster/docs\n", true, ""},
	{"kind other", "kind: battle\n", false, "P003"},
	{"empty output", "output: \"\"\n", false, "P003"},
	{"not a mapping", "- a\n", false, "P001"},
	{"not YAML", "a: [\n", false, "P001"},
}

func TestParse(t *testing.T) {
	raw, err := os.ReadFile("../schema/schemas/project.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(raw))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		f, ds := project.Parse("muster.yaml", "/p", []byte(c.text), formats)
		if got := len(ds) == 0; got != c.ok {
			t.Errorf("%s: Parse ok %v, want %v (%v)", c.name, got, c.ok, ds)
			continue
		}
		if !c.ok {
			if ds[0].Code != c.code || ds[0].Pos.Line < 1 {
				t.Errorf("%s: %v, want %s at a line", c.name, ds, c.code)
			}
			if f != nil {
				t.Errorf("%s: a file with problems is no project", c.name)
			}
		}
		if c.code == "P001" {
			continue // not a document the schema can see
		}
		var v any
		if err := yaml.Unmarshal([]byte(c.text), &v); err != nil {
			t.Fatal(err)
		}
		if v == nil {
			v = map[string]any{}
		}
		res, err := s.Validate(gojsonschema.NewGoLoader(v))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Valid() != c.ok {
			t.Errorf("%s: the schema says valid %v, muster %v: %v", c.name, res.Valid(), c.ok, res.Errors())
		}
	}
}

// TestSchemaKeys: the schema's settings are the ones Parse knows, and it is
// the one muster exports.
func TestSchemaKeys(t *testing.T) {
	data := schema.Extra()["project.schema.json"]
	var doc struct {
		Properties map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range doc.Properties {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := slices.Clone(project.Keys)
	sort.Strings(want)
	if !slices.Equal(keys, want) {
		t.Errorf("schema keys %v, Parse's %v", keys, want)
	}
}

func TestFull(t *testing.T) {
	f, ds := project.Parse("muster.yaml", "/p", []byte(cases[1].text), formats)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if len(f.Battles) != 2 || f.Battles[1].Variant != "errata" || f.Battles[1].Baseline != "examples/dead-of-winter/baseline-errata.json" ||
		f.Format != "github" || f.Output != "muster.log" || len(f.Reports) != 2 || f.Reports[1] != (project.Report{Format: "junit", Path: "junit.xml"}) ||
		f.Werror == nil || !*f.Werror || f.MaxWarnings == nil || *f.MaxWarnings != 0 || f.Docs != "https://git.example.com/muster/blob/main/docs" {
		t.Errorf("%+v", f)
	}
}

func TestFindAndFolders(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"battles/a", "battles/b", "battles/old", "battles/notes", "deep/er"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
	}
	for _, d := range []string{"battles/a", "battles/b", "battles/old"} {
		os.WriteFile(filepath.Join(dir, d, "battle.yaml"), []byte("kind: battle\n"), 0o644)
	}
	os.WriteFile(filepath.Join(dir, project.Name), []byte("battles: [battles/*, missing]\nignore: [battles/old]\n"), 0o644)
	p, ok := project.Find(filepath.Join(dir, "deep/er"))
	if !ok || p != filepath.Join(dir, project.Name) {
		t.Fatalf("Find: %q %v", p, ok)
	}
	f, _, ds := project.Load(p, "muster.yaml", formats)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var got []string
	for _, b := range f.Folders() {
		rel, _ := filepath.Rel(dir, b.Path)
		got = append(got, filepath.ToSlash(rel))
	}
	if want := []string{"battles/a", "battles/b", "missing"}; !slices.Equal(got, want) {
		t.Errorf("Folders %v, want %v", got, want)
	}
	if !f.Ignored(filepath.Join(dir, "battles/old/scenario.yaml")) || f.Ignored(filepath.Join(dir, "battles/older")) || f.Ignored(filepath.Join(dir, "battles")) {
		t.Error("Ignored: battles/old and what it holds only")
	}
}
