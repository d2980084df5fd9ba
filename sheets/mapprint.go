package sheets

import (
	"bytes"
	"fmt"
	"image/png"
	"math"

	"codeberg.org/go-pdf/fpdf"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/render"
)

// The printed map is muster's map picture (render.MapImage, as muster map
// draws it, with its title and legend) placed so that a hex is the
// ruleset's printed width across flats, then tiled over pages: each tile
// overlaps the next by tileOverlapMM, with alignment marks in the overlap
// that the next tile repeats, and a page index first. --paper large
// prints it on one sheet of its own size.
const (
	tileMarginMM  = 10.0 // every edge but the top
	tileTopMM     = 14.0 // the heading
	tileOverlapMM = 12.0
	// mapPixels bounds the map picture; mapHexPx the hex radius it is
	// drawn at, which mapHexPx lowers for a large map.
	mapPixels = 30_000_000
	maxHexPx  = 40.0
)

// MapOverlay is what the printed map shows over the battle's map: its
// title and, for a scenario that names the hexes in play, the hexes out of
// play greyed with their legend key, as muster map, the live page and the
// module's scenario boards show them. The set-up is on the cards, not the
// board.
func MapOverlay(b *battle.Battle, sc *battle.Scenario) *render.Overlay {
	ov := Overlay(b, nil)
	dimOutOfPlay(ov, b, sc)
	return ov
}

// MapHexPx is the hex radius, in pixels, of the picture the printed map
// of g is drawn from: maxHexPx, or less so that the picture stays within
// mapPixels.
func MapHexPx(g *maps.Grid) float64 {
	area := (float64(g.W)*1.5 + 1) * (float64(g.H)*math.Sqrt(3) + 1)
	if g.Pointy {
		area = (float64(g.W)*math.Sqrt(3) + 1) * (float64(g.H)*1.5 + 1)
	}
	s := math.Min(maxHexPx, math.Sqrt(mapPixels/area))
	return math.Max(4, math.Floor(s))
}

// mapPlan is how the map is placed on paper: the picture, its size in
// millimetres, the tiles' stride and count.
type mapPlan struct {
	name       string  // the registered picture
	wmm, hmm   float64 // the picture's size on paper
	areaW      float64 // a tile's printable width and height
	areaH      float64
	strideX    float64
	strideY    float64
	cols, rows int
}

// mapPages adds the map: a page index and the tiles, or one large sheet.
func (d *printDoc) mapPages() error {
	m := d.b.Map
	if m == nil || m.Grid == nil {
		return nil
	}
	s := MapHexPx(m.Grid)
	img := render.MapImage(m, MapOverlay(d.b, d.sc), render.MapOptions{HexSize: s, Palette: render.NewPalette(d.b.Rules)})
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return err
	}
	_, hexMM := PaperSizes(d.b)
	k := hexMM / (math.Sqrt(3) * s) // millimetres a pixel
	p := mapPlan{name: d.image(buf.Bytes(), "png", 0), wmm: float64(img.Bounds().Dx()) * k, hmm: float64(img.Bounds().Dy()) * k}
	pdf := d.pdf
	if d.opt.Paper == "large" {
		w, h := p.wmm+2*tileMarginMM, p.hmm+tileTopMM+tileMarginMM
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
		d.heading(fmt.Sprintf("Map, one sheet %s x %s; hexes %s across", mm(w), mm(h), mm(hexMM)))
		pdf.ImageOptions(p.name, tileMarginMM, tileTopMM, p.wmm, p.hmm, false, fpdf.ImageOptions{}, 0, "")
		return nil
	}
	pw, ph := paperMM(d.opt.Paper)
	p.areaW, p.areaH = pw-2*tileMarginMM, ph-tileTopMM-tileMarginMM
	p.strideX, p.strideY = p.areaW-tileOverlapMM, p.areaH-tileOverlapMM
	p.cols = max(1, int(math.Ceil((p.wmm-tileOverlapMM)/p.strideX)))
	p.rows = max(1, int(math.Ceil((p.hmm-tileOverlapMM)/p.strideY)))
	d.mapIndex(p, hexMM)
	for j := range p.rows {
		for i := range p.cols {
			d.mapTile(p, i, j, hexMM)
		}
	}
	return nil
}

// tileName is a tile's name on the index: its row's letter and its
// column's number, A1 at the top left.
func tileName(i, j int) string {
	r := string(rune('A' + j%26))
	if j >= 26 {
		r = fmt.Sprintf("%s%d", r, j/26)
	}
	return fmt.Sprintf("%s%d", r, i+1)
}

// mapIndex draws the page index: the whole map, small, with each tile's
// rectangle and name.
func (d *printDoc) mapIndex(p mapPlan, hexMM float64) {
	pdf := d.pdf
	pdf.AddPage()
	pw, ph := pdf.GetPageSize()
	pages := "1 page"
	if n := p.cols * p.rows; n > 1 {
		pages = fmt.Sprintf("%d pages", n)
	}
	d.heading(fmt.Sprintf("Map: page index, %s; hexes %s across", pages, mm(hexMM)))
	aw, ah := pw-2*tileMarginMM, ph-tileTopMM-tileMarginMM-12
	k := math.Min(aw/p.wmm, ah/p.hmm)
	x0, y0 := tileMarginMM+(aw-p.wmm*k)/2, tileTopMM+4
	pdf.ImageOptions(p.name, x0, y0, p.wmm*k, p.hmm*k, false, fpdf.ImageOptions{}, 0, "")
	pdf.SetDrawColor(render.RGB(render.PrintAlign))
	pdf.SetLineWidth(0.3)
	pdf.SetTextColor(render.RGB(render.PrintAlign))
	pdf.SetFont(pdfFont, "B", 10)
	page := pdf.PageNo()
	for j := range p.rows {
		for i := range p.cols {
			x, y := x0+float64(i)*p.strideX*k, y0+float64(j)*p.strideY*k
			pdf.Rect(x, y, p.areaW*k, p.areaH*k, "D")
			pdf.SetXY(x+1, y+1)
			page++
			pdf.CellFormat(p.areaW*k-2, 5, fmt.Sprintf("%s (p. %d)", tileName(i, j), page), "", 0, "L", false, 0, "")
		}
	}
	pdf.SetTextColor(render.RGB(render.SheetInkPDF))
	pdf.SetFont(pdfFont, "", 8)
	pdf.SetXY(tileMarginMM, ph-tileMarginMM-8)
	pdf.MultiCell(aw, 3.6, fmt.Sprintf("Print at 100%% (no fit to page). Each page overlaps the next by %s: trim one at its dashed line and lay the marks (+) in the overlap on the next page's.", mm(tileOverlapMM)), "", "L", false)
}

// mapTile draws tile i, j: the map picture, clipped to the page's
// printable area and shifted by the tiles before it; the trim lines and
// alignment marks of its overlaps.
func (d *printDoc) mapTile(p mapPlan, i, j int, hexMM float64) {
	pdf := d.pdf
	pdf.AddPage()
	d.heading(fmt.Sprintf("Map page %s (row %d of %d, column %d of %d); hexes %s across", tileName(i, j), j+1, p.rows, i+1, p.cols, mm(hexMM)))
	x0, y0 := tileMarginMM, tileTopMM
	pdf.ClipRect(x0, y0, p.areaW, p.areaH, false)
	pdf.ImageOptions(p.name, x0-float64(i)*p.strideX, y0-float64(j)*p.strideY, p.wmm, p.hmm, false, fpdf.ImageOptions{AllowNegativePosition: true}, 0, "")
	pdf.ClipEnd()
	pdf.SetDrawColor(render.RGB(render.PrintRegistration))
	pdf.SetLineWidth(0.15)
	pdf.Rect(x0, y0, p.areaW, p.areaH, "D")
	// the overlap with the next tile to the right and below: a dashed
	// trim line where the next begins, marks half way across the overlap
	// (the next tile has them at the same place on the map)
	pdf.SetDashPattern([]float64{1.5, 1}, 0)
	if i+1 < p.cols {
		pdf.Line(x0+p.strideX, y0, x0+p.strideX, y0+p.areaH)
	}
	if j+1 < p.rows {
		pdf.Line(x0, y0+p.strideY, x0+p.areaW, y0+p.strideY)
	}
	pdf.SetDashPattern(nil, 0)
	for _, y := range []float64{0.25, 0.5, 0.75} {
		if i+1 < p.cols {
			alignMark(pdf, x0+p.strideX+tileOverlapMM/2, y0+p.strideY*y)
		}
		if i > 0 {
			alignMark(pdf, x0+tileOverlapMM/2, y0+p.strideY*y)
		}
	}
	for _, x := range []float64{0.25, 0.5, 0.75} {
		if j+1 < p.rows {
			alignMark(pdf, x0+p.strideX*x, y0+p.strideY+tileOverlapMM/2)
		}
		if j > 0 {
			alignMark(pdf, x0+p.strideX*x, y0+tileOverlapMM/2)
		}
	}
}

// alignMark is a small cross in a circle, where two tiles overlap.
func alignMark(pdf *fpdf.Fpdf, x, y float64) {
	pdf.SetDrawColor(render.RGB(render.PrintAlign))
	pdf.SetLineWidth(0.2)
	pdf.Circle(x, y, 1.5, "D")
	pdf.Line(x-3, y, x+3, y)
	pdf.Line(x, y-3, x, y+3)
	pdf.SetDrawColor(render.RGB(render.PrintRegistration))
}
