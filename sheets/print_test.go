package sheets_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/displays"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/sheets"
)

// The printed sheets are measured from the PDF's own drawing operations:
// each page's content stream, written uncompressed, is read for the
// images it places (q w 0 0 h x y cm /Name Do Q), the clip rectangles it
// sets (x y w h re W n) and its text; sizes are in points, the PDF's
// unit, and compared in millimetres.

const ptMM = 25.4 / 72

func loadExample(t *testing.T, name string) *battle.Battle {
	t.Helper()
	b, ds := battle.LoadDir(filepath.Join("..", "examples", name), battle.Options{})
	if diag.Count(ds, diag.Error) > 0 || b == nil {
		t.Fatalf("%s has errors: %v", name, ds)
	}
	return b
}

// placed is an image drawn on a page, in millimetres from the page's
// top-left corner.
type placed struct {
	name       string
	x, y, w, h float64
}

type pdfPage struct {
	images []placed
	clips  [][4]float64 // x, y (top), w, h in mm
	text   string
	height float64 // mm
}

var (
	pageObj   = regexp.MustCompile(`(?s)<</Type /Page\n(.*?)/Contents (\d+) 0 R>>`)
	mediaBox  = regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`)
	streamObj = regexp.MustCompile(`(?s)\n(\d+) 0 obj\n<<[^>]*?/Length \d+>>\nstream\n(.*?)\nendstream`)
	imageOp   = regexp.MustCompile(`q ([0-9.-]+) 0 0 ([0-9.-]+) ([0-9.-]+) ([0-9.-]+) cm /(\w+) Do Q`)
	clipOp    = regexp.MustCompile(`([0-9.-]+) ([0-9.-]+) ([0-9.-]+) ([0-9.-]+) re W n`)
)

func fl(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }

// pages reads an uncompressed PDF's pages in order.
func pages(t *testing.T, pdf []byte) []pdfPage {
	t.Helper()
	streams := map[string]string{}
	for _, m := range streamObj.FindAllSubmatch(pdf, -1) {
		streams[string(m[1])] = string(m[2])
	}
	var out []pdfPage
	root := mediaBox.FindSubmatch(pdf[bytes.LastIndex(pdf, []byte("/Type /Pages")):])
	if root == nil {
		t.Fatal("no page size")
	}
	for _, m := range pageObj.FindAllSubmatch(pdf, -1) {
		h := fl(string(root[2]))
		if own := mediaBox.FindSubmatch(m[1]); own != nil {
			h = fl(string(own[2]))
		}
		s, ok := streams[string(m[2])]
		if !ok {
			t.Fatalf("no content stream %s", m[2])
		}
		p := pdfPage{text: s, height: h * ptMM}
		for _, im := range imageOp.FindAllStringSubmatch(s, -1) {
			w, hh, x, y := fl(im[1]), fl(im[2]), fl(im[3]), fl(im[4])
			p.images = append(p.images, placed{name: im[5], x: x * ptMM, y: (h - y - hh) * ptMM, w: w * ptMM, h: hh * ptMM})
		}
		for _, c := range clipOp.FindAllStringSubmatch(s, -1) {
			x, y, w, hh := fl(c[1]), fl(c[2]), fl(c[3]), fl(c[4])
			// fpdf writes the clip from its top-left corner with a negative height
			if hh < 0 {
				y, hh = y+hh, -hh
			}
			p.clips = append(p.clips, [4]float64{x * ptMM, (h - y - hh) * ptMM, w * ptMM, hh * ptMM})
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		t.Fatal("no pages")
	}
	return out
}

func counterPDF(t *testing.T, b *battle.Battle, sc *battle.Scenario, duplex string) []pdfPage {
	t.Helper()
	var buf bytes.Buffer
	if err := sheets.PrintCounters(&buf, b, sc, sheets.PrintOptions{Duplex: duplex}); err != nil {
		t.Fatal(err)
	}
	return pages(t, buf.Bytes())
}

// TestCounterSize: every counter of a battle of each system is printed at
// its ruleset's counter size, within 0.2 mm.
func TestCounterSize(t *testing.T) {
	for _, ex := range []string{"dow-intro", "tss-seminary-ridge", "summer-storm-mcpherson", "amfs-culps-hill"} {
		b := loadExample(t, ex)
		c, _ := sheets.PaperSizes(b)
		if b.Rules.Play.Paper.Counter.MM != c || c <= 0 {
			t.Errorf("%s: counter size %v, ruleset gives %v", ex, c, b.Rules.Play.Paper.Counter.MM)
		}
		n := 0
		for i, p := range counterPDF(t, b, nil, "long") {
			for _, im := range p.images {
				n++
				if math.Abs(im.w-c) > 0.2 || math.Abs(im.h-c) > 0.2 {
					t.Fatalf("%s page %d: a counter is %.2f x %.2f mm, not %.2f", ex, i+1, im.w, im.h, c)
				}
			}
		}
		if n == 0 {
			t.Fatalf("%s: no counters", ex)
		}
	}
}

// TestCounterOverride: a battle's rules: play: paper: counter: prints its
// counters at its own size, the hex at the ruleset's still.
func TestCounterOverride(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", "dow-intro"))); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, "battle.yaml"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("rules:\n  play:\n    paper:\n      counter: {mm: 16, source: measured}\n")
	f.Close()
	b, ds := battle.LoadDir(dir, battle.Options{})
	if diag.Count(ds, diag.Error) > 0 {
		t.Fatalf("the override has errors: %v", ds)
	}
	if c, h := sheets.PaperSizes(b); c != 16 || h != 16 {
		t.Fatalf("sizes %v, %v; want the battle's 16 mm counter and the ruleset's 16 mm hex", c, h)
	}
	for _, im := range counterPDF(t, b, nil, "long")[0].images {
		if math.Abs(im.w-16) > 0.2 {
			t.Fatalf("counter %.2f mm, want 16", im.w)
		}
	}
}

// TestDuplex: through a long-edge flip (the page mirrored left to right)
// and a short-edge flip (top to bottom), each back lies on its front
// within 0.3 mm; the other flip puts them apart.
func TestDuplex(t *testing.T) {
	b := loadExample(t, "dow-intro")
	c, _ := sheets.PaperSizes(b)
	for _, duplex := range []string{"long", "short"} {
		ps := counterPDF(t, b, nil, duplex)
		if len(ps)%2 != 0 {
			t.Fatalf("%s: %d pages, not fronts and backs in pairs", duplex, len(ps))
		}
		pw := 215.9
		for k := 0; k < len(ps); k += 2 {
			front, back := ps[k], ps[k+1]
			if len(front.images) != len(back.images) || len(front.images) == 0 {
				t.Fatalf("%s sheet %d: %d fronts, %d backs", duplex, k/2+1, len(front.images), len(back.images))
			}
			wrong := 0
			for i, f := range front.images {
				bk := back.images[i]
				// where the back lands on the front's side of the paper
				x, y := pw-bk.x-c, bk.y
				ox, oy := bk.x, front.height-bk.y-c
				if duplex == "short" {
					x, y = bk.x, front.height-bk.y-c
					ox, oy = pw-bk.x-c, bk.y
				}
				if math.Abs(x-f.x) > 0.3 || math.Abs(y-f.y) > 0.3 {
					t.Fatalf("%s sheet %d counter %d: front at %.2f,%.2f, back lands at %.2f,%.2f", duplex, k/2+1, i, f.x, f.y, x, y)
				}
				if math.Abs(ox-f.x) > 0.3 || math.Abs(oy-f.y) > 0.3 {
					continue
				}
				wrong++
			}
			if wrong == len(front.images) {
				t.Fatalf("%s sheet %d: the other flip lines up too; the test cannot tell them apart", duplex, k/2+1)
			}
		}
	}
}

// TestCounterMarks: each counter page has its registration marks and the
// cut marks of its grid; TSS's casualty markers are printed as many times
// as the ruleset counts them.
func TestCounterMarks(t *testing.T) {
	b := loadExample(t, "tss-seminary-ridge")
	ps := counterPDF(t, b, nil, "long")
	for i, p := range ps {
		if n := strings.Count(p.text, " c\n"); n < 16 { // four circles of four curves each
			t.Errorf("page %d: %d curves, want the four registration marks", i+1, n)
		}
	}
	var per = map[string]int{}
	for i := 0; i < len(ps); i += 2 { // the fronts
		for _, im := range ps[i].images {
			per[im.name]++
		}
	}
	three := 0
	for _, n := range per {
		if n == 3*len(b.Sides) { // each side's three
			three++
		}
	}
	if three == 0 {
		t.Errorf("no marker printed three times: %v", per)
	}
}

// TestCounterScenario: a scenario's sheets hold only what it sets up or
// brings on.
func TestCounterScenario(t *testing.T) {
	b := loadExample(t, "dow-intro")
	all := 0
	for _, p := range counterPDF(t, b, nil, "long") {
		all += len(p.images)
	}
	some := 0
	for _, p := range counterPDF(t, b, b.Scenario("intro"), "long") {
		some += len(p.images)
	}
	if some == 0 || some > all {
		t.Fatalf("scenario %d counters, battle %d", some, all)
	}
}

// TestMapTiles: the map is printed at the ruleset's hex size, within 0.2
// mm, and a hex in the overlap of two neighbouring tiles is at the same
// place on the map in both, inside both tiles' printed areas.
func TestMapTiles(t *testing.T) {
	b := loadExample(t, "dow-intro")
	_, hexMM := sheets.PaperSizes(b)
	var buf bytes.Buffer
	if err := sheets.PrintMap(&buf, b, nil, sheets.PrintOptions{Paper: "letter"}); err != nil {
		t.Fatal(err)
	}
	ps := pages(t, buf.Bytes())
	if len(ps) < 3 {
		t.Fatalf("%d pages: want an index and at least two tiles", len(ps))
	}
	s := sheets.MapHexPx(b.Map.Grid)
	img := render.MapImage(b.Map, sheets.Overlay(b, nil), render.MapOptions{HexSize: s, Palette: render.NewPalette(b.Rules)})
	k := ps[1].images[0].w / float64(img.Bounds().Dx()) // mm a pixel
	if got := k * math.Sqrt(3) * s; math.Abs(got-hexMM) > 0.2 {
		t.Fatalf("hexes %.3f mm across, want %.3f", got, hexMM)
	}
	inside := func(c [4]float64, x, y float64) bool {
		return x >= c[0] && x <= c[0]+c[2] && y >= c[1] && y <= c[1]+c[3]
	}
	// the tiles of the first row: A1, A2, ... follow the index page
	cont := 0
	for i := 1; i+1 < len(ps); i++ {
		a, n := ps[i], ps[i+1]
		if len(a.images) == 0 || len(n.images) == 0 || len(a.clips) == 0 || len(n.clips) == 0 {
			t.Fatalf("page %d or %d: no clipped map", i+1, i+2)
		}
		if math.Abs(a.images[0].y-n.images[0].y) > 0.01 {
			break // the next row
		}
		found := false
		// a hex centre in a's area and in n's is in their overlap
		for _, sh := range b.Map.Grid.Sheets {
			for j := 0; j < sh.Rows && !found; j++ {
				for i := 0; i < sh.Cols && !found; i++ {
					px, py := render.Center(b.Map.Grid, s, maps.Coord{X: sh.X + i, Y: sh.Y + j})
					ax, ay := a.images[0].x+px*k, a.images[0].y+py*k
					nx, ny := n.images[0].x+px*k, n.images[0].y+py*k
					if !inside(a.clips[0], ax, ay) || !inside(n.clips[0], nx, ny) {
						continue
					}
					// the same hex on both pages: as far apart as a
					// tile's stride, its area less the overlap
					if stride := a.clips[0][2] - 12; math.Abs((ax-nx)-stride) > 0.01 || math.Abs(ay-ny) > 0.01 {
						t.Fatalf("pages %d and %d: a hex lies %.2f, %.2f mm apart; the stride is %.2f", i+1, i+2, ax-nx, ay-ny, stride)
					}
					found = true
				}
			}
		}
		if !found {
			t.Fatalf("pages %d and %d share no hex", i+1, i+2)
		}
		cont++
	}
	if cont == 0 {
		t.Fatal("no two tiles side by side")
	}
}

// TestPrintedAt300dpi renders a counter sheet's fronts and backs as
// pdftoppm prints them at 300 dpi and measures the pictures: each counter
// of the first row is its nominal size within 0.2 mm, and its back, seen
// through a long-edge flip, lies on its front within 0.3 mm. A counter's
// edge is its darkest line (half its side's colour), its bleed and
// gutter the side's colour.
func TestPrintedAt300dpi(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm not installed (apt-get install poppler-utils)")
	}
	b := loadExample(t, "dow-intro")
	c, _ := sheets.PaperSizes(b)
	var buf bytes.Buffer
	if err := sheets.PrintCounters(&buf, b, nil, sheets.PrintOptions{Duplex: "long"}); err != nil {
		t.Fatal(err)
	}
	ps := pages(t, buf.Bytes())
	dir := t.TempDir()
	pdf := filepath.Join(dir, "c.pdf")
	if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	const dpmm = 300 / 25.4
	// the band of the first row alone, on both pages (a long-edge flip
	// keeps a counter's height on the page)
	top := ps[0].images[0].y - 3
	if out, err := exec.Command("pdftoppm", "-r", "300", "-f", "1", "-l", "2", "-png",
		"-y", fmt.Sprint(int(top*dpmm)), "-H", fmt.Sprint(int((c+6)*dpmm)), pdf, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	read := func(n int) image.Image {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("p-%d.png", n)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	front, back := read(1), read(2)
	top = float64(int(top*dpmm)) / dpmm
	pw := float64(front.Bounds().Dx()) / dpmm
	// edges finds a counter's outer edges along the line through its
	// middle, in mm, looking from 1.5 mm outside it (its gutter) inwards.
	edges := func(img image.Image, x, y float64, across bool) (lo, hi float64) {
		sum := func(px, py float64) int {
			r, g, b, _ := img.At(int(px*dpmm), int((py-top)*dpmm)).RGBA()
			return int(r>>8 + g>>8 + b>>8)
		}
		bg := sum(x-0.5, y+c/2)
		if !across {
			bg = sum(x+c/2, y-0.5)
		}
		dark := func(v float64) bool {
			if across {
				return sum(v, y+c/2)*4 < bg*3
			}
			return sum(x+c/2, v)*4 < bg*3
		}
		start := x
		if !across {
			start = y
		}
		lo, hi = math.NaN(), math.NaN()
		for v := start - 1.5; v <= start+c+1.5; v += 1 / dpmm {
			if dark(v) {
				if math.IsNaN(lo) {
					lo = v
				}
				hi = v + 1/dpmm
			}
		}
		return lo, hi
	}
	n := 0
	for i, f := range ps[0].images {
		if math.Abs(f.y-ps[0].images[0].y) > 0.01 {
			break // the first row only: it holds units and leaders
		}
		l, r := edges(front, f.x, f.y, true)
		tp, bt := edges(front, f.x, f.y, false)
		if math.Abs((r-l)-c) > 0.2 || math.Abs((bt-tp)-c) > 0.2 {
			t.Fatalf("counter %d measures %.2f x %.2f mm at 300 dpi, not %.2f", i, r-l, bt-tp, c)
		}
		bk := ps[1].images[i]
		_, br := edges(back, bk.x, bk.y, true)
		btp, _ := edges(back, bk.x, bk.y, false)
		// through a long-edge flip the back's right edge is on the front's left
		if math.Abs((pw-br)-l) > 0.3 || math.Abs(btp-tp) > 0.3 {
			t.Fatalf("counter %d: front at %.2f, %.2f mm, its back at %.2f, %.2f through the flip", i, l, tp, pw-br, btp)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no counter measured")
	}
}

// TestSetupCards: a scenario's set-up cards list every stack's hex and
// pieces, and its turn record every turn with its light, each arrival on
// the row of the turn it is due.
func TestSetupCards(t *testing.T) {
	b := loadExample(t, "summer-storm-mcpherson")
	sc := b.Scenarios[0]
	var buf bytes.Buffer
	if err := sheets.PrintCards(&buf, b, sc, sheets.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, p := range pages(t, buf.Bytes()) {
		text += p.text
	}
	has := func(s string) int {
		i := strings.Index(text, sheets.PDFText(s))
		if i < 0 {
			t.Errorf("the cards do not print %q", s)
		}
		return i
	}
	for _, st := range sc.Setup {
		has(st.Hex.Label)
		for _, p := range st.Pieces {
			has(p.Name)
		}
	}
	if len(sc.Arrivals) == 0 {
		t.Fatal("the scenario brings nothing on; the test needs an arrival")
	}
	for _, a := range sc.Arrivals {
		at := has(a.Time.Text())
		next := strings.Index(text[at+1:], sheets.PDFText(b.TurnAt(a.Time.Index+1).Text()))
		name := strings.Index(text[at:], sheets.PDFText(a.Pieces[0].Name))
		if name < 0 || (next >= 0 && name > next) {
			t.Errorf("%s is not on the row of %s", a.Pieces[0].Name, a.Time.Text())
		}
	}
	for i := sc.First.Index; i <= sc.Last.Index; i++ {
		has(b.TurnAt(i).Text())
		has(b.TurnAt(i).Light)
	}
}

// TestKit: the kit of a scenario holds its set-up cards, turn record,
// counter sheets and map pages, in that order, and is the same bytes
// every time (fpdf would write pictures of one width in a random order).
func TestKit(t *testing.T) {
	b := loadExample(t, "dow-intro")
	sc := b.Scenario("intro")
	var one, two bytes.Buffer
	if err := sheets.PrintKit(&one, b, sc, sheets.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := sheets.PrintKit(&two, b, sc, sheets.PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one.Bytes(), two.Bytes()) {
		t.Error("the kit differs between two runs")
	}
	plain := one
	last := -1
	for _, part := range []string{"Set-up card: ", "Turn record: ", " counters, sheet 1 of 1, fronts", "record sheet: Leader Board (Union)", "Map: page index", "Map page A1 "} {
		i := strings.Index(plain.String(), sheets.PDFText(part))
		if i <= last {
			t.Errorf("%q at %d, after the part before it at %d", part, i, last)
		}
		last = i
	}
}

// TestCounterCount: the sheets hold every unit and each of its faces the
// ruleset prints on a counter of its own (GBACW 14.21's dismounted
// cavalry), every leader and each of his further counters (3DoG BB 4.44),
// and each marker as many times a side as the ruleset counts it.
func TestCounterCount(t *testing.T) {
	further, own := 0, 0
	for _, ex := range []string{"3dog-mcphersons-ridge", "dow-intro"} {
		b := loadExample(t, ex)
		want := 0
		for _, sd := range b.Sides {
			if sd.Army == nil {
				continue
			}
			for _, u := range sd.Army.AllUnits() {
				want++
				for f := range u.Faces {
					if slices.Contains(b.Rules.UnitTypes[u.Type].Counters, f) {
						want++
						own++
					}
				}
			}
			seen := map[*oob.Leader]bool{}
			for _, l := range sd.Army.AllLeaders() {
				if !seen[l] {
					seen[l] = true
					want += 1 + len(l.Counters)
					further += len(l.Counters)
				}
			}
			for _, m := range b.Rules.Play.Markers {
				want += max(m.Count, 1)
			}
		}
		got := 0
		for i, p := range counterPDF(t, b, nil, "long") {
			if i%2 == 0 {
				got += len(p.images)
			}
		}
		if got != want {
			t.Fatalf("%s: %d counters printed, want %d", ex, got, want)
		}
	}
	if further == 0 || own == 0 {
		t.Fatalf("%d further leader counters, %d faces on counters of their own; the test needs both", further, own)
	}
}

// TestRecordSheets: the kit prints a record sheet for every display the
// VASSAL module has (one description, displays.Build), with every box's,
// space's and row's label on it, for a battle of each system.
func TestRecordSheets(t *testing.T) {
	for _, ex := range []string{"dow-intro", "tss-seminary-ridge", "summer-storm-mcpherson", "amfs-culps-hill"} {
		b := loadExample(t, ex)
		ds := displays.Build(b)
		if len(ds) == 0 {
			t.Errorf("%s: no displays to print", ex)
			continue
		}
		var out bytes.Buffer
		if err := sheets.PrintKit(&out, b, b.Scenarios[0], sheets.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		pdf := out.String()
		for _, d := range ds {
			if !strings.Contains(pdf, sheets.PDFText("record sheet: "+d.Name())) {
				t.Errorf("%s: no record sheet for %s", ex, d.Name())
			}
			for _, bx := range d.Boxes {
				if bx.Label != "" && !strings.Contains(pdf, sheets.PDFText(bx.Label)) && !strings.Contains(pdf, sheets.PDFText(strings.Fields(bx.Label)[0])) {
					t.Errorf("%s: %s's %s %q is not printed", ex, d.Name(), bx.Kind, bx.Label)
				}
			}
		}
	}
}

// TestMapOutOfPlay: the map printed for a scenario greys the hexes out of
// its play as muster map and the live page do (dow-intro's introductory
// scenario plays rows 1-19 of sheet C), and leaves the hexes in play as
// the battle's map prints them. Measured on the page index as pdftoppm
// prints it: a hex centre out of play is darker by the grey laid over it.
func TestMapOutOfPlay(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm not installed (apt-get install poppler-utils)")
	}
	b := loadExample(t, "dow-intro")
	sc := b.Scenario("intro")
	if sc == nil || len(sc.Play) == 0 {
		t.Fatal("the intro scenario names no hexes in play; the test needs some")
	}
	s := sheets.MapHexPx(b.Map.Grid)
	w := render.MapImage(b.Map, sheets.MapOverlay(b, nil), render.MapOptions{HexSize: s, Palette: render.NewPalette(b.Rules)}).Bounds().Dx()
	dir := t.TempDir()
	const dpi = 100
	index := func(sc *battle.Scenario) (image.Image, placed) {
		var buf bytes.Buffer
		if err := sheets.PrintMap(&buf, b, sc, sheets.PrintOptions{Paper: "letter"}); err != nil {
			t.Fatal(err)
		}
		name := "all"
		if sc != nil {
			name = sc.ID
		}
		pdf := filepath.Join(dir, name+".pdf")
		if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("pdftoppm", "-r", fmt.Sprint(dpi), "-f", "1", "-l", "1", "-png", "-singlefile", pdf, filepath.Join(dir, name)).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v: %s", err, out)
		}
		f, err := os.Open(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img, pages(t, buf.Bytes())[0].images[0]
	}
	all, at := index(nil)
	some, at2 := index(sc)
	if at.x != at2.x || at.y != at2.y || at.w != at2.w || at.h != at2.h {
		t.Fatalf("the index places the map at %v for the battle, %v for the scenario", at, at2)
	}
	// the sum of a hex centre's channels on the page
	sum := func(img image.Image, c maps.Coord) int {
		px, py := render.Center(b.Map.Grid, s, c)
		k := at.w / float64(w) // mm a map pixel
		x, y := (at.x+px*k)*dpi/25.4, (at.y+py*k)*dpi/25.4
		r, g, bl, _ := img.At(int(x), int(y)).RGBA()
		return int(r>>8 + g>>8 + bl>>8)
	}
	in, out, grey := 0, 0, 0
	var notGrey []string
	b.Map.Hexes(func(c maps.Coord) {
		a, o := sum(all, c), sum(some, c)
		if sc.InPlay(c) {
			in++
			if math.Abs(float64(a-o)) > 12 {
				t.Fatalf("%s is in play, but printed %d for the scenario and %d for the battle", b.Map.Grid.Label(c), o, a)
			}
			return
		}
		out++
		if o < a-25 {
			grey++
		} else {
			notGrey = append(notGrey, b.Map.Grid.Label(c))
		}
	})
	if in == 0 || out == 0 {
		t.Fatalf("%d hexes in play, %d out; the test needs both", in, out)
	}
	// the index's tile frames cross a few hex centres: 95% at least
	if grey*100 < out*95 {
		t.Fatalf("%d of %d hexes out of play greyed; not: %v", grey, out, notGrey)
	}
}

// TestDrawnAt300dpi: muster's drawn counters are printed at 300 dpi or
// more, counted in the detail of the pictures pdfimages takes out of the
// PDF: a picture made of uniform k×k blocks (a smaller picture enlarged
// pixel for pixel, as the 56-pixel module counters were, 112 dpi at 1/2")
// has width/k pixels of detail. Every counter picture of the first page is
// measured, at the GBACW and AMFS sizes.
func TestDrawnAt300dpi(t *testing.T) {
	if _, err := exec.LookPath("pdfimages"); err != nil {
		t.Skip("pdfimages not installed (apt-get install poppler-utils)")
	}
	for _, ex := range []string{"dow-intro", "amfs-culps-hill"} {
		b := loadExample(t, ex)
		c, _ := sheets.PaperSizes(b)
		var buf bytes.Buffer
		if err := sheets.PrintCounters(&buf, b, nil, sheets.PrintOptions{Duplex: "long"}); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		pdf := filepath.Join(dir, "c.pdf")
		if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("pdfimages", "-png", "-f", "1", "-l", "1", pdf, filepath.Join(dir, "i")).CombinedOutput(); err != nil {
			t.Fatalf("pdfimages: %v: %s", err, out)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "i-*.png"))
		if len(files) == 0 {
			t.Fatalf("%s: no pictures on the first sheet", ex)
		}
		least := math.Inf(1)
		for _, f := range files {
			r, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(r)
			r.Close()
			if err != nil {
				t.Fatal(err)
			}
			w := img.Bounds().Dx()
			if dpi := float64(w/blockSize(img)) / (c / 25.4); dpi < least {
				least = dpi
			}
		}
		if least < 300 {
			t.Errorf("%s: a counter picture has %.0f dpi of detail at %.1f mm, want 300 or more", ex, least, c)
		}
	}
}

// blockSize is the largest k that divides the picture's width and height
// such that every k×k block of it is one colour: 1 for a picture drawn at
// its resolution.
func blockSize(img image.Image) int {
	b := img.Bounds()
	for k := min(b.Dx(), b.Dy()); k > 1; k-- {
		if b.Dx()%k != 0 || b.Dy()%k != 0 {
			continue
		}
		uniform := true
		for y := b.Min.Y; y < b.Max.Y && uniform; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if img.At(x, y) != img.At(x-(x-b.Min.X)%k, y-(y-b.Min.Y)%k) {
					uniform = false
					break
				}
			}
		}
		if uniform {
			return k
		}
	}
	return 1
}

// TestPrintingPictures: docs/printing.md shows each sheet of the kit for a
// battle of every rule system, and each picture it names is in docs/img.
func TestPrintingPictures(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "printing.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, sys := range rulesets.Embedded().Systems() {
		for _, sheet := range []string{"setup", "turns", "fronts", "backs", "record", "index", "tile"} {
			p := "img/print/" + sys + "-" + sheet + ".png"
			if !strings.Contains(string(doc), "]("+p+")") {
				t.Errorf("docs/printing.md does not show %s", p)
			}
		}
	}
	for _, m := range regexp.MustCompile(`\]\((img/[^)]+)\)`).FindAllStringSubmatch(string(doc), -1) {
		if _, err := os.Stat(filepath.Join("..", "docs", m[1])); err != nil {
			t.Errorf("docs/printing.md: %v", err)
		}
	}
}
