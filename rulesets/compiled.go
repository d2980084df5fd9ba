package rulesets

import "encoding/json"

// The embedded rulesets are also kept as JSON (compiled/SYSTEM.json,
// written by TestCompiled under `go generate ./...` and kept equal to the
// YAML by that test), and as Go: series_values.go, written by the same test,
// builds for each system the ruleset that JSON decodes to. A battle that
// uses its series rules as they are gets them from that function, neither
// parsing the YAML nor decoding the JSON at run time (decoding the JSON
// cost a fifth of a small battle's validate).

// compiledSeries builds an embedded ruleset; ok is false when there is
// none.
func compiledSeries(system string) (*Ruleset, bool, error) {
	r, ok := seriesValue(system)
	if !ok {
		return nil, false, nil
	}
	if err := r.resolveSwitches(); err != nil {
		return nil, true, err
	}
	return r, true, nil
}

// compiledJSON is the JSON form of a parsed ruleset document, as the
// compiled files hold it.
func compiledJSON(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
