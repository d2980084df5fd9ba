package render

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// The one palette: terrain fills, hexside and road styles. Map pictures and
// VASSAL boards both read it; a side's colours come from the battle.

// TerrainColors are the fills by terrain name, for every picture: maps,
// VASSAL boards. Unknown terrain gets a colour derived from its name.
var TerrainColors = map[string]string{
	"clear":       "#e9e4c8",
	"open":        "#e9e4c8",
	"woods":       "#7fa66a",
	"cedars":      "#5f8a6e",
	"orchard":     "#b5cf8a",
	"town":        "#c9a89a",
	"marsh":       "#9fc4bd",
	"rocky":       "#b8aea0",
	"rough":       "#c2b59b",
	"rocky-woods": "#8a9a76",
	"rough-woods": "#7d9363",
	"devils-den":  "#a39483",
	"water":       "#8fb8de",
}

var hexsideStyles = map[string]lineStyle{
	"stream":        {"#3b7dc4", 3, ""},
	"minor-creek":   {"#3b7dc4", 2.5, ""},
	"major-creek":   {"#2d6bb0", 4, ""},
	"rock-creek":    {"#2d6bb0", 4, ""},
	"dry-stream":    {"#7ea6cf", 2, "4 3"},
	"river":         {"#1f5a9e", 6, ""},
	"marsh-creek":   {"#1f5a9e", 5, ""},
	"ford":          {"#9fd0ff", 5, "3 2"},
	"ford-a":        {"#9fd0ff", 5, "3 2"},
	"ford-b":        {"#9fd0ff", 5, "3 2"},
	"bridge":        {"#5a4a3a", 6, ""},
	"stone-wall":    {"#6e6e6e", 3, "2 2"},
	"railroad-cut":  {"#333333", 3, "6 2"},
	"cliff":         {"#4a3020", 4, ""},
	"crest":         {"#8b5a2b", 2.5, "1 2"},
	"ridge":         {"#8b5a2b", 3, ""},
	"slope":         {"#a0703a", 2.5, ""},
	"gradual-slope": {"#b38a5a", 2, ""},
	"minor-slope":   {"#a0703a", 2, ""},
	"steep-slope":   {"#7a4a1a", 3, ""},
	"major-slope":   {"#7a4a1a", 3, ""},
	"sheer-slope":   {"#4a2a0a", 4, ""},
	"rock":          {"#555555", 3, ""},
}

var roadStyles = map[string]lineStyle{
	"pike":       {"#8b2e16", 4, ""},
	"major-road": {"#8b2e16", 4, ""},
	"road":       {"#9a5b2e", 3, ""},
	"lane":       {"#9a5b2e", 2.5, "5 3"},
	"trail":      {"#9a5b2e", 2, "3 3"},
	"railroad":   {"#222222", 2.5, "8 3"},
}

type lineStyle struct {
	Color string
	Width float64 // at hex size 20
	Dash  string
}

func styleFor(table map[string]lineStyle, name string, fallback lineStyle) lineStyle {
	if s, ok := table[name]; ok {
		return s
	}
	return lineStyle{hashColor(name, 0.45), fallback.Width, fallback.Dash}
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
func terrainColor(name string, over map[string]string) string {
	if c, ok := over[name]; ok {
		return c
	}
	if c, ok := TerrainColors[name]; ok {
		return c
	}
	return hashColor(name, 0.7)
}

// rgba is an opaque colour from "#rrggbb".
func rgba(s string) color.RGBA {
	r, g, b := rgb(s)
	return color.RGBA{r, g, b, 255}
}
