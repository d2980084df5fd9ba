package report

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/diag"
)

func echoOf(t *testing.T, src string, col int) string {
	t.Helper()
	var b strings.Builder
	r := Text(&b, Options{Texts: Texts{"f.yaml": []byte(src)}})
	if err := r.Write(diag.Diagnostic{Code: "Y001", Severity: diag.Error, Pos: diag.Pos{File: "f.yaml", Line: 1, Column: col}, Message: "m"}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestEchoEscapes: a terminal escape in a source line is shown, not sent
// to the terminal (a first line holding one set the window title).
func TestEchoEscapes(t *testing.T) {
	got := echoOf(t, "a: \x1b]0;pwned\x07b\r\n", 16)
	want := "f.yaml:1:16: error Y001: m\n    a: \\x1b]0;pwned\\x07b\n                        ^\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if strings.ContainsAny(got, "\x1b\x07\r") {
		t.Errorf("control characters reach the terminal: %q", got)
	}
}

// TestEchoLongLine: a long line is cut around the caret, with … at each cut.
func TestEchoLongLine(t *testing.T) {
	line := strings.Repeat("a", 5000) + "X" + strings.Repeat("b", 5000)
	got := echoOf(t, line, 5001)
	lines := strings.Split(got, "\n")
	src, caret := lines[1], lines[2]
	if n := len([]rune(src)); n > echoWidth+2+4 {
		t.Errorf("echoed line is %d columns long", n)
	}
	if !strings.HasPrefix(src, "    …") || !strings.HasSuffix(src, "…") {
		t.Errorf("no … at the cuts: %q", src)
	}
	if i := strings.Index(caret, "^"); []rune(src)[i] != 'X' {
		t.Errorf("caret at column %d is under %q, not X", i, string([]rune(src)[i]))
	}
	// near the start: no cut before
	got = echoOf(t, line, 3)
	if src := strings.Split(got, "\n")[1]; strings.HasPrefix(src, "    …") || !strings.HasSuffix(src, "…") {
		t.Errorf("cut wrongly near the start: %q", src)
	}
}

// TestTextIndexesOnce: many diagnostics on a large file cost about what one
// does; the file is not split into lines again for each (1 MB of small
// documents took minutes in text and half a second in JSON).
func TestTextIndexesOnce(t *testing.T) {
	src := []byte(strings.Repeat("---\na: 1\n", 1<<17)) // 1 MB, 262,144 lines
	var ds []diag.Diagnostic
	for i := 0; i < 20_000; i++ {
		ds = append(ds, diag.Diagnostic{Code: "Y007", Severity: diag.Error, Pos: diag.Pos{File: "f.yaml", Line: 2*i + 2, Column: 1}, Message: "m"})
	}
	var b strings.Builder
	start := time.Now()
	r := Text(&b, Options{Texts: Texts{"f.yaml": src}})
	if err := r.Write(ds...); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 3*time.Second && !testing.Short() {
		t.Errorf("20,000 diagnostics on a 1 MB file took %v", took)
	}
	if !strings.Contains(b.String(), "    a: 1\n    ^\n") {
		t.Errorf("source line not echoed")
	}
}

// TestTextLongLineOnce: many diagnostics on one long line cost about what
// one does: the line's runes are indexed once, and each diagnostic reads
// only the part it shows (a 10 MB flow mapping with a problem in each of
// its keys was read whole, rune by rune, for each one). The carets still
// point at their columns.
func TestTextLongLineOnce(t *testing.T) {
	var line strings.Builder
	for i := range 100_000 {
		fmt.Fprintf(&line, "k%06d: é, ", i) // 12 runes, 13 bytes a key
	}
	src := []byte("m: {" + line.String() + "}\n")
	var ds []diag.Diagnostic
	for i := 0; i < 100_000; i += 10 {
		ds = append(ds, diag.Diagnostic{Code: "S003", Severity: diag.Error, Pos: diag.Pos{File: "f.yaml", Line: 1, Column: 5 + 12*i}, Message: fmt.Sprint(i)})
	}
	var b strings.Builder
	start := time.Now()
	r := Text(&b, Options{Texts: Texts{"f.yaml": src}})
	if err := r.Write(ds...); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second && !testing.Short() {
		t.Errorf("10,000 diagnostics on a line of 1.3 MB took %v", took)
	}
	if n := len(r.(*text).long); n != 1 {
		t.Errorf("the long line was indexed %d times, want once", n)
	}
	out := strings.Split(b.String(), "\n")
	for k := 0; k+2 < len(out); k += 3 {
		src, caret := []rune(out[k+1]), strings.Index(out[k+2], "^")
		i := 10 * (k / 3)
		if want := fmt.Sprintf("k%06d", i); caret < 0 || caret+6 > len(src) || string(src[caret:caret+7]) != want {
			t.Fatalf("diagnostic %d: caret at %d under %q, want %s", i, caret, string(src), want)
		}
	}
}
