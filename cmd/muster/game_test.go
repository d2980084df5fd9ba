package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/golden"
)

const (
	gameData   = "../../game/testdata/"
	gameBattle = "../../examples/dow-intro"
)

func muster(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// TestGameCheck: muster game check reports a game VASSAL saved against
// the battle's rules in every format; a clean game exits 0, one with an
// error 1; the findings name the game, the step, the piece and the hex.
func TestGameCheck(t *testing.T) {
	mod := gameData + "dow-intro.vmod"
	code, out, errOut := muster(t, "game", "check", gameData+"setup.vsav", "--module", mod, gameBattle)
	if code != 0 || out != "" || !strings.Contains(errOut, "setup.vsav (scenario intro, Dec 30 1300, 1 position): no problems") {
		t.Errorf("setup.vsav: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = muster(t, "game", "check", gameData+"moves.vlog", "--module", mod, gameBattle)
	if code != 1 || !strings.Contains(out, "moves.vlog: error GB102: step 2 (75 IL moves C3213 → C3014): USA stack in C3014") ||
		!strings.Contains(out, "moves.vlog: warning GB201: step 4 (15 WI moves C3708 → C3117): 15 WI/2/1/RW is out of command") ||
		!strings.Contains(errOut, "(scenario intro, Dec 30 1300, 5 positions): 1 error, 1 warning") {
		t.Errorf("moves.vlog: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = muster(t, "game", "check", "--format", "json", gameData+"moves.vsav", "--module", mod, gameBattle)
	var j struct {
		Diagnostics []struct {
			Code    string
			File    string
			Related []struct {
				Location struct{ Kind, File, Piece, Hex string }
				Note     string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 1 || len(j.Diagnostics) != 2 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if d := j.Diagnostics[1]; d.Code != "GB201" || d.Related[0].Location.Kind != "play" || d.Related[0].Location.Piece != "15 WI" || d.Related[0].Location.Hex != "C3117" {
		t.Errorf("json: %+v", d)
	}
	code, out, _ = muster(t, "game", "check", "--format", "sarif", gameData+"moves.vsav", "--module", mod, gameBattle)
	if code != 1 || !strings.Contains(out, `"fullyQualifiedName": "../../game/testdata/moves.vsav: 15 WI in C3117"`) {
		t.Errorf("sarif: exit %d\n%s", code, out)
	}
}

// TestGameCheckBaseline: a baseline written from a game's findings accepts
// them, so the check passes; the game itself is never written.
func TestGameCheckBaseline(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "moves.vsav")
	data, _ := os.ReadFile(gameData + "moves.vsav")
	os.WriteFile(save, data, 0o644)
	bl := filepath.Join(dir, "baseline.json")
	mod := gameData + "dow-intro.vmod"
	if code, out, e := muster(t, "game", "check", "--write-baseline", bl, save, "--module", mod, gameBattle); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, e)
	}
	if code, out, e := muster(t, "game", "check", "--baseline", bl, save, "--module", mod, gameBattle); code != 0 || !strings.Contains(e, "0 errors, 0 warnings, 0 info, 2 suppressed") {
		t.Errorf("--baseline: exit %d\n%s%s", code, out, e)
	}
	if after, _ := os.ReadFile(save); !bytes.Equal(after, data) {
		t.Error("the game was written")
	}
}

// TestGameCheckRefuses: a module muster did not write, a game that is
// none, no module where the default says: each exits 2 with the reason.
func TestGameCheckRefuses(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.vmod")
	f, _ := os.Create(other)
	zw := zip.NewWriter(f)
	w, _ := zw.Create("buildFile.xml")
	w.Write([]byte(`<VASSAL.build.GameModule name="Dead of Winter: Skirmish of December 30th" description="someone else's"/>`))
	zw.Close()
	f.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{gameData + "moves.vsav", "--module", other, gameBattle}, "other.vmod was not written by muster"},
		{[]string{gameData + "README.md", "--module", gameData + "dow-intro.vmod", gameBattle}, "not a VASSAL saved game or log"},
		{[]string{gameData + "moves.vsav", gameBattle}, "no module at build/dow-intro/dow-intro.vmod or ../../examples/dow-intro/build/dow-intro/dow-intro.vmod"},
	} {
		code, _, e := muster(t, append([]string{"game", "check"}, c.args...)...)
		if code != 2 || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, %s", c.args, code, e)
		}
	}
}

// TestGameDoc runs every command docs/play.md's "A game checked" section
// shows, over the games of game/testdata and examples/dow-intro, and keeps
// the output it shows equal to what the second writes (UPDATE=1 rewrites
// it).
func TestGameDoc(t *testing.T) {
	docPath, err := filepath.Abs("../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	for _, f := range []string{"moves.vsav", "moves.vlog", "dow-intro.vmod"} {
		b, err := os.ReadFile(gameData + f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(work, f), b, 0o644)
	}
	if err := os.CopyFS(filepath.Join(work, "dow-intro"), os.DirFS(gameBattle)); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	const head = "\n## A game checked\n"
	i := strings.Index(string(doc), head)
	if i < 0 {
		t.Fatal("docs/play.md has no \"## A game checked\" section")
	}
	section := string(doc[i:])
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(section)
	if block == nil {
		t.Fatal("no sh block in the section")
	}
	var shown []byte
	for n, l := range strings.Split(strings.TrimSpace(block[1]), "\n") {
		cmd, _, _ := strings.Cut(l, "#")
		args := strings.Fields(cmd)
		if len(args) < 3 || args[0] != "muster" {
			t.Fatalf("not a muster command: %q", l)
		}
		want := 1
		if strings.Contains(cmd, "baseline") {
			want = 0
		}
		code, out, e := muster(t, args[1:]...)
		if code != want {
			t.Errorf("%s: exit %d, want %d\n%s%s", cmd, code, want, out, e)
		}
		if n == 1 {
			shown = []byte(out + e)
		}
	}
	const open, closing = "```text\n", "```\n"
	a := i + strings.Index(section, open)
	z := strings.Index(string(doc[a+len(open):]), closing)
	if a < i || z < 0 {
		t.Fatal("no text block in the section")
	}
	z += a + len(open)
	golden.Check(t, docPath, []byte(string(doc[:a+len(open)])+string(shown)+string(doc[z:])))
}

// TestImportVsav: the position of the game VASSAL saved becomes a set-up
// (22 IN disordered as VASSAL shows him), and muster validate finds in it
// what muster game check finds in the game (GB102 in C3014, GB201 for 15
// WI), at its lines; the battle's own files are never written.
func TestImportVsav(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dow-intro")
	if err := os.CopyFS(dir, os.DirFS(gameBattle)); err != nil {
		t.Fatal(err)
	}
	mod := gameData + "dow-intro.vmod"
	out := filepath.Join(t.TempDir(), "intro.yaml")
	if code, o, e := muster(t, "import", "vsav", gameData+"moves.vsav", "--module", mod, dir, "-o", out); code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, o, e)
	}
	y, _ := os.ReadFile(out)
	for _, want := range []string{"id: intro\n", `"C3014": [Post, 59 IL, 5 WI Bty, 74 IL, 75 IL]`, `"C3217": [{unit: 22 IN, face: disordered}]`, `"C3117": [15 WI]`} {
		if !strings.Contains(string(y), want) {
			t.Errorf("no %s in\n%s", want, y)
		}
	}
	if code, _, e := muster(t, "import", "vsav", gameData+"moves.vsav", "--module", mod, dir, "-o", filepath.Join(dir, "intro.yaml")); code != 2 || !strings.Contains(e, "it is a file of the battle") {
		t.Errorf("over intro.yaml: exit %d, %s", code, e)
	}
	os.WriteFile(filepath.Join(dir, "intro.yaml"), y, 0o644)
	code, o, _ := muster(t, "validate", "--format", "json", dir)
	var j struct {
		Diagnostics []struct{ Code, File, Message string }
	}
	json.Unmarshal([]byte(o), &j)
	got := ""
	for _, d := range j.Diagnostics {
		got += d.Code + " " + filepath.Base(d.File) + "; "
	}
	if code != 1 || got != "GB102 intro.yaml; GB201 intro.yaml; " {
		t.Errorf("validate: exit %d, %s\n%s", code, got, o)
	}
}

// TestGameReport: muster game report writes the Markdown report to stdout
// or to -o, never over a file of the battle.
func TestGameReport(t *testing.T) {
	mod := gameData + "dow-intro.vmod"
	code, out, e := muster(t, "game", "report", gameData+"losses.vsav", "--module", mod, gameBattle)
	if code != 0 || !strings.HasPrefix(out, "# After-action report: Skirmish of December 30th\n") || !strings.Contains(out, "| 101 OH |") {
		t.Errorf("exit %d\n%s%s", code, out, e)
	}
	dir := filepath.Join(t.TempDir(), "dow-intro")
	if err := os.CopyFS(dir, os.DirFS(gameBattle)); err != nil {
		t.Fatal(err)
	}
	if code, _, e := muster(t, "game", "report", gameData+"losses.vsav", "--module", mod, dir, "-o", filepath.Join(dir, "map.yaml")); code != 2 || !strings.Contains(e, "it is a file of the battle") {
		t.Errorf("over map.yaml: exit %d, %s", code, e)
	}
	o := filepath.Join(t.TempDir(), "aar.md")
	if code, _, e := muster(t, "game", "report", gameData+"losses.vsav", "--module", mod, dir, "-o", o); code != 0 {
		t.Errorf("-o: exit %d, %s", code, e)
	}
	if b, _ := os.ReadFile(o); string(b) != out {
		t.Errorf("-o wrote\n%s", b)
	}
	// as HTML, with the map of the position: 15 WI's counter where the game left him
	code, out, e = muster(t, "game", "report", "--format", "html", gameData+"moves.vsav", "--module", mod, gameBattle)
	if code != 0 || !strings.HasPrefix(out, "<!DOCTYPE html>") || !strings.Contains(out, "<figure>\n<svg") || !strings.Contains(out, "C3117 USA: 15 WI/2/1/RW") || !strings.HasSuffix(out, "</html>\n") {
		t.Errorf("html: exit %d\n%.600s%s", code, out, e)
	}
	if code, _, e := muster(t, "game", "report", "--format", "pdf", gameData+"moves.vsav", "--module", mod, gameBattle); code == 0 || !strings.Contains(e, "--format must be markdown or html") {
		t.Errorf("--format pdf: exit %d, %s", code, e)
	}
}

// TestGameCheckDefaultModule: with no --module, the module muster build
// --target vassal wrote under the working folder is read.
func TestGameCheckDefaultModule(t *testing.T) {
	work := t.TempDir()
	dir := filepath.Join(work, "dow-intro")
	if err := os.CopyFS(dir, os.DirFS(gameBattle)); err != nil {
		t.Fatal(err)
	}
	save, err := filepath.Abs(gameData + "moves.vsav")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	if code, _, e := muster(t, "build", "--target", "vassal", "dow-intro"); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, e)
	}
	code, out, e := muster(t, "game", "check", save, "dow-intro")
	if code != 1 || !strings.Contains(out, "GB102") || !strings.Contains(out, "GB201") {
		t.Errorf("exit %d\n%s%s", code, out, e)
	}
}
