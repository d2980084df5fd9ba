package validate

import (
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/gen"
)

// benchCommand times the command-range check alone over every scenario of b.
func benchCommand(b *testing.B, bt *battle.Battle) {
	var command *Check
	for _, c := range Checks {
		if c.Name == "command" {
			command = c
		}
	}
	var l0 int
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range bt.Scenarios {
			p := newFacts(bt).pass(command, s, &diag.List{}) // the set-up groups made afresh
			p.command(s)
			l0 += p.l.Len()
		}
	}
	b.ReportMetric(float64(l0)/float64(b.N), "diagnostics/op")
}

// BenchmarkCommandRange measures the command-range check on the largest
// example and on a synthetic map of 100,000 hexes with 5,000 units and
// their brigade leaders set up.
func BenchmarkCommandRange(b *testing.B) {
	b.Run("dead-of-winter", func(b *testing.B) {
		bt, _ := battle.LoadDir(filepath.Join("..", "examples", "dead-of-winter"), battle.Options{})
		if bt == nil || bt.Map == nil {
			b.Skip("example missing")
		}
		benchCommand(b, bt)
	})
	b.Run("synthetic-100k-hexes", func(b *testing.B) {
		fsys, err := gen.MapFS(gen.Config{System: "gbacw", Units: 5000, Hexes: 100_000, Leaders: true})
		if err != nil {
			b.Fatal(err)
		}
		bt, ds := battle.Load(fsys, "gen", battle.Options{})
		for _, d := range ds {
			if d.Severity == diag.Error {
				b.Fatalf("generated battle: %s", d)
			}
		}
		benchCommand(b, bt)
	})
}
