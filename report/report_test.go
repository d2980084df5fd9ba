package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// reportInput is a set of diagnostics that exercises every branch of the
// CI formats: each severity, a hint, a rule citation, an unregistered code,
// a file-level and a battle-level diagnostic, and text that needs escaping;
// subjects, a related place and a fix.
func reportInput() ([]diag.Diagnostic, report.Texts) {
	ds := []diag.Diagnostic{
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: "b/map.yaml", Line: 3, Column: 7}, Message: "did not find expected key"},
		{Code: battle.CodeUnknownName.Code, Severity: diag.Error, Pos: diag.Pos{File: "b/scenario one.yaml", Line: 12, Column: 15}, Message: `unknown unit, leader or formation "74 Ill" on side USA`, Hint: "did you mean 74 IL?", Rule: "GBACW 8.12"},
		{Code: battle.CodeStrength.Code, Severity: diag.Warning, Pos: diag.Pos{File: "b/scenario one.yaml", Line: 20, Column: 3}, Message: "74 IL starts at 9, 100% more: <a> & \"b\", c:d\nline two"},
		{Code: battle.CodeNoMatch.Code, Severity: diag.Warning, Pos: diag.Pos{File: "b/battle.yaml"}, Message: `"extra/*.yaml" matches no file`},
		{Code: "X999", Severity: diag.Info, Pos: diag.Pos{}, Message: "a note about the whole battle"},
	}
	ds[1].Offer("74 Ill", "74 IL").About(diag.Subjects{Values: []string{"74 Ill"}})
	ds[2].Cite(diag.Pos{File: "b/scenario one.yaml", Line: 9, Column: 3}, "set up here at 9").About(diag.Subjects{Units: []string{"74 IL/1/1/RW"}})
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
			if err := report.Write(name, &a, ds, report.Options{Lookup: codes.Lookup, Texts: texts, Color: true, Version: "v1.2.3", Elapsed: 1234567 * time.Microsecond}); err != nil {
				t.Fatal(err)
			}
			if err := report.Write(name, &b, ds, report.Options{Lookup: codes.Lookup, Texts: texts, Version: "v1.2.3", Elapsed: 1234567 * time.Microsecond}); err != nil {
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
		t.Errorf("rules = %+v, want Q1 described by the lookup and %s bare", rules, schema.CodeSyntax.Code)
	}
}

// TestSARIFExecution: a run that exits 2 (input that could not be read) is
// not executionSuccessful; one that found errors is.
func TestSARIFExecution(t *testing.T) {
	for _, c := range []struct {
		ds   []diag.Diagnostic
		want bool
	}{
		{nil, true},
		{[]diag.Diagnostic{{Code: "R002", Severity: diag.Error, Message: "m"}}, true},
		{[]diag.Diagnostic{raise(schema.CodeUnreadable, diag.Pos{}, "cannot read x.yaml")}, false},
		{[]diag.Diagnostic{{Code: "R002", Severity: diag.Error, Message: "m"}, raise(battle.CodeNoBattle, diag.Pos{}, "no battle.yaml")}, false},
	} {
		var buf bytes.Buffer
		if err := report.Write("sarif", &buf, c.ds, report.Options{}); err != nil {
			t.Fatal(err)
		}
		var log struct {
			Runs []struct {
				Invocations []struct {
					ExecutionSuccessful bool `json:"executionSuccessful"`
				} `json:"invocations"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		st, _ := report.Exit(c.ds, report.Lenient)
		if got := log.Runs[0].Invocations[0].ExecutionSuccessful; got != c.want {
			t.Errorf("%v (exit %d): executionSuccessful %v, want %v", c.ds, st, got, c.want)
		}
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

// TestSARIFLocations: a file given by a relative path is a URI relative to
// %SRCROOT%; one given by an absolute path under the root is made relative
// to it, and originalUriBaseIds says where the root is; one outside the
// root is an absolute file: URI. Every rule has a helpUri to its section of
// docs/codes.md, and the driver names muster's version.
func TestSARIFLocations(t *testing.T) {
	root := filepath.Join(t.TempDir(), "repo dir")
	ds := []diag.Diagnostic{
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: "b/map.yaml", Line: 1, Column: 1}, Message: "m"},
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: filepath.Join(root, "battles", "b", "map.yaml"), Line: 2, Column: 1}, Message: "m"},
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: filepath.Join(filepath.Dir(root), "elsewhere", "map.yaml"), Line: 3, Column: 1}, Message: "m"},
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: filepath.Join("..", "up", "map.yaml"), Line: 4, Column: 1}, Message: "m"},
		// A first segment with a colon would read as a scheme (RFC 3986 4.2).
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: "c:d/map.yaml", Line: 5, Column: 1}, Message: "m"},
		{Code: schema.CodeSyntax.Code, Severity: diag.Error, Pos: diag.Pos{File: filepath.Join(root, "e:f", "map.yaml"), Line: 6, Column: 1}, Message: "m"},
	}
	type artifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version        string `json:"version"`
					InformationURI string `json:"informationUri"`
					Rules          []struct {
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			OriginalURIBaseIDs map[string]artifact `json:"originalUriBaseIds"`
			Results            []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation artifact `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	var buf bytes.Buffer
	if err := report.Write("sarif", &buf, ds, report.Options{Lookup: codes.Lookup, Root: root, Version: "v9.9.9"}); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	rootURI := "file://" + strings.ReplaceAll(filepath.ToSlash(root), " ", "%20") + "/"
	if !strings.HasPrefix(filepath.ToSlash(root), "/") {
		rootURI = "file:///" + strings.ReplaceAll(filepath.ToSlash(root), " ", "%20") + "/"
	}
	var got []artifact
	for _, r := range run.Results {
		got = append(got, r.Locations[0].PhysicalLocation.ArtifactLocation)
	}
	elsewhere := strings.TrimSuffix(rootURI, "repo%20dir/") + "elsewhere/map.yaml"
	up := strings.TrimSuffix(rootURI, "repo%20dir/") + "up/map.yaml"
	want := []artifact{{"b/map.yaml", "%SRCROOT%"}, {"battles/b/map.yaml", "%SRCROOT%"}, {elsewhere, ""}, {up, ""}, {"./c:d/map.yaml", "%SRCROOT%"}, {"./e:f/map.yaml", "%SRCROOT%"}}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Errorf("result %d: artifact %+v, want %+v", i, got, want)
			break
		}
	}
	if b := run.OriginalURIBaseIDs["%SRCROOT%"]; b.URI != rootURI {
		t.Errorf("originalUriBaseIds %%SRCROOT%% = %q, want %q", b.URI, rootURI)
	}
	d := run.Tool.Driver
	if d.Version != "v9.9.9" || d.InformationURI != report.InformationURI {
		t.Errorf("driver version %q, informationUri %q", d.Version, d.InformationURI)
	}
	if len(d.Rules) != 1 || d.Rules[0].HelpURI != report.InformationURI+"/blob/main/docs/codes.md#y001" {
		t.Errorf("rules %+v, want one with the helpUri of Y001", d.Rules)
	}

	// Relative paths alone: no originalUriBaseIds, the bytes as before.
	buf.Reset()
	if err := report.Write("sarif", &buf, ds[:1], report.Options{Lookup: codes.Lookup, Root: root}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "originalUriBaseIds") || strings.Contains(buf.String(), root) {
		t.Errorf("a report of relative paths names the root:\n%s", buf.String())
	}
}

// TestPlayedGame: a finding in a played game (muster game check) cites a
// diag.Play; every format writes it: json as a "play" location with its
// step, piece and hex, text its place and message.
func TestPlayedGame(t *testing.T) {
	d := diag.Diagnostic{Code: "GB102", Severity: diag.Error, Pos: diag.Pos{File: "moves.vlog"}, Message: "step 2 (75 IL moves C3213 → C3014): USA stack in C3014"}
	d.Cite(diag.Play{Game: "moves.vlog", Step: 2, Piece: "75 IL", Hex: "C3014"}, "the position after step 2")
	for _, f := range report.Formats {
		var b bytes.Buffer
		if err := report.Write(f.Name, &b, []diag.Diagnostic{d}, report.Options{Lookup: codes.Lookup}); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if !strings.Contains(b.String(), "moves.vlog") || !strings.Contains(b.String(), "step 2") {
			t.Errorf("%s: the game or the step is missing:\n%s", f.Name, b.String())
		}
		var compact bytes.Buffer
		if f.Name == "json" && (json.Compact(&compact, b.Bytes()) != nil || !strings.Contains(compact.String(), `{"kind":"play","file":"moves.vlog","step":2,"piece":"75 IL","hex":"C3014"}`)) {
			t.Errorf("json: no play location:\n%s", b.String())
		}
	}
	if s := (diag.Play{Game: "g.vsav", Piece: "Post"}).String(); s != "g.vsav: Post off the map" {
		t.Errorf("String: %q", s)
	}
}
