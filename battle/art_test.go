package battle_test

import (
	"bytes"
	"image"
	"image/jpeg"
	_ "image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
)

// copyDemo copies examples/art-demo to a temporary folder.
func copyDemo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "examples", "art-demo")
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func loadClean(t *testing.T, dir string) *maps.Art {
	t.Helper()
	b, ds := battle.LoadDir(dir, battle.Options{})
	for _, d := range ds {
		t.Errorf("%s", d)
	}
	a := b.Map.Grid.Sheets[0].Art
	if a == nil {
		t.Fatal("sheet A has no art")
	}
	return a
}

// TestArt: the demo's art, calibrated from two measured hexes, loads with
// the grid fitted to them; the same grid given as origin and spacing, with
// the references beside it, agrees; a JPEG loads as JPEG.
func TestArt(t *testing.T) {
	dir := copyDemo(t)
	a := loadClean(t, dir)
	// A0101 at [70, 75] and A1210 (11 columns, 9.5 rows on) at [665, 663]
	want := [4]float64{70, 75, 595.0 / 11, 588 / 9.5}
	got := [4]float64{a.OX, a.OY, a.DX, a.DY}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("grid %v, want %v", got, want)
			break
		}
	}
	if a.W != 740 || a.H != 735 || a.Format != "png" {
		t.Errorf("picture %d x %d %s", a.W, a.H, a.Format)
	}
	png0, _ := os.ReadFile(filepath.Join(dir, "art", "sheet-a.png"))
	if !bytes.Equal(a.Data, png0) {
		t.Error("the art's bytes are not the file's")
	}

	// origin and hex, and references a few pixels off: still within a
	// sixth of a hex
	mp := filepath.Join(dir, "map.yaml")
	y, _ := os.ReadFile(mp)
	both := strings.Replace(string(y), "calibrate: {A0101: [70, 75], A1210: [665, 663]}",
		"origin: [70, 75]\n      hex: {dx: 54, dy: 62}\n      calibrate: {A0101: [72, 74], A0605: [338, 355], A1210: [665, 663]}", 1)
	os.WriteFile(mp, []byte(both), 0o644)
	if a := loadClean(t, dir); a.DX != 54 || a.DY != 62 || a.OX != 70 {
		t.Errorf("origin and hex: %+v", a)
	}

	// JPEG
	img, _, err := image.Decode(bytes.NewReader(png0))
	if err != nil {
		t.Fatal(err)
	}
	var jb bytes.Buffer
	jpeg.Encode(&jb, img, &jpeg.Options{Quality: 80})
	os.WriteFile(filepath.Join(dir, "art", "sheet-a.jpg"), jb.Bytes(), 0o644)
	os.WriteFile(mp, []byte(strings.Replace(string(y), "art/sheet-a.png", "art/sheet-a.jpg", 1)), 0o644)
	if a := loadClean(t, dir); a.Format != "jpeg" || a.W != 740 || a.H != 735 {
		t.Errorf("JPEG: %s %d x %d", a.Format, a.W, a.H)
	}
}

// TestArtDamaged: a PNG whose pixel data is changed fails its chunk's
// checksum (M014), without a decoder.
func TestArtDamaged(t *testing.T) {
	dir := copyDemo(t)
	p := filepath.Join(dir, "art", "sheet-a.png")
	data, _ := os.ReadFile(p)
	data[len(data)/2] ^= 0xFF
	os.WriteFile(p, data, 0o644)
	_, ds := battle.LoadDir(dir, battle.Options{})
	if len(ds) != 1 || ds[0].Code != "M014" || !strings.Contains(ds[0].Message, "checksum") {
		t.Errorf("got %v", ds)
	}
}
