package vmod

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// flat is the ccn-style module's build file with its grid flat-top (a
// board muster reads).
func flat(s string) string { return strings.Replace(s, `sideways="true"`, `sideways="false"`, 1) }

// obfuscated is cmds as VASSAL obfuscates a saved game.
func obfuscated(cmds string) string {
	const key = 0x5a
	var b strings.Builder
	b.WriteString("!VCSK5a")
	for i := 0; i < len(cmds); i++ {
		b.WriteString(hex2(cmds[i] ^ key))
	}
	return b.String()
}

// withGames is the flat ccn-style module with n predefined set-ups, each a
// saved game of the given commands.
func withGames(t *testing.T, n int, cmds string) []byte {
	t.Helper()
	bf, err := os.ReadFile(filepath.Join("testdata", "ccn-style", "buildFile.xml"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := os.ReadFile(filepath.Join("testdata", "ccn-style", "images", "map.png"))
	if err != nil {
		t.Fatal(err)
	}
	vsav := string(zipOf(t, map[string]string{"savedGame": obfuscated(cmds), "moduledata": "<data/>"}))
	files := map[string]string{"images/map.png": string(img)}
	var setups strings.Builder
	for i := range n {
		name := fmt.Sprintf("G%03d.vsav", i)
		files[name] = vsav
		fmt.Fprintf(&setups, `<VASSAL.build.module.PredefinedSetup file=%q isMenu="false" name="Game %d" useFile="true"/>`+"\n", name, i)
	}
	x := flat(string(bf))
	x = strings.Replace(x, `<VASSAL.build.module.PredefinedSetup file="B001 - Test.vsav" isMenu="false" name="B001 - Test (a saved game)" useFile="true"/>`, setups.String(), 1)
	files["buildFile.xml"] = x
	return zipOf(t, files)
}

// TestManySavedGames: a module's saved games are read as they inflate,
// none held whole and none turned into a string a byte at a time. 200
// games of 1,000 AddPiece commands (the real ccnapoleonics module has 189
// of about 65,000) used to allocate about 25 times what they inflate to
// (every obfuscated byte parsed through a string of its own); now what is
// allocated is under half of it.
func TestManySavedGames(t *testing.T) {
	if testing.Short() {
		t.Skip("a measure of time and memory: the plain run, not -short (the race detector's)")
	}
	var cmds strings.Builder
	cmds.WriteString("begin_save\x1b")
	for i := range 1000 {
		fmt.Fprintf(&cmds, "+/%d/piece;;;unit%d.png;Unit %d/\tnull;%d;%d;%d;0\x1b", i, i%50, i, 100+i%300, 200+i%200, i)
	}
	cmds.WriteString("Main MapBoardPicker\tInland\t0\t0\x1bTURN\tx\x1bGlobalProperty\tcodex\t1\x1bend_save")
	data := withGames(t, 200, cmds.String())
	inflated := int64(200 * 2 * (cmds.Len() + 7))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	res, err := Import(data, Options{System: "gbacw", Module: "games.vmod"})
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := int64(after.TotalAlloc - before.TotalAlloc)
	t.Logf("200 saved games, %d MiB inflated, module %d KiB: %v, %d MiB allocated", inflated>>20, len(data)>>10, took, alloc>>20)
	rep := string(res.Files["import-report.md"])
	if !strings.Contains(rep, `saved game "G199.vsav" holds 1000 pieces`) || !strings.Contains(rep, `saved game "G199.vsav": 1 commands not understood: "GlobalProperty" ×1`) {
		t.Errorf("the report does not read the saved games:\n%.3000s", rep)
	}
	if alloc > inflated/2 && !testing.Short() {
		t.Errorf("the import allocated %d MiB for saved games that inflate to %d MiB: they are read whole", alloc>>20, inflated>>20)
	}
}

// TestScanCommands: a command stream read in chunks splits as
// strings.Split did, obfuscated or plain; a command past maxCommand is
// passed with its head only; a stream that is not hex is an error.
func TestScanCommands(t *testing.T) {
	cmds := "begin_save\x1b\x1b+/1/a\x1b" + strings.Repeat("x", maxCommand+1) + "\x1bTURN\tt\x1bend_save"
	for _, in := range []string{cmds, obfuscated(cmds)} {
		var got []string
		err := scanCommands(strings.NewReader(in), func(c []byte, whole bool) {
			got = append(got, fmt.Sprintf("%d %v %.12s", len(c), whole, c))
		})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"10 true begin_save", "0 true ", "5 true +/1/a", fmt.Sprintf("%d false xxxxxxxxxxxx", commandHead), "6 true TURN\tt", "8 true end_save"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	}
	if err := scanCommands(strings.NewReader("!VCSK5a0g"), func([]byte, bool) {}); err == nil {
		t.Errorf("a stream that is not hex is read")
	}
}

// TestMemberLimits: what a member inflates to is bounded, one member and
// all together, at the limit and one past; the error names the limit.
func TestMemberLimits(t *testing.T) {
	defer func(m, tot int64) { maxMember, minTotal = m, tot }(maxMember, minTotal)
	maxMember, minTotal = 1<<20, 1<<30
	game := func(n int) string { // a saved game inflating to n bytes
		pad := n - len(obfuscated("begin_save\x1bend_save\x1b"))
		return "begin_save\x1bend_save\x1b" + strings.Repeat("y", pad/2)
	}
	if _, err := Import(withGames(t, 1, game(1<<20)), Options{System: "gbacw"}); err != nil {
		t.Errorf("a member of 1 MiB, at the limit: %v", err)
	}
	_, err := Import(withGames(t, 1, game(1<<20+2)), Options{System: "gbacw"})
	if err == nil || !strings.Contains(err.Error(), "savedGame inflates to more than 1 MiB, the limit for one member of an archive") || !strings.Contains(err.Error(), "buildFile.xml:") {
		t.Errorf("a member past the limit: %v", err)
	}
	// buildFile.xml, parsed into a tree, has a limit of its own.
	bf, _ := os.ReadFile(filepath.Join("testdata", "ccn-style", "buildFile.xml"))
	defer func(b int64) { maxBuildFile = b }(maxBuildFile)
	maxBuildFile = int64(len(flat(string(bf))))
	if _, err := Import(ccnStyle(t, flat), Options{System: "gbacw"}); err != nil {
		t.Errorf("a build file at its limit: %v", err)
	}
	maxBuildFile--
	if _, err := Import(ccnStyle(t, flat), Options{System: "gbacw"}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("buildFile.xml inflates to more than %d bytes", maxBuildFile)) {
		t.Errorf("a build file past its limit: %v", err)
	}
	maxBuildFile = 32 << 20

	maxMember, minTotal = 1<<30, 3<<20
	data := withGames(t, 3, game(1<<20))
	if int64(len(data))*totalRatio > minTotal {
		t.Fatalf("the module is too big for the test: %d", len(data))
	}
	if _, err := Import(data, Options{System: "gbacw"}); err == nil || !strings.Contains(err.Error(), "more than 3 MiB in all") {
		t.Errorf("members past the total: %v", err)
	}
	minTotal = 4 << 20
	if _, err := Import(data, Options{System: "gbacw"}); err != nil {
		t.Errorf("members within the total: %v", err)
	}
}

// TestXMLLimits: buildFile.xml's depth, elements and pieces of text, at
// the limit and one past, and the hostile shapes that ran out of memory or
// time: 200,000 elements deep, text in two million pieces.
func TestXMLLimits(t *testing.T) {
	nest := func(n int) string {
		return strings.Repeat("<a>", n) + strings.Repeat("</a>", n)
	}
	pieces := func(n int) string {
		return "<a>" + strings.Repeat("x<!---->", n-1) + "x</a>"
	}
	defer func(n int) { maxElements = n }(maxElements)
	maxElements = 2000
	for _, tc := range []struct{ name, xml, err string }{
		{"depth at the limit", nest(maxDepth), ""},
		{"depth past it", nest(maxDepth + 1), fmt.Sprintf("buildFile.xml:1: elements nested deeper than %d (the depth limit)", maxDepth)},
		{"200,000 deep", nest(200_000), "(the depth limit)"},
		{"elements at the limit", "<r>" + strings.Repeat("<a/>", 1999) + "</r>", ""},
		{"elements past it", "<r>" + strings.Repeat("<a/>", 2000) + "</r>", "buildFile.xml:1: more than 2000 elements (the element limit)"},
		{"text at the limit", pieces(maxTextParts), ""},
		{"text past it", pieces(maxTextParts + 1), fmt.Sprintf("the text of a is split into more than %d pieces (the text piece limit)", maxTextParts)},
		{"two million pieces", pieces(2_000_000), "(the text piece limit)"},
	} {
		start := time.Now()
		_, err := parseXML(strings.NewReader(tc.xml))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.err)
		}
		if d := time.Since(start); d > 5*time.Second && !testing.Short() {
			t.Errorf("%s: %v", tc.name, d)
		}
	}
}

// TestGridLimits: a grid's values are sane numbers or the module is
// refused at the line that holds them (dx=1e-300 looped for ever, a
// leading of 1e8 built a label of a hundred million digits); 20,000 boards
// are refused at the 1,001st.
func TestGridLimits(t *testing.T) {
	for _, tc := range []struct{ from, to, err string }{
		{`dx="45.0"`, `dx="1.0"`, ""},
		{`dx="45.0"`, `dx="1e-300"`, `buildFile.xml:25: board "Inland": dx=1e-300 is outside 1 to 10000 (the grid value limit)`},
		{`dx="45.0"`, `dx="NaN"`, `dx=NaN is outside`},
		{`x0="-17"`, `x0="1e300"`, `x0=1e300 is outside -1e+06 to 1e+06`},
		{`hLeading="1"`, `hLeading="8"`, ""},
		{`hLeading="1"`, `hLeading="100000000"`, `buildFile.xml:26: board "Inland": hLeading=100000000 is outside 0 to 8 (the grid value limit)`},
		{`hOff="1"`, `hOff="-1e9"`, `hOff=-1e9 is outside`},
	} {
		start := time.Now()
		_, err := Import(ccnStyle(t, func(s string) string { return strings.Replace(flat(s), tc.from, tc.to, 1) }), Options{System: "gbacw"})
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.to, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: got %v, want %q", tc.to, err, tc.err)
		}
		if d := time.Since(start); d > 5*time.Second && !testing.Short() {
			t.Errorf("%s: %v", tc.to, d)
		}
	}
	boards := func(n int) func(string) string {
		return func(s string) string {
			s = flat(s)
			i := strings.Index(s, "<VASSAL.build.module.map.boardPicker.Board ")
			j := strings.Index(s, "</VASSAL.build.module.map.boardPicker.Board>") + len("</VASSAL.build.module.map.boardPicker.Board>")
			var b strings.Builder
			for k := range n {
				fmt.Fprintf(&b, `<VASSAL.build.module.map.boardPicker.Board image="map.png" name="B%d"><VASSAL.build.module.map.boardPicker.board.HexGrid dx="45" dy="52" x0="-17" y0="40"/>`+
					`<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hLeading="1" vLeading="1" locationFormat="B%d$gridLocation$"/></VASSAL.build.module.map.boardPicker.Board>`, k, k)
			}
			return s[:i] + b.String() + s[j:]
		}
	}
	if _, err := Import(ccnStyle(t, boards(maxBoards)), Options{System: "gbacw"}); err != nil && strings.Contains(err.Error(), "board limit") {
		t.Errorf("%d boards: %v", maxBoards, err)
	}
	if testing.Short() {
		return // 20,000 boards take seconds, 20 under the race detector: the plain run reads them
	}
	start := time.Now()
	_, err := Import(ccnStyle(t, boards(20_000)), Options{System: "gbacw"})
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d boards (the board limit)", maxBoards)) {
		t.Errorf("20,000 boards: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("20,000 boards: %v", d)
	}
}
