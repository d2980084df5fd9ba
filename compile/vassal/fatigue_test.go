package vassal

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/internal/golden"
)

// A set-up's Fatigue level starts the brigadier's piece on the level of
// the ruleset's fatigue layer (GBACW 17.21, 17.24: the marker sits with
// the brigadier), as a set-up strength starts a unit's strength property.
// The battle is examples/dow-intro with three stacks given levels: Post's
// brigade at 2 (the stack's), Carlin's OK (his own piece's), Woodruff's at
// 4 through 81 IN's piece; McCook, a wing commander, keeps no fatigue in
// the stack with Davis and the Escort at 3.
func TestSetupFatigue(t *testing.T) {
	b := introWith(t, map[string]string{
		`"C3108": [McCook, Davis, Escort/RW]`: `"C3108": {units: [McCook, Davis, Escort/RW], fatigue: 3}`,
		`"C3014": [Post, 59 IL, 5 WI Bty]`:    `"C3014": {units: [Post, 59 IL, 5 WI Bty], fatigue: 2}`,
		`"C3508": [Carlin, 38 IL]`:            `"C3508": [{unit: Carlin, fatigue: OK}, 38 IL]`,
		`"C3205": [Woodruff, 81 IN]`:          `"C3205": [Woodruff, {unit: 81 IN, fatigue: 4}]`,
	})
	built, _ := unzipAll(t, buildVmod(t, b))
	bf := string(built["buildFile.xml"])
	var got strings.Builder
	for _, hex := range []string{"C3108", "C3014", "C3508", "C3205"} {
		re := regexp.MustCompile(`(?s)<VASSAL\.build\.module\.map\.SetupStack [^>]*name="intro (USA|CSA) ` + hex + `"[^>]*>.*?</VASSAL\.build\.module\.map\.SetupStack>`)
		m := re.FindString(bf)
		if m == "" {
			t.Fatalf("no set-up stack in %s", hex)
		}
		got.WriteString(m + "\n")
	}
	golden.Check(t, filepath.Join("testdata", "setup-fatigue.xml"), []byte(got.String()))
	want := map[string]string{"Post": "5", "Carlin": "2", "Woodruff": "7"} // Fatigue 2, OK, 4: levels OK, 0-4 from 2
	for name, lv := range want {
		if l := fatigueLayer(t, bf, name); l != lv {
			t.Errorf("%s starts with his fatigue layer at %q, want %q", name, l, lv)
		}
	}
	for _, name := range []string{"McCook", "Davis"} {
		if l := fatigueLayer(t, bf, name); l != "" && l != "1" {
			t.Errorf("%s starts with his fatigue layer at %q, want none", name, l)
		}
	}
}

// introWith is examples/dow-intro with intro.yaml's lines replaced (old
// to new), loaded with no diagnostic.
func introWith(t *testing.T, repl map[string]string) *battle.Battle {
	t.Helper()
	return exampleWith(t, examples.Default, "intro.yaml", repl)
}

// exampleWith is the example battle in dir with file's lines replaced
// (old to new), loaded with no diagnostic.
func exampleWith(t *testing.T, dir, file string, repl map[string]string) *battle.Battle {
	t.Helper()
	sub := os.DirFS(filepath.Join("..", "..", "examples", dir))
	files := fstest.MapFS{}
	err := fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sub, p)
		files[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	text := string(files[file].Data)
	for old, new := range repl {
		if !strings.Contains(text, old) {
			t.Fatalf("%s has no %s", file, old)
		}
		text = strings.Replace(text, old, new, 1)
	}
	files[file] = &fstest.MapFile{Data: []byte(text)}
	b, ds := battle.Load(files, "fatigue", battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	for _, d := range ds {
		t.Errorf("diagnostic: %v", d)
	}
	return b
}

// fatigueLayer is the state of the fatigue layer in the set-up slot of the
// leader named ("" when the slot writes it in a prototype).
func fatigueLayer(t *testing.T, bf, name string) string {
	t.Helper()
	return stateLayer(t, bf, name, "fatigue")
}

// stateLayer is the state of the layer of state id in the set-up slot of
// the piece named ("" when the slot writes it in a prototype).
func stateLayer(t *testing.T, bf, name, id string) string {
	t.Helper()
	re := regexp.MustCompile(`(?s)<VASSAL\.build\.module\.map\.SetupStack [^>]*>.*?</VASSAL\.build\.module\.map\.SetupStack>`)
	for _, st := range re.FindAllString(bf, -1) {
		slot := regexp.MustCompile(`(?s)<VASSAL\.build\.widget\.PieceSlot [^>]*entryName="` + regexp.QuoteMeta(name) + `"[^>]*>(.*?)</VASSAL\.build\.widget\.PieceSlot>`).FindStringSubmatch(st)
		if slot == nil {
			continue
		}
		text := strings.NewReplacer("&#9;", "\t", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&quot;", `"`, "&apos;", "'").Replace(slot[1])
		for _, tr := range pieceTraits(t, text) {
			if strings.HasPrefix(tr[0], "emb2;") && strings.Contains(tr[0], ";"+id+";") {
				return tr[1]
			}
		}
		return ""
	}
	t.Fatalf("no set-up slot for %s", name)
	return ""
}

// An arrival's Fatigue level is written on its holding box, where the
// group may bring no brigadier to carry it (Dead of Winter's 1/Cav).
func TestArrivalFatigueLabel(t *testing.T) {
	b := loadExample(t)
	a := &battle.Arrival{Group: battle.Group{Side: "CSA", Time: battle.Turn{Day: "Dec 31", Time: "1200"}, Area: "east", Fatigue: battle.Fatigue{Level: "4"}}}
	if got, want := (&vmod{b: b}).arrivalLabel(a), "CSA Dec 31 1200 AT east FATIGUE 4"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
}
