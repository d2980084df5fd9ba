package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/starter"
)

// TestInitEverySystem writes the starter battle of every rule system and
// validates it: no diagnostic at all, not even info, and every modeline
// and every schema the editor settings name is a file init wrote.
func TestInitEverySystem(t *testing.T) {
	if got, want := starter.Systems(), slices.Sorted(slices.Values(rulesets.Systems())); !slices.Equal(got, want) {
		t.Fatalf("starter battles for %v, rule systems %v", got, want)
	}
	for _, sys := range rulesets.Systems() {
		t.Run(sys, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "My Battle")
			var out, errb bytes.Buffer
			if code := run([]string{"init", dir, "--system", sys}, &out, &errb); code != 0 {
				t.Fatalf("init exit %d: %s", code, errb.String())
			}
			r := pipeline.Check(pipeline.Options{Dir: dir})
			b, ds := r.Battle, r.Diagnostics
			for _, d := range ds {
				t.Errorf("%s", d)
			}
			if b != nil && (b.ID != "my-battle" || b.Name != "My Battle" || b.System != sys) {
				t.Errorf("id %q name %q system %q", b.ID, b.Name, b.System)
			}
			checkModelines(t, dir)
			settings, err := os.ReadFile(filepath.Join(dir, ".vscode", "settings.json"))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range starter.Schemas(sys) {
				if !bytes.Contains(settings, []byte(`"schemas/`+p[1]+`"`)) {
					t.Errorf("settings.json does not map %s", p[1])
				}
				if _, err := os.Stat(filepath.Join(dir, "schemas", p[1])); err != nil {
					t.Errorf("settings.json names %s: %v", p[1], err)
				}
			}
		})
	}
}

// checkModelines fails for a battle file under dir whose modeline names a
// schema file that does not exist.
func checkModelines(t *testing.T, dir string) {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" {
			return err
		}
		data, _ := os.ReadFile(path)
		first := ""
		if start, end := findModeline(data); start >= 0 {
			first = string(data[start:end])
		}
		if rel, ok := strings.CutPrefix(first, modelinePrefix); ok {
			n++
			if strings.Contains(rel, "://") {
				t.Errorf("%s: modeline %s needs a network", path, rel)
			} else if _, err := os.Stat(filepath.Join(filepath.Dir(path), filepath.FromSlash(rel))); err != nil {
				t.Errorf("%s: modeline: %v", path, err)
			}
		}
		return nil
	})
	if n == 0 {
		t.Errorf("%s: no modeline at all", dir)
	}
}

// TestExampleSchemas keeps examples/schemas equal to the schemas muster
// exports, so the examples' modelines (relative paths to them) work in an
// editor offline. go generate ./... (UPDATE=1) rewrites them.
func TestExampleSchemas(t *testing.T) {
	docs, err := schemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	have, _ := filepath.Glob("../../examples/schemas/*.json")
	for _, p := range have {
		if _, ok := docs[filepath.Base(p)]; !ok {
			t.Errorf("%s: muster exports no such schema", p)
		}
	}
	for name, data := range docs {
		golden.Check(t, "../../examples/schemas/"+name, data)
	}
	checkModelines(t, "../../examples")
}

// TestExampleModelines: every data file of every example (battle, forces,
// map and scenario files, errata copies too) names the schema of its kind
// in a modeline among its leading comments, relative to the file, so the
// editor checks each of them (issue 27: Terrible Swift Sword had one on 1 of
// its 18 files, Dead of Winter none on its forces). The trip scenarios
// (several documents of several kinds, which the battles leave out) have
// no one schema.
func TestExampleModelines(t *testing.T) {
	battles, _ := filepath.Glob("../../examples/*/battle.yaml")
	if len(battles) < 8 {
		t.Fatalf("%d examples, want 8 or more", len(battles))
	}
	system := regexp.MustCompile(`(?m)^system:[ \t]*["']?([\w-]+)`)
	docBreak := regexp.MustCompile(`(?m)^---`)
	for _, bf := range battles {
		dir := filepath.Dir(bf)
		data, err := os.ReadFile(bf)
		if err != nil {
			t.Fatal(err)
		}
		m := system.FindSubmatch(data)
		if m == nil {
			t.Fatalf("%s: no system", bf)
		}
		sys := string(m[1])
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" {
				return err
			}
			data, _ := os.ReadFile(path)
			k := kindLine().FindSubmatch(data)
			if k == nil || docBreak.Match(data) {
				return nil // not a battle file, or the trip scenarios' several documents of several kinds
			}
			want, _ := filepath.Rel(filepath.Dir(path), filepath.Join("../../examples/schemas", schemaFor(string(k[1]), sys)))
			start, end := findModeline(data)
			if start < 0 {
				t.Errorf("%s: no modeline", path)
			} else if got := string(bytes.TrimRight(data[start:end], "\r")); got != modelinePrefix+filepath.ToSlash(want) {
				t.Errorf("%s: modeline %q, want %q", path, got, modelinePrefix+filepath.ToSlash(want))
			}
			return nil
		})
	}
}
