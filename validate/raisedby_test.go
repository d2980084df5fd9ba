package validate_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/validate"
)

// source is the parsed Go of the packages that raise codes, read once.
type source struct {
	fset   *token.FileSet
	files  map[string][]*ast.File // package → its files (no tests)
	vars   map[string]string      // package.variable → code
	byCode map[string][]string    // code → package.variable
}

var raisingPkgs = []string{"schema", "battle", "rulesets", "accept", "project", "validate"}

func parseSource(t *testing.T) *source {
	t.Helper()
	s := &source{fset: token.NewFileSet(), files: map[string][]*ast.File{}, vars: map[string]string{}, byCode: map[string][]string{}}
	for _, pkg := range raisingPkgs {
		files, _ := filepath.Glob(filepath.Join("..", pkg, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || filepath.Base(f) == "raisedby.go" {
				continue
			}
			af, err := parser.ParseFile(s.fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			s.files[pkg] = append(s.files[pkg], af)
			ast.Inspect(af, func(n ast.Node) bool {
				vs, ok := n.(*ast.ValueSpec)
				if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
					return true
				}
				if cl, ok := vs.Values[0].(*ast.CompositeLit); ok {
					for _, e := range cl.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
								if lit, ok := kv.Value.(*ast.BasicLit); ok {
									code, _ := strconv.Unquote(lit.Value)
									v := pkg + "." + vs.Names[0].Name
									s.vars[v] = code
									s.byCode[code] = append(s.byCode[code], v)
								}
							}
						}
					}
				}
				return true
			})
		}
	}
	return s
}

// funcName names fd as `muster explain` prints it: F, T.M or (*T).M.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		typ := fd.Recv.List[0].Type
		star := ""
		if s, ok := typ.(*ast.StarExpr); ok {
			typ, star = s.X, "*"
		}
		if id, ok := typ.(*ast.Ident); ok {
			if star != "" {
				return fmt.Sprintf("(*%s).%s", id.Name, fd.Name.Name)
			}
			return id.Name + "." + fd.Name.Name
		}
	}
	return fd.Name.Name
}

// site is one place that raises a code.
type site struct {
	file string // relative to the module root
	line int
	fn   string
}

func (s site) String() string { return fmt.Sprintf("%s:%d %s", s.file, s.line, s.fn) }

func (s *source) site(fd *ast.FuncDecl, pos token.Pos) site {
	p := s.fset.Position(pos)
	return site{filepath.ToSlash(strings.TrimPrefix(p.Filename, "../")), p.Line, funcName(fd)}
}

// sites joins the places, one per function (its first), in source order.
func sites(ss []site) string {
	sort.Slice(ss, func(i, j int) bool {
		if ss[i].file != ss[j].file {
			return ss[i].file < ss[j].file
		}
		return ss[i].line < ss[j].line
	})
	seen := map[string]bool{}
	var out []string
	for _, x := range ss {
		if seen[x.file+" "+x.fn] {
			continue
		}
		seen[x.file+" "+x.fn] = true
		out = append(out, x.String())
	}
	return strings.Join(out, ", ")
}

// fixedSites finds where each code declared as a variable is raised: every
// function whose body names the variable, at the first line that does.
func (s *source) fixedSites() map[string][]site {
	raised := map[string][]site{}
	for _, pkg := range raisingPkgs {
		for _, af := range s.files[pkg] {
			for _, d := range af.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				note := func(v string, pos token.Pos) bool {
					code, ok := s.vars[v]
					if ok {
						raised[code] = append(raised[code], s.site(fd, pos))
					}
					return ok
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					switch x := n.(type) {
					case *ast.SelectorExpr:
						if id, ok := x.X.(*ast.Ident); ok && note(id.Name+"."+x.Sel.Name, x.Pos()) {
							return false // pkg.CodeX
						}
					case *ast.Ident:
						note(pkg+"."+x.Name, x.Pos())
					}
					return true
				})
			}
		}
	}
	return raised
}

// A raise of a configured check: the expression of its rulesets.Check in
// the function that raises it.
type raise struct {
	fd    *ast.FuncDecl
	check ast.Expr
	at    site
}

// raises finds, in fd, every raise of a check that ruleset data configures:
// p.flag(CHECK, ...) and p.flagged(CHECK, ...), the one way to raise one
// (TestOneWayToRaise).
func (s *source) raises(fd *ast.FuncDecl) []raise {
	var out []raise
	if fd.Name.Name == "flag" || fd.Name.Name == "flagged" {
		return nil // the helpers themselves; their callers raise
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if x, ok := n.(*ast.CallExpr); ok {
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "flag" || sel.Sel.Name == "flagged") && len(x.Args) > 0 {
				out = append(out, raise{fd, x.Args[0], s.site(fd, x.Pos())})
			}
		}
		return true
	})
	return out
}

// chain is what an expression of a check function reads: a path of Go
// field names from the figures ("Stacking", "Limits", "[]") or from a
// parameter of the function.
type chain struct {
	param int // -1: from p.f, the figures
	names []string
}

// A binding is an expression assigned to a local name (a range value
// bound to X[]), seen from within scope after pos.
type binding struct {
	e     ast.Expr
	pos   token.Pos
	scope ast.Node
}

// env is what the names of one function stand for.
type env struct {
	locals map[string][]binding
	params map[string]int
	recv   string
}

// bindings reads the local names and parameters of fd.
func bindings(fd *ast.FuncDecl) *env {
	en := &env{locals: map[string][]binding{}, params: map[string]int{}}
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		en.recv = fd.Recv.List[0].Names[0].Name
	}
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			en.params[n.Name] = i
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			if len(x.Lhs) == len(x.Rhs) && len(stack) > 0 {
				for i, l := range x.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						en.locals[id.Name] = append(en.locals[id.Name], binding{x.Rhs[i], x.Pos(), stack[len(stack)-1]})
					}
				}
			}
		case *ast.RangeStmt:
			if id, ok := x.Value.(*ast.Ident); ok {
				en.locals[id.Name] = append(en.locals[id.Name], binding{&ast.IndexExpr{X: x.X}, x.Pos(), x})
			}
		}
		stack = append(stack, n)
		return true
	})
	return en
}

// at is the binding of name seen at pos: the innermost, then the latest.
func (en *env) at(name string, pos token.Pos) (binding, bool) {
	var best binding
	found := false
	for _, b := range en.locals[name] {
		if b.pos >= pos || pos < b.scope.Pos() || pos >= b.scope.End() {
			continue
		}
		if !found || b.scope.Pos() > best.scope.Pos() || (b.scope == best.scope && b.pos > best.pos) {
			best, found = b, true
		}
	}
	return best, found
}

// resolve follows e back to the figures or a parameter.
func (en *env) resolve(e ast.Expr, depth int) (chain, bool) {
	if depth > 20 {
		return chain{}, false
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return en.resolve(x.X, depth+1)
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && id.Name == en.recv && en.recv != "" && x.Sel.Name == "f" {
			return chain{param: -1}, true
		}
		c, ok := en.resolve(x.X, depth+1)
		if !ok {
			return c, false
		}
		c.names = append(append([]string(nil), c.names...), x.Sel.Name)
		return c, true
	case *ast.IndexExpr:
		c, ok := en.resolve(x.X, depth+1)
		if !ok {
			return c, false
		}
		c.names = append(append([]string(nil), c.names...), "[]")
		return c, true
	case *ast.Ident:
		if b, ok := en.at(x.Name, x.Pos()); ok {
			return en.resolve(b.e, depth+1)
		}
		if i, ok := en.params[x.Name]; ok {
			return chain{param: i}, true
		}
	}
	return chain{}, false
}

// figurePath turns a chain of Go field names from the figures into the
// path of its check under `figures`, indices written []: ("Stacking",
// "Limits", "[]") → figures.stacking.limits[].
func figurePath(names []string) (string, bool) {
	checkType := reflect.TypeFor[rulesets.Check]()
	t := reflect.TypeFor[rulesets.Figures]()
	path := "figures"
	for _, n := range names {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if n == "[]" {
			if t.Kind() != reflect.Slice {
				return "", false
			}
			t, path = t.Elem(), path+"[]"
			continue
		}
		if t.Kind() != reflect.Struct {
			return "", false
		}
		f, ok := t.FieldByName(n)
		if !ok {
			return "", false
		}
		for _, i := range f.Index {
			sf := t.Field(i)
			if !sf.Anonymous {
				key, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
				path += "." + key
			}
			t = sf.Type
		}
	}
	if t == checkType {
		return path, true
	}
	if t.Kind() == reflect.Struct {
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).Anonymous && t.Field(i).Type == checkType {
				return path, true
			}
		}
	}
	return "", false
}

// configuredSites finds where each check that ruleset data configures is
// raised, by its path under figures (indices written []). A raise whose
// check is a parameter of its function is followed to the calls of that
// function in the package.
func (s *source) configuredSites(t *testing.T) map[string][]site {
	out := map[string][]site{}
	type pending struct {
		r     raise
		param int
		rest  []string
	}
	var waiting []pending
	var decls []*ast.FuncDecl
	for _, af := range s.files["validate"] {
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}
	for _, fd := range decls {
		en := bindings(fd)
		for _, r := range s.raises(fd) {
			c, ok := en.resolve(r.check, 0)
			if !ok {
				t.Errorf("%s: cannot tell which figures configure this raise", r.at)
				continue
			}
			if c.param >= 0 {
				waiting = append(waiting, pending{r, c.param, c.names})
				continue
			}
			path, ok := figurePath(c.names)
			if !ok {
				t.Errorf("%s: %s is no check of the figures", r.at, strings.Join(c.names, "."))
				continue
			}
			out[path] = append(out[path], r.at)
		}
	}
	for _, w := range waiting {
		found := false
		for _, fd := range decls {
			en := bindings(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) <= w.param {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != w.r.fd.Name.Name {
					return true
				}
				c, ok := en.resolve(call.Args[w.param], 0)
				if !ok || c.param >= 0 {
					t.Errorf("%s: cannot tell which figures configure this call", s.site(fd, call.Pos()))
					return true
				}
				path, ok := figurePath(append(c.names, w.rest...))
				if !ok {
					t.Errorf("%s: %s is no check of the figures", s.site(fd, call.Pos()), strings.Join(append(c.names, w.rest...), "."))
					return true
				}
				found = true
				out[path] = append(out[path], w.r.at)
				return true
			})
		}
		if !found {
			t.Errorf("%s: no call of %s says which figures configure it", w.r.at, w.r.fd.Name.Name)
		}
	}
	return out
}

// TestRaisedBy keeps raisedby.go, the table that names the places raising
// each code (file:line function), equal to what the source says. A code
// declared as a variable is raised where a function names it; a check that
// ruleset data configures is raised where a function of this package
// passes that check of the figures to p.flagged: the table keys
// those by their path under figures, indices written [].
// go generate ./... (UPDATE=1) rewrites the table.
func TestRaisedBy(t *testing.T) {
	s := parseSource(t)
	fixed := s.fixedSites()
	conf := s.configuredSites(t)
	var b bytes.Buffer
	b.WriteString("// Code generated by TestRaisedBy (go generate ./...); DO NOT EDIT.\n\n")
	b.WriteString("package validate\n\n")
	b.WriteString("// raisedBy names the places that raise each code declared as a\n// variable: file:line function.\n")
	b.WriteString("var raisedBy = map[string]string{\n")
	for _, c := range sortedKeys(fixed) {
		fmt.Fprintf(&b, "\t%q: %q,\n", c, sites(fixed[c]))
	}
	b.WriteString("}\n\n")
	b.WriteString("// raisedAt names the places that raise the check configured at each\n// path under a ruleset's figures, indices written [].\n")
	b.WriteString("var raisedAt = map[string]string{\n")
	for _, p := range sortedKeys(conf) {
		fmt.Fprintf(&b, "\t%q: %q,\n", p, sites(conf[p]))
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	const path = "raisedby.go"
	if os.Getenv("UPDATE") != "" {
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, src) {
		t.Errorf("%s is out of date: run go generate ./...", path)
	}
}

func sortedKeys(m map[string][]site) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestRaisedByRaises checks what `muster explain` names for every code:
// each place it names is a line of the function it names, and that line
// raises the code: it names the code's variable, or passes the check that
// configures the code (the figures path explain cites) to p.flagged.
func TestRaisedByRaises(t *testing.T) {
	s := parseSource(t)
	conf := s.configuredSites(t)
	cat, err := validate.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string][]*ast.FuncDecl{} // file → its functions
	for _, pkg := range raisingPkgs {
		for _, af := range s.files[pkg] {
			name := filepath.ToSlash(strings.TrimPrefix(s.fset.Position(af.Pos()).Filename, "../"))
			for _, d := range af.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					decls[name] = append(decls[name], fd)
				}
			}
		}
	}
	place := regexp.MustCompile(`^([a-z]+/[a-z_0-9]+\.go):([0-9]+) (\S+)$`)
	indices := regexp.MustCompile(`\[[0-9]+\]`)
	for _, c := range cat {
		if c.Func == "" {
			t.Errorf("%s: explain names no function that raises it", c.Code)
			continue
		}
		for _, p := range strings.Split(c.Func, ", ") {
			m := place.FindStringSubmatch(p)
			if m == nil {
				t.Errorf("%s: %q is not file:line function", c.Code, p)
				continue
			}
			line, _ := strconv.Atoi(m[2])
			var fd *ast.FuncDecl
			for _, d := range decls[m[1]] {
				if funcName(d) == m[3] && s.fset.Position(d.Pos()).Line <= line && line <= s.fset.Position(d.End()).Line {
					fd = d
				}
			}
			if fd == nil {
				t.Errorf("%s: %s: no function %s holds that line", c.Code, p, m[3])
				continue
			}
			raises := false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if n == nil || s.fset.Position(n.Pos()).Line != line {
					return true
				}
				switch x := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := x.X.(*ast.Ident); ok && s.vars[id.Name+"."+x.Sel.Name] == c.Code {
						raises = true
					}
				case *ast.Ident:
					pkg, _, _ := strings.Cut(m[1], "/")
					if s.vars[pkg+"."+x.Name] == c.Code {
						raises = true
					}
				}
				return true
			})
			if !raises && c.Config != "" {
				_, path, _ := strings.Cut(c.Config, " ")
				for _, r := range s.raises(fd) {
					if r.at.line == line && slices.Contains(conf[indices.ReplaceAllString(path, "[]")], r.at) {
						raises = true
					}
				}
			}
			if !raises {
				t.Errorf("%s: explain names %s, which does not raise it", c.Code, p)
			}
		}
	}
}

// TestOneWayToRaise: the checks raise every finding through diag.List.Addf
// (p.l.Addf for a code of this package, p.flagged for a check that
// ruleset data configures), never by building a diag.Diagnostic and
// adding it, so a finding's code, severity and rule come from its code or
// its check, and its fingerprint from the values in its message when it
// names no subjects.
func TestOneWayToRaise(t *testing.T) {
	s := parseSource(t)
	for _, af := range s.files["validate"] {
		ast.Inspect(af, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if sel, ok := x.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Diagnostic" {
					t.Errorf("%s: a diag.Diagnostic built by hand; raise it with p.flagged or Addf", s.fset.Position(x.Pos()))
				}
			case *ast.SelectorExpr:
				if x.Sel.Name == "Add" || x.Sel.Name == "Append" {
					if l, ok := x.X.(*ast.SelectorExpr); ok && l.Sel.Name == "l" {
						t.Errorf("%s: p.l.%s adds a finding built by hand; raise it with p.flagged or Addf", s.fset.Position(x.Pos()), x.Sel.Name)
					}
				}
			}
			return true
		})
	}
}
