package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
)

// refFillAA is the anti-aliased fill done the plain way, every pixel of
// every row in turn with the crossings of every edge: fillAA, which reads
// only the cells its samples set, must give the same bytes.
func refFillAA(img *image.RGBA, c [4]uint8, opacity float32, polys [][]pt) {
	var edges []edge
	for _, poly := range polys {
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			if a.Y == b.Y {
				continue
			}
			if a.Y > b.Y {
				a, b = b, a
			}
			edges = append(edges, edge{a.Y, b.Y, a.X, (b.X - a.X) / (b.Y - a.Y)})
		}
	}
	p := aaRow{img: img, c: c, opacity: opacity, run: -1}
	pixel := func(y, x int, cov float32) {
		if a := uint32(cov*opacity*255 + 0.5); a > 0 {
			p.blend(y, x, x+1, a)
		}
	}
	b := img.Rect
	w := b.Dx()
	const step = 1.0 / aaRows
	for y := b.Min.Y; y < b.Max.Y; y++ {
		cover, delta := make([]float32, w+2), make([]float32, w+2)
		for s := 0; s < aaRows; s++ {
			sy := float64(y) + (float64(s)+0.5)*step
			var xs []float64
			for _, e := range edges {
				if sy >= e.y0 && sy < e.y1 {
					xs = append(xs, e.x0+(sy-e.y0)*e.slope)
				}
			}
			for i := 1; i < len(xs); i++ {
				for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
					xs[j], xs[j-1] = xs[j-1], xs[j]
				}
			}
			for i := 0; i+1 < len(xs); i += 2 {
				xa, xb := math.Max(xs[i], float64(b.Min.X))-float64(b.Min.X), math.Min(xs[i+1], float64(b.Max.X))-float64(b.Min.X)
				if xb <= xa {
					continue
				}
				ia, ib := int(xa), int(xb)
				if ia == ib {
					cover[ia] += float32((xb - xa) * step)
					continue
				}
				cover[ia] += float32((float64(ia+1) - xa) * step)
				delta[ia+1] += step
				delta[ib] -= step
				cover[ib] += float32((xb - float64(ib)) * step)
			}
		}
		var acc float32
		for i := 0; i < w; i++ {
			acc += delta[i]
			c := acc + cover[i]
			switch {
			case c >= 1-1.0/512:
				p.span(y, b.Min.X+i, b.Min.X+i+1)
			case c > 1.0/512:
				pixel(y, b.Min.X+i, c)
			}
		}
	}
}

func TestFillAAIsThePlainFill(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	var z raster
	for n := 0; n < 300; n++ {
		bounds := image.Rect(0, 0, 40+rnd.Intn(100), 30+rnd.Intn(60))
		var polys [][]pt
		for k := 1 + rnd.Intn(3); k > 0; k-- {
			var poly []pt
			switch rnd.Intn(3) {
			case 0: // anywhere, partly outside the picture
				for j := 3 + rnd.Intn(8); j > 0; j-- {
					poly = append(poly, pt{rnd.Float64()*200 - 30, rnd.Float64()*120 - 20})
				}
			case 1:
				poly = circle(pt{rnd.Float64() * 100, rnd.Float64() * 80}, 1+rnd.Float64()*40)
			default: // on whole and half pixels
				for j := 4; j > 0; j-- {
					poly = append(poly, pt{float64(rnd.Intn(160)) / 2, float64(rnd.Intn(100)) / 2})
				}
			}
			polys = append(polys, poly)
		}
		opacity := float32(1)
		if rnd.Intn(3) == 0 {
			opacity = float32(1+rnd.Intn(254)) / 255
		}
		c := [4]uint8{uint8(rnd.Intn(256)), uint8(rnd.Intn(256)), uint8(rnd.Intn(256)), 255}
		got, want := image.NewRGBA(bounds), image.NewRGBA(bounds)
		for i := range got.Pix {
			got.Pix[i] = uint8(i * 7)
		}
		copy(want.Pix, got.Pix)
		z.fillAA(got, c, opacity, polys)
		refFillAA(want, c, opacity, polys)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("case %d: fillAA differs from the plain fill for %v", n, polys)
		}
	}
}

// Text at scale 1 wholly on the picture (drawn from the glyph table) has
// the pixels of the same text drawn a dot at a time where it is clipped:
// lower case as upper, a character the font lacks as '?'.
func TestDrawTextFastPath(t *testing.T) {
	pal := color.Palette{color.White, color.Black}
	for _, s := range []string{"0123456789", "A1234", "abc?xyz", "B-2 #7", "~{}"} {
		w := textWidth(s, 1)
		whole := image.NewPaletted(image.Rect(0, 0, w+4, 9), pal)
		drawText(whole, s, 2, 2, 1, 1)
		cut := image.NewPaletted(image.Rect(0, 0, w, 5), pal)
		drawText(cut, s, -1, 0, 1, 1) // its first column off the picture
		for y := 0; y < 5; y++ {
			for c := 1; c < w; c++ { // the text's column c
				if a, b := whole.ColorIndexAt(2+c, 2+y), cut.ColorIndexAt(c-1, y); a != b {
					t.Fatalf("%q: column %d row %d is %d drawn whole, %d clipped", s, c, y, a, b)
				}
			}
		}
	}
}

// TestTableGlyphs: the characters a printed table and its notes use
// (TSS's Fire CRT: the no-effect dot, the minus sign, the semicolons of
// its shift list) have glyphs of their own, not the '?' a missing one
// draws.
func TestTableGlyphs(t *testing.T) {
	for _, ch := range "•−;*+/()[]<>" {
		if g, ok := font3x5[ch]; !ok || g == font3x5['?'] {
			t.Errorf("%q has no glyph", ch)
		}
	}
}

// TestTableWraps: a cell longer than a column's 320 pixels goes on more
// lines of its row, not cut (Summer Storm's Army Morale Adjustment Table
// lost the end of its causes), and so does a note longer than the table;
// a ½ draws as 1/2 (GBACW's "½ MP").
func TestTableWraps(t *testing.T) {
	size := func(b []byte) (int, int) {
		t.Helper()
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return im.Bounds().Dx(), im.Bounds().Dy()
	}
	short := strings.TrimSpace(strings.Repeat("word ", 16)) // 79 characters: 315 pixels
	long := strings.TrimSpace(strings.Repeat("word ", 17))  // 84: 335, past 320
	_, h1 := size(Table("T", []string{"A", "B"}, [][]string{{"1", short}}, nil))
	w2, h2 := size(Table("T", []string{"A", "B"}, [][]string{{"1", long}}, nil))
	if want := 20 + 3 + 16 + 320 + 16 + 20; w2 != want || h2 != h1+9 {
		t.Errorf("a cell past 320 pixels: %dx%d, want %dx%d (one more line, 320 wide)", w2, h2, want, h1+9)
	}
	_, h3 := size(Table("T", []string{"A", "B"}, [][]string{{"1", short}}, []string{long + " " + long}))
	_, h4 := size(Table("T", []string{"A", "B"}, [][]string{{"1", short}}, []string{short}))
	if h3 != h4+12 {
		t.Errorf("a note past the table's width: %d high, want %d (two lines)", h3, h4+12)
	}
	if wantHalf, half := textWidth("1/2 MP", 1), textWidth("½ MP", 1); wantHalf == half {
		t.Fatal("test is wrong")
	}
	w5, _ := size(Table("T", []string{"A"}, [][]string{{strings.Repeat("1/2 MP ", 8)}}, nil))
	w6, _ := size(Table("T", []string{"A"}, [][]string{{strings.Repeat("½ MP ", 8)}}, nil))
	if w5 != w6 {
		t.Errorf("½ drawn %d wide, 1/2 %d: want it drawn as 1/2", w6, w5)
	}
}

// TestChartGlyphs: every character of every table the rulesets and the
// battle books print (play.charts: titles, heads, cells, notes) draws as a
// glyph of its own, once tablePlain has written ½, ⅓ and — as the font can
// draw them; a character it lacks draws '?' (TSS's range chart's dashes
// and thirds did, and GBACW's en dashes and quotes).
func TestChartGlyphs(t *testing.T) {
	charts := map[string][]rulesets.Chart{}
	for _, sys := range rulesets.Systems() {
		r, err := rulesets.Series(sys)
		if err != nil {
			t.Fatal(err)
		}
		charts[sys] = r.Play.Charts
	}
	books, _ := filepath.Glob("../rulesets/books/*.yaml")
	if len(books) == 0 {
		t.Fatal("no battle books in ../rulesets/books")
	}
	for _, p := range books {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs, ds := schema.Parse(p, data, schema.DefaultLimits)
		if len(ds) > 0 || len(docs) != 1 {
			t.Fatalf("%s: %v", p, ds)
		}
		m, _ := docs[0].Value.(map[string]any)
		r, err := rulesets.Decode(map[string]any{"play": m["play"]})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		charts[filepath.Base(p)] = r.Play.Charts
	}
	for sys, cs := range charts {
		for _, c := range cs {
			texts := append(append([]string{c.Title}, c.Columns...), c.Notes...)
			for _, row := range c.Rows {
				texts = append(texts, row...)
			}
			for _, s := range texts {
				for _, ch := range strings.ToUpper(tablePlain.Replace(s)) {
					if g, ok := font3x5[ch]; ch != ' ' && (!ok || g == font3x5['?'] && ch != '?') {
						t.Errorf("%s chart %s: %q in %q has no glyph", sys, c.ID, ch, s)
					}
				}
			}
		}
	}
}

// TestTablePlainTitle: a table's title, heads and cells draw the printed
// characters the font lacks as tablePlain writes them, the title too
// (Dead of Winter's "The Eerie Silence—January 1st" drew '?'), and so do
// GBACW's en dash minus ("–1") and double quotes.
func TestTablePlainTitle(t *testing.T) {
	for _, tc := range [][2]string{
		{"5.0 (The Eerie Silence—January 1st)", "5.0 (The Eerie Silence-January 1st)"},
		{"7.0 (The Day Before…)", "7.0 (The Day Before...)"},
		{"\"behind\" –1", "''behind'' -1"},
	} {
		printed := Table(tc[0], []string{tc[0]}, [][]string{{tc[0]}}, nil)
		plain := Table(tc[1], []string{tc[1]}, [][]string{{tc[1]}}, nil)
		if !bytes.Equal(printed, plain) {
			t.Errorf("%q is not drawn as %q", tc[0], tc[1])
		}
	}
}
