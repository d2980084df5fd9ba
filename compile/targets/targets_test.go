package targets

import (
	"io/fs"
	"slices"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/examples"
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

// The vassal target writes its module into the output folder as it makes
// it (compile.Output.Write), never holding the archive whole.
func TestVassalStreams(t *testing.T) {
	sub, err := fs.Sub(examples.FS, examples.Default)
	if err != nil {
		t.Fatal(err)
	}
	b, ds := battle.Load(sub, "(example) "+examples.Default, battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	tg, _ := Find("vassal")
	outs, err := tg.Build(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) == 0 || outs[0].Name != b.ID+".vmod" || outs[0].Data != nil || outs[0].Write == nil {
		t.Fatalf("the vassal target's module is held whole: %d outputs", len(outs))
	}
}
