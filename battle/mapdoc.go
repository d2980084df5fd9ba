package battle

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

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
	// Digits the schema refuses (0, 5, "2") would make every label wrong,
	// or right by a guess: the labels are skipped instead, said once.
	sheetList := schema.Get(d.Root, "sheets")
	readSheets := true
	if dn := schema.Get(gn, "digits"); dn != nil {
		if n, ok := schema.Int(dn); ok && n >= 1 && n <= maxDigits {
			g.Digits = int(n)
		} else {
			ld.refuseSheet("", mapDigits, d.Pos(dn))
			sheetList, readSheets = nil, false
		}
	}
	ld.b.MapNote = schema.Str(schema.Get(d.Root, "illustrative"))
	type sheetDoc struct {
		s *maps.Sheet
		n *schema.Node
	}
	var sheets []sheetDoc
	top := labelTop(g.Digits)
	if readSheets && len(schema.Items(sheetList)) == 0 { // missing, empty or not a list: the schema says so here
		ld.refuseSheet("", mapSheets, d.Pos(firstNode(sheetList, d.Root)))
	}
	for i, sn := range schema.Items(sheetList) {
		idNode := schema.Get(sn, "id")
		id := schema.Str(idNode)
		if id == "" { // the schema says why
			ld.refuseSheet("", fmt.Sprintf("sheet %d of the map, which has no letter,", i+1), d.Pos(sn))
			continue
		}
		bad := false
		for _, o := range append(sheetIDs(g.Sheets), ld.b.refused...) {
			if o != "" && (o == id || strings.HasPrefix(o, id) || strings.HasPrefix(id, o)) {
				ld.diags.Addf(CodeSheetID, d.Pos(idNode), "sheet %q clashes with sheet %q: labels would be ambiguous", id, o)
				bad = true
			}
		}
		if bad {
			continue
		}
		// A sheet muster cannot number or place is refused whole, with one
		// error on the value and one note (Y011) of what that skips: the
		// labels on it are then not reported one by one.
		refuse := func(pos diag.Pos) { ld.refuseSheet(id, "sheet "+id, pos) }
		num := func(key, end string) (int64, bool) {
			parent := schema.Get(sn, key)
			n := schema.Get(parent, end)
			v, past, ok := wholeNumber(n)
			switch {
			case !ok || v < 0: // missing, negative, not a whole number: the schema says so here
				refuse(d.Pos(firstNode(n, parent, sn)))
				return 0, false
			case past || v > top:
				line := map[string]string{"cols": "column", "rows": "row"}[key]
				dg := ld.diags.Addf(CodeSheetID, d.Pos(n), "sheet %s's %s number %s does not fit the map's labels, which give a number %d digits (%0*d-%d)", id, line, n.Value, g.Digits, g.Digits, 0, top)
				dg.Hint = fmt.Sprintf("number the sheet's %ss within %0*d-%d", line, g.Digits, 0, top)
				if need := len(strings.TrimLeft(strings.TrimPrefix(n.Value, "+"), "0")); !past && need <= maxDigits && strings.Trim(n.Value, "+0123456789") == "" {
					dg.Hint += fmt.Sprintf(", or give the map's labels %d digits (grid: {digits: %d})", need, need)
				}
				refuse(d.Pos(n))
				return 0, false
			}
			return v, true
		}
		var n [4]int64
		ok := true
		for i, k := range [4][2]string{{"cols", "first"}, {"cols", "last"}, {"rows", "first"}, {"rows", "last"}} {
			if n[i], ok = num(k[0], k[1]); !ok {
				break
			}
		}
		if !ok {
			continue
		}
		cf, cl, rf, rl := n[0], n[1], n[2], n[3]
		var x, y int64
		atKey, atNode := schema.Key(sn, "at"), schema.Get(sn, "at")
		if atNode != nil {
			at := schema.Items(atNode)
			var past, whole [2]bool
			if len(at) == 2 {
				x, past[0], whole[0] = wholeNumber(at[0])
				y, past[1], whole[1] = wholeNumber(at[1])
			}
			switch {
			case !whole[0] || !whole[1] || x < 0 || y < 0: // the schema says why
				pos := d.Pos(atNode)
				for i, n := range at {
					if !whole[i] || []int64{x, y}[i] < 0 {
						pos = d.Pos(n)
						break
					}
				}
				refuse(pos)
				continue
			case past[0] || past[1] || x > 4_000_000 || y > 4_000_000:
				ld.diags.Addf(CodeRows, d.Pos(atKey), "sheet %s at [%s, %s] makes the map larger than 4,000,000 hexes", id, at[0].Value, at[1].Value)
				refuse(d.Pos(atKey))
				continue
			}
		}
		// Checked: numbers near the int64 limit must not wrap the count
		// round to a small or negative one and slip under the limit.
		nc, okc := maps.Extent(int(cf), int(cl))
		nr, okr := maps.Extent(int(rf), int(rl))
		if !okc || !okr || nc > 4_000_000 || nr > 4_000_000 || nc*nr > 4_000_000 {
			key := "cols"
			if okc && nc <= 4_000_000 && (!okr || nr > 4_000_000) {
				key = "rows"
			}
			ld.diags.Addf(CodeRows, d.Pos(schema.Key(sn, key)), "sheet %s has %s x %s hexes; muster allows 4,000,000 a sheet", id, extent(cf, cl), extent(rf, rl))
			refuse(d.Pos(schema.Key(sn, key)))
			continue
		}
		s := maps.NewSheet(id, int(x), int(y), int(cf), int(cl), int(rf), int(rl))
		if max(g.W, s.X+s.Cols)*max(g.H, s.Y+s.Rows) > 4_000_000 {
			pos := d.Pos(atKey)
			if atKey == nil {
				pos = d.Pos(schema.Key(sn, "cols"))
			}
			ld.diags.Addf(CodeRows, pos, "sheet %s at [%d, %d] makes the map larger than 4,000,000 hexes", id, x, y)
			refuse(pos)
			continue
		}
		s.Pos = d.Pos(sn)
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
				dg.Offer(name, m)
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
	// rows returns the rows of the sheet's key that lie on the sheet,
	// reporting a count that is not the sheet's
	rows := func(key string) []*schema.Node {
		rowsNode := schema.Get(sn, key)
		if rowsNode == nil {
			return nil
		}
		rows := schema.Items(rowsNode)
		if key == "terrain" {
			for _, rn := range rows {
				s.TerrainRows = append(s.TerrainRows, quotedPos(d, rn, 0))
			}
		}
		if len(rows) != s.Rows {
			ld.diags.Addf(CodeRows, d.Pos(schema.Key(sn, key)), "sheet %s has %d rows (%s) but its %s has %d", s.ID, s.Rows, s.RowRange(), key, len(rows))
		}
		return rows[:min(len(rows), s.Rows)]
	}
	// text returns row j's text, reporting a length that is not the
	// sheet's: its characters are read as []rune reads them (an invalid
	// byte is one U+FFFD), the first s.Cols of them
	text := func(key string, j int, rn *schema.Node) string {
		t := schema.Str(rn)
		if n := utf8.RuneCountInString(t); n != s.Cols {
			ld.diags.Addf(CodeRows, d.Pos(rn), "%s row %d of sheet %s has %d hexes; the sheet has %d columns (%s)", key, j+1, s.ID, n, s.Cols, s.ColRange())
		}
		return t
	}
	reported := map[rune]bool{}
	// the terrain index (plus one) of an ASCII legend character, found at
	// its first hex: the legend is read once a character, not once a hex
	var ascii [utf8.RuneSelf]int16
	for j, rn := range rows("terrain") {
		row := m.Row(maps.Coord{X: s.X, Y: s.Y + j}, s.Cols)
		i := 0
		for _, ch := range text("terrain", j, rn) {
			if i >= s.Cols {
				break
			}
			var idx int16
			if ch < utf8.RuneSelf && ascii[ch] > 0 {
				idx = ascii[ch] - 1
			} else {
				name, ok := legend[ch]
				if !ok {
					if !reported[ch] && !unknown[ch] {
						ld.diags.Addf(CodeTerrainChar, quotedPos(d, rn, i), "terrain character %q is not in the map's legend", string(ch)).
							About(diag.Subjects{Values: []string{string(ch)}})
						reported[ch] = true
					}
					i++
					continue
				}
				idx = m.TerrainIndex(name)
				if ch < utf8.RuneSelf {
					ascii[ch] = idx + 1
				}
			}
			if h := &row[i]; h.Terrain >= 0 && h.Terrain != idx {
				c := maps.Coord{X: s.X + i, Y: s.Y + j}
				ld.diags.Addf(CodeSheetClash, quotedPos(d, rn, i), "%s is %s here but %s on another sheet", m.Grid.LabelOn(s, c), m.Terrain[idx], m.Terrain[h.Terrain]).
					About(diag.Subjects{Hexes: []string{m.Grid.LabelOn(s, c)}})
			} else {
				h.Terrain = idx
			}
			i++
		}
	}
	for j, rn := range rows("elevation") {
		row := m.Row(maps.Coord{X: s.X, Y: s.Y + j}, s.Cols)
		i := 0
		for _, ch := range text("elevation", j, rn) {
			if i >= s.Cols {
				break
			}
			var lv int16
			switch {
			case ch >= '0' && ch <= '9':
				lv = int16(ch - '0')
			case ch >= 'a' && ch <= 'z':
				lv = int16(ch-'a') + 10
			default:
				ld.diags.Addf(CodeElevation, quotedPos(d, rn, i), "elevation %q is not 0-9 or a-z", string(ch)).
					About(diag.Subjects{Values: []string{string(ch)}})
				i++
				continue
			}
			if h := &row[i]; h.Elevation >= 0 && h.Elevation != lv {
				c := maps.Coord{X: s.X + i, Y: s.Y + j}
				ld.diags.Addf(CodeSheetClash, quotedPos(d, rn, i), "%s is at level %d here but %d on another sheet", m.Grid.LabelOn(s, c), lv, h.Elevation)
			} else {
				h.Elevation = lv
			}
			i++
		}
	}
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
	if err != nil && ld.onRefused(label) {
		return HexRef{Label: label, Pos: pos}, false
	}
	if err != nil {
		dg := ld.diags.Addf(CodeBadHex, pos, "%v", err).About(diag.Subjects{Values: []string{label}})
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
			dg.About(diag.Subjects{Hexes: parts, Values: []string{k.Value}})
			dg.Hint = "write both labels in full"
			continue
		}
		a, _, e1 := m.Grid.Parse(strings.TrimSpace(parts[0]))
		b, _, e2 := m.Grid.Parse(strings.TrimSpace(parts[1]))
		if e1 != nil && ld.onRefused(strings.TrimSpace(parts[0])) || e2 != nil && ld.onRefused(strings.TrimSpace(parts[1])) {
			continue
		}
		if e1 != nil || e2 != nil {
			err := e1
			if err == nil {
				err = e2
			}
			ld.diags.Addf(CodeBadHex, d.Pos(k), "hexside %q: %v", k.Value, err).About(diag.Subjects{Hexes: parts, Values: []string{k.Value}})
			continue
		}
		if !m.Grid.Adjacent(a, b) {
			ld.diags.Addf(CodeNotAdjacent, d.Pos(k), "%s and %s are not adjacent", parts[0], parts[1]).About(diag.Subjects{Hexes: parts})
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
					dg.Offer(f, mm)
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
				ld.diags.Addf(CodeHexsideClash, d.Pos(k), "%s is %s here but %s at %s (as %s)", k.Value, fs, prev.feats, prev.pos, prev.label).Cite(prev.pos, prev.feats).
					About(diag.Subjects{Hexes: strings.Split(k.Value, "/")})
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
				dg.Offer(r.Type, mm)
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
				ld.diags.Addf(CodeRoadGap, h.Pos, "%s is not next to %s, the hex before it on the road", h.Label, m.Grid.Label(r.Path[n-1])).
					About(diag.Subjects{Hexes: []string{h.Label, m.Grid.Label(r.Path[n-1])}})
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
		a.Pos = d.Pos(k)
		if rn := schema.Get(vals[i], "role"); rn != nil {
			a.Role, a.RolePos = schema.Str(rn), d.Pos(rn)
		}
		if sn := schema.Get(vals[i], "side"); sn != nil && ld.b.Side(a.Side) == nil {
			ld.unknownSide(d.Pos(sn), a.Side)
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

// maxDigits is the most digits a label gives a number (the map schema's
// grid digits maximum).
const maxDigits = 4

// labelTop is the largest number a label's digits hold (99 for 2).
func labelTop(digits int) int64 {
	top := int64(1)
	for range digits {
		top *= 10
	}
	return top - 1
}

func sheetIDs(ss []*maps.Sheet) []string {
	ids := make([]string, len(ss))
	for i, s := range ss {
		ids[i] = s.ID
	}
	return ids
}

// firstNode is the first of ns that is not nil.
func firstNode(ns ...*schema.Node) *schema.Node {
	for _, n := range ns {
		if n != nil {
			return n
		}
	}
	return nil
}

// wholeNumber reads a scalar that is a whole number, written as an integer
// or as a number without a fraction (5.0, 1e20: the schema takes both for
// an integer). past is true when it is a whole number past the int64
// range, v is then 0; ok is false for anything else (the schema refuses it).
func wholeNumber(n *schema.Node) (v int64, past, ok bool) {
	if v, ok := schema.Int(n); ok {
		return v, false, true
	}
	if n == nil || n.Kind != yaml.ScalarNode || strings.HasPrefix(n.Value, "-") {
		return 0, false, false
	}
	switch n.Tag {
	case "!!int": // not an int64: too large
		return 0, true, true
	case "!!float":
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil || math.IsInf(f, 0) || f != math.Trunc(f) {
			return 0, false, false
		}
		if f >= math.MaxInt64 {
			return 0, true, true
		}
		return int64(f), false, true
	}
	return 0, false, false
}

// refuseSheet records a sheet muster refused, whose error is at pos, and
// says beside it what that skips. The labels on it are skipped (onRefused)
// and so are the checks that read the map or the scenarios' hexes
// (Incomplete("map")). A sheet without a letter (id "") is every sheet
// whose letter is not known: the labels of no sheet kept are skipped.
func (ld *loader) refuseSheet(id, subject string, pos diag.Pos) {
	ld.b.refused = append(ld.b.refused, id)
	what := "its terrain, elevation and art; the hexes labelled on it"
	switch {
	case subject == mapSheets || subject == mapDigits:
		what = "every sheet's terrain, elevation and art; every hex label"
	case id == "":
		what = "its terrain, elevation and art; the hexes labelled with a letter no sheet read has"
	}
	ld.diags.Addf(CodeSkipped, pos, "%s could not be read, so muster skipped what needs it: %s, in the map and the scenarios; the checks that read the map or the scenarios' hexes", subject, what)
}

// refuseSheet's subjects for a whole map refused: sheets that are no
// list, digits the schema refuses.
const (
	mapSheets = "the map's sheets"
	mapDigits = "the map's grid digits"
)

// onRefused reports whether label starts with the letter of a sheet muster
// refused, and of no sheet it kept: such a label is not reported (the
// sheet's Y011 says it was skipped). No sheet kept has a letter that starts
// a refused one's, or the other way round: they clash (M012).
func (ld *loader) onRefused(label string) bool {
	if len(ld.b.refused) == 0 {
		return false
	}
	if ld.b.Map != nil {
		for _, s := range ld.b.Map.Grid.Sheets {
			if strings.HasPrefix(label, s.ID) {
				return false
			}
		}
	}
	for _, id := range ld.b.refused {
		if strings.HasPrefix(label, id) {
			return true
		}
	}
	return false
}

// sheetRefused reports whether the sheet with letter id was refused, or
// may have been (a sheet without a letter was).
func (ld *loader) sheetRefused(id string) bool {
	return slices.Contains(ld.b.refused, id) || slices.Contains(ld.b.refused, "")
}

// extent writes how many lines first to last spans, exactly, however large.
func extent(first, last int64) string {
	d := new(big.Int).Sub(big.NewInt(last), big.NewInt(first))
	return d.Abs(d).Add(d, big.NewInt(1)).String()
}
