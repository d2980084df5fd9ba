package battle_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/validate"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestBadInputs loads and validates every battle of testdata/bad: each is
// the base battle (_base.txtar) with some files replaced, and its want
// section lists every diagnostic muster must give, positioned, one a line:
//
//	file:line:col: severity CODE: message [rule]
//
// The test also asserts that loading panics on none of them and writes
// nothing: every file under the case's folder (and its outside neighbours)
// has the same name, size, mode and content afterwards. UPDATE=1 rewrites
// the want sections. No diagnostic may end its hint with an empty list
// ("sheets: ").
//
// Lines `setup: ...` in a case's comment make what an archive cannot hold:
//
//	setup: big NAME BYTES       a YAML file of BYTES bytes (comments)
//	setup: dir NAME             a folder named NAME
//	setup: outside NAME         a valid YAML file beside the battle folder
//	setup: symlink NAME TARGET  a symbolic link NAME -> TARGET
//	setup: abslink NAME TARGET  a link NAME -> the absolute path of TARGET,
//	                            TARGET relative to the battle folder
//	setup: list NAME BYTES      a YAML document of one list, BYTES bytes long
//	setup: fifo NAME            a named pipe (FIFO) NAME, nobody writing to it
//	setup: png NAME W H         a PNG picture of W x H pixels
//	setup: pnghead NAME W H     the start of a PNG of W x H pixels, cut after
//	                            its header: the size reads, the pixels do not
//	setup: unreadable NAME      the folder NAME (made if missing) with mode
//	                            000; skipped as root, whom modes do not stop
//	                            (TestUnreadableFolder covers it there)
func TestBadInputs(t *testing.T) {
	n := 0
	eachBadCase(t, func(string) bool { return true }, func(t *testing.T, name, path, root, dir string) {
		n++
		before := snapshot(t, root)
		got, exit := runBad(t, dir)
		if want := badExit(name); exit != want {
			t.Errorf("exit status %d, want %d", exit, want)
		}
		if after := snapshot(t, root); after != before {
			t.Errorf("loading wrote to the folder:\nbefore:\n%s\nafter:\n%s", before, after)
		}
		golden.CheckSection(t, path, "want", []byte(got))
		if strings.TrimSpace(got) == "" {
			t.Errorf("a bad input gave no diagnostic")
		}
	})
	if n < 150 {
		t.Errorf("only %d bad inputs; the corpus needs at least 150", n)
	}
}

// layCase writes the case's battle into dir; it reports false (and skips)
// when the system cannot make what the case needs.
func layCase(t *testing.T, root, dir string, base, ar *txtar.Archive) bool {
	t.Helper()
	files := map[string][]byte{}
	for _, f := range base.Files {
		files[f.Name] = f.Data
	}
	for _, f := range ar.Files {
		if f.Name == "want" {
			continue
		}
		if strings.TrimSpace(string(f.Data)) == "(deleted)" {
			delete(files, f.Name)
			continue
		}
		files[f.Name] = f.Data
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		f := strings.Fields(strings.TrimPrefix(line, "setup:"))
		if !strings.HasPrefix(line, "setup:") || len(f) < 2 {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f[1]))
		switch f[0] {
		case "big":
			size, _ := strconv.Atoi(f[2])
			writeBig(t, p, size)
		case "dir":
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
		case "outside":
			p = filepath.Join(root, filepath.FromSlash(f[1]))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte("kind: map\nsheets: []\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		case "symlink":
			if err := os.Symlink(filepath.FromSlash(f[2]), p); err != nil {
				t.Skipf("no symbolic links here: %v", err)
				return false
			}
		case "abslink":
			if err := os.Symlink(filepath.Join(dir, filepath.FromSlash(f[2])), p); err != nil {
				t.Skipf("no symbolic links here: %v", err)
				return false
			}
		case "list":
			size, _ := strconv.Atoi(f[2])
			data := []byte("kind: scenario\nid: long\nlist:\n" + strings.Repeat("  - 1\n", size/6))
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		case "png", "pnghead":
			w, _ := strconv.Atoi(f[2])
			h, _ := strconv.Atoi(f[3])
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, testPNG(w, h, f[0] == "pnghead"), 0o644); err != nil {
				t.Fatal(err)
			}
		case "unreadable":
			if os.Geteuid() == 0 {
				t.Skip("root reads a folder of mode 000")
				return false
			}
			os.MkdirAll(p, 0o755)
			if err := os.Chmod(p, 0); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(p, 0o755) }) // before TempDir's removal
		case "fifo":
			if err := mkfifo(p); err != nil {
				t.Skipf("no named pipes here: %v", err)
				return false
			}
		default:
			t.Fatalf("unknown setup %q", line)
		}
	}
	return true
}

// testPNG is a plain W x H PNG, or its first 33 bytes (signature and
// IHDR chunk) when head is set. A head may claim any size.
func testPNG(w, h int, head bool) []byte {
	if head {
		ihdr := []byte{0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 0, 0, 0, 0, 0, 8, 2, 0, 0, 0}
		binary.BigEndian.PutUint32(ihdr[8:], uint32(w))
		binary.BigEndian.PutUint32(ihdr[12:], uint32(h))
		crc := crc32.ChecksumIEEE(ihdr[4:])
		out := append([]byte("\x89PNG\r\n\x1a\n"), ihdr...)
		return binary.BigEndian.AppendUint32(out, crc)
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

// writeBig writes a file of size bytes of YAML comments without holding it
// in memory.
func writeBig(t *testing.T, p string, size int) {
	t.Helper()
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	line := []byte("# " + strings.Repeat("x", 1021) + "\n")
	for n := 0; n < size; n += len(line) {
		if size-n < len(line) {
			line = line[:size-n]
		}
		if _, err := f.Write(line); err != nil {
			t.Fatal(err)
		}
	}
}

// runBad loads and validates dir and formats the diagnostics with paths
// relative to it.
// badExit is the exit status muster gives a bad input: 2 when the battle
// cannot be read at all, 0 for the cases that only warn, else 1.
func badExit(name string) int {
	switch name {
	case "battle-missing", "battle-yaml-is-directory",
		// a file battle.yaml lists that cannot be read (Y008): input, not a finding
		"battle-fifo", "battle-file-is-directory", "battle-files-missing", "battle-file-dangling-link",
		"cascade-forces-is-directory", "cascade-forces-missing-listed", "cascade-map-missing-listed", "root-absolute-link-inside",
		"battle-files-dot",
		// a folder of the battle that cannot be listed (Y008)
		"battle-unreadable-folder", "battle-unreadable-folder-listed":
		return report.ExitBadInput
	case "battle-files-no-match", "battle-files-bad-pattern", "scn-strength-above-printed", "cascade-control-leaderless",
		"battle-unlisted-yaml":
		return report.ExitClean
	}
	return report.ExitFindings
}

// loaderCodes are the codes the loader raises, its own and the
// ruleset's (battle.Codes, rulesets.Codes).
var loaderCodes = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range append(slices.Clone(battle.Codes), rulesets.Codes...) {
		m[c.Code] = true
	}
	return m
}()

func runBad(t *testing.T, dir string) (out string, exit int) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	type result struct {
		b  *battle.Battle
		ds []diag.Diagnostic
	}
	done := make(chan result, 1)
	go func() {
		b, ds := battle.LoadDir(dir, battle.Options{})
		done <- result{b, ds}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("loading did not finish in 30 seconds")
	}
	b, ds := r.b, r.ds
	if b != nil && b.Rules != nil {
		ds = append(ds, validate.Battle(b)...)
	}
	diag.Sort(ds)
	var rules *rulesets.Ruleset
	if b != nil {
		rules = b.Rules
	}
	cat := validate.Codes(rules)
	for _, d := range ds {
		// A code raised is one `muster explain` knows (validate.Codes).
		if _, ok := cat.Lookup(d.Code); !ok {
			t.Errorf("%s: %s is in no catalogue: muster explain does not know it", d.String(), d.Code)
		}
		if emptyHint(d.Hint) {
			t.Errorf("%s: the hint ends with nothing to read: %q", d.String(), d.Hint)
		}
		// Only a file as a whole, one that cannot be read or is not there,
		// is reported without a line: anything else has a node to point at.
		if d.Pos.Line == 0 && !wholeFile[d.Code] {
			t.Errorf("%s: no line", d.String())
		}
		// A finding the loader raises (battle.Codes, rulesets.Codes) at a
		// place in a file has subjects or a structural path: its
		// fingerprint is never the values formatted into its message.
		if d.Pos.Line > 0 && loaderCodes[d.Code] && d.Subjects.Empty() && d.Path == "" {
			t.Errorf("%s: no subjects and no path: its fingerprint is the values of its message", d.String())
		}
		// A label a hint gives as an example is one the map accepts.
		if i := strings.Index(d.Hint, "e.g. "); i >= 0 && b != nil && b.Map != nil {
			for _, l := range hintLabel.FindAllString(d.Hint[i:], -1) {
				if _, _, err := b.Map.Grid.Parse(l); err != nil {
					t.Errorf("%s: the hint's example label is refused: %v", d.String(), err)
				}
			}
		}
	}
	exit, _ = report.Exit(ds, report.Lenient)
	var buf strings.Builder
	prefix := filepath.ToSlash(dir) + "/"
	for _, d := range ds {
		d.Pos.File = strings.TrimPrefix(filepath.ToSlash(d.Pos.File), prefix)
		if d.Pos.File == filepath.ToSlash(dir) {
			d.Pos.File = "."
		}
		// messages may quote the temporary folder
		d.Message = strings.ReplaceAll(d.Message, filepath.Dir(dir), "$ROOT")
		d.Message = strings.ReplaceAll(d.Message, resolved(filepath.Dir(dir)), "$ROOT")
		fmt.Fprintln(&buf, d.String())
	}
	return buf.String(), exit
}

// wholeFile are the codes that may be given on a file with no line: no
// battle.yaml (B001), a link out (B002), a file that cannot be read (Y008)
// and what its loss skips (Y011).
var wholeFile = map[string]bool{"B001": true, "B002": true, "Y008": true, "Y011": true}

// hintLabel matches what looks like a hex label in a hint: a sheet letter
// and at least two digits ("C1101", "A6101").
var hintLabel = regexp.MustCompile(`\b[A-Za-z]+[0-9]{2,}\b`)

func resolved(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// snapshot lists every entry under root with its type, size, mode and a
// hash of its content (the size alone for files over 1 MB).
func snapshot(t *testing.T, root string) string {
	t.Helper()
	var lines []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		line := fmt.Sprintf("%s %v %d", filepath.ToSlash(rel), info.Mode(), info.Size())
		if info.Mode().IsRegular() && info.Size() <= 1<<20 {
			data, _ := os.ReadFile(p)
			line += fmt.Sprintf(" %x", sha256.Sum256(data))
		} else if info.Mode().IsRegular() {
			line += " " + info.ModTime().String()
		}
		lines = append(lines, line)
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// emptyHint reports whether a hint ends in a list with nothing in it
// ("sheets: "), or is nothing but blanks.
func emptyHint(h string) bool {
	t := strings.TrimRight(h, " \t\n")
	return h != "" && (t == "" || t != h && (strings.HasSuffix(t, ":") || strings.HasSuffix(t, ",")))
}

// eachBadCase lays out every bad input of testdata/bad that keep admits
// (never the "_" files) over _base.txtar in a folder of its own and runs
// fn on it as a subtest: root is the temporary folder, dir the battle's.
func eachBadCase(t *testing.T, keep func(name string) bool, fn func(t *testing.T, name, path, root, dir string)) {
	t.Helper()
	base, err := txtar.ParseFile("testdata/bad/_base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := filepath.Glob("testdata/bad/*.txtar")
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		if strings.HasPrefix(name, "_") || !keep(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			root := t.TempDir()
			dir := filepath.Join(root, "battle")
			if !layCase(t, root, dir, base, ar) {
				return
			}
			fn(t, name, path, root, dir)
		})
	}
}

// TestBadInputsCached: every bad input loads through a cache (which keeps
// every document's YAML tree, as the language server's loads do) to the
// same diagnostics, paths and fixes as without one (which lets each
// forces tree go once it is resolved, battle/load.go's drop): what a
// finding is given from a tree let go is what the tree gave.
func TestBadInputsCached(t *testing.T) {
	defer battle.DropAll()()
	placed := 0
	eachBadCase(t, func(name string) bool { return !strings.Contains(name, "fifo") }, func(t *testing.T, name, path, root, dir string) {
		_, plain := battle.LoadDir(dir, battle.Options{})
		_, kept := battle.LoadDir(dir, battle.Options{Cache: battle.NewCache()})
		if len(plain) != len(kept) {
			t.Fatalf("%d diagnostics, %d through a cache", len(plain), len(kept))
		}
		for i := range plain {
			a, b := plain[i], kept[i]
			if a.Code != b.Code || a.Pos != b.Pos || a.Message != b.Message || a.Path != b.Path || a.Hint != b.Hint || len(a.Fixes) != len(b.Fixes) {
				t.Errorf("%v %q, through a cache %v %q", a, a.Path, b, b.Path)
			}
			if a.Path != "" && strings.Contains(a.Pos.File, "forces") {
				placed++
			}
		}
	})
	if placed < 10 {
		t.Errorf("only %d findings in forces files given a path", placed)
	}
}
