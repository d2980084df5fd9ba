package sheets

import (
	"fmt"
	"io"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/muster-wargames/muster/render"
)

// pdfEpoch is the creation date written into every PDF, so the same sheet
// gives the same bytes.
var pdfEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

const (
	pdfMargin = 12.0 // mm
	pdfIndent = 4.0  // mm per formation level
	lineH     = 4.2  // mm
	headH     = 5.6
	tableFont = 8.0 // pt
)

// pdfFont is the family every PDF sheet writes in: the Go fonts (already
// muster's for PNG maps), embedded as Unicode TrueType subsets, so a name
// outside Latin-1 (Cyrillic, a dash, typographic quotes) prints as written
// rather than as the "." the core Helvetica made of it.
const pdfFont = "Go"

// addFonts embeds the sheet fonts' regular, bold and italic faces.
func addFonts(pdf *fpdf.Fpdf) {
	pdf.AddUTF8FontFromBytes(pdfFont, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(pdfFont, "B", gobold.TTF)
	pdf.AddUTF8FontFromBytes(pdfFont, "I", goitalic.TTF)
}

// PDF writes the sheet as a PDF on Letter or A4 paper. A block (a
// formation with its leaders, units and totals) never splits across pages
// unless it is taller than a page; a heading is kept with the block below
// it; every side starts a page; each page has the battle's title and its
// number.
func (sh *Sheet) PDF(w io.Writer, p Page) error {
	orient := "P"
	if p.Orientation == "landscape" {
		orient = "L"
	}
	size := "Letter"
	if strings.EqualFold(p.Paper, "a4") {
		size = "A4"
	}
	pdf := fpdf.New(orient, "mm", size, "")
	pdf.SetCompression(p.Compress)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(pdfEpoch)
	pdf.SetModificationDate(pdfEpoch)
	pdf.SetProducer("muster", false)
	pdf.SetCreator("muster", false)
	pdf.SetTitle(sh.Title, true)
	pdf.SetMargins(pdfMargin, pdfMargin, pdfMargin)
	pdf.SetAutoPageBreak(false, pdfMargin)
	pdf.AliasNbPages("{nb}")
	addFonts(pdf)
	tr := func(s string) string { return s } // the embedded font writes every character
	pw, ph := pdf.GetPageSize()
	width := pw - 2*pdfMargin
	bottom := ph - pdfMargin - 6

	pdf.SetHeaderFunc(func() {
		pdf.SetFont(pdfFont, "B", 10)
		pdf.SetTextColor(render.RGB(render.SheetInkPDF))
		pdf.SetXY(pdfMargin, pdfMargin-4)
		pdf.CellFormat(width*0.6, 5, fit(pdf, tr(sh.Title), width*0.6), "", 0, "L", false, 0, "")
		pdf.SetFont(pdfFont, "", 9)
		pdf.CellFormat(width*0.4, 5, fit(pdf, tr(sh.Subtitle), width*0.4), "", 1, "R", false, 0, "")
		pdf.SetDrawColor(render.RGB(render.SheetHeaderRule))
		pdf.Line(pdfMargin, pdfMargin+1.5, pw-pdfMargin, pdfMargin+1.5)
		pdf.SetXY(pdfMargin, pdfMargin+3)
	})
	pdf.SetFooterFunc(func() {
		pdf.SetFont(pdfFont, "", 8)
		pdf.SetTextColor(render.RGB(render.SheetNotePDF))
		pdf.SetXY(pdfMargin, ph-pdfMargin-3)
		pdf.CellFormat(width, 4, fmt.Sprintf("Page %d of {nb}", pdf.PageNo()), "", 0, "C", false, 0, "")
	})

	for si, s := range sh.Sides {
		pdf.AddPage()
		if si == 0 {
			if sh.Note != "" {
				pdf.SetFont(pdfFont, "I", 8)
				pdf.SetTextColor(render.RGB(render.SheetNotePDF))
				pdf.MultiCell(width, 3.6, tr(sh.Note), "", "L", false)
				pdf.Ln(1)
			}
			if len(sh.Legend) > 0 {
				pdf.SetTextColor(render.RGB(render.SheetInkPDF))
				for _, l := range sh.Legend {
					pdf.SetFont(pdfFont, "B", 7.5)
					pdf.CellFormat(18, 3.4, tr(l[0]), "", 0, "L", false, 0, "")
					pdf.SetFont(pdfFont, "", 7.5)
					pdf.CellFormat(width-18, 3.4, fit(pdf, tr(l[1]), width-18), "", 1, "L", false, 0, "")
				}
				pdf.Ln(2)
			}
		}
		// side banner
		pdf.SetFillColor(render.RGB(s.Color)) // SideColors: "#rrggbb"
		pdf.SetTextColor(render.RGB(s.Text))
		pdf.SetFont(pdfFont, "B", 13)
		pdf.CellFormat(width, 8, tr(fmt.Sprintf(" %s (%s)", s.Name, s.ID)), "", 1, "L", true, 0, "")
		pdf.Ln(1.5)
		pdf.SetTextColor(render.RGB(render.SheetInkPDF))

		maxDepth := 0
		for _, bl := range s.Blocks {
			maxDepth = max(maxDepth, bl.Depth)
		}
		cols := pdfColumns(pdf, tr, s, width-pdfIndent*float64(maxDepth))

		for i, bl := range s.Blocks {
			need := blockHeight(bl)
			// keep a heading without units with the block below it
			if len(bl.Rows) == 0 && !bl.TotalsOnly && i+1 < len(s.Blocks) {
				need += blockHeight(s.Blocks[i+1])
			}
			if pdf.GetY()+need > bottom && pdf.GetY() > pdfMargin+12 {
				pdf.AddPage()
			}
			drawBlock(pdf, tr, s, bl, cols, bottom)
		}
		pdf.SetFont(pdfFont, "B", 9.5)
		if pdf.GetY()+lineH > bottom {
			pdf.AddPage()
		}
		pdf.CellFormat(width, lineH+1, tr(fmt.Sprintf("%s totals: %s", s.Name, s.Totals)), "T", 1, "L", false, 0, "")
	}
	if len(sh.Sides) == 0 {
		pdf.AddPage()
	}
	if err := pdf.Error(); err != nil {
		return err
	}
	return pdf.Output(w)
}

type pdfCols struct {
	widths []float64
	font   float64
}

// pdfColumns sizes a side's unit table to fit the width, shrinking the
// font if need be; cells that still do not fit are cut with an ellipsis.
func pdfColumns(pdf *fpdf.Fpdf, tr func(string) string, s *SideSheet, width float64) pdfCols {
	n := len(s.Columns)
	nat := make([]float64, n)
	pdf.SetFont(pdfFont, "B", tableFont)
	for i, c := range s.Columns {
		nat[i] = pdf.GetStringWidth(tr(c)) + 2
	}
	pdf.SetFont(pdfFont, "", tableFont)
	for _, b := range s.Blocks {
		for _, r := range b.Rows {
			for i, c := range r.Cells {
				if i < n {
					nat[i] = max(nat[i], pdf.GetStringWidth(tr(c))+2)
				}
			}
		}
	}
	total := 0.0
	for _, w := range nat {
		total += w
	}
	font := tableFont
	if total > width {
		font = max(6, tableFont*width/total)
	}
	scale := font / tableFont
	widths := make([]float64, n)
	total = 0
	for i, w := range nat {
		widths[i] = w * scale
		total += widths[i]
	}
	if total > width {
		// cut the widest columns (faces, scenario, names) down to fit
		for total > width+0.01 {
			wi := 0
			for i := range widths {
				if widths[i] > widths[wi] {
					wi = i
				}
			}
			second := 0.0
			for i := range widths {
				if i != wi && widths[i] > second {
					second = widths[i]
				}
			}
			cut := min(total-width, widths[wi]-second+0.01)
			widths[wi] -= cut
			total -= cut
		}
	} else if total < width {
		// give the slack to the last column
		widths[n-1] += width - total
	}
	return pdfCols{widths: widths, font: font}
}

func blockHeight(b *Block) float64 {
	if b.TotalsOnly {
		return lineH + 1.5
	}
	h := headH + float64(len(b.Leaders))*lineH
	if len(b.Rows) > 0 {
		h += lineH + 0.4 + float64(len(b.Rows))*lineH + lineH + 1.5
	}
	return h + 1
}

func drawBlock(pdf *fpdf.Fpdf, tr func(string) string, s *SideSheet, b *Block, cols pdfCols, bottom float64) {
	x := pdfMargin + pdfIndent*float64(b.Depth)
	pw, _ := pdf.GetPageSize()
	w := pw - pdfMargin - x
	pdf.SetX(x)
	if b.TotalsOnly {
		pdf.SetFont(pdfFont, "B", 8.5)
		pdf.CellFormat(w, lineH+0.5, fit(pdf, tr(fmt.Sprintf("Totals, %s: %s", b.Label, b.Totals)), w), "T", 1, "L", false, 0, "")
		pdf.Ln(1)
		return
	}
	pdf.SetFont(pdfFont, "B", 10.5)
	head := tr(b.Heading)
	pdf.CellFormat(pdf.GetStringWidth(head)+1.5, headH, head, "", 0, "L", false, 0, "")
	pdf.SetFont(pdfFont, "", 8)
	pdf.SetTextColor(render.RGB(render.SheetLevelPDF))
	pdf.CellFormat(0, headH, tr(b.Level), "", 1, "L", false, 0, "")
	pdf.SetTextColor(render.RGB(render.SheetInkPDF))
	for _, l := range b.Leaders {
		pdf.SetX(x + 2)
		pdf.SetFont(pdfFont, "", 8.5)
		role := tr(l.Role + ": ")
		pdf.CellFormat(pdf.GetStringWidth(role), lineH, role, "", 0, "L", false, 0, "")
		pdf.SetFont(pdfFont, "B", 8.5)
		name := tr(l.Name)
		pdf.CellFormat(pdf.GetStringWidth(name)+1, lineH, name, "", 0, "L", false, 0, "")
		pdf.SetFont(pdfFont, "", 8.5)
		rest := ""
		if l.Ratings != "" {
			rest += " - " + l.Ratings
		}
		if l.Where != "" {
			rest += " - " + l.Where
		}
		pdf.CellFormat(0, lineH, fit(pdf, tr(rest), w-pdf.GetStringWidth(role+name)-4), "", 1, "L", false, 0, "")
	}
	if len(b.Rows) == 0 {
		pdf.Ln(1)
		return
	}
	header := func() {
		pdf.SetX(x)
		pdf.SetFont(pdfFont, "B", cols.font)
		pdf.SetFillColor(render.RGB(render.SheetTableHeadPDF))
		pdf.SetDrawColor(render.RGB(render.SheetTableRule))
		for i, c := range s.Columns {
			pdf.CellFormat(cols.widths[i], lineH, fit(pdf, tr(c), cols.widths[i]-1), "1", 0, "L", true, 0, "")
		}
		pdf.Ln(lineH)
	}
	header()
	for _, r := range b.Rows {
		if pdf.GetY()+lineH > bottom { // only when a block is taller than a page
			pdf.AddPage()
			header()
		}
		pdf.SetX(x)
		pdf.SetFont(pdfFont, "", cols.font)
		fill := false
		if r.Withdraws {
			pdf.SetFillColor(render.RGB(render.SheetWithdraws))
			fill = true
		}
		for i, c := range r.Cells {
			if i >= len(cols.widths) {
				break
			}
			if i == 0 && r.Withdraws {
				c += " (W)"
			}
			pdf.CellFormat(cols.widths[i], lineH, fit(pdf, tr(c), cols.widths[i]-1), "1", 0, "L", fill, 0, "")
		}
		pdf.Ln(lineH)
	}
	pdf.SetX(x)
	pdf.SetFont(pdfFont, "I", 8)
	pdf.CellFormat(w, lineH+0.5, fit(pdf, tr(fmt.Sprintf("%s: %s", b.Label, b.Totals)), w), "", 1, "L", false, 0, "")
	pdf.Ln(1)
}

// fit cuts s to the width w with an ellipsis (cp1252 0x85).
func fit(pdf *fpdf.Fpdf, s string, w float64) string {
	if pdf.GetStringWidth(s) <= w {
		return s
	}
	for len(s) > 0 && pdf.GetStringWidth(s+"\x85") > w {
		s = s[:len(s)-1]
	}
	return s + "\x85"
}
