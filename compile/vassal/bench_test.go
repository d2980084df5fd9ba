package vassal

import (
	"io"
	"os"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/validate"
)

// BenchmarkModule times and counts the allocations of compiling and
// writing a VASSAL module as the build does (ModuleStream) (MUSTER_BENCH_DIR, MUSTER_BENCH_VARIANT; default Terrible Swift
// Sword's errata), the battle loaded and validated once.
func BenchmarkModule(b *testing.B) {
	dir, variant := os.Getenv("MUSTER_BENCH_DIR"), os.Getenv("MUSTER_BENCH_VARIANT")
	if dir == "" {
		dir, variant = "../../examples/terrible-swift-sword", "errata"
	}
	bt, _ := battle.LoadDir(dir, battle.Options{Variant: variant})
	validate.Battle(bt)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		outs, err := ModuleStream(bt)
		if err != nil {
			b.Fatal(err)
		}
		if err := outs[0].Write(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
