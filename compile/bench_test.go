package compile

import (
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/validate"
)

// BenchmarkExamples times what `muster build` does for each example battle:
// load, validate and compile the bundles.
func BenchmarkExamples(b *testing.B) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	for _, p := range dirs {
		dir := filepath.Dir(p)
		b.Run(filepath.Base(dir), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				bt, _ := battle.LoadDir(dir, battle.Options{})
				validate.Battle(bt)
				if _, err := Bundles(bt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
