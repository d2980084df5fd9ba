package battle_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/report"
	"github.com/rogpeppe/go-internal/txtar"
)

// deniedFS refuses to list one folder, as a folder of mode 000 does to
// anyone but root.
type deniedFS struct {
	fs.FS
	deny string
}

func (d deniedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == d.deny {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrPermission}
	}
	return fs.ReadDir(d.FS, name)
}

// TestUnreadableFolder: a folder of the battle that cannot be listed is
// Y008 at the folder and the run exits 2, with a files list or without;
// it was skipped without a word and the run exited 0. (The corpus cases
// battle-unreadable-folder* do it with a real folder of mode 000, when not
// run as root.)
func TestUnreadableFolder(t *testing.T) {
	base, err := txtar.ParseFile("testdata/bad/_base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, files := range []string{"", "files: [forces-usa.yaml, forces-csa.yaml, map.yaml, scenario.yaml, \"scenarios/*.yaml\"]\n"} {
		m := fstest.MapFS{}
		for _, f := range base.Files {
			m[f.Name] = &fstest.MapFile{Data: f.Data}
		}
		m["battle.yaml"].Data = append(m["battle.yaml"].Data, files...)
		m["scenarios/scenario-2.yaml"] = &fstest.MapFile{Data: []byte("kind: scenario\nid: [broken\n")}
		for _, deny := range []string{"", "scenarios"} {
			_, ds := battle.Load(deniedFS{m, deny}, "b", battle.Options{})
			var y008 []string
			for _, d := range ds {
				if d.Code == "Y008" {
					y008 = append(y008, d.Pos.File+": "+d.Message)
				}
			}
			st, _ := report.Exit(ds, report.Lenient)
			if deny == "" {
				if st != report.ExitFindings || len(y008) != 0 {
					t.Errorf("files %q, every folder readable: exit %d, Y008 %q; want the broken scenario found (exit 1)", files, st, y008)
				}
				continue
			}
			if st != report.ExitBadInput || len(y008) != 1 || y008[0] != "b/scenarios: cannot read folder scenarios: permission denied" {
				t.Errorf("files %q, scenarios unreadable: exit %d, Y008 %q; want exit 2 and Y008 at b/scenarios", files, st, y008)
			}
		}
	}
}

// TestNotPart: a file a command names that the load does not read is B017
// as an error, saying why; a changed file (explicit false) only when it is
// a YAML file no list names.
func TestNotPart(t *testing.T) {
	m := fstest.MapFS{}
	base, err := txtar.ParseFile("testdata/bad/_base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range base.Files {
		m[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	m["battle.yaml"].Data = append(m["battle.yaml"].Data, "files: [forces-usa.yaml, forces-csa.yaml, map.yaml, scenario.yaml]\nexclude: [trip.yaml]\nvariants: {errata: {files: [forces-usa.yaml, forces-csa.yaml, map.yaml, errata/scenario.yaml]}}\n"...)
	for _, f := range []string{"extra.yaml", "trip.yaml", "errata/scenario.yaml", "notes.txt", ".hidden/x.yaml"} {
		m[f] = &fstest.MapFile{Data: []byte("kind: scenario\n")}
	}
	b, _ := battle.Load(m, "b", battle.Options{})
	for _, c := range []struct {
		file     string
		explicit bool
		want     string // "" for nothing to report
	}{
		{"scenario.yaml", true, ""},
		{"./forces-usa.yaml", true, ""},
		{"extra.yaml", true, "b/extra.yaml:1:1: error B017: extra.yaml is not part of battle base: no files list in battle.yaml names it"},
		{"extra.yaml", false, "b/extra.yaml:1:1: error B017: extra.yaml is not part of battle base: no files list in battle.yaml names it"},
		{"trip.yaml", true, "exclude: in battle.yaml lists it"},
		{"trip.yaml", false, ""},
		{"errata/scenario.yaml", true, "only variant errata reads it"},
		{"errata/scenario.yaml", false, ""},
		{"notes.txt", true, "muster does not read it"},
		{"notes.txt", false, ""},
		{".hidden/x.yaml", true, "muster does not read it"},
	} {
		d, ok := b.NotPart(c.file, c.explicit)
		if got := d.String(); ok != (c.want != "") || !strings.Contains(got, c.want) {
			t.Errorf("NotPart(%q, %v) = %q, %v; want %q", c.file, c.explicit, got, ok, c.want)
		}
	}
}
