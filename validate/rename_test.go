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
// not by the key "9"). Renamed: the keys of a map's areas, and every
// `area:` that names one (arrivals, a battle's own rules).
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
// value that names one, keeping each file's lines; back maps the new
// names to the old.
func renameIDs(files map[string][]byte) (map[string][]byte, map[string]string) {
	type edit struct{ line, col int }
	docs := map[string][]*schema.Doc{}
	names := map[string]string{}
	for f, data := range files {
		if !strings.HasSuffix(f, ".yaml") {
			continue
		}
		ds, _ := schema.Parse(f, data, schema.DefaultLimits)
		docs[f] = ds
		for _, d := range ds {
			if schema.Str(schema.Get(d.Root, "kind")) != "map" {
				continue
			}
			keys, _ := schema.Pairs(schema.Get(d.Root, "areas"))
			for _, k := range keys {
				if _, ok := names[k.Value]; !ok {
					names[k.Value] = fmt.Sprintf("Renamed%dArea", len(names)+1)
				}
			}
		}
	}
	out := map[string][]byte{}
	back := map[string]string{}
	for f, data := range files {
		var edits []edit
		var walk func(n *schema.Node)
		walk = func(n *schema.Node) {
			for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if _, ok := names[v.Value]; ok && k.Value == "area" && v.Kind == yaml.ScalarNode {
					edits = append(edits, edit{v.Line, v.Column})
				}
			}
			for _, c := range n.Content {
				walk(c)
			}
		}
		for _, d := range docs[f] {
			walk(d.Root)
			if schema.Str(schema.Get(d.Root, "kind")) == "map" {
				keys, _ := schema.Pairs(schema.Get(d.Root, "areas"))
				for _, k := range keys {
					edits = append(edits, edit{k.Line, k.Column})
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
			end, quote := at, byte(0)
			if c := l[at]; c == '"' || c == '\'' {
				quote, end = c, at+1
				for end < len(l) && l[end] != quote {
					end++
				}
				end++
			} else {
				for end < len(l) && !strings.ContainsRune(":,}] #", rune(l[end])) {
					end++
				}
			}
			old := l[at:end]
			if quote != 0 {
				old = old[1 : len(old)-1]
			}
			n := names[old]
			back[n] = old
			lines[e.line-1] = l[:at] + `"` + n + `"` + l[end:]
		}
		out[f] = []byte(strings.Join(lines, "\n"))
	}
	return out, back
}
