package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/maps"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// MapPNG writes a picture of m, with ov over it, as PNG. It is pure Go:
// each shape is filled anti-aliased by render's one rasterizer, span by
// span, so a map of thousands of hexes takes a second or so.
func MapPNG(w io.Writer, m *maps.Map, ov *Overlay, opt MapOptions) error {
	// the hexes alone, before a shape is laid out: a map too big to draw
	// is refused before it takes the memory
	if w, h := gridSize(m.Grid, opt.size()); w*h > MaxPixels {
		return CheckSize("the map picture", int(w), int(h))
	}
	sc := build(m, ov, opt)
	if err := CheckSize("the map picture", int(sc.W), int(sc.H)); err != nil {
		return err
	}
	img := sc.image(m)
	// best compression costs seconds on a big map; keep it for small ones
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if img.Bounds().Dx()*img.Bounds().Dy() < 3_000_000 {
		enc.CompressionLevel = png.BestCompression
	}
	return enc.Encode(w, img)
}

// MapImage draws the picture MapPNG writes.
func MapImage(m *maps.Map, ov *Overlay, opt MapOptions) *image.RGBA {
	return build(m, ov, opt).image(m)
}

// image draws the scene.
func (sc *scene) image(m *maps.Map) *image.RGBA {
	cv := &canvas{img: image.NewRGBA(image.Rect(0, 0, int(sc.W), int(sc.H))), hex: sc.hex, pointy: m.Grid.Pointy}
	for _, l := range sc.layers {
		for _, s := range l.shapes {
			cv.draw(s)
		}
	}
	return cv.img
}

type canvas struct {
	img    *image.RGBA
	hex    float64
	pointy bool
	z      raster
}

func (cv *canvas) col(c string, opacity float64) color.NRGBA {
	r, g, b := rgb(c)
	a := uint8(255)
	if opacity > 0 && opacity < 1 {
		a = uint8(math.Round(opacity * 255))
	}
	return color.NRGBA{r, g, b, a}
}

func (cv *canvas) hexPts(c pt, r float64) []pt {
	ge := geometry{g: &maps.Grid{Pointy: cv.pointy}}
	return ge.corners(c, r)
}

func (cv *canvas) draw(s shape) {
	switch s.kind {
	case kHex:
		c := s.pts[0]
		if s.stroke != "" {
			cv.fill([][]pt{cv.hexPts(c, cv.hex+0.5)}, cv.col(s.stroke, 0))
			cv.fill([][]pt{cv.hexPts(c, cv.hex-s.width)}, cv.col(s.fill, s.opacity))
		} else {
			cv.fill([][]pt{cv.hexPts(c, cv.hex+0.3)}, cv.col(s.fill, s.opacity))
		}
	case kPoly:
		if s.fill != "" {
			cv.fill([][]pt{s.pts}, cv.col(s.fill, s.opacity))
		}
		if s.stroke != "" {
			pts := append(append([]pt{}, s.pts...), s.pts[0])
			cv.stroke(pts, s.width, "", cv.col(s.stroke, s.opacity))
		}
	case kLine:
		cv.stroke(s.pts, s.width, s.dash, cv.col(s.stroke, s.opacity))
	case kCircle:
		c := s.pts[0]
		if s.fill != "" {
			cv.fill([][]pt{circle(c, s.r)}, cv.col(s.fill, s.opacity))
		}
		if s.stroke != "" {
			cv.fill([][]pt{circle(c, s.r+s.width/2), circle(c, s.r-s.width/2)}, cv.col(s.stroke, s.opacity))
		}
	case kText:
		cv.text(s)
	case kGroup:
		for _, k := range s.kids {
			cv.draw(k)
		}
	case kImage:
		cv.drawImage(s)
	}
}

func circle(c pt, r float64) []pt {
	n := max(12, min(64, int(r*1.5)))
	out := make([]pt, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return out
}

// fill fills the polygons as one path, anti-aliased: later polygons inside
// the first are holes.
func (cv *canvas) fill(polys [][]pt, c color.NRGBA) {
	if c.A == 0 || len(polys) == 0 || len(polys[0]) < 3 {
		return
	}
	cv.z.fillAA(cv.img, [4]uint8{c.R, c.G, c.B, 255}, float32(c.A)/255, polys)
}

// stroke draws a polyline of width w with round joins, dashed if dash is
// set ("on off on off", in pixels).
func (cv *canvas) stroke(ps []pt, w float64, dash string, c color.NRGBA) {
	var pattern []float64
	for _, f := range strings.Fields(dash) {
		if v, err := strconv.ParseFloat(f, 64); err == nil && v > 0 {
			pattern = append(pattern, v)
		}
	}
	if len(pattern)%2 == 1 {
		pattern = append(pattern, pattern...)
	}
	seg := func(a, b pt) {
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 1e-9 {
			cv.fill([][]pt{circle(a, w/2)}, c)
			return
		}
		nx, ny := -dy/l*w/2, dx/l*w/2
		cv.fill([][]pt{{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}}, c)
	}
	if len(pattern) == 0 {
		for i := 0; i+1 < len(ps); i++ {
			seg(ps[i], ps[i+1])
			if i+2 < len(ps) && w > 2 {
				cv.fill([][]pt{circle(ps[i+1], w/2)}, c)
			}
		}
		return
	}
	pi, left, on := 0, pattern[0], true
	for i := 0; i+1 < len(ps); i++ {
		a, b := ps[i], ps[i+1]
		l := math.Hypot(b.X-a.X, b.Y-a.Y)
		t := 0.0
		for t < l {
			step := math.Min(left, l-t)
			if on {
				p := pt{a.X + (b.X-a.X)*t/l, a.Y + (b.Y-a.Y)*t/l}
				q := pt{a.X + (b.X-a.X)*(t+step)/l, a.Y + (b.Y-a.Y)*(t+step)/l}
				seg(p, q)
			}
			t += step
			left -= step
			if left <= 1e-9 {
				pi = (pi + 1) % len(pattern)
				left, on = pattern[pi], !on
			}
		}
	}
}

var (
	fontsOnce sync.Once
	fontReg   *opentype.Font
	fontBold  *opentype.Font
	faceMu    sync.Mutex
	faces     = map[faceKey]*glyphFace{}
)

type faceKey struct {
	size float64
	bold bool
}

// glyphFace caches the masks of a face's glyphs: hex labels repeat the
// same ten digits thousands of times.
type glyphFace struct {
	face   font.Face
	glyphs map[rune]glyph
}

type glyph struct {
	mask    *image.Alpha
	dr      image.Rectangle
	advance fixed.Int26_6
	ok      bool
}

func faceFor(size float64, bold bool) *glyphFace {
	fontsOnce.Do(func() {
		fontReg, _ = opentype.Parse(goregular.TTF)
		fontBold, _ = opentype.Parse(gobold.TTF)
	})
	k := faceKey{math.Round(size*2) / 2, bold}
	faceMu.Lock()
	defer faceMu.Unlock()
	if f := faces[k]; f != nil {
		return f
	}
	f := fontReg
	if bold {
		f = fontBold
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: k.size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	gf := &glyphFace{face: fc, glyphs: map[rune]glyph{}}
	faces[k] = gf
	return gf
}

func (gf *glyphFace) glyph(r rune) glyph {
	faceMu.Lock()
	defer faceMu.Unlock()
	if g, ok := gf.glyphs[r]; ok {
		return g
	}
	dr, mask, mp, adv, ok := gf.face.Glyph(fixed.P(0, 0), r)
	g := glyph{dr: dr, advance: adv, ok: ok}
	if ok {
		a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		draw.Draw(a, a.Bounds(), mask, mp, draw.Src)
		g.mask = a
	}
	gf.glyphs[r] = g
	return g
}

func (cv *canvas) text(s shape) {
	gf := faceFor(s.size, s.bold)
	if gf == nil || s.text == "" {
		return
	}
	fill := s.fill
	if fill == "" {
		fill = textDefault
	}
	src := image.NewUniform(cv.col(fill, s.opacity))
	var width fixed.Int26_6
	for _, r := range s.text {
		width += gf.glyph(r).advance
	}
	x := s.pts[0].X
	switch s.anchor {
	case "middle":
		x -= float64(width) / 128
	case "end":
		x -= float64(width) / 64
	}
	dot := image.Pt(int(math.Round(x)), int(math.Round(s.pts[0].Y)))
	var adv fixed.Int26_6
	for _, r := range s.text {
		g := gf.glyph(r)
		if g.ok && g.mask != nil {
			at := g.dr.Add(dot).Add(image.Pt(adv.Round(), 0))
			draw.DrawMask(cv.img, at, src, image.Point{}, g.mask, image.Point{}, draw.Over)
		}
		adv += g.advance
	}
}

// MaxPixels is the most pixels muster draws in one picture: 64 Mi pixels
// (256 MiB as RGBA), several times the largest real battle's board. A map
// that would need more is refused before anything is allocated, instead of
// taking all the memory there is (a 1999x2000-hex sheet would be 17 GB).
const MaxPixels = 1 << 26

// SizeError is a picture too big to draw. It names no remedy: what can
// make it smaller depends on the command (a hex size for muster map, none
// for a module's boards), so each command adds its own.
type SizeError struct {
	What string
	W, H int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("%s would be %d x %d pixels, more than the %d million muster draws", e.What, e.W, e.H, MaxPixels>>20)
}

// CheckSize says why a w x h picture is too big to draw (a *SizeError),
// or nil.
func CheckSize(what string, w, h int) error {
	if w > 0 && h > 0 && int64(w)*int64(h) <= MaxPixels {
		return nil
	}
	return &SizeError{what, w, h}
}
