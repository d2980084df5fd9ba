package vassal

import (
	"encoding/xml"
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/rulesets"
)

// setupExamples are the example battles whose modules TestSetupStates
// reads, with the variant built ("" the battle.yaml files): every example
// and both real battles' errata modules.
var setupExamples = []struct{ dir, variant string }{
	{"dow-intro", ""}, {"3dog-mcphersons-ridge", ""}, {"art-demo", ""}, {"tss-seminary-ridge", ""},
	{"summer-storm-mcpherson", ""}, {"amfs-culps-hill", ""},
	{"dead-of-winter", "errata"}, {"terrible-swift-sword", "errata"},
}

// builtModule is an example's module as TestSetupStates and
// TestSetupCentre read it.
type builtModule struct {
	b     *battle.Battle
	files map[string][]byte
	root  xel
	err   string
}

var (
	setupModulesMu sync.Mutex
	setupModules   = map[string]*builtModule{}
)

// setupModule loads and builds an example once for the tests that read
// its set-ups (they only read it).
func setupModule(t *testing.T, dir, variant string) (*battle.Battle, map[string][]byte, *xel) {
	t.Helper()
	setupModulesMu.Lock()
	m := setupModules[dir+"\x00"+variant]
	if m == nil {
		m = &builtModule{}
		setupModules[dir+"\x00"+variant] = m
		b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", dir), battle.Options{Variant: variant})
		if b == nil {
			m.err = fmt.Sprintf("load: %v", ds)
		} else {
			out, err := Module(b)
			switch {
			case err != nil:
				m.err = err.Error()
			default:
				m.b = b
				m.files, _ = unzipAll(t, out[0].Data)
				if err := xml.Unmarshal(m.files["buildFile.xml"], &m.root); err != nil {
					m.err = err.Error()
				}
			}
		}
	}
	setupModulesMu.Unlock()
	if m.err != "" {
		t.Fatal(m.err)
	}
	return m.b, m.files, &m.root
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
// whose image is that face; a piece set up on its front shows none. A
// strength a set-up gives is the value of the piece's strength property,
// which the strength keys step and the values label draws.
func TestSetupStates(t *testing.T) {
	for _, ex := range setupExamples {
		t.Run(ex.dir, func(t *testing.T) {
			t.Parallel()
			b, files, root := setupModule(t, ex.dir, ex.variant)
			protos := protosOf(t, files["buildFile.xml"])
			faced, strong := 0, 0
			for _, sc := range b.Scenarios {
				slots := setupSlots(t, root, protos, sc.ID)
				check := func(ps []battle.Piece) {
					once := battle.NewOnce(ps) // a piece a group names twice stands once
					for _, p := range ps {
						var want []string // designation, face, strength ("" none given)
						for _, l := range p.Ref.Leaders() {
							if once.Take(l, p) {
								want = append(want, l.QualifiedName(), p.Face, "")
							}
						}
						for _, u := range p.Ref.Units() {
							if !once.Take(u, p) {
								continue
							}
							sp := ""
							if p.Strength != nil {
								sp = strconv.Itoa(*p.Strength)
							}
							want = append(want, u.QualifiedName(), p.Face, sp)
						}
						for i := 0; i < len(want); i += 3 {
							des, face, sp := want[i], want[i+1], want[i+2]
							got := take(slots, des, func(ts [][2]string) bool {
								return faceMatches(faceShown(b, layersOf(t, ts)), face) && (sp == "" || liveStrength(b, ts) == sp)
							})
							if got == nil {
								t.Errorf("%s: %s: set up on face %q at strength %q, but no slot of it starts so (slots show %s)",
									sc.ID, des, face, sp, shownStates(t, b, slots[des]))
								continue
							}
							if face != "" {
								faced++
							}
							if sp != "" {
								strong++
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
			t.Logf("%d pieces set up on a face, each on it; %d at a strength, each a live value", faced, strong)
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

// liveStrength is the value of a piece's strength property where it is a
// live value: a Dynamic Property of the strength field that the ruleset's
// strength keys step, drawn by the values label; "" where it is not.
func liveStrength(b *battle.Battle, ts [][2]string) string {
	name := b.Rules.Strength
	if name == "" {
		name = "strength"
	}
	value, live, drawn := "", false, false
	for _, tr := range ts {
		switch {
		case strings.HasPrefix(tr[0], "PROP;"):
			f := seq.Decode(strings.TrimPrefix(tr[0], "PROP;"), ';')
			if len(f) > 2 && f[0] == name {
				value = tr[1]
				// its key commands (DynamicProperty: name:key:changer),
				// an Increment (I) of -1 and of 1 on a key each
				incr := map[string]bool{}
				for _, c := range seq.Decode(f[2], ',') {
					if k := seq.Decode(c, ':'); len(k) == 3 && k[1] != "" {
						if ch := seq.Decode(k[2], ','); len(ch) == 2 && ch[0] == "I" {
							incr[ch[1]] = true
						}
					}
				}
				live = incr["-1"] && incr["1"]
			}
		case strings.HasPrefix(tr[0], "label;"):
			drawn = drawn || strings.Contains(tr[1], "$"+name+"$") || strings.Contains(tr[1], `GetProperty("`+name+`")`)
		}
	}
	if !live || !drawn {
		return ""
	}
	return value
}

// shownStates lists the faces and strengths the slots show, for a
// message.
func shownStates(t *testing.T, b *battle.Battle, slots [][][2]string) string {
	var out []string
	for _, ts := range slots {
		out = append(out, fmt.Sprintf("%q at %q", faceShown(b, layersOf(t, ts)), liveStrength(b, ts)))
	}
	if len(out) == 0 {
		return "no slot left"
	}
	return strings.Join(out, ", ")
}

// Each scenario's saved game ends, after end_save, with a flare of the
// Main Map's Flare at the middle of its set-up (the rectangle around its
// At-Start stacks, each at its x, y on its board, the board where VASSAL
// lays it out: boardOrigins), so VASSAL opens the map centred on the
// units; the flare's id is the one VASSAL numbers the Main Map's Flare
// with, every map before it having one (Map.build).
func TestSetupCentre(t *testing.T) {
	for _, ex := range setupExamples {
		t.Run(ex.dir, func(t *testing.T) {
			t.Parallel()
			b, files, root := setupModule(t, ex.dir, ex.variant)
			before, flares, id := 0, 0, ""
			var main *xel
			for i := range root.Kids {
				k := &root.Kids[i]
				switch k.class() {
				case "module.Map", "module.PrivateMap", "module.PlayerHand":
					if n, _ := k.attr("mapName"); n == mainMapName {
						main = k
						id = "Flare" + strconv.Itoa(before)
					}
					before++
				}
			}
			if main == nil {
				t.Fatal("no Main Map")
			}
			for _, k := range main.Kids {
				if k.class() == "module.map.Flare" {
					flares++
				}
			}
			if flares != 1 {
				t.Fatalf("the Main Map has %d Flares, want 1", flares)
			}
			m, err := newVmod(b)
			if err != nil {
				t.Fatal(err)
			}
			for _, sc := range b.Scenarios {
				at := map[string][2]int{}
				for sb, o := range boardOrigins(m.layouts[sc]) {
					at[scenarioBoard(sb, sc)] = o
				}
				var box image.Rectangle
				n := 0
				for _, k := range main.Kids {
					board, _ := k.attr("owningBoard")
					o, ok := at[board]
					if k.class() != "module.map.SetupStack" || !ok {
						continue
					}
					xs, _ := k.attr("x")
					ys, _ := k.attr("y")
					x, _ := strconv.Atoi(xs)
					y, _ := strconv.Atoi(ys)
					p := image.Pt(x+o[0], y+o[1])
					if n == 0 {
						box = image.Rectangle{p, p}
					}
					box.Min.X, box.Min.Y = min(box.Min.X, p.X), min(box.Min.Y, p.Y)
					box.Max.X, box.Max.Y = max(box.Max.X, p.X), max(box.Max.Y, p.Y)
					n++
				}
				save, _ := unzipAll(t, files["scenario-"+sc.ID+".vsav"])
				cmds := strings.Split(string(save["savedGame"]), "\x1b")
				if n == 0 {
					if strings.HasPrefix(cmds[len(cmds)-1], "FLARE") {
						t.Errorf("%s: nothing is set up, yet the saved game flares", sc.ID)
					}
					continue
				}
				want := fmt.Sprintf("FLARE\t%s\t%d\t%d", id, (box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2)
				if len(cmds) < 2 || cmds[len(cmds)-2] != "end_save" || cmds[len(cmds)-1] != want {
					t.Errorf("%s: the saved game ends %q, want end_save then %q", sc.ID, cmds[max(0, len(cmds)-2):], want)
				}
			}
		})
	}
}

// Every unit a set-up or arrival gives orders (its own, or its stack's)
// that a state of its piece shows starts with that state's layer on them: a state named as the
// order at its first level (AMFS's Skirmish Order, O: a Union unit the
// scenario marks S), or the orders state at the level named as it (GBACW's
// March, Advance, Attack). Before, the module started every piece on no
// orders: Culp's Hill's Greene 2, set up in Skirmish Order, did not show
// it.
func TestSetupOrders(t *testing.T) {
	for _, ex := range setupExamples {
		t.Run(ex.dir, func(t *testing.T) {
			t.Parallel()
			b, files, root := setupModule(t, ex.dir, ex.variant)
			protos := protosOf(t, files["buildFile.xml"])
			n := 0
			for _, sc := range b.Scenarios {
				slots := setupSlots(t, root, protos, sc.ID)
				check := func(ps []battle.Piece, stackOrders string) {
					once := battle.NewOnce(ps)
					for _, p := range ps {
						for _, u := range p.Ref.Units() {
							orders := p.Orders
							if orders == "" {
								orders = stackOrders // the stack's
							}
							if !once.Take(u, p) || orders == "" {
								continue
							}
							layer, level := ordersState(b, b.Rules.Class(u.Type), orders)
							if layer == "" {
								continue
							}
							got := take(slots, u.QualifiedName(), func(ts [][2]string) bool {
								for _, l := range layersOf(t, ts) {
									if l.name == layer && l.level == level {
										return true
									}
								}
								return false
							})
							if got == nil {
								t.Errorf("%s: %s: set up under orders %q, but no slot of it starts layer %s at level %d",
									sc.ID, u.QualifiedName(), orders, layer, level)
								continue
							}
							n++
						}
					}
				}
				for _, st := range sc.Setup {
					check(st.Pieces, st.Orders)
				}
				for _, a := range sc.Arrivals {
					check(a.Pieces, "")
				}
			}
			t.Logf("%d pieces set up under orders a state shows, each on them", n)
		})
	}
}

// ordersState is the layer and level that show orders o on a unit of
// class c, read from the ruleset: a state of the class named as the
// order, at its first level; else the first state of the class with a
// level named as it; "" when no state shows o.
func ordersState(b *battle.Battle, c, o string) (string, int) {
	var states []rulesets.State
	for _, s := range b.Rules.Play.States {
		if (len(s.For) == 0 || slices.Contains(s.For, c)) && s.Facings == 0 {
			states = append(states, s)
		}
	}
	for _, s := range states {
		if s.ID == o {
			return s.ID, 2
		}
	}
	for _, s := range states {
		for i, lv := range s.Levels {
			if strings.EqualFold(lv, o) {
				return s.ID, i + 2
			}
		}
	}
	return "", 0
}
