// Package regen holds no code: its go:generate lines rewrite every file
// muster derives from its own code and data, so that one command,
//
//	go generate ./...
//
// regenerates them all, and CI (.ci/run) fails when the tree is not as
// generated. Each line runs, with UPDATE=1, the test that keeps its files
// equal to their source; the tests fail when a file is out of date.
//
// The lines run in order, each a fresh build, because the later files
// are made from the earlier ones: the compiled rulesets and the schemas
// are embedded in the binary that writes the docs, and docs/codes.md
// names the functions of validate/raisedby.go.
//
//   - rulesets/compiled/SYSTEM.json, the JSON form of each embedded
//     ruleset, and rulesets/series_values.go, the Go that builds each
//     (TestCompiled);
//   - the system enums of schema/schemas/battle.schema.json and
//     bundle.schema.json, the embedded systems (TestSystemEnums);
//   - the figure definitions of schema/schemas/ruleset.schema.json, the Go
//     types of rulesets/figures.go (TestFiguresSchema);
//   - schema/schema_values.go, the Go that builds each embedded schema
//     document (TestSchemaValues; after the two above, which write them);
//   - validate/raisedby.go, the functions that raise each code of loading
//     (TestRaisedBy);
//   - the rules: block of each battle book's check test
//     (validate/testdata/gbacw-3dog.txtar), the book in rulesets/books
//     (TestBooks; before docs/codes.md, which quotes the check tests);
//   - docs/codes.md, the catalogue of diagnostic codes (TestCodesDoc);
//   - docs/rulesets.md, the embedded rulesets (TestRulesetsDoc);
//   - examples/schemas/*.json, the schemas muster exports
//     (TestExampleSchemas).
//
// Goldens of test output (testdata/) are not generated files: they are
// rewritten by UPDATE=1 go test ./PKG and reviewed (internal/golden).
package regen

//go:generate env UPDATE=1 go test -count=1 -run ^(TestCompiled|TestSystemEnums|TestFiguresSchema)$ ../../rulesets
//go:generate env UPDATE=1 go test -count=1 -run ^TestSchemaValues$ ../../schema
//go:generate env UPDATE=1 go test -count=1 -run ^TestRaisedBy$ ../../validate
//go:generate env UPDATE=1 go test -count=1 -run ^TestBooks$ ../../cmd/muster
//go:generate env UPDATE=1 go test -count=1 -run ^(TestCodesDoc|TestRulesetsDoc|TestExampleSchemas)$ ../../cmd/muster
