//go:build unix

package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
)

// The guard's fuzz target builds a small tree from its input: a battle
// folder b (battle.yaml, map.yaml, art/pic.png and errata/s.yaml, which it
// reads; notes.txt and a baseline, base.json, which it does not), a
// folder out, and then links (relative and absolute, to files, folders,
// the battle, nothing), FIFOs, folders, files and hard links where the
// input says; then a path of names the input picks, and whether it is
// --write-baseline's. Whatever the guard allows is written, and must have
// changed nothing but the file at that path: no file of the battle, no
// baseline (but --write-baseline's own), nothing through a link, and no
// path through a link into the battle, no link, FIFO or device may have
// been allowed.

var (
	fuzzDirs    = []string{"", "b", "b/art", "out", "b/errata"}
	fuzzNames   = []string{"l1", "l2", "map.yaml", "pic.png", "new.svg", "fifo", "base.json", "notes.txt", "d", "battle.yaml", "s.yaml", "MAP.YAML"}
	fuzzTargets = []string{"b", "b/map.yaml", "b/art", "b/art/pic.png", "out", "out/old.svg", "nowhere", "b/base.json", "b/battle.yaml", "", "b/errata", "out/l1"}
	// a path's names: the folders and the names above, "." and "lb" (a
	// link to the battle folder, by which the battle may be named)
	fuzzPath = append(append([]string{"b", "art", "out", "errata", ".", "lb"}, fuzzNames...), "")
)

const fuzzBaseline = "{\n  \"version\": 1,\n  \"findings\": []\n}\n"

func FuzzGuard(f *testing.F) {
	// Each input: the battle named through lb?, --write-baseline?, the
	// path's length and names (fuzzPath), then 4 bytes an entry: folder
	// (fuzzDirs), name (fuzzNames), kind (relative link, absolute link,
	// FIFO, folder, file, hard link) and target (fuzzTargets).
	seeds := [][]byte{
		{0, 0, 1, 0, 8},                 // b/map.yaml
		{0, 1, 1, 0, 15},                // --write-baseline b/battle.yaml
		{0, 0, 2, 0, 1, 9},              // b/art/pic.png
		{0, 0, 1, 0, 12},                // b/base.json
		{0, 1, 1, 0, 12},                // --write-baseline b/base.json: allowed
		{0, 1, 1, 0, 13},                // --write-baseline b/notes.txt
		{0, 0, 1, 0, 10},                // b/new.svg: allowed
		{1, 0, 1, 5, 10},                // lb/new.svg, the battle named lb: allowed
		{0, 0, 1, 5, 10},                // lb/new.svg
		{0, 0, 1, 2, 10},                // out/new.svg: allowed
		{0, 0, 2, 0, 3, 16},             // b/errata/s.yaml
		{0, 0, 1, 6, 10, 0, 0, 0, 0},    // l1 -> b; l1/new.svg
		{0, 0, 0, 6, 0, 0, 1, 1},        // l1 -> /.../b/map.yaml
		{0, 0, 1, 2, 6, 3, 0, 0, 5},     // out/l1 -> old.svg
		{0, 0, 1, 2, 11, 3, 5, 2, 0},    // out/fifo
		{0, 0, 1, 2, 14, 3, 8, 5, 1},    // out/d, a hard link to b/map.yaml
		{0, 0, 1, 2, 7, 3, 1, 0, 6},     // out/l2, a dangling link
		{0, 0, 1, 0, 17},                // b/MAP.YAML
		{0, 0, 1, 6, 18, 0, 0, 0, 4},    // "l1/", l1 -> out
		{0, 0, 1, 2, 14, 3, 8, 3, 0},    // out/d, a folder
		{0, 0, 2, 2, 6, 10, 3, 0, 0, 2}, // out/l1 -> b/art; out/l1/new.svg
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		fuzzGuard(t, in)
	})
}

func fuzzGuard(t *testing.T, in []byte) {
	next := func() int {
		if len(in) == 0 {
			return 0
		}
		b := in[0]
		in = in[1:]
		return int(b)
	}
	tmp := t.TempDir()
	tmp, _ = filepath.EvalSymlinks(tmp)
	at := func(rel string) string { return filepath.Join(tmp, filepath.FromSlash(rel)) }
	write := func(rel, text string) {
		os.MkdirAll(filepath.Dir(at(rel)), 0o755)
		if err := os.WriteFile(at(rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reads := []string{"battle.yaml", "map.yaml", "art/pic.png", "errata/s.yaml"}
	for _, r := range reads {
		write("b/"+r, "battle file "+r)
	}
	write("b/notes.txt", "notes")
	write("b/base.json", fuzzBaseline)
	write("out/old.svg", "old")
	os.Symlink("b", at("lb"))

	viaLink := next()%2 == 1 // the battle named as lb
	baseline := next()%2 == 1

	// the path first (its bytes lead), then the tree's extra entries
	n := next()%5 + 1
	parts := []string{}
	for range n {
		parts = append(parts, fuzzPath[next()%len(fuzzPath)])
	}
	for len(in) >= 4 {
		dir := fuzzDirs[next()%len(fuzzDirs)]
		name := fuzzNames[next()%len(fuzzNames)]
		kind := next() % 6
		target := fuzzTargets[next()%len(fuzzTargets)]
		p := filepath.Join(at(dir), name)
		switch kind {
		case 0: // relative link
			rel, _ := filepath.Rel(at(dir), at(target))
			os.Symlink(rel, p)
		case 1: // absolute link
			os.Symlink(at(target), p)
		case 2:
			syscall.Mkfifo(p, 0o644)
		case 3:
			os.Mkdir(p, 0o755)
		case 4:
			if _, err := os.Lstat(p); err != nil {
				os.WriteFile(p, []byte("extra "+name), 0o644)
			}
		case 5:
			os.Link(at(target), p)
		}
	}

	dir := at("b")
	if viaLink {
		dir = at("lb")
	}
	g := newGuard(&battle.Battle{Reads: reads}, dir)
	path := filepath.Join(append([]string{tmp}, parts...)...)
	if strings.HasSuffix(parts[len(parts)-1], ".") || parts[len(parts)-1] == "" {
		path += string(filepath.Separator) // a path ending in a folder's name, as typed
	}

	before := snapshot(t, tmp)
	fi, lerr := os.Lstat(path)
	real, rerr := realPath(path)
	wasBaseline := lerr == nil && fi.Mode().IsRegular() && isBaselineFile(path)
	err := g.checkAs(path, baseline)
	if err != nil {
		return
	}
	// allowed: what was there must have been no link, FIFO or device
	if lerr == nil && (fi.Mode()&fs.ModeSymlink != 0 || special(fi)) {
		t.Fatalf("allowed %s, a %v", path, fi.Mode())
	}
	if baseline && lerr == nil && fi.Mode().IsRegular() && !wasBaseline {
		t.Fatalf("allowed --write-baseline over %s, not a baseline", path)
	}
	if !baseline && wasBaseline {
		t.Fatalf("allowed a write over the baseline %s", path)
	}
	// and no folder on the way a link into the battle, but the battle's own
	for d := filepath.Dir(filepath.Clean(path)); within(d, tmp) && d != tmp; d = filepath.Dir(d) {
		if st, err := os.Lstat(d); err == nil && st.Mode()&fs.ModeSymlink != 0 {
			if r, err := filepath.EvalSymlinks(d); err == nil && within(r, at("b")) && !(viaLink && d == at("lb")) {
				t.Fatalf("allowed %s, through %s, a link into the battle", path, d)
			}
		}
	}
	werr := g.writeAs(nil, path, []byte("written"), baseline)
	after := snapshot(t, tmp)
	for p, old := range before {
		if now, ok := after[p]; ok && now != old && !(rerr == nil && p == real) {
			t.Fatalf("writing %s (err %v) changed %s", path, werr, p)
		}
		if strings.HasPrefix(p, at("b")) && after[p] != old {
			for _, r := range reads {
				if p == at("b/"+r) {
					t.Fatalf("writing %s (err %v) changed the battle's %s", path, werr, r)
				}
			}
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok && !(rerr == nil && p == real) {
			t.Fatalf("writing %s (err %v) made %s", path, werr, p)
		}
	}
	for _, r := range reads {
		if data, err := os.ReadFile(at("b/" + r)); err != nil || string(data) != "battle file "+r {
			t.Fatalf("writing %s: the battle's %s is %q (%v)", path, r, data, err)
		}
	}
	if !baseline {
		if data, _ := os.ReadFile(at("b/base.json")); !accept.IsBaseline(bytes.NewReader(data)) {
			t.Fatalf("writing %s replaced the baseline", path)
		}
	}
}

// snapshot is every regular file under root, by path, with its content
// (links are not followed; FIFOs are not read).
func snapshot(t *testing.T, root string) map[string]string {
	m := map[string]string{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err == nil {
			m[p] = string(data)
		}
		return nil
	})
	return m
}
