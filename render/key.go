package render

import (
	"image"
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
func TerrainKey(m *maps.Map, pal *Palette, titles map[string]string) ([]byte, error) {
	used, usedSides, usedRoads := map[string]bool{}, map[string]bool{}, map[string]bool{}
	m.Hexes(func(c maps.Coord) { used[m.TerrainName(c)] = true })
	for _, fs := range m.Hexsides {
		for _, f := range fs {
			usedSides[f] = true
		}
	}
	for _, rd := range m.Roads {
		usedRoads[rd.Type] = true
	}
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
	const (
		margin = 14.0
		row    = 26.0
		swatch = 10.0 // hex radius
	)
	terrain, sides, roads := names(used), names(usedSides), names(usedRoads)
	rows := len(terrain) + len(sides) + len(roads) + 3 // three headings
	longest := 10
	for _, set := range [][]string{terrain, sides, roads} {
		for _, n := range set {
			longest = max(longest, len([]rune(title(n))))
		}
	}
	sc := &scene{W: math.Ceil(2*margin + 3*swatch + 10 + 6.6*float64(longest)), H: math.Ceil(2*margin + row*float64(rows)), hex: swatch}
	sc.add("background", shape{kind: kPoly, pts: []pt{{0, 0}, {sc.W, 0}, {sc.W, sc.H}, {0, sc.H}}, fill: "#ffffff"})
	y := margin + row/2
	heading := func(t string) {
		sc.add("key", shape{kind: kText, pts: []pt{{margin, y + 5}}, text: t, size: 13, anchor: "start", fill: "#222222", bold: true})
		y += row
	}
	label := func(t string) {
		sc.add("key", shape{kind: kText, pts: []pt{{margin + 3*swatch + 8, y + 4}}, text: t, size: 11, anchor: "start", fill: "#222222"})
	}
	heading("Terrain")
	for _, n := range terrain {
		c := pt{margin + 1.5*swatch, y}
		var corners []pt
		for i := 0; i < 6; i++ {
			a := math.Pi / 3 * float64(i)
			corners = append(corners, pt{c.X + swatch*math.Cos(a), c.Y + swatch*math.Sin(a)})
		}
		sc.add("key", shape{kind: kPoly, pts: corners, fill: pal.terrainColor(n, nil), stroke: "#555555", width: 0.8})
		label(title(n))
		y += row
	}
	for _, set := range []struct {
		head  string
		names []string
		table map[string]LineStyle
	}{{"Hexsides", sides, pal.hexsides()}, {"Roads", roads, pal.roads()}} {
		heading(set.head)
		for _, n := range set.names {
			st := styleFor(set.table, n, LineStyle{})
			w := st.Width
			if w <= 0 {
				w = 3
			}
			sc.add("key", shape{kind: kLine, pts: []pt{{margin, y}, {margin + 3*swatch, y}}, stroke: st.Color, width: w, dash: st.Dash})
			label(title(n))
			y += row
		}
	}
	cv := &canvas{img: image.NewRGBA(image.Rect(0, 0, int(sc.W), int(sc.H))), hex: sc.hex}
	for _, l := range sc.layers {
		for _, s := range l.shapes {
			cv.draw(s)
		}
	}
	return encodePNG(cv.img), nil // at BestSpeed, as the boards: BestCompression cost a dow-intro build half its instructions
}
