//go:build ignore

// Command artmap draws the art of examples/art-demo: art/sheet-a.png, the
// demo's map art, a "printed" sheet with its own hex size, margins, a title and hex
// numbers, as a designer's scan would have. It reads the sheet's terrain,
// roads and hexsides from the example, so the picture shows what the data
// says; nothing of muster's renderer is used. It draws the demo's counter
// art too (counters below). Run from the repository:
//
//	go run ./scripts/artmap/main.go
//
// It is built only when named (the ignore build tag), so that `go install
// ./...`, which pre-commit's golang hook runs, installs muster alone.
//
// The output is deterministic: the same bytes every run.
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log"
	"math"
	"os"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// The picture's grid: the first hex's centre and the spacing. The demo's
// map.yaml calibrates from two hexes measured on the picture, as a
// designer would, not from these numbers.
const (
	ox, oy = 70.0, 75.0
	dx, dy = 54.0, 62.0 // dx/dy near sqrt(3)/2: regular hexes
	w, h   = 740, 735
)

var fills = map[string]color.RGBA{
	"open":        {222, 214, 170, 255},
	"woods":       {112, 150, 86, 255},
	"town":        {196, 150, 128, 255},
	"rough":       {176, 160, 120, 255},
	"rough-woods": {128, 138, 90, 255},
	"marsh":       {150, 184, 176, 255},
}

func main() {
	b, _ := battle.LoadDir("examples/art-demo", battle.Options{})
	if b == nil || b.Map == nil {
		log.Fatal("cannot load examples/art-demo")
	}
	m := b.Map
	g := m.Grid
	s := g.Sheets[0]
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{238, 230, 200, 255}}, image.Point{}, draw.Src)
	center := func(c maps.Coord) (float64, float64) {
		y := oy + float64(c.Y-s.Y)*dy
		if c.X%2 == 1 { // odd columns sit half a hex lower
			y += dy / 2
		}
		return ox + float64(c.X-s.X)*dx, y
	}
	r := dx * 2 / 3 // centre to corner
	// Terrain, with a speckle that varies per pixel (a hash, not a random
	// source), elevation as darker shades.
	for py := 0; py < h; py++ {
		for px := 0; px < w; px++ {
			c, ok := hexAt(g, s, float64(px), float64(py), center, r)
			if !ok {
				continue
			}
			f, ok := fills[m.TerrainName(c)]
			if !ok {
				continue
			}
			k := 1.0 - 0.06*float64(max(m.At(c).Elevation, 0))
			n := float64(hash(px/3, py/3)%3) * 3 // a faint dot screen
			img.SetRGBA(px, py, color.RGBA{shade(f.R, k, n), shade(f.G, k, n), shade(f.B, k, n), 255})
		}
	}
	ink := color.RGBA{90, 70, 50, 255}
	m.Hexes(func(c maps.Coord) {
		x, y := center(c)
		for i := 0; i < 6; i++ {
			a0, a1 := float64(i)*math.Pi/3, float64(i+1)*math.Pi/3
			line(img, x+r*math.Cos(a0), y+r*math.Sin(a0), x+r*math.Cos(a1), y+r*math.Sin(a1), 1, ink)
		}
		label := g.LabelOn(s, c)[len(s.ID):]
		text(img, int(x)-len(label)*7/2, int(y-dy/2)+14, label, ink)
	})
	for e, fs := range m.Hexsides {
		ax, ay := center(e.A)
		bx, by := center(e.B)
		mx, my := (ax+bx)/2, (ay+by)/2
		// the hexside runs across the line between the centres
		vx, vy := (by-ay)/2*0.58, -(bx-ax)/2*0.58
		col := color.RGBA{60, 110, 190, 255}
		if fs[0] == "minor-slope" {
			col = color.RGBA{130, 90, 40, 255}
		}
		line(img, mx-vx, my-vy, mx+vx, my+vy, 3, col)
	}
	for _, rd := range m.Roads {
		col, wd := color.RGBA{150, 40, 30, 255}, 4.0
		switch rd.Type {
		case "secondary":
			col, wd = color.RGBA{120, 80, 40, 255}, 2.5
		case "railroad-unfinished":
			col, wd = color.RGBA{40, 40, 40, 255}, 2
		}
		for i := 1; i < len(rd.Path); i++ {
			ax, ay := center(rd.Path[i-1])
			bx, by := center(rd.Path[i])
			line(img, ax, ay, bx, by, wd, col)
		}
	}
	text(img, 24, 22, "McPHERSON'S RIDGE  -  SHEET A  (muster art demo, invented)", ink)
	text(img, 24, h-14, "1 hex = 175 yards", ink)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("examples/art-demo/art/sheet-a.png", buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("examples/art-demo/art/sheet-a.png: %d x %d, %d bytes\n", w, h, buf.Len())
	counters()
}

// counters draws the demo's counter art, 56 pixels square: a side's
// colour, a unit-type box, a title, and (where the art prints them) the
// values. Backs are paler with a bar across, as many printed reduced
// faces are.
func counters() {
	sheet := func(back bool) *image.RGBA {
		// a counter sheet: one row of three counters, 56 pixels square, 60
		// apart, from [4, 4]; the back is the front turned over left to
		// right, so a counter's back is in the mirrored column
		img := image.NewRGBA(image.Rect(0, 0, 188, 64))
		draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{255, 255, 255, 255}}, image.Point{}, draw.Src)
		names := []string{"CUTLER A", "CUTLER B", "SPARE"}
		for i, n := range names {
			col := i
			if back {
				col = len(names) - 1 - i
			}
			c := counter(n, "", color.RGBA{52, 84, 150, 255}, color.RGBA{250, 250, 245, 255}, back, "inf")
			draw.Draw(img, image.Rect(4+60*col, 4, 60+60*col, 60), c, image.Point{}, draw.Src)
		}
		return img
	}
	for _, f := range []struct {
		file string
		back bool
	}{{"usa-sheet-front", false}, {"usa-sheet-back", true}} {
		write("examples/art-demo/art/"+f.file+".png", sheet(f.back))
	}

	blue, grey := color.RGBA{52, 84, 150, 255}, color.RGBA{120, 120, 128, 255}
	white, black := color.RGBA{250, 250, 245, 255}, color.RGBA{20, 20, 20, 255}
	type ctr struct {
		file, title, values string
		bg, fg              color.RGBA
		back                bool
		kind                string // inf, art
	}
	for _, c := range []ctr{
		{"iron-brigade", "IRON BDE", "", blue, white, false, "inf"},
		{"iron-brigade-reduced", "IRON BDE", "", blue, white, true, "inf"},
		{"csa-inf", "CSA INF", "", grey, black, false, "inf"},
		{"csa-inf-reduced", "CSA INF", "", grey, black, true, "inf"},
		{"calef-a", "CALEF A", "3-6", blue, white, false, "art"},
		{"calef-a-committed", "CALEF A", "3-6", blue, white, true, "art"},
	} {
		write("examples/art-demo/art/"+c.file+".png", counter(c.title, c.values, c.bg, c.fg, c.back, c.kind))
	}
}

// write encodes img as PNG into p.
func write(p string, img image.Image) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	b := img.Bounds()
	fmt.Printf("%s: %d x %d, %d bytes\n", p, b.Dx(), b.Dy(), buf.Len())
}

// counter draws one counter, 56 pixels square.
func counter(title, values string, bg, fg color.RGBA, back bool, kind string) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 56, 56))
	if back {
		bg = color.RGBA{uint8((int(bg.R) + 255) / 2), uint8((int(bg.G) + 255) / 2), uint8((int(bg.B) + 255) / 2), 255}
	}
	draw.Draw(img, img.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	// frame and the unit-type box
	for i := 0; i < 56; i++ {
		for _, p := range [][2]int{{i, 0}, {i, 55}, {0, i}, {55, i}} {
			img.SetRGBA(p[0], p[1], fg)
		}
	}
	for x := 16; x <= 40; x++ {
		img.SetRGBA(x, 16, fg)
		img.SetRGBA(x, 32, fg)
	}
	for y := 16; y <= 32; y++ {
		img.SetRGBA(16, y, fg)
		img.SetRGBA(40, y, fg)
	}
	switch kind {
	case "inf": // a cross
		line(img, 16, 16, 40, 32, 1, fg)
		line(img, 16, 32, 40, 16, 1, fg)
	case "art": // a disc
		line(img, 28, 24, 28, 24, 7, fg)
	}
	if back {
		line(img, 4, 37, 52, 37, 2, color.RGBA{200, 40, 30, 255})
	}
	text(img, 28-len(title)*7/2, 12, title, fg)
	if values != "" {
		text(img, 28-len(values)*7/2, 50, values, fg)
	}
	return img
}

// hexAt is the hex of the sheet whose centre is nearest (px, py), if the
// point lies inside it.
func hexAt(g *maps.Grid, s *maps.Sheet, px, py float64, center func(maps.Coord) (float64, float64), r float64) (maps.Coord, bool) {
	x := s.X + int(math.Round((px-ox)/dx))
	best, bd := maps.Coord{}, math.Inf(1)
	for cx := x - 1; cx <= x+1; cx++ {
		for cy := int((py-oy)/dy) - 1 + s.Y; cy <= int((py-oy)/dy)+2+s.Y; cy++ {
			c := maps.Coord{X: cx, Y: cy}
			if !s.Contains(c) {
				continue
			}
			hx, hy := center(c)
			if d := math.Hypot(px-hx, py-hy); d < bd {
				best, bd = c, d
			}
		}
	}
	return best, bd < r
}

func shade(v uint8, k, n float64) uint8 {
	return uint8(math.Max(0, math.Min(255, float64(v)*k+n)))
}

func hash(x, y int) uint32 {
	u := uint32(x)*73856093 ^ uint32(y)*19349663
	u ^= u >> 13
	u *= 0x5bd1e995
	return u ^ u>>15
}

// line draws a thick line by stamping discs along it.
func line(img *image.RGBA, x0, y0, x1, y1, wd float64, c color.RGBA) {
	n := int(math.Hypot(x1-x0, y1-y0)) + 1
	rr := wd / 2
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x, y := x0+(x1-x0)*t, y0+(y1-y0)*t
		for yy := int(y - rr - 1); yy <= int(y+rr+1); yy++ {
			for xx := int(x - rr - 1); xx <= int(x+rr+1); xx++ {
				if math.Hypot(float64(xx)-x, float64(yy)-y) <= rr {
					img.SetRGBA(xx, yy, c)
				}
			}
		}
	}
}

func text(img *image.RGBA, x, y int, s string, c color.RGBA) {
	d := &font.Drawer{Dst: img, Src: &image.Uniform{c}, Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}
