package render

import (
	"fmt"
	"github.com/muster-wargames/muster/rulesets"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// The one palette: terrain fills, hexside and road styles, by name, taken
// from the ruleset's terrain, hexsides and roads (NewPalette). Map pictures
// and VASSAL boards both read it; a side's colours come from the battle's
// sides. A name the palette lacks gets a colour derived from the name.

// Palette is how pictures colour terrain, hexside features and roads.
type Palette struct {
	Terrain  map[string]string // terrain name → "#rrggbb"
	Hexsides map[string]LineStyle
	Roads    map[string]LineStyle
}

// LineStyle is how a hexside feature or road is drawn. A zero Width or
// BoardWidth or an empty Color takes the fallback.
type LineStyle struct {
	Color      string
	Width      float64 // at hex size 20
	Dash       string  // "on off ...", at hex size 20
	BoardWidth int     // on a VASSAL board, in board pixels
}

// NewPalette takes the colours and line styles of r's terrain, hexsides and
// roads. A nil ruleset gives an empty palette.
func NewPalette(r *rulesets.Ruleset) *Palette {
	p := &Palette{Terrain: map[string]string{}, Hexsides: map[string]LineStyle{}, Roads: map[string]LineStyle{}}
	if r == nil {
		return p
	}
	for name, e := range r.Terrain {
		if e.Color != "" {
			p.Terrain[name] = e.Color
		}
	}
	for _, t := range []struct {
		from map[string]rulesets.CostEntry
		to   map[string]LineStyle
	}{{r.Hexsides, p.Hexsides}, {r.Roads, p.Roads}} {
		for name, e := range t.from {
			if e.Color != "" || e.Width > 0 || e.Dash != "" || e.BoardWidth > 0 {
				t.to[name] = LineStyle{e.Color, e.Width, e.Dash, e.BoardWidth}
			}
		}
	}
	return p
}

// SideColors returns a side's fill and text colours, with the defaults for
// what is empty or not "#rrggbb".
func SideColors(fill, text string) (string, string) {
	if _, ok := parseHex(fill); !ok {
		fill = DefaultSideColor
	}
	if _, ok := parseHex(text); !ok {
		text = DefaultSideText
	}
	return fill, text
}

// styleFor is the style of name in table, the fallback's widths and dash
// for what the entry lacks, and a colour from the name when it has none.
func styleFor(table map[string]LineStyle, name string, fallback LineStyle) LineStyle {
	s, ok := table[name]
	if !ok {
		s = LineStyle{Width: fallback.Width, Dash: fallback.Dash}
	}
	if s.Color == "" {
		s.Color = hashColor(name, 0.45)
	}
	if s.Width <= 0 {
		s.Width = fallback.Width
	}
	if s.BoardWidth <= 0 {
		s.BoardWidth = fallback.BoardWidth
	}
	return s
}

// hashColor gives a stable colour for a name.
func hashColor(name string, light float64) string {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(name[i])) * 16777619
	}
	return hsl(float64(h%360), 0.45, light)
}

func hsl(h, s, l float64) string {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	return fmt.Sprintf("#%02x%02x%02x", int((r+m)*255+0.5), int((g+m)*255+0.5), int((b+m)*255+0.5))
}

// rgb parses "#rrggbb" (or "#rgb"); anything else is mid grey.
func rgb(s string) (r, g, b uint8) {
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if len(s) != 6 || err != nil {
		return 128, 128, 128
	}
	return uint8(v >> 16), uint8(v >> 8), uint8(v)
}

// shade darkens (f < 1) or lightens (f > 1) a colour.
func shade(c string, f float64) string {
	r, g, b := rgb(c)
	ch := func(v uint8) int {
		x := float64(v) * f
		if f > 1 {
			x = 255 - (255-float64(v))*(2-f)
		}
		return int(math.Max(0, math.Min(255, math.Round(x))))
	}
	return fmt.Sprintf("#%02x%02x%02x", ch(r), ch(g), ch(b))
}

// terrainColor is the fill of terrain name: over (MapOptions.Colors), the
// palette, or a colour from the name.
func (p *Palette) terrainColor(name string, over map[string]string) string {
	if c, ok := over[name]; ok {
		return c
	}
	if p != nil {
		if c, ok := p.Terrain[name]; ok {
			return c
		}
	}
	return hashColor(name, 0.7)
}

func (p *Palette) hexsides() map[string]LineStyle {
	if p == nil {
		return nil
	}
	return p.Hexsides
}

func (p *Palette) roads() map[string]LineStyle {
	if p == nil {
		return nil
	}
	return p.Roads
}

// rgba is an opaque colour from "#rrggbb".
func rgba(s string) color.RGBA {
	r, g, b := rgb(s)
	return color.RGBA{r, g, b, 255}
}
