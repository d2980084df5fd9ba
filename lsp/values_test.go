package lsp

import (
	"testing"

	"github.com/muster-wargames/muster/oob"
)

// TestValuesNotGiven: hover writes a value the book leaves out as "not
// given", never as YAML's ~ or null.
func TestValuesNotGiven(t *testing.T) {
	got := values(oob.Values{{Name: "strength", Value: oob.Value{V: int64(6)}}, {Name: "morale", Value: oob.Value{}}})
	if want := "strength 6 · morale not given"; got != want {
		t.Errorf("values = %q, want %q", got, want)
	}
}
