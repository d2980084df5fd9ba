package vassal

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/oob"
)

// A leader with further counters (3DoG BB 4.44: A.P. Hill's -1 counter)
// gets a Counter layer with one image per further counter, drawn with its
// ratings, on the ruleset's keys.counter (ctrl J, with shift back); his
// rating properties and the stack viewer's Ratings follow the layer; a
// scenario piece's counter: starts him on it. examples/3dog-mcphersons-ridge
// sets Hill up on his first counter; here a copy sets him up on Hill -1.
func TestLeaderCounters(t *testing.T) {
	first := exampleWith(t, "3dog-mcphersons-ridge", "scenario.yaml", nil)
	b := exampleWith(t, "3dog-mcphersons-ridge", "scenario.yaml", map[string]string{
		`"A1210": [Hill, {unit: Pegram/III, attached: Heth/III}]`: `"A1210": [{unit: Hill, counter: Hill -1}, {unit: Pegram/III, attached: Heth/III}]`,
	})
	files, _ := unzipAll(t, buildVmod(t, b))
	bf := string(files["buildFile.xml"])
	if got := stateLayer(t, bf, "Hill", counterLayer); got != "2" {
		t.Errorf("Hill set up on Hill -1 starts his Counter layer at %q, want 2", got)
	}
	ffiles, _ := unzipAll(t, buildVmod(t, first))
	if got := stateLayer(t, string(ffiles["buildFile.xml"]), "Hill", counterLayer); got != "" {
		t.Errorf("Hill set up on his first counter starts his Counter layer at %q, want it in his prototype", got)
	}
	one, minus := files["images/CSA-leader-Hill-III.png"], files["images/CSA-leader-Hill-III-Hill__1.png"]
	if one == nil || minus == nil {
		var names []string
		for n := range files {
			if strings.Contains(n, "Hill") {
				names = append(names, n)
			}
		}
		t.Fatalf("Hill's counter images: %v", names)
	}
	// the images leave the name and ratings to the labels (TestLeaderLabels),
	// which show Hill -1's on his Counter layer's level 2
	if bytes.Equal(one, minus) {
		ts := expanded(t, protosOf(t, files["buildFile.xml"]), slotsOf(t, files["buildFile.xml"])["Hill"][0])
		if got := shownLabels(t, ts, map[string]int{counterLayer: 2}); len(got) < 2 || got[0] != "Hill -1" || got[1] != "efficiency -1" {
			t.Errorf("Hill -1 is drawn as his first counter and labelled %q", got)
		}
	}
	slot := regexp.MustCompile(`(?s)<VASSAL\.build\.module\.map\.SetupStack [^>]*name="mcphersons-ridge CSA A1210"[^>]*>.*?</VASSAL\.build\.module\.map\.SetupStack>`).FindString(bf)
	if slot == "" {
		t.Fatal("no set-up stack in A1210")
	}
	golden.Check(t, filepath.Join("testdata", "leader-counter.xml"), []byte(slot+"\n"))
	plain := strings.NewReplacer("&#9;", "\t", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&apos;", "'").Replace(bf)
	for _, want := range []string{
		`calcProp;Ratings;{(GetProperty("Counter_Level")==2?"efficiency -1, range 7":"efficiency 0, range 7")}`,
		`calcProp;efficiency;{(GetProperty("Counter_Level")==2?"-1":"0")}`,
		`;Next counter;130;;Previous counter;`, `;74,130;74,195;His further counters;`,
	} {
		if !strings.Contains(plain, want) {
			t.Errorf("module lacks %s", want)
		}
	}
	if !strings.Contains(string(files["help/"+b.ID+".html"]), "Hill: Hill -1") {
		t.Error("the help page does not name Hill -1 under the counter key")
	}
}

// faceLevel names, for every face of every unit and leader of the example
// battles, the Layer and level the module's piece shows it with (what
// slotAt starts a set-up's piece on), so an extension can start a base
// module's piece on a face as the module does.
func TestFaceLevel(t *testing.T) {
	faces := 0
	for _, dir := range []string{"dow-intro", "3dog-mcphersons-ridge", "art-demo", "tss-seminary-ridge", "summer-storm-mcpherson", "amfs-culps-hill"} {
		b := extExample(t, dir)
		m, err := newVmod(b)
		if err != nil {
			t.Fatal(err)
		}
		m.drawPieces()
		for _, sd := range b.Sides {
			if sd.Army == nil {
				continue
			}
			sd.Army.Walk(func(f *oob.Formation) {
				for _, u := range f.Units {
					d := m.units[u]
					for face, lv := range d.faceLvl {
						faces++
						want, _ := layerName(d.traits[d.faceAt[face]])
						layer, level, ok := m.faceLevel(sd, u, face)
						if !ok || layer != want || level != lv {
							t.Errorf("%s: %s face %s: faceLevel says %s %d (%v), the piece has %s %d", dir, u.QualifiedName(), face, layer, level, ok, want, lv)
						}
					}
					if _, _, ok := m.faceLevel(sd, u, "no such face"); ok {
						t.Errorf("%s: %s has a face it lacks", dir, u.QualifiedName())
					}
				}
				for _, l := range append([]*oob.Leader{f.Leader}, f.Officers...) {
					d := m.leaders[l]
					if l == nil || d == nil {
						continue
					}
					for face, lv := range d.faceLvl {
						faces++
						want, _ := layerName(d.traits[d.faceAt[face]])
						layer, level, ok := leaderFaceLevel(l, face)
						if !ok || layer != want || level != lv {
							t.Errorf("%s: %s face %s: leaderFaceLevel says %s %d (%v), the piece has %s %d", dir, l.QualifiedName(), face, layer, level, ok, want, lv)
						}
					}
				}
			})
		}
	}
	if faces < 20 {
		t.Errorf("only %d faces checked", faces)
	}
}

// Counters that look the same are drawn once (picture): every counter's
// image with the same bytes as another is that other's slice, not a second
// drawing of it. Dead of Winter's introduction repeats its markers and
// units' faces.
func TestLikeCountersDrawnOnce(t *testing.T) {
	m, err := newVmod(loadExample(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.archive(); err != nil {
		t.Fatal(err)
	}
	first := map[string][]byte{}
	shared := 0
	for name, data := range m.files {
		if !strings.HasPrefix(name, "images/") || len(data) < 24 || binary.BigEndian.Uint32(data[16:]) != counterPx || binary.BigEndian.Uint32(data[20:]) != counterPx {
			continue // not a counter's PNG
		}
		f, ok := first[string(data)]
		if !ok {
			first[string(data)] = data
			continue
		}
		if &f[0] != &data[0] {
			t.Errorf("%s is drawn again", name)
		}
		shared++
	}
	if shared == 0 {
		t.Fatal("no two images alike: the test shows nothing")
	}
}
