package sheets_test

import (
	"bytes"
	"fmt"
	"image/color"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/sheets"
)

func example(t *testing.T) (*battle.Battle, *battle.Scenario) {
	t.Helper()
	sub, err := fs.Sub(examples.FS, examples.Default)
	if err != nil {
		t.Fatal(err)
	}
	b, ds := battle.Load(sub, "(example) "+examples.Default, battle.Options{})
	if diag.Count(ds, diag.Error) > 0 {
		t.Fatalf("example has errors: %v", ds)
	}
	s := b.Scenario("intro")
	if s == nil {
		t.Fatal("no scenario intro")
	}
	return b, s
}

func TestGoldenMarkdown(t *testing.T) {
	b, s := example(t)
	var buf bytes.Buffer
	if err := sheets.OOB(b, s).Markdown(&buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "dow-intro.oob.md"), buf.Bytes())
	for _, want := range []string{"| 74 IL | inf | R | 6 | 5 | 6 | disordered: Cohesion 3 MA 4 | C3215 |", "*Post's Brigade (1/1/RW): 23 SP, 6 guns, 5 counters*", "- commander: **Rosecrans** — Initiative 2, Range 10 — not in scenario"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
}

func TestGoldenSVG(t *testing.T) {
	b, s := example(t)
	var buf bytes.Buffer
	if err := render.MapSVG(&buf, b.Map, sheets.Overlay(b, s), render.MapOptions{Palette: render.NewPalette(b.Rules)}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "dow-intro.map.svg"), buf.Bytes())
	// the stack in C3014 shows its units on hover
	if !strings.Contains(buf.String(), "<title>C3014 USA: Post/1/1/RW, 59 IL/1/1/RW, 5 WI Bty/1/1/RW</title>") {
		t.Error("no hover title for the stack in C3014")
	}
}

func TestPNG(t *testing.T) {
	b, s := example(t)
	img := render.MapImage(b.Map, sheets.Overlay(b, s), render.MapOptions{HexSize: 20, Palette: render.NewPalette(b.Rules)})
	var svg bytes.Buffer
	render.MapSVG(&svg, b.Map, sheets.Overlay(b, s), render.MapOptions{HexSize: 20, Palette: render.NewPalette(b.Rules)})
	m := regexp.MustCompile(`width="(\d+)" height="(\d+)"`).FindStringSubmatch(svg.String())
	if got := img.Bounds().Size(); m == nil || m[1] != strconv.Itoa(got.X) || m[2] != strconv.Itoa(got.Y) {
		t.Fatalf("PNG is %v, SVG says %v", got, m)
	}
	at := func(label string, dx, dy float64) color.RGBA {
		c, _, err := b.Map.Grid.Parse(label)
		if err != nil {
			t.Fatal(err)
		}
		x, y := render.Center(b.Map.Grid, 20, c)
		return img.RGBAAt(int(x+dx), int(y+dy))
	}
	if p := at("C3805", 0, 5); !(p.G > p.R+20 && p.G > p.B+20) { // woods
		t.Errorf("woods hex C3805 is %v, want green", p)
	}
	if p := at("C2510", 0, 5); !(p.R > p.B+20 && p.G > p.B+20) { // clear
		t.Errorf("clear hex C2510 is %v, want beige", p)
	}
	if p := at("C3014", 7, 7); p != (color.RGBA{0x2c, 0x4a, 0x7c, 0xff}) { // a Union stack
		t.Errorf("stack C3014 is %v, want the Union colour", p)
	}
}

func TestPDF(t *testing.T) {
	b, s := example(t)
	sh := sheets.OOB(b, s)
	for _, tc := range []struct {
		page  sheets.Page
		box   string
		pages int
	}{
		{sheets.Page{Paper: "letter", Orientation: "portrait"}, "/MediaBox [0 0 612.00 792.00]", 2},
		{sheets.Page{Paper: "a4", Orientation: "landscape"}, "/MediaBox [0 0 841.89 595.28]", 4},
	} {
		var buf bytes.Buffer
		if err := sh.PDF(&buf, tc.page); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if !strings.HasPrefix(out, "%PDF-") {
			t.Fatal("not a PDF")
		}
		if n := strings.Count(out, "/Type /Page\n"); n != tc.pages {
			t.Errorf("%v: %d pages, want %d", tc.page, n, tc.pages)
		}
		if !strings.Contains(out, tc.box) {
			t.Errorf("%v: no %s", tc.page, tc.box)
		}
		for _, w := range []string{"Dead of Winter: Skirmish of December 30th", "Post's Brigade", "Vaughn's Brigade", "C3215", fmt.Sprintf("Page 1 of %d", tc.pages), fmt.Sprintf("Page %d of %d", tc.pages, tc.pages), "Union totals: 68 SP, 18 guns, 15 counters"} {
			if !strings.Contains(out, sheets.PDFText(w)) {
				t.Errorf("%v: PDF lacks %q", tc.page, w)
			}
		}
		var again bytes.Buffer
		sh.PDF(&again, tc.page)
		if !bytes.Equal(again.Bytes(), buf.Bytes()) {
			t.Error("two PDFs of the same sheet differ")
		}
	}
}

func TestDiagnosticOverlay(t *testing.T) {
	b, s := example(t)
	var piece diag.Pos
	for _, st := range s.Setup {
		if st.Hex.Label == "C3215" {
			piece = st.Pieces[0].Pos
		}
	}
	ds := []diag.Diagnostic{
		{Code: "N001", Severity: diag.Error, Pos: diag.Pos{File: "intro.yaml", Line: 99, Column: 1}, Message: "hex C2020 is not in play", Subjects: &diag.Subjects{Hexes: []string{"C2020"}}},
		{Code: "X001", Severity: diag.Warning, Pos: piece, Message: "74 IL is odd"},
		// A label-like word of a message is no hex: only the subjects are.
		{Code: "X002", Severity: diag.Warning, Pos: diag.Pos{File: "battle.yaml", Line: 1, Column: 1}, Message: "nothing to do with hex C2121"},
	}
	ov := sheets.DiagnosticOverlay(b, ds)
	if len(ov.Rings) != 2 {
		t.Fatalf("rings %+v, want 2", ov.Rings)
	}
	c1, _, _ := b.Map.Grid.Parse("C2020")
	c2, _, _ := b.Map.Grid.Parse("C3215")
	if r := ov.Rings[0]; r.Hex != c1 || r.Label != "1" || r.Color != "#d0021b" {
		t.Errorf("first ring %+v", r)
	}
	if r := ov.Rings[1]; r.Hex != c2 || r.Label != "2" || r.Color != "#e67e00" {
		t.Errorf("second ring %+v", r)
	}
	if len(ov.Notes) != 3 || !strings.Contains(ov.Notes[2], "not on the map") {
		t.Errorf("notes %q", ov.Notes)
	}
	var buf bytes.Buffer
	if err := render.MapSVG(&buf, b.Map, ov, render.MapOptions{Palette: render.NewPalette(b.Rules)}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "<title>2. warning X001: 74 IL is odd</title>") {
		t.Error("SVG lacks the ring's title")
	}
}
