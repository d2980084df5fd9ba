// Command muster checks American Civil War battle data written as YAML
// against its rule system and compiles it into an engine bundle.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
