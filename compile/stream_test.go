package compile

import (
	"bytes"
	"github.com/muster-wargames/muster/internal/race"
	"runtime"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/internal/gen"
)

// counter counts the bytes written to it and keeps none.
type counter int

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }

// A bundle is written as it is made, never held whole: at a million hexes
// the bundle is 200 MB, and the buffer it was made in (grown past its
// estimate, so twice over) was most of `muster build`'s peak memory.
// Bundles' outputs are written by Write, and writing one allocates a small
// part of what it writes; the bytes are those Bundle.JSON makes.
func TestBundlesStream(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates beside the code: counts mean nothing")
	}
	fsys, err := gen.MapFS(gen.Config{System: "tss", Units: 600, Hexes: 6000})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := battle.Load(fsys, "gen", battle.Options{})
	if b == nil || len(b.Scenarios) == 0 {
		t.Fatal("the generated battle does not load")
	}
	outs, err := Bundles(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if o.Write == nil || o.Data != nil {
			t.Errorf("%s is held whole (Data), not written as it is made (Write)", o.Name)
		}
	}
	bu := NewBundle(b, b.Scenarios[0])
	want, err := bu.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := bu.Encode(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Error("Encode writes other bytes than JSON")
	}
	var n counter
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := bu.Encode(&n); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(n)/4 {
		t.Errorf("writing a bundle of %d bytes allocated %d bytes: it is held, not streamed", n, alloc)
	}
}
