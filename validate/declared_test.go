package validate_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/validate"
)

// TestCodesBeside: a code of this package (a diag.Code variable) is
// declared beside the code that raises it: in the file of a function of
// the check that lists it (its Battle or Scenario), one file per check as
// TestFilesNamed names them. A code no check lists, or one declared in a
// file that runs no check listing it (checks.go, say), fails.
func TestCodesBeside(t *testing.T) {
	declared := map[string]string{} // code → file it is declared in
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				if len(vs.Values) != 1 {
					continue
				}
				if code := codeOf(vs.Values[0]); code != "" {
					declared[code] = f
				}
			}
		}
	}
	if len(declared) == 0 {
		t.Fatal("no code declared in validate")
	}
	runs := map[string][]string{} // code → the files of the checks that list it
	for _, c := range validate.Checks {
		var in []string
		for _, fn := range []any{c.Battle, c.Scenario} {
			if v := reflect.ValueOf(fn); !v.IsNil() {
				f := runtime.FuncForPC(v.Pointer())
				file, _ := f.FileLine(f.Entry())
				in = append(in, filepath.Base(file))
			}
		}
		for _, code := range c.Codes {
			runs[code.Code] = append(runs[code.Code], in...)
		}
	}
	codes := slices.Sorted(maps.Keys(declared))
	for _, code := range codes {
		file := declared[code]
		switch in := runs[code]; {
		case len(in) == 0:
			t.Errorf("%s is declared in %s, and no check lists it", code, file)
		case !slices.Contains(in, file):
			t.Errorf("%s is declared in %s, not beside the check that raises it (%s)", code, file, strings.Join(in, ", "))
		}
	}
}

// codeOf is the code of a diag.Code literal, "" for any other value.
func codeOf(e ast.Expr) string {
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return ""
	}
	if sel, ok := cl.Type.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Code" {
		return ""
	}
	for _, el := range cl.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
				if lit, ok := kv.Value.(*ast.BasicLit); ok {
					code, _ := strconv.Unquote(lit.Value)
					return code
				}
			}
		}
	}
	return ""
}
