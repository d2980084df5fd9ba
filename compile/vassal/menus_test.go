package vassal

import (
	"image"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/internal/race"
	"github.com/muster-wargames/muster/oob"
)

// commandNames are the menu commands a piece's traits give (as subMenus
// reads them) and the submenus, by name, with the commands each holds.
func commandNames(ts [][2]string) (cmds []string, subs map[string][]string) {
	subs = map[string][]string{}
	for _, tr := range ts {
		f := seq.Decode(tr[0], ';')
		switch f[0] {
		case "rotate":
			cmds = append(cmds, f[4], f[5])
		case "PROP":
			for _, c := range seq.Decode(f[3], ',') {
				cmds = append(cmds, seq.Decode(c, ':')[0])
			}
		case "emb2":
			cmds = append(cmds, f[4])
			if f[7] != "" {
				cmds = append(cmds, f[7])
			}
		case "clone", "delete", "sendto", "markmoved", "footprint":
			n := f[1]
			if f[0] == "markmoved" {
				n = f[4]
			}
			if f[0] == "footprint" {
				n = f[2]
			}
			cmds = append(cmds, n)
		case "submenu":
			subs[f[1]] = seq.Decode(f[2], ',')
		}
	}
	return cmds, subs
}

// TestMenusByKind: a GBACW unit's 20 commands sit in five submenus by kind
// (Facing, Strength, State, Flags, Piece) and two more commands; every
// command is in at most one submenu, and every submenu's commands are the
// piece's. Before, the menu was a flat list of 17.
func TestMenusByKind(t *testing.T) {
	_, files, _ := exampleModule(t, "dow-intro")
	bf := files["buildFile.xml"]
	protos := protosOf(t, bf)
	slots := slotsOf(t, bf)
	ts := expanded(t, protos, slots["59 IL"][0])
	cmds, subs := commandNames(ts)
	var kinds []string
	for k := range subs {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	if strings.Join(kinds, ",") != "Facing,Flags,Piece,State,Strength" {
		t.Errorf("submenus %v", kinds)
	}
	in := map[string]string{}
	for k, names := range subs {
		for _, n := range names {
			if o, ok := in[n]; ok {
				t.Errorf("%s in %s and %s", n, o, k)
			}
			in[n] = k
			if !slices.Contains(cmds, n) {
				t.Errorf("submenu %s names %q, no command of the piece", k, n)
			}
		}
	}
	var top []string
	for _, c := range cmds {
		if _, ok := in[c]; !ok {
			top = append(top, c)
		}
	}
	if len(top)+len(subs) > 8 {
		t.Errorf("%d items at the top of the menu: %v and %v", len(top)+len(subs), top, kinds)
	}
	if got := strings.Join(subs["Piece"], ","); got != "Clone,Delete,Eliminate" {
		t.Errorf("Piece submenu: %s", got)
	}
	// every unit and leader of every example gets its menu in submenus:
	// no piece has more than 8 items at the top
	for _, dir := range []string{"tss-seminary-ridge", "summer-storm-mcpherson", "amfs-culps-hill", "3dog-mcphersons-ridge"} {
		_, files, _ := exampleModule(t, dir)
		bf := files["buildFile.xml"]
		protos := protosOf(t, bf)
		for name, texts := range slotsOf(t, bf) {
			ts := expanded(t, protos, texts[0])
			if k, _ := markerOf(ts, "Kind"); k != "unit" && k != "leader" {
				continue
			}
			cmds, subs := commandNames(ts)
			n := len(subs)
			for _, c := range cmds {
				found := false
				for _, names := range subs {
					found = found || slices.Contains(names, c)
				}
				if !found {
					n++
				}
			}
			if n > 8 {
				t.Errorf("%s: %s: %d items at the top of the menu", dir, name, n)
			}
		}
	}
}

// TestMenuTitles: a state's menu command is its name, not its rule note:
// TSS's "Dismounted (mounted cavalry is in column)" reads Dismounted; the
// help page keeps the whole title.
func TestMenuTitles(t *testing.T) {
	b, files, _ := exampleModule(t, "tss-seminary-ridge")
	bf := files["buildFile.xml"]
	protos := protosOf(t, bf)
	titles := map[string]string{}
	for _, s := range b.Rules.Play.States {
		titles[s.ID] = s.Title
	}
	if !strings.Contains(titles["dismounted"], "(") {
		t.Fatalf("TSS's dismounted state is titled %q", titles["dismounted"])
	}
	seen := 0
	for _, texts := range slotsOf(t, bf) {
		for _, tr := range byPrefix(expanded(t, protos, texts[0]), "emb2;") {
			f := seq.Decode(tr[0], ';')
			if _, ok := titles[f[19]]; !ok {
				continue
			}
			seen++
			if strings.Contains(f[4], "(") {
				t.Errorf("layer %s: menu %q", f[19], f[4])
			}
			if f[19] == "dismounted" && f[4] != "Dismounted" {
				t.Errorf("dismounted: menu %q", f[4])
			}
		}
	}
	if seen == 0 {
		t.Fatal("no state layers")
	}
	if !strings.Contains(string(files["help/"+b.ID+".html"]), "Dismounted (mounted cavalry is in column)") {
		t.Error("the help page lost the state's whole title")
	}
}

// TestConveniences: every unit and leader has Eliminate (to its side's
// Eliminated window, by the id VASSAL gives that map: Map0, Map1 in build
// order), a moved flag VASSAL sets on the Main Map (markMoved Always) and a
// movement trail.
func TestConveniences(t *testing.T) {
	b, files, root := exampleModule(t, "dow-intro")
	bf := files["buildFile.xml"]
	protos := protosOf(t, bf)
	ids := map[string]string{}
	n := 0
	root.walk(func(e, _ *xel) {
		switch e.class() {
		case "module.Map", "module.PrivateMap", "module.PlayerHand":
			name, _ := e.attr("mapName")
			ids[name] = "Map" + string(rune('0'+n))
			n++
			if name == mainMapName {
				if v, _ := e.attr("markMoved"); v != "Always" {
					t.Errorf("Main Map markMoved=%q", v)
				}
			}
		}
	})
	sides := map[string]string{}
	for _, sd := range b.Sides {
		sides[sd.ID] = eliminatedMap(sd)
	}
	for name, texts := range slotsOf(t, bf) {
		ts := expanded(t, protos, texts[0])
		if k, _ := markerOf(ts, "Kind"); k != "unit" && k != "leader" {
			continue
		}
		side, _ := markerOf(ts, "Side")
		st := byPrefix(ts, "sendto;")
		if len(st) != 1 {
			t.Errorf("%s: %d Send To Location traits", name, len(st))
			continue
		}
		f := seq.Decode(st[0][0], ';')
		if f[1] != "Eliminate" || f[3] != ids[sides[side]] || f[4] != sides[side] {
			t.Errorf("%s: sends to %s %s, want %s %s", name, f[3], f[4], ids[sides[side]], sides[side])
		}
		if len(byPrefix(ts, "markmoved;")) != 1 || len(byPrefix(ts, "footprint;")) != 1 {
			t.Errorf("%s: no moved flag or trail", name)
			continue
		}
		// the moved band (VASSAL's 9x48 moved.gif at its offsets from the
		// piece's centre) hides nothing of the counter and stands beside it
		mf := seq.Decode(byPrefix(ts, "markmoved;")[0][0], ';')
		x, _ := strconv.Atoi(mf[2])
		y, _ := strconv.Atoi(mf[3])
		band := image.Rect(x, y, x+9, y+48)
		counter := image.Rect(-counterPx/2, -counterPx/2, counterPx/2, counterPx/2)
		if band.Overlaps(counter) || !band.Overlaps(counter.Inset(-3)) || band.Min.Y < counter.Min.Y || band.Max.Y > counter.Max.Y {
			t.Errorf("%s: moved band %v over or away from the counter %v", name, band, counter)
		}
	}
}

// TestStackViewer: the stack viewer writes each piece's name, formation and
// values (or ratings) on lines of their own, in columns as wide as the
// widest line of any piece, and shows an empty hex's id. Before, one line
// of them under a 56-pixel counter ran into the next piece's text (VASSAL
// 3.7.26: 121 to 236 pixels in a 58-64 pixel column) and an empty hex
// showed nothing.
func TestStackViewer(t *testing.T) {
	b, _, root := exampleModule(t, "dow-intro")
	var v *xel
	root.walk(func(e, _ *xel) {
		if e.class() == "module.map.CounterDetailViewer" {
			v = e
		}
	})
	if v == nil {
		t.Fatal("no stack viewer")
	}
	attr := func(k string) string { s, _ := v.attr(k); return s }
	if attr("enableHTML") != "true" || attr("minDisplayPieces") != "0" || attr("emptyHexReportForma") != "$LocationName$" {
		t.Errorf("viewer: enableHTML=%s minDisplayPieces=%s empty=%q", attr("enableHTML"), attr("minDisplayPieces"), attr("emptyHexReportForma"))
	}
	if f := attr("counterReportFormat"); strings.Count(f, "<br>") < 3 || !strings.Contains(f, `replace(", ","<br>")`) {
		t.Errorf("counterReportFormat %q: not one line per value", f)
	}
	gap, _ := strconv.Atoi(attr("borderWidth"))
	widest := 0
	for _, sd := range b.Sides {
		sd.Army.Walk(func(f *oob.Formation) {
			widest = max(widest, len(f.Designation()))
			for _, u := range f.Units {
				widest = max(widest, len(u.Name))
			}
		})
	}
	if counterPx+gap < widest*viewerCharPx {
		t.Errorf("column %d px for lines of %d characters", counterPx+gap, widest)
	}
}

// A piece's menus read each trait type once for the whole build: the
// pieces share most of their traits (a state's Layer, the facing, the
// strength steps), and decoding them again for every piece was a seventh
// of a generated battle's build. The traits twice over cost what they cost
// once, and give the same submenus.
func TestSubMenusReadEachTypeOnce(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates beside the code: counts mean nothing")
	}
	b, files, _ := exampleModule(t, "dow-intro")
	m, err := newVmod(b)
	if err != nil {
		t.Fatal(err)
	}
	var ts []trait
	for _, tr := range expanded(t, protosOf(t, files["buildFile.xml"]), slotsOf(t, files["buildFile.xml"])["59 IL"][0]) {
		if !strings.HasPrefix(tr[0], "submenu;") {
			ts = append(ts, trait{tr[0], tr[1]})
		}
	}
	twice := append(slices.Clone(ts), ts...)
	if a, b := m.subMenus(ts), m.subMenus(twice); !slices.Equal(a, b) || len(a) == 0 {
		t.Fatalf("submenus of the traits once %q and twice %q", a, b)
	}
	once := testing.AllocsPerRun(5, func() { m.subMenus(ts) })
	if again := testing.AllocsPerRun(5, func() { m.subMenus(twice) }); again > once {
		t.Errorf("the traits twice over allocated %v times, once %v", again, once)
	}
}

// A side's conveniences (Eliminate, the moved flag, the trail) are made
// once for the side, not again for each of its pieces: a second asking
// allocates nothing and gives the same traits.
func TestSideConveniencesOnce(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates beside the code: counts mean nothing")
	}
	b := loadExample(t)
	m, err := newVmod(b)
	if err != nil {
		t.Fatal(err)
	}
	sd := b.Sides[0]
	first := slices.Clone(m.sideConveniences(sd))
	if n := testing.AllocsPerRun(5, func() { m.sideConveniences(sd) }); n != 0 {
		t.Errorf("asking again allocated %v times", n)
	}
	if again := m.sideConveniences(sd); !slices.Equal(first, again) || len(first) != 3 {
		t.Errorf("the conveniences %q, again %q", first, again)
	}
}

// subMenus reads a piece's traits in the parts assemble has them (outer,
// the def's own, inner, the side's) as one list, without copying them
// into one: the parts give the menus their concatenation gives, and cost
// no allocation more than one part does.
func TestSubMenusParts(t *testing.T) {
	m, ts := unitTraits(t, func(typ string) bool { return !strings.HasPrefix(typ, "submenu;") })
	if len(ts) < 4 {
		t.Fatalf("%d traits: the test shows nothing", len(ts))
	}
	a, b2, c := ts[:1], ts[1:len(ts)/2], ts[len(ts)/2:]
	whole, parts := m.subMenus(ts), m.subMenus(a, b2, c)
	if !slices.Equal(whole, parts) || len(whole) == 0 {
		t.Fatalf("submenus of the traits whole %q and in parts %q", whole, parts)
	}
	one := testing.AllocsPerRun(5, func() { m.subMenus(ts) })
	if three := testing.AllocsPerRun(5, func() { m.subMenus(a, b2, c) }); three > one {
		t.Errorf("the traits in three parts allocated %v times, whole %v", three, one)
	}
}

// Only the kinds of trait that add a command are looked up and kept by
// type (menuEntry): a label's, a report's or a marker's type, long and
// each piece's own, is passed over without hashing it.
func TestMenuEntryKeepsCommandKinds(t *testing.T) {
	m, ts := unitTraits(t, func(string) bool { return true })
	if len(m.subMenus(ts)) == 0 {
		t.Fatal("no submenus: the test shows nothing")
	}
	passed := 0
	for _, tr := range ts {
		id, _, _ := strings.Cut(tr.typ, ";")
		switch id {
		case "rotate", "PROP", "emb2", "clone", "delete", "sendto":
			if _, ok := m.menuOf[tr.typ]; !ok {
				t.Errorf("a %s trait's commands are not kept", id)
			}
		default:
			passed++
			if _, ok := m.menuOf[tr.typ]; ok {
				t.Errorf("a %s trait, which adds no command, is kept by its type", id)
			}
		}
	}
	if passed == 0 {
		t.Fatal("every trait adds a command: the test shows nothing")
	}
}

// unitTraits are the traits of dow-intro's 59 IL as its module has them
// (its prototypes expanded), those keep takes, and the module's vmod.
func unitTraits(t *testing.T, keep func(typ string) bool) (*vmod, []trait) {
	t.Helper()
	b, files, _ := exampleModule(t, "dow-intro")
	m, err := newVmod(b)
	if err != nil {
		t.Fatal(err)
	}
	var ts []trait
	for _, tr := range expanded(t, protosOf(t, files["buildFile.xml"]), slotsOf(t, files["buildFile.xml"])["59 IL"][0]) {
		if keep(tr[0]) {
			ts = append(ts, trait{tr[0], tr[1]})
		}
	}
	return m, ts
}
