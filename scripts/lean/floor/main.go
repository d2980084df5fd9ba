// Command floor is the bare parse scripts/lean.sh measures muster's
// validate against: every *.yaml file of a battle folder (but a project's
// muster.yaml) read and decoded by yaml.v3 into yaml.Node trees, every
// document, as battle/bench_test.go's BenchmarkYAMLNode does; nothing more.
//
//	floor DIR
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"go.yaml.in/yaml/v3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: floor DIR")
		os.Exit(2)
	}
	all, _ := filepath.Glob(filepath.Join(os.Args[1], "*.yaml"))
	sort.Strings(all)
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
	if n == 0 {
		fmt.Fprintln(os.Stderr, "floor: no document read")
		os.Exit(2)
	}
}
