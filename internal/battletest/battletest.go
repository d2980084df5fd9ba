// Package battletest loads example battles edited in memory, for tests
// that need a battle before and after a change (a module update).
package battletest

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// Edited is the battle in folder dir with each file's text replaced (old
// to new, the first of each, in the order given) and some files added or
// replaced, loaded with no error.
func Edited(t testing.TB, dir string, edits map[string][][2]string, add map[string][]byte) *battle.Battle {
	t.Helper()
	return EditedOpts(t, dir, edits, add, battle.Options{})
}

// EditedOpts is Edited loaded with opts (a variant).
func EditedOpts(t testing.TB, dir string, edits map[string][][2]string, add map[string][]byte, opts battle.Options) *battle.Battle {
	t.Helper()
	sub := os.DirFS(dir)
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
	for file, repl := range edits {
		text := string(files[file].Data)
		for _, r := range repl {
			if !strings.Contains(text, r[0]) {
				t.Fatalf("%s has no %q", file, r[0])
			}
			text = strings.Replace(text, r[0], r[1], 1)
		}
		files[file] = &fstest.MapFile{Data: []byte(text)}
	}
	for name, data := range add {
		files[name] = &fstest.MapFile{Data: data}
	}
	b, ds := battle.Load(files, filepath.Base(dir), opts)
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	for _, d := range ds {
		if d.Severity == diag.Error {
			t.Errorf("diagnostic: %v", d)
		}
	}
	return b
}

// IntroV2 is the edit of examples/dow-intro that the refresh proof makes
// (game/testdata/refresh-dow-intro, v1-to-v2.diff): a
// regiment (10 IL) inserted before 74 IL and set up with 59 IL, 75 IL
// renamed 75 ILL (was: 75 IL), 25 IL removed; version 1.1.
func IntroV2() map[string][][2]string {
	return map[string][][2]string{
		"forces-usa.yaml": {
			{"                - {name: 74 IL,", "                - {name: 10 IL, type: inf, weapon: R, strength: 5, cohesion: 5, ma: 6, disordered: {cohesion: 3, ma: 4}}\n                - {name: 74 IL,"},
			{"{name: 75 IL, type: inf,", "{name: 75 ILL, was: 75 IL, type: inf,"},
			{"                - {name: 25 IL, type: inf, weapon: R, strength: 6, cohesion: 6, ma: 6, disordered: {cohesion: 4, ma: 4}}\n", ""},
		},
		"intro.yaml": {
			{`"C3014": [Post, 59 IL, 5 WI Bty]`, `"C3014": [Post, 59 IL, 10 IL, 5 WI Bty]`},
			{`"C3213": [75 IL]`, `"C3213": [75 ILL]`},
			{"    \"C3406\": [25 IL]\n", ""},
		},
	}
}

// WithIDs adds to edits the lines of battle.yaml that declare the ids
// ledger dow-intro.ids and the version.
func WithIDs(edits map[string][][2]string, version string) map[string][][2]string {
	out := map[string][][2]string{}
	for k, v := range edits {
		out[k] = v
	}
	out["battle.yaml"] = append(out["battle.yaml"], [2]string{"\nsides:", "\nversion: \"" + version + "\"\nids: dow-intro.ids\nsides:"})
	return out
}
