package main

import (
	"bytes"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/maps"
)

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestOOBAndMapCommands(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		file string
		has  string
	}{
		{[]string{"oob", "--scenario", "intro", "-o", filepath.Join(dir, "o.pdf")}, 0, "o.pdf", "%PDF-"},
		{[]string{"oob", "--scenario", "intro", "--paper", "a4", "--orientation", "landscape", "-o", filepath.Join(dir, "o.html")}, 0, "o.html", "size: A4 landscape"},
		{[]string{"oob", "--format", "md", "-o", filepath.Join(dir, "o.md")}, 0, "o.md", "| 74 IL | inf |"},
		{[]string{"map", "--scenario", "intro", "-o", filepath.Join(dir, "m.svg")}, 0, "m.svg", "<svg"},
		{[]string{"map", "-o", filepath.Join(dir, "m.png")}, 0, "m.png", "\x89PNG"},
		{[]string{"oob", "--scenario", "nope", "-o", filepath.Join(dir, "bad.md")}, 2, "", ""},
		{[]string{"map", "--scenario", "nope", "-o", filepath.Join(dir, "bad.svg")}, 2, "", ""},
		{[]string{"oob", "--format", "docx"}, 2, "", ""},
		{[]string{"oob", "--paper", "legal", "-o", filepath.Join(dir, "x.pdf")}, 2, "", ""},
		{[]string{"oob", "-o", filepath.Join(dir, "x.pdf"), "--format", "md"}, 2, "", ""},
		{[]string{"map", "-o", filepath.Join(dir, "m.gif")}, 2, "", ""},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, stderr)
			continue
		}
		if tc.code == 2 && strings.Contains(strings.Join(tc.args, " "), "nope") && !strings.Contains(stderr, "(scenarios: intro)") {
			t.Errorf("%v: stderr %q does not list the scenarios", tc.args, stderr)
		}
		if tc.file != "" {
			b, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil || !strings.Contains(string(b), tc.has) {
				t.Errorf("%v: %s lacks %q (%v)", tc.args, tc.file, tc.has, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.md")); err == nil {
		t.Error("an unknown scenario wrote a file")
	}
}

// A battle with errors prints them and writes nothing.
func TestSheetsOfABrokenBattle(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "battle")
	err := fs.WalkDir(examples.FS, examples.Default, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := fs.ReadFile(examples.FS, p)
		if filepath.Base(p) == "intro.yaml" {
			b = bytes.Replace(b, []byte("[74 IL]"), []byte("[74 XX]"), 1)
		}
		os.MkdirAll(src, 0o755)
		return os.WriteFile(filepath.Join(src, filepath.Base(p)), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"oob", "map"} {
		out := filepath.Join(dir, cmd+"-out")
		code, _, stderr := runCLI(cmd, src, "--scenario", "intro", "-o", out)
		if code != 1 || !strings.Contains(stderr, "74 XX") || !strings.Contains(stderr, "nothing written") {
			t.Errorf("%s: exit %d, stderr %q", cmd, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s wrote %s", cmd, out)
		}
	}
}

func TestWriteDiagnosticMap(t *testing.T) {
	b, _ := check("", "")
	out := filepath.Join(t.TempDir(), "v.png")
	ds := []diag.Diagnostic{{Code: "N001", Severity: diag.Error, Message: "hex C3215 is wrong"}}
	if err := writeDiagnosticMap(out, "", b, ds); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.DecodeConfig(f); err != nil {
		t.Fatal(err)
	}
}

// TestMapTooBigHint: a map too big to draw names the remedy of the command
// that draws it: muster map its --hex-size, validate --map (which has no
// such flag) muster map's.
func TestMapTooBigHint(t *testing.T) {
	b, _ := check("", "")
	g := &maps.Grid{ShiftOdd: b.Map.Grid.ShiftOdd, Digits: 4}
	g.AddSheet(maps.NewSheet("C", 0, 0, 10, 1999, 1, 2000))
	b.Map.Grid = g
	_, err := renderMap(b.Map, nil, nil, "png", 20)
	if err = mapSizeHint(err); err == nil || !strings.HasSuffix(err.Error(), "more than the 64 million muster draws: draw fewer hexes (a scenario's sheets) or smaller ones (--hex-size)") {
		t.Errorf("muster map: %v", err)
	}
	err = writeDiagnosticMap(filepath.Join(t.TempDir(), "v.png"), "", b, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "--map: the map picture would be") ||
		!strings.HasSuffix(err.Error(), "more than the 64 million muster draws (muster map draws smaller hexes with --hex-size)") {
		t.Errorf("validate --map: %v", err)
	}
}
