package validate

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/schema"
)

// reportInput is a set of diagnostics that exercises every branch of the
// CI formats: each severity, a hint, a rule citation, an unregistered code,
// a file-level and a battle-level diagnostic, and text that needs escaping.
func reportInput() ([]diag.Diagnostic, Texts) {
	ds := []diag.Diagnostic{
		{Code: schema.CodeSyntax, Severity: diag.Error, Pos: diag.Pos{File: "b/map.yaml", Line: 3, Column: 7}, Message: "did not find expected key"},
		{Code: battle.CodeUnknownName, Severity: diag.Error, Pos: diag.Pos{File: "b/scenario one.yaml", Line: 12, Column: 15}, Message: `unknown unit, leader or formation "74 Ill" on side USA`, Hint: "did you mean 74 IL?", Rule: "GBACW 8.12"},
		{Code: battle.CodeStrength, Severity: diag.Warning, Pos: diag.Pos{File: "b/scenario one.yaml", Line: 20, Column: 3}, Message: "74 IL starts at 9, 100% more: <a> & \"b\", c:d\nline two"},
		{Code: battle.CodeNoMatch, Severity: diag.Warning, Pos: diag.Pos{File: "b/battle.yaml"}, Message: `"extra/*.yaml" matches no file`},
		{Code: "X999", Severity: diag.Info, Pos: diag.Pos{}, Message: "a note about the whole battle"},
	}
	diag.Sort(ds)
	texts := Texts{"b/battle.yaml": nil, "b/forces.yaml": nil, "b/map.yaml": nil, "b/scenario one.yaml": nil}
	return ds, texts
}

func TestReportFormatsGolden(t *testing.T) {
	ds, texts := reportInput()
	for _, name := range []string{"sarif", "github", "junit"} {
		t.Run(name, func(t *testing.T) {
			rep, ok := Reporters[name]
			if !ok {
				t.Fatalf("no reporter %q", name)
			}
			var a, b bytes.Buffer
			if err := rep(&a, ds, texts, true); err != nil {
				t.Fatal(err)
			}
			if err := rep(&b, ds, texts, false); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s output is not deterministic", name)
			}
			switch name {
			case "sarif":
				if !json.Valid(a.Bytes()) {
					t.Errorf("sarif output is not JSON")
				}
			case "junit":
				var v any
				if err := xml.Unmarshal(a.Bytes(), &v); err != nil {
					t.Errorf("junit output is not XML: %v", err)
				}
			}
			golden.Check(t, filepath.Join("testdata", "report", "report."+name), a.Bytes())
		})
	}
}

// TestReportFormatsEmpty checks a clean run: valid documents, no results.
func TestReportFormatsEmpty(t *testing.T) {
	texts := Texts{"b/battle.yaml": nil}
	for _, name := range []string{"sarif", "github", "junit"} {
		var buf bytes.Buffer
		if err := Reporters[name](&buf, nil, texts, false); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "report", "empty."+name), buf.Bytes())
	}
}
