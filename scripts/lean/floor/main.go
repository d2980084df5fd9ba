// Command floor is the bare parse scripts/lean.sh measures muster's
// validate against: every *.yaml file of a battle folder (but a project's
// muster.yaml) read and decoded by yaml.v3 into yaml.Node trees, every
// document, as battle/bench_test.go's BenchmarkYAMLNode does; nothing more.
// With N, it does so N times in one process and prints the processor time
// of the least round, as the peers' one-process rounds are measured
// (scripts/lean/santhosh, scripts/lean/ajv/peer.js).
//
//	floor DIR [N]
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
	"time"

	"go.yaml.in/yaml/v3"
)

func main() {
	if len(os.Args) != 2 && len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: floor DIR [N]")
		os.Exit(2)
	}
	all, _ := filepath.Glob(filepath.Join(os.Args[1], "*.yaml"))
	sort.Strings(all)
	if len(os.Args) == 2 {
		if parse(all) == 0 {
			fmt.Fprintln(os.Stderr, "floor: no document read")
			os.Exit(2)
		}
		return
	}
	rounds, err := strconv.Atoi(os.Args[2])
	if err != nil || rounds < 1 {
		fmt.Fprintln(os.Stderr, "floor: N is a count of rounds")
		os.Exit(2)
	}
	best := time.Duration(-1)
	for r := 0; r < rounds; r++ {
		t0 := cpu()
		if parse(all) == 0 {
			fmt.Fprintln(os.Stderr, "floor: no document read")
			os.Exit(2)
		}
		if d := cpu() - t0; best < 0 || d < best {
			best = d
		}
	}
	fmt.Printf("%.3f ms\n", float64(best.Microseconds())/1000)
}

// parse reads and decodes every file, and returns how many documents it
// read.
func parse(all []string) int {
	n := 0
	for _, f := range all {
		if filepath.Base(f) == "muster.yaml" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		for {
			var node yaml.Node
			if dec.Decode(&node) != nil {
				break
			}
			n++
		}
	}
	return n
}

// cpu is the processor time the process has used, user and system.
func cpu() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
