package render

import (
	"image"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/maps"
)

// Overlay is what a picture of the map shows on top of the terrain: a
// scenario's set-up, entry areas and victory hexes, the hexes in play, or
// the hexes a validation found fault with. It knows nothing of battles;
// the caller fills it in.
type Overlay struct {
	Title    string
	Subtitle string
	// InPlay holds the hexes in play; nil means the whole map. Hexes
	// outside it are dimmed and the edge of play is outlined.
	InPlay  map[maps.Coord]bool
	Zones   []Zone
	Victory []Mark
	Markers []Marker
	Rings   []Ring
	// Legend lists extra keys (side colours, say) for the legend.
	Legend []LegendKey
	// Notes are lines printed under the map: the numbered diagnostics.
	Notes []string
}

// Zone is a set of hexes outlined in a colour: an entry or exit area, the
// hexes of a reinforcement group.
type Zone struct {
	Hexes []maps.Coord
	Color string // "#rrggbb"
	Label string // drawn by the zone's first hex
	Title string // hover text in SVG
}

// Mark is a victory hex.
type Mark struct {
	Hex   maps.Coord
	Label string // points, e.g. "CSA 3"
	Title string
}

// Marker is one stack of a set-up.
type Marker struct {
	Hex   maps.Coord
	Fill  string // side colour
	Text  string // side text colour
	Label string // short text on the marker (the number of pieces)
	Title string // hover text in SVG: the stack's pieces
}

// Ring circles a hex with a number: a diagnostic in the list beside the map.
type Ring struct {
	Hex   maps.Coord
	Color string
	Label string // "3" or "3,7"
	Title string
}

// LegendKey is one entry of the legend.
type LegendKey struct {
	Color string
	Label string
}

// MapOptions sets the size and style of a picture.
type MapOptions struct {
	HexSize float64           // hex circumradius in pixels; 0 means 20
	Labels  *bool             // draw hex labels; nil means when hexes are big enough
	Colors  map[string]string // terrain name → "#rrggbb", over the palette
	// Palette colours terrain, hexsides and roads (NewPalette of the
	// battle's ruleset); nil colours every name from the name.
	Palette *Palette
}

func (o MapOptions) size() float64 {
	if o.HexSize <= 0 {
		return 20
	}
	return o.HexSize
}

// pt is a point in pixels.
type pt struct{ X, Y float64 }

// shape is one drawing primitive of a picture. Both the SVG and the PNG
// writer draw the same list, so the two pictures agree.
type shape struct {
	kind    shapeKind
	pts     []pt // poly, line; hex: the centre
	r       float64
	fill    string // "" none
	opacity float64
	stroke  string
	width   float64
	dash    string
	text    string
	size    float64 // font size
	anchor  string  // start, middle, end
	bold    bool
	title   string // group: hover text
	kids    []shape
	inherit bool // SVG: the fill is set on the enclosing group
	// kImage: a sheet's art; pts are its top-left corner, its size, and
	// the clip's two corners
	art       image.Image
	artData   []byte
	artFormat string
}

type shapeKind int

const (
	kHex shapeKind = iota
	kPoly
	kLine
	kCircle
	kText
	kGroup
	kImage
)

// scene is a whole picture.
type scene struct {
	W, H   float64
	hex    float64 // circumradius
	layers []layer
}

type layer struct {
	name   string
	shapes []shape
}

func (sc *scene) add(name string, s ...shape) {
	for i := range sc.layers {
		if sc.layers[i].name == name {
			sc.layers[i].shapes = append(sc.layers[i].shapes, s...)
			return
		}
	}
	sc.layers = append(sc.layers, layer{name, s})
}

// geometry places hexes in pixels.
type geometry struct {
	g      *maps.Grid
	s      float64 // circumradius
	ox, oy float64 // pixel origin of hex (0,0)'s centre
}

func (ge geometry) center(c maps.Coord) pt {
	s := ge.s
	r3 := math.Sqrt(3)
	if ge.g.Pointy {
		x := float64(c.X) * r3 * s
		if shifted(ge.g, c.Y) {
			x += r3 * s / 2
		}
		return pt{ge.ox + x, ge.oy + float64(c.Y)*1.5*s}
	}
	y := float64(c.Y) * r3 * s
	if shifted(ge.g, c.X) {
		y += r3 * s / 2
	}
	return pt{ge.ox + float64(c.X)*1.5*s, ge.oy + y}
}

// corners of a hex of circumradius r around p.
func (ge geometry) corners(p pt, r float64) []pt {
	out := make([]pt, 6)
	start := 0.0
	if ge.g.Pointy {
		start = 30
	}
	for i := range out {
		a := (start + 60*float64(i)) * math.Pi / 180
		out[i] = pt{p.X + r*math.Cos(a), p.Y + r*math.Sin(a)}
	}
	return out
}

// side returns the ends of the hexside between adjacent hexes a and b.
func (ge geometry) side(a, b maps.Coord) (pt, pt) {
	pa, pb := ge.center(a), ge.center(b)
	mx, my := (pa.X+pb.X)/2, (pa.Y+pb.Y)/2
	dx, dy := pb.X-pa.X, pb.Y-pa.Y
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*ge.s/2, dx/l*ge.s/2
	return pt{mx + nx, my + ny}, pt{mx - nx, my - ny}
}

// newGeometry places the hexes of a picture with hex size s.
func newGeometry(g *maps.Grid, s float64) geometry {
	r3 := math.Sqrt(3)
	ge := geometry{g: g, s: s, ox: s, oy: s + titleBand}
	if g.Pointy {
		ge.ox += r3 * s / 2
		ge.oy += s
	} else {
		ge.ox += s
		ge.oy += r3 * s / 2
	}
	return ge
}

// Center returns the pixel centre of c in a picture of g drawn with hex
// size s (MapOptions.HexSize; 0 means the default).
func Center(g *maps.Grid, s float64, c maps.Coord) (x, y float64) {
	if s <= 0 {
		s = MapOptions{}.size()
	}
	p := newGeometry(g, s).center(c)
	return p.X, p.Y
}

const (
	noteLine  = 15.0
	titleBand = 40.0
	legendRow = 20.0
)

// gridSize is the size in pixels of the hexes of g at hex radius s.
func gridSize(g *maps.Grid, s float64) (w, h float64) {
	r3 := math.Sqrt(3)
	if g.Pointy {
		return float64(g.W)*r3*s + r3*s/2, float64(max(g.H-1, 0))*1.5*s + 2*s
	}
	return float64(max(g.W-1, 0))*1.5*s + 2*s, float64(g.H)*r3*s + r3*s/2
}

// build lays out the picture of m with ov over it, in steps, each adding
// one kind of shape in the order they are drawn.
func build(m *maps.Map, ov *Overlay, opt MapOptions) *scene {
	if ov == nil {
		ov = &Overlay{}
	}
	d := newDrawing(m, ov, opt)
	d.title()
	d.terrain()
	d.contours()
	d.hexsides()
	d.roads()
	d.labels()
	d.sheets()
	d.inPlay()
	d.zones()
	d.victory()
	d.markers()
	d.rings()
	d.legend()
	d.notes()
	return d.sc
}

// drawing is a picture of a map being laid out: what build's steps share.
type drawing struct {
	m       *maps.Map
	g       *maps.Grid
	ov      *Overlay
	opt     MapOptions
	pal     *Palette
	s       float64 // hex size
	k       float64 // stroke scale
	margin  float64
	ge      geometry
	keys    []LegendKey
	legendH float64
	notesH  float64
	sc      *scene
}

// newDrawing is the first step of build: it sizes the picture of m with ov
// over it (the grid, a title band, the legend's rows, the notes) and lays
// a white background.
func newDrawing(m *maps.Map, ov *Overlay, opt MapOptions) *drawing {
	g := m.Grid
	s := opt.size()
	d := &drawing{m: m, g: g, ov: ov, opt: opt, pal: opt.Palette, s: s, k: s / 20, margin: s, ge: newGeometry(g, s)}
	margin := d.margin
	w, h := gridSize(g, s)
	d.keys = legendKeys(m, ov, opt)
	W := math.Ceil(math.Max(w+2*margin, 560))
	rows, x := 1, margin
	for _, kk := range d.keys {
		kw := legendWidth(kk)
		if x > margin && x+kw > W-margin {
			rows, x = rows+1, margin
		}
		x += kw
	}
	d.legendH = 12 + legendRow*float64(rows)
	if len(ov.Notes) > 0 {
		d.notesH = 8 + noteLine*float64(len(ov.Notes))
	}
	sc := &scene{W: W, H: math.Ceil(h + 2*margin + titleBand + d.legendH + d.notesH), hex: s}
	sc.add("background", shape{kind: kPoly, pts: []pt{{0, 0}, {sc.W, 0}, {sc.W, sc.H}, {0, sc.H}}, fill: mapBackground})
	d.sc = sc
	return d
}

// legendKeys is the step of build that lists the legend: the terrain in
// use, the hexside features and roads, then the overlay's keys.
func legendKeys(m *maps.Map, ov *Overlay, opt MapOptions) []LegendKey {
	pal := opt.Palette
	used, usedSides, usedRoads := usedNames(m)
	var keys []LegendKey
	var tnames []string
	for t := range used {
		if t != "" {
			tnames = append(tnames, t)
		}
	}
	sort.Strings(tnames)
	for _, t := range tnames {
		keys = append(keys, LegendKey{pal.terrainColor(t, opt.Colors), t})
	}
	for _, set := range []struct {
		used  map[string]bool
		table map[string]LineStyle
	}{{usedSides, pal.hexsides()}, {usedRoads, pal.roads()}} {
		var names []string
		for n := range set.used {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			keys = append(keys, LegendKey{styleFor(set.table, n, LineStyle{}).Color, n})
		}
	}
	return append(keys, ov.Legend...)
}

// onArt tells whether hex c lies on a sheet drawn by its own art.
func (d *drawing) onArt(c maps.Coord) bool { return artSheet(d.g, c) != nil }

// title is the step of build that writes the title and subtitle.
func (d *drawing) title() {
	title := d.ov.Title
	if title == "" {
		title = "Map"
	}
	d.sc.add("title", shape{kind: kText, pts: []pt{{d.margin, 24}}, text: title, size: 18, anchor: "start", fill: mapInk, bold: true})
	if d.ov.Subtitle != "" {
		d.sc.add("title", shape{kind: kText, pts: []pt{{d.margin, 38}}, text: d.ov.Subtitle, size: 11, anchor: "start", fill: mapInkSoft})
	}
}

// terrain is the step of build that draws each sheet's art and every hex
// off the art in its terrain's colour, shaded by elevation.
func (d *drawing) terrain() {
	m, ge, sc := d.m, d.ge, d.sc
	emin, emax := int16(math.MaxInt16), int16(-1)
	m.Hexes(func(c maps.Coord) {
		if e := m.At(c).Elevation; e >= 0 {
			emin, emax = min(emin, e), max(emax, e)
		}
	})
	fillOf := func(c maps.Coord) string {
		hx := m.At(c)
		col := mapNoTerrain
		if hx.Terrain >= 0 {
			col = d.pal.terrainColor(m.Terrain[hx.Terrain], d.opt.Colors)
		}
		if hx.Elevation >= 0 && emax > emin {
			f := float64(hx.Elevation-emin) / float64(emax-emin)
			col = shade(col, 1.06-0.22*f)
		}
		return col
	}
	for _, sh := range d.g.Sheets {
		if sh.Art != nil {
			if a, ok := artShape(ge, sh); ok {
				sc.add("hexes", a)
			}
		}
	}
	m.Hexes(func(c maps.Coord) {
		if d.onArt(c) {
			return // the art shows it
		}
		sc.add("hexes", shape{kind: kHex, pts: []pt{ge.center(c)}, fill: fillOf(c), stroke: mapHexEdge, width: 0.6 * d.k})
	})
}

// contours is the step of build that draws a thin line where elevation
// changes.
func (d *drawing) contours() {
	m := d.m
	forEachSide(m, func(a, b maps.Coord) {
		ea, eb := m.At(a).Elevation, m.At(b).Elevation
		if d.onArt(a) && d.onArt(b) {
			return
		}
		if ea >= 0 && eb >= 0 && ea != eb {
			p, q := d.ge.side(a, b)
			d.sc.add("contours", shape{kind: kLine, pts: []pt{p, q}, stroke: mapContour, width: 1.4 * d.k})
		}
	})
}

// hexsides is the step of build that draws the hexside features off the
// art, in a stable order.
func (d *drawing) hexsides() {
	m, k := d.m, d.k
	edges := make([]maps.Edge, 0, len(m.Hexsides))
	for e := range m.Hexsides {
		edges = append(edges, e)
	}
	sort.Slice(edges, func(i, j int) bool { return edgeLess(edges[i], edges[j]) })
	for _, e := range edges {
		if d.onArt(e.A) && d.onArt(e.B) {
			continue
		}
		for _, f := range m.Hexsides[e] {
			st := styleFor(d.pal.hexsides(), f, LineStyle{Width: 3})
			p, q := d.ge.side(e.A, e.B)
			d.sc.add("hexsides", shape{kind: kLine, pts: []pt{p, q}, stroke: st.Color, width: st.Width * k, dash: scaleDash(st.Dash, k)})
		}
	}
}

// roads is the step of build that draws every road not wholly on art.
func (d *drawing) roads() {
	k := d.k
	for _, rd := range d.m.Roads {
		st := styleFor(d.pal.roads(), rd.Type, LineStyle{Width: 3})
		var pts []pt
		all := true
		for _, c := range rd.Path {
			pts = append(pts, d.ge.center(c))
			all = all && d.onArt(c)
		}
		if all {
			continue
		}
		if len(pts) == 1 {
			pts = append(pts, pts[0])
		}
		d.sc.add("roads", shape{kind: kLine, pts: pts, stroke: st.Color, width: st.Width * k, dash: scaleDash(st.Dash, k), title: rd.Name})
	}
}

// labels is the step of build that writes each hex's label when the hexes
// are big enough or the options ask: the whole label on a map of several
// sheets (C3108 and A3108 are two hexes), without the sheet's id on a map
// of one.
func (d *drawing) labels() {
	g, s := d.g, d.s
	labels := s >= 14
	if d.opt.Labels != nil {
		labels = *d.opt.Labels
	}
	if !labels {
		return
	}
	fs := math.Max(5, s*0.36)
	d.m.Hexes(func(c maps.Coord) {
		if d.onArt(c) {
			return
		}
		l := g.Label(c)
		if len(g.Sheets) == 1 { // one sheet: its id tells no hex apart
			l = strings.TrimPrefix(l, g.Sheets[0].ID)
		}
		p := d.ge.center(c)
		top := s * 0.87
		if g.Pointy {
			top = s
		}
		d.sc.add("labels", shape{kind: kText, pts: []pt{{p.X, p.Y - top + fs*1.15}}, text: l, size: fs, anchor: "middle", fill: mapLabel})
	})
}

// sheets is the step of build that draws the sheets' edges and the seams
// between them, and a faint id on each sheet without art when the map has
// several.
func (d *drawing) sheets() {
	g, ge, sc, s, k := d.g, d.ge, d.sc, d.s, d.k
	for _, sh := range g.Sheets {
		for y := sh.Y; y < sh.Y+sh.Rows; y++ {
			for x := sh.X; x < sh.X+sh.Cols; x++ {
				c := maps.Coord{X: x, Y: y}
				for _, n := range g.Neighbours(c) {
					if sh.Contains(n) {
						continue
					}
					p, q := ge.side(c, n)
					if g.OnMap(n) {
						sc.add("seams", shape{kind: kLine, pts: []pt{p, q}, stroke: mapSeam, width: 1.6 * k, dash: scaleDash("5 3", k)})
					} else {
						sc.add("sheet-edges", shape{kind: kLine, pts: []pt{p, q}, stroke: mapInk, width: 2 * k})
					}
				}
			}
		}
		if sh.Art != nil || len(g.Sheets) == 1 {
			continue // the art has its own title; one sheet needs no name over its hexes
		}
		nw, se := ge.center(maps.Coord{X: sh.X, Y: sh.Y}), ge.center(maps.Coord{X: sh.X + sh.Cols - 1, Y: sh.Y + sh.Rows - 1})
		fs := math.Min(s*6, math.Min(se.X-nw.X, se.Y-nw.Y)*0.6)
		sc.add("sheet-ids", shape{kind: kText, pts: []pt{{(nw.X + se.X) / 2, (nw.Y+se.Y)/2 + fs*0.35}}, text: sh.ID, size: fs, anchor: "middle", fill: mapInk, bold: true, opacity: 0.12})
	}
}

// inPlay is the step of build that greys the hexes out of play and edges
// the hexes in play, when the overlay says which are.
func (d *drawing) inPlay() {
	ov, g, ge, sc := d.ov, d.g, d.ge, d.sc
	if ov.InPlay == nil {
		return
	}
	d.m.Hexes(func(c maps.Coord) {
		if !ov.InPlay[c] {
			sc.add("out-of-play", shape{kind: kHex, pts: []pt{ge.center(c)}, fill: mapOutOfPlay, opacity: 0.45})
		}
	})
	d.m.Hexes(func(c maps.Coord) {
		if !ov.InPlay[c] {
			return
		}
		for _, n := range g.Neighbours(c) {
			if !ov.InPlay[n] && g.OnMap(n) {
				p, q := ge.side(c, n)
				sc.add("play-edge", shape{kind: kLine, pts: []pt{p, q}, stroke: mapPlayEdge, width: 2.4 * d.k})
			}
		}
	})
}

// zones is the step of build that tints and edges the entry and exit
// areas, each labelled at its first hex.
func (d *drawing) zones() {
	g, ge, s, k := d.g, d.ge, d.s, d.k
	for _, z := range d.ov.Zones {
		var kids []shape
		set := map[maps.Coord]bool{}
		for _, c := range z.Hexes {
			set[c] = true
		}
		for _, c := range z.Hexes {
			kids = append(kids, shape{kind: kHex, pts: []pt{ge.center(c)}, fill: z.Color, opacity: 0.3})
			for _, n := range g.Neighbours(c) {
				if !set[n] {
					p, q := ge.side(c, n)
					kids = append(kids, shape{kind: kLine, pts: []pt{p, q}, stroke: z.Color, width: 3 * k})
				}
			}
		}
		if len(z.Hexes) > 0 && z.Label != "" {
			p := ge.center(z.Hexes[0])
			kids = append(kids, shape{kind: kText, pts: []pt{{p.X, p.Y + s*0.75}}, text: z.Label, size: math.Max(6, s*0.4), anchor: "middle", fill: z.Color, bold: true})
		}
		d.sc.add("zones", shape{kind: kGroup, title: z.Title, kids: kids})
	}
}

// victory is the step of build that stars the victory hexes.
func (d *drawing) victory() {
	s, k := d.s, d.k
	for _, v := range d.ov.Victory {
		p := d.ge.center(v.Hex)
		kids := []shape{{kind: kPoly, pts: star(p, s*0.55, s*0.23), fill: VictoryHex, stroke: victoryInk, width: 1 * k}}
		if v.Label != "" {
			kids = append(kids, shape{kind: kText, pts: []pt{{p.X, p.Y + s*0.8}}, text: v.Label, size: math.Max(6, s*0.36), anchor: "middle", fill: victoryInk, bold: true})
		}
		d.sc.add("victory", shape{kind: kGroup, title: v.Title, kids: kids})
	}
}

// markers is the step of build that draws the set-up markers, spread when
// several share a hex.
func (d *drawing) markers() {
	s, k := d.s, d.k
	count := map[maps.Coord]int{}
	seen := map[maps.Coord]int{}
	for _, mk := range d.ov.Markers {
		count[mk.Hex]++
	}
	for _, mk := range d.ov.Markers {
		p := d.ge.center(mk.Hex)
		i := seen[mk.Hex]
		seen[mk.Hex]++
		a := s * 0.52
		if n := count[mk.Hex]; n > 1 {
			a = s * 0.42
			p.X += (float64(i) - float64(n-1)/2) * s * 0.3
			p.Y += (float64(i) - float64(n-1)/2) * s * 0.3
		}
		sq := []pt{{p.X - a, p.Y - a}, {p.X + a, p.Y - a}, {p.X + a, p.Y + a}, {p.X - a, p.Y + a}}
		kids := []shape{
			{kind: kPoly, pts: shift(sq, 1.2*k, 1.2*k), fill: markerShadow, opacity: 0.35},
			{kind: kPoly, pts: sq, fill: mk.Fill, stroke: markerEdge, width: 1 * k},
		}
		if mk.Label != "" {
			kids = append(kids, shape{kind: kText, pts: []pt{{p.X, p.Y + s*0.2}}, text: mk.Label, size: s * 0.55, anchor: "middle", fill: mk.Text, bold: true})
		}
		d.sc.add("markers", shape{kind: kGroup, title: mk.Title, kids: kids})
	}
}

// rings is the step of build that rings the hexes diagnostics concern,
// each with a badge when it has a label.
func (d *drawing) rings() {
	s, k := d.s, d.k
	for _, rg := range d.ov.Rings {
		p := d.ge.center(rg.Hex)
		col := rg.Color
		if col == "" {
			col = RingError
		}
		kids := []shape{{kind: kCircle, pts: []pt{p}, r: s * 0.95, stroke: col, width: 3 * k}}
		if rg.Label != "" {
			bp := pt{p.X + s*0.7, p.Y - s*0.7}
			fs := math.Max(7, s*0.45)
			rr := math.Max(fs*0.75, fs*0.32*float64(len(rg.Label))+fs*0.35)
			kids = append(kids,
				shape{kind: kCircle, pts: []pt{bp}, r: rr, fill: col, stroke: ringInk, width: 1 * k},
				shape{kind: kText, pts: []pt{{bp.X, bp.Y + fs*0.36}}, text: rg.Label, size: fs, anchor: "middle", fill: ringInk, bold: true})
		}
		d.sc.add("rings", shape{kind: kGroup, title: rg.Title, kids: kids})
	}
}

// legend is the step of build that draws the legend's keys in rows below
// the map.
func (d *drawing) legend() {
	sc, margin := d.sc, d.margin
	x, y := margin, sc.H-d.notesH-d.legendH+legendRow/2+6
	for _, kk := range d.keys {
		kw := legendWidth(kk)
		if x > margin && x+kw > sc.W-margin {
			x, y = margin, y+legendRow
		}
		sc.add("legend",
			shape{kind: kPoly, pts: []pt{{x, y - 6}, {x + 12, y - 6}, {x + 12, y + 6}, {x, y + 6}}, fill: kk.Color, stroke: mapInkSoft, width: 0.6},
			shape{kind: kText, pts: []pt{{x + 16, y + 4}}, text: kk.Label, size: 11, anchor: "start", fill: mapInk})
		x += kw
	}
}

// notes is the last step of build: it writes the overlay's notes, one a
// line, each cut to the picture's width.
func (d *drawing) notes() {
	sc, margin := d.sc, d.margin
	maxChars := int((sc.W - 2*margin) / 6.2)
	for i, n := range d.ov.Notes {
		if r := []rune(n); len(r) > maxChars && maxChars > 3 {
			n = string(r[:maxChars-1]) + "…"
		}
		sc.add("notes", shape{kind: kText, pts: []pt{{margin, sc.H - d.notesH + 8 + noteLine*float64(i) + 10}}, text: n, size: 11, anchor: "start", fill: mapInk})
	}
}

func legendWidth(k LegendKey) float64 { return 16 + 6.2*float64(len(k.Label)) + 14 }

func shift(ps []pt, dx, dy float64) []pt {
	out := make([]pt, len(ps))
	for i, p := range ps {
		out[i] = pt{p.X + dx, p.Y + dy}
	}
	return out
}

func star(c pt, ro, ri float64) []pt {
	out := make([]pt, 10)
	for i := range out {
		r := ro
		if i%2 == 1 {
			r = ri
		}
		a := (-90 + 36*float64(i)) * math.Pi / 180
		out[i] = pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return out
}

func scaleDash(d string, k float64) string {
	if d == "" || k == 1 {
		return d
	}
	var out []string
	for _, f := range strings.Fields(d) {
		v, _ := strconv.ParseFloat(f, 64)
		out = append(out, num(v*k))
	}
	return strings.Join(out, " ")
}

// forEachSide calls f once for every hexside between two hexes on the map.
func forEachSide(m *maps.Map, f func(a, b maps.Coord)) {
	m.Hexes(func(c maps.Coord) {
		for _, n := range m.Grid.Neighbours(c) {
			if (n.Y > c.Y || (n.Y == c.Y && n.X > c.X)) && m.Grid.OnMap(n) {
				f(c, n)
			}
		}
	})
}

func edgeLess(a, b maps.Edge) bool {
	if a.A != b.A {
		return coordLess(a.A, b.A)
	}
	return coordLess(a.B, b.B)
}

func coordLess(a, b maps.Coord) bool {
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.X < b.X
}

// num writes a coordinate with at most one decimal.
func num(v float64) string {
	v = math.Round(v*10) / 10
	if v == math.Trunc(v) {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

// shifted reports whether line n of g sits half a hex lower (or right).
func shifted(g *maps.Grid, n int) bool { return (n&1 == 1) == g.ShiftOdd }
