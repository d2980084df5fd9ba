package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestHostileNamesCLI: a file named with a terminal escape and a line
// break that would forge a GitHub command is printed escaped by validate
// in every format, and in the CLI's own messages (an output refused, a
// file written): no control character reaches stdout or stderr, and no
// line is a forged command.
func TestHostileNamesCLI(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no such file names")
	}
	root := t.TempDir()
	dir := filepath.Join(root, "b")
	os.Mkdir(dir, 0o755)
	evil := "evil\x1b[2J\x1b[31m\n::error file=forged.yaml,line=1::forged\r.yaml"
	files := map[string]string{
		"battle.yaml": "kind: battle\nid: b\nname: B\nsystem: gbacw\nsides: [{id: USA, name: Union}, {id: CSA, name: Confederate}]\ndays: [\"Dec 30\"]\n",
		evil:          "kind: scenario\nid: [unclosed\n",
	}
	for n, text := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(text), 0o644); err != nil {
			t.Skip(err)
		}
	}
	check := func(what, out string) {
		t.Helper()
		for i := 0; i < len(out); i++ {
			if c := out[i]; c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Errorf("%s: a control character %#x at %d:\n%s", what, c, i, out)
				return
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "::") && strings.Contains(line, "forged") && !strings.Contains(line, "evil") {
				t.Errorf("%s: a forged line %q", what, line)
			}
		}
	}
	for _, format := range []string{"text", "github", "junit", "json", "sarif"} {
		var out, errb bytes.Buffer
		run([]string{"validate", "--format", format, dir}, &out, &errb)
		check("validate --format "+format, out.String()+errb.String())
		if !strings.Contains(out.String(), "evil") {
			t.Errorf("validate --format %s does not name the file:\n%s", format, out.String())
		}
	}
	var out, errb bytes.Buffer
	code := run([]string{"import", "setup", "-o", filepath.Join(root, "no\x1b[2J\n::error::forged", "x.yaml"), "nosuch.txt"}, &out, &errb)
	check("import setup -o", out.String()+errb.String())
	if code != 2 || !strings.Contains(errb.String(), `no\x1b[2J\x0a::error::forged`) {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	code = run([]string{"validate", "--write-baseline", filepath.Join(dir, evil+".json"), dir}, &out, &errb)
	check("validate --write-baseline", out.String()+errb.String())
	if code != 0 || !strings.Contains(errb.String(), `evil\x1b[2J`) {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}
