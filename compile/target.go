package compile

import (
	"sort"

	"github.com/muster-wargames/muster/battle"
)

// Output is one file a target produces, named relative to the output folder.
type Output struct {
	Name string
	Data []byte
}

// Target compiles a resolved, error-free battle into files.
type Target func(b *battle.Battle) ([]Output, error)

// Targets are the outputs `muster build --target` knows. Other files of
// this package add theirs in init functions.
var Targets = map[string]Target{"bundle": Bundles}

// TargetNames lists the targets, sorted.
func TargetNames() []string {
	var out []string
	for k := range Targets {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Bundles writes one engine bundle per scenario: <scenario id>.json.
func Bundles(b *battle.Battle) ([]Output, error) {
	var out []Output
	for _, s := range b.Scenarios {
		data, err := NewBundle(b, s).JSON()
		if err != nil {
			return nil, err
		}
		out = append(out, Output{Name: s.ID + ".json", Data: data})
	}
	return out, nil
}
