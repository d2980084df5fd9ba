package vassal

import (
	"encoding/xml"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// setupExamples are the example battles whose modules TestSetupStates
// reads, with the variant built ("" the battle.yaml files): every example
// and both real battles' errata modules.
var setupExamples = []struct{ dir, variant string }{
	{"dow-intro", ""}, {"3dog-mcphersons-ridge", ""}, {"art-demo", ""}, {"tss-seminary-ridge", ""},
	{"summer-storm-mcpherson", ""}, {"amfs-culps-hill", ""},
	{"dead-of-winter", "errata"}, {"terrible-swift-sword", "errata"},
}

// layerState is a Layer of a piece as VASSAL reads its trait
// (Embellishment.mySetType, mySetState): its name, its images (level 1
// the first) and the level it is at.
type layerState struct {
	name   string
	images []string
	level  int
}

// layersOf reads the Layers of a piece's expanded traits.
func layersOf(t *testing.T, ts [][2]string) []layerState {
	t.Helper()
	var out []layerState
	for _, tr := range ts {
		if !strings.HasPrefix(tr[0], "emb2;") {
			continue
		}
		f := seq.Decode(strings.TrimPrefix(tr[0], "emb2;"), ';')
		if len(f) < 19 {
			t.Fatalf("short layer: %q", tr[0])
		}
		lv, err := strconv.Atoi(tr[1])
		if err != nil {
			t.Fatalf("layer %s: state %q is no level", f[18], tr[1])
		}
		// activate command, modifiers, key; up, its modifiers, key; down,
		// its modifiers, key; reset command, key, level; underneath, x and
		// y offset; the images, their names, loop, the layer's name
		out = append(out, layerState{f[18], seq.Decode(f[15], ','), lv})
	}
	return out
}

// setupSlots are the expanded traits of every set-up slot (the At-Start
// stacks, on the map and in the reinforcement boxes) of a scenario's
// boards, keyed by the slot's Designation marker.
func setupSlots(t *testing.T, root *xel, protos map[string]string, scID string) map[string][][][2]string {
	t.Helper()
	out := map[string][][][2]string{}
	root.walk(func(e, _ *xel) {
		if e.class() != "module.map.SetupStack" {
			return
		}
		if b, _ := e.attr("owningBoard"); !strings.HasSuffix(b, "("+scID+")") {
			return
		}
		for _, k := range e.Kids {
			if k.class() != "widget.PieceSlot" {
				continue
			}
			ts := expanded(t, protos, k.Text)
			des := ""
			for _, tr := range ts {
				if tr[0] == "mark;Designation" {
					des = seq.Decode(tr[1], ',')[0] // a Marker's state: its values
				}
			}
			out[des] = append(out[des], ts)
		}
	})
	return out
}

// faceShown says which face a piece's layers show: the state layer at a
// level past its first whose state has a face, or the level of the Face
// layer by its image; "" the front.
func faceShown(b *battle.Battle, ls []layerState) string {
	faceOf := map[string]string{}
	for _, s := range b.Rules.Play.States {
		if s.Face != "" && s.Facings == 0 {
			faceOf[s.ID] = s.Face
		}
	}
	for _, l := range ls {
		if f, ok := faceOf[l.name]; ok && l.level > 1 {
			return f
		}
		if l.name == "Face" && l.level > 1 && l.level <= len(l.images) {
			return "image " + l.images[l.level-1]
		}
	}
	return ""
}

// Every piece of every example's set-ups (every example module and both
// real battles' errata modules) starts, once VASSAL expands its slot
// through the prototypes it uses, on the face its set-up gives: the
// state's layer at its first level where a state shows the face
// (dismounted, unlimbered, disordered), else the Face layer at the level
// whose image is that face; a piece set up on its front shows none.
func TestSetupStates(t *testing.T) {
	for _, ex := range setupExamples {
		t.Run(ex.dir, func(t *testing.T) {
			b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", ex.dir), battle.Options{Variant: ex.variant})
			if b == nil {
				t.Fatalf("load: %v", ds)
			}
			files, _ := unzipAll(t, buildVmod(t, b))
			var root xel
			if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
				t.Fatal(err)
			}
			protos := protosOf(t, files["buildFile.xml"])
			faced := 0
			for _, sc := range b.Scenarios {
				slots := setupSlots(t, &root, protos, sc.ID)
				check := func(ps []battle.Piece) {
					for _, p := range ps {
						var want []string // designation, face
						for _, l := range p.Ref.Leaders() {
							want = append(want, l.QualifiedName(), p.Face)
						}
						for _, u := range p.Ref.Units() {
							want = append(want, u.QualifiedName(), p.Face)
						}
						for i := 0; i < len(want); i += 2 {
							des, face := want[i], want[i+1]
							got := take(slots, des, func(ts [][2]string) bool {
								return faceMatches(faceShown(b, layersOf(t, ts)), face)
							})
							if got == nil {
								t.Errorf("%s: %s: set up on face %q, but no slot of it shows that face (slots show %s)",
									sc.ID, des, face, shownFaces(t, b, slots[des]))
								continue
							}
							if face != "" {
								faced++
							}
						}
					}
				}
				for _, st := range sc.Setup {
					check(st.Pieces)
				}
				for _, a := range sc.Arrivals {
					check(a.Pieces)
				}
			}
			t.Logf("%d pieces set up on a face, each on it", faced)
		})
	}
}

// faceMatches says whether a face shown is the face wanted: a state's face
// by name, a Face layer's level by its image naming the face.
func faceMatches(shown, want string) bool {
	if want == "" || shown == "" {
		return shown == want
	}
	if img, ok := strings.CutPrefix(shown, "image "); ok {
		// imageName: the parts made file-safe, joined by "-"
		return strings.Contains(img, "-"+fileSafe(want))
	}
	return shown == want
}

// take removes and returns the first slot of des that ok accepts.
func take(slots map[string][][][2]string, des string, ok func([][2]string) bool) [][2]string {
	for i, ts := range slots[des] {
		if ok(ts) {
			slots[des] = append(slots[des][:i], slots[des][i+1:]...)
			return ts
		}
	}
	return nil
}

// shownFaces lists the faces the slots show, for a message.
func shownFaces(t *testing.T, b *battle.Battle, slots [][][2]string) string {
	var out []string
	for _, ts := range slots {
		out = append(out, fmt.Sprintf("%q", faceShown(b, layersOf(t, ts))))
	}
	if len(out) == 0 {
		return "no slot left"
	}
	return strings.Join(out, ", ")
}
