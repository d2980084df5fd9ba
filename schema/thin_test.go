package schema

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
	"go.yaml.in/yaml/v3"
)

// listing is what Validate gives for a document, one line a diagnostic.
func listing(t *testing.T, set *Set, src []byte) string {
	t.Helper()
	return listingOf(t, set, src, set.Validate)
}

// listingOnce is listing through ValidateOnce (thin changes the value in
// place).
func listingOnce(t *testing.T, set *Set, src []byte) string {
	t.Helper()
	return listingOf(t, set, src, set.ValidateOnce)
}

// listingTree is listing of the document read as its tree alone
// (ParseTree): the check judges the nodes and builds values only for
// what the library must read (judge.go).
func listingTree(t *testing.T, set *Set, src []byte) string {
	t.Helper()
	return listingParsed(t, set, src, set.ValidateOnce, ParseTree)
}

func listingOf(t *testing.T, set *Set, src []byte, validate func(*Doc) []diag.Diagnostic) string {
	t.Helper()
	return listingParsed(t, set, src, validate, ParseFile)
}

func listingParsed(t *testing.T, set *Set, src []byte, validate func(*Doc) []diag.Diagnostic, parse func(string, []byte, Limits) ([]*Doc, []Lost, []diag.Diagnostic)) string {
	t.Helper()
	docs, _, ds := parse("f.yaml", src, DefaultLimits)
	if len(docs) != 1 {
		return fmt.Sprint(ds)
	}
	var out []string
	for _, d := range validate(docs[0]) {
		out = append(out, d.Pos.String()+" "+d.Code+" "+d.Message+" | "+d.Hint)
	}
	return strings.Join(out, "\n")
}

// TestThinSame: the problems listed for a document of many offenders are
// the same with thin as without it (the library given the whole
// document), on documents made from every example's files by mutations
// that each make problems in bulk: unknown keys, values and items of the
// wrong type, mappings without their keys. MaxProblems is small so that
// every case runs past it.
func TestThinSame(t *testing.T) {
	files, _ := filepath.Glob("../examples/*/*.yaml")
	if len(files) < 10 {
		t.Fatalf("examples: %d files", len(files))
	}
	set, err := NewSet(nil, "gbacw")
	if err != nil {
		t.Fatal(err)
	}
	saved := MaxProblems
	defer func() { MaxProblems, thinOff = saved, false }()
	rng := rand.New(rand.NewSource(1))
	thinned, cases := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for round := range 3 {
			var root yaml.Node
			if err := yaml.Unmarshal(src, &root); err != nil || len(root.Content) == 0 {
				break
			}
			mutate(rng, root.Content[0], 1+rng.Intn(6))
			mutated, err := yaml.Marshal(&root)
			if err != nil {
				t.Fatal(err)
			}
			MaxProblems = 1 + rng.Intn(8)
			thinOff = true
			checked.Store(0)
			want := listing(t, set, mutated)
			whole := checked.Load()
			thinOff = false
			checked.Store(0)
			got := listing(t, set, mutated)
			if got != want {
				t.Fatalf("%s round %d, MaxProblems %d: with thin\n%s\nwithout\n%s\ndocument:\n%s", f, round, MaxProblems, got, want, mutated)
			}
			if once := listingOnce(t, set, mutated); once != want {
				t.Fatalf("%s round %d, MaxProblems %d: with thin in place\n%s\nwithout\n%s\ndocument:\n%s", f, round, MaxProblems, once, want, mutated)
			}
			if tree := listingTree(t, set, mutated); tree != want {
				t.Fatalf("%s round %d, MaxProblems %d: judged on the tree\n%s\nwithout\n%s\ndocument:\n%s", f, round, MaxProblems, tree, want, mutated)
			}
			cases++
			if checked.Load() < whole {
				thinned++
			}
		}
	}
	t.Logf("thin left something out in %d of %d documents", thinned, cases)
	// the test means nothing if thin never leaves anything out
	if thinned < cases/4 {
		t.Errorf("thin left something out in %d of %d documents", thinned, cases)
	}
}

// mutate makes n bulk changes at random nodes of the tree under root.
func mutate(rng *rand.Rand, root *yaml.Node, n int) {
	var maps, seqs []*yaml.Node
	var walk func(*yaml.Node)
	walk = func(x *yaml.Node) {
		switch x.Kind {
		case yaml.MappingNode:
			maps = append(maps, x)
		case yaml.SequenceNode:
			seqs = append(seqs, x)
		}
		for _, c := range x.Content {
			walk(c)
		}
	}
	walk(root)
	scalar := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }
	for range n {
		count := 1 + rng.Intn(30)
		switch rng.Intn(5) {
		case 0: // unknown keys
			m := maps[rng.Intn(len(maps))]
			for i := range count {
				m.Content = append(m.Content, scalar(fmt.Sprintf("zz%d", i)), scalar("1"))
			}
		case 1: // values of the wrong type
			m := maps[rng.Intn(len(maps))]
			for i := 1; i < len(m.Content); i += 2 {
				if rng.Intn(2) == 0 {
					m.Content[i] = &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{scalar("x")}}
				}
			}
		case 2: // keys taken away
			m := maps[rng.Intn(len(maps))]
			if len(m.Content) >= 2 {
				i := 2 * rng.Intn(len(m.Content)/2)
				m.Content = append(m.Content[:i:i], m.Content[i+2:]...)
			}
		case 3: // items of the wrong type, or empty mappings
			if len(seqs) == 0 {
				continue
			}
			s := seqs[rng.Intn(len(seqs))]
			at := rng.Intn(len(s.Content) + 1)
			var add []*yaml.Node
			for range count {
				if rng.Intn(2) == 0 {
					add = append(add, scalar("7"))
				} else {
					add = append(add, &yaml.Node{Kind: yaml.MappingNode})
				}
			}
			s.Content = append(s.Content[:at], append(add, s.Content[at:]...)...)
		case 4: // copies of an item, good or bad
			if len(seqs) == 0 {
				continue
			}
			s := seqs[rng.Intn(len(seqs))]
			if len(s.Content) == 0 {
				continue
			}
			it := s.Content[rng.Intn(len(s.Content))]
			for range count {
				s.Content = append(s.Content, it)
			}
		}
	}
}

// TestThinBounds: a document of 50 times MaxProblems unknown keys, items of
// the wrong type or items without their keys has the library report a
// bounded number of problems, and lists the first MaxProblems in the order
// of the file, the same in every run (the library's order is Go's map
// order: which were listed changed from run to run).
func TestThinBounds(t *testing.T) {
	set, err := NewSet(nil, "gbacw")
	if err != nil {
		t.Fatal(err)
	}
	head := "kind: scenario\nid: s\nname: S\nsheets: [A]\nturns: {first: \"Jul 1 0800\", last: \"Jul 1 1000\"}\n"
	n := 50 * MaxProblems
	var keys, items strings.Builder
	keys.WriteString(head)
	for i := range n {
		fmt.Fprintf(&keys, "x%d: 1\n", i)
	}
	items.WriteString(strings.Replace(head, "sheets: [A]\n", "", 1) + "sheets:\n")
	for range n {
		items.WriteString("  - 7\n")
	}
	for name, src := range map[string]string{"keys": keys.String(), "items": items.String()} {
		var first string
		for run := range 3 {
			checked.Store(0)
			got := listing(t, set, []byte(src))
			if c := checked.Load(); c > int64(3*MaxProblems) {
				t.Errorf("%s: the library reported %d problems for %d offenders, want at most %d", name, c, n, 3*MaxProblems)
			}
			lines := strings.Split(got, "\n")
			if len(lines) != MaxProblems+1 || !strings.Contains(lines[MaxProblems], " Y012 ") {
				t.Fatalf("%s: %d lines, last %q", name, len(lines), lines[len(lines)-1])
			}
			if !sort.SliceIsSorted(lines[:MaxProblems], func(i, j int) bool { return lineOf(lines[i]) < lineOf(lines[j]) }) || lineOf(lines[0]) != 6 {
				t.Errorf("%s: not the first problems in the file: %s ...", name, lines[0])
			}
			if run == 0 {
				first = got
			} else if got != first {
				t.Fatalf("%s: run %d lists other problems", name, run)
			}
		}
	}
}

func lineOf(s string) int {
	var line int
	fmt.Sscanf(s[strings.Index(s, ":")+1:], "%d", &line)
	return line
}

// TestThinNumbers: in a document thin reads, a whole number certain to
// meet its schema (the type allows it, and it is within any whole-number
// bounds) is not given to the library as a number, which it would read
// through big.Rat twice; every other number is, so the problems listed are
// the same as with the library given the whole document: at each bound and
// one past it, a fraction, a number past int64, a number where text is
// wanted.
func TestThinNumbers(t *testing.T) {
	lo, hi := 0, 8
	set, err := NewSet(&Counters{
		Fields:     map[string]Field{"strength": {Type: "int", Min: &lo, Max: &hi}, "ma": {Type: "int"}},
		UnitFields: []string{"strength", "ma"},
	}, "thin-numbers")
	if err != nil {
		t.Fatal(err)
	}
	saved := MaxProblems
	defer func() { MaxProblems, thinOff = saved, false }()
	MaxProblems = 20
	var src strings.Builder
	src.WriteString("kind: forces\nside: USA\narmy:\n  name: Army\n  level: army\n  units:\n")
	odd := []string{"-1", "9", "1.5", "99999999999999999999", "0", "8"}
	numbers := 0
	for i := range 60 {
		strength := fmt.Sprint(i % 9)
		if i%10 == 3 {
			strength = odd[(i/10)%len(odd)]
		}
		fmt.Fprintf(&src, "    - {name: U%d, type: inf, strength: %s, ma: %d}\n", i, strength, i*1000)
		numbers += 2
	}
	fmt.Fprintf(&src, "    - {name: 7, type: inf, strength: 1}\n")
	numbers += 2
	thinOff = true
	want := listing(t, set, []byte(src.String()))
	thinOff = false
	got := listing(t, set, []byte(src.String()))
	if got != want {
		t.Fatalf("with thin\n%s\nwithout\n%s", got, want)
	}
	// -1 (one below the bound), 9 and a number past int64 (above it), 1.5
	// (not whole) and 7 (a number for a name); 0 and 8 are at the bounds
	for _, w := range []string{":10:39 S005 strength: Must be greater than or equal to 0", ":20:40 S005 strength: Must be less than or equal to 8",
		":30:40 S001 strength: expected integer or null, found number", ":40:40 S005 strength: Must be less than or equal to 8", ":67:14 S001 name must be text"} {
		if !strings.Contains(want, w) {
			t.Errorf("no problem %s:\n%s", w, want)
		}
	}
	if n := strings.Count(want, "\n") + 1; n != 5 {
		t.Errorf("%d problems, want 5:\n%s", n, want)
	}
	docs, _ := Parse("f.yaml", []byte(src.String()), DefaultLimits)
	left := 0
	var count func(v any)
	count = func(v any) {
		switch v := v.(type) {
		case json.Number:
			left++
		case map[string]any:
			for _, e := range v {
				count(e)
			}
		case []any:
			for _, e := range v {
				count(e)
			}
		}
	}
	count(set.thin("forces", docs[0], false))
	// the library reads the five numbers it finds a problem in, and
	// none of the rest
	if left != 5 {
		t.Errorf("the library is given %d of %d numbers; want the few it may find a problem in", left, numbers)
	}
	// and so when the check judges the tree
	if got := listingTree(t, set, []byte(src.String())); got != want {
		t.Fatalf("judged on the tree\n%s\nwithout\n%s", got, want)
	}
	trees, _, _ := ParseTree("f.yaml", []byte(src.String()), DefaultLimits)
	left = 0
	count(set.thin("forces", trees[0], false))
	if left != 5 {
		t.Errorf("judged on the tree, the library is given %d of %d numbers; want the few it may find a problem in", left, numbers)
	}
}

// TestThinText: thin passes the library the text certain to meet its
// schema (a string of its type with no length or form asked, of its enum,
// matching its pattern), and a mapping whole when every member passed,
// and hands it the rest, so the problems are the same with thin as
// without, copied or in place.
func TestThinText(t *testing.T) {
	set, err := NewSet(nil, "gbacw")
	if err != nil {
		t.Fatal(err)
	}
	saved := MaxProblems
	defer func() { MaxProblems, thinOff = saved, false }()
	MaxProblems = 20
	var src strings.Builder
	src.WriteString("kind: forces\nside: USA\narmy:\n  name: Army\n  level: army\n  formations:\n")
	for i := range 60 {
		id := fmt.Sprint("F", i)
		if i%6 == 3 {
			id = "F/" + id // a formation id holds no slash
		}
		fmt.Fprintf(&src, "    - {id: %q, name: B%d, level: brigade, units: [{name: U%d, type: inf}]}\n", id, i, i)
	}
	thinOff = true
	want := listing(t, set, []byte(src.String()))
	thinOff = false
	if got := listing(t, set, []byte(src.String())); got != want {
		t.Fatalf("with thin\n%s\nwithout\n%s", got, want)
	}
	if got := listingOnce(t, set, []byte(src.String())); got != want {
		t.Fatalf("with thin in place\n%s\nwithout\n%s", got, want)
	}
	if n := strings.Count(want, "S006"); n != 10 {
		t.Errorf("%d ids refused, want 10:\n%s", n, want)
	}
	docs, _ := Parse("f.yaml", []byte(src.String()), DefaultLimits)
	ids, text, formations := 0, 0, 0
	var count func(v any)
	count = func(v any) {
		switch v := v.(type) {
		case string:
			text++
		case map[string]any:
			if _, ok := v["id"].(string); ok {
				ids++
			}
			if _, ok := v["level"]; ok {
				formations++
			}
			for _, e := range v {
				count(e)
			}
		case []any:
			for _, e := range v {
				count(e)
			}
		}
	}
	if got := listingTree(t, set, []byte(src.String())); got != want {
		t.Fatalf("judged on the tree\n%s\nwithout\n%s", got, want)
	}
	trees, _, _ := ParseTree("f.yaml", []byte(src.String()), DefaultLimits)
	for _, d := range []*Doc{docs[0], trees[0]} {
		ids, text, formations = 0, 0, 0
		count(set.thin("forces", d, false))
		// the library reads the ids it finds a problem in, and none of
		// the 50 others
		if ids != 10 {
			t.Errorf("the library is given %d formation ids; want the 10 it finds a problem in", ids)
		}
		// and the formations it finds a problem in, and the army that
		// holds them; the others are passed whole
		if formations != 11 {
			t.Errorf("the library is given %d formations; want the 10 it finds a problem in and the army", formations)
		}
	}
	t.Logf("the library is given %d strings of %d", text, 6+60*5)
}

// TestPassedWholeNotCompiled: a document thin passes whole (every value
// certain to meet its schema, keys judged by propertyNames too) has no
// problem to find, and its schema is not compiled to check it; a
// document with a problem is checked as ever.
func TestPassedWholeNotCompiled(t *testing.T) {
	set, err := NewSet(nil, "passed-whole-test")
	if err != nil {
		t.Fatal(err)
	}
	good := "kind: forces\nside: USA\narmy:\n  name: Army\n  level: army\n  formations:\n    - {id: \"1\", name: B1, level: brigade, units: [{name: U1, type: inf}]}\n"
	bad := strings.Replace(good, `id: "1"`, `id: "1/2"`, 1)
	n := compiles.Load()
	if got := listingOnce(t, set, []byte(good)); got != "" {
		t.Fatalf("problems in a good document:\n%s", got)
	}
	if d := compiles.Load() - n; d != 0 {
		t.Errorf("checking a document passed whole compiled %d schemas", d)
	}
	// a small document checked where its value is kept (Validate, not
	// ValidateOnce) too
	small := "kind: forces\nside: USA\n"
	if got := listing(t, set, []byte(small)); got != "" {
		t.Fatalf("problems in a good document:\n%s", got)
	}
	if d := compiles.Load() - n; d != 0 {
		t.Errorf("checking a small document passed whole, its value kept, compiled %d schemas", d)
	}
	if got := listingOnce(t, set, []byte(bad)); !strings.Contains(got, ":7:12 S006 ") {
		t.Errorf("the bad id is not reported:\n%s", got)
	}
	if d := compiles.Load() - n; d != 1 {
		t.Errorf("checking a document with a problem compiled %d schemas, want its own", d)
	}
}
