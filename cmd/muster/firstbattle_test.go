package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFirstBattleDoc runs docs/first-battle.md as written: every command of
// its ```sh blocks, in order, in an empty folder (but serve, which runs
// until stopped), and wants each output block that follows a command block
// byte for byte; the misspelt unit of step 2 is planted as the page says
// and validate must print the diagnostic the page shows.
func TestFirstBattleDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/first-battle.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fences(string(doc))
	t.Chdir(t.TempDir())
	ran := 0
	for i, b := range blocks {
		if b.lang != "sh" {
			continue
		}
		var out bytes.Buffer // the terminal: both streams
		for _, line := range strings.Split(strings.TrimSpace(b.text), "\n") {
			args := shellWords(t, line)
			if len(args) < 2 || args[0] != "muster" {
				t.Fatalf("docs/first-battle.md: %q is not a muster command", line)
			}
			if args[1] == "serve" {
				continue
			}
			if code := run(args[1:], &out, &out); code != 0 {
				t.Fatalf("%s: exit %d\n%s", line, code, out.String())
			}
			ran++
		}
		if i+1 < len(blocks) && blocks[i+1].lang == "" && args0(b.text) != "serve" {
			if got, want := out.String(), blocks[i+1].text; got != want {
				t.Errorf("%s printed\n%s\ndocs/first-battle.md shows\n%s", strings.TrimSpace(b.text), got, want)
			}
		}
	}
	if ran < 6 {
		t.Fatalf("ran %d commands of docs/first-battle.md; the page shows more", ran)
	}
	// Step 2: the misspelt unit, as the page writes it.
	var shown string
	for _, b := range blocks {
		if b.lang == "" && strings.Contains(b.text, "error R002") {
			shown = b.text
		}
	}
	if shown == "" {
		t.Fatal("docs/first-battle.md no longer shows step 2's diagnostic")
	}
	p := filepath.Join("stones-river", "scenario.yaml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	planted := false
	for i, l := range lines {
		if rest := strings.TrimLeft(l, " "); strings.HasPrefix(rest, `"A0305": [`) {
			lines[i] = l[:len(l)-len(rest)] + `"A0305": [6 WIS]`
			planted = true
		}
	}
	if !planted {
		t.Fatal(`the starter's scenario has no "A0305" set-up line for step 2 to misspell`)
	}
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"validate", "stones-river", "--color", "never"}, &out, &errb); code != 1 {
		t.Fatalf("validate with the misspelt unit: exit %d, want 1\n%s%s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), shown) {
		t.Errorf("validate printed\n%s\ndocs/first-battle.md shows\n%s", out.String(), shown)
	}
}

type fence struct{ lang, text string }

var fenceRE = regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```\n")

// fences are a Markdown page's fenced blocks in order.
func fences(doc string) []fence {
	var fs []fence
	for _, m := range fenceRE.FindAllStringSubmatch(doc, -1) {
		fs = append(fs, fence{m[1], m[2]})
	}
	return fs
}

func args0(block string) string {
	f := strings.Fields(block)
	if len(f) < 2 {
		return ""
	}
	return f[1]
}

// shellWords splits a documented command line as sh would: words, double
// quotes, and a # comment after a blank.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	in, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '"':
			quoted = false
		case quoted:
			w.WriteByte(c)
		case c == '"':
			quoted, in = true, true
		case c == '#' && !in:
			i = len(line)
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if quoted {
		t.Fatalf("unclosed quote in %q", line)
	}
	if in {
		words = append(words, w.String())
	}
	return words
}
