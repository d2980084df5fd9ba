package battle_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/internal/gen"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
	"go.yaml.in/yaml/v3"
)

// The benchmarks measure each stage on the largest example battle ("real")
// and on generated battles of 1x, 10x and 100x its units and hexes, plus a
// bare yaml.v3 parse of the same files into nodes for comparison:
//
//	BenchmarkYAMLNode  yaml.v3 Unmarshal into yaml.Node, every file
//	BenchmarkParse     schema.Parse: YAML with limits, positions, JSON values
//	BenchmarkLoad      battle.Load: parse, schema check and resolve
//	BenchmarkChecks    validate.Battle on a loaded battle
//	BenchmarkBuild     compile.Bundles on a loaded battle
//	BenchmarkValidate  Load + Checks: what `muster validate` costs
//
// With MUSTER_BIG=1 each also runs at 1,000,000 hexes and 100,000 units
// ("big"). scripts/perf.sh runs them and writes docs/performance.md.

type size struct {
	name string
	fsys fstest.MapFS
	dir  string // the battle's name in diagnostics
}

var (
	sizesOnce sync.Once
	sizesList []size
	sizesErr  error
	// BaseUnits and BaseHexes are the largest example's size.
	baseUnits, baseHexes int
	baseName             string
)

// largestExample finds the example folder with the most YAML bytes that
// loads. A real battle may carry its book's errors (see its FINDINGS.md);
// loading, checking and building it is the same work.
func largestExample() (string, fstest.MapFS, error) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	type cand struct {
		dir   string
		bytes int
	}
	var cs []cand
	for _, p := range dirs {
		dir := filepath.Dir(p)
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		n := 0
		for _, f := range files {
			if st, err := os.Stat(f); err == nil {
				n += int(st.Size())
			}
		}
		cs = append(cs, cand{dir, n})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].bytes > cs[j].bytes })
	for _, c := range cs {
		b, ds := battle.LoadDir(c.dir, battle.Options{})
		if b == nil || b.Rules == nil || b.Map == nil {
			continue
		}
		_ = ds
		fsys := fstest.MapFS{}
		for _, f := range b.Files {
			data, err := os.ReadFile(filepath.Join(c.dir, f))
			if err != nil {
				return "", nil, err
			}
			fsys[f] = &fstest.MapFile{Data: data}
		}
		return filepath.Base(c.dir), fsys, nil
	}
	return "", nil, fmt.Errorf("no example battle loads")
}

func countUnits(f *oob.Formation) int {
	if f == nil {
		return 0
	}
	n := len(f.Units)
	for _, c := range f.Children {
		n += countUnits(c)
	}
	return n
}

func sizes(b *testing.B) []size {
	sizesOnce.Do(func() {
		name, fsys, err := largestExample()
		if err != nil {
			sizesErr = err
			return
		}
		bt, _ := battle.Load(fsys, name, battle.Options{})
		for _, s := range bt.Sides {
			baseUnits += countUnits(s.Army)
		}
		for _, sh := range bt.Map.Grid.Sheets {
			baseHexes += sh.Cols * sh.Rows
		}
		baseName = name
		fmt.Printf("# example: %s (%d units, %d hexes, %d bytes of YAML)\n", name, baseUnits, baseHexes, fsBytes(fsys))
		sizesList = append(sizesList, size{"real", fsys, name})
		for _, k := range []int{1, 10, 100} {
			g, err := gen.MapFS(gen.Config{System: bt.System, Units: k * baseUnits, Hexes: k * baseHexes})
			if err != nil {
				sizesErr = err
				return
			}
			sizesList = append(sizesList, size{fmt.Sprintf("x%d", k), g, "gen"})
			fmt.Printf("# x%d: %d units, %d hexes, %d bytes of YAML\n", k, k*baseUnits, k*baseHexes, fsBytes(g))
		}
		if os.Getenv("MUSTER_BIG") == "1" {
			g, err := gen.MapFS(gen.Config{System: bt.System, Units: 100_000, Hexes: 1_000_000})
			if err != nil {
				sizesErr = err
				return
			}
			sizesList = append(sizesList, size{"big", g, "gen"})
			fmt.Printf("# big: 100000 units, 1000000 hexes, %d bytes of YAML\n", fsBytes(g))
		}
	})
	if sizesErr != nil {
		b.Fatal(sizesErr)
	}
	return sizesList
}

func fsBytes(fsys fstest.MapFS) int64 {
	var n int64
	for _, f := range fsys {
		n += int64(len(f.Data))
	}
	return n
}

func names(fsys fstest.MapFS) []string {
	var out []string
	for k := range fsys {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// each runs f as one sub-benchmark per size, reporting MB/s of YAML and
// the units and hexes of the size.
func each(b *testing.B, f func(b *testing.B, s size)) {
	for _, s := range sizes(b) {
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(fsBytes(s.fsys))
			b.ReportAllocs()
			f(b, s)
			if s.name == "big" {
				b.ReportMetric(peakRSSMiB(), "peak-MiB")
			}
		})
	}
}

// peakRSSMiB reads the process's high-water resident set size (Linux).
func peakRSSMiB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

func load(b *testing.B, s size) *battle.Battle {
	bt, ds := battle.Load(s.fsys, s.dir, battle.Options{})
	// The real battle carries its book's errors (FINDINGS.md); the
	// generated ones must be clean.
	if n := diag.Count(ds, diag.Error); n > 0 && s.name != "real" {
		b.Fatalf("%s: %d errors, first %v", s.name, n, ds[0])
	}
	return bt
}

func BenchmarkYAMLNode(b *testing.B) {
	each(b, func(b *testing.B, s size) {
		files := names(s.fsys)
		for b.Loop() {
			for _, f := range files {
				dec := yaml.NewDecoder(bytes.NewReader(s.fsys[f].Data))
				for {
					var n yaml.Node
					if dec.Decode(&n) != nil {
						break
					}
				}
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	each(b, func(b *testing.B, s size) {
		files := names(s.fsys)
		for b.Loop() {
			for _, f := range files {
				schema.Parse(f, s.fsys[f].Data, schema.DefaultLimits)
			}
		}
	})
}

func BenchmarkLoad(b *testing.B) {
	each(b, func(b *testing.B, s size) {
		for b.Loop() {
			load(b, s)
		}
	})
}

func BenchmarkChecks(b *testing.B) {
	each(b, func(b *testing.B, s size) {
		bt := load(b, s)
		for b.Loop() {
			if ds := validate.Battle(bt); diag.Count(ds, diag.Error) > 0 && s.name != "real" {
				b.Fatal(ds[0])
			}
		}
	})
}

func BenchmarkBuild(b *testing.B) {
	each(b, func(b *testing.B, s size) {
		bt := load(b, s)
		for b.Loop() {
			if _, err := compile.Bundles(bt); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkValidate(b *testing.B) {
	each(b, func(b *testing.B, s size) {
		for b.Loop() {
			bt := load(b, s)
			validate.Battle(bt)
		}
	})
}

// BenchmarkValidateBuild is the whole of `muster build`: load, checks and
// build, in memory.
func BenchmarkValidateBuild(b *testing.B) {
	each(b, func(b *testing.B, s size) {
		for b.Loop() {
			bt := load(b, s)
			validate.Battle(bt)
			if _, err := compile.Bundles(bt); err != nil {
				b.Fatal(err)
			}
		}
	})
}
