package validate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/gen"
)

// BenchmarkLookAlike times the look-alike names check (N030) on the two
// real battles (about 400 and 900 names) and on 5,000 generated units.
func BenchmarkLookAlike(b *testing.B) {
	run := func(b *testing.B, bt *battle.Battle) {
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			p := &pass{b: bt, f: &bt.Rules.Figures, l: &diag.List{}}
			p.lookAlike()
		}
	}
	for _, name := range []string{"dead-of-winter", "terrible-swift-sword"} {
		b.Run(name, func(b *testing.B) {
			bt, _ := battle.LoadDir(filepath.Join("..", "examples", name), battle.Options{})
			if bt == nil || bt.Rules == nil {
				b.Skip("example missing")
			}
			run(b, bt)
		})
	}
	b.Run("synthetic-5000-units", func(b *testing.B) {
		fsys, err := gen.MapFS(gen.Config{System: "gbacw", Units: 5000, Hexes: 1000, Leaders: true})
		if err != nil {
			b.Fatal(err)
		}
		bt, _ := battle.Load(fsys, "gen", battle.Options{})
		run(b, bt)
	})
}

func TestNameTokens(t *testing.T) {
	for in, want := range map[string]string{
		"O'Neal":       "oneal",
		"4/5 TN":       "4 5 tn",
		"43d NC":       "43 d nc",
		"XII HQ":       "#xii hq",
		"Wm. Smith":    "wm smith",
		"Hart (SC) Bt": "hart sc bt",
		"Café XII":     "café #xii",
	} {
		if got := string(appendWords(nil, in)); got != want {
			t.Errorf("appendWords(%q) = %q, want %q", in, got, want)
		}
	}
	tight := func(s string) string {
		t, _ := appendTight(nil, appendWords(nil, s))
		return string(t)
	}
	if tight("4/5 TN") == tight("45 TN") {
		t.Error("4/5 TN and 45 TN have one key")
	}
	if got := tight("4/5 XII TN"); got != "4|5|#xiitn" {
		t.Errorf("tight key of 4/5 XII TN: %q", got)
	}
	for s, want := range map[string]bool{"Hays Bty": true, "Hay Bty": false, "CSA 12345": false, "XLII 1": false, "Müll": true, "Mül": false} {
		if _, long := appendTight(nil, appendWords(nil, s)); long != want {
			t.Errorf("%q: a word of four letters or more: %v", s, long)
		}
	}
}

// TestASCIITokens: the ASCII names' words, read a byte at a time, are
// runeTokens' joined, appended after what the buffer holds.
func TestASCIITokens(t *testing.T) {
	for _, s := range []string{"O'Neal", "4/5 TN", "43d NC", "XII HQ", "Wm. Smith", "Hart (SC) Bt", "II", "iI", "CLX 12 ab-cd", "", "  ", "a..b", "MiXeD 9x9", "Café XII", "x Ⅻ 3"} {
		want := "prefix" + strings.Join(runeTokens(s), " ")
		if got := string(appendWords([]byte("prefix"), s)); got != want {
			t.Errorf("%q: words %q; by runes %q", s, got, want)
		}
	}
}

// TestJoinedIs: a two-piece string against up to four pieces.
func TestJoinedIs(t *testing.T) {
	for _, c := range []struct {
		a, b, c, d, e, f string
		want             bool
	}{
		{"ab", "cd", "a", "bc", "d", "", true},
		{"", "abcd", "abcd", "", "", "", true},
		{"abcd", "", "", "a", "bcd", "", true},
		{"ab", "cd", "a", "bd", "c", "", false},
		{"ab", "cd", "ab", "c", "", "", false},
		{"ab", "c", "ab", "cd", "", "", false},
		{"", "", "", "", "", "", true},
	} {
		if got := joinedIs(c.a, c.b, c.c, c.d, c.e, c.f); got != c.want {
			t.Errorf("joinedIs(%q+%q = %q+%q+%q+%q) = %v", c.a, c.b, c.c, c.d, c.e, c.f, got)
		}
	}
}
