package compile

import (
	"image"
	"image/color"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// ---- counters ----

func drawUnit(p *counterPalette, u *oob.Unit, fields []string, vals oob.Values, face string) []byte {
	const n = counterPx
	img := p.image(n, n)
	strokeRect(img, 0, 0, n, n, cEdge)
	strokeRect(img, 1, 1, n-2, n-2, cEdge)
	name := fitText(u.Name, n-6, 1)
	drawTextCentered(img, name, n/2, 4, 1, cText)
	des := fitText(u.Formation.Designation(), n-6, 1)
	drawTextCentered(img, des, n/2, 11, 1, cText)
	// a unit-type symbol in a box, NATO style
	bx, by, bw, bh := n/2-12, 18, 24, 13
	strokeRect(img, bx, by, bw, bh, cText)
	switch u.Type {
	case "inf", "ss":
		drawLine(img, pt{float64(bx), float64(by)}, pt{float64(bx + bw - 1), float64(by + bh - 1)}, 1, cText)
		drawLine(img, pt{float64(bx), float64(by + bh - 1)}, pt{float64(bx + bw - 1), float64(by)}, 1, cText)
	case "cav":
		drawLine(img, pt{float64(bx), float64(by + bh - 1)}, pt{float64(bx + bw - 1), float64(by)}, 1, cText)
	case "art", "ha":
		fillRect(img, n/2-2, by+bh/2-2, 5, 5, cText)
	default:
		drawTextCentered(img, fitText(u.Type, bw-2, 1), n/2, by+4, 1, cText)
	}
	if face != "" {
		fillRect(img, 2, 33, n-4, 7, cBandText)
		drawTextCentered(img, fitText(face, n-6, 1), n/2, 34, 1, cBand)
	}
	var vs []string
	for _, f := range fields {
		v := valueText(vals.Get(f))
		switch {
		case vals.Get(f).V == nil:
			v = "?"
		case v == "true":
			v = strings.ToUpper(f[:1])
		case v == "false":
			continue
		}
		vs = append(vs, v)
	}
	line := strings.Join(vs, "-")
	if textWidth(line, 2) <= n-6 {
		drawTextCentered(img, line, n/2, 42, 2, cText)
	} else {
		drawTextCentered(img, fitText(line, n-6, 1), n/2, 45, 1, cText)
	}
	return encodePNG(img)
}

func drawLeader(p *counterPalette, l *oob.Leader, replacement bool) []byte {
	const n = counterPx
	img := p.image(n, n)
	strokeRect(img, 0, 0, n, n, cEdge)
	fillRect(img, 2, 2, n-4, 12, cEdge)
	if textWidth(l.Name, 2) <= n-6 {
		drawTextCentered(img, strings.ToUpper(l.Name), n/2, 3, 2, cBand)
	} else {
		drawTextCentered(img, fitText(l.Name, n-6, 1), n/2, 6, 1, cBand)
	}
	drawTextCentered(img, fitText(l.Formation.Designation()+" "+l.Formation.Level, n-6, 1), n/2, 17, 1, cText)
	y := 25
	for _, k := range leaderKeys(l) {
		if y > n-8 {
			break
		}
		key := k
		if len(key) > 4 {
			key = key[:4]
		}
		drawText(img, fitText(key+" "+valueText(l.Ratings.Get(k)), n-8, 1), 4, y, 1, cText)
		y += 7
	}
	if replacement {
		fillRect(img, n-14, n-9, 12, 7, cBandText)
		drawText(img, "REP", n-13, n-8, 1, cBand)
	}
	return encodePNG(img)
}

func drawMarker(a, b string) []byte {
	const n = counterPx
	pal := color.Palette{color.RGBA{222, 200, 150, 255}, color.RGBA{60, 40, 20, 255}}
	img := image.NewPaletted(image.Rect(0, 0, n, n), pal)
	strokeRect(img, 0, 0, n, n, 1)
	drawTextCentered(img, a, n/2, 18, 1, 1)
	drawTextCentered(img, b, n/2, 28, 1, 1)
	return encodePNG(img)
}

// drawBoxes draws the reinforcement holding boxes, labelled.
func drawBoxes(labels []string, w, h int) []byte {
	pal := color.Palette{color.RGBA{236, 232, 220, 255}, color.RGBA{90, 90, 90, 255}, color.RGBA{0, 0, 0, 255}}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	if len(labels) == 0 {
		drawText(img, "NO REINFORCEMENTS", 20, 20, 2, 2)
	}
	for i, l := range labels {
		x, y := boxAt(i)
		strokeRect(img, x, y, boxW, boxH, 1)
		strokeRect(img, x+1, y+1, boxW-2, boxH-2, 1)
		drawText(img, fitText(l, boxW-10, 1), x+5, y+5, 1, 2)
	}
	return encodePNG(img)
}

// ---- the map ----

// terrainColors are the colours of the terrain names the rule systems use;
// other names get a colour from a hash of the name.
var terrainColors = map[string]color.RGBA{
	"clear": {214, 219, 166, 255}, "open": {214, 219, 166, 255},
	"woods": {92, 140, 72, 255}, "cedars": {62, 110, 90, 255}, "orchard": {160, 200, 110, 255},
	"town": {190, 160, 150, 255}, "marsh": {140, 180, 170, 255}, "rocky": {170, 160, 140, 255},
	"rocky-woods": {110, 125, 85, 255}, "rough": {196, 180, 130, 255}, "rough-woods": {120, 140, 80, 255},
	"devils-den": {150, 140, 130, 255},
}

var spare = []color.RGBA{{200, 170, 120, 255}, {150, 190, 210, 255}, {210, 190, 210, 255}, {180, 200, 140, 255}, {230, 210, 150, 255}}

func terrainColor(name string) color.RGBA {
	if c, ok := terrainColors[name]; ok {
		return c
	}
	return spare[stableHash(name)%uint32(len(spare))]
}

// shade darkens a colour one step per elevation level below the top.
func shade(c color.RGBA, level, top int) color.RGBA {
	f := 1.0 - 0.06*float64(top-level)
	if f < 0.5 {
		f = 0.5
	}
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), 255}
}

func featureColor(f string) (color.RGBA, int) {
	switch {
	case strings.Contains(f, "ford"):
		return color.RGBA{120, 190, 230, 255}, 5
	case strings.Contains(f, "bridge"):
		return color.RGBA{110, 70, 30, 255}, 5
	case strings.Contains(f, "stream"), strings.Contains(f, "creek"), strings.Contains(f, "river"), strings.Contains(f, "run"):
		return color.RGBA{40, 90, 200, 255}, 4
	case strings.Contains(f, "wall"), strings.Contains(f, "fence"):
		return color.RGBA{90, 90, 90, 255}, 3
	case strings.Contains(f, "slope"), strings.Contains(f, "ridge"), strings.Contains(f, "crest"):
		return color.RGBA{150, 90, 40, 255}, 3
	case strings.Contains(f, "cut"), strings.Contains(f, "rail"):
		return color.RGBA{30, 30, 30, 255}, 3
	}
	return color.RGBA{170, 40, 40, 255}, 3
}

func roadColor(t string) (color.RGBA, int) {
	switch {
	case strings.Contains(t, "rail"):
		return color.RGBA{30, 30, 30, 255}, 2
	case t == "pike":
		return color.RGBA{120, 60, 20, 255}, 5
	case strings.Contains(t, "trail"):
		return color.RGBA{170, 130, 80, 255}, 2
	}
	return color.RGBA{150, 90, 40, 255}, 3
}

// mapPalette hands out palette indices for colours, in first-use order.
type mapPalette struct {
	pal color.Palette
	idx map[color.RGBA]uint8
}

func (p *mapPalette) get(c color.RGBA) uint8 {
	if i, ok := p.idx[c]; ok {
		return i
	}
	if len(p.pal) >= 256 {
		return 0
	}
	p.idx[c] = uint8(len(p.pal))
	p.pal = append(p.pal, c)
	return p.idx[c]
}

// drawSheet draws one sheet: terrain shaded by elevation, hex outlines
// and numbers, hexside features and roads.
func drawSheet(b *battle.Battle, g *maps.Grid, sb *sheetBoard) []byte {
	m := b.Map
	s := sb.Sheet
	mp := &mapPalette{idx: map[color.RGBA]uint8{}}
	bg := mp.get(color.RGBA{235, 235, 228, 255})
	outline := mp.get(color.RGBA{90, 90, 80, 255})
	labelC := mp.get(color.RGBA{60, 60, 60, 255})
	top := 0
	var coords []maps.Coord
	for j := 0; j < s.Rows; j++ {
		for i := 0; i < s.Cols; i++ {
			c := maps.Coord{X: s.X + i, Y: s.Y + j}
			coords = append(coords, c)
			if e := int(m.At(c).Elevation); e > top {
				top = e
			}
		}
	}
	// Colours are taken in a fixed order (hexes north to south, west to
	// east), so the palette and the bytes do not depend on map order.
	img := image.NewPaletted(image.Rect(0, 0, sb.W, sb.H), nil)
	fills := make([]uint8, len(coords))
	for k, c := range coords {
		h := m.At(c)
		base := terrainColor(m.TerrainName(c))
		if h.Elevation >= 0 {
			base = shade(base, int(h.Elevation), top)
		}
		fills[k] = mp.get(base)
	}
	type seg struct {
		a, b  pt
		c     uint8
		width int
	}
	var segs []seg
	// hexsides, in sorted order of their edges
	var edges []maps.Edge
	for e := range m.Hexsides {
		if s.Contains(e.A) && s.Contains(e.B) {
			edges = append(edges, e)
		}
	}
	sort.Slice(edges, func(i, j int) bool {
		a, b := edges[i], edges[j]
		if a.A != b.A {
			return a.A.Y < b.A.Y || (a.A.Y == b.A.Y && a.A.X < b.A.X)
		}
		return a.B.Y < b.B.Y || (a.B.Y == b.B.Y && a.B.X < b.B.X)
	})
	for _, e := range edges {
		ax, ay := sb.Center(e.A)
		bx, by := sb.Center(e.B)
		p1, p2 := sharedSide(hexPolygon(ax, ay), pt{float64(bx) + 0.5, float64(by) + 0.5})
		for _, f := range m.Hexsides[e] {
			c, w := featureColor(f)
			segs = append(segs, seg{p1, p2, mp.get(c), w})
		}
	}
	for _, r := range m.Roads {
		c, w := roadColor(r.Type)
		ci := mp.get(c)
		for i := 1; i < len(r.Path); i++ {
			a, b := r.Path[i-1], r.Path[i]
			if !s.Contains(a) || !s.Contains(b) {
				continue
			}
			ax, ay := sb.Center(a)
			bx, by := sb.Center(b)
			segs = append(segs, seg{pt{float64(ax), float64(ay)}, pt{float64(bx), float64(by)}, ci, w})
		}
	}
	img.Palette = mp.pal
	fillRect(img, 0, 0, sb.W, sb.H, bg)
	for k, c := range coords {
		x, y := sb.Center(c)
		fillPolygon(img, hexPolygon(x, y), fills[k])
	}
	for _, c := range coords {
		x, y := sb.Center(c)
		poly := hexPolygon(x, y)
		for i := range poly {
			drawLine(img, poly[i], poly[(i+1)%len(poly)], 1, outline)
		}
		label := strings.TrimPrefix(g.LabelOn(s, c), s.ID)
		drawTextCentered(img, label, x, y-hexDY/2+4, 1, labelC)
	}
	for _, sg := range segs {
		drawLine(img, sg.a, sg.b, sg.width, sg.c)
	}
	return encodePNG(img)
}

// sharedSide returns the two corners of poly nearest to the centre of the
// neighbouring hex: the side the two hexes share.
func sharedSide(poly []pt, other pt) (pt, pt) {
	idx := make([]int, len(poly))
	for i := range idx {
		idx[i] = i
	}
	d := func(p pt) float64 { return (p.X-other.X)*(p.X-other.X) + (p.Y-other.Y)*(p.Y-other.Y) }
	sort.SliceStable(idx, func(i, j int) bool { return d(poly[idx[i]]) < d(poly[idx[j]]) })
	return poly[idx[0]], poly[idx[1]]
}
