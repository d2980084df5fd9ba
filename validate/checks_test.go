package validate_test

import (
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/validate"
)

// TestEngines: every section of the figures configures a check engine of
// the list, and every engine a check names is a section of the figures;
// a section no check reads, or a check reading no section, fails here.
func TestEngines(t *testing.T) {
	sections := map[string]bool{}
	ft := reflect.TypeOf(rulesets.Figures{})
	for i := 0; i < ft.NumField(); i++ {
		key, _, _ := strings.Cut(ft.Field(i).Tag.Get("json"), ",")
		sections[key] = true
	}
	read := map[string]bool{}
	names := map[string]bool{}
	for _, c := range validate.Checks {
		if names[c.Name] {
			t.Errorf("check %s listed twice", c.Name)
		}
		names[c.Name] = true
		if c.Func() == "" {
			t.Errorf("check %s runs nothing", c.Name)
		}
		if c.Engine == "" && len(c.Codes) == 0 {
			t.Errorf("check %s raises no code and reads no figures", c.Name)
		}
		if c.Engine != "" {
			if !sections[c.Engine] {
				t.Errorf("check %s names engine %q, which is no section of the figures", c.Name, c.Engine)
			}
			read[c.Engine] = true
		}
	}
	for s := range sections {
		if !read[s] {
			t.Errorf("figures section %q configures no check", s)
		}
	}
}

// TestCatalogue: every code muster knows is listed once, with a title, a
// paragraph and the function that raises it; a code the rulesets configure
// says where.
func TestCatalogue(t *testing.T) {
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range cat {
		if seen[c.Code] {
			t.Errorf("%s listed twice", c.Code)
		}
		seen[c.Code] = true
		if c.Title == "" || c.Doc == "" || c.Func == "" {
			t.Errorf("%s lacks a title, a paragraph or its function: %+v", c.Code, c)
		}
		if c.System != "all" && !strings.HasPrefix(c.Config, "rulesets/"+c.System+".yaml figures.") {
			t.Errorf("%s of %s does not say where its ruleset configures it: %q", c.Code, c.System, c.Config)
		}
	}
	if c, ok := cat.Lookup("ts102"); !ok || !regexp.MustCompile(`^validate/stacking\.go:[0-9]+ \(\*pass\)\.stack$`).MatchString(c.Func) || c.Config != "rulesets/tss.yaml figures.stacking.limits[1]" {
		t.Errorf("TS102: %+v", c)
	}
}

// TestReads: each check's Detail names, as "KIND: ..." parts, exactly the
// documents its typed Reads holds (the kinds Reads.String gives), so the
// prose a reader sees cannot drift from what decides which checks skip
// when a forces file or a map sheet cannot be read.
func TestReads(t *testing.T) {
	for _, c := range validate.Checks {
		named := map[string]bool{}
		for _, part := range strings.Split(c.Detail, ";") {
			kind, _, _ := strings.Cut(strings.TrimSpace(part), ":")
			named[strings.TrimPrefix(kind, "every ")] = true
		}
		typed := map[string]bool{}
		for _, k := range strings.Split(c.Reads.String(), ", ") {
			typed[k] = true
		}
		if !reflect.DeepEqual(named, typed) {
			t.Errorf("check %s reads %s, yet its Detail names %v: %q", c.Name, c.Reads, named, c.Detail)
		}
		// what its facts are derived from, the check reads too: it skips
		// when one of those documents could not be read
		var walk func(fs []*validate.Fact)
		walk = func(fs []*validate.Fact) {
			for _, f := range fs {
				if f.Reads&^c.Reads != 0 {
					t.Errorf("check %s requires fact %s, which reads %s, but the check's Reads is %s", c.Name, f.Name, f.Reads, c.Reads)
				}
				walk(f.Requires)
			}
		}
		walk(c.Requires)
	}
	if s := (validate.ReadsForces | validate.ReadsMap | validate.ReadsScenario).String(); s != "forces, map, scenario" {
		t.Errorf("Reads.String: %q", s)
	}
}

// TestFilesNamed: the functions of each check are in a file named after
// the check or its engine (stacking.go, orders.go, ...), as staticcheck's
// folders are named by check, so `muster explain` leads from a code to the
// one file of its check.
func TestFilesNamed(t *testing.T) {
	squash := strings.NewReplacer("-", "", "_", "")
	for _, c := range validate.Checks {
		for _, f := range []any{c.Battle, c.Scenario} {
			v := reflect.ValueOf(f)
			if v.IsNil() {
				continue
			}
			fn := runtime.FuncForPC(v.Pointer())
			file, _ := fn.FileLine(fn.Entry())
			base := strings.TrimSuffix(filepath.Base(file), ".go")
			if base != squash.Replace(c.Name) && (c.Engine == "" || base != squash.Replace(c.Engine)) {
				t.Errorf("check %s (engine %q) runs %s, in %s.go: name the file after the check or its engine", c.Name, c.Engine, fn.Name(), base)
			}
		}
	}
}

// TestFacts: validate.Facts lists every fact a check or fact requires,
// each once, named and documented, and no fact that nothing requires.
func TestFacts(t *testing.T) {
	listed := map[*validate.Fact]bool{}
	names := map[string]bool{}
	for _, f := range validate.Facts {
		if listed[f] || names[f.Name] {
			t.Errorf("fact %s listed twice", f.Name)
		}
		listed[f], names[f.Name] = true, true
		if f.Name == "" || f.Doc == "" {
			t.Errorf("fact %q lacks a name or a paragraph", f.Name)
		}
	}
	required := map[*validate.Fact]bool{}
	var walk func(who string, fs []*validate.Fact)
	walk = func(who string, fs []*validate.Fact) {
		for _, f := range fs {
			if !listed[f] {
				t.Errorf("%s requires fact %s, which validate.Facts does not list", who, f.Name)
			}
			required[f] = true
			walk("fact "+f.Name, f.Requires)
		}
	}
	for _, c := range validate.Checks {
		walk("check "+c.Name, c.Requires)
	}
	for _, f := range validate.Facts {
		if !required[f] {
			t.Errorf("fact %s is required by no check", f.Name)
		}
	}
}
