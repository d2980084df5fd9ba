package battle

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
	"github.com/rogpeppe/go-internal/txtar"
	"go.yaml.in/yaml/v3"
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
		ld.opts.Limits = runLimits(schema.DefaultLimits)
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

// TestRunBudget: every file of a run takes from one budget of bytes and
// nodes. Four files that each pass every limit of a file once ran muster
// out of memory together; now the file that takes the run past its
// budget is refused with Y012 naming the limit, at the node or the file,
// and what fits exactly is read.
func TestRunBudget(t *testing.T) {
	list := func(id string, n int) string {
		return "kind: scenario\nid: " + id + "\nlist: [" + strings.Repeat("1, ", n-1) + "1]\n"
	}
	load := func(lim schema.Limits, files map[string]string) []string {
		lim.Budget = nil
		ld := &loader{fsys: baseFS(t, files), dir: "b", b: &Battle{Dir: "b", index: map[string]*oob.Index{}}}
		ld.opts.Limits = runLimits(lim)
		ld.load()
		var got []string
		for _, d := range ld.diags.Items() {
			if d.Code == schema.CodeLimit.Code || d.Code == schema.CodeTooLarge.Code || d.Code == schema.CodeAliasBudget.Code {
				got = append(got, d.String())
			}
		}
		return got
	}
	base := baseFS(t, nil)
	baseBytes, baseNodes := 0, 0
	for name, f := range base {
		baseBytes += len(f.Data)
		docs, _ := schema.Parse(name, f.Data, schema.DefaultLimits)
		for _, d := range docs {
			baseNodes += countNodes(d.Root)
		}
	}
	four := map[string]string{"a.yaml": list("a", 100), "b.yaml": list("b", 100), "c.yaml": list("c", 100), "d.yaml": list("d", 100)}
	perList := 100 + 4 // the entries, the list, the mapping, its kind and id
	lim := schema.Limits{MaxBytes: 1 << 20, MaxNodes: 200, MaxDepth: 100, MaxAliases: 100, RunBytes: 1 << 30}
	lim.RunNodes = baseNodes + 4*perList
	if got := load(lim, four); len(got) != 0 {
		t.Errorf("four lists at the run's limit of nodes: %v", got)
	}
	lim.RunNodes--
	if got := load(lim, four); len(got) != 1 || !strings.Contains(got[0], "scenario.yaml:") || !strings.Contains(got[0], fmt.Sprintf("Y012: the files read in this run hold more than %d YAML nodes", lim.RunNodes)) {
		t.Errorf("four lists one node past the run's limit: %v, want one Y012 in the last file read, scenario.yaml", got)
	}
	lim = schema.Limits{MaxBytes: 1 << 20, MaxNodes: 1 << 20, MaxDepth: 100, MaxAliases: 100, RunNodes: 1 << 30}
	lim.RunBytes = int64(baseBytes + 4*len(list("a", 100)))
	if got := load(lim, four); len(got) != 0 {
		t.Errorf("four lists at the run's limit of bytes: %v", got)
	}
	lim.RunBytes--
	if got := load(lim, four); len(got) != 1 || !strings.Contains(got[0], "scenario.yaml:1:1: error Y012: file is") || !strings.Contains(got[0], fmt.Sprintf("muster reads at most %d in one run", lim.RunBytes)) {
		t.Errorf("four lists one byte past the run's limit: %v, want one Y012 on the last file read, scenario.yaml", got)
	}
}

// countNodes counts nodes as convert does: every node but mapping keys.
func countNodes(n *yaml.Node) int {
	c := 1
	for i, k := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 0 {
			continue
		}
		c += countNodes(k)
	}
	return c
}
