package sheets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/png"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	xdraw "golang.org/x/image/draw"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
)

// counterPx is the side of a counter muster draws, in the pixels of its
// marks: the VASSAL module's, so paper and module show the same counter.
// On paper the same marks are drawn at printDPI or more (at least
// counterZoom pixels a mark's pixel), anti-aliased, the text in the Go
// font (render.CounterDrawing.Print).
const (
	counterPx   = 56
	counterZoom = 4
	printDPI    = 300
)

// Counter sheet layout, in millimetres: the bleed around each counter
// (its colour runs on past the cut), the least margin of a page (room for
// cut and registration marks).
const (
	bleedMM  = 1.0
	marginMM = 16.0
)

// face is one side of a printed counter: a picture, and the values drawn
// over it when the picture is the battle's art and muster prints the
// values.
type face struct {
	data    []byte
	format  string
	drawing *render.CounterDrawing // muster's drawing, drawn at the printer's resolution
	over    string                 // values over art
	back    string                 // "#rrggbb": the bleed
	ink     string
}

// printed is one counter: its front and back.
type printed struct{ front, back face }

// sideCounters are one side's counters in the order they print: units,
// leaders, markers.
type sideCounters struct {
	name     string
	counters []printed
}

// counterSet collects the counters of the battle, or of the scenario:
// the units and leaders it sets up or brings on.
func counterSet(b *battle.Battle, sc *battle.Scenario) []sideCounters {
	var inUnits map[*oob.Unit]bool
	var inLeaders map[*oob.Leader]bool
	if sc != nil {
		inUnits, inLeaders = map[*oob.Unit]bool{}, map[*oob.Leader]bool{}
		add := func(ps []battle.Piece) {
			for _, p := range ps {
				switch r := p.Ref; {
				case r.Unit != nil:
					inUnits[r.Unit] = true
				case r.Leader != nil:
					inLeaders[r.Leader] = true
				case r.Formation != nil:
					for _, u := range r.Formation.AllUnits() {
						inUnits[u] = true
					}
					for _, l := range r.Formation.AllLeaders() {
						inLeaders[l] = true
					}
				}
			}
		}
		for _, st := range sc.Setup {
			add(st.Pieces)
		}
		for _, a := range sc.Arrivals {
			add(a.Pieces)
		}
	}
	var out []sideCounters
	for _, sd := range b.Sides {
		if sd.Army == nil {
			continue
		}
		st := render.CounterStyle{Size: counterPx, Back: sd.Color, Text: sd.Text}
		back, ink := render.SideColors(sd.Color, sd.Text)
		plain := func(d render.CounterDrawing) face { return face{drawing: &d, back: back, ink: ink} }
		s := sideCounters{name: sd.Name}
		if s.name == "" {
			s.name = sd.ID
		}
		for _, u := range sd.Army.AllUnits() {
			if inUnits != nil && !inUnits[u] {
				continue
			}
			s.counters = append(s.counters, unitCounter(b, sd, st, u, plain)...)
		}
		seen := map[*oob.Leader]bool{}
		for _, l := range sd.Army.AllLeaders() {
			if seen[l] || (inLeaders != nil && !inLeaders[l]) {
				continue
			}
			seen[l] = true
			c := printed{front: plain(st.LeaderFace(leaderFace(l, false)))}
			if r := l.Replacement; r != nil {
				c.back = plain(st.LeaderFace(leaderFace(r, true)))
			} else {
				c.back = plain(st.BlankFace(l.Name))
			}
			s.counters = append(s.counters, c)
			// his further counters, each a counter of its own (3DoG BB
			// 4.44), with a plain back
			for _, fc := range l.Counters {
				cl := *l
				cl.Name, cl.Ratings, cl.Replacement = fc.Name, fc.Ratings, nil
				s.counters = append(s.counters, printed{front: plain(st.LeaderFace(leaderFace(&cl, false))), back: plain(st.BlankFace(fc.Name))})
			}
		}
		if b.Rules != nil {
			for _, m := range b.Rules.Play.Markers {
				n := max(m.Count, 1)
				top, bottom := twoLines(firstNonEmpty(m.Label, m.Title))
				btop, bbottom := "", ""
				if len(m.Faces) > 0 {
					btop, bbottom = twoLines(m.Faces[0])
				}
				c := printed{front: plain(render.MarkerFace(counterPx, top, bottom)), back: plain(render.MarkerFace(counterPx, btop, bbottom))}
				c.front.back, c.back.back = render.PrintMarkerBleed, render.PrintMarkerBleed
				for range n {
					s.counters = append(s.counters, c)
				}
			}
		}
		out = append(out, s)
	}
	return out
}

// unitCounter is a unit's counter: its art when the battle has it, else
// muster's drawing; its back the art's back, else its first other face,
// else a plain back naming it.
func unitCounter(b *battle.Battle, sd *oob.Side, st render.CounterStyle, u *oob.Unit, plain func(render.CounterDrawing) face) []printed {
	t := b.Rules.UnitTypes[u.Type]
	fields := append([]string(nil), t.Fields...)
	for _, f := range t.Optional {
		if u.Values.Has(f) {
			fields = append(fields, f)
		}
	}
	sym := render.SymbolNamed(t.Symbol)
	// the faces printed on a counter of their own (GBACW 14.21's
	// dismounted cavalry) and the others, one of which is the back
	var faces, own []string
	for f := range u.Faces {
		if slices.Contains(t.Counters, f) {
			own = append(own, f)
		} else {
			faces = append(faces, f)
		}
	}
	sort.Strings(faces)
	sort.Strings(own)
	draw := func(vals oob.Values, f string) render.CounterDrawing {
		return st.UnitFace(render.UnitCounter{Name: u.Name, Designation: u.Formation.Designation(), Symbol: sym,
			Type: u.Type, Face: f, Values: valueLine(fields, vals)})
	}
	faceVals := func(f string) oob.Values {
		vals := append(oob.Values(nil), u.Values...)
		for _, v := range u.Faces[f] {
			vals.Set(v.Name, v.Value)
		}
		return vals
	}
	var c printed
	if art := sd.ArtOf(u); art != nil && art.Front != nil {
		c.front = artFace(art.Front, plain)
		if art.ValuesOver() {
			c.front.over = strings.Join(valueLine(fields, u.Values), "-")
		}
		if art.Back != nil {
			c.back = artFace(art.Back, plain)
			if art.ValuesOver() && len(faces) > 0 {
				c.back.over = strings.Join(valueLine(fields, faceVals(faces[0])), "-")
			}
			return append([]printed{c}, ownCounters(own, draw, faceVals, u.Name, st, plain)...)
		}
	} else {
		c.front = plain(draw(u.Values, ""))
	}
	if len(faces) > 0 {
		c.back = plain(draw(faceVals(faces[0]), faces[0]))
	} else {
		c.back = plain(st.BlankFace(u.Name))
	}
	return append([]printed{c}, ownCounters(own, draw, faceVals, u.Name, st, plain)...)
}

// ownCounters are the counters of a unit's faces printed on counters of
// their own, each with a plain back.
func ownCounters(own []string, draw func(oob.Values, string) render.CounterDrawing, vals func(string) oob.Values, name string, st render.CounterStyle, plain func(render.CounterDrawing) face) []printed {
	var out []printed
	for _, f := range own {
		out = append(out, printed{front: plain(draw(vals(f), f)), back: plain(st.BlankFace(name + " " + f))})
	}
	return out
}

// artFace is a face from the battle's art: the picture, cut from its
// counter sheet when it is one.
func artFace(p *oob.Picture, plain func(render.CounterDrawing) face) face {
	f := plain(render.CounterDrawing{})
	f.data, f.format, f.drawing = p.Data, p.Format, nil
	if p.Cut == nil {
		return f
	}
	img, _, err := image.Decode(bytes.NewReader(p.Data))
	if err != nil {
		return f // the loader decoded it once; never here
	}
	r := image.Rect(p.Cut.X, p.Cut.Y, p.Cut.X+p.Cut.W, p.Cut.Y+p.Cut.H)
	dst := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	xdraw.Copy(dst, image.Point{}, img, r, xdraw.Src, nil)
	var buf bytes.Buffer
	if png.Encode(&buf, dst) == nil {
		f.data, f.format = buf.Bytes(), "png"
	}
	return f
}

// valueLine is a counter's values as its face prints them: ? for one not
// known, the field's initial for a flag that is set.
func valueLine(fields []string, vals oob.Values) []string {
	var vs []string
	for _, f := range fields {
		v := vals.Get(f)
		s := ""
		switch x := v.V.(type) {
		case nil:
			s = "?"
		case string:
			s = x
		case int64:
			s = strconv.FormatInt(x, 10)
		case bool:
			if !x {
				continue
			}
			s = strings.ToUpper(f[:1])
		default:
			s = fmt.Sprint(x)
		}
		vs = append(vs, s)
	}
	return vs
}

// leaderFace describes a leader's counter, his ratings in name order.
func leaderFace(l *oob.Leader, replacement bool) render.LeaderCounter {
	var ks []string
	for _, f := range l.Ratings {
		ks = append(ks, f.Name)
	}
	sort.Strings(ks)
	var rs []string
	for _, k := range ks {
		key := k
		if len(key) > 4 {
			key = key[:4]
		}
		rs = append(rs, key+" "+strings.Join(valueLine([]string{k}, l.Ratings), ""))
	}
	return render.LeaderCounter{Name: l.Name, Title: strings.TrimSpace(l.Formation.Designation() + " " + l.Formation.Level),
		Ratings: rs, Replacement: replacement}
}

// twoLines splits a marker's text into two lines of about equal length.
func twoLines(s string) (string, string) {
	s = strings.ToUpper(s)
	w := strings.Fields(s)
	if len(w) < 2 {
		return s, ""
	}
	best, at := math.MaxInt, 1
	for i := 1; i < len(w); i++ {
		d := len(strings.Join(w[:i], " ")) - len(strings.Join(w[i:], " "))
		if d < 0 {
			d = -d
		}
		if d < best {
			best, at = d, i
		}
	}
	return strings.Join(w[:at], " "), strings.Join(w[at:], " ")
}

// counterGrid is where a page's counters go: the counter's side, the
// pitch between counters, the first counter's top-left corner, columns
// and rows.
type counterGrid struct {
	c, pitch   float64
	x0, y0     float64
	cols, rows int
}

func newCounterGrid(pw, ph, c float64) counterGrid {
	pitch := c + 2*bleedMM
	cols := max(int((pw-2*marginMM)/pitch), 1)
	rows := max(int((ph-2*marginMM)/pitch), 1)
	return counterGrid{c: c, pitch: pitch, cols: cols, rows: rows,
		x0: (pw-float64(cols)*pitch)/2 + bleedMM, y0: (ph-float64(rows)*pitch)/2 + bleedMM}
}

// at is the top-left corner of the counter in slot i of a front page.
func (g counterGrid) at(i int) (x, y float64) {
	return g.x0 + float64(i%g.cols)*g.pitch, g.y0 + float64(i/g.cols)*g.pitch
}

// flip is where a counter at x, y on the front lies on the back page of a
// sheet printed on both sides: mirrored across the long edge's axis (the
// page's vertical centre line) for long-edge duplex, across the short
// edge's (its horizontal one) for short-edge.
func flip(duplex string, pw, ph, c, x, y float64) (float64, float64) {
	if duplex == "short" {
		return x, ph - y - c
	}
	return pw - x - c, y
}

// counters adds the counter sheets: for each side, a page of fronts
// followed by the page of their backs, laid out so that each back lies
// behind its front when the sheet is printed on both sides.
func (d *printDoc) counters() error {
	pdf := d.pdf
	pw, ph := pdf.GetPageSize()
	c, _ := PaperSizes(d.b)
	g := newCounterGrid(pw, ph, c)
	per := g.cols * g.rows
	duplex := d.opt.Duplex
	if duplex != "short" {
		duplex = "long"
	}
	for _, s := range counterSet(d.b, d.sc) {
		sheets := (len(s.counters) + per - 1) / per
		for k := 0; k < sheets; k++ {
			part := s.counters[k*per : min((k+1)*per, len(s.counters))]
			for back := range 2 {
				pdf.AddPage()
				what := fmt.Sprintf("%s counters, sheet %d of %d, fronts; %s counters", s.name, k+1, sheets, mm(c))
				if back == 1 {
					what = fmt.Sprintf("%s counters, sheet %d of %d, backs (%s-edge duplex)", s.name, k+1, sheets, duplex)
				}
				d.heading(what)
				d.marks(g, pw, ph)
				for i, pc := range part {
					x, y := g.at(i)
					f := pc.front
					if back == 1 {
						x, y = flip(duplex, pw, ph, c, x, y)
						f = pc.back
					}
					d.counterFace(f, x, y, c)
				}
			}
		}
	}
	return nil
}

// counterFace draws one face at x, y, c millimetres a side: its bleed,
// its picture, the values over art.
func (d *printDoc) counterFace(f face, x, y, c float64) {
	pdf := d.pdf
	pdf.SetFillColor(render.RGB(f.back))
	pdf.Rect(x-bleedMM, y-bleedMM, c+2*bleedMM, c+2*bleedMM, "F")
	if f.drawing != nil {
		pdf.ImageOptions(d.drawn(*f.drawing, c), x, y, c, c, false, fpdf.ImageOptions{}, 0, "")
	} else if f.data != nil {
		pdf.ImageOptions(d.image(f.data, f.format, 0), x, y, c, c, false, fpdf.ImageOptions{}, 0, "")
	}
	if f.over != "" {
		pdf.SetFillColor(render.RGB(f.back))
		pdf.Rect(x+0.4, y+c*0.74, c-0.8, c*0.22, "F")
		pdf.SetTextColor(render.RGB(f.ink))
		pdf.SetFont(pdfFont, "B", c*0.16/0.3528)
		pdf.SetXY(x, y+c*0.74)
		pdf.CellFormat(c, c*0.22, fitU(pdf, f.over, c-1), "", 0, "C", false, 0, "")
	}
}

// drawnPx is the side, in pixels, a drawn counter of c millimetres is
// printed at: printDPI or more, and at least counterZoom pixels a pixel of
// its marks.
func drawnPx(c float64) int {
	return max(counterPx*counterZoom, int(math.Ceil(c/25.4*printDPI)))
}

// drawn registers a drawn counter once, named by its marks' picture (the
// module's PNG, whose bytes say every mark), drawn at the printer's
// resolution: drawnPx, or the narrowest width above it no other picture of
// the document has (fpdf orders pictures of one width by a Go map).
func (d *printDoc) drawn(face render.CounterDrawing, c float64) string {
	sum := sha256.Sum256(face.PNG())
	name := "d" + hex.EncodeToString(sum[:8])
	if d.images[name] {
		return name
	}
	d.images[name] = true
	w := drawnPx(c)
	for d.widths[w] {
		w++
	}
	d.widths[w] = true
	d.pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(face.Print(w)))
	return name
}

// marks draws a counter page's cut marks (each cut line's ends, outside
// the grid) and four registration marks, placed so that both flips bring
// them onto themselves.
func (d *printDoc) marks(g counterGrid, pw, ph float64) {
	pdf := d.pdf
	pdf.SetDrawColor(render.RGB(render.PrintRegistration))
	pdf.SetLineWidth(0.1)
	top, bottom := g.y0-bleedMM, g.y0-bleedMM+float64(g.rows)*g.pitch
	left, right := g.x0-bleedMM, g.x0-bleedMM+float64(g.cols)*g.pitch
	for i := range g.cols {
		for _, x := range []float64{g.x0 + float64(i)*g.pitch, g.x0 + float64(i)*g.pitch + g.c} {
			pdf.Line(x, top-5, x, top-1)
			pdf.Line(x, bottom+1, x, bottom+5)
		}
	}
	for j := range g.rows {
		for _, y := range []float64{g.y0 + float64(j)*g.pitch, g.y0 + float64(j)*g.pitch + g.c} {
			pdf.Line(left-5, y, left-1, y)
			pdf.Line(right+1, y, right+5, y)
		}
	}
	for _, p := range [][2]float64{{8, 12}, {pw - 8, 12}, {8, ph - 12}, {pw - 8, ph - 12}} {
		registration(pdf, p[0], p[1])
	}
}
