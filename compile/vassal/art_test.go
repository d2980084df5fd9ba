package vassal

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
)

// TestArtBoard: the demo's board is its art, byte for byte, with the
// grid's spacing from the calibration and its origin the first hex's
// centre; every hex's centre on the board is the art's, to the pixel
// VASSAL rounds to. A JPEG keeps its bytes and gets a .jpg name.
func TestArtBoard(t *testing.T) {
	b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", "art-demo"), battle.Options{})
	if b == nil || len(ds) > 0 {
		t.Fatalf("load: %v", ds)
	}
	files, _ := unzipAll(t, buildVmod(t, b))
	art, _ := os.ReadFile(filepath.Join("..", "..", "examples", "art-demo", "art", "sheet-a.png"))
	if !bytes.Equal(files["images/map-A.png"], art) {
		t.Error("the board image is not the art byte for byte")
	}
	bf := string(files["buildFile.xml"])
	a := b.Map.Grid.Sheets[0].Art
	for _, want := range []string{fmt.Sprintf(`dx="%s"`, gridNum(a.DX)), fmt.Sprintf(`dy="%s"`, gridNum(a.DY)), `x0="70"`, `y0="75"`, `image="map-A.png"`} {
		if !strings.Contains(bf, want) {
			t.Errorf("build file lacks %s", want)
		}
	}
	g := b.Map.Grid
	s := g.Sheets[0]
	sb, err := newSheetBoard(g, s)
	if err != nil {
		t.Fatal(err)
	}
	if err := sb.check(g); err != nil {
		t.Fatal(err)
	}
	for j := 0; j < s.Rows; j++ {
		for i := 0; i < s.Cols; i++ {
			c := maps.Coord{X: s.X + i, Y: s.Y + j}
			x, y := sb.Center(c)
			ax, ay := g.ArtCenter(s, c)
			if d := max(abs(float64(x)-ax), abs(float64(y)-ay)); d > 1.5 {
				t.Errorf("%s: VASSAL centre %d,%d, art centre %.1f,%.1f", g.LabelOn(s, c), x, y, ax, ay)
			}
		}
	}

	a.Format = "jpeg"
	files, _ = unzipAll(t, buildVmod(t, b))
	if !bytes.Equal(files["images/map-A.jpg"], art) || files["images/map-A.png"] != nil {
		t.Error("a JPEG board is not images/map-A.jpg")
	}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// TestCounterArt: a unit's own art, its formation's and its side's by
// type become the pieces' images, byte for byte, each file once; the
// back is the face the unit flips to; values: art leaves the values
// label empty, values: over keeps muster's live values.
func TestCounterArt(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "art-demo")
	b, ds := battle.LoadDir(dir, battle.Options{})
	if b == nil || len(ds) > 0 {
		t.Fatalf("load: %v", ds)
	}
	files, _ := unzipAll(t, buildVmod(t, b))
	for _, f := range []string{"iron-brigade", "iron-brigade-reduced", "csa-inf", "csa-inf-reduced", "calef-a", "calef-a-committed"} {
		want, _ := os.ReadFile(filepath.Join(dir, "art", f+".png"))
		if !bytes.Equal(files["images/art-art_"+strings.ReplaceAll(f, "-", "_")+".png"], want) {
			t.Errorf("art %s is not in the module byte for byte", f)
		}
	}
	bf := string(files["buildFile.xml"])
	slot := func(name string) string {
		i := strings.Index(bf, `entryName="`+name+`"`)
		if i < 0 {
			t.Fatalf("no piece %s", name)
		}
		return bf[i : i+strings.Index(bf[i:], "</VASSAL.build.widget.PieceSlot>")]
	}
	if s := slot("Meredith A"); !strings.Contains(s, "art-art_iron_brigade.png") || !strings.Contains(s, "art-art_iron_brigade_reduced.png") {
		t.Error("Meredith A does not show the Iron Brigade's art and its back")
	}
	if s := slot("Archer A"); !strings.Contains(s, "art-art_csa_inf.png") {
		t.Error("Archer A does not show the Confederate infantry art")
	}
	if s := slot("Pegram A"); strings.Contains(s, "art-art_") {
		t.Error("Pegram A (artillery, no art) shows art")
	}
	// the values label: its state is the text, last in the label trait
	if s := slot("Calef A"); !strings.Contains(s, "art-art_calef_a.png") || strings.Contains(s, "$combat$") {
		t.Error("Calef A: values: art should leave muster's values off")
	}
	if s := slot("Meredith A"); !strings.Contains(s, "combat") {
		t.Error("Meredith A: values: over should keep muster's values")
	}
	// cut from the counter sheet: Cutler A is column 1 of the front, its
	// back column 3 of the back (the sheet turned over), pixel for pixel
	if s := slot("Cutler A"); !strings.Contains(s, "art-art_usa_sheet_front-4-4.png") || !strings.Contains(s, "art-art_usa_sheet_back-124-4.png") {
		t.Error("Cutler A is not cut from the counter sheet, front column 1 and back column 3")
	}
	sheetPx := func(f string) image.Image {
		data, _ := os.ReadFile(filepath.Join(dir, "art", f))
		img, _, err := image.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	for name, at := range map[string]struct {
		sheet string
		x     int
	}{"art-art_usa_sheet_front-4-4.png": {"usa-sheet-front.png", 4}, "art-art_usa_sheet_back-124-4.png": {"usa-sheet-back.png", 124}} {
		got, _, err := image.Decode(bytes.NewReader(files["images/"+name]))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		src := sheetPx(at.sheet)
		if got.Bounds().Dx() != 56 || got.Bounds().Dy() != 56 {
			t.Fatalf("%s is %v", name, got.Bounds())
		}
		for y := 0; y < 56; y++ {
			for x := 0; x < 56; x++ {
				r1, g1, b1, _ := got.At(x, y).RGBA()
				r2, g2, b2, _ := src.At(at.x+x, 4+y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					t.Fatalf("%s at %d,%d differs from the sheet", name, x, y)
				}
			}
		}
	}
}

// TestArtOverlap: art boards are not cut at seams, so two sheets with art
// that share hexes are refused: a hex would be on two boards.
func TestArtOverlap(t *testing.T) {
	b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", "art-demo"), battle.Options{})
	if b == nil || len(ds) > 0 {
		t.Fatalf("load: %v", ds)
	}
	g := b.Map.Grid
	a := g.Sheets[0]
	s := maps.NewSheet("B", a.X+a.Cols-1, a.Y, 1, 12, 1, 10) // shares A's east column
	s.Art = a.Art
	g.AddSheet(s)
	if _, err := newVmod(b); err == nil || !strings.Contains(err.Error(), "shown on") {
		t.Errorf("overlapping art sheets: %v", err)
	}
}
