package vassal

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // counter sheets may be JPEG
	"image/png"
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// A sheet with art is a board whose picture is the art, copied into the
// module byte for byte, and whose HexGrid is the art's calibration: dx and
// dy the art's spacing, the origin the centre of raw column 0, row 0 (a
// high column: the sheet's first, or the one before it when the first is
// low), rounded to the pixel as VASSAL's origin is a point.

// setArt lays the board over its sheet's art.
func (sb *sheetBoard) setArt(g *maps.Grid) {
	s := sb.Sheet
	a := s.Art
	sb.dx, sb.dy = a.DX, a.DY
	sb.xr0, sb.yr0 = s.X, s.Y
	ox, oy := a.OX, a.OY
	if low(g, s.X) {
		sb.xr0--
		ox -= a.DX
		oy -= a.DY / 2
	}
	sb.X0, sb.Y0 = int(math.Round(ox)), int(math.Round(oy))
	sb.W, sb.H = a.W, a.H
	sb.frame = frame{L: 0, T: 0, R: a.W, B: a.H, FirstX: s.X, FirstY: s.Y}
	sb.numbering()
}

// artName is the module's name of a sheet's art: the board's image name
// with the art's own extension, since the bytes are copied as they are.
func (m *vmod) artName(name string, a *maps.Art) string {
	if a.Format != "jpeg" {
		return name
	}
	delete(m.used, name)
	base := strings.TrimSuffix(name, ".png")
	name = base + ".jpg"
	for i := 2; m.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i) + ".jpg"
	}
	m.used[name] = true
	return name
}

// gridNum writes a HexGrid dx or dy as VASSAL's own files do: "62.0".
func gridNum(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// counterArt is the module's image of a counter's picture, copied byte
// for byte once however many pieces show it; a counter cut from a sheet
// is that rectangle of the sheet, encoded as PNG.
func (m *vmod) counterArt(p *oob.Picture) string {
	key := p.Image
	if p.Cut != nil {
		key = fmt.Sprintf("%s@%d,%d,%d,%d", p.Image, p.Cut.X, p.Cut.Y, p.Cut.W, p.Cut.H)
	}
	if n, ok := m.artNames[key]; ok {
		return n
	}
	if m.artNames == nil {
		m.artNames = map[string]string{}
	}
	base := strings.TrimSuffix(p.Image, path.Ext(p.Image))
	if p.Cut == nil {
		name := m.artName(m.imageName("art", base), &maps.Art{Format: p.Format})
		m.artNames[key] = name
		m.addImage(name, p.Data)
		return name
	}
	name := m.imageName("art", base, strconv.Itoa(p.Cut.X), strconv.Itoa(p.Cut.Y))
	m.artNames[key] = name
	m.addImage(name, m.cut(p))
	return name
}

// cut is a counter's rectangle of its sheet as PNG: the sheet decoded once.
func (m *vmod) cut(p *oob.Picture) []byte {
	if m.sheetImgs == nil {
		m.sheetImgs = map[string]image.Image{}
	}
	img, ok := m.sheetImgs[p.Image]
	if !ok {
		var err error
		img, _, err = image.Decode(bytes.NewReader(p.Data))
		if err != nil {
			m.artErr = fmt.Errorf("counter sheet %s: %v", p.Image, err)
			img = image.NewRGBA(image.Rect(0, 0, 1, 1))
		}
		m.sheetImgs[p.Image] = img
	}
	c := p.Cut
	r := image.Rect(c.X, c.Y, c.X+c.W, c.Y+c.H)
	out := image.NewNRGBA(image.Rect(0, 0, c.W, c.H))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	var buf bytes.Buffer
	png.Encode(&buf, out)
	return buf.Bytes()
}
