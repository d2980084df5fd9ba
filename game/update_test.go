package game

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	compiled "github.com/muster-wargames/muster/compile/vassal"
	"github.com/muster-wargames/muster/internal/battletest"
)

const fixtures = "testdata/refresh-dow-intro"

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The game VASSAL saved reads back into the same commands: its stream, its
// pieces split into traits and joined again, written and read again.
func TestRoundTrip(t *testing.T) {
	data := readFixture(t, "v1.vsav")
	g, err := Read("v1.vsav", data)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _ := deobfuscate(g.Entry("savedGame"))
	pieces := 0
	g.Each(func(c *string) {
		if p, ok := parsePiece(t, *c); ok {
			pieces++
			if got := p.Command(); got != *c {
				t.Fatalf("piece %s does not join again:\n%q\n%q", p.ID, *c, got)
			}
		}
	})
	if g.root.encode() != text {
		t.Errorf("the command stream does not encode again")
	}
	if pieces != 65 {
		t.Errorf("%d pieces, want the 65 the harness saved", pieces)
	}
	out, err := g.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	g2, err := Read("out.vsav", out)
	if err != nil {
		t.Fatal(err)
	}
	if g2.root.encode() != g.root.encode() || g2.key != g.key {
		t.Errorf("written and read again, the game changed")
	}
}

// modules builds dow-intro v1 and v2 with the fixture's ledgers, as
// commands.sh does.
func modules(t *testing.T) (v1, v2 *Module) {
	t.Helper()
	dir := filepath.Join("..", "examples", "dow-intro")
	build := func(edits map[string][][2]string, ids []byte) *Module {
		out, err := compiled.Module(battletest.Edited(t, dir, edits, map[string][]byte{"dow-intro.ids": ids}))
		if err != nil {
			t.Fatal(err)
		}
		m, err := ReadModule("dow-intro.vmod", out[0].Data)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	return build(battletest.WithIDs(nil, "1.0"), readFixture(t, "v1.ids")),
		build(battletest.WithIDs(battletest.IntroV2(), "1.1"), readFixture(t, "v1.ids"))
}

// The game saved under v1 and updated to v2 is, piece by piece, the game
// VASSAL 3.7.26's own Refresh Counters made of it (v1-refreshed.vsav,
// commands.sh): the same traits with the same states; 25 IL, which v2
// removed, is kept as it was and named as the one piece not carried.
func TestUpdateAsVASSAL(t *testing.T) {
	_, v2 := modules(t)
	g, err := Read("v1.vsav", readFixture(t, "v1.vsav"))
	if err != nil {
		t.Fatal(err)
	}
	s := Update(g, v2)
	if s.Pieces != 65 || len(s.Problems) != 1 || !strings.Contains(s.Problems[0].String(), `piece "25 IL" (gpid 70`) {
		t.Fatalf("pieces %d, problems %v", s.Pieces, s.Problems)
	}
	want, err := Read("v1-refreshed.vsav", readFixture(t, "v1-refreshed.vsav"))
	if err != nil {
		t.Fatal(err)
	}
	if same := sameAsVASSAL(t, g, want); same != 65 {
		t.Errorf("%d of 65 pieces as VASSAL refreshed them", same)
	}
}

// sameAsVASSAL counts the pieces of g that are, trait by trait, the piece
// of the same gpid in VASSAL's refreshed game want (VASSAL gives a
// refreshed piece a new id), and reports each that is not.
func sameAsVASSAL(t *testing.T, g, want *Game) int {
	t.Helper()
	byGpid := map[string]*Piece{}
	want.Each(func(c *string) {
		if p, ok := parsePiece(t, *c); ok {
			_, _, _, gpid := p.basic()
			if _, dup := byGpid[gpid]; dup {
				t.Fatalf("gpid %s twice in the game", gpid)
			}
			byGpid[gpid] = p
		}
	})
	same := 0
	g.Each(func(c *string) {
		p, ok := parsePiece(t, *c)
		if !ok {
			return
		}
		name, gpid := p.Name, p.GPID
		w, ok := byGpid[gpid]
		if !ok {
			t.Errorf("%s (gpid %s) is not in VASSAL's refreshed game", name, gpid)
			return
		}
		if d := traitDiff(w.traits, p.traits); d != "" {
			t.Errorf("%s (gpid %s) differs from VASSAL's refresh:\n%s", name, gpid, d)
			return
		}
		same++
	})
	return same
}

func traitDiff(want, got []Trait) string {
	var b strings.Builder
	for i := 0; i < max(len(want), len(got)); i++ {
		var w, g Trait
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if VASSALForm(w.Type) != VASSALForm(g.Type) || w.State != g.State {
			b.WriteString("  vassal: " + w.Type + " = " + w.State + "\n  muster: " + g.Type + " = " + g.State + "\n")
		}
	}
	return b.String()
}

// A layer the new piece lacks loses its level and is named; a property
// whose definition changed keeps its value by its key; a Marker shows the
// new value; the BasicPiece keeps map, position and gpid.
func TestCarry(t *testing.T) {
	layer := func(name string) string {
		f := make([]string, 19)
		f[18] = name
		return "emb2;" + strings.Join(f, ";")
	}
	old := []Trait{
		{layer("routed"), "2"}, {layer("fired"), "1"}, {layer("gone"), "-1"},
		{"PROP;strength;false;false;true;;;", "5"}, {"mark;Type", "inf"},
		{"piece;;;a.png;74 IL", "Main Map;10;20;58;0"},
	}
	fresh := []Trait{
		{"PROP;strength;false;false;true;;;1;6", "6"}, {"mark;Type", "art"}, {layer("fired") + ";more", "1"},
		{"piece;;;b.png;74 IL", "null;0;0;58;0"},
	}
	var problems []string
	got := carry(old, fresh, func(why string) { problems = append(problems, why) })
	want := []string{"5", "art", "1", "Main Map;10;20;58;0"}
	for i, w := range want {
		if got[i].State != w || got[i].Type != fresh[i].Type {
			t.Errorf("trait %d: %q = %q, want %q = %q", i, got[i].Type, got[i].State, fresh[i].Type, w)
		}
	}
	if len(problems) != 1 || !strings.Contains(problems[0], `its layer "routed" at level 2 has no layer of that name in the new piece`) {
		t.Errorf("problems %q, want routed lost (gone at its first level is not lost)", problems)
	}
}

// On every example the refresh proof ran on (testdata/refresh-EXAMPLE,
// made by refresh-tools/: v2-pieces.zip is the build file and metadata of
// the v2 module VASSAL ran), muster's update of the game VASSAL saved
// under v1 is, piece by piece, what VASSAL's own Refresh Counters made of
// it under v2; the one piece not carried is the unit v2 removed.
func TestUpdateEveryExample(t *testing.T) {
	zips, _ := filepath.Glob("testdata/refresh-*/v2-pieces.zip")
	if len(zips) == 0 {
		t.Fatal("no example fixtures")
	}
	for _, z := range zips {
		dir := filepath.Dir(z)
		t.Run(strings.TrimPrefix(filepath.Base(dir), "refresh-"), func(t *testing.T) {
			read := func(name string) []byte {
				data, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			m, err := ReadModule("v2-pieces.zip", read("v2-pieces.zip"))
			if err != nil {
				t.Fatal(err)
			}
			game := func(name string) *Game {
				g, err := Read(name, read(name))
				if err != nil {
					t.Fatal(err)
				}
				return g
			}
			g := game("v1.vsav")
			s := Update(g, m)
			removed := regexp.MustCompile(` D=(.*) S=`).FindSubmatch(read("names.txt"))
			if len(s.Problems) != 1 || removed == nil || s.Problems[0].Name != string(removed[1]) {
				t.Errorf("problems %v, want the removed unit's alone (%s)", s.Problems, read("names.txt"))
			}
			if same := sameAsVASSAL(t, g, game("v1-refreshed.vsav")); same != s.Pieces {
				t.Errorf("%d of %d pieces as VASSAL refreshed them", same, s.Pieces)
			}
		})
	}
}

// parsePiece reads an AddPiece command that adds a piece (not a stack).
func parsePiece(t *testing.T, c string) (*Piece, bool) {
	t.Helper()
	if !strings.HasPrefix(c, "+/") {
		return nil, false
	}
	var work int64
	p, _, err := addPiece(c, &work)
	if err != nil {
		t.Fatal(err)
	}
	return p, p != nil
}
