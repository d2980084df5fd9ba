package vmod

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// q quotes a YAML scalar (a JSON string is a YAML double-quoted string).
func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

var plainInt = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`) })

// val writes a counter value: a number where the ruleset's field is a
// number and the text is one, a string otherwise.
func (im *importer) val(field, v string) string {
	if f, ok := im.rules.Fields[field]; ok && (f.Type == "int" || f.Type == "integer" || f.Type == "number") && plainInt().MatchString(v) {
		return v
	}
	if v == "true" || v == "false" {
		if f, ok := im.rules.Fields[field]; ok && (f.Type == "bool" || f.Type == "boolean") {
			return v
		}
	}
	return q(v)
}

func (im *importer) write() error {
	if len(im.boards) == 0 {
		return fmt.Errorf("the module has no board with a hex grid muster can read (see the report)")
	}
	if len(im.sides) == 0 {
		im.res.Unread = append(im.res.Unread, Note{im.root.Path(), "no piece with muster's Side and Kind markers: the forces are empty"})
	}
	if len(im.days) == 0 {
		im.days = []string{"Day 1"}
		im.res.Unread = append(im.res.Unread, Note{im.root.Path(), "no turn track with a Day level: one day, \"Day 1\", is written"})
	}
	if len(im.times) == 0 {
		slots, _ := im.rules.Turns.Expand()
		for _, sl := range slots {
			im.times = append(im.times, sl.Time)
		}
	}
	id := im.opt.ID
	if id == "" && im.opt.Module != "" {
		id = slug(strings.TrimSuffix(im.opt.Module, ".vmod"))
	}
	if id == "" {
		id = slug(im.root.attr("name"))
	}
	mod := im.opt.Module
	if mod == "" {
		mod = "the module"
	}
	var files []string
	// map.yaml
	var m strings.Builder
	m.WriteString("kind: map\n")
	fmt.Fprintf(&m, "source: %s\n", q("imported from "+mod+" by muster import vmod"))
	m.WriteString("note: The module does not say the terrain; every hex is clear until a designer writes the rows.\n")
	sheets, shiftOdd, placed := im.placeSheets()
	if !placed {
		sheets, shiftOdd = im.sideBySide()
	}
	im.relabel = func(l string) string { return relabel(sheets, im.boards[0].first, im.boards[0].leading, l) }
	shift := "odd"
	if !shiftOdd {
		shift = "even"
	}
	lbl := "col-row"
	if im.boards[0].first == 'V' {
		lbl = "row-col"
	}
	fmt.Fprintf(&m, "grid: {hexes: flat-top, shifted: %s, label: %s, digits: %d}\n", shift, lbl, im.boards[0].leading+1)
	m.WriteString("sheets:\n")
	for _, so := range sheets {
		if b := so.art; b != nil {
			fmt.Fprintf(&m, "  # board %s of the module; its art is %s (%dx%d px, hexes %gx%g px, origin %d,%d)\n", q(b.name), b.file, b.w, b.h, b.dx, b.dy, b.x0, b.y0)
		}
		fmt.Fprintf(&m, "  - id: %s\n    name: %s\n    at: [%d, %d]\n    cols: {first: %d, last: %d}\n    rows: {first: %d, last: %d}\n",
			q(so.id), q(so.name), so.x, so.y, so.cols[0], so.cols[1], so.rows[0], so.rows[1])
		if b := so.art; b != nil {
			fmt.Fprintf(&m, "    art: {image: %s, origin: [%g, %g], hex: {dx: %g, dy: %g}}\n", q(b.file), so.ox, so.oy, b.dx, b.dy)
		}
	}
	if len(im.roads) > 0 {
		m.WriteString("roads:\n")
		for _, r := range im.roads {
			fmt.Fprintf(&m, "  - type: %s\n", q(r.Type))
			if r.Name != "" {
				fmt.Fprintf(&m, "    name: %s\n", q(r.Name))
			}
			fmt.Fprintf(&m, "    path: [%s]\n", im.labels(r.Path))
		}
	}
	if len(im.areas) > 0 {
		m.WriteString("areas:\n")
		for _, a := range im.areas {
			parts := []string{}
			if a.Side != "" {
				parts = append(parts, "side: "+q(a.Side))
			}
			if a.Edge != "" {
				parts = append(parts, "edge: "+q(a.Edge))
			}
			parts = append(parts, "hexes: ["+im.labels(a.Hexes)+"]")
			if a.Role != "" {
				parts = append(parts, "role: "+q(a.Role))
			}
			if a.Arrow != "" {
				parts = append(parts, "arrow: "+q(im.relabel(a.Arrow)))
			}
			if a.Entrance != "" {
				parts = append(parts, "entrance: "+q(im.relabel(a.Entrance)))
			}
			fmt.Fprintf(&m, "  %s: {%s}\n", q(a.Name), strings.Join(parts, ", "))
		}
	}
	im.res.Files["map.yaml"] = []byte(m.String())
	// forces
	im.emptyFormations()
	im.rowFormations()
	var forceFiles []string
	for _, sid := range im.sideOrder {
		sd := im.sides[sid]
		var f strings.Builder
		f.WriteString("kind: forces\n")
		fmt.Fprintf(&f, "side: %s\n", q(sid))
		fmt.Fprintf(&f, "source: %s\n", q("imported from "+mod))
		f.WriteString("army:\n")
		im.writeFormation(&f, sd.army, "  ", true)
		name := "forces-" + slug(sid) + ".yaml"
		im.res.Files[name] = []byte(f.String())
		forceFiles = append(forceFiles, name)
	}
	files = append(files, forceFiles...)
	files = append(files, "map.yaml")
	// scenarios
	for _, scID := range im.scenOrder {
		sc := im.scen[scID]
		if len(sc.stacks) == 0 && len(sc.breast) == 0 && len(sc.sheets) == 0 {
			continue
		}
		var s strings.Builder
		s.WriteString("kind: scenario\n")
		fmt.Fprintf(&s, "id: %s\nname: %s\n", q(sc.id), q(sc.name))
		if sc.source != "" {
			fmt.Fprintf(&s, "source: %s\n", q(mod+": "+sc.source))
		}
		if sc.note != "" {
			fmt.Fprintf(&s, "note: %s\n", q(sc.note))
		}
		if len(sc.sheets) == 0 {
			for _, so := range sheets {
				sc.sheets = append(sc.sheets, so.id)
			}
		}
		var shs []string
		for _, x := range sc.sheets {
			shs = append(shs, q(x))
		}
		fmt.Fprintf(&s, "sheets: [%s]\n", strings.Join(shs, ", "))
		first, last := sc.first, ""
		h, fromHelp := im.help[sc.name]
		if fromHelp {
			if first == "" {
				first = h.first
			}
			last = h.last
		}
		if first == "" && len(im.days) > 0 && len(im.times) > 0 {
			first = im.days[0] + " " + im.times[0]
			im.res.Unread = append(im.res.Unread, Note{"scenario " + sc.id, "the first turn is not in the module; the turn track's first is written"})
		}
		if last == "" {
			last = first
			for _, a := range sc.arrivals {
				if im.turnIndex(a.time) > im.turnIndex(last) {
					last = a.time
				}
			}
			im.res.Unread = append(im.res.Unread, Note{"scenario " + sc.id, fmt.Sprintf("the last turn is not in the module; %s (the first, or the last arrival) is written", last)})
			s.WriteString("# The module does not say the last turn: the first, or the last arrival, is written.\n")
		}
		fmt.Fprintf(&s, "turns: {first: %s, last: %s}\n", q(first), q(last))
		if fromHelp && h.side != "" {
			fmt.Fprintf(&s, "first: %s\n", q(h.side))
		}
		if len(sc.stacks) > 0 || len(sc.breast) > 0 {
			s.WriteString("setup:\n")
		}
		for _, sid := range im.sideOrder {
			st := sc.stacks[sid]
			if len(st) == 0 && len(sc.breast[sid]) == 0 {
				continue
			}
			sd := im.sides[sid]
			fmt.Fprintf(&s, "  %s:\n", q(sid))
			// the module's labels of one hex (a seam's line, named on
			// either sheet) are one entry
			var keys []string
			byKey := map[string][]string{}
			for _, hex := range sc.order[sid] {
				k := im.relabel(hex)
				if _, ok := byKey[k]; !ok {
					keys = append(keys, k)
				}
				byKey[k] = append(byKey[k], hex)
			}
			for _, k := range keys {
				var refs []string
				breast, reserve, within := false, false, 0
				for _, hex := range byKey[k] {
					for _, p := range st[hex] {
						f := strings.SplitN(p, "\x00", 3)
						refs = append(refs, pieceRef(sd.ref(f[0], f[1]), f[2]))
					}
					breast = breast || sc.breast[sid][hex] > 0
					reserve = reserve || sc.reserve[hex]
					within = max(within, sc.within[hex])
				}
				var more string
				if breast {
					more += ", breastworks: true"
				}
				if reserve {
					more += ", reserve: true"
				}
				if within > 0 {
					more += fmt.Sprintf(", within: %d", within)
				}
				if more != "" {
					fmt.Fprintf(&s, "    %s: {units: [%s]%s}\n", q(k), strings.Join(refs, ", "), more)
				} else {
					fmt.Fprintf(&s, "    %s: [%s]\n", q(k), strings.Join(refs, ", "))
				}
			}
		}
		s.WriteString(im.drawData(sc))
		if len(sc.arrivals) > 0 {
			s.WriteString("reinforcements:\n")
			for _, sid := range arrivalSides(sc.arrivals) {
				var as []*arrivalGroup
				for _, a := range sc.arrivals {
					if a.side == sid {
						as = append(as, a)
					}
				}
				if len(as) == 0 {
					continue
				}
				sd := im.sides[sid]
				if sd == nil {
					im.res.Unread = append(im.res.Unread, Note{"scenario " + sc.id, fmt.Sprintf("arrivals of side %q, which no piece belongs to: not written", sid)})
					continue
				}
				fmt.Fprintf(&s, "  %s:\n", q(sid))
				for _, a := range as {
					var refs []string
					for _, p := range a.pieces {
						f := strings.SplitN(p, "\x00", 3)
						refs = append(refs, pieceRef(sd.ref(f[0], f[1]), f[2]))
					}
					for _, d := range a.of {
						refs = append(refs, q(d))
					}
					fmt.Fprintf(&s, "    - {time: %s%s, units: [%s]%s}\n", q(a.time), im.arrivalWhere(sc, a), strings.Join(refs, ", "), arrivalMore(a))
				}
			}
		}
		s.WriteString(im.withdrawData(sc))
		name := "scenario-" + slug(sc.id) + ".yaml"
		im.res.Files[name] = []byte(s.String())
		files = append(files, name)
		im.res.Read = append(im.res.Read, fmt.Sprintf("scenario %s: %d sides placed, first turn %q", sc.id, len(sc.stacks), first))
	}
	// battle.yaml
	var b strings.Builder
	b.WriteString("kind: battle\n")
	fmt.Fprintf(&b, "id: %s\nname: %s\nsystem: %s\n", q(id), q(im.root.attr("name")), im.system)
	fmt.Fprintf(&b, "source: %s\n", q("imported from "+mod+" (VASSAL "+im.root.attr("VassalVersion")+", version "+im.root.attr("version")+") by muster import vmod"))
	b.WriteString("sides:\n")
	for _, sid := range im.sideOrder {
		fmt.Fprintf(&b, "  - {id: %s, name: %s}\n", q(sid), q(im.sides[sid].name))
	}
	if len(im.sides) == 0 {
		b.WriteString("  - {id: A, name: Side A}\n  - {id: B, name: Side B}\n")
	}
	if im.override != nil {
		data, err := json.MarshalIndent(im.override, "  ", "  ")
		if err != nil {
			return err
		}
		b.WriteString("# The battle's own rules, as the module keeps them (JSON is YAML).\n")
		fmt.Fprintf(&b, "rules: %s\n", data)
	}
	var ds []string
	for _, d := range im.days {
		ds = append(ds, q(d))
	}
	fmt.Fprintf(&b, "days: [%s]\n", strings.Join(ds, ", "))
	var fs []string
	for _, f := range files {
		fs = append(fs, q(f))
	}
	fmt.Fprintf(&b, "files: [%s]\n", strings.Join(fs, ", "))
	im.res.Files["battle.yaml"] = []byte(b.String())
	im.res.Files["import-report.md"] = im.report()
	return nil
}

func (im *importer) writeFormation(w *strings.Builder, f *formation, ind string, top bool) {
	first := true
	line := func(s string) {
		if first && !top {
			w.WriteString(ind[:len(ind)-2] + "- " + s + "\n")
		} else {
			w.WriteString(ind + s + "\n")
		}
		first = false
	}
	if f.id != "" {
		line("id: " + q(f.id))
	}
	if f.name != "" {
		line("name: " + q(f.name))
	}
	line("level: " + q(f.level))
	if f.leader != nil {
		line("leader: " + im.leaderText(f.leader))
	}
	if len(f.officers) > 0 {
		line("officers:")
		for _, o := range f.officers {
			w.WriteString(ind + "  - " + im.leaderText(o) + "\n")
		}
	}
	if len(f.spares) > 0 {
		line("spares:")
		for _, o := range f.spares {
			w.WriteString(ind + "  - " + im.leaderText(o) + "\n")
		}
	}
	if len(f.units) > 0 {
		line("units:")
		for _, u := range f.units {
			w.WriteString(ind + "  - " + im.unitText(u) + "\n")
		}
	}
	if len(f.kids) > 0 {
		line("formations:")
		for _, k := range f.kids {
			im.writeFormation(w, k, ind+"    ", false)
		}
	}
}

func (im *importer) leaderText(p *piece) string {
	parts := []string{"name: " + q(p.name)}
	if p.rank != "" {
		if plainInt().MatchString(p.rank) {
			parts = append(parts, "rank: "+p.rank)
		} else {
			parts = append(parts, "rank: "+q(p.rank))
		}
	}
	for _, v := range p.values {
		parts = append(parts, v[0]+": "+im.val(v[0], v[1]))
	}
	if len(p.counters) > 0 {
		var cs []string
		for _, c := range p.counters {
			ps := []string{"name: " + q(c.name), "from: " + q(c.from)}
			for _, v := range c.values {
				ps = append(ps, v[0]+": "+im.val(v[0], v[1]))
			}
			cs = append(cs, "{"+strings.Join(ps, ", ")+"}")
		}
		parts = append(parts, "counters: ["+strings.Join(cs, ", ")+"]")
	}
	if r := p.replacement; r != nil {
		ps := []string{"name: " + q(r.name)}
		for _, v := range r.values {
			ps = append(ps, v[0]+": "+im.val(v[0], v[1]))
		}
		parts = append(parts, "replacement: {"+strings.Join(ps, ", ")+"}")
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func (im *importer) unitText(p *piece) string {
	parts := []string{"name: " + q(p.name), "type: " + q(p.typ)}
	for _, v := range p.values {
		if v[1] == "" { // a value the book does not print (~) is written empty
			parts = append(parts, v[0]+": ~")
			continue
		}
		parts = append(parts, v[0]+": "+im.val(v[0], v[1]))
	}
	for _, face := range p.faceOrder {
		var fv []string
		for _, v := range p.faces[face] {
			if v[1] == "" {
				fv = append(fv, v[0]+": ~")
				continue
			}
			fv = append(fv, v[0]+": "+im.val(v[0], v[1]))
		}
		parts = append(parts, face+": {"+strings.Join(fv, ", ")+"}")
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// report is import-report.md: what was read, what the rebuild makes
// again, and every component, trait and property not understood.
func (im *importer) report() []byte {
	var r strings.Builder
	mod := im.opt.Module
	if mod == "" {
		mod = "the module"
	}
	fmt.Fprintf(&r, "# Import report: %s\n\n", mod)
	fmt.Fprintf(&r, "Module %s, VASSAL %s; rule system %s", q(im.root.attr("name")), im.root.attr("VassalVersion"), im.system)
	if im.muster {
		r.WriteString(" (the module was written by muster)")
	}
	r.WriteString(".\n\n## Read\n\n")
	for _, s := range im.res.Read {
		r.WriteString("- " + s + "\n")
	}
	for _, sid := range im.sideOrder {
		n := 0
		for range im.sides[sid].names {
			n++
		}
		fmt.Fprintf(&r, "- side %s (%s): %d pieces by name\n", sid, im.sides[sid].name, n)
	}
	r.WriteString("- terrain: unknown (a module holds no terrain); every hex reads as clear\n")
	r.WriteString("- the board art is kept beside the battle under images/ and each sheet's `art:` names it, with the grid's origin and spacing read from the module (docs/art.md)\n")
	fmt.Fprintf(&r, "\n## Not understood (%d)\n\n", len(im.res.Unread)+im.res.UnreadMore)
	if len(im.res.Unread) == 0 {
		r.WriteString("Nothing.\n")
	}
	for _, n := range im.res.Unread {
		fmt.Fprintf(&r, "- `%s`: %s\n", n.Path, n.What)
	}
	if im.res.UnreadMore > 0 {
		fmt.Fprintf(&r, "- and %d more, not listed (the report lists %d, the note limit)\n", im.res.UnreadMore, maxNotes)
	}
	if len(im.res.Rebuilt) > 0 {
		fmt.Fprintf(&r, "\n## Made again by muster, not read (%d)\n\n", len(im.res.Rebuilt)+im.res.RebuiltMore)
		for _, n := range im.res.Rebuilt {
			fmt.Fprintf(&r, "- `%s`: %s\n", n.Path, n.What)
		}
		if im.res.RebuiltMore > 0 {
			fmt.Fprintf(&r, "- and %d more, not listed (the report lists %d, the note limit)\n", im.res.RebuiltMore, maxNotes)
		}
	}
	return []byte(r.String())
}

// turnIndex orders "Day Time" turns by the turn track.
func (im *importer) turnIndex(t string) int {
	for d, day := range im.days {
		for i, tm := range im.times {
			if day+" "+tm == t {
				return d*len(im.times) + i
			}
		}
	}
	return -1
}

// labels writes hexes as a flow list's items, each quoted by the label of
// the sheet the import has it on.
func (im *importer) labels(hexes []string) string {
	hs := make([]string, len(hexes))
	for i, h := range hexes {
		hs[i] = q(im.relabel(h))
	}
	return strings.Join(hs, ", ")
}

// arrivalSides orders the sides of a scenario's arrivals as the scenario
// listed them: the module numbers its boxes by time, and among arrivals of
// the same time keeps that order of the sides (compile/vassal
// sortedArrivals), so a side whose box comes before another's of the same
// time comes first; else the sides are in the order of their first
// arrival.
func arrivalSides(as []*arrivalGroup) []string {
	var first []string
	before := map[string]map[string]bool{} // side → the sides that come before it
	for i, a := range as {
		if !contains(first, a.side) {
			first = append(first, a.side)
		}
		for _, b := range as[i+1:] {
			if b.time == a.time && b.side != a.side {
				if before[b.side] == nil {
					before[b.side] = map[string]bool{}
				}
				before[b.side][a.side] = true
			}
		}
	}
	var out []string
	for len(out) < len(first) {
		next := ""
		for _, sid := range first {
			if contains(out, sid) {
				continue
			}
			ready := true
			for o := range before[sid] {
				ready = ready && contains(out, o)
			}
			if ready {
				next = sid
				break
			}
		}
		if next == "" { // the boxes contradict themselves: the first left
			for _, sid := range first {
				if next == "" && !contains(out, sid) {
					next = sid
				}
			}
		}
		out = append(out, next)
	}
	return out
}
