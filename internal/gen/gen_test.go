package gen_test

import (
	"bytes"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/internal/gen"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/validate"
)

// TestCleanEverySystem: a generated battle validates clean and builds in
// every rule system, and the generator is deterministic.
func TestCleanEverySystem(t *testing.T) {
	for _, sys := range rulesets.Systems() {
		t.Run(sys, func(t *testing.T) {
			cfg := gen.Config{System: sys, Units: 130, Hexes: 1500}
			fsys, err := gen.MapFS(cfg)
			if err != nil {
				t.Fatal(err)
			}
			b, ds := battle.Load(fsys, "gen", battle.Options{})
			if b == nil || b.Rules == nil {
				t.Fatalf("no battle: %v", ds)
			}
			ds = append(ds, validate.Battle(b)...)
			for _, d := range ds {
				t.Errorf("%v", d)
			}
			units := 0
			for _, s := range b.Sides {
				units += countUnits(s.Army)
			}
			if units != cfg.Units {
				t.Errorf("%d units, want %d", units, cfg.Units)
			}
			if n := b.Map.Grid.W * b.Map.Grid.H; n < cfg.Hexes {
				t.Errorf("%d hexes, want at least %d", n, cfg.Hexes)
			}
			if _, err := compile.Bundles(b); err != nil {
				t.Error(err)
			}
			again, _ := gen.Files(cfg)
			for name, f := range fsys {
				if !bytes.Equal(f.Data, again[name]) {
					t.Errorf("%s differs between two runs", name)
				}
			}
		})
	}
}

func countUnits(f *oob.Formation) int {
	if f == nil {
		return 0
	}
	n := len(f.Units)
	for _, c := range f.Children {
		n += countUnits(c)
	}
	return n
}
