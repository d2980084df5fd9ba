package compile

import "github.com/muster-wargames/muster/battle"

// Output is one file a target produces, named relative to the output folder.
type Output struct {
	Name string
	Data []byte
}

// Target compiles a resolved, error-free battle into files. The targets
// `muster build` knows are listed in package compile/targets.
type Target func(b *battle.Battle) ([]Output, error)

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
