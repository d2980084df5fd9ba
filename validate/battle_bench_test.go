package validate_test

import (
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/internal/gen"
	"github.com/muster-wargames/muster/validate"
)

// BenchmarkBattle times every check over a resolved battle (validate.Battle,
// the load left out): Terrible Swift Sword and a generated battle of its
// size (643 units, 6,176 hexes) and of ten times it.
func BenchmarkBattle(b *testing.B) {
	run := func(b *testing.B, bt *battle.Battle) {
		if bt == nil || bt.Rules == nil {
			b.Skip("battle not loaded")
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			validate.Battle(bt)
		}
	}
	b.Run("terrible-swift-sword", func(b *testing.B) {
		bt, _ := battle.LoadDir(filepath.Join("..", "examples", "terrible-swift-sword"), battle.Options{})
		run(b, bt)
	})
	for _, c := range []struct {
		name         string
		units, hexes int
	}{{"generated-1x", 643, 6176}, {"generated-10x", 6430, 61760}} {
		b.Run(c.name, func(b *testing.B) {
			fsys, err := gen.MapFS(gen.Config{System: "tss", Units: c.units, Hexes: c.hexes})
			if err != nil {
				b.Fatal(err)
			}
			bt, _ := battle.Load(fsys, "gen", battle.Options{})
			run(b, bt)
		})
	}
}
