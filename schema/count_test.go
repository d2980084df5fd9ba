package schema

import (
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// convertCount is the most nodes convert counts in one document of data,
// and whether data parsed.
func convertCount(data []byte) (int, bool) {
	lim := Limits{MaxBytes: 1 << 30, MaxNodes: 1 << 20, MaxDepth: 1 << 10, MaxAliases: 1 << 10}
	most := 0
	failed := false
	_, _, ds := parseDocs("f.yaml", data, lim, true, func(n int, ok bool) { most, failed = max(most, n), failed || !ok })
	if failed {
		return most, false
	}
	for _, d := range ds {
		// a syntax error stops the count; convert skips a key that is not
		// a scalar and a repeated key, with their values, while the scan
		// counts them: they are nodes yaml.v3 builds.
		if d.Code == CodeSyntax.Code || d.Code == CodeType.Code || d.Code == CodeDuplicateKey.Code {
			return most, false
		}
	}
	return most, true
}

// TestNodeScanUndercounts: on every YAML text of the repository the scan
// counts no more nodes than convert does, so it refuses nothing convert
// would accept.
func TestNodeScanUndercounts(t *testing.T) {
	var texts []string
	var names []string
	filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > 1<<20 {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		switch filepath.Ext(p) {
		case ".yaml", ".yml":
			texts, names = append(texts, string(data)), append(names, p)
		case ".txtar":
			for _, f := range txtar.Parse(data).Files {
				if ext := filepath.Ext(f.Name); ext == ".yaml" || ext == ".yml" {
					texts, names = append(texts, string(f.Data)), append(names, p+":"+f.Name)
				}
			}
		}
		return nil
	})
	if len(texts) < 100 {
		t.Fatalf("only %d YAML texts found", len(texts))
	}
	for i, src := range texts {
		n, ok := convertCount([]byte(src))
		if !ok || n == 0 {
			continue
		}
		if line, col, _, over := overNodes([]byte(src), n); over {
			t.Errorf("%s: the scan counts more than convert's %d nodes at %d:%d", names[i], n, line, col)
		}
	}
}

// TestLongListRefusedEarly: a file of one long list is refused before
// yaml.v3 builds it, in little memory and time, at the node that passes the
// limit.
func TestLongListRefusedEarly(t *testing.T) {
	src := []byte("kind: scenario\nlist:\n" + strings.Repeat("  - 1\n", 1_000_000))
	lim := DefaultLimits
	lim.MaxNodes = 1000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, ds := Parse("f.yaml", src, lim)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if got := codes(ds); got != "f.yaml:1000:5 Y004" {
		t.Errorf("got %s, want f.yaml:1000:5 Y004", got)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("refusing a %d-byte list allocated %d bytes", len(src), alloc)
	}
	if took > 2*time.Second {
		t.Errorf("refusing a %d-byte list took %v", len(src), took)
	}
	// Documents before the one too large are read.
	src = []byte("a: 1\n---\nb: [1, 2, 3, 4, 5, 6]\n")
	docs, ds := Parse("f.yaml", src, Limits{MaxBytes: 100, MaxNodes: 5, MaxDepth: 5, MaxAliases: 5})
	if got := codes(ds); len(docs) != 1 || got != "f.yaml:3:14 Y004" {
		t.Errorf("two documents: %d read, %s", len(docs), got)
	}
}

// FuzzNodeScan: whatever the scan refuses, convert refuses too.
func FuzzNodeScan(f *testing.F) {
	for _, s := range []string{
		"a: [1, 2, 3]\nb: {x: 1, y: 2}\n",
		"- a\n- b\n- - c\n  - d\n",
		"a: |\n  - x\n  - y\nb: 'it''s, [a]'\n",
		"--- |\n- a\n- b\n",
		"a: \"x,\n  y\"\n- b\n",
		"k: v # - a, [b]\n? x\n: y\n",
		"a: &x [1, 2]\nb: !t *x\n",
		"a:\r- b\r- c\r",
	} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, m uint8) {
		if n, b := scanCount(data), scanBound(data); n > b {
			t.Fatalf("the scan counts %d nodes, more than its bound %d", n, b)
		}
		n, ok := convertCount(data)
		if !ok {
			return
		}
		if line, col, _, over := overNodes(data, max(int(m), n)); over {
			t.Fatalf("the scan counts more than convert's %d nodes at %d:%d", n, line, col)
		}
	})
}

// scanCount is every node the scan counts in data, over its documents.
func scanCount(data []byte) int {
	s := nodeScan{data: data, line: 1, count: 1, max: math.MaxInt}
	s.run()
	return s.done + s.count
}

// TestScanBound: the scan never counts more than scanBound nodes, on texts
// made of what counts most for their bytes; FuzzNodeScan holds it on any.
func TestScanBound(t *testing.T) {
	for _, s := range []string{"", "-", "- - - -", "-\n-\n", "[[[[", "[a,b,c]", "{a,b,c}", "a:\n-\n", "a:\n[", "---\n---\n", "- [,]", "'a'\n", "a: [&x b, *x]"} {
		if n, b := scanCount([]byte(s)), scanBound([]byte(s)); n > b {
			t.Errorf("%q: the scan counts %d nodes, more than its bound %d", s, n, b)
		}
	}
}

// TestScanOnlyWhatMayPass: a text that cannot hold more nodes than the
// limits allow is not scanned (at the bound); one byte more and it is.
func TestScanOnlyWhatMayPass(t *testing.T) {
	src := []byte("kind: scenario\nlist: [1, 2, 3]\n")
	bound := scanBound(src)
	for _, c := range []struct {
		max, run int
		scanned  int64
	}{{bound, 0, 0}, {bound - 1, 0, 1}, {bound, bound, 0}, {bound, bound - 1, 1}} {
		before := scans.Load()
		if _, _, _, over, _ := overNodesRun(src, c.max, c.run); over {
			t.Errorf("max %d, run %d: refused", c.max, c.run)
		}
		if got := scans.Load() - before; got != c.scanned {
			t.Errorf("max %d, run %d (bound %d): scanned %d times, want %d", c.max, c.run, bound, got, c.scanned)
		}
	}
}
