//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// otherVariantBattle is a copy of examples/art-demo with a variant, alt,
// whose map names art/alt.png: a picture only alt's files name, which
// the battle, loaded as its files list says, lists only once AllReads
// parsed alt/map.yaml. It returns the battle's folder (its real path) and
// a folder beside it for outputs.
func otherVariantBattle(t *testing.T) (dir, out string) {
	t.Helper()
	tmp, _ := filepath.EvalSymlinks(t.TempDir())
	dir, out = filepath.Join(tmp, "b"), filepath.Join(tmp, "out")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "examples", "art-demo"))); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(out, 0o755)
	w := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	by, _ := os.ReadFile(filepath.Join(dir, "battle.yaml"))
	w("battle.yaml", string(by)+"variants:\n  alt:\n    files: [forces-usa.yaml, forces-csa.yaml, alt/map.yaml, scenario.yaml]\n")
	my, _ := os.ReadFile(filepath.Join(dir, "map.yaml"))
	w("alt/map.yaml", strings.Replace(string(my), "art/sheet-a.png", "art/alt.png", 1))
	png, _ := os.ReadFile(filepath.Join(dir, "art", "sheet-a.png"))
	w("art/alt.png", string(png))
	w("art/late.png", string(png))
	return dir, out
}

// TestGuardOtherPictures: a picture only another variant's files name is
// refused, with the diagnostic it always had, however the output names
// it: as itself, through a link, as a hard link outside the battle's
// folder, through a folder that leads into the battle. A file beside it
// that no variant names is not.
func TestGuardOtherPictures(t *testing.T) {
	for _, c := range []struct {
		out  string                      // the output, in the temporary folder
		make func(alt, out string) error // what is there first
		as   string                      // the output is alt, or "" (allowed)
	}{
		{"b/art/alt.png", nil, "a file of the battle"},
		{"out/link.png", func(alt, out string) error { return os.Symlink(alt, out) }, "it is alt"},
		{"out/hard.png", func(alt, out string) error { return os.Link(alt, out) }, "it is alt"},
		{"out/art/alt.png", func(alt, out string) error { return os.Symlink(filepath.Dir(alt), filepath.Dir(out)) }, "it is alt"},
		{"b/art/late.png", nil, ""},
	} {
		dir, _ := otherVariantBattle(t)
		alt := filepath.Join(dir, "art", "alt.png")
		path := filepath.Join(filepath.Dir(dir), filepath.FromSlash(c.out))
		if c.make != nil {
			if err := c.make(alt, path); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := battle.LoadDir(dir, battle.Options{})
		g := newGuard(b, dir)
		want := ""
		switch c.as {
		case "a file of the battle":
			want = "refusing to write " + path + ": it is a file of the battle"
		case "it is alt":
			want = "refusing to write " + path + ": it is " + alt + ", a file of the battle"
		}
		err := g.check(path)
		if (err == nil) != (want == "") || err != nil && err.Error() != want {
			t.Errorf("%s: %v; want %q", c.out, err, want)
		}
	}
}

// TestGuardNoParse: an output that cannot be a picture another variant
// names (no file there yet; a file of one name, outside every battle's
// folder, as a build finds its own earlier output; a folder) does not
// make the guard parse the other variants' files: here alt/map.yaml is
// changed after the output's check to name art/late.png instead, and
// art/late.png, checked next, is refused only if the map was parsed after
// the change (an output in the battle's folder is looked up in the whole
// list).
func TestGuardNoParse(t *testing.T) {
	for _, first := range []string{"new.vmod", "old.vmod", "folder"} {
		dir, out := otherVariantBattle(t)
		os.WriteFile(filepath.Join(out, "old.vmod"), []byte("an earlier build"), 0o644)
		os.Mkdir(filepath.Join(out, "folder"), 0o755)
		b, _ := battle.LoadDir(dir, battle.Options{})
		g := newGuard(b, dir)
		if err := g.check(filepath.Join(out, first)); err != nil {
			t.Fatalf("%s: %v", first, err)
		}
		my, _ := os.ReadFile(filepath.Join(dir, "alt", "map.yaml"))
		os.WriteFile(filepath.Join(dir, "alt", "map.yaml"), bytes.Replace(my, []byte("art/alt.png"), []byte("art/late.png"), 1), 0o644)
		late := filepath.Join(dir, "art", "late.png")
		if err := g.check(late); err == nil || err.Error() != "refusing to write "+late+": it is a file of the battle" {
			t.Errorf("after %s: %s: %v; the other variant's map was parsed before the output's check needed it", first, late, err)
		}
	}
}
