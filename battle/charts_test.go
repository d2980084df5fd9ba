package battle_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// chartBattle copies examples/dow-intro to a temporary folder with charts:
// in its battle.yaml (the lines given, each a list item) and the files.
func chartBattle(t *testing.T, items []string, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "examples", "dow-intro")
	for _, f := range []string{"battle.yaml", "forces-csa.yaml", "forces-usa.yaml", "intro.yaml", "map.yaml", "trip.yaml"} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "battle.yaml" {
			data = append(data, "charts:\n"+strings.Join(items, "\n")+"\n"...)
		}
		os.WriteFile(filepath.Join(dir, f), data, 0o644)
	}
	for name, data := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	return dir
}

// pngOf is a PNG of w x h pixels in two colours.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.White, color.Black})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngClaiming is a PNG's signature, its header chunk saying w x h and an
// end chunk, each with its checksum, and no pixels: muster reads a
// picture's size and checks its chunks without decoding it.
func pngClaiming(w, h int) []byte {
	out := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(body []byte) {
		out = binary.BigEndian.AppendUint32(out, uint32(len(body)-4))
		out = append(out, body...)
		out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(body))
	}
	ihdr := append([]byte("IHDR"), make([]byte, 13)...)
	binary.BigEndian.PutUint32(ihdr[4:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[8:], uint32(h))
	ihdr[12] = 8 // 8-bit grey
	chunk(ihdr)
	chunk([]byte("IEND"))
	return out
}

// TestCharts: battle.yaml's charts: gives the battle's own pictures of
// tables, each read as a map's art is (B019): one of 4096 x 4096 pixels
// is read, one pixel more is refused, and so are a missing file and one
// that is not a picture, each at its image: in battle.yaml (line 18 is the
// second chart's, after dow-intro's 16 lines and charts:).
func TestCharts(t *testing.T) {
	small := pngOf(t, 40, 30)
	b, ds := battle.LoadDir(chartBattle(t, []string{
		"  - {name: Fire Table, image: charts/fire.png, source: player aid card}",
		"  - {name: Shock Table, image: charts/shock.png}",
	}, map[string][]byte{"charts/fire.png": small, "charts/shock.png": pngClaiming(4096, 4096)}), battle.Options{})
	for _, d := range ds {
		t.Errorf("%s", d)
	}
	if len(b.Charts) != 2 || b.Charts[0].Name != "Fire Table" || b.Charts[0].Source != "player aid card" ||
		!bytes.Equal(b.Charts[0].Picture.Data, small) || b.Charts[1].Picture.W != 4096 {
		t.Errorf("charts %+v", b.Charts)
	}
	for _, tc := range []struct {
		what string
		file []byte
		want string
	}{
		{"one pixel past 4096 x 4096", pngClaiming(4097, 4096), "chart charts/shock.png is 4097 x 4096 pixels; muster takes at most 16 Mi pixels"},
		{"missing", nil, "cannot read chart charts/shock.png"},
		{"not a picture", []byte("Die Roll\tResult\n"), "chart charts/shock.png is not a PNG or JPEG picture"},
	} {
		files := map[string][]byte{"charts/fire.png": small}
		if tc.file != nil {
			files["charts/shock.png"] = tc.file
		}
		b, ds := battle.LoadDir(chartBattle(t, []string{
			"  - {name: Fire Table, image: charts/fire.png}",
			"  - {name: Shock Table, image: charts/shock.png}",
		}, files), battle.Options{})
		if len(ds) != 1 || ds[0].Code != "B019" || !strings.Contains(ds[0].Message, tc.want) ||
			fmt.Sprintf("%s:%d:%d", filepath.Base(ds[0].Pos.File), ds[0].Pos.Line, ds[0].Pos.Column) != "battle.yaml:19:32" {
			t.Errorf("%s: got %v, want one B019 %q at battle.yaml:19:32", tc.what, ds, tc.want)
		}
		if len(b.Charts) != 1 {
			t.Errorf("%s: %d charts, want the one that can be used", tc.what, len(b.Charts))
		}
	}
}
