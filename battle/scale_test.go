package battle

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
	"github.com/rogpeppe/go-internal/txtar"
)

// baseFS is the bad-input corpus's base battle, with more files.
func baseFS(t *testing.T, more map[string]string) fstest.MapFS {
	t.Helper()
	ar, err := txtar.ParseFile("testdata/bad/_base.txtar")
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	for _, f := range ar.Files {
		m[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	for name, data := range more {
		m[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return m
}

// TestAttachLinear: forces documents attached by parent: cost the loader
// work in proportion to their number. 4,000 of them once took 32 s, each
// one indexing the whole army again and listing its parent's children
// again. Half the documents come before the one their parent is in, so
// they wait a round; the order they attach in is the order of the rounds.
func TestAttachLinear(t *testing.T) {
	work := func(n int) int {
		var docs []string
		for i := range n {
			parent := "RW"
			if i%2 == 0 {
				parent = "late/RW" // attached by the last document: waits a round
			}
			docs = append(docs, fmt.Sprintf("kind: forces\nside: USA\nparent: %s\nformations:\n  - id: \"d%d\"\n    level: brigade\n    leader: {name: L%d, profile: A, range: 4, orders: 0}\n    units:\n      - {name: U%d, type: inf, weapon: R, strength: 6, cohesion: 6, ma: 6}\n", parent, i, i, i))
		}
		docs = append(docs, "kind: forces\nside: USA\nparent: RW\nformations:\n  - id: late\n    level: division\n    leader: {name: Late, coordination: 1, range: 5, activation: 0}\n")
		ld := &loader{fsys: baseFS(t, map[string]string{"more.yaml": strings.Join(docs, "---\n")}), dir: "b", b: &Battle{Dir: "b", index: map[string]*oob.Index{}}}
		ld.opts.Limits = schema.DefaultLimits
		ld.load()
		for _, d := range ld.diags.Items() {
			if d.Code != CodeLevelOrder.Code {
				t.Fatalf("%d documents: %s", n, d)
			}
		}
		rw := ld.b.index["USA"].Formation("RW")
		late := ld.b.index["USA"].Formation("late/RW")
		if rw == nil || late == nil || len(late.Children) != (n+1)/2 || late.Children[0].ID != "d0" || late.Children[len(late.Children)-1].ID != fmt.Sprintf("d%d", (n-1)/2*2) {
			t.Fatalf("%d documents: not attached in the order of the rounds", n)
		}
		return ld.attachWork
	}
	small, big := work(250), work(1000)
	if big > 5*small {
		t.Errorf("attaching 250 documents read %d formations and names, 1,000 read %d: want linear (at most 5x)", small, big)
	}
}
