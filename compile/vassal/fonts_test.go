package vassal

import (
	"bytes"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/oob"
)

// TestBoldWidths holds the width tables to what Java's FontMetrics measured
// for whole strings in Dialog Bold (OpenJDK 17 on the VASSAL 3.7.26 build's
// machine).
func TestBoldWidths(t *testing.T) {
	for _, c := range []struct {
		s    string
		size int
		want int // FontMetrics.stringWidth
	}{
		{"SC-3-6-12", 11, 64}, {"R-6-6-6", 11, 47}, {"N-6-6-8", 11, 48}, {"0123456789", 11, 80}, {"Wainwright A", 11, 86},
		{"SC-3-6-12", 10, 54}, {"SC-3-6-12", 9, 49}, {"SC-3-6-12", 8, 45}, {"BR (SS)-4-6-12", 9, 72},
	} {
		got := boldWidth(c.s, c.size)
		if got != c.want {
			t.Errorf("%q at %d: %d, measured %d", c.s, c.size, got, c.want)
		}
	}
}

// TestValuesFit: every unit's values line fits inside its counter's border
// at the label's size on every face (SC-3-6-12 was drawn at 11 points, 64
// pixels on a 56-pixel counter), and a line that fits at 11 points keeps 11.
func TestValuesFit(t *testing.T) {
	small := 0
	for _, dir := range []string{"dow-intro", "3dog-mcphersons-ridge", "tss-seminary-ridge", "summer-storm-mcpherson", "amfs-culps-hill"} {
		b, files, _ := exampleModule(t, dir)
		m := &vmod{b: b}
		if err := m.compilePlay(); err != nil {
			t.Fatal(err)
		}
		protos := protosOf(t, files["buildFile.xml"])
		slots := slotsOf(t, files["buildFile.xml"])
		for _, sd := range b.Sides {
			if sd.Army == nil {
				continue
			}
			sd.Army.Walk(func(f *oob.Formation) {
				for _, u := range f.Units {
					texts := slots[u.Name]
					if len(texts) == 0 || sd.ArtOf(u) != nil {
						continue
					}
					labels := byPrefix(expanded(t, protos, texts[0]), "label;")
					if len(labels) == 0 {
						continue
					}
					size, _ := strconv.Atoi(seq.Decode(labels[0][0], ';')[3])
					var cases []faceCase
					for _, fc := range m.faceNames(u) {
						vals := slices.Clone(u.Values)
						for _, v := range u.Faces[fc] {
							vals.Set(v.Name, v.Value)
						}
						cases = append(cases, faceCase{vals: vals})
					}
					lines := valuesLines(m.unitFields(u), u.Values, cases)
					for _, l := range lines {
						if size > 7 && boldWidth(l, size) > valuesRoom {
							t.Errorf("%s: %s: %q at %d points is %d px", dir, u.Name, l, size, boldWidth(l, size))
						}
					}
					if size < 11 {
						small++
						fit := true
						for _, l := range lines {
							fit = fit && boldWidth(l, 11) <= valuesRoom
						}
						if fit {
							t.Errorf("%s: %s: %v fit at 11 points, drawn at %d", dir, u.Name, lines, size)
						}
					}
				}
			})
		}
	}
	if small == 0 {
		t.Error("no unit's values needed a smaller size: the cavalry lines did")
	}
}

// TestNameLabels: every unit whose counter muster draws has its name
// written by a Text Label in Dialog Bold (its state $BasicName$, the
// piece's own name) at a size, 9 points at most, at which it fits inside
// the counter; the counter image draws it no more in the 3x5 font.
func TestNameLabels(t *testing.T) {
	b, files, _ := exampleModule(t, "dow-intro")
	protos := protosOf(t, files["buildFile.xml"])
	n := 0
	for name, texts := range slotsOf(t, files["buildFile.xml"]) {
		ts := expanded(t, protos, texts[0])
		if k, _ := markerOf(ts, "Kind"); k != "unit" {
			continue
		}
		var found bool
		for _, l := range byPrefix(ts, "label;") {
			f := seq.Decode(l[0], ';')
			if f[16] != "Name" {
				continue
			}
			found = true
			size, _ := strconv.Atoi(f[3])
			if l[1] != "$BasicName$" || f[13] != "Dialog" || f[14] != "1" || size > 9 || size > 7 && boldWidth(name, size) > valuesRoom {
				t.Errorf("%s: name label %q state %q", name, l[0], l[1])
			}
		}
		if !found {
			t.Errorf("%s: no name label", name)
		}
		n++
	}
	if n == 0 || b == nil {
		t.Fatal("no units")
	}
}

// shownLabels are the texts a leader's Name and ratings line labels (ts,
// his expanded traits) show with his layers at levels (a layer not named
// is at level 1), as VASSAL evaluates them: $BasicName$ is the piece's
// name, {...} the BeanShell choice followText writes.
func shownLabels(t *testing.T, ts [][2]string, levels map[string]int) []string {
	t.Helper()
	basic := ""
	for _, p := range byPrefix(ts, "piece;") {
		basic = seq.Decode(p[0], ';')[4]
	}
	var out []string
	for _, l := range byPrefix(ts, "label;") {
		if p := seq.Decode(l[0], ';')[16]; p != "Name" && !strings.HasPrefix(p, ratingLabel) {
			continue
		}
		switch s := l[1]; {
		case s == "$BasicName$":
			out = append(out, basic)
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}"):
			out = append(out, evalFollow(t, s[1:len(s)-1], levels))
		default:
			out = append(out, s)
		}
	}
	return out
}

// evalFollow evaluates e, a BeanShell choice followExpr writes (nested
// `(GetProperty("L_Level")==N?"text":...)` ending in a literal), with the
// layers at levels (a layer not named is at level 1).
func evalFollow(t *testing.T, e string, levels map[string]int) string {
	t.Helper()
	var eval func(e string) string
	eval = func(e string) string {
		if lit, err := strconv.Unquote(e); err == nil {
			return lit
		}
		rest, ok := strings.CutPrefix(e, "(GetProperty(")
		q, err := strconv.QuotedPrefix(rest)
		if !ok || err != nil {
			t.Fatalf("label expression %q", e)
		}
		prop, _ := strconv.Unquote(q)
		rest, ok = strings.CutPrefix(rest[len(q):], ")==")
		n, rest, ok2 := strings.Cut(rest, "?")
		q, err = strconv.QuotedPrefix(rest)
		if !ok || !ok2 || err != nil || !strings.HasSuffix(rest, ")") {
			t.Fatalf("label expression %q", e)
		}
		level, have := levels[strings.TrimSuffix(prop, "_Level")]
		if !have {
			level = 1
		}
		if strconv.Itoa(level) == n {
			lit, _ := strconv.Unquote(q)
			return lit
		}
		return eval(strings.TrimSuffix(strings.TrimPrefix(rest[len(q):], ":"), ")"))
	}
	return eval(e)
}

// TestLeaderLabels: every leader's piece writes his name and ratings in
// Dialog Bold Text Labels, not in the counter image's 3x5 font, and on
// each face they show the leader that face is: on the replacement face
// (the Face layer at 2: Summer Storm's Doubleday is Rowley, Dead of
// Winter's brigadiers "repl") the replacement's name and ratings, never
// the original's; on a further counter (3DoG's Hill -1) that counter's.
// The name fits the band at 9 points or less; the ratings lines (three
// at most, a key cut to four letters where a line would not fit at 7
// points) sit below the state tabs (rows 18-31).
func TestLeaderLabels(t *testing.T) {
	leaders, faces, replaced := 0, 0, 0
	for _, dir := range []string{"dow-intro", "3dog-mcphersons-ridge", "summer-storm-mcpherson", "dead-of-winter", "tss-seminary-ridge"} {
		b, files, _ := exampleModule(t, dir)
		protos := protosOf(t, files["buildFile.xml"])
		slots := slotsOf(t, files["buildFile.xml"])
		for _, sd := range b.Sides {
			if sd.Army == nil {
				continue
			}
			sd.Army.Walk(func(f *oob.Formation) {
				for _, l := range formationLeaders(f) {
					texts := slots[l.Name]
					if len(texts) == 0 {
						continue
					}
					ts := expanded(t, protos, texts[0])
					if k, _ := markerOf(ts, "Kind"); k != "leader" {
						continue
					}
					leaders++
					for _, lb := range byPrefix(ts, "label;") {
						fs := seq.Decode(lb[0], ';')
						size, _ := strconv.Atoi(fs[3])
						top, _ := strconv.Atoi(fs[7])
						if fs[13] != "Dialog" || fs[14] != "1" || size > 9 || size < 7 ||
							strings.HasPrefix(fs[16], ratingLabel) && (top < 31 || top+size+2 > counterPx-2 || size > 8) {
							t.Errorf("%s: %s: label %q", dir, l.Name, lb[0])
						}
					}
					check := func(face string, shown *oob.Leader, levels map[string]int) {
						faces++
						got := shownLabels(t, ts, levels)
						keys := givenKeys(shown) // a rating left empty prints no line
						if len(got) < 1+min(len(keys), maxRatingLines) || got[0] != shown.Name {
							t.Errorf("%s: %s %s: labels show %q, want %s and his ratings", dir, l.Name, face, got, shown.Name)
							return
						}
						for i, line := range got[1:] {
							if i >= len(keys) {
								if line != "" {
									t.Errorf("%s: %s %s: line %d is %q, he has %d ratings", dir, l.Name, face, i+1, line, len(keys))
								}
								continue
							}
							v := valueText(shown.Ratings.Get(keys[i]))
							if line != keys[i]+" "+v && line != keys[i][:min(4, len(keys[i]))]+" "+v {
								t.Errorf("%s: %s %s: line %d is %q, want %s %s", dir, l.Name, face, i+1, line, keys[i], v)
							}
						}
					}
					check("front", l, nil)
					if r := l.Replacement; r != nil {
						replaced++
						check("replacement", r, map[string]int{"Face": 2})
						if r.Name != l.Name && slices.Contains(shownLabels(t, ts, map[string]int{"Face": 2}), l.Name) {
							t.Errorf("%s: %s's replacement face shows his name", dir, l.Name)
						}
						// the stack viewer's ratings follow the face too
						rp := byPrefix(ts, "calcProp;Ratings;")
						if len(rp) != 1 {
							t.Errorf("%s: %s: Ratings is no Calculated Property: %v", dir, l.Name, byPrefix(ts, "mark;Ratings"))
						} else if e := seq.Decode(rp[0][0], ';')[2]; evalFollow(t, strings.Trim(e, "{}"), map[string]int{"Face": 2}) != ratingsText(r) ||
							evalFollow(t, strings.Trim(e, "{}"), nil) != ratingsText(l) {
							t.Errorf("%s: %s: Ratings %s", dir, l.Name, e)
						}
					}
					for i, c := range l.Counters {
						check(c.Name, counterLeader(l, c), map[string]int{counterLayer: i + 2})
					}
				}
			})
		}
	}
	// the stack viewer writes the Name label, which follows the face, where
	// a piece has one
	if !strings.Contains(viewerFormat, `(GetString("Name")==""?PieceName:GetString("Name"))`) {
		t.Errorf("the stack viewer writes the piece's name, not its Name label: %s", viewerFormat)
	}
	if leaders == 0 || replaced < 10 || faces <= leaders+replaced {
		t.Fatalf("%d leaders, %d faces, %d replacement faces: too few looked at", leaders, faces, replaced)
	}
	t.Logf("%d leaders, %d faces, %d replacement faces", leaders, faces, replaced)
}

// Every leader's counter (every example module and both real battles'
// errata modules) has a title, the formation he commands, as a Text Label
// in Dialog Bold under his name, at 8 or 7 points, that fits the counter
// at its size on every face and is never cut: whole parts of his
// formation's designation, from his own formation's id up (or from the one
// above, where his formation bears his name, which the band shows), and
// the whole level word or its short form ("1/2/P Bde", "Heth/III Bde",
// "III Corps"). The counter image no longer draws it: before, the image
// printed it in the 3x5-pixel font cut to the counter's width ("1/2/P
// BRIGAD", "1/1/RW BRIGA"), and no label wrote it.
func TestLeaderTitles(t *testing.T) {
	leaders, long := 0, 0
	for _, ex := range setupExamples {
		b, files, _ := setupModule(t, ex.dir, ex.variant)
		protos := protosOf(t, files["buildFile.xml"])
		slots := slotsOf(t, files["buildFile.xml"])
		for _, sd := range b.Sides {
			if sd.Army == nil {
				continue
			}
			sd.Army.Walk(func(f *oob.Formation) {
				for _, l := range formationLeaders(f) {
					ts := slotOfKind(t, protos, slots[l.Name], "leader", l.QualifiedName()) // leaders share names
					if ts == nil {
						continue
					}
					leaders++
					d := f.Designation()
					// the image leaves the title's rows to the label
					img := seq.Decode(byPrefix(ts, "piece;")[0][0], ';')[3]
					if n := inkIn(t, files["images/"+img], 3, 15, 53, 23); n != 0 {
						t.Errorf("%s: %s: %d pixels drawn under the band in %s", ex.dir, l.Name, n, img)
					}
					if boldWidth(d+" "+f.Level, 7) > valuesRoom {
						long++
					}
					text, size, ok := titleLabelOf(t, ts, ex.dir+": "+l.Name, titleTop)
					if !ok {
						continue
					}
					faces := []map[string]int{nil}
					if l.Replacement != nil {
						faces = append(faces, map[string]int{"Face": 2})
					}
					for i := range l.Counters {
						faces = append(faces, map[string]int{counterLayer: i + 2})
					}
					for _, lv := range faces {
						s := text
						if strings.HasPrefix(s, "{") {
							s = evalFollow(t, s[1:len(s)-1], lv)
						}
						if boldWidth(s, size) > valuesRoom || !wholeTitle(s, l, f) {
							t.Errorf("%s: %s %v: title %q (%d px at %d points) for %s %s", ex.dir, l.Name, lv, s, boldWidth(s, size), size, d, f.Level)
						}
					}
				}
			})
		}
	}
	if leaders < 100 || long < 50 {
		t.Fatalf("%d leaders, %d titles too long in full: too few looked at", leaders, long)
	}
	t.Logf("%d leaders, %d titles too long in full", leaders, long)
}

// slotOfKind gives the expanded traits of the slot among texts (the
// slots of one name) whose Kind marker is kind and whose Designation is
// qualified, or nil: names alone are not unique.
func slotOfKind(t *testing.T, protos map[string]string, texts []string, kind, qualified string) [][2]string {
	t.Helper()
	var ts [][2]string
	for _, text := range texts {
		x := expanded(t, protos, text)
		k, _ := markerOf(x, "Kind")
		if q, _ := markerOf(x, "Designation"); k == kind && q == qualified {
			ts = x
		}
	}
	return ts
}

// titleLabelOf finds a piece's one Title label among its traits ts and
// wants it in Dialog bold at 7 or 8 points with its top at row top; it
// gives the label's text and size, and false when there is not exactly one.
func titleLabelOf(t *testing.T, ts [][2]string, who string, top int) (string, int, bool) {
	t.Helper()
	var title [][2]string
	for _, lb := range byPrefix(ts, "label;") {
		if seq.Decode(lb[0], ';')[16] == titleLabel {
			title = append(title, lb)
		}
	}
	if len(title) != 1 {
		t.Errorf("%s: %d title labels", who, len(title))
		return "", 0, false
	}
	fs := seq.Decode(title[0][0], ';')
	size, _ := strconv.Atoi(fs[3])
	at, _ := strconv.Atoi(fs[7])
	if fs[13] != "Dialog" || fs[14] != "1" || size < 7 || size > 8 || at != top {
		t.Errorf("%s: title label %q", who, title[0][0])
	}
	return title[0][1], size, true
}

// wholeTitle says whether title is whole parts of f's designation, from
// its own id up (or from the one above where f bears l's name), and then
// optionally f's whole level word or its short form.
func wholeTitle(title string, l *oob.Leader, f *oob.Formation) bool {
	level := f.Level
	if level != "" {
		level = strings.ToUpper(level[:1]) + level[1:]
	}
	d := f.Designation()
	if d == "" {
		return title == level
	}
	body := title
	for _, w := range []string{level, levelShort[f.Level]} {
		if w != "" && strings.HasSuffix(title, " "+w) {
			body = strings.TrimSuffix(title, " "+w)
			break
		}
	}
	parts := strings.Split(d, "/")
	for k := len(parts); k >= 1; k-- {
		if body == strings.Join(parts[:k], "/") || f.ID == l.Name && k > 1 && body == strings.Join(parts[1:k], "/") {
			return true
		}
	}
	return false
}

// inkIn counts the pixels of a counter image in the rectangle (x0,y0)-(x1,y1)
// whose colour is not the one at (x0,y0), the counter's ground.
func inkIn(t *testing.T, data []byte, x0, y0, x1, y1 int) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	ground := img.At(x0, y0)
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if img.At(x, y) != ground {
				n++
			}
		}
	}
	return n
}

// leaderTitle's forms, the first that fits in order: whole ("III Corps"),
// the level short ("1/2/P Bde": "1/2/P Brigade" is 53 px at 7 points),
// the band's name standing for the formation named after him ("Heth/III
// Bde" for Davis), the upper parts left out ("Hoke/Early" for Avery, whose
// brigade is not named after him), an army's level alone.
func TestLeaderTitleForms(t *testing.T) {
	army := &oob.Formation{Level: "army"}
	sub := func(id, level string, parent *oob.Formation) *oob.Formation {
		return &oob.Formation{ID: id, Level: level, Parent: parent}
	}
	p := sub("P", "corps", army)
	iii := sub("III", "corps", army)
	ii := sub("II", "corps", army)
	for _, c := range []struct {
		name string
		f    *oob.Formation
		want string
	}{
		{"Hill", iii, "III Corps"},
		{"Loomis", sub("1", "brigade", sub("2", "division", p)), "1/2/P Bde"},
		{"Davis", sub("Davis", "brigade", sub("Heth", "division", iii)), "Heth/III Bde"},
		{"Avery", sub("Hoke", "brigade", sub("Early", "division", ii)), "Hoke/Early"},
		{"Bragg", army, "Army"},
	} {
		if got := leaderTitle(&oob.Leader{Name: c.name, Formation: c.f}); got != c.want {
			t.Errorf("%s of %s %s: %q, want %q", c.name, c.f.Designation(), c.f.Level, got, c.want)
		}
	}
}

// TestUnitTitles: a unit's designation line is a Text Label in Dialog Bold
// (titleLabel, as a leader's title) under its name, at 8 points or 7, in
// a form that fits the counter and is whole parts of its designation; the
// counter image leaves its rows blank. Before, the image printed it in
// the 3x5-pixel font, cut at the counter's edge ("STEUART/JO/I").
func TestUnitTitles(t *testing.T) {
	units, long := 0, 0
	for _, ex := range setupExamples {
		b, files, _ := setupModule(t, ex.dir, ex.variant)
		protos := protosOf(t, files["buildFile.xml"])
		slots := slotsOf(t, files["buildFile.xml"])
		for _, sd := range b.Sides {
			if sd.Army == nil {
				continue
			}
			sd.Army.Walk(func(f *oob.Formation) {
				for _, u := range f.Units {
					ts := slotOfKind(t, protos, slots[u.Name], "unit", u.QualifiedName())
					if ts == nil || len(byPrefix(ts, "label;")) < 3 {
						continue // a unit with art prints its own lines
					}
					units++
					d := f.Designation()
					if boldWidth(d, 7) > valuesRoom {
						long++
					}
					img := seq.Decode(byPrefix(ts, "piece;")[0][0], ';')[3]
					if n := inkIn(t, files["images/"+img], 3, 11, 53, 17); n != 0 {
						t.Errorf("%s: %s: %d pixels drawn under the name in %s", ex.dir, u.Name, n, img)
					}
					s, size, ok := titleLabelOf(t, ts, ex.dir+": "+u.Name, unitTitleTop)
					if !ok {
						continue
					}
					whole := d == s || strings.HasPrefix(d, s+"/")
					short := strings.HasSuffix(s, ".") && len(s) > 2 && strings.HasPrefix(d, s[:len(s)-1]) && boldWidth(strings.Split(d, "/")[0], 7) > valuesRoom
					if (s == "") != (d == "") || boldWidth(s, size) > valuesRoom || !whole && !short {
						t.Errorf("%s: %s: title %q (%d px at %d points) for %s", ex.dir, u.Name, s, boldWidth(s, size), size, d)
					}
				}
			})
		}
	}
	if units < 500 || long < 20 {
		t.Fatalf("%d units, %d designations too long in full: too few looked at", units, long)
	}
	t.Logf("%d units, %d designations too long in full", units, long)
}

func TestUnitTitleForms(t *testing.T) {
	for _, c := range []struct{ d, want string }{
		{"1/1/RW", "1/1/RW"},
		{"Steuart/JO/II", "Steuart/JO/II"}, // 50 pixels; the 3x5 font cut it
		{"Archer/Heth/III", "Archer/Heth"},
		{"Pettigrew/Heth/III", "Pettigrew"},
		{"Cheatham", "Cheatham"},
		{"Brockenbrough/Heth/III", "Brockenbro."},
	} {
		if got := fittingTitle(c.d, "", "", false); got != c.want {
			t.Errorf("%s: %q, want %q", c.d, got, c.want)
		}
	}
}

// TestEmptyRatings: a rating the forces leave empty (TSS's Buford: cr, er
// and mr `~`) prints no line on the counter and none in the stack
// viewer's Ratings; before, the bare names "cr", "er", "mr" stood there.
func TestEmptyRatings(t *testing.T) {
	_, files, _ := setupModule(t, "tss-seminary-ridge", "")
	protos := protosOf(t, files["buildFile.xml"])
	slots := slotsOf(t, files["buildFile.xml"])
	n := 0
	for _, text := range slots["Buford"] {
		ts := expanded(t, protos, text)
		if k, _ := markerOf(ts, "Kind"); k != "leader" {
			continue
		}
		n++
		if er, _ := markerOf(ts, "er"); er != "" {
			t.Errorf("Buford's er marker %q", er)
		}
		for _, lb := range byPrefix(ts, "label;") {
			if p := seq.Decode(lb[0], ';')[16]; strings.HasPrefix(p, ratingLabel) {
				t.Errorf("Buford's %s label %q", p, lb[1])
			}
		}
		if r, _ := markerOf(ts, "Ratings"); r != "" {
			t.Errorf("Buford's Ratings %q", r)
		}
	}
	if n == 0 {
		t.Fatal("no Buford")
	}
	l := &oob.Leader{Name: "X", Ratings: oob.Values{{Name: "er", Value: oob.Value{V: int64(3)}}, {Name: "mr", Value: oob.Value{}}}}
	if got := ratingLines(l, false); !slices.Equal(got, []string{"er 3"}) {
		t.Errorf("ratingLines: %q, want [er 3]", got)
	}
}
