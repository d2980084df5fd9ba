package vmod

import (
	"slices"
	"sort"
	"strings"
)

// A muster module's displays (package displays: a GBACW leader board) are
// made again from the ruleset and the forces, but a row's markers name a
// formation the forces may hold no piece of (Dead of Winter's 2/S,
// "never enumerated": no leader, no units). Each marker's At-Start stack
// is named "<board> <formation>/<track>/<space>" (compile/vassal
// displayStacks) and its piece "<title> <track title>" (the formation's
// name, else its designation): the import makes such a formation again,
// at its row's level, so that the rebuilt display has its markers.

// rowMarker is one formation's marker on a display's row.
type rowMarker struct {
	side   string // the display's side, by name
	desig  string // the formation's designation
	level  string // its row's level
	name   string // its name, "" where the marker names it by designation
	y, ord int    // where the row is on its display, and the stack's order
}

// displayRows reads the row markers of a display map of a muster module
// (a side's display: mapName is "<title> (<side>)").
func (im *importer) displayRows(mapName string, n *node) {
	for _, d := range im.rules.Play.Displays {
		sideName, ok := strings.CutPrefix(mapName, d.Title+" (")
		if !d.PerSide || !ok || !strings.HasSuffix(sideName, ")") {
			continue
		}
		sideName = strings.TrimSuffix(sideName, ")")
		for _, st := range n.Kids {
			if st.Class != "module.map.SetupStack" || len(st.Kids) == 0 {
				continue
			}
			box, ok := strings.CutPrefix(st.attr("name"), st.attr("owningBoard")+" ")
			comps := strings.Split(box, "/")
			if !ok || len(comps) < 3 {
				continue
			}
			desig, track := strings.Join(comps[:len(comps)-2], "/"), comps[len(comps)-2]
			for _, r := range d.Rows {
				for _, t := range r.Tracks {
					if t.ID != track {
						continue
					}
					title := strings.TrimSuffix(st.Kids[0].attr("entryName"), " "+t.Title)
					if title == desig {
						title = ""
					}
					im.rowMarkers = append(im.rowMarkers, rowMarker{side: sideName, desig: desig, level: r.Level, name: title,
						y: atoi(st.attr("y")), ord: len(im.rowMarkers)})
				}
			}
		}
		return
	}
}

// rowFormations makes the formations the displays' rows name where no
// piece made them: parents first, each at its row's level, placed among
// its siblings in the order the display lists them.
func (im *importer) rowFormations() {
	ms := append([]rowMarker{}, im.rowMarkers...)
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].y != ms[j].y {
			return ms[i].y < ms[j].y
		}
		return ms[i].ord < ms[j].ord
	})
	// the display's order of each side's formations of a level
	order := map[string][]string{}
	for _, m := range ms {
		k := m.side + "\x00" + m.level
		if !contains(order[k], m.desig) {
			order[k] = append(order[k], m.desig)
		}
	}
	sort.SliceStable(ms, func(i, j int) bool {
		return strings.Count(ms[i].desig, "/") < strings.Count(ms[j].desig, "/")
	})
	for _, m := range ms {
		var sd *side
		for _, id := range im.sideOrder {
			if im.sides[id].name == m.side {
				sd = im.sides[id]
			}
		}
		if sd == nil || sd.byDesig[m.desig] != nil {
			continue
		}
		k := im.makeFormation(sd, m.desig, m.level, order[m.side+"\x00"+m.level])
		if k.name == "" {
			k.name = m.name
		}
	}
}

// makeFormation finds or makes the formation of a side's designation,
// with its chain: a formation made is at level (else at its siblings'
// level, else the level below its parent's), and placed before the first
// sibling that order (designations in order-of-battle order) lists after
// it, else last.
func (im *importer) makeFormation(sd *side, desig, level string, order []string) *formation {
	comps := strings.Split(desig, "/")
	f := sd.army
	for i := len(comps) - 1; i >= 0; i-- {
		d := strings.Join(comps[i:], "/")
		k := sd.byDesig[d]
		if k == nil {
			k = &formation{id: comps[i], level: "formation"}
			for j, lv := range im.rules.Levels {
				if lv.ID == f.level && j+1 < len(im.rules.Levels) {
					k.level = im.rules.Levels[j+1].ID
				}
			}
			if len(f.kids) > 0 {
				k.level = f.kids[0].level
			}
			if i == 0 && level != "" {
				k.level = level
			}
			sd.byDesig[d] = k
			parent := strings.Join(comps[i+1:], "/")
			at := len(f.kids)
			if me := slices.Index(order, d); me >= 0 {
				for x, kid := range f.kids {
					kd := kid.id
					if parent != "" {
						kd += "/" + parent
					}
					if slices.Index(order, kd) > me {
						at = x
						break
					}
				}
			}
			f.kids = append(f.kids[:at], append([]*formation{k}, f.kids[at:]...)...)
		}
		f = k
	}
	return f
}
