package validate_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/validate"
)

// TestAnyOrder runs the checks in the order of validate.Checks and in
// shuffled orders (a few fixed seeds, each check whole before the next)
// over every example battle, each of its variants, and every case of
// testdata: the diagnostics are the same. No check may read what another
// wrote; what several need is a fact each declares (facts.go).
func TestAnyOrder(t *testing.T) {
	same := func(t *testing.T, b *battle.Battle) {
		t.Helper()
		if b == nil || b.Rules == nil || b.Map == nil {
			return
		}
		want := render(validate.RunInOrder(b, validate.Checks))
		if got := render(validate.Battle(b)); !slices.Equal(got, want) {
			t.Errorf("validate.Battle differs from the checks run one by one:\n%s", diff(want, got))
		}
		for seed := uint64(1); seed <= 3; seed++ {
			order := slices.Clone(validate.Checks)
			r := rand.New(rand.NewPCG(seed, 23))
			r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			if got := render(validate.RunInOrder(b, order)); !slices.Equal(got, want) {
				t.Errorf("seed %d: shuffled order gives other diagnostics:\n%s", seed, diff(want, got))
			}
		}
	}
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	if len(dirs) == 0 {
		t.Fatal("no examples found")
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, v := range append([]string{""}, variantNames(t, dir)...) {
				b, _ := battle.LoadDir(dir, battle.Options{Variant: v})
				same(t, b)
			}
		})
	}
	checktest.Run(t, "testdata/*.txtar", func(dir string) []diag.Diagnostic {
		var v string
		if data, err := os.ReadFile(filepath.Join(dir, "VARIANT")); err == nil {
			v = strings.TrimSpace(string(data))
		}
		b, ds := battle.LoadDir(dir, battle.Options{Variant: v})
		same(t, b)
		if b != nil && b.Rules != nil {
			ds = append(ds, validate.Battle(b)...)
		}
		return ds
	}, checktest.Options{Base: caseBase})
}

// render sorts diagnostics as text, with everything they carry.
func render(ds []diag.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		js, _ := json.Marshal(d)
		out[i] = fmt.Sprintf("%s %s related %v fixes %v", d.Pos, js, d.Related, d.Fixes)
	}
	slices.Sort(out)
	return out
}

// diff lists the lines of want missing from got (-) and of got not in want (+).
func diff(want, got []string) string {
	var b strings.Builder
	for _, w := range want {
		if !slices.Contains(got, w) {
			b.WriteString("- " + w + "\n")
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			b.WriteString("+ " + g + "\n")
		}
	}
	return b.String()
}
