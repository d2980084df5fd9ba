package maps

import "math"

// Art is a sheet's picture, the printed or drawn map that players see, and
// where the sheet's grid sits on it. Terrain stays the sheet's data: the
// picture is never read for it.
type Art struct {
	Image  string // the file, relative to the battle folder
	Data   []byte // the file's bytes, as read when the battle was loaded
	Format string // "png" or "jpeg"
	W, H   int    // the picture's size in pixels
	// OX, OY is the pixel centre of the sheet's first hex (first column,
	// first row); DX the pixels between neighbouring columns' centres, DY
	// between a hex's centre and the centre of the hex below it.
	OX, OY, DX, DY float64
}

// ArtCenter is the pixel centre of hex c on sheet s's art (s.Art must be
// set): columns DX apart, rows DY apart, the grid's low columns half a row
// lower.
func (g *Grid) ArtCenter(s *Sheet, c Coord) (float64, float64) {
	a := s.Art
	i, j := float64(c.X-s.X), float64(c.Y-s.Y)
	if g.Pointy {
		// rows run straight; shifted rows sit half a column east
		return a.OX + (i+g.half(c.Y)-g.half(s.Y))*a.DX, a.OY + j*a.DY
	}
	return a.OX + i*a.DX, a.OY + (j+g.half(c.X)-g.half(s.X))*a.DY
}

// half is 0.5 for a line that sits half a hex lower (further east), else 0.
func (g *Grid) half(n int) float64 {
	if g.shifted(n) {
		return 0.5
	}
	return 0
}

// FitArt finds the grid of sheet s on a picture from reference hexes and
// their pixel centres: origin and spacing by least squares over the
// references, each axis alone. ok is false when the references do not
// span two columns and two rows.
func (g *Grid) FitArt(s *Sheet, refs []Coord, px [][2]float64) (ox, oy, dx, dy float64, ok bool) {
	// x = ox + dx*u, y = oy + dy*v, with u, v the hex's place in lines
	// from the sheet's first hex.
	us := make([]float64, len(refs))
	vs := make([]float64, len(refs))
	for k, c := range refs {
		i, j := float64(c.X-s.X), float64(c.Y-s.Y)
		if g.Pointy {
			us[k], vs[k] = i+g.half(c.Y)-g.half(s.Y), j
		} else {
			us[k], vs[k] = i, j+g.half(c.X)-g.half(s.X)
		}
	}
	xs := make([]float64, len(refs))
	ys := make([]float64, len(refs))
	for k := range px {
		xs[k], ys[k] = px[k][0], px[k][1]
	}
	ox, dx, okx := line(us, xs)
	oy, dy, oky := line(vs, ys)
	return ox, oy, dx, dy, okx && oky
}

// line fits y = a + b*x by least squares; false when the xs are all equal.
func line(xs, ys []float64) (a, b float64, ok bool) {
	n := float64(len(xs))
	var sx, sy float64
	for i := range xs {
		sx += xs[i]
		sy += ys[i]
	}
	mx, my := sx/n, sy/n
	var sxx, sxy float64
	for i := range xs {
		sxx += (xs[i] - mx) * (xs[i] - mx)
		sxy += (xs[i] - mx) * (ys[i] - my)
	}
	if len(xs) < 2 || sxx < 1e-9 {
		return 0, 0, false
	}
	b = sxy / sxx
	a = my - b*mx
	return a, b, !math.IsNaN(a) && !math.IsNaN(b)
}
