package render

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestColoursInOnePlace: every colour render and sheets draw in is named
// in colours.go; a colour written as a literal anywhere else in their
// code fails: a "#rrggbb" or "#rgb" string (CSS included), a value of
// image/color's types or its named colours, numbers given to a PDF's
// Set...Color.
func TestColoursInOnePlace(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "../sheets"} {
		fs, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range fs {
			if !strings.HasSuffix(f, "_test.go") && filepath.Base(f) != "colours.go" {
				files = append(files, f)
			}
		}
	}
	if len(files) < 15 {
		t.Fatalf("only %d files of render and sheets found", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, lit := range colourLiterals(t, f, src) {
			t.Errorf("%s: a colour written here; name it in render/colours.go", lit)
		}
	}
}

// TestColourLiterals: the scan finds each kind of colour literal, and
// passes a name.
func TestColourLiterals(t *testing.T) {
	src := `package p
var a = "#d0021b"
var b = "color: #111; margin: 0"
var c = color.RGBA{160, 0, 0, 255}
var d = color.Palette{color.Transparent}
func f() { pdf.SetFillColor(232, 232, 232); pdf.SetTextColor(RGB(SheetInkPDF)) }
var e = fmt.Sprintf("#%02x%02x%02x", 1, 2, 3)
var g = RingError
var h = color.RGBA{c.R / 2, c.G / 2, c.B / 2, 255}
var i = color.Gray{Y: 128}
`
	got := colourLiterals(t, "p.go", []byte(src))
	want := []string{"p.go:2:9", "p.go:3:9", "p.go:4:9", "p.go:5:23", "p.go:6:12", "p.go:10:9"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("found %v, want %v", got, want)
	}
}

var (
	hexColour   = regexp.MustCompile(`#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\b|\brgba?\(`)
	colourTypes = map[string]bool{"RGBA": true, "NRGBA": true, "RGBA64": true, "NRGBA64": true, "Gray": true, "Gray16": true, "Alpha": true, "Alpha16": true, "CMYK": true, "YCbCr": true, "NYCbCrA": true}
	colourNames = map[string]bool{"Black": true, "White": true, "Transparent": true, "Opaque": true}
	pdfColour   = regexp.MustCompile(`^Set\w*Colou?r$`)
)

// hasChannelLit reports whether a color value gives a colour channel (not
// its alpha) as a number: a value computed from others (a shade, a parsed
// "#rrggbb") is no literal.
func hasChannelLit(c *ast.CompositeLit) bool {
	for i, e := range c.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); !ok || k.Name == "A" {
				continue
			}
			e = kv.Value
		} else if i >= 3 && len(c.Elts) == 4 {
			continue // RGBA's alpha
		}
		if lit, ok := e.(*ast.BasicLit); ok && (lit.Kind == token.INT || lit.Kind == token.FLOAT) {
			return true
		}
	}
	return false
}

// colourLiterals returns the places in a Go source file where a colour is
// written as a literal.
func colourLiterals(t *testing.T, name string, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	at := func(n ast.Node) {
		p := fset.Position(n.Pos())
		out = append(out, fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column))
	}
	isColorPkg := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		return ok && id.Name == "color"
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if s, err := strconv.Unquote(n.Value); err == nil && hexColour.MatchString(s) {
					at(n)
				}
			}
		case *ast.CompositeLit:
			if sel, ok := n.Type.(*ast.SelectorExpr); ok && isColorPkg(sel.X) && colourTypes[sel.Sel.Name] && hasChannelLit(n) {
				at(n)
				return false
			}
		case *ast.SelectorExpr:
			if isColorPkg(n.X) && colourNames[n.Sel.Name] {
				at(n)
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && pdfColour.MatchString(sel.Sel.Name) {
				for _, a := range n.Args {
					if lit, ok := a.(*ast.BasicLit); ok && (lit.Kind == token.INT || lit.Kind == token.FLOAT) {
						at(n)
						break
					}
				}
			}
		}
		return true
	})
	return out
}
