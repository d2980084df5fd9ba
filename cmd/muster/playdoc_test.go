package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/battletest"
)

// TestPlayDocGameLife runs the commands of docs/play.md's "A game's life" as the
// page writes them, in a folder laid out as the page says (v1, v2 and
// game.vsav from game/testdata/refresh-dow-intro), and holds what each
// prints (both streams, as a terminal shows them) to the block the page
// shows after it. A command exits 0, or 1 where the page shows what it
// could not carry.
func TestPlayDocGameLife(t *testing.T) {
	doc, err := os.ReadFile("../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	const heading = "## A game's life: checked, updated, diffed\n"
	_, section, ok := strings.Cut(string(doc), heading)
	if !ok {
		t.Fatalf("docs/play.md has no %q", strings.TrimSpace(heading))
	}
	// the section ends at the next heading outside a fenced block (the
	// Markdown diff writes has headings of its own)
	in, n := false, 0
	for _, l := range strings.SplitAfter(section, "\n") {
		if strings.HasPrefix(l, "```") {
			in = !in
		}
		if !in && strings.HasPrefix(l, "## ") {
			break
		}
		n += len(l)
	}
	section = section[:n]
	fix := filepath.Join("..", "..", "game", "testdata", "refresh-dow-intro")
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ids, game := read(filepath.Join(fix, "v1.ids")), read(filepath.Join(fix, "v1.vsav"))
	dir := t.TempDir()
	lay := func(name string, edits map[string][][2]string) {
		to := filepath.Join(dir, name)
		if err := os.CopyFS(to, os.DirFS(filepath.Join("..", "..", "examples", "dow-intro"))); err != nil {
			t.Fatal(err)
		}
		for file, es := range edits {
			p := filepath.Join(to, file)
			text := string(read(p))
			for _, e := range es {
				if !strings.Contains(text, e[0]) {
					t.Fatalf("%s/%s has no %q", name, file, e[0])
				}
				text = strings.Replace(text, e[0], e[1], 1)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(to, "dow-intro.ids"), ids, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lay("v1", battletest.WithIDs(nil, "1.0"))
	lay("v2", battletest.WithIDs(battletest.IntroV2(), "1.1"))
	if err := os.WriteFile(filepath.Join(dir, "game.vsav"), game, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)

	blocks := fences(section)
	ran := 0
	for i, b := range blocks {
		if b.lang != "sh" {
			continue
		}
		var shown string
		if i+1 < len(blocks) && blocks[i+1].lang == "" {
			shown = blocks[i+1].text
		}
		var out bytes.Buffer
		for _, line := range strings.Split(strings.TrimSpace(b.text), "\n") {
			args := shellWords(t, line)
			if len(args) < 2 || args[0] != "muster" {
				t.Fatalf("docs/play.md: %q is not a muster command", line)
			}
			want := 0
			if strings.Contains(shown, "not carried whole") {
				want = 1
			}
			if code := run(args[1:], &out, &out); code != want {
				t.Fatalf("%s: exit %d, want %d\n%s", line, code, want, out.String())
			}
			ran++
		}
		if got := out.String(); got != shown {
			t.Errorf("%s printed\n%s\ndocs/play.md shows\n%s", strings.TrimSpace(b.text), got, shown)
		}
	}
	if ran < 6 {
		t.Fatalf("ran %d commands of docs/play.md's walk-through; it shows 6", ran)
	}
}
