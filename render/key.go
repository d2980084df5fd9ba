package render

import (
	"image"
	"image/color"
	"math"
	"sort"

	"github.com/muster-wargames/muster/maps"
)

// KeyEntry is one line of a terrain key: a terrain type, hexside feature or
// road, by its name in the map and the title the ruleset gives it.
type KeyEntry struct {
	Name, Title string
}

// TerrainKey draws the key to a map's pictures: every terrain type the map
// uses as a hex in its colour, every hexside feature and road as a line in
// its style, each with its title. titles gives the ruleset's titles by
// name (a name without one is shown as it is).
func TerrainKey(m *maps.Map, p *Palette, titles map[string]string) ([]byte, error) {
	used, usedSides, usedRoads := usedNames(m)
	names := func(set map[string]bool) []string {
		var out []string
		for n := range set {
			if n != "" {
				out = append(out, n)
			}
		}
		sort.Strings(out)
		return out
	}
	title := func(n string) string {
		if t := titles[n]; t != "" {
			return t
		}
		return n
	}
	terrain, sides, roads := names(used), names(usedSides), names(usedRoads)
	// A paletted picture in the counters' bitmap font (scale 2), filled
	// crisp: a key is a few dozen shapes and costs next to nothing.
	const (
		k      = 2  // font scale: glyphs 6x10 pixels
		margin = 12 // pixels around the key
		row    = 24 // pixels a line
		sw     = 10 // the swatch hex's radius
		textX  = margin + 3*sw + 8
	)
	rows := len(terrain) + len(sides) + len(roads) + 3 // three headings
	width := textWidth("HEXSIDES", k)
	for _, set := range [][]string{terrain, sides, roads} {
		for _, n := range set {
			width = max(width, textWidth(title(n), k))
		}
	}
	W, H := textX+width+margin, 2*margin+row*rows
	pal := color.Palette{rgba(keyBackground), rgba(keyInk), rgba(keyInkSoft)}
	index := map[string]uint8{}
	colour := func(hex string) uint8 {
		if i, ok := index[hex]; ok {
			return i
		}
		c, ok := parseHex(hex)
		if !ok {
			c = rgba(keyUnknown)
		}
		index[hex] = uint8(len(pal))
		pal = append(pal, c)
		return index[hex]
	}
	type swatch struct {
		kind   int // 0 heading, 1 hex, 2 line
		c      uint8
		width  int
		dashed bool
		text   string
	}
	var lines []swatch
	lines = append(lines, swatch{text: "Terrain"})
	for _, n := range terrain {
		lines = append(lines, swatch{kind: 1, c: colour(p.terrainColor(n, nil)), text: title(n)})
	}
	for _, set := range []struct {
		head  string
		names []string
		table map[string]LineStyle
	}{{"Hexsides", sides, p.hexsides()}, {"Roads", roads, p.roads()}} {
		lines = append(lines, swatch{text: set.head})
		for _, n := range set.names {
			st := styleFor(set.table, n, LineStyle{})
			w := st.BoardWidth
			if w <= 0 {
				w = 3
			}
			lines = append(lines, swatch{kind: 2, c: colour(st.Color), width: w, dashed: st.Dash != "", text: title(n)})
		}
	}
	img := image.NewPaletted(image.Rect(0, 0, W, H), pal)
	var r raster
	for i, l := range lines {
		y := margin + row*i + row/2 // the line's middle
		switch l.kind {
		case 0:
			drawText(img, l.text, margin, y-5*k/2, k, 1)
			continue
		case 1:
			c := pt{float64(margin + 3*sw/2), float64(y)}
			var corners []pt
			for j := 0; j < 6; j++ {
				a := math.Pi / 3 * float64(j)
				corners = append(corners, pt{c.X + sw*math.Cos(a), c.Y + sw*math.Sin(a)})
			}
			r.polygon(img, corners, 2)
			var inner []pt
			for j := 0; j < 6; j++ {
				a := math.Pi / 3 * float64(j)
				inner = append(inner, pt{c.X + (sw-1)*math.Cos(a), c.Y + (sw-1)*math.Sin(a)})
			}
			r.polygon(img, inner, l.c)
		case 2:
			if l.dashed {
				for x := margin; x < margin+3*sw; x += 8 {
					r.line(img, pt{float64(x), float64(y)}, pt{float64(min(x+4, margin+3*sw)), float64(y)}, l.width, l.c)
				}
			} else {
				r.line(img, pt{margin, float64(y)}, pt{margin + 3*sw, float64(y)}, l.width, l.c)
			}
		}
		drawText(img, l.text, textX, y-5*k/2, k, 1)
	}
	return encodePNG(img), nil
}

// usedNames are the terrain types, hexside features and road types a map
// uses: what its legend and its key show.
func usedNames(m *maps.Map) (terrain, sides, roads map[string]bool) {
	terrain, sides, roads = map[string]bool{}, map[string]bool{}, map[string]bool{}
	m.Hexes(func(c maps.Coord) { terrain[m.TerrainName(c)] = true })
	for _, fs := range m.Hexsides {
		for _, f := range fs {
			sides[f] = true
		}
	}
	for _, rd := range m.Roads {
		roads[rd.Type] = true
	}
	return terrain, sides, roads
}
