package game

import (
	"archive/zip"
	"bytes"
	"errors"
	"maps"
	"os"
	"strings"
	"testing"
)

func read(t *testing.T, name string) *Game {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Read(name, b)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func byName(pos *Position, name string) *Piece {
	for _, p := range pos.Sorted() {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// TestLogSteps reads the log VASSAL wrote (testdata/README.md): each of
// its four steps, who moved what from where to where, and what changed.
func TestLogSteps(t *testing.T) {
	g := read(t, "moves.vlog")
	if len(g.Steps) != 4 {
		t.Fatalf("%d steps, want 4", len(g.Steps))
	}
	if g.Description == "" || !strings.HasSuffix(g.Description, ", compiled by muster") {
		t.Errorf("module description %q", g.Description)
	}
	m := g.Steps[0].Moves
	il74 := byName(g.Start, "74 IL")
	if len(m) != 1 || m[0].ID != il74.ID || m[0].FromX != 1442 || m[0].FromY != 1080 || m[0].ToX != 1318 || m[0].ToY != 1008 {
		t.Errorf("step 1 moves %+v, want 74 IL 1442,1080 → 1318,1008", m)
	}
	if s := byName(g.Steps[0].After, "74 IL"); s.X != 1318 || s.Y != 1008 || s.Stack == "" {
		t.Errorf("74 IL after step 1 at %d,%d in stack %q", s.X, s.Y, s.Stack)
	}
	in22 := byName(g.Steps[2].After, "22 IN")
	if len(g.Steps[2].Changed) != 1 || g.Steps[2].Changed[0] != in22.ID || in22.Level("disordered") != 2 {
		t.Errorf("step 3 changed %v; 22 IN disordered level %d, want 2", g.Steps[2].Changed, in22.Level("disordered"))
	}
	if byName(g.Start, "22 IN").Level("disordered") != 1 {
		t.Error("22 IN starts disordered")
	}
	if in22.Markers["Designation"] != "22 IN/1/1/RW" || in22.Markers["Kind"] != "unit" || in22.Props["strength"] != "5" {
		t.Errorf("22 IN's markers %v, props %v", in22.Markers, in22.Props)
	}
	if g.Properties["Scenario"] != "intro" {
		t.Errorf("properties %v", g.Properties)
	}
	if g.Steps[3].Chat[0] != "* 15 WI moves C3708 &rarr; C3117 *" {
		t.Errorf("step 4 chat %q", g.Steps[3].Chat)
	}
}

// TestLogEndsAsSaved holds the log played through to the game VASSAL
// saved after the same steps: every piece on the same map, at the same
// point, with the same layers, properties and facings.
func TestLogEndsAsSaved(t *testing.T) {
	for _, n := range []string{"moves", "more"} {
		log, save := read(t, n+".vlog"), read(t, n+".vsav")
		end := log.Steps[len(log.Steps)-1].After
		if len(end.Pieces) != len(save.Start.Pieces) || len(save.Steps) != 0 {
			t.Fatalf("%s: log ends with %d pieces, the save has %d (and %d steps)", n, len(end.Pieces), len(save.Start.Pieces), len(save.Steps))
		}
		for _, s := range save.Start.Sorted() {
			l := byName(end, s.Name)
			if l == nil {
				t.Errorf("%s: %s is not in the log's end", n, s.Name)
				continue
			}
			if l.Map != s.Map || l.X != s.X || l.Y != s.Y || !maps.Equal(l.Layers, s.Layers) || !maps.Equal(l.Props, s.Props) || !maps.Equal(l.Facings, s.Facings) {
				t.Errorf("%s: %s: log %s %d,%d %v; save %s %d,%d %v", n, s.Name, l.Map, l.X, l.Y, l.Layers, s.Map, s.X, s.Y, s.Layers)
			}
		}
	}
	if p := byName(read(t, "more.vlog").Steps[3].After, "21 IL"); p != nil {
		t.Errorf("21 IL, deleted at step 4, is still in the game: %+v", p)
	}
}

func zipOf(t testing.TB, members map[string]string) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for k, v := range members {
		w, _ := zw.Create(k)
		w.Write([]byte(v))
	}
	zw.Close()
	return b.Bytes()
}

func TestNotAGame(t *testing.T) {
	for name, data := range map[string][]byte{
		"not a zip":  []byte("hello"),
		"no game":    zipOf(t, map[string]string{"moduledata": "<data/>"}),
		"bad hex":    zipOf(t, map[string]string{"savedGame": "!VCSK5azz"}),
		"odd length": zipOf(t, map[string]string{"savedGame": "!VCSK5a0"}),
	} {
		if _, err := Read(name, data); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
	// plain text passes as VASSAL passes it
	g, err := Read("plain", zipOf(t, map[string]string{"savedGame": "begin_save\x1b+/1/piece;;;a.png;A/Main Map;10;20;7;0\x1bend_save"}))
	if err != nil || len(g.Start.Pieces) != 1 || g.Start.Pieces["1"].X != 10 || g.Start.Pieces["1"].GPID != "7" {
		t.Errorf("plain game: %v %+v", err, g)
	}
}

// TestLimits: a game nested past the limit, or with more commands than
// the limit, is refused with an error naming it; one at the limit reads.
func TestLimits(t *testing.T) {
	nest := func(d int) string {
		s := "+/1/piece;;;a.png;A/Main Map;1;2;3;0"
		for i := 0; i < d; i++ {
			s = "x\x1b" + strings.ReplaceAll(s, "\x1b", "\\\x1b")
		}
		return s
	}
	for _, c := range []struct {
		text string
		ok   bool
	}{{nest(maxDepth), true}, {nest(maxDepth + 1), false}} {
		_, err := Read("n", zipOf(t, map[string]string{"savedGame": c.text}))
		var le *LimitError
		if c.ok != (err == nil) || !c.ok && !errors.As(err, &le) {
			t.Errorf("nested: ok %v, got %v", c.ok, err)
		}
	}
	old := maxCommands
	defer func() { maxCommands = old }()
	maxCommands = 3
	if _, err := Read("c", zipOf(t, map[string]string{"savedGame": "a\x1bb\x1bc"})); err != nil {
		t.Errorf("3 commands: %v", err)
	}
	if _, err := Read("c", zipOf(t, map[string]string{"savedGame": "a\x1bb\x1bc\x1bd"})); err == nil || !strings.Contains(err.Error(), "command limit") {
		t.Errorf("4 commands: %v", err)
	}
}

func FuzzRead(f *testing.F) {
	for _, n := range []string{"moves.vlog", "moves.vsav"} {
		b, err := os.ReadFile("testdata/" + n)
		if err != nil {
			f.Fatal(err)
		}
		g, _ := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		for _, m := range g.File {
			if m.Name == "savedGame" {
				rc, _ := m.Open()
				var buf bytes.Buffer
				buf.ReadFrom(rc)
				text, _ := Deobfuscate(buf.Bytes())
				f.Add(text[len(text)-3000:])
			}
		}
	}
	f.Add("begin_save\x1b+/1/stack/Main Map;1;2;9;@@1\x1bM/9/Main Map/5/6/null/null/0/0/null/p\x1bD/1/m;3;4;a;b")
	f.Fuzz(func(t *testing.T, text string) {
		g := &Game{Name: "f", Boards: map[string][]BoardAt{}}
		if err := g.play(text); err != nil {
			return
		}
		for _, p := range g.Start.Sorted() {
			_ = p.Level("x")
		}
	})
}

// TestDecodingLimit: a game whose pieces' traits take more bytes to split
// than the limit is refused; the fixture needs about 2 MiB.
func TestDecodingLimit(t *testing.T) {
	b, err := os.ReadFile("testdata/moves.vsav")
	if err != nil {
		t.Fatal(err)
	}
	old := maxWork
	defer func() { maxWork = old }()
	maxWork = 256 << 10
	var le *LimitError
	if _, err := Read("moves.vsav", b); !errors.As(err, &le) || !strings.Contains(err.Error(), "decoding limit") {
		t.Errorf("at 256 KiB: %v", err)
	}
	maxWork = 16 << 20
	if _, err := Read("moves.vsav", b); err != nil {
		t.Errorf("at 16 MiB: %v", err)
	}
}

// TestRaw: a piece keeps its type and state as the game wrote them.
func TestRaw(t *testing.T) {
	g := read(t, "moves.vlog")
	p := byName(g.Steps[2].After, "22 IN")
	if !strings.HasSuffix(p.Traits()[len(p.Traits())-1].Type, ";22 IN") || !strings.Contains(p.Type(), "emb2;") || !strings.Contains(p.State(), "UniqueID") {
		t.Errorf("22 IN: traits %q\nstate %q", p.Traits(), p.State())
	}
	if byName(g.Start, "22 IN").State() == p.State() {
		t.Error("22 IN's state did not change at step 3")
	}
}

// TestPlayerSides: PLAYER commands give each player's side by his id.
func TestPlayerSides(t *testing.T) {
	g, err := Read("p", zipOf(t, map[string]string{"savedGame": "begin_save\x1bPLAYER\tp1\tpw\tUnion\x1bPLAYER\tp2\tpw\tConfederate\x1bend_save"}))
	if err != nil || g.PlayerSides["p1"] != "Union" || g.PlayerSides["p2"] != "Confederate" {
		t.Errorf("%v %v", err, g)
	}
}
