package importer

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// FuzzImport feeds the importer any text: it must not fail, and the YAML
// it writes must read back as one YAML document with no syntax errors and
// no duplicate keys, whatever the notation it was given.
func FuzzImport(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.txt")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, uint8(0))
		}
	}
	f.Add([]byte("UNION SETUP\n• C3108: McCook, Davis/1/RW\n• C3108: Post\n"), uint8(1))
	f.Add([]byte("Confederate Reinforcements\nDec 31 0900: B1740: 1/1/C (except Scott Bty)\n"), uint8(2))
	f.Add([]byte("• \"C31\": '#x: y', [a], {b}\n"), uint8(0))
	f.Fuzz(func(t *testing.T, text []byte, mode uint8) {
		opt := Options{File: "fuzz.txt", Source: "F", ID: "x: y", Name: "#name"}
		if mode&1 != 0 {
			opt.System = "tss"
		}
		if mode&2 != 0 {
			opt.From, opt.To = 2, 5
		}
		res, err := Import(bytes.NewReader(text), opt)
		if err != nil {
			return // a line too long for the scanner, say: reported, not written
		}
		docs, ds := schema.Parse("imported.yaml", res.YAML, schema.DefaultLimits)
		for _, d := range ds {
			if d.Severity == diag.Error {
				t.Fatalf("the importer wrote YAML that does not read back: %v\n%s", d, res.YAML)
			}
		}
		if len(docs) != 1 {
			t.Fatalf("the importer wrote %d YAML documents, want 1:\n%s", len(docs), res.YAML)
		}
	})
}
