// Package sheets turns a resolved battle into what a designer prints and
// looks at: order-of-battle sheets, laid out here (layout.go: a battle's
// sides become a SheetInput, then a Sheet) and written as PDF, HTML and
// Markdown (pdf.go, html.go, md.go), and the overlays of a map picture,
// which package render draws as SVG and PNG. It is the one place that knows
// both the battle model and the printing models, so neither oob, maps nor
// render imports battle.
package sheets

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
)

// ScenarioIDs lists the battle's scenario ids, for a usage message.
func ScenarioIDs(b *battle.Battle) []string {
	var ids []string
	for _, s := range b.Scenarios {
		ids = append(ids, s.ID)
	}
	return ids
}

// OOBInput gathers what an order-of-battle sheet shows; s may be nil for
// the forces alone.
func OOBInput(b *battle.Battle, s *battle.Scenario) *SheetInput {
	in := &SheetInput{
		Title:   b.Name,
		Note:    b.Illustrative,
		Sides:   b.Sides,
		Fields:  map[string]string{},
		Types:   map[string]UnitTypeInfo{},
		Levels:  map[string][]string{},
		Units:   map[*oob.Unit]Placement{},
		Leaders: map[*oob.Leader]Placement{},
	}
	if in.Title == "" {
		in.Title = b.ID
	}
	in.Subtitle = "Order of battle"
	if b.Rules != nil {
		in.Subtitle += " (" + b.Rules.Name + ")"
		in.Strength = b.Rules.Strength
		in.CountersField = b.Rules.Figures.Org.CountersField
		for k, f := range b.Rules.Fields {
			in.Fields[k] = f.Title
		}
		for k, t := range b.Rules.UnitTypes {
			in.Types[k] = UnitTypeInfo{Title: t.Title, Class: t.Class, Artillery: b.Rules.Artillery(k), Fields: append(append([]string{}, t.Fields...), t.Optional...)}
		}
		for _, l := range b.Rules.Levels {
			in.Levels[l.ID] = l.Leader
		}
	}
	if s == nil {
		return in
	}
	in.Scenario = true
	in.Subtitle = "Scenario " + s.ID
	if s.Name != "" {
		in.Subtitle += ": " + s.Name
	}
	place := func(p battle.Piece, once *battle.Once, where string, withdraw bool) {
		if p.Face != "" {
			where += " (" + p.Face + ")"
		}
		if p.Strength != nil {
			where += fmt.Sprintf(" (strength %d)", *p.Strength)
		}
		for _, u := range p.Ref.Units() {
			if once.Take(u, p) {
				place(in.Units, u, where, withdraw)
			}
		}
		for _, l := range p.Ref.Leaders() {
			if once.Take(l, p) {
				place(in.Leaders, l, where, withdraw)
			}
		}
	}
	for _, st := range s.Setup {
		once := battle.NewOnce(st.Pieces)
		for _, p := range st.Pieces {
			place(p, once, st.Hex.Label, false)
		}
	}
	for _, a := range s.Arrivals {
		where := "arrives " + a.Time.Text() + entry(a.Hexes, a.AreaText(" or "))
		if a.Optional {
			where += " (optional)"
		}
		once := battle.NewOnce(a.Pieces)
		for _, p := range a.Pieces {
			place(p, once, where, false)
		}
	}
	for _, w := range s.Withdrawals {
		once := battle.NewOnce(w.Pieces)
		for _, p := range w.Pieces {
			place(p, once, w.Time.Text()+entry(w.Hexes, w.AreaText(" or ")), true)
		}
	}
	return in
}

func entry(hexes []battle.HexRef, area string) string {
	var parts []string
	if len(hexes) > 0 {
		var ls []string
		for _, h := range hexes {
			ls = append(ls, h.Label)
		}
		parts = append(parts, " at "+strings.Join(ls, "/"))
	}
	if area != "" {
		parts = append(parts, " area "+area)
	}
	return strings.Join(parts, ",")
}

// alternatives says, for a group with the book's alternatives, which areas
// it may use (" through area 3 or 4"); "" for any other group.
func alternatives(g *battle.Group) string {
	if len(g.Alternatives()) == 0 {
		return ""
	}
	return " through area " + g.AreaText(" or ")
}

// OOB lays out the order-of-battle sheet.
func OOB(b *battle.Battle, s *battle.Scenario) *Sheet {
	return BuildSheet(OOBInput(b, s))
}

// dimOutOfPlay has ov grey the hexes out of s's play, with their legend
// key, when the scenario names the sheets or hexes in play.
func dimOutOfPlay(ov *render.Overlay, b *battle.Battle, s *battle.Scenario) {
	m := b.Map
	if s == nil || len(s.Play) == 0 || m == nil {
		return
	}
	ov.InPlay = map[maps.Coord]bool{}
	m.Hexes(func(c maps.Coord) {
		if s.InPlay(c) {
			ov.InPlay[c] = true
		}
	})
	ov.Legend = append(ov.Legend, render.LegendKey{Color: render.NotInPlayKey, Label: "not in play"})
}

// Overlay shows a scenario on the map: its set-up, one marker per stack in
// the side's colours (the stack's pieces on hover in SVG), its entry and
// exit hexes and areas, its victory hexes and the hexes in play. With s
// nil it shows the map alone.
func Overlay(b *battle.Battle, s *battle.Scenario) *render.Overlay {
	ov := &render.Overlay{Title: b.Name}
	if ov.Title == "" {
		ov.Title = b.ID
	}
	if b.Illustrative != "" || b.MapNote != "" {
		ov.Subtitle = "Illustrative: " + firstNonEmpty(b.MapNote, b.Illustrative)
	}
	if s == nil {
		return ov
	}
	ov.Subtitle = fmt.Sprintf("Scenario %s: %s, %s to %s", s.ID, s.Name, s.First.Text(), s.Last.Text())
	m := b.Map
	dimOutOfPlay(ov, b, s)
	sideColor := func(id string) (string, string) {
		if sd := b.Side(id); sd != nil {
			return render.SideColors(sd.Color, sd.Text)
		}
		return render.SideColors("", "")
	}
	for _, sd := range b.Sides {
		c, _ := sideColor(sd.ID)
		ov.Legend = append(ov.Legend, render.LegendKey{Color: c, Label: sd.Name})
	}
	for _, st := range s.Setup {
		fill, txt := sideColor(st.Side)
		var names []string
		n := 0
		once := battle.NewOnce(st.Pieces)
		for _, p := range st.Pieces {
			names = append(names, p.Ref.Name())
			if p.Ref.Unit == nil && p.Ref.Leader == nil && p.Ref.Formation == nil {
				n++ // unresolved: counted as the one piece it names
			}
			for _, u := range p.Ref.Units() {
				if once.Take(u, p) {
					n++
				}
			}
			for _, l := range p.Ref.Leaders() {
				if once.Take(l, p) {
					n++
				}
			}
		}
		title := fmt.Sprintf("%s %s: %s", st.Hex.Label, st.Side, strings.Join(names, ", "))
		var extra []string
		if st.Orders != "" {
			extra = append(extra, "orders "+st.Orders)
		}
		if st.Facing != "" {
			extra = append(extra, "facing "+st.Facing)
		}
		if st.Breastworks > 0 {
			extra = append(extra, fmt.Sprintf("breastworks %d", st.Breastworks))
		}
		if len(extra) > 0 {
			title += " (" + strings.Join(extra, ", ") + ")"
		}
		ov.Markers = append(ov.Markers, render.Marker{Hex: st.Hex.Coord, Fill: fill, Text: txt, Label: fmt.Sprint(n), Title: title})
	}
	// entry and exit hexes: one zone per side and set of hexes
	type zkey struct{ side, hexes string }
	zones := map[zkey]*render.Zone{}
	var order []zkey
	addZone := func(side string, hexes []battle.HexRef, areas []battle.Named, label, title string) {
		var cs []maps.Coord
		var ls []string
		for _, h := range hexes {
			cs = append(cs, h.Coord)
			ls = append(ls, h.Label)
		}
		// every area the book gives: the group enters through one of them
		for _, an := range areas {
			if a := m.Areas[an.Name]; m != nil && a != nil {
				cs = append(cs, a.Hexes...)
				ls = append(ls, "area "+an.Name)
			}
		}
		if len(cs) == 0 {
			return
		}
		k := zkey{side, strings.Join(ls, " ")}
		z := zones[k]
		if z == nil {
			c, _ := sideColor(side)
			z = &render.Zone{Hexes: cs, Color: c}
			zones[k] = z
			order = append(order, k)
			z.Label = label
			z.Title = title
			return
		}
		z.Label += " " + label
		z.Title += "\n" + title
	}
	if m != nil {
		for _, a := range s.Arrivals {
			addZone(a.Side, a.Hexes, a.AreaChoices(), a.Time.Time, fmt.Sprintf("%s arrives %s%s: %s", a.Side, a.Time.Text(), alternatives(&a.Group), pieceNames(a.Pieces)))
		}
		for _, w := range s.Withdrawals {
			addZone(w.Side, w.Hexes, w.AreaChoices(), "W"+w.Time.Time, fmt.Sprintf("%s withdraws %s%s: %s", w.Side, w.Time.Text(), alternatives(&w.Group), pieceNames(w.Pieces)))
		}
	}
	for _, k := range order {
		ov.Zones = append(ov.Zones, *zones[k])
	}
	for _, vh := range s.Victory.Hexes {
		var sides []string
		for sd, p := range vh.Points {
			if p != 0 {
				sides = append(sides, fmt.Sprintf("%s %d", sd, p))
			}
		}
		sort.Strings(sides)
		for _, h := range vh.Hexes {
			t := h.Label + ": " + strings.Join(sides, ", ")
			if vh.Note != "" {
				t += " (" + vh.Note + ")"
			}
			ov.Victory = append(ov.Victory, render.Mark{Hex: h.Coord, Label: strings.Join(sides, " "), Title: t})
		}
	}
	if len(s.Victory.Hexes) > 0 {
		ov.Legend = append(ov.Legend, render.LegendKey{Color: render.VictoryHex, Label: "victory hex"})
	}
	return ov
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

func pieceNames(ps []battle.Piece) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.Ref.Name())
	}
	return strings.Join(names, ", ")
}

// DiagnosticHexes finds the hexes a diagnostic is about: the hex of the
// set-up, schedule or victory entry at its position, else the hexes of its
// subjects (diag.Subjects.Hexes; its message is never read), else the
// entry on the same line.
func DiagnosticHexes(b *battle.Battle, d diag.Diagnostic, ix *PosIndex) []maps.Coord {
	if b == nil || b.Map == nil {
		return nil
	}
	if ix == nil {
		ix = NewPosIndex(b)
	}
	if c, ok := ix.exact[d.Pos]; ok {
		return []maps.Coord{c}
	}
	var out []maps.Coord
	seen := map[maps.Coord]bool{}
	var labels []string
	if d.Subjects != nil {
		labels = d.Subjects.Hexes
	}
	for _, l := range labels {
		if c, _, err := b.Map.Grid.Parse(l); err == nil && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(out) > 0 {
		return out
	}
	if c, ok := ix.line[lineKey{d.Pos.File, d.Pos.Line}]; ok {
		return []maps.Coord{c}
	}
	return nil
}

// PosIndex maps source positions of scenario entries to their hexes.
type PosIndex struct {
	exact map[diag.Pos]maps.Coord
	line  map[lineKey]maps.Coord
}

type lineKey struct {
	file string
	line int
}

// NewPosIndex indexes every scenario's set-up, schedule and victory hexes.
func NewPosIndex(b *battle.Battle) *PosIndex {
	ix := &PosIndex{exact: map[diag.Pos]maps.Coord{}, line: map[lineKey]maps.Coord{}}
	add := func(p diag.Pos, c maps.Coord) {
		if p.Line == 0 {
			return
		}
		if _, ok := ix.exact[p]; !ok {
			ix.exact[p] = c
		}
		if _, ok := ix.line[lineKey{p.File, p.Line}]; !ok {
			ix.line[lineKey{p.File, p.Line}] = c
		}
	}
	hexes := func(hs []battle.HexRef, ps []battle.Piece) {
		for _, h := range hs {
			add(h.Pos, h.Coord)
		}
		if len(hs) > 0 {
			for _, p := range ps {
				add(p.Pos, hs[0].Coord)
			}
		}
	}
	for _, s := range b.Scenarios {
		for _, st := range s.Setup {
			hexes([]battle.HexRef{st.Hex}, st.Pieces)
		}
		for _, a := range s.Arrivals {
			hexes(a.Hexes, a.Pieces)
		}
		for _, w := range s.Withdrawals {
			hexes(w.Hexes, w.Pieces)
		}
		for _, v := range s.Victory.Hexes {
			hexes(v.Hexes, nil)
		}
	}
	return ix
}

// DiagnosticOverlay rings every hex a diagnostic is about, numbered by
// the diagnostic's place in ds (1 for the first), and lists ds under the
// map so the numbers can be looked up.
func DiagnosticOverlay(b *battle.Battle, ds []diag.Diagnostic) *render.Overlay {
	name := b.Name
	if name == "" {
		name = b.ID
	}
	ov := &render.Overlay{Title: name + " — validation", Subtitle: fmt.Sprintf("%d diagnostics; ringed hexes are numbered as in the list below", len(ds))}
	ix := NewPosIndex(b)
	type ring struct {
		nums   []string
		titles []string
		worst  diag.Severity
	}
	rings := map[maps.Coord]*ring{}
	var order []maps.Coord
	for i, d := range ds {
		n := fmt.Sprint(i + 1)
		cs := DiagnosticHexes(b, d, ix)
		where := "not on the map"
		if len(cs) > 0 {
			var ls []string
			for _, c := range cs {
				ls = append(ls, b.Map.Grid.Label(c))
			}
			where = strings.Join(ls, ", ")
		}
		ov.Notes = append(ov.Notes, fmt.Sprintf("%s. [%s] %s: %s %s: %s", n, where, d.Pos, d.Severity, d.Code, d.Message))
		for _, c := range cs {
			r := rings[c]
			if r == nil {
				r = &ring{}
				rings[c] = r
				order = append(order, c)
			}
			r.nums = append(r.nums, n)
			r.titles = append(r.titles, fmt.Sprintf("%s. %s %s: %s", n, d.Severity, d.Code, d.Message))
			r.worst = max(r.worst, d.Severity)
		}
	}
	for _, c := range order {
		r := rings[c]
		col := render.RingError
		switch r.worst {
		case diag.Warning:
			col = render.RingWarning
		case diag.Info:
			col = render.RingInfo
		}
		ov.Rings = append(ov.Rings, render.Ring{Hex: c, Color: col, Label: strings.Join(r.nums, ","), Title: strings.Join(r.titles, "\n")})
	}
	ov.Legend = append(ov.Legend, render.LegendKey{Color: render.RingError, Label: "error"}, render.LegendKey{Color: render.RingWarning, Label: "warning"})
	return ov
}

// place records where a counter is in the scenario, or when it withdraws.
func place[K comparable](m map[K]Placement, k K, where string, withdraw bool) {
	pl := m[k]
	if withdraw {
		pl.Withdraw = where
	} else {
		pl.Where = where
	}
	m[k] = pl
}
