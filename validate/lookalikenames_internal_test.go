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
	} {
		got := ""
		for i, tk := range nameTokens(in) {
			if i > 0 {
				got += " "
			}
			got += tk
		}
		if got != want {
			t.Errorf("nameTokens(%q) = %q, want %q", in, got, want)
		}
	}
	if tightKey(nameTokens("4/5 TN")) == tightKey(nameTokens("45 TN")) {
		t.Error("4/5 TN and 45 TN have one key")
	}
}

// TestASCIITokens: the ASCII names' tokens are nameTokens' by runes.
func TestASCIITokens(t *testing.T) {
	for _, s := range []string{"O'Neal", "4/5 TN", "43d NC", "XII HQ", "Wm. Smith", "Hart (SC) Bt", "II", "iI", "CLX 12 ab-cd", "", "  ", "a..b", "MiXeD 9x9"} {
		got, ok := asciiTokens(s)
		want := runeTokens(s)
		if !ok || strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("%q: %q, by runes %q", s, got, want)
		}
		if toks, words := nameWords(s); words != strings.Join(want, " ") || strings.Join(toks, "|") != strings.Join(want, "|") {
			t.Errorf("%q: words %q, tokens %q; by runes %q", s, words, toks, want)
		}
	}
	if toks, words := nameWords("Café XII"); words != "café #xii" || len(toks) != 2 {
		t.Errorf("Café XII: words %q, tokens %q", words, toks)
	}
	if _, ok := asciiTokens("Café"); ok {
		t.Error("Café read as ASCII")
	}
}
