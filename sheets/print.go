package sheets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	_ "image/jpeg" // art may be JPEG
	"image/png"
	"io"
	"math"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	xdraw "golang.org/x/image/draw"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/render"
)

// The paper game (muster print): counter sheets at the printed counter
// size, the map at the printed hex size, set-up cards and the turn
// record, each a part of one PDF or the whole kit in one. Sizes come from
// the ruleset's play.paper figures (a battle overrides them under
// rules: play: paper:). Record sheets (TSS's Combat Effectiveness record,
// casualty tracks, AMFS's Command Display, GBACW's leader board, Summer
// Storm's Orders Card) are drawn from one description shared with the
// VASSAL module's displays (displays.Build; records.go).

// PrintOptions are the options of muster print.
type PrintOptions struct {
	// Paper is letter (the default), a4 or large: large prints the map as
	// one sheet of its own size, for a large-format printer, and every
	// other part on Letter.
	Paper string
	// Duplex is the edge the sheet turns on when printed on both sides:
	// long (the default) or short. Counter backs are mirrored for it.
	Duplex string
	// Compress deflates the page streams; the tests read them plain.
	Compress bool
}

// Default printed sizes when a ruleset gives none, in millimetres: a
// half-inch counter and a 16 mm hex (illustrative, as the rulesets that
// give no printed size say).
const (
	defaultCounterMM = 12.7
	defaultHexMM     = 16.0
)

// PaperSizes are the counter side and the hex width across flats, in
// millimetres, the battle prints at: its ruleset's play.paper figures.
func PaperSizes(b *battle.Battle) (counter, hex float64) {
	counter, hex = defaultCounterMM, defaultHexMM
	if b.Rules == nil {
		return
	}
	if p := b.Rules.Play.Paper; p.Counter.MM > 0 {
		counter = p.Counter.MM
	}
	if p := b.Rules.Play.Paper; p.Hex.MM > 0 {
		hex = p.Hex.MM
	}
	return
}

// paperMM is the page size of a paper name: Letter or A4, portrait.
func paperMM(p string) (w, h float64) {
	if strings.EqualFold(p, "a4") {
		return 210, 297
	}
	return 215.9, 279.4
}

// printDoc is one PDF being printed: the document, the battle and its
// scenario, the options.
type printDoc struct {
	pdf    *fpdf.Fpdf
	b      *battle.Battle
	sc     *battle.Scenario
	opt    PrintOptions
	title  string
	images map[string]bool
	widths map[int]bool
}

func newPrintDoc(b *battle.Battle, sc *battle.Scenario, opt PrintOptions) *printDoc {
	w, h := paperMM(opt.Paper)
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: w, Ht: h}})
	pdf.SetCompression(opt.Compress)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(pdfEpoch)
	pdf.SetModificationDate(pdfEpoch)
	pdf.SetProducer("muster", false)
	pdf.SetCreator("muster", false)
	title := b.Name
	if title == "" {
		title = b.ID
	}
	if sc != nil && sc.Name != title {
		title += ": " + sc.Name
	}
	pdf.SetTitle(title, true)
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	addFonts(pdf)
	return &printDoc{pdf: pdf, b: b, sc: sc, opt: opt, title: title, images: map[string]bool{}, widths: map[int]bool{}}
}

// image registers a PNG or JPEG once, named by its bytes' hash, so the
// same picture is one object however often it is drawn. fpdf writes a
// document's pictures in the order of their widths, and pictures of one
// width in the order of a Go map, which differs from run to run; so no
// two pictures of a document share a width: a picture is enlarged to the
// narrowest free width of at least minW pixels (pixel for pixel when it is
// paletted, as muster's counters are), which leaves its printed size as
// it was and keeps the bytes the same from run to run.
func (d *printDoc) image(data []byte, format string, minW int) string {
	sum := sha256.Sum256(data)
	name := "i" + hex.EncodeToString(sum[:8])
	if d.images[name] {
		return name
	}
	d.images[name] = true
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		d.pdf.SetError(err)
		return name
	}
	w := max(cfg.Width, minW)
	for d.widths[w] {
		w++
	}
	d.widths[w] = true
	if w != cfg.Width {
		if data, err = widen(data, w); err != nil {
			d.pdf.SetError(err)
			return name
		}
		format = "png"
	}
	tp := "PNG"
	if format == "jpeg" {
		tp = "JPG"
	}
	d.pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: tp}, bytes.NewReader(data))
	return name
}

// widen scales a picture to w pixels wide, its height in proportion: a
// paletted one pixel for pixel, any other smoothly. It is written as PNG.
func widen(data []byte, w int) ([]byte, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	h := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
	var dst image.Image
	if p, ok := img.(*image.Paletted); ok {
		q := image.NewPaletted(image.Rect(0, 0, w, h), p.Palette)
		for y := range h {
			row := p.Pix[(y*b.Dy()/h)*p.Stride:]
			out := q.Pix[y*q.Stride:]
			for x := range w {
				out[x] = row[x*b.Dx()/w]
			}
		}
		dst = q
	} else {
		q := image.NewRGBA(image.Rect(0, 0, w, h))
		xdraw.ApproxBiLinear.Scale(q, q.Bounds(), img, b, xdraw.Src, nil)
		dst = q
	}
	var buf bytes.Buffer
	err = png.Encode(&buf, dst)
	return buf.Bytes(), err
}

// heading writes a page's heading: the battle and scenario at the left,
// what the page is at the right.
func (d *printDoc) heading(what string) {
	pdf := d.pdf
	pw, _ := pdf.GetPageSize()
	pdf.SetTextColor(render.RGB(render.SheetInkPDF))
	pdf.SetFont(pdfFont, "B", 9)
	pdf.SetXY(16, 4)
	pdf.CellFormat((pw-32)*0.55, 5, fitU(pdf, d.title, (pw-32)*0.55), "", 0, "L", false, 0, "")
	pdf.SetFont(pdfFont, "", 8)
	pdf.CellFormat((pw-32)*0.45, 5, fitU(pdf, what, (pw-32)*0.45), "", 0, "R", false, 0, "")
}

// fitU cuts s to the width w with an ellipsis, in the embedded Unicode
// font.
func fitU(pdf *fpdf.Fpdf, s string, w float64) string {
	if pdf.GetStringWidth(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && pdf.GetStringWidth(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// registration draws a registration mark centred at x, y: a circle and a
// cross through it, in registration black.
func registration(pdf *fpdf.Fpdf, x, y float64) {
	pdf.SetDrawColor(render.RGB(render.PrintRegistration))
	pdf.SetLineWidth(0.15)
	pdf.Circle(x, y, 2.5, "D")
	pdf.Line(x-4, y, x+4, y)
	pdf.Line(x, y-4, x, y+4)
}

// finish writes the document.
func (d *printDoc) finish(w io.Writer) error {
	if d.pdf.PageNo() == 0 {
		d.pdf.AddPage()
	}
	if err := d.pdf.Error(); err != nil {
		return err
	}
	return d.pdf.Output(w)
}

// PrintKit writes the whole kit for the battle or a scenario as one PDF:
// the set-up cards and turn record, the counter sheets, the record sheets
// (records.go) and the map.
func PrintKit(w io.Writer, b *battle.Battle, sc *battle.Scenario, opt PrintOptions) error {
	d := newPrintDoc(b, sc, opt)
	if err := d.cards(); err != nil {
		return err
	}
	if err := d.counters(); err != nil {
		return err
	}
	if err := d.records(); err != nil {
		return err
	}
	if err := d.mapPages(); err != nil {
		return err
	}
	return d.finish(w)
}

// PrintCounters writes the counter sheets alone.
func PrintCounters(w io.Writer, b *battle.Battle, sc *battle.Scenario, opt PrintOptions) error {
	d := newPrintDoc(b, sc, opt)
	if err := d.counters(); err != nil {
		return err
	}
	return d.finish(w)
}

// PrintMap writes the map alone.
func PrintMap(w io.Writer, b *battle.Battle, sc *battle.Scenario, opt PrintOptions) error {
	d := newPrintDoc(b, sc, opt)
	if err := d.mapPages(); err != nil {
		return err
	}
	return d.finish(w)
}

// PrintCards writes the set-up cards and the turn record alone.
func PrintCards(w io.Writer, b *battle.Battle, sc *battle.Scenario, opt PrintOptions) error {
	d := newPrintDoc(b, sc, opt)
	if err := d.cards(); err != nil {
		return err
	}
	return d.finish(w)
}

// mm formats a length for a page's heading.
func mm(x float64) string {
	s := fmt.Sprintf("%.1f", x)
	if math.Abs(x-math.Round(x)) < 0.05 {
		s = fmt.Sprintf("%.0f", x)
	}
	return s + " mm"
}
