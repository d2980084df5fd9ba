package accept

import (
	"encoding/json"
	"io"
)

// IsBaseline reports whether r holds a baseline, of any version: a JSON
// object whose keys are "version", a number, and "findings", a list, both
// of them and nothing else (what WriteBaseline writes and ReadBaseline
// reads). It streams r: a file that is no JSON object is told from its
// first bytes, and a long list of findings is never held in memory.
// `muster validate --write-baseline` replaces only a baseline, and no other
// output replaces one (docs/ci.md, "Outputs").
func IsBaseline(r io.Reader) bool {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	var version, findings bool
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		switch t {
		case "version":
			if version {
				return false
			}
			if v, err := dec.Token(); err != nil {
				return false
			} else if _, ok := v.(json.Number); !ok {
				return false
			}
			version = true
		case "findings":
			if findings {
				return false
			}
			if t, err := dec.Token(); err != nil || t != json.Delim('[') {
				return false
			}
			for depth := 1; depth > 0; {
				t, err := dec.Token()
				if err != nil {
					return false
				}
				switch t {
				case json.Delim('['), json.Delim('{'):
					depth++
				case json.Delim(']'), json.Delim('}'):
					depth--
				}
			}
			findings = true
		default:
			return false
		}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return false
	}
	return version && findings
}
