// Command lean is scripts/lean.sh's helper: it writes the generated
// battles, writes a battle's documents as JSON for the schema-only peers,
// runs muster's validate in one process, and runs a command to report its
// processor time and peak memory. The bare yaml.v3 parse (floor/) and the
// Go peer (santhosh/) are programs of their own, so that a whole process
// of either pays for nothing but its own work.
//
// scripts/lean is a module of its own so that the peers never enter
// muster's go.mod; only scripts/lean.sh builds it.
//
//	lean gen DIR SYSTEM UNITS HEXES     write a generated battle into DIR
//	lean json DIR OUT                   write DIR's documents as JSON into OUT, one file a document
//	lean muster DIR [N]                 muster's validate of DIR N times in one process
//	lean run CMD ARGS...                run CMD; print "cpu-ms RSS-MiB" of it on stderr
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/muster-wargames/muster/internal/gen"
	"github.com/muster-wargames/muster/pipeline"
	"go.yaml.in/yaml/v3"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: lean gen|json|muster|run ...")
	}
	args := os.Args[2:]
	var err error
	switch os.Args[1] {
	case "gen":
		err = genCmd(args)
	case "json":
		err = jsonCmd(args)
	case "muster":
		err = musterCmd(args)
	case "run":
		err = runCmd(args)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fail(err.Error())
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "lean:", msg)
	os.Exit(2)
}

func genCmd(args []string) error {
	if len(args) != 4 {
		return fmt.Errorf("gen DIR SYSTEM UNITS HEXES")
	}
	units, err1 := strconv.Atoi(args[2])
	hexes, err2 := strconv.Atoi(args[3])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("gen: UNITS and HEXES are numbers")
	}
	return gen.WriteDir(args[0], gen.Config{System: args[1], Units: units, Hexes: hexes})
}

// files lists a battle folder's YAML files: every *.yaml beside battle.yaml
// but a project's muster.yaml, which validate does not read as the battle.
func files(dir string) ([]string, error) {
	all, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range all {
		if filepath.Base(f) != "muster.yaml" {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no YAML files", dir)
	}
	return out, nil
}

// jsonCmd writes every document of DIR as JSON into OUT, named
// KIND.NAME.N.json (forces documents as forces.SYSTEM, the schema muster
// checks them by), so a peer finds each one's schema from its name.
func jsonCmd(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("json DIR OUT")
	}
	fs, err := files(args[0])
	if err != nil {
		return err
	}
	if err := os.MkdirAll(args[1], 0o755); err != nil {
		return err
	}
	type doc struct {
		file string
		n    int
		v    any
		kind string
	}
	var docs []doc
	system := ""
	for _, f := range fs {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		for i := 0; ; i++ {
			var node yaml.Node
			if err := dec.Decode(&node); err != nil {
				break
			}
			v, err := value(&node)
			if err != nil {
				return fmt.Errorf("%s: %v", f, err)
			}
			m, _ := v.(map[string]any)
			kind, _ := m["kind"].(string)
			if kind == "battle" {
				system, _ = m["system"].(string)
			}
			if kind == "" {
				continue
			}
			docs = append(docs, doc{strings.TrimSuffix(filepath.Base(f), ".yaml"), i, v, kind})
		}
	}
	for _, d := range docs {
		kind := d.kind
		if kind == "forces" && system != "" {
			kind = "forces." + system
		}
		data, err := json.Marshal(d.v)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(args[1], fmt.Sprintf("%s.%s.%d.json", kind, d.file, d.n)), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// value turns a YAML node into the JSON value it reads as: numbers stay
// as written, timestamps and other scalars are strings.
func value(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return value(n.Content[0])
	case yaml.AliasNode:
		return value(n.Alias)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind == yaml.AliasNode {
				k = k.Alias
			}
			if k.Tag == "!!merge" {
				v, err := value(n.Content[i+1])
				if err != nil {
					return nil, err
				}
				if mm, ok := v.(map[string]any); ok {
					for kk, vv := range mm {
						if _, seen := m[kk]; !seen {
							m[kk] = vv
						}
					}
				}
				continue
			}
			v, err := value(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[k.Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		s := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := value(c)
			if err != nil {
				return nil, err
			}
			s = append(s, v)
		}
		return s, nil
	}
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		err := n.Decode(&b)
		return b, err
	case "!!int", "!!float":
		var f any
		if err := n.Decode(&f); err != nil {
			return nil, err
		}
		return json.Number(strconv.FormatFloat(toFloat(f), 'g', -1, 64)), nil
	}
	return n.Value, nil
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case uint64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// musterCmd is muster's validate (pipeline.Check: read, load, check,
// suppressions) of DIR N times in one process, the processor time of the
// least round printed.
func musterCmd(args []string) error {
	if len(args) < 1 {
		return fmt.Errorf("muster DIR [N]")
	}
	rounds := 1
	if len(args) > 1 {
		rounds, _ = strconv.Atoi(args[1])
	}
	best := time.Duration(-1)
	for r := 0; r < rounds; r++ {
		t0 := cpu()
		pipeline.Check(pipeline.Options{Dir: args[0]})
		if d := cpu() - t0; best < 0 || d < best {
			best = d
		}
	}
	fmt.Printf("%.3f ms\n", float64(best.Microseconds())/1000)
	return nil
}

// runCmd runs a command with its output discarded and prints its processor
// time (user + system) and peak resident memory: "CPU_MS RSS_MIB EXIT".
func runCmd(args []string) error {
	if len(args) < 1 {
		return fmt.Errorf("usage: lean run CMD ARGS")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = nil
	cmd.Stdout = nil
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		return err
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return fmt.Errorf("no rusage")
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	fmt.Printf("%.1f %.1f %d\n", float64(cpu.Microseconds())/1000, float64(ru.Maxrss)/1024, code)
	return nil
}

// cpu is the processor time the process has used, user and system.
func cpu() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
