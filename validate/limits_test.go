package validate_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestLimits holds every numeric figure of every ruleset (rulesets/*.yaml
// figures:, and the battle books' layers rulesets/books/*.yaml) to a case
// exactly at its limit that passes and a case one past it that fails, in
// the check tests of validate/testdata. A case declares what it exercises
// with a comment on the line where the check reports,
//
//	"A0230": [I1, I3a]  # limit TS101 tss:stacking.limits[0].max_units at
//	"A0230": [I1, I3a, I3b]  # limit TS101 tss:stacking.limits[0].max_units past # want TS101 "..."
//
// naming the code, the figure (RULESET:PATH, the ruleset file's name and
// the figure's path under figures:, RULESET a book's file name for a
// book's figure) and at or past: at is the passing side of the limit, past
// the failing side, one step apart (for a reach, "within 4 hexes of the
// enemy", at is five hexes off and past four). The test runs the case with
// the figure as the ruleset gives it (the case may not change it): the at
// line raises no CODE, the past line raises it. Then with the figure moved
// by one (each way): the at line must raise CODE for one of them, and the
// past line lose it for one, so that each case sits on the limit, not
// merely near it. A figure of 0 forbids (no supply wagon in reserve): any
// stack without one is at it, and only its past case is asked for. A
// figure no check reads as a limit is in limitExempt with the reason; a new
// figure with neither cases nor a reason fails the test.
func TestLimits(t *testing.T) {
	figs := rulesetFigures(t)
	markers := limitMarkers(t)
	type pair struct{ at, past bool }
	seen := map[string]*pair{}
	for id := range figs {
		seen[id] = &pair{}
	}
	byCase := map[string][]limitMarker{}
	var cases []string
	for _, m := range markers {
		if _, ok := figs[m.figure]; !ok {
			t.Errorf("%s:%d: no ruleset has the figure %s", m.file, m.line, m.figure)
			continue
		}
		if byCase[m.path] == nil {
			cases = append(cases, m.path)
		}
		byCase[m.path] = append(byCase[m.path], m)
	}
	var mu sync.Mutex
	t.Run("cases", func(t *testing.T) {
		for _, path := range cases {
			t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
				t.Parallel()
				held, problems := limitCase(t, path, byCase[path], figs)
				for _, p := range problems {
					t.Error(p)
				}
				mu.Lock()
				defer mu.Unlock()
				for _, m := range held {
					p := seen[m.figure]
					if m.past {
						p.past = true
					} else {
						p.at = true
					}
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	for id, reason := range limitExempt {
		if _, ok := figs[id]; !ok {
			t.Errorf("limitExempt names %s, a figure no ruleset has", id)
		}
		if reason == "" {
			t.Errorf("limitExempt gives no reason for %s", id)
		}
		if p := seen[id]; p != nil && (p.at || p.past) {
			t.Errorf("%s is exempt (%s) but has a case: take it out of limitExempt", id, reason)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(figs)) {
		p := seen[id]
		if _, ok := limitExempt[id]; ok {
			continue
		}
		if !p.at && figs[id] != 0 {
			t.Errorf("%s (%v): no case at the limit that passes (# limit CODE %s at)", id, figs[id], id)
		}
		if !p.past {
			t.Errorf("%s (%v): no case one past the limit that fails (# limit CODE %s past)", id, figs[id], id)
		}
	}
}

// TestLimitsCatch gives TestLimits' case runner markers that are not on
// their limits, and wants each refused: one on a stack far under its
// limit, one past marker on a stack that passes, one at marker on a stack
// that fails.
func TestLimitsCatch(t *testing.T) {
	const path = "testdata/gbacw-limits.txtar"
	a, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line := func(file, text string) int {
		for _, f := range a.Files {
			if f.Name == file {
				for i, l := range strings.Split(string(f.Data), "\n") {
					if strings.Contains(l, text) {
						return i + 1
					}
				}
			}
		}
		t.Fatalf("%s has no line %q", file, text)
		return 0
	}
	mark := func(file, text, code, fig string, past bool) limitMarker {
		r, p, _ := strings.Cut(fig, ":")
		return limitMarker{path: path, file: file, line: line(file, text), code: code, figure: fig, ruleset: r, figurePath: p, past: past}
	}
	ms := []limitMarker{
		// 7 cavalry SP: far under the infantry's 15
		mark("scenario.yaml", `"C1301": [Cav5, Cav2]`, "GB102", "gbacw:stacking.limits[1].max_sp", false),
		// 15 infantry SP pass: not past the limit
		mark("scenario.yaml", `"C1101": [I8, I7]`, "GB102", "gbacw:stacking.limits[1].max_sp", true),
		// 13 guns of artillery alone fail: not at the limit
		mark("scenario2.yaml", `"C1501": [B4a, B4b, B5]`, "GB104", "gbacw:stacking.limits[3].any_of[1].max_sp", false),
	}
	held, problems := limitCase(t, path, ms, rulesetFigures(t))
	if len(held) != 0 || len(problems) != len(ms) {
		t.Errorf("markers off their limits: %d held, problems %q; want none held, %d problems", len(held), problems, len(ms))
	}
	for i, want := range []string{"it is not at the limit", "raises no GB102", "at the limit raises GB104"} {
		if i < len(problems) && !strings.Contains(problems[i], want) {
			t.Errorf("problem %d: %q, want it to say %q", i, problems[i], want)
		}
	}
}

// limitExempt lists the numeric figures that are not limits a check holds
// a battle to, each with the reason.
var limitExempt = map[string]string{
	"gbacw-three-days-of-gettysburg:entry.activations": "no check reads it: the activations the bundle gives an arrival that states none (BB 9.75's four); entry.max_activations is the bound",
	"gbacw:orders.near_enemy.terrain_levels.town":      "a height, not a bound: the levels a Town adds to its hex for the line of sight orders.near_enemy reads (gbacw-orders cases the sight)",
	"gbacw:orders.near_enemy.terrain_levels.woods":     "a height, not a bound: the levels Woods add to its hex for the line of sight orders.near_enemy reads (gbacw-orders cases the sight)",
	"gbacw:stacking.limits[5].max_sp":                  "GB106 binds moved stacks only (when: moved): muster checks set-up stacks, before any movement, and raises it for none (TestExamples), so no case can stand past it",
	"gbacw:stacking.limits[6].max_sp":                  "GB107 binds moved stacks only (when: moved): muster checks set-up stacks, before any movement, and raises it for none (TestExamples), so no case can stand past it",
	"gbacw:stacking.limits[7].max_classes":             "GB108 binds moved stacks only (when: moved): muster checks set-up stacks, before any movement, and raises it for none (TestExamples), so no case can stand past it",
}

type limitMarker struct {
	path       string // the case's txtar
	file       string // the case's file
	line       int
	code       string
	figure     string // RULESET:PATH
	past       bool
	ruleset    string
	figurePath string
}

var limitRE = regexp.MustCompile(`#\s*limit\s+([A-Z]+[0-9]+)\s+([a-z0-9-]+):(\S+)\s+(at|past)\b`)

// limitMarkers reads the limit comments of every case's own files.
func limitMarkers(t *testing.T) []limitMarker {
	paths, _ := filepath.Glob("testdata/*.txtar")
	var out []limitMarker
	for _, path := range paths {
		a, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range a.Files {
			for i, l := range strings.Split(string(f.Data), "\n") {
				if !strings.Contains(l, "# limit") {
					continue
				}
				ms := limitRE.FindAllStringSubmatch(l, -1)
				if len(ms) != strings.Count(l, "# limit") {
					t.Errorf("%s: %s:%d: a limit comment reads # limit CODE RULESET:PATH at|past", path, f.Name, i+1)
					continue
				}
				for _, m := range ms {
					out = append(out, limitMarker{path: path, file: f.Name, line: i + 1, code: m[1],
						figure: m[2] + ":" + m[3], ruleset: m[2], figurePath: m[3], past: m[4] == "past"})
				}
			}
		}
	}
	return out
}

// limitCase runs one case's markers and returns those that hold, and what
// is wrong with the others.
func limitCase(t *testing.T, path string, ms []limitMarker, figs map[string]float64) (held []limitMarker, problems []string) {
	problem := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	t.Helper()
	files, _ := checktest.Files(t, path, caseBase(strings.TrimSuffix(filepath.Base(path), ".txtar")))
	fsys := fstest.MapFS{}
	for n, data := range files {
		fsys[n] = &fstest.MapFile{Data: data}
	}
	b, _ := battle.Load(fsys, ".", battle.Options{Variant: strings.TrimSpace(string(files["VARIANT"]))})
	if b == nil || b.Rules == nil {
		t.Fatalf("the battle does not load")
	}
	raw, err := json.Marshal(b.Rules)
	if err != nil {
		t.Fatal(err)
	}
	rules := b.Rules
	defer func() { b.Rules = rules }()
	ran := map[string][]diag.Diagnostic{}
	all := b.Scenarios
	defer func() { b.Scenarios = all }()
	// with runs the checks with the figure at path set to v (the figures
	// as loaded when path is ""), over the scenario of file alone when
	// file is one (a marker's finding is on its own scenario's lines).
	with := func(file, path string, v float64) []diag.Diagnostic {
		key := fmt.Sprint(file, ":", path, "=", v)
		if ds, ok := ran[key]; ok {
			return ds
		}
		b.Scenarios = all
		for _, sc := range all {
			if filepath.ToSlash(sc.File) == file {
				b.Scenarios = []*battle.Scenario{sc}
			}
		}
		var doc map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		if path != "" {
			setFigure(t, doc["figures"], path, v)
		}
		r, err := rulesets.Decode(doc)
		if err != nil {
			t.Fatal(err)
		}
		b.Rules = r
		ran[key] = validate.Battle(b)
		return ran[key]
	}
	raises := func(ds []diag.Diagnostic, m limitMarker) bool {
		for _, d := range ds {
			if d.Code == m.code && filepath.ToSlash(d.Pos.File) == m.file && d.Pos.Line == m.line {
				return true
			}
		}
		return false
	}
	as := with("", "", 0)
	b.Rules = rules
	if !slices.EqualFunc(validate.Battle(b), as, sameDiag) {
		t.Fatal("the ruleset read back from JSON gives other findings than as loaded")
	}
	for _, m := range ms {
		at := fmt.Sprintf("%s:%d: %s %s", m.file, m.line, m.code, m.figure)
		if m.ruleset != rules.System && !strings.HasPrefix(m.ruleset, rules.System+"-") {
			problem("%s: the case's system is %s", at, rules.System)
			continue
		}
		v, ok := figureAt(loadedFigures(t, raw), m.figurePath)
		if !ok && figs[m.figure] == 0 {
			v, ok = 0, true // a figure of 0 is left out of the JSON
		}
		if !ok || v != figs[m.figure] {
			problem("%s: the case runs with %s at %v, not the ruleset's %v (a limit case may not change the figure)", at, m.figurePath, v, figs[m.figure])
			continue
		}
		if m.past != raises(as, m) {
			if m.past {
				problem("%s past: the line one past the limit raises no %s", at, m.code)
			} else {
				problem("%s at: the line at the limit raises %s", at, m.code)
			}
			continue
		}
		moved := false
		for _, d := range []float64{-1, 1} {
			if raises(with(m.file, m.figurePath, v+d), m) != m.past {
				moved = true
			}
		}
		// A limit of 1 whose 0 means no limit (max_batteries) cannot be
		// tightened: its at case stands when 0 turns the check off (the
		// same findings as with the figure gone) and a past case proves
		// the limit from above.
		if !moved && !m.past && v == 1 && slices.EqualFunc(with(m.file, m.figurePath, 0), with(m.file, m.figurePath, math.NaN()), sameDiag) {
			moved = true
		}
		if !moved {
			if m.past {
				problem("%s past: with the figure moved by one either way the line still raises %s: it is not one past the limit", at, m.code)
			} else {
				problem("%s at: with the figure moved by one either way the line still raises no %s: it is not at the limit", at, m.code)
			}
			continue
		}
		held = append(held, m)
	}
	return held, problems
}

func sameDiag(a, b diag.Diagnostic) bool {
	return a.Code == b.Code && a.Pos == b.Pos && a.Message == b.Message
}

func loadedFigures(t *testing.T, raw []byte) any {
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc["figures"]
}

// figurePath splits a figure's path into map keys and list indices.
func figureSteps(path string) []string {
	var out []string
	for _, part := range strings.Split(path, ".") {
		for {
			i := strings.IndexByte(part, '[')
			if i < 0 {
				out = append(out, part)
				break
			}
			if i > 0 {
				out = append(out, part[:i])
			}
			j := strings.IndexByte(part, ']')
			out = append(out, part[i:j+1])
			part = part[j+1:]
			if part == "" {
				break
			}
		}
	}
	return out
}

// figureAt is the number at path in a JSON-shaped value.
func figureAt(v any, path string) (float64, bool) {
	for _, s := range figureSteps(path) {
		switch x := v.(type) {
		case map[string]any:
			v = x[s]
		case []any:
			i, err := strconv.Atoi(strings.Trim(s, "[]"))
			if err != nil || i >= len(x) {
				return 0, false
			}
			v = x[i]
		default:
			return 0, false
		}
	}
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// setFigure sets the number at path in a JSON-shaped value (NaN: takes it
// out).
func setFigure(t *testing.T, v any, path string, to float64) {
	t.Helper()
	steps := figureSteps(path)
	for k, s := range steps {
		last := k == len(steps)-1
		switch x := v.(type) {
		case map[string]any:
			if last && math.IsNaN(to) {
				delete(x, s)
				return
			}
			if last {
				x[s] = to
				return
			}
			v = x[s]
		case []any:
			i, _ := strconv.Atoi(strings.Trim(s, "[]"))
			if last {
				x[i] = to
				return
			}
			v = x[i]
		default:
			t.Fatalf("no figure at %s", path)
		}
	}
}

// rulesetFigures lists every numeric figure of the rulesets and the books'
// layers, as RULESET:PATH.
func rulesetFigures(t *testing.T) map[string]float64 {
	out := map[string]float64{}
	walk := func(name string, v any) {
		var rec func(v any, path string)
		rec = func(v any, path string) {
			switch x := v.(type) {
			case map[string]any:
				for k, e := range x {
					p := k
					if path != "" {
						p = path + "." + k
					}
					rec(e, p)
				}
			case []any:
				for i, e := range x {
					rec(e, fmt.Sprintf("%s[%d]", path, i))
				}
			case json.Number:
				f, err := x.Float64()
				if err != nil {
					t.Fatal(err)
				}
				out[name+":"+path] = f
			case float64:
				out[name+":"+path] = x
			}
		}
		if m, ok := v.(map[string]any); ok {
			rec(m["figures"], "")
		}
	}
	for _, s := range rulesets.Systems() {
		d, _, err := rulesets.Raw(s)
		if err != nil {
			t.Fatal(err)
		}
		walk(s, d.Value)
	}
	books, _ := filepath.Glob("../rulesets/books/*.yaml")
	for _, p := range books {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs, ds := schema.Parse(p, data, schema.DefaultLimits)
		if len(ds) > 0 || len(docs) != 1 {
			t.Fatalf("%s: %v", p, ds)
		}
		walk(strings.TrimSuffix(filepath.Base(p), ".yaml"), docs[0].Value)
	}
	if len(out) == 0 {
		t.Fatal("no figures found")
	}
	return out
}
