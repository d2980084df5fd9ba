package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// reportInput is a set of diagnostics that exercises every branch of the
// CI formats: each severity, a hint, a rule citation, an unregistered code,
// a file-level and a battle-level diagnostic, and text that needs escaping.
func reportInput() ([]diag.Diagnostic, report.Texts) {
	ds := []diag.Diagnostic{
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: "b/map.yaml", Line: 3, Column: 7}, Message: "did not find expected key"},
		{Code: battle.CodeUnknownName.Code, Severity: diag.Error, Pos: diag.Pos{File: "b/scenario one.yaml", Line: 12, Column: 15}, Message: `unknown unit, leader or formation "74 Ill" on side USA`, Hint: "did you mean 74 IL?", Rule: "GBACW 8.12"},
		{Code: battle.CodeStrength.Code, Severity: diag.Warning, Pos: diag.Pos{File: "b/scenario one.yaml", Line: 20, Column: 3}, Message: "74 IL starts at 9, 100% more: <a> & \"b\", c:d\nline two"},
		{Code: battle.CodeNoMatch.Code, Severity: diag.Warning, Pos: diag.Pos{File: "b/battle.yaml"}, Message: `"extra/*.yaml" matches no file`},
		{Code: "X999", Severity: diag.Info, Pos: diag.Pos{}, Message: "a note about the whole battle"},
	}
	diag.Sort(ds)
	texts := report.Texts{
		"b/battle.yaml":       nil,
		"b/forces.yaml":       nil,
		"b/map.yaml":          []byte("kind: map\ngrid: {hexes: flat-top}\nterrain: {\".\": clear, \"f\"\tforest}\n"),
		"b/scenario one.yaml": nil,
	}
	return ds, texts
}

func TestReportFormatsGolden(t *testing.T) {
	ds, texts := reportInput()
	for _, name := range []string{"sarif", "github", "junit"} {
		t.Run(name, func(t *testing.T) {
			var a, b bytes.Buffer
			if err := report.Write(name, &a, ds, report.Options{Lookup: codes.Lookup, Texts: texts, Color: true}); err != nil {
				t.Fatal(err)
			}
			if err := report.Write(name, &b, ds, report.Options{Lookup: codes.Lookup, Texts: texts}); err != nil {
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
			golden.Check(t, filepath.Join("testdata", "report."+name), a.Bytes())
		})
	}
}

// TestReportFormatsEmpty checks a clean run: valid documents, no results.
func TestReportFormatsEmpty(t *testing.T) {
	texts := report.Texts{"b/battle.yaml": nil}
	for _, name := range []string{"sarif", "github", "junit"} {
		var buf bytes.Buffer
		if err := report.Write(name, &buf, nil, report.Options{Lookup: codes.Lookup, Texts: texts}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "empty."+name), buf.Bytes())
	}
}

// TestTextJSONGolden pins the text report (with a quoted source line, a
// tab in it, and colour) and the json report.
func TestTextJSONGolden(t *testing.T) {
	ds, texts := reportInput()
	for _, c := range []struct {
		name, format string
		color        bool
	}{{"report.text", "text", false}, {"report.color", "text", true}, {"report.json", "json", false}} {
		var buf bytes.Buffer
		if err := report.Write(c.format, &buf, ds, report.Options{Lookup: codes.Lookup, Texts: texts, Color: c.color}); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", c.name), buf.Bytes())
	}
}

// TestWriteInParts checks that a report fed one diagnostic at a time
// writes the same bytes as one fed them all at once.
func TestWriteInParts(t *testing.T) {
	ds, texts := reportInput()
	for _, f := range report.Formats {
		var whole, parts bytes.Buffer
		if err := report.Write(f.Name, &whole, ds, report.Options{Lookup: codes.Lookup, Texts: texts}); err != nil {
			t.Fatal(err)
		}
		r := f.New(&parts, report.Options{Lookup: codes.Lookup, Texts: texts})
		for _, d := range ds {
			if err := r.Write(d); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.Flush(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(whole.Bytes(), parts.Bytes()) {
			t.Errorf("%s: written in parts:\n%s\nat once:\n%s", f.Name, parts.Bytes(), whole.Bytes())
		}
	}
}

// TestSARIFLookup checks that SARIF rules come from the lookup the caller
// passes, not from the codes registered.
func TestSARIFLookup(t *testing.T) {
	ds := []diag.Diagnostic{{Code: "Q1", Severity: diag.Warning, Message: "m"}, {Code: schema.CodeSyntax.Code, Severity: diag.Error, Message: "m"}}
	lookup := func(code string) (diag.Code, bool) {
		if code == "Q1" {
			return diag.Code{Code: "Q1", Severity: diag.Warning, Title: "A made-up code", Doc: "Only this test knows it.", System: "test"}, true
		}
		return diag.Code{}, false
	}
	var buf bytes.Buffer
	if err := report.Write("sarif", &buf, ds, report.Options{Lookup: lookup}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID   string `json:"id"`
						Name string `json:"name"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	if len(rules) != 2 || rules[0].ID != "Q1" || rules[0].Name != "AMadeUpCode" || rules[1].ID != schema.CodeSyntax.Code || rules[1].Name != "" {
		t.Errorf("rules = %+v, want Q1 described by the lookup and %s bare", rules, schema.CodeSyntax)
	}
}

func TestFormats(t *testing.T) {
	if got, want := strings.Join(report.Names(), " "), "github json junit sarif text"; got != want {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	if _, err := report.New("xml", nil, report.Options{}); err == nil || err.Error() != `--format must be one of github, json, junit, sarif, text, not "xml"` {
		t.Errorf("New(xml) error = %v", err)
	}
}

// codes is the catalogue of the codes every system shares, which the
// golden input uses.
var codes = validate.Codes(nil)
