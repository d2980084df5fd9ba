package targets

import (
	"slices"
	"testing"
)

func TestNames(t *testing.T) {
	if got, want := Names(), []string{"bundle", "vassal", "vassal-extension"}; !slices.Equal(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	for _, n := range Names() {
		if tg, ok := Find(n); !ok || tg.Name != n || (tg.Build == nil) == (tg.OverBase == nil) {
			t.Errorf("Find(%q) = %v, %v", n, tg, ok)
		}
	}
	if _, ok := Find("nope"); ok {
		t.Error(`Find("nope") found a target`)
	}
}
