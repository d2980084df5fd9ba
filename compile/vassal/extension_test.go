package vassal

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/diag"
)

func extExample(t *testing.T, name string) *battle.Battle {
	t.Helper()
	b, ds := battle.LoadDir(filepath.Join("..", "..", "examples", name), battle.Options{})
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Fatalf("%s: %s", name, d)
		}
	}
	return b
}

func moduleBytes(t *testing.T, b *battle.Battle) []byte {
	t.Helper()
	outs, err := Module(b)
	if err != nil {
		t.Fatal(err)
	}
	return outs[0].Data
}

// TestExtension: a battle's scenarios over a module muster wrote become an
// extension whose At-Start stacks put every piece of the set-up, from the
// base's own piece slots, on its hex of a copy of the base's board.
func TestExtension(t *testing.T) {
	b := extExample(t, "dow-intro")
	base := moduleBytes(t, b)
	outs, err := Extension(base, "dow-intro.vmod")(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) != 1 || outs[0].Name != "dow-intro.vmdx" {
		t.Fatalf("outputs %v", outs)
	}
	files, _ := unzipAll(t, outs[0].Data)
	bf := string(files["buildFile.xml"])
	if !strings.HasPrefix(bf, "<?xml") || !strings.Contains(bf, `<VASSAL.build.module.ModuleExtension `) ||
		!strings.Contains(bf, `module="Dead of Winter: Skirmish of December 30th"`) {
		t.Fatalf("not an extension of the base:\n%.400s", bf)
	}
	sc := b.Scenarios[0]
	stacks := regexp.MustCompile(`<VASSAL.build.module.map.SetupStack location="([^"]+)" name="[^"]*" owningBoard="Sheet C \(dow-intro intro\)"`).FindAllStringSubmatch(bf, -1)
	if len(stacks) != len(sc.Setup) {
		t.Errorf("%d stacks, want %d", len(stacks), len(sc.Setup))
	}
	for i, st := range sc.Setup {
		if i < len(stacks) && stacks[i][1] != st.Hex.Label {
			t.Errorf("stack %d at %s, want %s", i, stacks[i][1], st.Hex.Label)
		}
	}
	if n := strings.Count(bf, `gpid="muster:`); n != 39 {
		t.Errorf("%d pieces, want the set-up's 39", n)
	}
	if !strings.Contains(bf, `target="VASSAL.build.module.Map:Main Map/VASSAL.build.module.map.BoardPicker"`) {
		t.Errorf("no board added to the base's main map")
	}
	vs, _ := unzipAll(t, files["muster-dow_intro-intro.vsav"])
	if got := string(vs["savedGame"]); !strings.Contains(got, "Main MapBoardPicker\tSheet C (dow-intro intro)\t0\t0") || !strings.Contains(got, "TURNTurnTracker0\t") {
		t.Errorf("saved game %q", got)
	}
	again, _ := Extension(base, "dow-intro.vmod")(b)
	if !bytes.Equal(again[0].Data, outs[0].Data) {
		t.Errorf("two builds differ")
	}
}

// TestExtensionMismatch: what the base cannot give is reported, each with
// its place in the battle, and nothing is built.
func TestExtensionMismatch(t *testing.T) {
	b := extExample(t, "dow-intro")
	base, _ := unzipAll(t, moduleBytes(t, b))
	base["buildFile.xml"] = bytes.ReplaceAll(base["buildFile.xml"], []byte(`entryName="59 IL"`), []byte(`entryName="59th Illinois"`))
	var names []string
	for n := range base {
		names = append(names, n)
	}
	data, err := zipFiles(names, base)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Extension(data, "base.vmod")(b)
	if err == nil || !regexp.MustCompile(`intro\.yaml:\d+:\d+: scenario intro: 59 IL/1/1/RW in C3014: base.vmod has no piece named "59 IL"`).MatchString(err.Error()) {
		t.Errorf("error %v", err)
	}
	// A base without the battle's sheet.
	other := moduleBytes(t, extExample(t, "summer-storm-mcpherson"))
	_, err = Extension(other, "ss.vmod")(b)
	if err == nil || !regexp.MustCompile(`intro\.yaml:\d+:\d+: scenario intro: sheet C \(C3108\) has no board in ss.vmod`).MatchString(err.Error()) {
		t.Errorf("error %v", err)
	}
	if _, err := Extension([]byte("not a zip"), "x.vmod")(b); err == nil {
		t.Errorf("built over a file that is not a module")
	}
}

// TestExtensionArrivals: a scenario with reinforcements gets the
// extension's own Reinforcements map, a board of boxes for the scenario
// with each group's pieces in its box (from the base's piece slots), and
// its saved game selects that board.
func TestExtensionArrivals(t *testing.T) {
	b := extExample(t, "summer-storm-mcpherson")
	base := moduleBytes(t, b)
	outs, err := Extension(base, "ssm.vmod")(b)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzipAll(t, outs[0].Data)
	bf := string(files["buildFile.xml"])
	if !strings.Contains(bf, `mapName="Reinforcements (summer-storm-mcpherson)"`) {
		t.Fatalf("no reinforcements map:\n%s", bf)
	}
	sc := b.Scenarios[0]
	n := 0
	for _, a := range sc.Arrivals {
		for _, p := range a.Pieces {
			n += len(pieceRefs(p, nil))
		}
	}
	if got := strings.Count(bf, `owningBoard="Reinforcements (summer-storm-mcpherson) (`+sc.ID+`)"`); got != len(sc.Arrivals) {
		t.Errorf("%d arrival stacks, want %d", got, len(sc.Arrivals))
	}
	if _, ok := files["images/muster-reinforcements-"+fileSafe(sc.ID)+".png"]; !ok {
		t.Errorf("no boxes picture")
	}
	vs, _ := unzipAll(t, files["muster-summer_storm_mcpherson-"+fileSafe(sc.ID)+".vsav"])
	if got := string(vs["savedGame"]); !strings.Contains(got, "Reinforcements (summer-storm-mcpherson)BoardPicker\tReinforcements (summer-storm-mcpherson) ("+sc.ID+")\t0\t0") {
		t.Errorf("saved game %q", got)
	}
	if pieces := strings.Count(bf, `gpid="muster:`); pieces < n {
		t.Errorf("%d pieces in all, fewer than the %d arriving", pieces, n)
	}
}

// TestExtensionLayers: an extension starts the layers a set-up gives
// (fatigue, reserve, a unit's face) and sets the strength it gives, as the
// module does, writing out the base's prototype that holds them, so each
// such piece has the same traits and states as in a module built from the
// battle (59 IL starts disordered at strength 3); its saved game sets the Scenario
// property the base's turn track reads. decodePiece and encodeTraits give
// back every slot of the base as it was.
func TestExtensionLayers(t *testing.T) {
	base := moduleBytes(t, extExample(t, "dow-intro"))
	bfiles, _ := unzipAll(t, base)
	for name, texts := range slotsOf(t, bfiles["buildFile.xml"]) {
		for _, text := range texts {
			id, traits, basic, ok := decodePiece(text)
			if !ok || encodeTraits(id, traits, basic) != text {
				t.Errorf("%s: slot does not read back (%v)", name, ok)
			}
		}
	}
	b := introWith(t, map[string]string{
		`"C3014": [Post, 59 IL, 5 WI Bty]`:    `"C3014": {units: [Post, {unit: 59 IL, strength: 3, face: disordered}, 5 WI Bty], fatigue: 2, reserve: true}`,
		`"C3205": [Woodruff, 81 IN]`:          `"C3205": [Woodruff, {unit: 81 IN, fatigue: 4}]`,
		`"C3108": [McCook, Davis, Escort/RW]`: `"C3108": {units: [McCook, Davis, Escort/RW], reserve: true}`,
	})
	outs, err := Extension(base, "dow-intro.vmod")(b)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzipAll(t, outs[0].Data)
	ebf := string(files["buildFile.xml"])
	mfiles, _ := unzipAll(t, moduleBytes(t, b))
	mbf := string(mfiles["buildFile.xml"])
	for _, c := range []struct{ name, id, want string }{
		{"Post", "fatigue", "5"}, {"Post", "reserve", "2"}, {"Woodruff", "fatigue", "7"},
		{"McCook", "reserve", "2"}, {"Davis", "reserve", "2"}, {"Carlin", "reserve", ""},
	} {
		if got := stateLayer(t, ebf, c.name, c.id); got != c.want {
			t.Errorf("extension: %s starts with his %s layer at %q, want %q", c.name, c.id, got, c.want)
		}
	}
	for _, name := range []string{"Post", "Woodruff", "McCook", "Davis", "59 IL"} {
		et, mt := pieceTraits(t, setupSlot(t, ebf, name)), pieceTraits(t, setupSlot(t, mbf, name))
		et, mt = et[:len(et)-1], mt[:len(mt)-1] // the BasicPiece holds the gpid
		if fmt.Sprint(et) != fmt.Sprint(mt) {
			t.Errorf("%s: the extension's traits differ from the module's:\n%v\n%v", name, et, mt)
		}
	}
	vs, _ := unzipAll(t, files["muster-dow_intro-intro.vsav"])
	if got := string(vs["savedGame"]); !strings.Contains(got, "\x1bMutableProperty\tScenario\t\tintro\tModule\x1b") {
		t.Errorf("the saved game does not set the Scenario property: %q", got)
	}
}

// setupSlot is the text of the first set-up PieceSlot of the piece named.
func setupSlot(t *testing.T, bf, name string) string {
	t.Helper()
	for _, st := range regexp.MustCompile(`(?s)<VASSAL\.build\.module\.map\.SetupStack [^>]*>.*?</VASSAL\.build\.module\.map\.SetupStack>`).FindAllString(bf, -1) {
		slot := regexp.MustCompile(`(?s)<VASSAL\.build\.widget\.PieceSlot [^>]*entryName="` + regexp.QuoteMeta(name) + `"[^>]*>(.*?)</VASSAL\.build\.widget\.PieceSlot>`).FindStringSubmatch(st)
		if slot != nil {
			return strings.NewReplacer("&#9;", "\t", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&apos;", "'").Replace(slot[1])
		}
	}
	t.Fatalf("no set-up slot for %s", name)
	return ""
}

// TestExtensionBaseBomb: the base module's build file is read within a
// limit (a zip bomb is refused naming it), at the limit and one past.
func TestExtensionBaseBomb(t *testing.T) {
	b := extExample(t, "dow-intro")
	data := moduleBytes(t, b)
	base, _ := unzipAll(t, data)
	size := int64(len(base["buildFile.xml"]))
	defer func(m int64) { baseMember = m }(baseMember)
	baseMember = size
	if _, err := Extension(data, "base.vmod")(b); err != nil {
		t.Errorf("a build file at the limit: %v", err)
	}
	baseMember = size - 1
	_, err := Extension(data, "base.vmod")(b)
	if want := fmt.Sprintf("the base module: buildFile.xml inflates to more than %d bytes, the limit for one member of an archive", size-1); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}

// An extension starts a base module's piece on the face its set-up gives
// where a state's layer shows that face as its marker from a shared
// prototype (TSS's dismounted cavalry and unlimbered battery), as the
// module does: the slot writes the prototype's traits out with the layer
// at its first level.
func TestExtensionFaceState(t *testing.T) {
	b := extExample(t, "tss-seminary-ridge")
	outs, err := Extension(moduleBytes(t, b), "tss-seminary-ridge.vmod")(b)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzipAll(t, outs[0].Data)
	ebf := string(files["buildFile.xml"])
	for _, c := range []struct{ name, id, want string }{
		{"17 Pa", "dismounted", "2"}, {"A, 2US", "limber", "2"}, {"55 NC", "dismounted", ""},
	} {
		if got := stateLayer(t, ebf, c.name, c.id); got != c.want {
			t.Errorf("extension: %s starts with its %s layer at %q, want %q", c.name, c.id, got, c.want)
		}
	}
}

// TestExtensionIDs: with the battle's ids ledger an extension's pieces take
// their gpids from it, by keys of their own ("extension scenario intro
// unit USA 74 IL/1/1/RW"), as the module's do: after a regiment is
// inserted, one renamed (was:) and one removed, every piece keeps its gpid,
// the renamed its old one, the removed's is given to none. One ledger holds
// the module's keys and the extension's, and neither build retires the
// other's. Without the ledger the same edit gives old gpids to other units.
func TestExtensionIDs(t *testing.T) {
	dir := "dow-intro"
	declare := map[string][][2]string{"battle.yaml": {{"\nsides:", "\nids: dow-intro.ids\nsides:"}}}
	v2edits := map[string][][2]string{"battle.yaml": declare["battle.yaml"]}
	for k, v := range introV2 {
		v2edits[k] = v
	}
	build := func(edits map[string][][2]string, ids []byte) (mod, ext []compile.Output) {
		t.Helper()
		var add map[string][]byte
		if ids != nil {
			add = map[string][]byte{"dow-intro.ids": ids}
		}
		b := edited(t, dir, edits, add)
		mod, err := Module(b)
		if err != nil {
			t.Fatal(err)
		}
		ext, err = Extension(mod[0].Data, "dow-intro.vmod")(b)
		if err != nil {
			t.Fatal(err)
		}
		return mod, ext
	}
	mod1, _ := build(declare, nil)
	_, ext1 := build(declare, mod1[1].Data)
	if len(ext1) != 2 || ext1[1].Name != "dow-intro.ids" || !strings.Contains(string(ext1[1].Data), " extension scenario intro unit USA 74 IL/1/1/RW\n") {
		t.Fatalf("the extension's ledger: %d outputs\n%s", len(ext1), ext1[len(ext1)-1].Data)
	}
	ids := ext1[1].Data
	// built again with the ledger holding both: nothing changes, neither
	// build retires the other's keys
	mod, ext := build(declare, ids)
	if len(mod) != 1 || len(ext) != 1 || !bytes.Equal(ext[0].Data, ext1[0].Data) {
		t.Errorf("built again with its ledger: module %d outputs, extension %d, extension equal %v", len(mod), len(ext), bytes.Equal(ext[0].Data, ext1[0].Data))
	}

	v1, next1 := slotsByGpid(t, ext1[0].Data)
	_, ext2 := build(v2edits, ids)
	v2, _ := slotsByGpid(t, ext2[0].Data)
	n1, _ := strconv.Atoi(next1)
	ledgerKept(t, v1, v2)
	for g, now := range v2 {
		if n, _ := strconv.Atoi(strings.TrimPrefix(g, extensionID+":")); strings.HasSuffix(now, "|10 IL") && n < n1 {
			t.Errorf("the new 10 IL has gpid %s, below the extension's next %d", g, n1)
		}
	}
	if len(ext2) != 2 || !strings.Contains(string(ext2[1].Data), " retired extension scenario intro unit USA 25 IL/3/1/RW\n") {
		t.Errorf("v2's ledger does not retire 25 IL:\n%s", ext2[len(ext2)-1].Data)
	}

	// without the ledger: other units under old gpids
	_, bare1 := build(nil, nil)
	_, bare2 := build(introV2, nil)
	b1, _ := slotsByGpid(t, bare1[0].Data)
	b2, _ := slotsByGpid(t, bare2[0].Data)
	swapped := 0
	for g, was := range b1 {
		if now, ok := b2[g]; ok && now != was && !strings.HasSuffix(was, "|75 IL") {
			swapped++
		}
	}
	if swapped == 0 {
		t.Error("without a ledger no gpid changed unit: the edit proves nothing")
	}
}
