package lsp

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/pipeline"
)

// The benchmarks of `muster lsp` on the largest example (docs/performance.md):
//
//	BenchmarkEdit          one edit of scenario-3 of Terrible Swift Sword re-checked and
//	                       its diagnostics published, as a keystroke costs
//	BenchmarkFullValidate  the same battle read from disk, loaded, checked and its
//	                       suppressions applied: what `muster validate` does
//
// Each reports its median and 95th-percentile wall times beside Go's mean
// (median-ms, p95-ms), and the processor time per run (cpu-ms), which a
// loaded machine inflates less. Each runs with the collector set as the
// muster command sets it (asMuster), unless GOGC says otherwise.

// benchDir is the example measured: terrible-swift-sword, or the one
// MUSTER_LSP_BENCH names (dead-of-winter).
var benchDir = filepath.Join("..", "examples", exampleName())

func exampleName() string {
	if n := os.Getenv("MUSTER_LSP_BENCH"); n != "" {
		return n
	}
	return "terrible-swift-sword"
}

// musterGCPercent is cmd/muster's gcPercent: the collector's target of every
// muster command, `muster lsp` among them, unless GOGC says otherwise.
const musterGCPercent = 200

// asMuster sets the collector as the muster command does (cmd/muster's
// main), for the rest of the benchmark: an edit's times are what the
// editor sees of `muster lsp`.
func asMuster(b *testing.B) {
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(musterGCPercent)
		b.Cleanup(func() { debug.SetGCPercent(old) })
	}
}

func reportMedian(b *testing.B, ds []time.Duration, cpu0 time.Duration) {
	if cpu1, ok := cpuTime(); ok && len(ds) > 0 {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(len(ds)), "cpu-ms")
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	if len(ds) > 0 {
		b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "median-ms")
		b.ReportMetric(float64(ds[len(ds)*95/100].Microseconds())/1000, "p95-ms")
	}
}

func BenchmarkEdit(b *testing.B) {
	dir, err := filepath.Abs(benchDir)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, "scenario-3.yaml")
	text, err := os.ReadFile(path)
	if err != nil {
		b.Skip("example missing")
	}
	asMuster(b)
	s := NewServer(io.Discard, Options{})
	s.initialized = true
	msg := func(method string, params any) []byte {
		p, _ := json.Marshal(params)
		m, _ := json.Marshal(message{JSONRPC: "2.0", Method: method, Params: p})
		return m
	}
	uri := pathURI(path)
	s.handle(msg("textDocument/didOpen", didOpenParams{textDocumentItem{URI: uri, LanguageID: "yaml", Version: 1, Text: string(text)}}))
	// Two versions of the scenario, one edit apart (a name misspelt and
	// put right), so each change is a change.
	edits := [2][]byte{}
	for i, t := range []string{strings.Replace(string(text), "kind: scenario", "kind: scenario\n# edited", 1), string(text)} {
		edits[i] = msg("textDocument/didChange", didChangeParams{versionedTextDocumentIdentifier{URI: uri, Version: i + 2}, []contentChange{{Text: t}}})
	}
	var ds, cs []time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, _ := cpuTime()
	for i := 0; b.Loop(); i++ {
		c0, _ := cpuTime()
		t0 := time.Now()
		s.handle(edits[i%2])
		ds = append(ds, time.Since(t0))
		c1, _ := cpuTime()
		cs = append(cs, c1-c0)
	}
	b.StopTimer()
	reportMedian(b, ds, cpu0)
	// The 95th percentile of each edit's processor time: what the wall
	// time's would be on a machine with a core to itself.
	if slices.Sort(cs); len(cs) > 0 && cpu0 > 0 {
		b.ReportMetric(float64(cs[len(cs)*95/100].Microseconds())/1000, "p95-cpu-ms")
	}
}

func BenchmarkFullValidate(b *testing.B) {
	if _, err := os.Stat(benchDir); err != nil {
		b.Skip("example missing")
	}
	asMuster(b)
	var ds []time.Duration
	b.ReportAllocs()
	cpu0, _ := cpuTime()
	for b.Loop() {
		t0 := time.Now()
		pipeline.Check(pipeline.Options{Dir: benchDir})
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	reportMedian(b, ds, cpu0)
}
