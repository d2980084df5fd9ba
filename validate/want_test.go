package validate_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/validate"
)

// The check tests follow analysistest: each case in testdata/*.txtar is a
// battle (laid over testdata/base.txtar, or base-SYSTEM.txtar for a case
// named SYSTEM-...) whose files carry `# want CODE "message regexp"`
// comments on the lines where muster must report CODE with a message that
// matches (see internal/checktest). A base-* case is a base itself and
// must be clean. A case with a file VARIANT loads the variant it names,
// as --variant does.

func run(dir string) []diag.Diagnostic {
	var v string
	if data, err := os.ReadFile(filepath.Join(dir, "VARIANT")); err == nil {
		v = strings.TrimSpace(string(data))
	}
	return runVariant(dir, v)
}

func runVariant(dir, variant string) []diag.Diagnostic {
	b, ds := battle.LoadDir(dir, battle.Options{Variant: variant})
	if b != nil && b.Rules != nil {
		ds = append(ds, validate.Battle(b)...)
	}
	return append(ds, uncatalogued(b, ds)...)
}

// uncatalogued returns, for each diagnostic of ds whose code the catalogue
// of b's ruleset (validate.Codes, what `muster explain` and docs/codes.md
// read) lacks, a diagnostic that no case or FINDINGS.md expects: a code
// raised but left out of the catalogue fails every test that raises it.
func uncatalogued(b *battle.Battle, ds []diag.Diagnostic) []diag.Diagnostic {
	var r *rulesets.Ruleset
	if b != nil {
		r = b.Rules
	}
	cat := validate.Codes(r)
	var out []diag.Diagnostic
	for _, d := range ds {
		if _, ok := cat.Lookup(d.Code); !ok {
			out = append(out, diag.Diagnostic{Code: "UNCATALOGUED", Severity: diag.Error, Pos: d.Pos,
				Message: d.Code + " is raised but is in no catalogue: muster explain does not know it (" + d.Message + ")"})
		}
	}
	return out
}

func caseBase(name string) string {
	if strings.HasPrefix(name, "base") {
		return ""
	}
	if i := strings.Index(name, "-"); i > 0 {
		p := "testdata/base-" + name[:i] + ".txtar"
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "testdata/base.txtar"
}

// elsewhere names, for each code no case here raises, the test that makes
// muster raise it: a test function in a package (checked to exist and to
// name the code, or the constant that holds it), or a testscript file
// (checked to exist and to mention the code).
var elsewhere = []struct {
	code string
	pkg  string // folder from the module root
	test string // test function, or testscript file under pkg
}{
	{"Y003", "schema", "TestLimits"},
	{"Y004", "schema", "TestLimits"},
	{"Y005", "schema", "TestLimits"},
	{"Y010", "schema", "TestBinary"},
	{"B001", "cmd/muster", "testdata/script/exit.txtar"},
	{"B002", "battle", "TestOutside"},
	{"B013", "cmd/muster", "testdata/script/suppress.txtar"},
	{"B014", "cmd/muster", "testdata/script/suppress.txtar"},
	{"B015", "cmd/muster", "testdata/script/suppress.txtar"},
	{"B016", "cmd/muster", "testdata/script/baseline.txtar"},
	// the project file, muster.yaml
	{"P001", "cmd/muster", "testdata/script/project.txtar"},
	{"P002", "cmd/muster", "testdata/script/project.txtar"},
	{"P003", "cmd/muster", "testdata/script/project.txtar"},
	// a sheet's art: load errors, cased with generated pictures
	{"M014", "battle", "testdata/bad/map-art-huge.txtar"},
	{"M015", "battle", "testdata/bad/map-art-off.txtar"},
	{"M016", "battle", "testdata/bad/map-art-ref-off.txtar"},
	{"R009", "battle", "testdata/bad/unit-art-missing.txtar"},
	{"B018", "battle", "testdata/bad/battle-ids-broken.txtar"},
	{"B019", "battle", "testdata/bad/battle-chart-missing.txtar"},
	// limits of one run (docs/ci.md, "Limits")
	{"Y012", "battle", "testdata/bad/battle-files-pattern-too-deep.txtar"},
}

func TestChecks(t *testing.T) {
	ran := checktest.Run(t, "testdata/*.txtar", run, checktest.Options{Base: caseBase})
	// No hint ends with an empty list ("sheets: ").
	for _, ds := range ran {
		for _, d := range ds {
			if emptyHint(d.Hint) {
				t.Errorf("%s: the hint ends with nothing to read: %q", d.String(), d.Hint)
			}
		}
	}
	// Every registered code needs a failing case here, or a named test
	// elsewhere that makes muster raise it (checked when every case ran).
	cases, _ := filepath.Glob("testdata/*.txtar")
	if t.Failed() || testing.Short() || len(ran) < len(cases) {
		return
	}
	seen := map[string]bool{}
	for _, ds := range ran {
		for _, d := range ds {
			seen[d.Code] = true
		}
	}
	named := map[string]bool{}
	for _, e := range elsewhere {
		named[e.code] = true
	}
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cat {
		if !seen[c.Code] && !named[c.Code] {
			t.Errorf("code %s (%s) has no failing case in validate/testdata", c.Code, c.Title)
		}
	}
}

func TestElsewhere(t *testing.T) {
	for _, e := range elsewhere {
		if err := testNames(filepath.Join("..", filepath.FromSlash(e.pkg)), e.test, e.code); err != nil {
			t.Errorf("%s is said to be tested by %s %s: %v", e.code, e.pkg, e.test, err)
		}
	}
}

// testNames reports whether the test named in dir (a function Test... in a
// _test.go file, or a file) exists and names code, literally or by a
// constant of the package that holds it.
func testNames(dir, test, code string) error {
	if !strings.HasPrefix(test, "Test") {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(test)))
		if err != nil {
			return err
		}
		if !strings.Contains(string(data), code) {
			return errors.New("the file does not mention " + code)
		}
		return nil
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	names := map[string]bool{}
	var fn *ast.FuncDecl
	for _, path := range paths {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == test && strings.HasSuffix(path, "_test.go") {
					fn = d
				}
			case *ast.GenDecl:
				if d.Tok != token.CONST {
					continue
				}
				for _, s := range d.Specs {
					vs := s.(*ast.ValueSpec)
					for i, v := range vs.Values {
						if lit, ok := v.(*ast.BasicLit); ok && lit.Value == strconv.Quote(code) && i < len(vs.Names) {
							names[vs.Names[i].Name] = true
						}
					}
				}
			}
		}
	}
	if fn == nil {
		return errors.New("no func " + test + " in " + dir + "/*_test.go")
	}
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			found = found || strings.Contains(n.Value, code)
		case *ast.Ident:
			found = found || names[n.Name]
		}
		return !found
	})
	if !found {
		return errors.New(test + " names neither " + code + " nor a constant that holds it")
	}
	return nil
}

// emptyHint reports whether a hint ends in a list with nothing in it
// ("sheets: "), or is nothing but blanks.
func emptyHint(h string) bool {
	t := strings.TrimRight(h, " \t\n")
	return h != "" && (t == "" || t != h && (strings.HasSuffix(t, ":") || strings.HasSuffix(t, ",")))
}
