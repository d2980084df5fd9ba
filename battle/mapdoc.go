package battle

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/schema"
	"go.yaml.in/yaml/v3"
)

func (ld *loader) resolveMap(d *schema.Doc) {
	g := &maps.Grid{ShiftOdd: true, Digits: 2}
	gn := schema.Get(d.Root, "grid")
	if schema.Str(schema.Get(gn, "hexes")) == "pointy-top" {
		g.Pointy = true
	}
	if schema.Str(schema.Get(gn, "shifted")) == "even" {
		g.ShiftOdd = false
	}
	if schema.Str(schema.Get(gn, "label")) == "row-col" {
		g.RowCol = true
	}
	if n, ok := schema.Int(schema.Get(gn, "digits")); ok {
		g.Digits = int(n)
	}
	ld.b.MapNote = schema.Str(schema.Get(d.Root, "illustrative"))
	type sheetDoc struct {
		s *maps.Sheet
		n *schema.Node
	}
	var sheets []sheetDoc
	for _, sn := range schema.Items(schema.Get(d.Root, "sheets")) {
		id := schema.Str(schema.Get(sn, "id"))
		cols, rows := schema.Get(sn, "cols"), schema.Get(sn, "rows")
		cf, _ := schema.Int(schema.Get(cols, "first"))
		cl, _ := schema.Int(schema.Get(cols, "last"))
		rf, _ := schema.Int(schema.Get(rows, "first"))
		rl, _ := schema.Int(schema.Get(rows, "last"))
		var x, y int64
		if at := schema.Items(schema.Get(sn, "at")); len(at) == 2 {
			x, _ = schema.Int(at[0])
			y, _ = schema.Int(at[1])
		}
		// The whole map starts at [0, 0]; the schema refuses a negative
		// at (S005, on the number itself). The sheet is laid at 0 so the
		// rest of the map is still checked, one error, not a cascade.
		x, y = max(x, 0), max(y, 0)
		bad := false
		for _, o := range g.Sheets {
			if o.ID == id || strings.HasPrefix(o.ID, id) || strings.HasPrefix(id, o.ID) {
				ld.diags.Addf(CodeSheetID, d.Pos(schema.Get(sn, "id")), "sheet %q clashes with sheet %q: labels would be ambiguous", id, o.ID)
				bad = true
			}
		}
		if bad || id == "" {
			continue
		}
		// Checked: numbers near the int64 limit must not wrap the count
		// round to a small or negative one and slip under the limit.
		nc, okc := maps.Extent(int(cf), int(cl))
		nr, okr := maps.Extent(int(rf), int(rl))
		if !okc || !okr || nc > 4_000_000 || nr > 4_000_000 || nc*nr > 4_000_000 {
			ld.diags.Addf(CodeRows, d.Pos(sn), "sheet %s has %s x %s hexes; muster allows 4,000,000 a sheet", id, extent(cf, cl), extent(rf, rl))
			continue
		}
		s := maps.NewSheet(id, int(x), int(y), int(cf), int(cl), int(rf), int(rl))
		if x > 4_000_000 || y > 4_000_000 || max(g.W, s.X+s.Cols)*max(g.H, s.Y+s.Rows) > 4_000_000 {
			ld.diags.Addf(CodeRows, d.Pos(sn), "sheet %s at [%d, %d] makes the map larger than 4,000,000 hexes", id, x, y)
			continue
		}
		g.AddSheet(s)
		sheets = append(sheets, sheetDoc{s, sn})
	}
	m := maps.New(g)
	ld.b.Map = m
	legend := map[rune]string{}
	unknown := map[rune]bool{} // legend characters whose terrain name is reported
	ltKeys, ltVals := schema.Pairs(schema.Get(d.Root, "terrain"))
	var names []string
	for name := range ld.b.Rules.Terrain {
		names = append(names, name)
	}
	sort.Strings(names)
	for i, k := range ltKeys {
		name := schema.Str(ltVals[i])
		r := []rune(k.Value)
		if _, ok := ld.b.Rules.Terrain[name]; !ok {
			if len(r) == 1 {
				unknown[r[0]] = true
			}
			dg := ld.diags.Addf(CodeTerrainName, d.Pos(ltVals[i]), "unknown terrain %q in %s", name, ld.b.System)
			if m := schema.Nearest(name, names); m != "" {
				dg.Hint = "did you mean " + m + "?"
			} else {
				dg.Hint = "terrain types: " + strings.Join(names, ", ")
			}
			continue
		}
		if len(r) == 1 {
			legend[r[0]] = name
		}
	}
	for _, sd := range sheets {
		ld.sheetRows(d, m, sd.s, sd.n, legend, unknown)
		ld.sheetArt(d, g, sd.s, sd.n)
	}
	ld.hexsides(d, m)
	ld.roads(d, m)
	ld.areas(d, m)
}

func (ld *loader) sheetRows(d *schema.Doc, m *maps.Map, s *maps.Sheet, sn *schema.Node, legend map[rune]string, unknown map[rune]bool) {
	check := func(key string, set func(c maps.Coord, ch rune, pos diag.Pos)) {
		rowsNode := schema.Get(sn, key)
		if rowsNode == nil {
			return
		}
		rows := schema.Items(rowsNode)
		if len(rows) != s.Rows {
			ld.diags.Addf(CodeRows, d.Pos(schema.Key(sn, key)), "sheet %s has %d rows (%s) but its %s has %d", s.ID, s.Rows, s.RowRange(), key, len(rows))
		}
		for j, rn := range rows {
			if j >= s.Rows {
				break
			}
			text := []rune(schema.Str(rn))
			if len(text) != s.Cols {
				ld.diags.Addf(CodeRows, d.Pos(rn), "%s row %d of sheet %s has %d hexes; the sheet has %d columns (%s)", key, j+1, s.ID, len(text), s.Cols, s.ColRange())
			}
			for i, ch := range text {
				if i >= s.Cols {
					break
				}
				set(maps.Coord{X: s.X + i, Y: s.Y + j}, ch, quotedPos(d, rn, i))
			}
		}
	}
	reported := map[rune]bool{}
	check("terrain", func(c maps.Coord, ch rune, pos diag.Pos) {
		name, ok := legend[ch]
		if !ok {
			if !reported[ch] && !unknown[ch] {
				ld.diags.Addf(CodeTerrainChar, pos, "terrain character %q is not in the map's legend", string(ch))
				reported[ch] = true
			}
			return
		}
		h := m.At(c)
		idx := m.TerrainIndex(name)
		if h.Terrain >= 0 && h.Terrain != idx {
			ld.diags.Addf(CodeSheetClash, pos, "%s is %s here but %s on another sheet", m.Grid.LabelOn(s, c), name, m.Terrain[h.Terrain])
			return
		}
		h.Terrain = idx
		m.Set(c, h)
	})
	check("elevation", func(c maps.Coord, ch rune, pos diag.Pos) {
		var lv int16
		switch {
		case ch >= '0' && ch <= '9':
			lv = int16(ch - '0')
		case ch >= 'a' && ch <= 'z':
			lv = int16(ch-'a') + 10
		default:
			ld.diags.Addf(CodeElevation, pos, "elevation %q is not 0-9 or a-z", string(ch))
			return
		}
		h := m.At(c)
		if h.Elevation >= 0 && h.Elevation != lv {
			ld.diags.Addf(CodeSheetClash, pos, "%s is at level %d here but %d on another sheet", m.Grid.LabelOn(s, c), lv, h.Elevation)
			return
		}
		h.Elevation = lv
		m.Set(c, h)
	})
}

// quotedPos is the position of the i-th character of a scalar's text.
func quotedPos(d *schema.Doc, n *schema.Node, i int) diag.Pos {
	p := d.Pos(n)
	if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) == 0 {
		p.Column += i
		return p
	}
	p.Column += i + 1
	return p
}

// hex parses a label node; it reports and returns false when it names no hex.
func (ld *loader) hex(d *schema.Doc, n *schema.Node) (HexRef, bool) {
	label := schema.Str(n)
	pos := d.Pos(n)
	if ld.b.Map == nil {
		return HexRef{Label: label, Pos: pos}, false
	}
	c, _, err := ld.b.Map.Grid.Parse(label)
	if err != nil {
		dg := ld.diags.Addf(CodeBadHex, pos, "%v", err)
		if le, ok := err.(*maps.LabelError); ok {
			dg.Hint = le.Hint
		}
		return HexRef{Label: label, Pos: pos}, false
	}
	return HexRef{Coord: c, Label: label, Pos: pos}, true
}

func (ld *loader) hexsides(d *schema.Doc, m *maps.Map) {
	keys, vals := schema.Pairs(schema.Get(d.Root, "hexsides"))
	type seen struct {
		feats string
		pos   diag.Pos
		label string
	}
	got := map[maps.Edge]seen{}
	var known []string
	for k := range ld.b.Rules.Hexsides {
		known = append(known, k)
	}
	sort.Strings(known)
	for i, k := range keys {
		parts := strings.Split(k.Value, "/")
		if len(parts) != 2 {
			dg := ld.diags.Addf(CodeBadHex, d.Pos(k), "hexside %q must name two hexes, \"C3215/C3216\"", k.Value)
			dg.Hint = "write both labels in full"
			continue
		}
		a, _, e1 := m.Grid.Parse(strings.TrimSpace(parts[0]))
		b, _, e2 := m.Grid.Parse(strings.TrimSpace(parts[1]))
		if e1 != nil || e2 != nil {
			err := e1
			if err == nil {
				err = e2
			}
			ld.diags.Addf(CodeBadHex, d.Pos(k), "hexside %q: %v", k.Value, err)
			continue
		}
		if !m.Grid.Adjacent(a, b) {
			ld.diags.Addf(CodeNotAdjacent, d.Pos(k), "%s and %s are not adjacent", parts[0], parts[1])
			continue
		}
		var feats []string
		var fnodes []*schema.Node
		if schema.IsSeq(vals[i]) {
			fnodes = schema.Items(vals[i])
		} else {
			fnodes = []*schema.Node{vals[i]}
		}
		ok := true
		for _, fn := range fnodes {
			f := schema.Str(fn)
			if _, has := ld.b.Rules.Hexsides[f]; !has {
				dg := ld.diags.Addf(CodeFeature, d.Pos(fn), "unknown hexside feature %q in %s", f, ld.b.System)
				if mm := schema.Nearest(f, known); mm != "" {
					dg.Hint = "did you mean " + mm + "?"
				} else {
					dg.Hint = "features: " + strings.Join(known, ", ")
				}
				ok = false
				continue
			}
			feats = append(feats, f)
		}
		if !ok {
			continue
		}
		sort.Strings(feats)
		e := maps.EdgeOf(a, b)
		fs := strings.Join(feats, ", ")
		if prev, dup := got[e]; dup {
			if prev.feats != fs {
				ld.diags.Addf(CodeHexsideClash, d.Pos(k), "%s is %s here but %s at %s (as %s)", k.Value, fs, prev.feats, prev.pos, prev.label)
			}
			continue
		}
		got[e] = seen{fs, d.Pos(k), k.Value}
		m.Hexsides[e] = feats
	}
}

func (ld *loader) roads(d *schema.Doc, m *maps.Map) {
	var known []string
	for k := range ld.b.Rules.Roads {
		known = append(known, k)
	}
	sort.Strings(known)
	for _, rn := range schema.Items(schema.Get(d.Root, "roads")) {
		tn := schema.Get(rn, "type")
		r := maps.Road{Type: schema.Str(tn), Name: schema.Str(schema.Get(rn, "name"))}
		if _, ok := ld.b.Rules.Roads[r.Type]; !ok {
			dg := ld.diags.Addf(CodeRoadType, d.Pos(tn), "unknown road type %q in %s", r.Type, ld.b.System)
			if mm := schema.Nearest(r.Type, known); mm != "" {
				dg.Hint = "did you mean " + mm + "?"
			} else {
				dg.Hint = "road types: " + strings.Join(known, ", ")
			}
		}
		ok := true
		for _, hn := range schema.Items(schema.Get(rn, "path")) {
			h, good := ld.hex(d, hn)
			if !good {
				ok = false
				continue
			}
			if n := len(r.Path); n > 0 && ok && !m.Grid.Adjacent(r.Path[n-1], h.Coord) {
				ld.diags.Addf(CodeRoadGap, h.Pos, "%s is not next to %s, the hex before it on the road", h.Label, m.Grid.Label(r.Path[n-1]))
				ok = false
			}
			r.Path = append(r.Path, h.Coord)
		}
		if ok {
			m.Roads = append(m.Roads, r)
		}
	}
}

func (ld *loader) areas(d *schema.Doc, m *maps.Map) {
	keys, vals := schema.Pairs(schema.Get(d.Root, "areas"))
	for i, k := range keys {
		a := &maps.Area{Name: k.Value, Side: schema.Str(schema.Get(vals[i], "side")), Edge: schema.Str(schema.Get(vals[i], "edge"))}
		if sn := schema.Get(vals[i], "side"); sn != nil && ld.b.Side(a.Side) == nil {
			dg := ld.diags.Addf(CodeUnknownSide, d.Pos(sn), "unknown side %q", a.Side)
			dg.Hint = ld.sideHint(a.Side)
		}
		for _, hn := range schema.Items(schema.Get(vals[i], "hexes")) {
			if h, ok := ld.hex(d, hn); ok {
				a.Hexes = append(a.Hexes, h.Coord)
			}
		}
		for _, k := range []string{"arrow", "entrance"} {
			hn := schema.Get(vals[i], k)
			if hn == nil {
				continue
			}
			if h, ok := ld.hex(d, hn); ok {
				ah := &maps.AreaHex{Coord: h.Coord, Label: h.Label, Pos: h.Pos}
				if k == "arrow" {
					a.Arrow = ah
				} else {
					a.Entrance = ah
				}
			}
		}
		m.Areas[a.Name] = a
	}
}

var _ = fmt.Sprint

// extent writes how many lines first to last spans, exactly, however large.
func extent(first, last int64) string {
	d := new(big.Int).Sub(big.NewInt(last), big.NewInt(first))
	return d.Abs(d).Add(d, big.NewInt(1)).String()
}
