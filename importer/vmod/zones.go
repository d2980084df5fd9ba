package vmod

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// entry reads where a muster arrival box's group enters: the reinforcements
// board has a zone per box (compile/vassal boxZones), named as the box is
// labelled, "USA Dec 31 0700 at C3108 C3109 (optional) FATIGUE 4
// ACTIVATIONS 3", and a
// repeated name numbered, " (2)". The zone that holds the stack's point
// is its box. It reports whether a zone was found.
func (im *importer) entry(n *node, a *arrivalGroup) bool {
	x, y := atoi(n.attr("x")), atoi(n.attr("y"))
	for _, z := range im.boxZones[n.attr("owningBoard")] {
		if !inPath(z.attr("path"), x, y) {
			continue
		}
		name := repeatRe().ReplaceAllString(z.attr("name"), "")
		if i := strings.LastIndex(name, " ACTIVATIONS "); i >= 0 {
			if n, err := strconv.Atoi(name[i+len(" ACTIVATIONS "):]); err == nil && n > 0 {
				a.activations = n
				name = name[:i]
			}
		}
		if i := strings.LastIndex(name, " FATIGUE "); i >= 0 {
			a.fatigue = name[i+len(" FATIGUE "):]
			name = name[:i]
		}
		if s, ok := strings.CutSuffix(name, " (optional)"); ok {
			a.optional, name = true, s
		}
		rest, ok := strings.CutPrefix(name, a.side+" "+a.time)
		if !ok {
			im.unread(z, "arrival box %q does not name its group's side and time (%s %s): where it enters is not read", z.attr("name"), a.side, a.time)
			return true
		}
		if where, ok := strings.CutPrefix(rest, " at "); ok {
			a.where = where
		} else if rest != "" {
			im.unread(z, "arrival box %q: %q not understood", z.attr("name"), rest)
		}
		return true
	}
	return false
}

var repeatRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` \([0-9]+\)$`) })

// inPath tells whether (x, y) lies within the bounding box of a zone's
// path, "x,y;x,y;...": muster's boxes are rectangles.
func inPath(path string, x, y int) bool {
	x0, y0, x1, y1, n := 0, 0, 0, 0, 0
	for _, pt := range strings.Split(path, ";") {
		xs, ys, ok := strings.Cut(pt, ",")
		px, err1 := strconv.Atoi(strings.TrimSpace(xs))
		py, err2 := strconv.Atoi(strings.TrimSpace(ys))
		if !ok || err1 != nil || err2 != nil {
			return false
		}
		if n == 0 || px < x0 {
			x0 = px
		}
		if n == 0 || py < y0 {
			y0 = py
		}
		if n == 0 || px > x1 {
			x1 = px
		}
		if n == 0 || py > y1 {
			y1 = py
		}
		n++
	}
	return n > 0 && x >= x0 && x <= x1 && y >= y0 && y <= y1
}

// entryHexes splits where a box says its group enters into hexes, when
// every word is a hex of a board read; else it is an area's name.
func (im *importer) entryHexes(where string) []string {
	ws := strings.Fields(where)
	for _, w := range ws {
		ok := false
		for _, b := range im.boards {
			ok = ok || b.parseLabel(w)
		}
		if !ok {
			return nil
		}
	}
	return ws
}

// hasAreas reports whether every name is an area the module keeps.
func (im *importer) hasAreas(names []string) bool {
	for _, n := range names {
		if !slices.ContainsFunc(im.areas, func(a area) bool { return a.Name == n }) {
			return false
		}
	}
	return true
}

// arrivalWhere is an arrival's hexes: as its box names them, or with a
// note when the box names an area (a module holds no areas) or nothing.
func (im *importer) arrivalWhere(sc *scenario, a *arrivalGroup) string {
	if hs := im.entryHexes(a.where); len(hs) > 0 {
		var qs []string
		for _, h := range hs {
			qs = append(qs, q(im.relabel(h)))
		}
		return ", hexes: [" + strings.Join(qs, ", ") + "]"
	}
	// an area the module keeps (areasMember), or the book's
	// alternatives, "3 or 4"
	if alts := strings.Split(a.where, " or "); a.where != "" && im.hasAreas(alts) {
		s := ", area: " + q(alts[0])
		if len(alts) > 1 {
			var qs []string
			for _, x := range alts[1:] {
				qs = append(qs, "{area: "+q(x)+"}")
			}
			s += ", or: [" + strings.Join(qs, ", ") + "]"
		}
		return s
	}
	if a.where != "" {
		im.res.Unread = append(im.res.Unread, Note{"scenario " + sc.id, fmt.Sprintf("arrival of %s at %s enters at %q, which is not hexes of the map; the module holds no map areas, so it is written without hexes", a.side, a.time, a.where)})
		return ", note: " + q("enters at "+a.where)
	}
	return ""
}

// arrivalMore is what else an arrival's box says: optional, fatigue,
// activations.
func arrivalMore(a *arrivalGroup) string {
	s := ""
	if a.optional {
		s += ", optional: true"
	}
	if a.fatigue != "" {
		if _, err := strconv.Atoi(a.fatigue); err == nil {
			s += ", fatigue: " + a.fatigue
		} else {
			s += ", fatigue: " + q(a.fatigue)
		}
	}
	if a.activations > 0 {
		s += ", activations: " + strconv.Itoa(a.activations)
	}
	return s
}

// display tells a map of a muster module that shows one of the ruleset's
// displays (package displays: "Army Orders Card (Union)"), which the
// rebuild makes again.
func (im *importer) display(mapName string) bool {
	for _, d := range im.rules.Play.Displays {
		if mapName == d.Title || strings.HasPrefix(mapName, d.Title+" (") {
			return true
		}
	}
	return false
}
