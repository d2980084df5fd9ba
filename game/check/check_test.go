package check

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/game"
	"github.com/muster-wargames/muster/pipeline"
)

func load(t *testing.T, name string) (*game.Game, *game.Module) {
	t.Helper()
	b, err := os.ReadFile("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Read(name, b)
	if err != nil {
		t.Fatal(err)
	}
	mb, err := os.ReadFile("../testdata/dow-intro.vmod")
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.ReadModule("dow-intro.vmod", mb)
	if err != nil {
		t.Fatal(err)
	}
	return g, m
}

func run(t *testing.T, name string) *Result {
	t.Helper()
	g, m := load(t, name)
	r, err := Run(Options{Battle: pipeline.Options{Dir: "../../examples/dow-intro"}, Game: g, Module: m, ModuleName: "dow-intro.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func show(ds []diag.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Pos.String() + " " + d.Code + " " + d.Message)
		for _, r := range d.Related {
			b.WriteString("\n\t" + r.At.String() + " (" + r.Note + ")")
		}
		b.WriteString("\n")
	}
	return b.String()
}

type want struct {
	code string
	at   diag.Play
	msg  string // the message begins with it
}

func expect(t *testing.T, r *Result, ws []want) {
	t.Helper()
	if len(r.Diagnostics) != len(ws) {
		t.Fatalf("%d findings, want %d:\n%s", len(r.Diagnostics), len(ws), show(r.Diagnostics))
	}
	for i, w := range ws {
		d := r.Diagnostics[i]
		if d.Code != w.code || d.Pos.File != w.at.Game || len(d.Related) == 0 || d.Related[0].At != w.at || !strings.HasPrefix(d.Message, w.msg) {
			t.Errorf("finding %d:\n%s\nwant %s at %v, message %q...", i, show(r.Diagnostics[i:i+1]), w.code, w.at, w.msg)
		}
	}
}

// TestSavedGame: the game VASSAL saved after the moves (testdata/README.md)
// has 18 infantry SP in C3014 (GB102, at most 15) and 15 WI six hexes from
// Carlin (GB201, range 4), each at the game, the piece and the hex; the
// set-up saved untouched has neither.
func TestSavedGame(t *testing.T) {
	expect(t, run(t, "setup.vsav"), nil)
	expect(t, run(t, "moves.vsav"), []want{
		{"GB102", diag.Play{Game: "moves.vsav", Hex: "C3014"}, "USA stack in C3014: too much infantry"},
		{"GB201", diag.Play{Game: "moves.vsav", Piece: "15 WI", Hex: "C3117"}, "15 WI/2/1/RW is out of command"},
	})
}

// TestLogNamesTheStep: in the log of the same game, the stack is legal
// after step 1 (12 SP) and over the limit after step 2, which moved 75 IL
// there; 15 WI leaves Carlin's range at step 4. Steps 1 and 3 break
// nothing.
func TestLogNamesTheStep(t *testing.T) {
	r := run(t, "moves.vlog")
	if r.Steps != 5 {
		t.Errorf("%d positions judged, want 5 (the start and 4 steps)", r.Steps)
	}
	expect(t, r, []want{
		{"GB102", diag.Play{Game: "moves.vlog", Step: 2, Piece: "75 IL", Hex: "C3014"}, "step 2 (75 IL moves C3213 → C3014): USA stack in C3014"},
		{"GB201", diag.Play{Game: "moves.vlog", Step: 4, Piece: "15 WI", Hex: "C3117"}, "step 4 (15 WI moves C3708 → C3117): 15 WI/2/1/RW is out of command"},
	})
}

// TestPieces reads what each piece shows as the battle's set-up holds it.
func TestPieces(t *testing.T) {
	g, m := load(t, "moves.vlog")
	r := pipeline.Check(pipeline.Options{Dir: "../../examples/dow-intro", Position: func(b *battle.Battle) *battle.Scenario {
		ps, unknown := Position(b, m, g, g.Steps[2].After)
		if len(unknown) != 0 {
			t.Errorf("unknown pieces %v", unknown)
		}
		on := 0
		for _, p := range ps {
			if p.Hex != "" {
				on++
			}
			switch p.Piece.Name {
			case "22 IN":
				if p.Face != "disordered" || p.Hex != "C3217" || p.Strength == nil || *p.Strength != 5 || p.Ref.Unit == nil {
					t.Errorf("22 IN: %+v", p)
				}
			case "74 IL":
				if p.Face != "" || p.Hex != "C3014" || p.Orders != "" {
					t.Errorf("74 IL: %+v", p)
				}
			case "Carlin":
				if p.Ref.Leader == nil || p.Hex != "C3508" {
					t.Errorf("Carlin: %+v", p)
				}
			}
		}
		if on != 39 {
			t.Errorf("%d pieces on the map, want the set-up's 39", on)
		}
		return nil
	}})
	_ = r
}

// TestNotMusters: a module muster did not write is refused.
func TestNotMusters(t *testing.T) {
	g, m := load(t, "setup.vsav")
	m.Muster = false
	_, err := Run(Options{Battle: pipeline.Options{Dir: "../../examples/dow-intro"}, Game: g, Module: m, ModuleName: "other.vmod"})
	var nm *NotMusters
	if !errors.As(err, &nm) || !strings.Contains(err.Error(), "other.vmod was not written by muster") {
		t.Errorf("got %v", err)
	}
}

// TestMoreRules: the second game VASSAL played (testdata/README.md): a
// leader alone next to the enemy (GB701), a unit on a row out of play
// (N004), both sides in one hex (N020), a unit deleted (off the map: no
// finding), each at the step that made it.
func TestMoreRules(t *testing.T) {
	r := run(t, "more.vlog")
	for i := 1; i < len(r.Diagnostics); i++ {
		if stepOf(r.Diagnostics[i]) < stepOf(r.Diagnostics[i-1]) {
			t.Errorf("not in the order of the steps:\n%s", show(r.Diagnostics))
			break
		}
	}
	found := map[string]diag.Diagnostic{}
	for _, d := range r.Diagnostics {
		if d.Code != "GB201" {
			found[d.Code] = d
		}
		if p := d.Related[0].At.(diag.Play); p.Step == 4 {
			t.Errorf("step 4 deleted 21 IL, yet: %s", show([]diag.Diagnostic{d}))
		}
	}
	for code, at := range map[string]diag.Play{
		"GB701": {Game: "more.vlog", Step: 1, Piece: "Woodruff", Hex: "C4213"},
		"GB202": {Game: "more.vlog", Step: 1, Piece: "Woodruff", Hex: "C4213"},
		"N004":  {Game: "more.vlog", Step: 2, Piece: "25 IL", Hex: "C3420"},
		"N020":  {Game: "more.vlog", Step: 3, Piece: "35 IL", Hex: "C4314"},
	} {
		d, ok := found[code]
		if !ok || d.Related[0].At != at {
			t.Errorf("%s: want it at %v, got\n%s", code, at, show(r.Diagnostics))
		}
	}
	if d := found["N020"]; !strings.HasSuffix(d.Message, "where CSA already has units (more.vlog step 3: in C4314)") {
		t.Errorf("N020's message: %q", d.Message)
	}
	s := run(t, "more.vsav")
	codes := ""
	for _, d := range s.Diagnostics {
		codes += d.Code + " "
	}
	if codes != "GB201 GB201 GB201 GB201 GB202 GB701 N004 N020 " {
		t.Errorf("more.vsav: %s\n%s", codes, show(s.Diagnostics))
	}
}

// TestReport: the losses of the game VASSAL saved after 59 IL lost two
// strength points and 101 OH was deleted, by formation against the
// set-up, and where the pieces stand.
func TestReport(t *testing.T) {
	g, m := load(t, "losses.vsav")
	b, sc, turn, placed, _, err := Final(Options{Battle: pipeline.Options{Dir: "../../examples/dow-intro"}, Game: g, Module: m})
	if err != nil {
		t.Fatal(err)
	}
	md := string(Report(b, sc, turn, placed, g))
	for _, want := range []string{
		"| USA | Post's Brigade (1/1/RW) | 5 | 29 | 27 | 2 |  |\n",
		"| USA | Carlin's Brigade (2/1/RW) | 5 | 32 | 25 | 7 | 101 OH |\n",
		"| USA | all | 15 | 86 | 77 | 9 | 1 unit |\n",
		"| CSA | all | 16 | 74 | 74 | 0 | 0 units |\n",
		"| C3014 | Post, 59 IL (4 SP), 5 WI Bty (6 SP) |\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in\n%s", want, md)
		}
	}
	if strings.Contains(md, "101 OH (") {
		t.Errorf("101 OH, deleted, still stands somewhere:\n%s", md)
	}
}

// TestWho: a step names the side of the player its move names, as a
// PLAYER command of the game gives it.
func TestWho(t *testing.T) {
	g := &game.Game{PlayerSides: map[string]string{"p1": "Union"}}
	st := &game.Step{Moves: []game.Move{{ID: "1", Player: "p1"}}, Chat: []string{"* 74 IL moves C3215 &rarr; C3014 *"}}
	if got := what(st, g); got != "Union: 74 IL moves C3215 → C3014" {
		t.Errorf("got %q", got)
	}
	st.Moves[0].Player = "p2"
	if got := what(st, g); got != "74 IL moves C3215 → C3014" {
		t.Errorf("an unknown player: %q", got)
	}
}

// TestReportHTML: the same report as an HTML page, text escaped, the
// caller's map in it.
func TestReportHTML(t *testing.T) {
	g, m := load(t, "losses.vsav")
	b, sc, turn, placed, _, err := Final(Options{Battle: pipeline.Options{Dir: "../../examples/dow-intro"}, Game: g, Module: m})
	if err != nil {
		t.Fatal(err)
	}
	h := string(ReportHTML(b, sc, turn, placed, g, []byte("<svg id=\"map\"></svg>")))
	for _, want := range []string{"<title>After-action report: Skirmish of December 30th</title>", "<td>Carlin&#39;s Brigade (2/1/RW)</td><td>5</td><td class=\"n\">32</td><td class=\"n\">25</td><td class=\"n\">7</td><td>101 OH</td>", "<svg id=\"map\"></svg>", "<td>C3014</td><td>Post, 59 IL (4 SP), 5 WI Bty (6 SP)</td>"} {
		if !strings.Contains(h, want) {
			t.Errorf("no %s in\n%s", want, h)
		}
	}
}

// trackAt writes a turn track's state as compile/vassal's turnCommand
// does, for day d and slot si of n slots and days days.
func trackAt(d, si, n, days int) string {
	active := func(k int) []string {
		out := make([]string, k)
		for i := range out {
			out[i] = "true"
		}
		return out
	}
	tm := seq.New(';').Int(si).Int(0).Int(0).Strings(active(n)).Value()
	day := seq.New(';').Int(d).Int(0).Int(0).Strings(active(days)).Append(tm).Value()
	return seq.New('|').Int(0).Append(day).Value()
}

// TestTurnOfTheTrack: command range is judged in the light of the turn
// the game's turn track shows, not the scenario's first: with the track
// moved to 1700 (dusk), 15 WI's finding names that turn.
func TestTurnOfTheTrack(t *testing.T) {
	g, m := load(t, "moves.vsav")
	var r *Result
	check := func() {
		var err error
		r, err = Run(Options{Battle: pipeline.Options{Dir: "../../examples/dow-intro"}, Game: g, Module: m, ModuleName: "dow-intro.vmod"})
		if err != nil {
			t.Fatal(err)
		}
	}
	check()
	b := r.Battle
	if r.Turn.Text() != "Dec 30 1300" || g.Turn != trackAt(r.Turn.Index/len(b.Slots), r.Turn.Index%len(b.Slots), len(b.Slots), len(b.Days)) {
		t.Fatalf("the track VASSAL saved reads %s (%q)", r.Turn.Text(), g.Turn)
	}
	dusk := -1
	for i, s := range b.Slots {
		if s.Time == "1700" {
			dusk = i
		}
	}
	g.Turn = trackAt(r.Turn.Index/len(b.Slots), dusk, len(b.Slots), len(b.Days))
	check()
	if r.Turn.Text() != "Dec 30 1700" || r.Turn.Light != "dusk" {
		t.Fatalf("turn %+v", r.Turn)
	}
	for _, d := range r.Diagnostics {
		if d.Code == "GB201" && !strings.Contains(d.Message, "at Dec 30 1700") {
			t.Errorf("GB201 not judged at the track's turn: %s", d.Message)
		}
	}
}

// TestFacing: the game VASSAL saved with pieces turned by Terrible Swift
// Sword's facing key (testdata/make-facing.sh): each piece's rotation
// reaches the checks as a set-up's facing (1 as drawn, north, clockwise):
// 7 Tenn turned twice (3) beside 14 Tenn as drawn (1) in A0729 is two
// units of one hex facing different ways (TS114), at the game, the piece
// and the hex; 13 Ala and 1 Tenn in A0629, each turned once (2), face one
// way and pass.
func TestFacing(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile("../testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	g, err := game.Read("facing.vsav", read("facing.vsav"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := game.ReadModule("tss-seminary-ridge.vmod", read("tss-seminary-ridge.vmod"))
	if err != nil {
		t.Fatal(err)
	}
	bo := pipeline.Options{Dir: "../../examples/tss-seminary-ridge"}
	b, _ := pipeline.Load(bo)
	placed, _ := Position(b, m, g, g.Start)
	facing := map[string]string{}
	for _, pl := range placed {
		facing[pl.Piece.Name] = pl.Facing
	}
	for name, want := range map[string]string{"7 Tenn": "3", "14 Tenn": "1", "13 Ala": "2", "1 Tenn": "2"} {
		if facing[name] != want {
			t.Errorf("%s faces %q, want %s", name, facing[name], want)
		}
	}
	r, err := Run(Options{Battle: bo, Game: g, Module: m, ModuleName: "tss-seminary-ridge.vmod"})
	if err != nil {
		t.Fatal(err)
	}
	var ts114 []diag.Diagnostic
	for _, d := range r.Diagnostics {
		if d.Code == "TS114" {
			ts114 = append(ts114, d)
		}
	}
	if len(ts114) != 1 || len(ts114[0].Related) == 0 {
		t.Fatalf("TS114 findings:\n%s\nwant one, at A0729", show(ts114))
	}
	at, ok := ts114[0].Related[0].At.(diag.Play)
	if !ok || at.Game != "facing.vsav" || at.Hex != "A0729" || !strings.Contains(ts114[0].Message, "faces") {
		t.Errorf("TS114:\n%s\nwant at facing.vsav, hex A0729", show(ts114))
	}
}
