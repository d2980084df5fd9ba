package validate_test

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
	"github.com/rogpeppe/go-internal/txtar"
	"go.yaml.in/yaml/v3"
)

// TestRenamedIDs renames the ids a designer chooses in every example (and
// each of its variants) and every validate/testdata case, and wants the
// same diagnostics: the same codes on the same lines, with the same
// messages once the new names are read as the old. No rule may depend on
// a name the designer picks (TSS 21.6 finds Staging Area 9 by its role,
// not by the key "9"; AMFS O the Union by its role, not its id). Renamed:
// the keys of a map's areas, and every `area:` that names one (arrivals, a
// battle's own rules); the sides' ids, each declaring the old id as its
// role, and every place that names one.
func TestRenamedIDs(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	if len(dirs) == 0 {
		t.Fatal("no examples found")
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		files := map[string][]byte{}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			data, err := os.ReadFile(path)
			files[filepath.ToSlash(rel)] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range append([]string{""}, variantNames(t, dir)...) {
			t.Run(filepath.Base(dir)+"/"+v, func(t *testing.T) { sameRenamed(t, files, v) })
		}
		// The trip scenarios, read with the battle as TestExamples reads them.
		if b, i := string(files["battle.yaml"]), strings.Index(string(files["battle.yaml"]), "\nfiles: ["); files["trip.yaml"] != nil && i >= 0 {
			trip := maps.Clone(files)
			trip["battle.yaml"] = []byte(b[:i] + "\nfiles: [trip.yaml, " + b[i+len("\nfiles: ["):])
			t.Run(filepath.Base(dir)+"/trip", func(t *testing.T) { sameRenamed(t, trip, "") })
		}
	}
	cases, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			files := map[string][]byte{}
			for _, p := range []string{caseBase(name), path} {
				if p == "" {
					continue
				}
				a, err := txtar.ParseFile(p)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range a.Files {
					if strings.TrimSpace(string(f.Data)) == "(deleted)" {
						delete(files, f.Name)
					} else {
						files[f.Name] = f.Data
					}
				}
			}
			v := strings.TrimSpace(string(files["VARIANT"]))
			sameRenamed(t, files, v)
		})
	}
}

// sameRenamed checks a battle's files and their renaming give the same
// diagnostics.
func sameRenamed(t *testing.T, files map[string][]byte, variant string) {
	t.Helper()
	renamed, back := renameIDs(files)
	if len(back) == 0 {
		return
	}
	want := renamedRun(files, variant, nil)
	got := renamedRun(renamed, variant, back)
	if !slices.Equal(got, want) {
		t.Errorf("renaming %v changes the diagnostics:\n%s", back, diff(want, got))
	}
}

// renamedRun loads and checks the battle in files, and lists its
// diagnostics as code, file, line and message, with the new names in
// back read as the old.
func renamedRun(files map[string][]byte, variant string, back map[string]string) []string {
	fsys := fstest.MapFS{}
	for n, data := range files {
		fsys[n] = &fstest.MapFile{Data: data}
	}
	b, ds := battle.Load(fsys, ".", battle.Options{Variant: variant})
	if b != nil && b.Rules != nil {
		ds = append(ds, validate.Battle(b)...)
	}
	var out []string
	for _, d := range ds {
		msg := atColumn.ReplaceAllString(d.Message, "$1") // a place cited in the message, by line
		for n, old := range back {
			msg = strings.ReplaceAll(msg, n, old)
		}
		out = append(out, fmt.Sprintf("%s %s:%d %s %s", d.Code, d.Pos.File, d.Pos.Line, d.Severity, msg))
	}
	slices.Sort(out)
	return out
}

var atColumn = regexp.MustCompile(`(\.yaml:[0-9]+):[0-9]+`)

// renameIDs gives every area key of a map a new name, and every `area:`
// value that names one; and every side a new id, declaring the old one as
// its role (what the rules name it by), with every key, `side:` and
// `sides:` item that names it. Each file keeps its lines; back maps the
// new names to the old.
func renameIDs(files map[string][]byte) (map[string][]byte, map[string]string) {
	type edit struct {
		line, col int
		to        string // the new text, %s the old name
	}
	docs := map[string][]*schema.Doc{}
	areas, sides := map[string]string{}, map[string]string{}
	for f, data := range files {
		if !strings.HasSuffix(f, ".yaml") {
			continue
		}
		ds, _ := schema.Parse(f, data, schema.DefaultLimits)
		docs[f] = ds
		for _, d := range ds {
			switch schema.Str(schema.Get(d.Root, "kind")) {
			case "map":
				keys, _ := schema.Pairs(schema.Get(d.Root, "areas"))
				for _, k := range keys {
					if _, ok := areas[k.Value]; !ok {
						areas[k.Value] = fmt.Sprintf("Renamed%dArea", len(areas)+1)
					}
				}
			case "battle":
				for _, sn := range schema.Items(schema.Get(d.Root, "sides")) {
					if id := schema.Get(sn, "id"); id != nil && sn.Style&yaml.FlowStyle != 0 && schema.Get(sn, "role") == nil {
						sides[id.Value] = fmt.Sprintf("Renamed%dSide", len(sides)+1)
					}
				}
			}
		}
	}
	out := map[string][]byte{}
	back := map[string]string{}
	for f, data := range files {
		var edits []edit
		var walk func(n *schema.Node, key string)
		walk = func(n *schema.Node, key string) {
			for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if _, ok := areas[v.Value]; ok && k.Value == "area" && v.Kind == yaml.ScalarNode {
					edits = append(edits, edit{v.Line, v.Column, areas[v.Value]})
				}
				if _, ok := sides[v.Value]; ok && (k.Value == "side" || k.Value == "first") && v.Kind == yaml.ScalarNode {
					edits = append(edits, edit{v.Line, v.Column, sides[v.Value]})
				}
				if _, ok := sides[k.Value]; ok {
					edits = append(edits, edit{k.Line, k.Column, sides[k.Value]})
				}
				walk(v, k.Value)
			}
			for _, c := range n.Content {
				if n.Kind == yaml.SequenceNode && key == "sides" && c.Kind == yaml.ScalarNode && sides[c.Value] != "" {
					edits = append(edits, edit{c.Line, c.Column, sides[c.Value]})
				}
				if n.Kind != yaml.MappingNode {
					walk(c, "")
				}
			}
		}
		for _, d := range docs[f] {
			walk(d.Root, "")
			switch schema.Str(schema.Get(d.Root, "kind")) {
			case "map":
				keys, _ := schema.Pairs(schema.Get(d.Root, "areas"))
				for _, k := range keys {
					edits = append(edits, edit{k.Line, k.Column, areas[k.Value]})
				}
			case "battle":
				for _, sn := range schema.Items(schema.Get(d.Root, "sides")) {
					if id := schema.Get(sn, "id"); id != nil && sides[id.Value] != "" {
						edits = append(edits, edit{id.Line, id.Column, sides[id.Value] + `", role: "` + id.Value})
					}
				}
			}
		}
		if len(edits) == 0 {
			out[f] = data
			continue
		}
		lines := strings.Split(string(data), "\n")
		slices.SortFunc(edits, func(a, b edit) int { return b.col - a.col }) // right to left on a line
		for _, e := range edits {
			l := lines[e.line-1]
			at := e.col - 1
			end := at
			if c := l[at]; c == '"' || c == '\'' {
				end++
				for end < len(l) && l[end] != c {
					end++
				}
				end++
			} else {
				for end < len(l) && !strings.ContainsRune(":,}] #", rune(l[end])) {
					end++
				}
			}
			old := strings.Trim(l[at:end], `"'`)
			new, _, _ := strings.Cut(e.to, `"`)
			back[new] = old
			lines[e.line-1] = l[:at] + `"` + e.to + `"` + l[end:]
		}
		out[f] = []byte(strings.Join(lines, "\n"))
	}
	return out, back
}
