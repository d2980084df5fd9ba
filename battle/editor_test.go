package battle_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
)

// TestVariants: the model names the variants battle.yaml declares,
// whichever is loaded, so no reader parses battle.yaml again.
func TestVariants(t *testing.T) {
	dir := filepath.Join("..", "examples", "dead-of-winter")
	for _, v := range []string{"", "errata"} {
		b, _ := battle.LoadDir(dir, battle.Options{Variant: v})
		if b == nil || !slices.Equal(b.Variants, []string{"errata"}) {
			t.Errorf("variant %q: Variants %v, want [errata]", v, b.Variants)
		}
	}
	b, _ := battle.LoadDir(filepath.Join("..", "examples", "dow-intro"), battle.Options{})
	if b == nil || b.Variants != nil {
		t.Errorf("dow-intro: Variants %v, want none", b.Variants)
	}
	// an unknown variant: none loaded, the declared ones still named
	b, _ = battle.LoadDir(dir, battle.Options{Variant: "erata"})
	if b == nil || !slices.Equal(b.Variants, []string{"errata"}) {
		t.Errorf("variant erata: Variants %v, want [errata]", b.Variants)
	}
}

// TestTerrainAt: each hex's terrain character is found where the map
// document writes it, in plain, single- and double-quoted rows, past a
// multi-byte character, and through the cache.
func TestTerrainAt(t *testing.T) {
	dir := filepath.Join("..", "examples", "dow-intro")
	fsys := fstest.MapFS{}
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		fsys[e.Name()] = &fstest.MapFile{Data: data}
	}
	m := string(fsys["map.yaml"].Data)
	m = strings.Replace(m, `- "......................................."  # row 01`, `-   ......................................w  # row 01, plain`, 1)
	m = strings.Replace(m, `- "......................................."  # row 02`, `- 'w......................................'  # row 02, single-quoted`, 1)
	m = strings.Replace(m, `terrain: {".": clear,`, `terrain: {"é": marsh, ".": clear,`, 1)
	m = strings.Replace(m, `- "......................................."  # row 03`, `- "éé....................................w"  # row 03`, 1)
	fsys["map.yaml"] = &fstest.MapFile{Data: []byte(m)}
	legend := map[string]string{".": "clear", "w": "woods", "c": "cedars", "o": "orchard", "t": "town", "é": "marsh"}
	cache := battle.NewCache()
	for range 2 {
		b, ds := battle.Load(fsys, "dow", battle.Options{Cache: cache})
		for _, d := range ds {
			t.Errorf("%s", d)
		}
		if b == nil || b.Map == nil {
			t.Fatal("no map")
		}
		lines := strings.Split(string(b.Texts["dow/map.yaml"]), "\n")
		sh := b.Map.Grid.Sheets[0]
		n := 0
		for y := sh.Y; y < sh.Y+sh.Rows; y++ {
			for x := sh.X; x < sh.X+sh.Cols; x++ {
				c := maps.Coord{X: x, Y: y}
				at, ok := sh.TerrainAt(c)
				if !ok || at.File != "dow/map.yaml" {
					t.Fatalf("%s: TerrainAt %v %v", b.Map.Grid.Label(c), at, ok)
				}
				line := []rune(lines[at.Line-1])
				if got := legend[string(line[at.Column-1])]; got != b.Map.TerrainName(c) {
					t.Errorf("%s: %q at %d:%d is %s, the map says %s", b.Map.Grid.Label(c), line[at.Column-1], at.Line, at.Column, got, b.Map.TerrainName(c))
				}
				n++
			}
		}
		if n != sh.Rows*sh.Cols {
			t.Errorf("%d hexes looked at", n)
		}
		if _, ok := sh.TerrainAt(maps.Coord{X: sh.X, Y: sh.Y + len(sh.TerrainRows)}); ok {
			t.Error("a hex south of every row has a terrain position")
		}
		if _, ok := sh.TerrainAt(maps.Coord{X: sh.X, Y: sh.Y - 1}); ok {
			t.Error("a hex north of every row has a terrain position")
		}
	}
}
