package sheets

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diff"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/render"
)

// ChangesOverlay rings, on b's map (the new version's), every hex a change
// of r is at, numbered by the change's place among those drawn (1 for the
// first), and lists those changes under the map. A hex the new map does not
// have is left out of the picture, not of the list. `muster diff --map`
// draws it.
func ChangesOverlay(b *battle.Battle, r diff.Result) *render.Overlay {
	name := b.Name
	if name == "" {
		name = b.ID
	}
	ov := &render.Overlay{Title: name + " — changes from " + r.Old + " to " + r.New}
	type ring struct{ nums, titles []string }
	rings := map[maps.Coord]*ring{}
	var order []maps.Coord
	n := 0
	for _, c := range r.Changes {
		if len(c.Hexes) == 0 {
			continue
		}
		n++
		num := fmt.Sprint(n)
		text := diff.Text(c)
		if c.Scenario != "" {
			text = c.Scenario + ": " + text
		}
		ov.Notes = append(ov.Notes, num+". ["+strings.Join(c.Hexes, ", ")+"] "+text)
		seen := map[maps.Coord]bool{}
		for _, l := range c.Hexes {
			at, _, err := b.Map.Grid.Parse(l)
			if err != nil || seen[at] || !b.Map.Grid.OnMap(at) {
				continue
			}
			seen[at] = true
			g := rings[at]
			if g == nil {
				g = &ring{}
				rings[at] = g
				order = append(order, at)
			}
			g.nums = append(g.nums, num)
			g.titles = append(g.titles, num+". "+text)
		}
	}
	ov.Subtitle = fmt.Sprintf("%d changes on the map; ringed hexes are numbered as in the list below", n)
	for _, at := range order {
		g := rings[at]
		ov.Rings = append(ov.Rings, render.Ring{Hex: at, Color: render.RingInfo, Label: strings.Join(g.nums, ","), Title: strings.Join(g.titles, "\n")})
	}
	return ov
}
