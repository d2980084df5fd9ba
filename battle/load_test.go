package battle

import (
	"bytes"
	"github.com/muster-wargames/muster/internal/race"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/examples"
)

func TestOutside(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.yaml"), []byte("kind: map\nsheets: []\n"), 0o644)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte(`kind: battle
id: b
name: B
system: gbacw
sides: [{id: A, name: A}, {id: B, name: B}]
days: ["Jul 1"]
files: [linked.yaml, /etc/passwd]
`), 0o644)
	if err := os.Symlink(filepath.Join(outside, "secret.yaml"), filepath.Join(dir, "linked.yaml")); err != nil {
		t.Skip("no symbolic links here")
	}
	_, ds := LoadDir(dir, Options{})
	var got []string
	for _, d := range ds {
		if d.Code == CodeOutside.Code {
			got = append(got, filepath.Base(d.Pos.File)+":"+itoa(d.Pos.Line))
		}
	}
	if strings.Join(got, " ") != "battle.yaml:7 battle.yaml:7" {
		t.Errorf("B002 at %v; diagnostics: %v", got, ds)
	}
	// Without a files list, the folder walk skips the link with the same error.
	os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte("kind: battle\nid: b\nname: B\nsystem: gbacw\nsides: [{id: A, name: A}, {id: B, name: B}]\ndays: [\"Jul 1\"]\n"), 0o644)
	_, ds = LoadDir(dir, Options{})
	if len(ds) == 0 || ds[0].Code != CodeOutside.Code {
		t.Errorf("walk: %v", ds)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestTurnTrack(t *testing.T) {
	sub, _ := fs.Sub(examples.FS, examples.Default)
	b, ds := Load(sub, "ex", Options{})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	for _, c := range []struct {
		in    string
		index int
		light string
	}{
		{"Dec 29 0600", 0, "dawn"},
		{"Dec 30 1300", 22, "day"},
		{"Dec 30 1700", 26, "dusk"},
		{"Dec 30 2200", 28, "night"},
		{"Dec 31 0200", 29, "night"}, // the night turn after Dec 30 2200
		{"Dec 31 0600", 30, "dawn"},
	} {
		got, err := b.ParseTime(c.in)
		if err != nil || got.Index != c.index || got.Light != c.light {
			t.Errorf("%s: %+v %v", c.in, got, err)
		}
		if back := b.TurnAt(c.index); back.Text() != c.in {
			t.Errorf("TurnAt(%d) = %s, want %s", c.index, back.Text(), c.in)
		}
	}
	for _, bad := range []string{"Dec 29 0200", "Dec 30 1230", "Jan 9 0600", "1300"} {
		if _, err := b.ParseTime(bad); err == nil {
			t.Errorf("%s parsed", bad)
		}
	}
}

func TestLoadFS(t *testing.T) {
	// A battle need not be on disk: the embedded example loads from an fs.FS.
	fsys := fstest.MapFS{"battle.yaml": {Data: []byte("kind: battle\nid: b\nname: B\nsystem: amfs\nsides: [{id: A, name: A}, {id: B, name: B}]\ndays: [\"Jul 1\"]\n")}}
	b, ds := Load(fsys, "mem", Options{})
	if len(ds) != 0 || b.System != "amfs" || len(b.Slots) == 0 {
		t.Errorf("%v %+v", ds, b)
	}
}

// A name with a wrong qualifier is read as printed (R012), with the right
// qualified name as a hint; an unknown name gets the nearest.
func TestQualifierHint(t *testing.T) {
	sub, _ := fs.Sub(examples.FS, examples.Default)
	fsys := fstest.MapFS{}
	fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := fs.ReadFile(sub, p)
			fsys[p] = &fstest.MapFile{Data: data}
		}
		return nil
	})
	data := strings.Replace(string(fsys["intro.yaml"].Data), `"C3215": [74 IL]`, `"C3215": [74 IL/2/1/RW, 75 IN]`, 1)
	fsys["intro.yaml"] = &fstest.MapFile{Data: []byte(data)}
	_, ds := Load(fsys, "", Options{})
	var hints []string
	for _, d := range ds {
		hints = append(hints, d.Code+" "+d.Hint)
	}
	want := "R012 did you mean 74 IL/1/1/RW?|R002 did you mean 75 IL?"
	if strings.Join(hints, "|") != want {
		t.Errorf("hints %q, want %q", strings.Join(hints, "|"), want)
	}
}

// TestSwappedLink: a symbolic link that stays inside the folder when it is
// checked and leads out when it is opened (swapped in between) is not
// followed: the battle's os.Root refuses it, and muster says B002.
func TestSwappedLink(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "battle")
	os.Mkdir(dir, 0o755)
	os.WriteFile(filepath.Join(root, "secret.yaml"), []byte("kind: map\nsheets: []\nleaked_key: 1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "inside.yaml"), []byte("kind: map\nsheets: []\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte("kind: battle\nid: b\nname: B\nsystem: gbacw\nsides: [{id: A, name: A}, {id: B, name: B}]\ndays: [\"Jul 1\"]\nfiles: [extra.yaml]\nexclude: [inside.yaml]\n"), 0o644)
	link := filepath.Join(dir, "extra.yaml")
	if err := os.Symlink("inside.yaml", link); err != nil {
		t.Skip("no symbolic links here")
	}
	swapped := false
	afterCheck = func(p string) {
		if p == "extra.yaml" {
			os.Remove(link)
			if err := os.Symlink(filepath.Join("..", "secret.yaml"), link); err != nil {
				t.Fatal(err)
			}
			swapped = true
		}
	}
	defer func() { afterCheck = nil }()
	b, ds := LoadDir(dir, Options{})
	if !swapped {
		t.Fatal("the link was never read")
	}
	var codes []string
	for _, d := range ds {
		codes = append(codes, d.Code)
		if strings.Contains(d.Message, "leaked_key") {
			t.Errorf("the file outside was read: %v", d)
		}
	}
	for name, text := range b.Texts {
		if strings.Contains(string(text), "leaked_key") {
			t.Errorf("the file outside was read, as %s", name)
		}
	}
	if strings.Join(codes, " ") != "B002 Y011" {
		t.Errorf("diagnostics %v, want B002 and Y011", ds)
	}
}

// A file is read into one buffer of its size: read through io.ReadAll,
// which grows its buffer as it reads, a file cost about three times its
// size (72 MB of garbage for the 10.6 MB of the generated 100x battle).
func TestReadRegularOneBuffer(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates beside the code: counts mean nothing")
	}
	const size = 4 << 20
	fsys := fstest.MapFS{"forces.yaml": &fstest.MapFile{Data: bytes.Repeat([]byte("x"), size)}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b, err := readRegular(fsys, "forces.yaml", size)
	runtime.ReadMemStats(&after)
	if err != nil || len(b) != size {
		t.Fatalf("read %d bytes, %v", len(b), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > size+size/8 {
		t.Errorf("reading a file of %d bytes allocated %d", size, alloc)
	}
	if _, err := readRegular(fsys, "forces.yaml", size-1); err == nil {
		t.Error("a file one byte over the limit was read")
	}
}
