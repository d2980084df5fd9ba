// Command santhosh is scripts/lean.sh's Go peer: santhosh-tekuri/jsonschema
// v6 compiles every schema in SCHEMAS and checks each JSON file of JSONDIR
// (lean json names them KIND.FILE.N.json) against the schema its name
// starts with, reading and decoding the file each time: N rounds in one
// process, the processor time of the least round printed. With "parse"
// after N, each round only reads and decodes the files as the check does
// (jsonschema.UnmarshalJSON: encoding/json, numbers as json.Number) and
// checks nothing: the peer's own parse, which lean.sh sets beside the
// bare yaml.v3 parse muster's validate pays.
//
//	santhosh SCHEMAS JSONDIR [N [parse]]
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "santhosh:", err)
		os.Exit(2)
	}
}

func cpu() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func run(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("usage: santhosh SCHEMAS JSONDIR [N]")
	}
	rounds := 1
	if len(args) > 2 {
		rounds, _ = strconv.Atoi(args[2])
	}
	parseOnly := len(args) > 3 && args[3] == "parse"
	schemas, err := filepath.Glob(filepath.Join(args[0], "*.schema.json"))
	if err != nil {
		return err
	}
	c := jsonschema.NewCompiler()
	ids := map[string]string{} // kind -> $id
	for _, f := range schemas {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %v", f, err)
		}
		id, _ := doc.(map[string]any)["$id"].(string)
		if id == "" {
			id = "file://" + f
		}
		if err := c.AddResource(id, doc); err != nil {
			return err
		}
		ids[strings.TrimSuffix(filepath.Base(f), ".schema.json")] = id
	}
	docs, err := filepath.Glob(filepath.Join(args[1], "*.json"))
	if err != nil {
		return err
	}
	compiled := map[string]*jsonschema.Schema{}
	best := time.Duration(-1)
	for r := 0; r < rounds; r++ {
		t0 := cpu()
		bad := 0
		for _, f := range docs {
			if parseOnly {
				data, err := os.ReadFile(f)
				if err != nil {
					return err
				}
				if _, err := jsonschema.UnmarshalJSON(bytes.NewReader(data)); err != nil {
					return err
				}
				continue
			}
			base := filepath.Base(f)
			kind := base[:strings.IndexByte(base, '.')]
			if strings.HasPrefix(base, "forces.") {
				kind = strings.Join(strings.SplitN(base, ".", 3)[:2], ".")
			}
			sch := compiled[kind]
			if sch == nil {
				id, ok := ids[kind]
				if !ok {
					return fmt.Errorf("%s: no schema %s", f, kind)
				}
				if sch, err = c.Compile(id); err != nil {
					return err
				}
				compiled[kind] = sch
			}
			data, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				return err
			}
			if err := sch.Validate(v); err != nil {
				bad++
				if r == 0 && os.Getenv("LEAN_VERBOSE") != "" {
					fmt.Fprintf(os.Stderr, "%s: %v\n", f, err)
				}
			}
		}
		if d := cpu() - t0; best < 0 || d < best {
			best = d
		}
		if r == 0 && bad > 0 {
			fmt.Fprintf(os.Stderr, "santhosh: %d of %d documents invalid\n", bad, len(docs))
		}
	}
	fmt.Printf("%.3f ms\n", float64(best.Microseconds())/1000)
	return nil
}
