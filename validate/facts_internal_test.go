package validate

import (
	"path/filepath"
	"strings"
	"testing"

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
