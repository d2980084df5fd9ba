// Package validate runs muster's checks over a resolved battle. Checks that
// hold for every rule system live here; the rule packs of the systems build
// on the same model.
//
// Each file holds one check, one engine (the checks one section of a
// ruleset's figures configures: stacking.go, command.go, orders.go,
// entry.go, ...) or one fact (facts.go, setup.go, links.go), and is named
// after it; checks.go lists the checks and runs them, raise.go is how a
// check reports, helpers.go and sight.go hold what several engines use.
package validate
