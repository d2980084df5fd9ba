package main

import (
	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// suppress applies the battle's `# muster:ignore` comments to ds, after
// every check ran (docs/ci.md, "Accepting known findings").
func suppress(b *battle.Battle, ds []diag.Diagnostic) []diag.Diagnostic {
	return accept.Suppress(ds, b.Texts, accept.Options{Lookup: lookupCode, Unused: b.Rules != nil})
}
