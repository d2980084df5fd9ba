package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/compile/vassal"
	"github.com/muster-wargames/muster/game"
	"github.com/muster-wargames/muster/internal/battletest"
)

// muster game update brings the game VASSAL saved under dow-intro v1
// (game/testdata/refresh-dow-intro) to v2: every piece but
// the removed 25 IL, which it names with its reason (exit 1); never over
// the game or the module; to the same module, nothing changes (exit 0).
func TestGameUpdate(t *testing.T) {
	dir := t.TempDir()
	fix := filepath.Join("..", "..", "game", "testdata", "refresh-dow-intro")
	v1, err := os.ReadFile(filepath.Join(fix, "v1.vsav"))
	if err != nil {
		t.Fatal(err)
	}
	ids, err := os.ReadFile(filepath.Join(fix, "v1.ids"))
	if err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(dir, "game.vsav")
	os.WriteFile(save, v1, 0o644)
	ex := filepath.Join("..", "..", "examples", "dow-intro")
	module := func(name string, edits map[string][][2]string) string {
		out, err := vassal.Module(battletest.Edited(t, ex, edits, map[string][]byte{"dow-intro.ids": ids}))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, out[0].Data, 0o644)
		return p
	}
	mod2 := module("v2.vmod", battletest.WithIDs(battletest.IntroV2(), "1.1"))
	mod1 := module("v1.vmod", battletest.WithIDs(nil, "1.0"))

	var stdout, stderr bytes.Buffer
	if code := run([]string{"game", "update", save, "--module", mod2}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1 (one piece not carried)\n%s", code, stderr.String())
	}
	out := filepath.Join(dir, "game-1.1.vsav")
	if strings.TrimSpace(stdout.String()) != out {
		t.Errorf("stdout %q, want %s", stdout.String(), out)
	}
	for _, want := range []string{
		"muster: 64 of 65 pieces brought to Dead of Winter: Skirmish of December 30th 1.1 (",
		`  piece "25 IL" (gpid 70, Main Map at 1566,432): the module has no piece with gpid 70`,
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.Read(out, data)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, p := range g.Start.Pieces {
		names[p.Name] = true
	}
	if !names["75 ILL"] || names["75 IL"] || !names["25 IL"] {
		t.Errorf("pieces of the updated game: %v", names)
	}
	if after, _ := os.ReadFile(save); !bytes.Equal(after, v1) {
		t.Errorf("the saved game changed")
	}

	// never over what it reads
	for _, o := range []string{save, mod2} {
		stderr.Reset()
		if code := run([]string{"game", "update", save, "--module", mod2, "-o", o}, &stdout, &stderr); code != 2 {
			t.Errorf("-o %s: exit %d, want 2", o, code)
		}
		if !strings.Contains(stderr.String(), "refusing to write") {
			t.Errorf("-o %s: %s", o, stderr.String())
		}
	}
	stderr.Reset()
	if code := run([]string{"game", "update", save}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "needs --module") {
		t.Errorf("no --module: exit %d, %s", code, stderr.String())
	}

	// the module the game was saved under: every piece as it was
	stdout.Reset()
	stderr.Reset()
	same := filepath.Join(dir, "same.vsav")
	if code := run([]string{"game", "update", save, "--module", mod1, "-o", same}, &stdout, &stderr); code != 0 {
		t.Fatalf("same module: exit %d\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "65 of 65 pieces brought to Dead of Winter: Skirmish of December 30th 1.0 (0 changed)") {
		t.Errorf("same module: %s", stderr.String())
	}
	g0, _ := game.Read(save, v1)
	data, _ = os.ReadFile(same)
	g1, err := game.Read(same, data)
	if err != nil {
		t.Fatal(err)
	}
	var a, b []string
	g0.Each(func(c *string) { a = append(a, *c) })
	g1.Each(func(c *string) { b = append(b, *c) })
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("updated to its own module, the game's commands changed")
	}
}
