package vassal

import (
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/render"
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

// A leader's counter image leaves his name and ratings out
// (render.LeaderCounter.TextOver): Text Labels write them in Dialog Bold,
// the name in the band at the top, the ratings one line each under the
// state tabs. A leader's piece shows other leaders on some faces (his
// replacement on the Face layer's level 2, his further counters on the
// Counter layer's levels 2 on), so each label's text follows those layers:
// a BeanShell expression VASSAL evaluates each time it draws the label
// (Labeler.getLabel, a FormattedString), the replacement first, since his
// layer is drawn over the counters'.

// leaderShown is a leader a leader's piece shows, and the layer level that
// shows him ("" for the piece's own leader, on every other level).
type leaderShown struct {
	l     *oob.Leader
	layer string
	level int
}

// leadersShown lists what leader l's piece shows: his replacement, his
// further counters in layer order, then himself.
func leadersShown(l *oob.Leader) []leaderShown {
	var out []leaderShown
	if r := l.Replacement; r != nil {
		out = append(out, leaderShown{r, "Face", 2})
	}
	for i, c := range l.Counters {
		out = append(out, leaderShown{counterLeader(l, c), counterLayer, i + 2})
	}
	return append(out, leaderShown{l, "", 0})
}

// followText is the label text that shows text(the leader shown): the text
// itself when every face shows the same, else an expression choosing by
// the layers' levels.
func followText(shown []leaderShown, text func(*oob.Leader) string) string {
	last := text(shown[len(shown)-1].l)
	for _, s := range shown {
		if text(s.l) != last {
			return "{" + followExpr(shown, text) + "}"
		}
	}
	return last
}

// followExpr is the BeanShell expression that is text(the leader shown).
func followExpr(shown []leaderShown, text func(*oob.Leader) string) string {
	e := strconv.Quote(text(shown[len(shown)-1].l))
	for i := len(shown) - 2; i >= 0; i-- {
		s := shown[i]
		e = "(GetProperty(" + strconv.Quote(s.layer+"_Level") + ")==" + strconv.Itoa(s.level) + "?" + strconv.Quote(text(s.l)) + ":" + e + ")"
	}
	return e
}

// ratingRoom is the width a leader's ratings line has: from its left edge,
// four pixels in, to the counter's border.
const ratingRoom = counterPx - 8

// maxRatingLines is how many ratings lines fit under the state tabs.
const maxRatingLines = 3

// givenKeys are leader l's rating keys that have a value: a rating his
// forces leave empty (TSS's Buford, `er: ~`: cavalry division leaders are
// neither Officers nor Commanders) is not printed, where its bare name
// ("cr") was.
func givenKeys(l *oob.Leader) []string {
	var ks []string
	for _, k := range leaderKeys(l) {
		if l.Ratings.Get(k).Known() {
			ks = append(ks, k)
		}
	}
	return ks
}

// ratingLines are a leader's ratings lines, in key order: "range 4", or
// with keys cut to four letters ("coor 3") where cut; a rating with no
// value has none (givenKeys).
func ratingLines(l *oob.Leader, cut bool) []string {
	var out []string
	for _, k := range givenKeys(l) {
		key := k
		if cut && len(key) > 4 {
			key = key[:4]
		}
		out = append(out, key+" "+valueText(l.Ratings.Get(k)))
	}
	return out
}

// ratingsLayout are the lines of every leader a piece shows, with keys
// cut to four letters when some line does not fit ratingRoom at 7 points
// in full, and the labels' size: 7 points for three lines, else the
// largest of 8 and 7 at which every line fits.
func ratingsLayout(shown []leaderShown) (cut bool, lines, size int) {
	for _, s := range shown {
		for _, ln := range ratingLines(s.l, false) {
			cut = cut || boldWidth(ln, 7) > ratingRoom
		}
	}
	size = 8
	for _, s := range shown {
		ls := ratingLines(s.l, cut)
		lines = max(lines, min(len(ls), maxRatingLines))
		for _, ln := range ls {
			if boldWidth(ln, 8) > ratingRoom {
				size = 7
			}
		}
	}
	if lines == maxRatingLines {
		size = 7
	}
	return cut, lines, size
}

// leaderLabels are the Text Labels of leader l's piece: his name in the
// band (in the band's ink, at nameSize of the longest name a face shows),
// then a label per ratings line, left-aligned four pixels in: three lines
// at 7 points seven pixels apart from row 31, fewer at 8 (or 7) nine
// apart from row 33, below the state tabs (rows 18-31). A line a face
// lacks is empty, and VASSAL draws an empty label as nothing.
func (m *vmod) leaderLabels(l *oob.Leader, ink string) []trait {
	shown := leadersShown(l)
	size := 9
	for _, s := range shown {
		size = min(size, nameSize(s.l.Name))
	}
	name := followText(shown, func(x *oob.Leader) string { return x.Name })
	if len(shown) == 1 {
		name = "$BasicName$" // the piece's own name: the label is shared
	}
	ts := []trait{{m.leaderLabelType("Name", "leader name", rgb(render.BandInk), size, 10-size, 0), name}}
	var titles []string
	for _, s := range shown {
		titles = append(titles, leaderTitle(s.l))
	}
	tsize := titleSize(titles)
	ts = append(ts, trait{m.leaderLabelType(titleLabel, "leader command", rgb(ink), tsize, titleTop, 0), followText(shown, leaderTitle)})
	cut, lines, rsize := ratingsLayout(shown)
	top, pitch := 33, 9
	if lines == maxRatingLines {
		top, pitch = 31, 7
	}
	for i := 0; i < lines; i++ {
		text := followText(shown, func(x *oob.Leader) string {
			if ls := ratingLines(x, cut); i < len(ls) {
				return ls[i]
			}
			return ""
		})
		ts = append(ts, trait{m.leaderLabelType(ratingLabel+strconv.Itoa(i+1), "leader rating line "+strconv.Itoa(i+1), rgb(ink), rsize, top+i*pitch, 4), text})
	}
	return ts
}

// titleLabel is the property name of a leader's title label, the command
// under his name; ownTraits keeps it in the piece, each leader's own.
const titleLabel = "Title"

// titleTop is the title label's top: under the name band (rows 2-13),
// clear of the REP band of a replacement face (rows 24-30).
const titleTop = 14

// levelShort are the level words a leader's title shortens where the
// whole word does not fit.
var levelShort = map[string]string{"brigade": "Bde", "division": "Div", "regiment": "Regt", "battalion": "Bn"}

// leaderTitle is the title under a leader's name: the formation he
// commands, its designation and level ("1/2/P Brigade", "III Corps"), in
// the first form that fits valuesRoom in Dialog Bold at 7 points, never
// cut: the level shortened ("Bde"), then left out; where his formation is
// named after him (TSS's "Davis/Heth/III"), the band's name stands for it
// ("Heth/III Bde"); then the designation's upper parts left out, his own
// formation's id kept ("Hoke/Early" for Avery). An army's title is its
// level. The counter image printed it in the 3x5-pixel font, cut to the
// counter's width ("1/2/P BRIGAD").
func leaderTitle(l *oob.Leader) string {
	f := l.Formation
	if f == nil {
		return ""
	}
	level := f.Level
	if level != "" {
		level = strings.ToUpper(level[:1]) + level[1:]
	}
	short := level
	if s, ok := levelShort[f.Level]; ok {
		short = s
	}
	d := f.Designation()
	if d == "" {
		return level
	}
	return fittingTitle(d, level, short, strings.Count(d, "/") > 0 && f.ID == l.Name)
}

// fittingTitle is the first form of designation d, followed by level or
// its short form when level is not "", that fits valuesRoom in Dialog Bold
// at 7 points: the whole designation with the level, then shortened, then
// left out; where named (the formation bears its leader's name), the
// designation from the second part on with the level; then the
// designation's upper parts left out, its first part kept, shortened with
// a full stop if it alone is too wide ("Brockenbro."). A unit's
// designation line and a leader's title are written so (titleLabel).
func fittingTitle(d, level, short string, named bool) string {
	parts := strings.Split(d, "/")
	var cands []string
	add := func(ps []string, bare bool) {
		x := strings.Join(ps, "/")
		if level != "" {
			cands = append(cands, x+" "+level, x+" "+short)
		}
		if bare || level == "" {
			cands = append(cands, x)
		}
	}
	add(parts, true)
	if named {
		add(parts[1:], false)
	}
	for k := len(parts) - 1; k >= 1; k-- {
		add(parts[:k], true)
	}
	for _, c := range cands {
		if boldWidth(c, 7) <= valuesRoom {
			return c
		}
	}
	// the first part alone is too wide ("Brockenbrough", 60 pixels):
	// shortened, its end marked by a full stop
	r := []rune(parts[0])
	for len(r) > 1 && boldWidth(string(r)+".", 7) > valuesRoom {
		r = r[:len(r)-1]
	}
	return string(r) + "."
}

// titleSize is the size, 8 points or else 7, of a title label showing
// texts.
func titleSize(texts []string) int {
	for _, s := range texts {
		if boldWidth(s, 8) > valuesRoom {
			return 7
		}
	}
	return 8
}

// unitTitle is the designation line under a unit's name: its formation's
// designation in the first form that fits the counter (fittingTitle,
// "Archer/Heth" for a regiment of Archer/Heth/III), never cut; the counter
// image printed it in the 3x5-pixel font, cut to the counter's width
// ("STEUART/JO/I").
func unitTitle(u *oob.Unit) string {
	if u.Formation == nil {
		return ""
	}
	d := u.Formation.Designation()
	if d == "" {
		return ""
	}
	return fittingTitle(d, "", "", false)
}

// unitTitleTop is a unit's title label's top: under its name label (rows
// 0-9), over the symbol's box (from row 18).
const unitTitleTop = 9

// unitTitleLabel is the Text Label that writes a unit's designation line
// (unitTitle) under its name, in the side's text colour: a leader's title
// label's kind (titleLabel), so each piece keeps its own.
func (m *vmod) unitTitleLabel(color string, u *oob.Unit) trait {
	s := unitTitle(u)
	return trait{m.leaderLabelType(titleLabel, "unit formation", color, titleSize([]string{s}), unitTitleTop, 0), s}
}

// ratingLabel begins the property name of a leader's ratings line labels
// ("Rating 1"); ownTraits keeps them in the piece, each leader's own.
const ratingLabel = "Rating "

// leaderLabelType is the type of a leader's Text Label: Dialog Bold at size
// points in color, its top y pixels below the counter's top, centred, or
// left-aligned x pixels in when x > 0; its property prop. Made once per
// kind.
func (m *vmod) leaderLabelType(prop, desc, color string, size, y, x int) string {
	key := "leader " + prop + " " + color + " " + strconv.Itoa(size) + " " + strconv.Itoa(y) + " " + strconv.Itoa(x)
	return memo(&m.labelTypes, key, func() string {
		h := "c"
		if x > 0 {
			h = "l"
		}
		se := seq.New(';')
		se.Append("").Append("").Int(size) // no key, no menu command, font size
		se.Append("").Append(color)        // background (none), foreground
		se.Append("t").Int(y).Append(h).Int(x).Append("t").Append(h)
		se.Append("$pieceName$").Append("Dialog").Int(1).Int(0) // name format, font, bold, rotation
		se.Append(prop).Append(desc).Bool(false)
		return "label;" + se.Value()
	})
}
