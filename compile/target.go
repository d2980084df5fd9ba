package compile

import (
	"bytes"
	"io"

	"github.com/muster-wargames/muster/battle"
)

// Output is one file a target produces, named relative to the output folder.
type Output struct {
	Name string
	Data []byte
	// Write, when set, writes the file's bytes in place of Data: a large
	// file (the bundle of a million hexes) is made as it is written into
	// the output folder and never held whole.
	Write func(w io.Writer) error
}

// Bytes is the file's bytes: Data, or what Write writes.
func (o Output) Bytes() ([]byte, error) {
	if o.Write == nil {
		return o.Data, nil
	}
	var b bytes.Buffer
	err := o.Write(&b)
	return b.Bytes(), err
}

// Target compiles a resolved, error-free battle into files. The targets
// `muster build` knows are listed in package compile/targets.
type Target func(b *battle.Battle) ([]Output, error)

// Bundles writes one engine bundle per scenario: <scenario id>.json. Each
// is made as it is written (Output.Write), one scenario at a time.
func Bundles(b *battle.Battle) ([]Output, error) {
	var out []Output
	for _, s := range b.Scenarios {
		out = append(out, Output{Name: s.ID + ".json", Write: func(w io.Writer) error { return NewBundle(b, s).Encode(w) }})
	}
	return out, nil
}
