package schema

import (
	"math/rand"
	"strings"
	"testing"
)

// levenshtein is the textbook edit distance, full table, no shortcuts.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
		}
	}
	return d[len(ra)][len(rb)]
}

// nearestPlain is Nearest written the plain way: the edit distance to
// every candidate, the closest (then the first in order) within the limit.
func nearestPlain(s string, candidates []string) string {
	best, bestD := "", 1<<30
	ls := strings.ToLower(s)
	for _, c := range candidates {
		d := levenshtein(ls, strings.ToLower(c))
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(s) <= 3 {
		limit = 1
	}
	if bestD <= limit && best != s {
		return best
	}
	return ""
}

func TestNearestMatchesPlainSearch(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	word := func() string {
		const letters = "abcAB é1"
		rs := []rune(letters)
		n := r.Intn(7)
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteRune(rs[r.Intn(len(rs))])
		}
		return b.String()
	}
	for i := 0; i < 3000; i++ {
		var cands []string
		for j := r.Intn(8); j > 0; j-- {
			cands = append(cands, word())
		}
		s := word()
		if got, want := Nearest(s, cands), nearestPlain(s, cands); got != want {
			t.Fatalf("Nearest(%q, %q) = %q, want %q", s, cands, got, want)
		}
		for _, c := range cands {
			if got, want := Distance(s, c), levenshtein(s, c); got != want {
				t.Fatalf("Distance(%q, %q) = %d, want %d", s, c, got, want)
			}
		}
	}
}
