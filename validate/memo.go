package validate

import (
	"bytes"
	"slices"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// A Memo keeps what each pass of each check found, across runs over
// successive loads of one battle, so that a run checks again only what an
// edit changed: a language server re-checks a battle on every keystroke.
// A load through a battle.Cache keeps the ruleset, the resolved forces,
// map and each scenario (the same objects) while their documents are
// unchanged; the checks read nothing else but battle.yaml and the other
// files' texts (memoEnv). So while those are the same, a check's battle
// pass that reads no scenario finds what it found before, as does its pass
// over a scenario that is the same object; a battle pass that reads the
// scenarios runs again when any scenario changed. A Memo is for one battle
// and one run at a time (it has no lock); the zero Memo is empty.
type Memo struct {
	env    memoEnv
	battle map[*Check][]diag.Diagnostic
	scen   map[memoKey][]diag.Diagnostic
	// facts are the facts the last run computed, of the battle and of its
	// scenarios: they too depend on nothing else.
	facts map[factKey]any
	// over are the scenarios in play of the last run, which the battle
	// passes reading the scenarios were run over.
	over []*battle.Scenario
	// runs counts the passes run (not taken from the memo), for the tests.
	runs int
}

type memoKey struct {
	c *Check
	s *battle.Scenario
}

// memoEnv is what a run's passes read besides the scenarios: the objects
// the load resolved, and the texts of the files no scenario came from
// (battle.yaml's sides, days and oob_complete among them).
type memoEnv struct {
	rules              *rulesets.Ruleset
	m                  *maps.Map
	armies             []*oob.Formation
	index              []*oob.Index
	numUnits, numLeads int
	incForces, incMap  bool
	variant, dir       string
	texts              map[string][]byte
}

func envOf(b *battle.Battle) memoEnv {
	e := memoEnv{rules: b.Rules, m: b.Map, numUnits: b.NumUnits, numLeads: b.NumLeaders,
		incForces: b.Incomplete("forces"), incMap: b.Incomplete("map"), variant: b.Variant, dir: b.Dir,
		texts: map[string][]byte{}}
	for _, s := range b.Sides {
		e.armies = append(e.armies, s.Army)
		e.index = append(e.index, b.Index(s.ID))
	}
	scen := map[string]bool{}
	for _, s := range b.Scenarios {
		scen[s.File] = true
	}
	for k, t := range b.Texts {
		if !scen[k] {
			e.texts[k] = t
		}
	}
	return e
}

func (e memoEnv) same(o memoEnv) bool {
	if e.rules != o.rules || e.m != o.m || e.numUnits != o.numUnits || e.numLeads != o.numLeads ||
		e.incForces != o.incForces || e.incMap != o.incMap || e.variant != o.variant || e.dir != o.dir ||
		!slices.Equal(e.armies, o.armies) || !slices.Equal(e.index, o.index) ||
		len(e.texts) != len(o.texts) {
		return false
	}
	for k, t := range e.texts {
		if u, ok := o.texts[k]; !ok || !bytes.Equal(t, u) {
			return false
		}
	}
	return true
}

// BattleMemo is Battle, taking from m what the passes whose inputs did not
// change found in the last run, and keeping in m what this run found. The
// diagnostics are Battle's, in the same order. A nil m is Battle.
func BattleMemo(b *battle.Battle, m *Memo) []diag.Diagnostic {
	if m == nil {
		return Battle(b)
	}
	if b == nil {
		return nil
	}
	return runOnMemo(b, Checks, scenariosInPlay(b), m)
}

// Runs is how many passes the memo's runs ran rather than took from it.
func (m *Memo) Runs() int { return m.runs }

// runOnMemo is runOn (not by check) through m.
func runOnMemo(b *battle.Battle, order []*Check, scenarios []*battle.Scenario, m *Memo) []diag.Diagnostic {
	if b == nil || b.Rules == nil || b.Map == nil {
		return nil
	}
	env := envOf(b)
	if m.battle == nil || !env.same(m.env) {
		for k, t := range env.texts {
			env.texts[k] = bytes.Clone(t)
		}
		m.env, m.battle, m.scen, m.over, m.facts = env, map[*Check][]diag.Diagnostic{}, map[memoKey][]diag.Diagnostic{}, nil, nil
	}
	sameOver := slices.Equal(m.over, scenarios)
	fs := newFacts(b)
	for k, v := range m.facts {
		fs.memo[k] = v
	}
	var checks []*Check
	for _, c := range order {
		if b.Incomplete("forces") && c.Reads.Has(ReadsForces) {
			continue
		}
		if b.Incomplete("map") && c.Reads.Has(ReadsMap|ReadsScenario) {
			continue
		}
		checks = append(checks, c)
	}
	var parts [][]diag.Diagnostic
	battleDone := map[*Check][]diag.Diagnostic{}
	for _, c := range checks {
		if c.Battle == nil {
			continue
		}
		ds, ok := m.battle[c]
		if !ok || c.Reads.Has(ReadsScenario) && !sameOver {
			var cl diag.List
			c.Battle(fs.pass(c, nil, &cl))
			ds = cl.Items()
			m.runs++
		}
		battleDone[c] = ds
		parts = append(parts, ds)
	}
	scenDone := map[memoKey][]diag.Diagnostic{}
	for _, s := range scenarios {
		for _, c := range checks {
			if c.Scenario == nil {
				continue
			}
			k := memoKey{c, s}
			ds, ok := m.scen[k]
			if !ok {
				var cl diag.List
				c.Scenario(fs.pass(c, s, &cl), s)
				ds = cl.Items()
				m.runs++
			}
			scenDone[k] = ds
			parts = append(parts, ds)
		}
	}
	m.battle, m.scen, m.over = battleDone, scenDone, scenarios
	inPlay := map[*battle.Scenario]bool{nil: true}
	for _, s := range b.Scenarios {
		inPlay[s] = true
	}
	m.facts = map[factKey]any{}
	for k, v := range fs.memo {
		if inPlay[k.s] {
			m.facts[k] = v
		}
	}
	// one slice of the size of them all (appended pass by pass, it was
	// copied as it grew: a tenth of an edit's allocation)
	n := 0
	for _, ds := range parts {
		n += len(ds)
	}
	if n == 0 {
		return nil // as Battle says nothing
	}
	all := make([]diag.Diagnostic, 0, n)
	for _, ds := range parts {
		all = append(all, ds...)
	}
	diag.Sort(all)
	return all
}
