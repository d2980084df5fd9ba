package sheets

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
)

// Set-up cards and the turn record: for each scenario (the one asked
// for, else every one), a card per side listing its set-up by formation
// and hex, then the turn record: each turn with its light and the
// arrivals and withdrawals due.

const cardLine = 3.8 // mm

// cardTable is a table a card prints: its title, columns and rows.
type cardTable struct {
	title  string
	note   string
	heads  []string
	widths []float64 // fractions of the width
	rows   [][]string
}

// cards adds the set-up cards and turn record of the scenario, or of
// every scenario.
func (d *printDoc) cards() error {
	scs := d.b.Scenarios
	if d.sc != nil {
		scs = []*battle.Scenario{d.sc}
	}
	for _, sc := range scs {
		for _, sd := range d.b.Sides {
			if t := setupCard(sc, sd); t != nil {
				d.table(t)
			}
		}
		d.table(turnRecord(d.b, sc))
	}
	return nil
}

// setupCard is a side's set-up in a scenario: a row per stack, by the
// formation of its first piece and then the hex; nil when the side sets
// up nothing.
func setupCard(sc *battle.Scenario, sd *oob.Side) *cardTable {
	type row struct {
		form, hex string
		cells     []string
	}
	var rs []row
	for _, st := range sc.Setup {
		if st.Side != sd.ID {
			continue
		}
		form := ""
		var names []string
		for _, p := range st.Pieces {
			if form == "" {
				form = pieceFormation(p)
			}
			names = append(names, pieceText(p))
		}
		hex := st.Hex.Label
		if st.Within > 0 {
			hex += fmt.Sprintf(" (within %d)", st.Within)
		}
		var notes []string
		for _, s := range []string{st.Orders, facingText(st.Facing), reserveText(st.Reserve), st.Fatigue.Level, worksText(st.Breastworks), groupText(st.Group), st.Note} {
			if s != "" {
				notes = append(notes, s)
			}
		}
		rs = append(rs, row{form, st.Hex.Label, []string{form, hex, strings.Join(names, "; "), strings.Join(notes, "; ")}})
	}
	if len(rs) == 0 {
		return nil
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].form != rs[j].form {
			return rs[i].form < rs[j].form
		}
		return rs[i].hex < rs[j].hex
	})
	t := &cardTable{title: fmt.Sprintf("Set-up card: %s, %s", sideName(sd), sc.Name),
		note:  fmt.Sprintf("Scenario %s, %s to %s.", sc.ID, sc.First.Text(), sc.Last.Text()),
		heads: []string{"Formation", "Hex", "Pieces", "Orders, facing, notes"}, widths: []float64{0.14, 0.12, 0.5, 0.24}}
	for _, r := range rs {
		t.rows = append(t.rows, r.cells)
	}
	return t
}

// turnRecord is the scenario's turns, each with its light and the
// arrivals and withdrawals due on it.
func turnRecord(b *battle.Battle, sc *battle.Scenario) *cardTable {
	t := &cardTable{title: "Turn record: " + sc.Name,
		note:  "Mark each turn as it is played. Arrivals and withdrawals are as the scenario schedules them.",
		heads: []string{"", "Turn", "Light", "Arrivals", "Withdrawals"}, widths: []float64{0.04, 0.14, 0.1, 0.44, 0.28}}
	due := func(g battle.Group, at int) bool { return g.Time.Index == at }
	group := func(g battle.Group) string {
		var names []string
		for _, p := range g.Pieces {
			names = append(names, pieceText(p))
		}
		var where []string
		for _, h := range g.Hexes {
			where = append(where, h.Label)
		}
		s := g.Side + ": " + strings.Join(names, "; ")
		area := g.AreaText(" or ") // the book's alternatives, "3 or 4"
		switch {
		case len(where) > 0 && area != "":
			s += " at " + strings.Join(where, "/") + ", area " + area
		case len(where) > 0:
			s += " at " + strings.Join(where, "/")
		case area != "":
			s += ", area " + area
		}
		return s
	}
	if len(b.Slots) == 0 {
		return t
	}
	for i := sc.First.Index; i <= sc.Last.Index && i-sc.First.Index < 1000; i++ {
		tn := b.TurnAt(i)
		var in, out []string
		for _, a := range sc.Arrivals {
			if due(a.Group, i) {
				s := group(a.Group)
				if a.Optional {
					s += " (optional)"
				}
				in = append(in, s)
			}
		}
		for _, w := range sc.Withdrawals {
			if due(w.Group, i) {
				out = append(out, group(w.Group))
			}
		}
		t.rows = append(t.rows, []string{"\u25a1", tn.Text(), tn.Light, strings.Join(in, "\n"), strings.Join(out, "\n")})
	}
	return t
}

func sideName(sd *oob.Side) string {
	if sd.Name != "" {
		return sd.Name
	}
	return sd.ID
}

// pieceFormation is the formation a set-up piece belongs to, as the
// order of battle designates it.
func pieceFormation(p battle.Piece) string {
	switch r := p.Ref; {
	case r.Unit != nil:
		return r.Unit.Formation.Designation()
	case r.Leader != nil:
		return r.Leader.Formation.Designation()
	case r.Formation != nil:
		return r.Formation.Designation()
	}
	return ""
}

// pieceText is a piece as a card lists it: its name as written, with the
// strength, face, orders and facing the set-up gives it.
func pieceText(p battle.Piece) string {
	s := p.Name
	var extra []string
	if p.Strength != nil {
		extra = append(extra, fmt.Sprintf("%d SP", *p.Strength))
	}
	for _, x := range []string{p.Face, p.Orders, facingText(p.Facing), p.Note} {
		if x != "" {
			extra = append(extra, x)
		}
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

func facingText(f string) string {
	if f == "" {
		return ""
	}
	return "facing " + f
}

func reserveText(r bool) string {
	if r {
		return "reserve"
	}
	return ""
}

func worksText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d breastworks", n)
}

func groupText(g string) string {
	if g == "" {
		return ""
	}
	return "hex group " + g
}

// table prints a card: a title, a note, a header row and rows whose cells
// wrap, across as many pages as it takes, the header on each.
func (d *printDoc) table(t *cardTable) {
	pdf := d.pdf
	pw, ph := pdf.GetPageSize()
	const m = 14.0
	width := pw - 2*m
	bottom := ph - m
	ws := make([]float64, len(t.widths))
	for i, f := range t.widths {
		ws[i] = f * width
	}
	header := func() {
		pdf.SetFont(pdfFont, "B", 8)
		pdf.SetFillColor(render.RGB(render.SheetTableHeadPDF))
		pdf.SetDrawColor(render.RGB(render.SheetTableRule))
		pdf.SetX(m)
		for i, h := range t.heads {
			pdf.CellFormat(ws[i], cardLine+0.6, h, "1", 0, "L", true, 0, "")
		}
		pdf.Ln(cardLine + 0.6)
	}
	page := func(cont bool) {
		pdf.AddPage()
		title := t.title
		if cont {
			title += " (continued)"
		}
		d.heading(title)
		pdf.SetTextColor(render.RGB(render.SheetInkPDF))
		pdf.SetXY(m, 12)
		pdf.SetFont(pdfFont, "B", 13)
		pdf.CellFormat(width, 7, fitU(pdf, title, width), "", 1, "L", false, 0, "")
		if t.note != "" && !cont {
			pdf.SetX(m)
			pdf.SetFont(pdfFont, "I", 8)
			pdf.MultiCell(width, 3.6, t.note, "", "L", false)
		}
		pdf.Ln(1)
		header()
	}
	page(false)
	pdf.SetFont(pdfFont, "", 8)
	for _, r := range t.rows {
		lines := make([][]string, len(r))
		n := 1
		for i, c := range r {
			for _, para := range strings.Split(c, "\n") {
				lines[i] = append(lines[i], pdf.SplitText(para, ws[i]-2)...)
			}
			n = max(n, len(lines[i]))
		}
		h := float64(n) * cardLine
		if pdf.GetY()+h > bottom {
			page(true)
			pdf.SetFont(pdfFont, "", 8)
		}
		y := pdf.GetY()
		x := m
		for i := range r {
			pdf.Rect(x, y, ws[i], h, "D")
			for k, l := range lines[i] {
				pdf.SetXY(x, y+float64(k)*cardLine)
				pdf.CellFormat(ws[i], cardLine, l, "", 0, "L", false, 0, "")
			}
			x += ws[i]
		}
		pdf.SetXY(m, y+h)
	}
}
