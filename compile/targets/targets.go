// Package targets lists the outputs `muster build --target` knows, in one
// ordered list. It sits above compile and compile/vassal: compile holds the
// bundle and what every target shares (Output, Target) and never imports
// a target of its own, so no target registers itself in an init function.
package targets

import (
	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/compile/vassal"
)

// Target is one build target: its name for `--target` and what it builds.
// A target over an existing module (--module BASE.vmod) has OverBase
// instead of Build: it makes the build from the base module's bytes and
// file name.
type Target struct {
	Name     string
	Build    compile.Target
	OverBase func(base []byte, file string) compile.Target
}

// All are every build target, in the order help text lists them.
var All = []Target{
	{"bundle", compile.Bundles, nil},            // one engine bundle per scenario
	{"vassal", vassal.ModuleStream, nil},        // one VASSAL module per battle
	{"vassal-extension", nil, vassal.Extension}, // the battle's scenarios as an extension of --module
}

// Find returns the named target.
func Find(name string) (Target, bool) {
	for _, t := range All {
		if t.Name == name {
			return t, true
		}
	}
	return Target{}, false
}

// Names lists the targets' names in the order of All.
func Names() []string {
	out := make([]string, 0, len(All))
	for _, t := range All {
		out = append(out, t.Name)
	}
	return out
}
