package battle

import (
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
)

// Codes of a sheet's art.
var (
	CodeArtImage = diag.Code{Code: "M014", Severity: diag.Error, Title: "map art cannot be used",
		Doc: "A sheet's `art: image:` must be a PNG or JPEG file inside the battle folder, at most 256 MiB and 64 Mi pixels (the most muster draws in one picture). muster reads the picture's size from its header and checks the file's structure (every PNG chunk's checksum, the JPEG's segments and end marker) without decoding a pixel, so an absurd size is refused without the memory it would take. The message says which: no such file, not a picture, too large, or damaged."}
	CodeArtGrid = diag.Code{Code: "M015", Severity: diag.Error, Title: "map art does not fit the sheet",
		Doc: "The grid that a sheet's `art:` calibration puts on the picture must hold every hex of the sheet: each hex's centre must lie on the picture, or players could not put a counter there. A hex outside means the origin, the spacing or a reference hex is wrong, or the picture is not the whole sheet."}
	CodeArtCalibrate = diag.Code{Code: "M016", Severity: diag.Error, Title: "map art calibration is wrong",
		Doc: "A sheet's `art:` says where the grid sits on the picture: `origin` (the pixel centre of the sheet's first hex) with `hex: {dx, dy}` (the pixels between columns and between rows), or `calibrate`, reference hexes by label with their pixel centres, or both. The references must be hexes of this sheet, at least two of them in different columns and different rows, and each must lie within a sixth of a hex of the grid they (and origin and hex, when given) describe: measure the centres again, or check the labels."}
)

// artLimits: the largest file and picture muster takes as art. The pixel
// limit is render.MaxPixels (checked equal in a test).
const (
	artMaxBytes  = 256 << 20
	artMaxPixels = 1 << 26
	// artRunPixels bounds the pictures of one battle together (map art,
	// counter sheets, counter art), by the sizes their headers give: a
	// PNG of 64 Mi pixels of one colour is a few hundred KB, and a build
	// decodes the counter sheets and keeps them, 4 bytes a pixel.
	artRunPixels = 2 * artMaxPixels
)

// ArtMaxPixels is the most pixels a sheet's art may have, and
// ArtRunPixels the most all of a battle's pictures may have together.
const (
	ArtMaxPixels = artMaxPixels
	ArtRunPixels = artRunPixels
)

func num(n *schema.Node) (float64, bool) {
	if !schema.IsScalar(n) {
		return 0, false
	}
	f, err := strconv.ParseFloat(schema.Str(n), 64)
	return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
}

func pair(n *schema.Node) ([2]float64, bool) {
	it := schema.Items(n)
	if len(it) != 2 {
		return [2]float64{}, false
	}
	x, okx := num(it[0])
	y, oky := num(it[1])
	return [2]float64{x, y}, okx && oky
}

// sheetArt resolves a sheet's art: reads the picture through the folder's
// root, calibrates the grid on it and checks every hex of the sheet lies
// on it. The sheet keeps no art when any of that fails.
func (ld *loader) sheetArt(d *schema.Doc, g *maps.Grid, s *maps.Sheet, sn *schema.Node) {
	an := schema.Get(sn, "art")
	if an == nil {
		return
	}
	in := schema.Get(an, "image")
	p := schema.Str(in)
	if p == "" {
		return // the schema says so
	}
	a := &maps.Art{Image: p}
	if !ld.readArt(d, in, a) {
		return
	}
	// The grid: origin and spacing as given, else fitted to the references.
	on, hn := schema.Get(an, "origin"), schema.Get(an, "hex")
	have := false
	if on != nil && hn != nil {
		o, ok1 := pair(on)
		dx, ok2 := num(schema.Get(hn, "dx"))
		dy, ok3 := num(schema.Get(hn, "dy"))
		if !ok1 || !ok2 || !ok3 || dx <= 0 || dy <= 0 {
			return // the schema says so
		}
		a.OX, a.OY, a.DX, a.DY = o[0], o[1], dx, dy
		have = true
	} else if on != nil || hn != nil {
		miss, node := "hex", on
		if on == nil {
			miss, node = "origin", hn
		}
		dg := ld.diags.Addf(CodeArtCalibrate, d.Pos(node), "sheet %s's art gives %s without %s", s.ID, map[bool]string{true: "origin", false: "hex"}[on != nil], miss)
		dg.Hint = "give origin (the pixel centre of the first hex) and hex: {dx, dy}, or two reference hexes in calibrate"
		return
	}
	cn := schema.Get(an, "calibrate")
	keys, vals := schema.Pairs(cn)
	var refs []maps.Coord
	var px [][2]float64
	var pos []diag.Pos
	var labels []string
	bad := false
	for i, k := range keys {
		c, sh, err := g.Parse(k.Value)
		if err != nil || sh != s {
			why := fmt.Sprintf("%q is not a hex of sheet %s", k.Value, s.ID)
			if err != nil {
				why = err.Error()
			}
			ld.diags.Addf(CodeArtCalibrate, d.Pos(k), "reference hex %s", why)
			bad = true
			continue
		}
		xy, ok := pair(vals[i])
		if !ok {
			bad = true // the schema says so
			continue
		}
		refs, px, pos, labels = append(refs, c), append(px, xy), append(pos, d.Pos(k)), append(labels, k.Value)
	}
	if bad {
		return
	}
	if !have {
		if cn == nil {
			dg := ld.diags.Addf(CodeArtCalibrate, d.Pos(schema.Key(sn, "art")), "sheet %s's art does not say where the grid sits on the picture", s.ID)
			dg.Hint = "give origin (the pixel centre of the sheet's first hex) and hex: {dx, dy}, or two reference hexes far apart in calibrate"
			return
		}
		ox, oy, dx, dy, ok := g.FitArt(s, refs, px)
		if !ok || dx <= 0 || dy <= 0 {
			dg := ld.diags.Addf(CodeArtCalibrate, d.Pos(schema.Key(an, "calibrate")), "sheet %s's reference hexes do not fix the grid: they need two columns and two rows, centres further east and south as the labels go", s.ID)
			dg.Hint = "measure two hexes far apart, say the sheet's north-west and south-east corners, e.g. " + g.LabelOn(s, maps.Coord{X: s.X, Y: s.Y}) + " and " + g.LabelOn(s, maps.Coord{X: s.X + s.Cols - 1, Y: s.Y + s.Rows - 1})
			return
		}
		a.OX, a.OY, a.DX, a.DY = ox, oy, dx, dy
	}
	s.Art = a
	tol := math.Min(a.DX, a.DY) / 6
	for i, c := range refs {
		x, y := g.ArtCenter(s, c)
		if off := math.Hypot(x-px[i][0], y-px[i][1]); off > tol {
			ld.diags.Addf(CodeArtCalibrate, pos[i], "reference hex %s is at [%s, %s] but the grid puts its centre at [%.1f, %.1f], %.1f pixels away (more than a sixth of a hex)", labels[i], pix(px[i][0]), pix(px[i][1]), x, y, off)
			s.Art = nil
		}
	}
	if s.Art == nil {
		return
	}
	// Every hex's centre on the picture; report the corners that are not.
	var out []string
	for j := 0; j < s.Rows; j++ {
		for i := 0; i < s.Cols; i++ {
			c := maps.Coord{X: s.X + i, Y: s.Y + j}
			x, y := g.ArtCenter(s, c)
			if x < 0 || y < 0 || x >= float64(a.W) || y >= float64(a.H) {
				if len(out) < 3 {
					out = append(out, fmt.Sprintf("%s at [%.0f, %.0f]", g.LabelOn(s, c), x, y))
				} else if len(out) == 3 {
					out = append(out, "...")
				}
			}
		}
	}
	if len(out) > 0 {
		dg := ld.diags.Addf(CodeArtGrid, d.Pos(schema.Key(sn, "art")), "sheet %s's grid falls off its %d x %d picture: %s", s.ID, a.W, a.H, strings.Join(out, ", "))
		dg.Hint = "check origin and hex (or the reference hexes), and that the picture shows the whole sheet"
		s.Art = nil
	}
}

func pix(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// readArt reads a sheet's picture (readPicture, M014).
func (ld *loader) readArt(d *schema.Doc, in *schema.Node, a *maps.Art) bool {
	pic, ok := ld.readPicture(d, in, "art", CodeArtImage, artMaxPixels)
	if ok {
		a.Data, a.Format, a.W, a.H = pic.Data, pic.Format, pic.W, pic.H
	}
	return ok
}

// readPicture reads the picture node in names through the battle
// folder's root: the path must stay inside the folder (B002), the file be
// a PNG or JPEG of at most maxPixels, whole (code).
func (ld *loader) readPicture(d *schema.Doc, in *schema.Node, what string, code diag.Code, maxPixels int64) (*oob.Picture, bool) {
	ld.pictures++
	p := schema.Str(in)
	pos := d.Pos(in)
	clean := path.Clean(strings.ReplaceAll(p, "\\", "/"))
	if path.IsAbs(clean) || strings.HasPrefix(p, "/") || (len(p) > 1 && p[1] == ':') || clean == ".." || strings.HasPrefix(clean, "../") {
		dg := ld.diags.Addf(CodeOutside, pos, "%s %s lies outside the battle folder", what, p)
		dg.Hint = "put the picture in the battle folder (say art/) and name it relative to the folder"
		return nil, false
	}
	if !fs.ValidPath(clean) {
		ld.diags.Addf(code, pos, "%s %q is not a file name muster can read", what, p)
		return nil, false
	}
	if !ld.inside(clean, pos) {
		return nil, false
	}
	ld.readsPicture(clean)
	f, err := ld.fsys.Open(clean)
	if err != nil {
		ld.diags.Addf(code, pos, "cannot read %s %s: %s", what, p, errText(err))
		return nil, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		ld.diags.Addf(code, pos, "%s %s is not a file", what, p)
		return nil, false
	}
	if st.Size() > artMaxBytes {
		ld.diags.Addf(code, pos, "%s %s is %d bytes; muster reads at most %d", what, p, st.Size(), artMaxBytes)
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(f, artMaxBytes+1))
	if err != nil {
		ld.diags.Addf(code, pos, "cannot read %s %s: %s", what, p, errText(err))
		return nil, false
	}
	format, w, h, err := pictureHead(data)
	if err == errNotPicture {
		dg := ld.diags.Addf(code, pos, "%s %s is not a PNG or JPEG picture", what, p)
		dg.Hint = "save it as PNG (or JPEG)"
		return nil, false
	}
	// the size first: a broken file that claims an absurd size says so
	if w > 0 && h > 0 && int64(w)*int64(h) > maxPixels || (err == nil && (w <= 0 || h <= 0)) {
		dg := ld.diags.Addf(code, pos, "%s %s is %d x %d pixels; muster takes at most %s pixels", what, p, w, h, pixels(maxPixels))
		dg.Hint = "scale the picture down"
		return nil, false
	}
	if w > 0 && h > 0 {
		ld.pixels += int64(w) * int64(h)
		if ld.pixels > artRunPixels {
			dg := ld.diags.Addf(schema.CodeLimit, pos, "%s %s takes the battle's pictures past %s pixels together, muster's limit for one run", what, p, pixels(artRunPixels))
			dg.Hint = "scale the pictures down: a sheet's art or a counter sheet rarely needs more than 16 Mi pixels"
			return nil, false
		}
	}
	if err != nil {
		ld.diags.Addf(code, pos, "%s %s is damaged: %v", what, p, err)
		return nil, false
	}
	return &oob.Picture{Image: p, Data: data, Format: format, W: w, H: h}, true
}

func pixels(n int64) string {
	if n >= 1<<20 {
		return strconv.FormatInt(n>>20, 10) + " Mi"
	}
	return strconv.FormatInt(n, 10)
}

// CodeCounterArt: a counter's art that cannot be used.
var CodeCounterArt = diag.Code{Code: "R009", Severity: diag.Error, Title: "counter art cannot be used",
	Doc: "A unit's, a formation's or a unit type's `art:` (and its `back:`) must be a PNG or JPEG file inside the battle folder, at most 1024 x 1024 pixels: a counter, not a sheet of them. muster reads its size and checks its structure as it does a map's art (M014). A counter sheet (a forces document's `counter_sheets`) must hold its rows and columns of counters inside its front and back pictures, and a unit's `art: {sheet, at}` must name a sheet of the same document and a counter on it. The VASSAL piece shows the picture instead of the counter muster draws, with muster's live values over it (`values: over`, the default) or without them (`values: art`, for art that prints the values)."}

// counterMaxPixels: a counter's picture is at most 1024 x 1024.
const counterMaxPixels = 1024 * 1024

// counterArt resolves an art node: a file name, or image, back and values.
func (ld *loader) counterArt(d *schema.Doc, n *schema.Node) *oob.CounterArt {
	if n == nil {
		return nil
	}
	in, back := n, (*schema.Node)(nil)
	a := &oob.CounterArt{Values: "over"}
	if schema.IsMap(n) {
		in, back = schema.Get(n, "image"), schema.Get(n, "back")
		if v := schema.Str(schema.Get(n, "values")); v == "art" {
			a.Values = v
		}
		if sn := schema.Get(n, "sheet"); sn != nil && in == nil {
			if !ld.cutArt(d, n, sn, a) {
				return nil
			}
			if back != nil && schema.Str(back) != "" {
				var ok bool
				if a.Back, ok = ld.readCounter(d, back); !ok {
					return nil
				}
			}
			return a
		}
	}
	if schema.Str(in) == "" {
		return nil // the schema says so
	}
	check := func(n *schema.Node) (*oob.Picture, bool) { return ld.readCounter(d, n) }
	var ok bool
	if a.Front, ok = check(in); !ok {
		return nil
	}
	if back != nil && schema.Str(back) != "" {
		if a.Back, ok = check(back); !ok {
			return nil
		}
	}
	return a
}

// typeArt reads a forces document's art by unit type onto its side.
func (ld *loader) typeArt(d *schema.Doc, side *oob.Side) {
	keys, vals := schema.Pairs(schema.Get(schema.Get(d.Root, "art"), "types"))
	for i, k := range keys {
		if _, ok := ld.b.Rules.UnitTypes[k.Value]; !ok {
			ld.diags.Addf(CodeCounterArt, d.Pos(k), "%s is not a unit type of %s", k.Value, ld.b.System)
			continue
		}
		if a := ld.counterArt(d, vals[i]); a != nil {
			if side.TypeArt == nil {
				side.TypeArt = map[string]*oob.CounterArt{}
			}
			side.TypeArt[k.Value] = a
		}
	}
}

// readCounter reads one counter's picture: at most 1024 x 1024.
func (ld *loader) readCounter(d *schema.Doc, n *schema.Node) (*oob.Picture, bool) {
	p, ok := ld.readPicture(d, n, "counter art", CodeCounterArt, counterMaxPixels)
	if ok && (p.W > 1024 || p.H > 1024) {
		ld.diags.Addf(CodeCounterArt, d.Pos(n), "counter art %s is %d x %d pixels; a counter is at most 1024 x 1024", p.Image, p.W, p.H)
		return nil, false
	}
	return p, ok
}

// counterSheet is a forces document's counter sheet: its pictures and
// layout.
type counterSheet struct {
	name               string
	front, back        *oob.Picture // back nil when not given
	mirrored           bool
	x, y, w, h, px, py int
	rows, cols         int
}

// counterSheets reads a forces document's counter sheets; what does not
// fit its picture is R009 and left out.
func (ld *loader) counterSheets(d *schema.Doc) {
	if ld.sheetsOf == nil {
		ld.sheetsOf = map[*schema.Doc]map[string]*counterSheet{}
	}
	ld.sheetsOf[d] = map[string]*counterSheet{}
	keys, vals := schema.Pairs(schema.Get(d.Root, "counter_sheets"))
	for i, k := range keys {
		v := vals[i]
		ld.sheetsOf[d][k.Value] = nil // known, unusable until read
		cs := &counterSheet{name: k.Value, mirrored: true}
		if b, ok := schema.Bool(schema.Get(v, "mirrored")); ok {
			cs.mirrored = b
		}
		ints := func(key string) []int {
			var out []int
			for _, it := range schema.Items(schema.Get(v, key)) {
				n, _ := schema.Int(it)
				out = append(out, int(n))
			}
			return out
		}
		o, sz, pt := ints("origin"), ints("size"), ints("pitch")
		r, _ := schema.Int(schema.Get(v, "rows"))
		c, _ := schema.Int(schema.Get(v, "cols"))
		if len(o) != 2 || len(sz) != 2 || r < 1 || c < 1 || r > 1000 || c > 1000 {
			continue // the schema says so
		}
		if len(pt) != 2 {
			pt = sz
		}
		cs.x, cs.y, cs.w, cs.h, cs.px, cs.py, cs.rows, cs.cols = o[0], o[1], sz[0], sz[1], pt[0], pt[1], int(r), int(c)
		if cs.w > 1024 || cs.h > 1024 {
			continue // the schema says so
		}
		var ok bool
		fn := schema.Get(v, "front")
		if cs.front, ok = ld.readPicture(d, fn, "counter sheet", CodeCounterArt, artMaxPixels); !ok {
			continue
		}
		if bn := schema.Get(v, "back"); bn != nil {
			if cs.back, ok = ld.readPicture(d, bn, "counter sheet", CodeCounterArt, artMaxPixels); !ok {
				continue
			}
		}
		// the last counter's far corner on every picture
		rx, ry := cs.x+(cs.cols-1)*cs.px+cs.w, cs.y+(cs.rows-1)*cs.py+cs.h
		fits := true
		for _, p := range []*oob.Picture{cs.front, cs.back} {
			if p != nil && (rx > p.W || ry > p.H) {
				dg := ld.diags.Addf(CodeCounterArt, d.Pos(k), "counter sheet %s: %d x %d counters of %d x %d at [%d, %d], %d x %d apart, reach [%d, %d], past the edge of %s (%d x %d)",
					k.Value, cs.rows, cs.cols, cs.w, cs.h, cs.x, cs.y, cs.px, cs.py, rx, ry, p.Image, p.W, p.H)
				dg.Hint = "check origin, size, pitch, rows and cols against the picture"
				fits = false
			}
		}
		if fits {
			ld.sheetsOf[d][k.Value] = cs
		}
	}
}

// cutArt sets a's front (and back, from the sheet's back) to the counter
// at [row, column] of the sheet n names.
func (ld *loader) cutArt(d *schema.Doc, n, sn *schema.Node, a *oob.CounterArt) bool {
	cs, known := ld.sheetsOf[d][schema.Str(sn)]
	if known && cs == nil {
		return false // the sheet is reported
	}
	if cs == nil {
		var names []string
		for k, v := range ld.sheetsOf[d] {
			if v == nil {
				continue
			}
			names = append(names, k)
		}
		sort.Strings(names)
		dg := ld.diags.Addf(CodeCounterArt, d.Pos(sn), "no counter sheet %q in this document", schema.Str(sn))
		if len(names) > 0 {
			dg.Hint = "counter sheets: " + strings.Join(names, ", ")
		}
		return false
	}
	at := schema.Items(schema.Get(n, "at"))
	if len(at) != 2 {
		return false // the schema says so
	}
	r, _ := schema.Int(at[0])
	c, _ := schema.Int(at[1])
	if r < 1 || c < 1 || int(r) > cs.rows || int(c) > cs.cols {
		ld.diags.Addf(CodeCounterArt, d.Pos(schema.Get(n, "at")), "counter [%d, %d] is off sheet %s (%d rows, %d columns)", r, c, cs.name, cs.rows, cs.cols)
		return false
	}
	cut := func(p *oob.Picture, col int) *oob.Picture {
		q := *p
		q.Cut = &oob.Cut{X: cs.x + (col-1)*cs.px, Y: cs.y + int(r-1)*cs.py, W: cs.w, H: cs.h}
		return &q
	}
	a.Front = cut(cs.front, int(c))
	if cs.back != nil {
		bc := int(c)
		if cs.mirrored {
			bc = cs.cols + 1 - bc
		}
		a.Back = cut(cs.back, bc)
	}
	return true
}
