package rulesets

import (
	"embed"
	"encoding/json"
	"io/fs"
)

// The embedded rulesets are also kept as JSON, the form Decode reads
// (compiled/SYSTEM.json, written by TestCompiled under `go generate ./...`
// and kept equal to the YAML by that test): a battle that
// uses its series rules as they are decodes them straight from the JSON,
// without parsing the YAML at run time, which cost most of a small
// battle's validate.
//
//go:embed compiled/*.json
var compiled embed.FS

// compiledSeries decodes the JSON form of an embedded ruleset; ok is false
// when there is none.
func compiledSeries(system string) (*Ruleset, bool, error) {
	b, err := fs.ReadFile(compiled, "compiled/"+system+".json")
	if err != nil {
		return nil, false, nil
	}
	var r Ruleset
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, true, err
	}
	if err := r.resolveSwitches(); err != nil {
		return nil, true, err
	}
	return &r, true, nil
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
