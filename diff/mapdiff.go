package diff

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/maps"
)

// hexInfo is what the map says of one hex, by label.
type hexInfo struct {
	terrain   string
	elevation string
}

func hexesOf(m *maps.Map) map[string]hexInfo {
	out := map[string]hexInfo{}
	m.Hexes(func(c maps.Coord) {
		h := m.At(c)
		e := ""
		if h.Elevation >= 0 {
			e = fmt.Sprint(h.Elevation)
		}
		out[m.Grid.Label(c)] = hexInfo{terrain: m.TerrainName(c), elevation: e}
	})
	return out
}

func edgeLabel(m *maps.Map, e maps.Edge) string {
	a, b := m.Grid.Label(e.A), m.Grid.Label(e.B)
	if b < a {
		a, b = b, a
	}
	return a + "/" + b
}

func hexsidesOf(m *maps.Map) map[string]string {
	out := map[string]string{}
	for e, fs := range m.Hexsides {
		fs = slices.Clone(fs)
		sort.Strings(fs)
		if len(fs) > 0 {
			out[edgeLabel(m, e)] = strings.Join(fs, ", ")
		}
	}
	return out
}

func pathText(m *maps.Map, cs []maps.Coord) string {
	ls := make([]string, len(cs))
	for i, c := range cs {
		ls[i] = m.Grid.Label(c)
	}
	return strings.Join(ls, " ")
}

func roadsOf(m *maps.Map) map[string]string {
	out := map[string]string{}
	seen := map[string]int{}
	for _, r := range m.Roads {
		k := r.Type
		if r.Name != "" {
			k += " " + r.Name
		}
		if n := seen[k]; n > 0 {
			k += fmt.Sprintf(" #%d", n+1)
		}
		seen[r.Type+" "+r.Name]++
		out[k] = pathText(m, r.Path)
	}
	return out
}

func sheetsOf(m *maps.Map) map[string]string {
	out := map[string]string{}
	for _, s := range m.Grid.Sheets {
		out[s.ID] = "columns " + s.ColRange() + ", rows " + s.RowRange()
	}
	return out
}

// keyedText compares two maps of subject to text: removed, added, changed;
// hexes gives the hexes a change is at, from the texts before and after.
func keyedText(base Change, field string, a, b map[string]string, hexes func(k, old, new string) []string) []Change {
	var out []Change
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	for _, k := range sortedKeys(keys) {
		at, aok := a[k]
		bt, bok := b[k]
		c := base
		c.Subject = k
		switch {
		case aok && !bok:
			c.Action, c.Old = Removed, str(at)
		case bok && !aok:
			c.Action, c.New = Added, str(bt)
		case at != bt:
			c.Action, c.Field, c.Old, c.New = Changed, field, str(at), str(bt)
		default:
			continue
		}
		if hexes != nil {
			c.Hexes = hexes(k, at, bt)
		}
		out = append(out, c)
	}
	return out
}

// mapChanges compares two maps: sheets, then hex by hex (by label) for the
// hexes both have, hexsides, roads and areas.
func mapChanges(a, b *maps.Map) []Change {
	if a == nil || b == nil {
		if a == nil && b == nil {
			return nil
		}
		c := Change{Section: Map, Subject: "map"}
		if a == nil {
			c.Action = Added
		} else {
			c.Action = Removed
		}
		return []Change{c}
	}
	out := keyedText(Change{Section: Map}, "extent", prefixed("sheet ", sheetsOf(a)), prefixed("sheet ", sheetsOf(b)), nil)
	ha, hb := hexesOf(a), hexesOf(b)
	for _, l := range sortedKeys(ha) {
		x := ha[l]
		y, ok := hb[l]
		if !ok {
			continue // its sheet's change says so
		}
		base := Change{Section: Map, Subject: l, Hexes: []string{l}}
		out = append(out, diffText(base, "terrain", x.terrain, y.terrain)...)
		out = append(out, diffText(base, "elevation", x.elevation, y.elevation)...)
	}
	out = append(out, keyedText(Change{Section: Map}, "features", prefixed("hexside ", hexsidesOf(a)), prefixed("hexside ", hexsidesOf(b)), func(k, _, _ string) []string {
		return strings.Split(strings.TrimPrefix(k, "hexside "), "/")
	})...)
	out = append(out, keyedText(Change{Section: Map}, "path", prefixed("road ", roadsOf(a)), prefixed("road ", roadsOf(b)), func(_, old, new string) []string {
		return symmetric(strings.Fields(old), strings.Fields(new))
	})...)
	out = append(out, areas(a, b)...)
	return out
}

func prefixed(p string, m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[p+k] = v
	}
	return out
}

// areas compares the map's areas by name: added, removed, and for those in
// both the hexes each gained and lost, its side and edge.
func areas(a, b *maps.Map) []Change {
	var out []Change
	names := map[string]bool{}
	for n := range a.Areas {
		names[n] = true
	}
	for n := range b.Areas {
		names[n] = true
	}
	for _, n := range sortedKeys(names) {
		x, y := a.Areas[n], b.Areas[n]
		subject := "area " + n
		switch {
		case y == nil:
			out = append(out, Change{Section: Map, Action: Removed, Subject: subject, Old: str(pathText(a, x.Hexes)), Hexes: strings.Fields(pathText(a, x.Hexes))})
			continue
		case x == nil:
			out = append(out, Change{Section: Map, Action: Added, Subject: subject, New: str(pathText(b, y.Hexes)), Hexes: strings.Fields(pathText(b, y.Hexes))})
			continue
		}
		base := Change{Section: Map, Subject: subject}
		out = append(out, diffText(base, "side", x.Side, y.Side)...)
		out = append(out, diffText(base, "edge", x.Edge, y.Edge)...)
		in := map[string]bool{}
		for _, c := range x.Hexes {
			in[a.Grid.Label(c)] = true
		}
		now := map[string]bool{}
		for _, c := range y.Hexes {
			now[b.Grid.Label(c)] = true
		}
		var lost, gained []string
		for _, l := range sortedKeys(in) {
			if !now[l] {
				lost = append(lost, l)
			}
		}
		for _, l := range sortedKeys(now) {
			if !in[l] {
				gained = append(gained, l)
			}
		}
		if len(lost) > 0 {
			c := base
			c.Action, c.Field, c.Old, c.Hexes = Removed, "hexes", str(strings.Join(lost, " ")), lost
			out = append(out, c)
		}
		if len(gained) > 0 {
			c := base
			c.Action, c.Field, c.New, c.Hexes = Added, "hexes", str(strings.Join(gained, " ")), gained
			out = append(out, c)
		}
	}
	return out
}

// symmetric lists, sorted and each once, the labels in one list and not
// the other.
func symmetric(a, b []string) []string {
	in, now := map[string]bool{}, map[string]bool{}
	for _, l := range a {
		in[l] = true
	}
	for _, l := range b {
		now[l] = true
	}
	out := map[string]bool{}
	for l := range in {
		if !now[l] {
			out[l] = true
		}
	}
	for l := range now {
		if !in[l] {
			out[l] = true
		}
	}
	return sortedKeys(out)
}
