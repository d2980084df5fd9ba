package validate

import (
	"testing/fstest"

	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/muster-wargames/muster/battle"
)

// TestUndeclaredFact: a pass that reads a fact its check does not require
// panics, naming the check and the fact; declared, the same read works and
// every pass of the run gets the one value computed.
func TestUndeclaredFact(t *testing.T) {
	b, _ := battle.LoadDir(filepath.Join("..", "examples", "dow-intro"), battle.Options{})
	if b == nil || b.Map == nil || len(b.Scenarios) == 0 {
		t.Fatal("example dow-intro did not load")
	}
	var seen []*setup
	peek := &Check{Name: "peek", Scenario: func(p *pass, s *battle.Scenario) { seen = append(seen, p.setup()) }}
	func() {
		defer func() {
			r := recover()
			if msg, _ := r.(string); !strings.Contains(msg, "check peek reads fact setup-groups, which its Requires does not list") {
				t.Errorf("undeclared read: recovered %v", r)
			}
		}()
		run(b, []*Check{peek}, false)
		t.Error("an undeclared read did not panic")
	}()

	seen = nil
	peek.Requires = []*Fact{FactSetup}
	again := &Check{Name: "again", Requires: []*Fact{FactSetup}, Scenario: peek.Scenario}
	run(b, []*Check{peek, again}, false)
	if len(seen) != 2*len(b.Scenarios) || len(seen) == 0 {
		t.Fatalf("%d reads over %d scenarios", len(seen), len(b.Scenarios))
	}
	if seen[0] != seen[1] {
		t.Error("two checks' passes over one scenario got two computations of the fact")
	}
	if len(seen) > 2 && seen[0] == seen[2] {
		t.Error("two scenarios got one value of a fact per scenario")
	}
}

// TestFactReportsNothing: a fact's pass has nowhere to report; raising a
// diagnostic from a fact's computation panics.
func TestFactReportsNothing(t *testing.T) {
	b, _ := battle.LoadDir(filepath.Join("..", "examples", "dow-intro"), battle.Options{})
	f := &Fact{Name: "loud", compute: func(p *pass) any { p.l.Addf(CodeNotInPlay, b.Scenarios[0].Pos, "x"); return nil }}
	c := &Check{Name: "reader", Requires: []*Fact{f}, Battle: func(p *pass) { p.result(f, nil) }}
	defer func() {
		if recover() == nil {
			t.Error("a fact reported a diagnostic")
		}
	}()
	run(b, []*Check{c}, false)
}

// TestTreeFact: any check that requires the command tree sees the
// scenario's stand-ins and attachments, whatever ran before it (the pack
// they replace honoured them only while command or off-board had set its
// scenario); the book's tree sees neither.
func TestTreeFact(t *testing.T) {
	stood, attached := 0, 0
	look := &Check{Name: "look", Requires: []*Fact{FactTree}, Scenario: func(p *pass, s *battle.Scenario) {
		tr := p.tree()
		for f, l := range s.StandIns {
			stood++
			if got := tr.commander(f); got != l {
				name := "nobody"
				if got != nil {
					name = got.Name
				}
				t.Errorf("scenario %s: %s answers to %s, not its stand-in %s", s.ID, f.Label(), name, l.Name)
			}
			if bookTree.commander(f) == l {
				t.Errorf("the book's tree gives %s its stand-in", f.Label())
			}
			if tr.standsFor[l] != f {
				t.Errorf("scenario %s: %s does not stand for %s", s.ID, l.Name, f.Label())
			}
		}
		for f, to := range s.Attachments {
			attached++
			if tr.parent(f) != to || bookTree.parent(f) != f.Parent {
				t.Errorf("scenario %s: %s answers to %s in the scenario, %s in the book", s.ID, f.Label(), tr.parent(f).Label(), bookTree.parent(f).Label())
			}
		}
	}}
	for _, c := range [][2]string{{"base.txtar", "gbacw-3dog-spare.txtar"}, {"base-ss.txtar", "ss-offboard.txtar"}} {
		files := fstest.MapFS{}
		for _, name := range c {
			ar, err := txtar.ParseFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range ar.Files {
				files[f.Name] = &fstest.MapFile{Data: f.Data}
			}
		}
		b, _ := battle.Load(files, "", battle.Options{})
		if b == nil || b.Map == nil {
			t.Fatalf("%s did not load", c[1])
		}
		run(b, []*Check{look}, false) // alone: no command check ran first
	}
	if stood == 0 || attached == 0 {
		t.Errorf("%d stand-ins, %d attachments: the cases test nothing", stood, attached)
	}
}
