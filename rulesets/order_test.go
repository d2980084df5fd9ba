package rulesets

import (
	"regexp"
	"strconv"
	"testing"
)

// TestOrderOf: the header line `order: N` is found as the regular
// expression listSystems used finds it, on lines at their limits (no
// digits, a word or a carriage return after them, a comment, a later
// line, an indented key).
func TestOrderOf(t *testing.T) {
	re := regexp.MustCompile(`(?m)^order:[ \t]*([0-9]+)[ \t]*(?:#.*)?$`)
	cases := []string{
		"order: 3\n", "order:3", "order: \t 12 \t# first\nx: 1\n", "order: 3x\norder: 4\n",
		"order:\norder: 5 # a\n", " order: 1\n", "xorder: 1\n", "order: 1\r\n", "order: 1 #\r\n",
		"system: x\norder: 7", "order: 99999999999999999999999\n", "order: -1\n", "", "\n\n",
		"order: 1 2\n", "order: #1\n", "name: a\norders: 2\norder:  08  \n",
	}
	for _, c := range cases {
		want, wantOK := 0, false
		if m := re.FindSubmatch([]byte(c)); m != nil {
			want, _ = strconv.Atoi(string(m[1]))
			wantOK = true
		}
		if got, ok := orderOf([]byte(c)); got != want || ok != wantOK {
			t.Errorf("orderOf(%q) = %d, %v; the expression finds %d, %v", c, got, ok, want, wantOK)
		}
	}
}
