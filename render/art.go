package render

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	_ "image/jpeg" // art may be JPEG
	_ "image/png"  // or PNG
	"math"

	"github.com/muster-wargames/muster/maps"
	xdraw "golang.org/x/image/draw"
)

// A sheet with art is drawn as its art, scaled so that the art's grid
// lies on the picture's: the art's column spacing becomes the picture's,
// its row spacing the picture's, its first hex's centre the first hex's.
// The art is clipped to the sheet's hexes. Terrain, contours, hexsides,
// roads and labels of its hexes are left to the art; the sheet's edges
// and everything the overlay puts on the map are drawn over it.

// artSheet is the sheet with art that holds c, or nil.
func artSheet(g *maps.Grid, c maps.Coord) *maps.Sheet {
	for _, s := range g.Sheets {
		if s.Art != nil && s.Contains(c) {
			return s
		}
	}
	return nil
}

// artShape places sheet s's art in the picture.
func artShape(ge geometry, s *maps.Sheet) (shape, bool) {
	a := s.Art
	img, _, err := image.Decode(bytes.NewReader(a.Data))
	if err != nil {
		return shape{}, false // the loader decoded it once; never here
	}
	r3 := math.Sqrt(3)
	kx, ky := 1.5*ge.s/a.DX, r3*ge.s/a.DY
	if ge.g.Pointy {
		kx, ky = r3*ge.s/a.DX, 1.5*ge.s/a.DY
	}
	p0 := ge.center(maps.Coord{X: s.X, Y: s.Y})
	tl := pt{p0.X - a.OX*kx, p0.Y - a.OY*ky}
	// clip: the sheet's hexes' bounding box
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	edge := func(c maps.Coord) {
		for _, q := range ge.corners(ge.center(c), ge.s) {
			minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
			maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
		}
	}
	for i := 0; i < min(s.Cols, 2); i++ {
		for _, j := range []int{0, s.Rows - 1} {
			edge(maps.Coord{X: s.X + i, Y: s.Y + j})
			edge(maps.Coord{X: s.X + s.Cols - 1 - i, Y: s.Y + j})
		}
	}
	for j := 0; j < min(s.Rows, 2); j++ {
		for _, i := range []int{0, s.Cols - 1} {
			edge(maps.Coord{X: s.X + i, Y: s.Y + j})
			edge(maps.Coord{X: s.X + i, Y: s.Y + s.Rows - 1 - j})
		}
	}
	return shape{kind: kImage, pts: []pt{tl, {float64(a.W) * kx, float64(a.H) * ky}, {minX, minY}, {maxX, maxY}},
		art: img, artData: a.Data, artFormat: a.Format, title: s.Art.Image}, true
}

// drawImage draws an art shape: scaled into its rectangle, clipped.
func (cv *canvas) drawImage(s shape) {
	tl, sz, c0, c1 := s.pts[0], s.pts[1], s.pts[2], s.pts[3]
	clip := image.Rect(int(math.Floor(c0.X)), int(math.Floor(c0.Y)), int(math.Ceil(c1.X)), int(math.Ceil(c1.Y))).Intersect(cv.img.Bounds())
	dst := cv.img.SubImage(clip).(*image.RGBA)
	r := image.Rect(int(math.Round(tl.X)), int(math.Round(tl.Y)), int(math.Round(tl.X+sz.X)), int(math.Round(tl.Y+sz.Y)))
	xdraw.CatmullRom.Scale(dst, r, s.art, s.art.Bounds(), xdraw.Over, nil)
}

// writeImage writes an art shape as SVG: the picture, inline, in a nested
// svg whose viewport is the clip.
func writeImage(w *bufio.Writer, s shape) {
	tl, sz, c0, c1 := s.pts[0], s.pts[1], s.pts[2], s.pts[3]
	mime := "image/png"
	if s.artFormat == "jpeg" {
		mime = "image/jpeg"
	}
	fmt.Fprintf(w, "<svg x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" viewBox=\"%s %s %s %s\" overflow=\"hidden\"><title>%s</title>",
		num(c0.X), num(c0.Y), num(c1.X-c0.X), num(c1.Y-c0.Y), num(c0.X), num(c0.Y), num(c1.X-c0.X), num(c1.Y-c0.Y), esc(s.title))
	fmt.Fprintf(w, "<image x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" preserveAspectRatio=\"none\" href=\"data:%s;base64,%s\"/></svg>\n",
		num(tl.X), num(tl.Y), num(sz.X), num(sz.Y), mime, base64.StdEncoding.EncodeToString(s.artData))
}
