package schema

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// TestWhereStopped pins what whereStopped reads from the YAML library: if
// an upgrade moves the parser's marks, positions would silently fall back
// on the library's message, which is a line early for parser errors.
func TestWhereStopped(t *testing.T) {
	dec := yaml.NewDecoder(bytes.NewReader([]byte("a: 1\nb: {c: 1\n  d: 2\n")))
	var n yaml.Node
	if err := dec.Decode(&n); err == nil {
		t.Fatal("no error")
	}
	s, ok := whereStopped(dec)
	if !ok {
		t.Fatal("whereStopped cannot read the library's parser state: has go.yaml.in/yaml/v3 changed its layout?")
	}
	want := stopped{kind: yamlParserError, problem: "did not find expected ',' or '}'", context: "while parsing a flow mapping",
		problemLine: 2, problemColumn: 3, contextLine: 1, contextColumn: 3}
	if s != want {
		t.Errorf("got %+v\nwant %+v", s, want)
	}
}

// TestSyntaxPositions gives every kind of YAML error the library raises the
// line and column of the character at fault, counted as node positions
// are (1-based, columns in characters).
func TestSyntaxPositions(t *testing.T) {
	cases := []struct{ name, src, want, msg string }{
		// parser errors: the library's message is 0-based
		{"flow mapping not closed", "a: 1\nb: {c: 1\n  d: 2\n", "2:4", "before line 3, column 4: this '{' is not closed"},
		{"flow mapping comma", "a: 1\nb: {c: 1,\n  d: 2\ne: 3\n", "2:4", "'{' is not closed"},
		{"flow sequence not closed", "a: 1\nb: [1, 2\nc: 3\n", "2:4", "before line 3, column 2: this '[' is not closed"},
		{"flow sequence at end", "a: [1, 2\n", "1:4", "'[' is not closed"},
		{"flow sequence at end, no line break", "a: [1, 2", "1:4", "'[' is not closed"},
		{"colon for a comma on the bracket's line", "a: {b: 1 c: 2}\n", "1:11", "here, inside the '{' at column 4"},
		{"flow mapping at the end of its line", "a: {b: 1\n", "1:4", "'{' is not closed"},
		{"block mapping key", "a:\n  b: 1\n c: 2\n", "3:2", "did not find expected key"},
		{"block sequence", "a:\n  - 1\n  b: 2\n", "3:3", "did not find expected '-' indicator"},
		{"junk after document end", "a: 1\n... junk\n", "2:5", "did not find expected <document start>"},
		{"undefined tag handle", "a: 1\nb: !x!y 1\n", "2:4", "found undefined tag handle"},
		{"block sequence entry", "- 1\na: 2\n", "2:1", "did not find expected '-' indicator"},
		{"first line, where the message has no line", "a: b: c\n", "1:5", "mapping values are not allowed"},
		// scanner errors: the library's message is 1-based, at the context
		{"tab indentation", "a: 1\nb:\n  c: 1\n\td: 2\n", "4:1", "tab character that violates indentation"},
		{"tab starts a token", "a: 1\nb:\n\tc: 1\n", "3:1", "found a tab character: YAML indents with spaces"},
		{"junk after ---", "a: 1\n--- x\ny: 2\n", "3:2", "mapping values are not allowed"},
		{"junk on the --- line", "a: 1\n--- junk: [\n", "2:9", "mapping values are not allowed"},
		{"mapping value in a value", "a: 1\nb: c: d\n", "2:5", "mapping values are not allowed"},
		{"unclosed double quote", "a: 1\nb: \"abc\n", "2:4", "its closing quote is missing"},
		{"unclosed single quote", "a: 1\nb: 'abc\n", "2:4", "its closing quote is missing"},
		{"bad escape", "a: 1\nb: \"x\\qy\"\n", "2:6", "found unknown escape character"},
		{"bad token", "a: 1\nb: @x\n", "2:4", "cannot start any token"},
		{"tag not closed", "a: 1\nb: !<x\n", "2:7", "did not find the expected '>'"},
		{"simple key without colon", "a: 1\nb\nc: 2\n", "3:1", "could not find expected ':'"},
		{"after CRLF lines", "a: 1\r\nb: 2\r\nc: d: e\r\n", "3:5", "mapping values"},
		{"after a lone CR", "a: 1\rb: c: d\r", "2:5", "mapping values"},
		{"after multi-byte text", "é: ü\nb: {c: ü\n  d: 2\n", "2:4", "'{' is not closed"},
		{"column in characters", "é: [ü, ü\nc: 3\n", "1:4", "before line 2, column 2"},
		{"at the end of the file", "{", "1:2", "did not find expected node content"},
		// what YAML refuses before parsing, found by muster
		{"invalid UTF-8", "café: 1\nb: 1\nc: \xe9\n", "3:4", "byte 0xE9 is not UTF-8"},
		{"NUL", "a: 1\nb: x\x00\n", "2:5", "NUL byte"},
		{"escape character", "a: 1\nb: \x1b[2J\n", "2:4", "control character U+001B"},
		{"bell after CRLF", "a: 1\r\nb: 1\r\nc: \x07\n", "3:4", "U+0007"},
		{"DEL", "a: 1\nb: \x7f\n", "2:4", "U+007F"},
		{"C1 control", "a: 1\nbé: \xc2\x9b\n", "2:5", "U+009B"},
		{"non-character FFFE", "a: 1\nb: \xef\xbf\xbe\n", "2:4", "U+FFFE is not a character"},
		{"non-character FFFF", "a: 1\nb: x\xef\xbf\xbf\n", "2:5", "U+FFFF is not a character"},
	}
	for _, c := range cases {
		_, ds := Parse("f.yaml", []byte(c.src), DefaultLimits)
		if len(ds) != 1 {
			t.Errorf("%s: %d diagnostics: %v", c.name, len(ds), ds)
			continue
		}
		d := ds[0]
		if got := strings.TrimPrefix(d.Pos.String(), "f.yaml:"); got != c.want || !strings.Contains(d.Message, c.msg) {
			t.Errorf("%s: %s %s, want %s and a message with %q", c.name, got, d.Message, c.want, c.msg)
		}
	}
}

// TestRunawayQuote: a syntax error below a quote that closes lines later
// gets a hint naming where the quote opens; quotes inside plain text or
// comments are not quotes.
func TestRunawayQuote(t *testing.T) {
	cases := []struct{ src, hint string }{
		{"a: 1\nb: \"x\nc: d\ne: \"y\"\nf: g: h\n", "opens at line 2, column 4"},
		{"a: 1\nb: 'x\nc: d'\ne: f: g\n", "opens at line 2, column 4"},
		{"a: 5\" gun\nb: x # a \" here\nc: 'it''s'\nf: g: h\n", ""},
		{"a: \"one line\"\nf: g: h\n", ""},
	}
	for _, c := range cases {
		_, ds := Parse("f.yaml", []byte(c.src), DefaultLimits)
		if len(ds) != 1 {
			t.Errorf("%q: %v", c.src, ds)
			continue
		}
		if (c.hint == "") != (ds[0].Hint == "") || !strings.Contains(ds[0].Hint, c.hint) {
			t.Errorf("%q: hint %q, want one with %q", c.src, ds[0].Hint, c.hint)
		}
	}
}

// notTextByRune is notText's definition, one character at a time.
func notTextByRune(data []byte) (line, col int, msg string, bad bool) {
	for i := 0; i < len(data); {
		r, w := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			msg = fmt.Sprintf("byte 0x%02X is not UTF-8: a battle's files are UTF-8 text", data[i])
		case r == 0:
			msg = "a NUL byte: the file is binary, not text"
		case r == '\n' || r == '\t' || r == '\r':
			i += w
			continue
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f && r != 0x85):
			msg = fmt.Sprintf("control character U+%04X is not allowed in YAML", r)
		case r == 0xfffe || r == 0xffff:
			msg = fmt.Sprintf("U+%04X is not a character and is not allowed in YAML", r)
		default:
			i += w
			continue
		}
		line, col = lineCol(data, i)
		return line, col, msg, true
	}
	return 0, 0, "", false
}

// TestNotTextWords: notText, which skips eight printable bytes at a time,
// finds what the definition finds with every byte value at every offset
// of a word, the words around it printable, tabs or line breaks.
func TestNotTextWords(t *testing.T) {
	for _, fill := range []string{"abcdefghijklmnopqrstuvwxyz0123456789 ~", "a\tb\nc\r\nd ~"} {
		for c := 0; c < 256; c++ {
			for off := 0; off < 17; off++ {
				data := []byte(strings.Repeat(fill, 2))
				data[off] = byte(c)
				l1, c1, m1, b1 := notText(data)
				l2, c2, m2, b2 := notTextByRune(data)
				if l1 != l2 || c1 != c2 || m1 != m2 || b1 != b2 {
					t.Fatalf("byte 0x%02X at %d of %q: notText %d:%d %q %v, by rune %d:%d %q %v", c, off, fill, l1, c1, m1, b1, l2, c2, m2, b2)
				}
			}
		}
	}
	for _, s := range []string{"caf\u00e9 \u2028 x", "ok\u0085ok", "\ufffe", "abcdefgh\x7f", "abcdefg\x80"} {
		l1, c1, m1, b1 := notText([]byte(s))
		l2, c2, m2, b2 := notTextByRune([]byte(s))
		if l1 != l2 || c1 != c2 || m1 != m2 || b1 != b2 {
			t.Errorf("%q: notText %d:%d %q %v, by rune %d:%d %q %v", s, l1, c1, m1, b1, l2, c2, m2, b2)
		}
	}
}
