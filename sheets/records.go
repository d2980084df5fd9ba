package sheets

import (
	"codeberg.org/go-pdf/fpdf"

	"github.com/muster-wargames/muster/displays"
	"github.com/muster-wargames/muster/render"
)

// records prints each record sheet of the battle: every display of the
// ruleset's play.displays (TSS's Casualty and Captured Tracks, AAAT and
// Combat Effectiveness Record, AMFS's Command Display, a GBACW leader
// board, Summer Storm's Orders and Time and Weather cards), one a side
// where each player keeps his own, from the description the VASSAL
// module's display windows are drawn from (displays.Build): the same
// boxes, spaces and labels at the same places, scaled to the page, each
// box as a ruled rectangle with its label, the markers left to the
// counter sheets.
func (d *printDoc) records() error {
	for _, ds := range displays.Build(d.b) {
		d.record(ds)
	}
	return nil
}

func (d *printDoc) record(ds displays.Display) {
	pdf := d.pdf
	w, h := paperMM(d.opt.Paper)
	pdf.AddPageFormat("L", fpdf.SizeType{Wd: w, Ht: h})
	d.heading("record sheet: " + ds.Name())
	pw, ph := pdf.GetPageSize()
	const margin, top = 12.0, 16.0
	pdf.SetTextColor(render.RGB(render.SheetInkPDF))
	pdf.SetFont(pdfFont, "B", 13)
	pdf.SetXY(margin, top-4)
	pdf.CellFormat(pw-2*margin, 7, fitU(pdf, ds.Name(), pw-2*margin), "", 1, "L", false, 0, "")
	if ds.Rule != "" {
		pdf.SetFont(pdfFont, "", 8)
		pdf.SetX(margin)
		pdf.CellFormat(pw-2*margin, 4, ds.Rule, "", 1, "L", false, 0, "")
	}
	y0 := pdf.GetY() + 2
	// the description's pixels, scaled to fit the page below the title
	k := min((pw-2*margin)/float64(ds.W), (ph-y0-margin)/float64(ds.H))
	k = min(k, 0.6) // no bigger than a comfortable hand-writing size
	px := func(v int) float64 { return float64(v) * k }
	pdf.SetDrawColor(render.RGB(render.SheetInkPDF))
	for _, b := range ds.Boxes {
		x, y, w, h := margin+px(b.X), y0+px(b.Y), px(b.W), px(b.H)
		switch b.Kind {
		case displays.KindLabel:
			pdf.SetFont(pdfFont, "B", 8)
			pdf.SetXY(x, y)
			pdf.MultiCell(w, 3.6, b.Label, "", "L", false)
		case displays.KindSpace:
			pdf.SetLineWidth(0.2)
			pdf.Rect(x, y, w, h, "D")
			pdf.SetFont(pdfFont, "", 7)
			pdf.SetXY(x, y+0.5)
			pdf.CellFormat(w, 3, fitU(pdf, b.Label, w), "", 0, "C", false, 0, "")
		default:
			pdf.SetLineWidth(0.35)
			pdf.Rect(x, y, w, h, "D")
			pdf.SetFont(pdfFont, "", 7)
			pdf.SetXY(x+0.8, y+0.8)
			pdf.CellFormat(w-1.6, 3, fitU(pdf, b.Label, w-1.6), "", 0, "L", false, 0, "")
		}
	}
}
