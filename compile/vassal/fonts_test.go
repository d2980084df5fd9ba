package vassal

import (
	"slices"
	"strconv"
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
