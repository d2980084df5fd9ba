package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// renameBoardArt rewrites a module: its board image map-C.png is called
// name, in the build file and in the archive.
func renameBoardArt(t *testing.T, data []byte, name string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		n := f.Name
		switch n {
		case "buildFile.xml":
			b = bytes.ReplaceAll(b, []byte(`image="map-C.png"`), []byte(`image="`+name+`"`))
		case "images/map-C.png":
			n = "images/" + name
		}
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	zw.Close()
	return buf.Bytes()
}

// TestImportVmodWhole: import vmod writes its folder whole or not at all.
// An image named ".." is refused with the reason, and only the report is
// written (it used to be written as the folder itself, after the battle's
// files); a file that cannot be written (a name too long for the file
// system, as a full disk would) leaves the folder empty, where it used to
// leave the files written before it.
func TestImportVmodWhole(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--target", "vassal", "-o", filepath.Join(dir, "mod")}, &stdout, &stderr); code != 0 {
		t.Fatalf("build: %d %s", code, stderr.String())
	}
	mod, err := os.ReadFile(filepath.Join(dir, "mod", "dow-intro.vmod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want, files string }{
		{"..", `: buildFile.xml:`, "import-report.md"},
		{"..", `image ".." is not a file name in images/`, "import-report.md"},
		{strings.Repeat("long", 70) + ".png", "file name too long", ""},
	} {
		in := filepath.Join(dir, "dotdot.vmod")
		os.WriteFile(in, renameBoardArt(t, mod, tc.name), 0o644)
		out := filepath.Join(dir, "imp")
		os.RemoveAll(out)
		stdout.Reset()
		stderr.Reset()
		if code := run([]string{"import", "vmod", in, "-o", out}, &stdout, &stderr); code != 2 {
			t.Fatalf("image %q: exit %d, want 2\n%s", tc.name, code, stderr.String())
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("image %q: stderr does not say %q:\n%s", tc.name, tc.want, stderr.String())
		}
		var names []string
		filepath.Walk(out, func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() {
				rel, _ := filepath.Rel(out, p)
				names = append(names, filepath.ToSlash(rel))
			}
			return nil
		})
		if got := strings.Join(names, " "); got != tc.files {
			t.Errorf("image %q: the folder holds %q, want %q", tc.name, got, tc.files)
		}
	}
	if !strings.Contains(stderr.String(), "is as it was") {
		t.Errorf("stderr: %s", stderr.String())
	}
}
