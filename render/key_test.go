package render_test

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/render"
)

// TestTerrainKey: the key has a line per terrain type, hexside feature and
// road the map uses (dow-intro: cedars, clear, orchard, town, woods; ford,
// stream; pike) under three headings, and is deterministic.
func TestTerrainKey(t *testing.T) {
	b, ds := battle.LoadDir("../examples/dow-intro", battle.Options{})
	if b == nil || b.Map == nil {
		t.Fatal(ds)
	}
	pal := render.NewPalette(b.Rules)
	key, err := render.TerrainKey(b.Map, pal, map[string]string{"woods": "Woods"})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(key))
	if err != nil {
		t.Fatal(err)
	}
	if h, want := img.Bounds().Dy(), 12*2+24*(5+2+1+3); h != want {
		t.Errorf("key is %d pixels high, want %d (11 lines)", h, want)
	}
	again, _ := render.TerrainKey(b.Map, pal, map[string]string{"woods": "Woods"})
	if !bytes.Equal(key, again) {
		t.Error("two keys of one map differ")
	}
}
