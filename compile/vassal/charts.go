package vassal

import (
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/rulesets"
)

// terrainKeyImage is the terrain key's picture in the module.
const terrainKeyImage = "terrain-key.png"

// terrainKey is a chart window with the key to the board pictures: every
// terrain type, hexside feature and road the map uses, in its colour or
// line style, with the ruleset's title (issue 12: a terrain key).
func (m *vmod) terrainKey() (*xnode, error) {
	titles := map[string]string{}
	for _, t := range []map[string]string{costTitles(m.b.Rules.Terrain), costTitles(m.b.Rules.Hexsides), costTitles(m.b.Rules.Roads)} {
		for k, v := range t {
			titles[k] = v
		}
	}
	img, err := render.TerrainKey(m.b.Map, render.NewPalette(m.b.Rules), titles)
	if err != nil {
		return nil, err
	}
	m.addImage(terrainKeyImage, img)
	w := el("module.ChartWindow", "name", "Terrain key", "text", "Terrain key", "tooltip", "What the colours and lines of the map mean",
		"icon", "", "hotkey", "", "description", "Terrain key")
	return w.add(el("widget.Chart", "chartName", "Terrain key", "description", "terrain, hexsides and roads of the map", "fileName", terrainKeyImage)), nil
}

// costTitles are the titles of a terrain, hexside or road table by name.
func costTitles(t map[string]rulesets.CostEntry) map[string]string {
	out := map[string]string{}
	for k, e := range t {
		out[k] = e.Title
	}
	return out
}
