package schema

import (
	"strings"
	"testing"
)

// TestText: names refuse what XML or a VASSAL piece definition cannot
// carry; free text (note, text, source) may hold tabs and line breaks.
func TestText(t *testing.T) {
	cases := []struct{ src, want string }{
		{"name: \"a\\x01b\"\n", "1:7 S009"},
		{"name: \"a\\tb\"\n", "1:7 S009"},
		{"name: \"a\\nb\"\n", "1:7 S009"},
		{"name: \"a\\x7fb\"\n", "1:7 S009"},
		{"name: \"a\\x9bb\"\n", "1:7 S009"},
		{"name: \"a\\uFFFE\"\n", "1:7 S009"},
		{"name: a\\\n", "1:7 S009"},
		{"name: 'a\\'\n", "1:7 S009"},
		{"\"k\\x02\": 1\n", "1:1 S009"},
		{"list: [ok, \"b\\e\"]\n", "1:12 S009"},
		{"note: \"a\\x01b\"\n", "1:7 S009"},
		{"note: \"a\\uFFFFb\"\n", "1:7 S009"},
		{"note: \"tab\\there\\nand a line\"\n", ""},
		{"text: |\n  two\n  lines\\\n", ""},
		{"name: a\\b\n", ""},
		{"name: Café ü\n", ""},
	}
	for _, c := range cases {
		_, ds := Parse("f.yaml", []byte(c.src), DefaultLimits)
		if got := strings.ReplaceAll(codes(ds), "f.yaml:", ""); got != c.want {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
}
