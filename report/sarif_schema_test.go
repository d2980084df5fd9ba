package report_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/xeipuuv/gojsonschema"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// sarifSchema is the official SARIF 2.1.0 JSON schema (testdata/README.md
// says where it comes from), compiled once.
var sarifSchema = sync.OnceValues(func() (*gojsonschema.Schema, error) {
	data, err := os.ReadFile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	return gojsonschema.NewSchema(gojsonschema.NewBytesLoader(data))
})

// schemaErrors validates a SARIF log against the schema and returns what
// the schema refuses, one line each.
func schemaErrors(t *testing.T, log []byte) []string {
	t.Helper()
	s, err := sarifSchema()
	if err != nil {
		t.Fatalf("SARIF schema: %v", err)
	}
	res, err := s.Validate(gojsonschema.NewBytesLoader(log))
	if err != nil {
		t.Fatalf("validating SARIF: %v", err)
	}
	var out []string
	for _, e := range res.Errors() {
		out = append(out, e.String())
	}
	return out
}

func sarifOf(t *testing.T, ds []diag.Diagnostic, o report.Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if o.Lookup == nil {
		o.Lookup = codes.Lookup
	}
	if err := report.Write("sarif", &buf, ds, o); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sarifFeatures counts what a log exercises of what the schema constrains.
type sarifFeatures struct {
	results, related, fingerprints, fixes, suppressions, failedRuns, baseIDs int
}

func (f *sarifFeatures) add(t *testing.T, log []byte) {
	t.Helper()
	var v struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]any `json:"originalUriBaseIds"`
			Invocations        []struct {
				ExecutionSuccessful bool `json:"executionSuccessful"`
			} `json:"invocations"`
			Results []struct {
				RelatedLocations    []any          `json:"relatedLocations"`
				PartialFingerprints map[string]any `json:"partialFingerprints"`
				Fixes               []any          `json:"fixes"`
				Suppressions        []any          `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(log, &v); err != nil {
		t.Fatal(err)
	}
	for _, r := range v.Runs {
		f.baseIDs += len(r.OriginalURIBaseIDs)
		for _, in := range r.Invocations {
			if !in.ExecutionSuccessful {
				f.failedRuns++
			}
		}
		for _, res := range r.Results {
			f.results++
			f.related += len(res.RelatedLocations)
			f.fingerprints += len(res.PartialFingerprints)
			f.fixes += len(res.Fixes)
			f.suppressions += len(res.Suppressions)
		}
	}
}

// TestSARIFSchema validates the SARIF log against the official SARIF
// 2.1.0 JSON schema: the golden input (related locations, fixes), a clean
// run, suppressions in source and by a baseline, a run that could not read
// its input (executionSuccessful false), files under an absolute root
// (originalUriBaseIds), and the findings of every example battle, each
// variant and each trip.yaml, suppressed as `muster validate` does.
func TestSARIFSchema(t *testing.T) {
	var seen sarifFeatures
	check := func(name string, log []byte) {
		t.Helper()
		seen.add(t, log)
		for _, e := range schemaErrors(t, log) {
			t.Errorf("%s: the SARIF 2.1.0 schema refuses: %s", name, e)
		}
	}

	ds, texts := reportInput()
	check("golden input", sarifOf(t, ds, report.Options{Texts: texts, Version: "v1.2.3"}))
	check("clean run", sarifOf(t, nil, report.Options{Texts: report.Texts{"b/battle.yaml": nil}}))
	check("a build that could not write its output", sarifOf(t, nil, report.Options{Texts: report.Texts{"b/battle.yaml": nil}, Failed: "cannot write out/t.json: it is a folder"}))

	root := filepath.Join(t.TempDir(), "repo")
	suppressed := []diag.Diagnostic{
		{Code: battle.CodeStrength.Code, Severity: diag.Warning, Pos: diag.Pos{File: "b/s.yaml", Line: 2, Column: 3}, Message: "m",
			Suppression: &diag.Suppression{Kind: diag.InSource, Justification: "the book says so"}},
		{Code: battle.CodeStrength.Code, Severity: diag.Warning, Pos: diag.Pos{File: filepath.Join(root, "b", "s.yaml"), Line: 4, Column: 3}, Message: "m",
			Suppression: &diag.Suppression{Kind: diag.External}},
	}
	var unreadable diag.List // raised as the loader raises it: the code's Unreadable travels with the finding
	unreadable.Addf(schema.CodeUnreadable, diag.Pos{File: "b/map.yaml"}, "cannot read map.yaml")
	suppressed = append(suppressed, unreadable.Items()...)
	suppressed[0].Cite(diag.Pos{File: "b/s.yaml", Line: 1, Column: 1}, "first here").Cite(diag.Pos{File: "b/s.yaml", Line: 3, Column: 1}, "then here")
	suppressed[1].Offer("9", "8")
	check("suppressions, a failed run, an absolute root", sarifOf(t, suppressed, report.Options{Root: root}))

	// a finding in a played game: its place the game's file, a diag.Play
	// naming the step, the piece and the hex (muster game check)
	played := []diag.Diagnostic{{Code: battle.CodeStrength.Code, Severity: diag.Error, Pos: diag.Pos{File: "games/moves.vlog"}, Message: "step 2: m"}}
	played[0].Cite(diag.Play{Game: "games/moves.vlog", Step: 2, Piece: "75 IL", Hex: "C3014"}, "the position after step 2")
	log := sarifOf(t, played, report.Options{})
	check("a played game", log)
	if !bytes.Contains(log, []byte(`"fullyQualifiedName": "games/moves.vlog step 2: 75 IL in C3014"`)) || !bytes.Contains(log, []byte(`"uri": "games/moves.vlog"`)) {
		t.Errorf("a played game's place is not in the log:\n%s", log)
	}

	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	if len(dirs) == 0 {
		t.Fatal("no examples found")
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		name := filepath.Base(dir)
		b, ds := battle.LoadDir(dir, battle.Options{})
		check(name, exampleSARIF(t, b, ds))
		for _, v := range variantNames(t, dir) {
			vb, ds := battle.LoadDir(dir, battle.Options{Variant: v})
			check(name+" variant "+v, exampleSARIF(t, vb, ds))
		}
		if fsys := tripFS(t, dir); fsys != nil {
			b, ds := battle.Load(fsys, "", battle.Options{})
			check(name+" trip.yaml", exampleSARIF(t, b, ds))
		}
	}

	if seen.results == 0 || seen.related == 0 || seen.fixes == 0 || seen.suppressions < 2 || seen.failedRuns == 0 || seen.baseIDs == 0 || seen.fingerprints != seen.results {
		t.Errorf("the logs validated exercise too little: %+v", seen)
	}
}

// exampleSARIF is the SARIF log `muster validate --format sarif` writes
// for a loaded battle and its load diagnostics.
func exampleSARIF(t *testing.T, b *battle.Battle, ds []diag.Diagnostic) []byte {
	t.Helper()
	texts := report.Texts{}
	unused := false
	if b != nil {
		texts = b.Texts
		if b.Rules != nil {
			ds = append(ds, validate.Battle(b)...)
			unused = true
		}
	}
	cat := validate.Codes(nil)
	if b != nil {
		cat = validate.Codes(b.Rules)
	}
	ds = accept.Suppress(ds, texts, accept.Options{Lookup: cat.Lookup, Unused: unused})
	return sarifOf(t, ds, report.Options{Lookup: cat.Lookup, Texts: texts, Version: "v0.0.0"})
}

// variantNames are the variants battle.yaml names.
func variantNames(t *testing.T, dir string) []string { return checktest.Variants(t, dir) }

// tripFS is an example's folder with its trip.yaml added to the battle's
// files (as validate's TestExamples reads it), or nil when it has none.
func tripFS(t *testing.T, dir string) fstest.MapFS { return checktest.TripFS(t, dir) }

// TestSARIFSchemaRefuses: the schema test can fail. The schema refuses a
// related location with an id below -1 and a fix without artifactChanges.
func TestSARIFSchemaRefuses(t *testing.T) {
	ds, texts := reportInput()
	log := sarifOf(t, ds, report.Options{Texts: texts})
	for _, c := range []struct{ from, to string }{
		{`"id": 0,`, `"id": -2,`},
		{`"artifactChanges": [`, `"artifactChanges": [], "x": [`},
	} {
		bad := bytes.Replace(log, []byte(c.from), []byte(c.to), 1)
		if bytes.Equal(bad, log) {
			t.Fatalf("%s is not in the log", c.from)
		}
		if len(schemaErrors(t, bad)) == 0 {
			t.Errorf("the schema accepts the log with %s for %s", c.to, c.from)
		}
	}
}
