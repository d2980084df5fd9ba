package battle

import (
	"strconv"
	"strings"
	"testing"
)

// decimal reads what strconv reads in base 0 as a plain decimal, and
// leaves the rest (a sign, a leading zero, another base, an underscore,
// too many digits) to it.
func TestDecimal(t *testing.T) {
	for _, s := range []string{"0", "7", "42", "999999999999999999", "1000000000000000000", "-3", "+3", "007", "0x1f", "0o7", "1_000", "", "12a", "٣"} {
		got, ok := decimal(s)
		want, err := strconv.ParseInt(s, 0, 64)
		if ok && (err != nil || got != want) {
			t.Errorf("decimal(%q) = %d; strconv reads %d, %v", s, got, want, err)
		}
		plain := s != "" && len(s) <= 18 && strings.Trim(s, "0123456789") == "" && (s == "0" || s[0] != '0')
		if ok != plain {
			t.Errorf("decimal(%q) ok = %v, want %v", s, ok, plain)
		}
	}
}

// mayList finds what strings.ContainsAny and Contains find: a comma, a
// semicolon or "and".
func TestMayList(t *testing.T) {
	for _, s := range []string{"", "74 IL", "I, 1NY", "a;b", "Anderson", "Sand", "an", "a nd", "Brand and Co", "é,", "ande"} {
		want := strings.ContainsAny(s, ",;") || strings.Contains(s, "and")
		if got := mayList(s); got != want {
			t.Errorf("mayList(%q) = %v, want %v", s, got, want)
		}
	}
}
