package vassal

import (
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/oob"
)

// The values line at the foot of a unit's counter is VASSAL's Text Label in
// Dialog Bold (valuesLabel); at 11 points a cavalry line such as
// SC-3-6-12 is 64 pixels wide, past a 56-pixel counter's edge. Each
// piece's label takes the largest size of 11 to 7 points at which every
// line it can show (each face's) fits inside the counter's border.

// dialogBold are the advances, in pixels, of Dialog Bold at 11 to 7 points
// for the printable ASCII characters from the space on, as Java's
// FontMetrics gives them (OpenJDK 17, the VASSAL 3.7.26 build's JVM; a
// string's width is the sum: SC-3-6-12 is 64, 54, 49, 45 and 39 pixels).
var dialogBold = map[int][95]uint8{
	11: {
		4, 5, 6, 9, 8, 11, 10, 3, 5, 5, 6, 9, 4, 5, 4, 4,
		8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4, 4, 9, 9, 9, 6,
		11, 8, 9, 9, 9, 8, 8, 9, 9, 4, 4, 9, 7, 11, 9, 10,
		8, 10, 8, 8, 8, 9, 8, 13, 8, 8, 8, 5, 4, 5, 9, 6,
		6, 8, 8, 7, 8, 8, 5, 8, 8, 4, 4, 7, 4, 11, 8, 8,
		8, 8, 5, 7, 5, 8, 7, 11, 7, 7, 7, 8, 4, 8, 9,
	},
	10: {
		3, 5, 5, 8, 7, 10, 9, 3, 5, 5, 5, 8, 4, 4, 4, 4,
		7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 4, 4, 8, 8, 8, 6,
		10, 9, 7, 7, 8, 6, 6, 8, 8, 3, 3, 7, 6, 9, 8, 8,
		7, 8, 8, 7, 7, 8, 9, 11, 8, 7, 7, 5, 4, 5, 8, 5,
		5, 7, 7, 6, 7, 7, 4, 7, 7, 3, 3, 7, 3, 11, 7, 7,
		7, 7, 5, 6, 5, 7, 7, 9, 7, 7, 5, 7, 4, 7, 8,
	},
	9: {
		3, 4, 5, 8, 6, 9, 8, 3, 4, 4, 5, 8, 3, 4, 3, 3,
		6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 4, 4, 8, 8, 8, 5,
		9, 7, 6, 7, 7, 6, 6, 7, 8, 3, 3, 7, 6, 8, 7, 7,
		6, 7, 7, 6, 6, 7, 7, 10, 7, 7, 7, 4, 3, 4, 8, 5,
		5, 6, 6, 5, 6, 6, 4, 6, 6, 3, 3, 6, 3, 9, 6, 6,
		6, 6, 4, 5, 4, 6, 6, 8, 6, 6, 5, 6, 3, 6, 8,
	},
	8: {
		3, 4, 4, 7, 6, 8, 7, 2, 4, 4, 4, 7, 3, 3, 3, 3,
		6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 3, 3, 7, 7, 7, 5,
		8, 6, 6, 6, 7, 5, 5, 7, 7, 3, 3, 6, 5, 8, 7, 7,
		6, 7, 6, 6, 5, 7, 6, 9, 6, 6, 6, 4, 3, 4, 7, 4,
		4, 5, 6, 5, 6, 5, 3, 6, 6, 3, 3, 5, 3, 8, 6, 6,
		6, 6, 4, 5, 4, 6, 5, 7, 5, 5, 5, 6, 3, 6, 7,
	},
	7: {
		2, 3, 4, 6, 5, 7, 6, 2, 3, 3, 4, 6, 3, 3, 3, 3,
		5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 3, 6, 6, 6, 4,
		7, 5, 5, 5, 6, 5, 5, 6, 6, 3, 3, 5, 4, 7, 6, 6,
		5, 6, 5, 5, 5, 6, 5, 8, 5, 5, 5, 3, 3, 3, 6, 4,
		4, 5, 5, 4, 5, 5, 3, 5, 5, 2, 2, 5, 2, 7, 5, 5,
		5, 5, 3, 4, 3, 5, 5, 6, 5, 5, 4, 5, 3, 5, 6,
	},
}

// boldWidth is the width of s in Dialog Bold at size points (11 to 7).
func boldWidth(s string, size int) int {
	t := dialogBold[size]
	w := 0
	for _, r := range s {
		if r >= 32 && r < 127 {
			w += int(t[r-32])
		} else {
			w += size + 2 // wider than any ASCII character
		}
	}
	return w
}

// valuesRoom is the width the values line has: the counter inside its
// two-pixel border.
const valuesRoom = counterPx - 4

// valuesSize is the largest point size, 11 to 7, at which every line fits
// valuesRoom (7 when none does).
func valuesSize(lines []string) int {
	for size := 11; size > 7; size-- {
		fits := true
		for _, l := range lines {
			fits = fits && boldWidth(l, size) <= valuesRoom
		}
		if fits {
			return size
		}
	}
	return 7
}

// valuesLines are the lines a unit's values label can show: its front's
// values and each face's, joined by "-" as valuesText joins them.
func valuesLines(fields []string, vals oob.Values, cases []faceCase) []string {
	line := func(vs oob.Values) string {
		var parts []string
		for _, f := range fields {
			if s, ok := printed(f, vs.Get(f)); ok {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "-")
	}
	out := []string{line(vals)}
	for _, c := range cases {
		out = append(out, line(c.vals))
	}
	return out
}

// nameSize is the size, 9 points at most (the counter's top has room for
// no taller line above the formation), at which a unit's name fits.
func nameSize(name string) int { return min(9, valuesSize([]string{name})) }

// nameLabel is the Text Label that writes a unit's name over the top of its
// counter in Dialog Bold, in the side's text colour, at nameSize: the
// counter image leaves the name out (render.UnitCounter.NameAbove), which
// it drew in its 3x5-pixel font. Its state is $BasicName$, the piece's own
// name, so every piece of a colour and size shares it.
func (m *vmod) nameLabel(color string, size int) trait {
	key := "name " + color + " " + strconv.Itoa(size)
	return trait{memo(&m.labelTypes, key, func() string {
		se := seq.New(';')
		se.Append("").Append("").Int(size) // no key, no menu command, font size
		se.Append("").Append(color)        // background (none), foreground
		se.Append("t").Int(0).Append("c").Int(0).Append("t").Append("c")
		se.Append("$pieceName$").Append("Dialog").Int(1).Int(0) // name format, font, bold, rotation
		se.Append("Name").Append("counter name").Bool(false)
		return "label;" + se.Value()
	}), "$BasicName$"}
}
