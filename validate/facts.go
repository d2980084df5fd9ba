package validate

import (
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// A Fact is something several checks derive from the resolved battle, as
// a go/analysis Analyzer's result is what the analyzers that require it
// read: computed once, when a pass first asks for it, and kept for the
// rest of the run (per battle, or per scenario for a fact PerScenario).
// A check lists the facts it reads in its Requires, and a pass reads only
// those: reading any other panics, so a check cannot come to lean on
// another's work unseen. A fact's computation reports nothing (its pass
// has no list) and reads only the facts it requires itself.
type Fact struct {
	Name        string
	Doc         string
	PerScenario bool    // one value per scenario in play, else one per battle
	Reads       Reads   // the documents it is derived from; a check requiring it reads them too
	Requires    []*Fact // the facts its computation reads
	compute     func(*pass) any
}

// The facts the checks share.
var (
	// FactSetup is a scenario's set-up gathered by side and hex: the
	// groups every check of stacks, orders and neighbours walks.
	FactSetup = &Fact{Name: "setup-groups", PerScenario: true, Reads: ReadsScenario,
		Doc:     "the scenario's set-up by side and hex (overlapping sheets' labels of one hex make one stack), each piece with its class, strength, orders, face and facing, and an index of the groups by hex",
		compute: func(p *pass) any { return p.setupGroups(p.s) }}
	// FactTree is a scenario's command organisation.
	FactTree = &Fact{Name: "command-tree", PerScenario: true, Reads: ReadsForces | ReadsScenario,
		Doc:     "the formation each formation answers to in the scenario (its attachments over the book's organisation) and the leader who commands it (a spare leader standing in for its own), with the formation each stand-in replaces",
		compute: func(p *pass) any { return newTree(p.s) }}
	// FactLinks is the battle's command links resolved against its forces.
	FactLinks = &Fact{Name: "command-links", Reads: ReadsForces,
		Doc:     "figures.command.links resolved against the forces: the leaders each linked formation may trace command to, and the leaders in command wherever they stand",
		compute: func(p *pass) any { return p.resolveLinks() }}
	// FactStacks is every stacking limit judged on every set-up stack.
	FactStacks = &Fact{Name: "stack-verdicts", PerScenario: true, Reads: ReadsForces | ReadsScenario, Requires: []*Fact{FactSetup},
		Doc:     "each stacking limit of the figures judged on each set-up stack it applies to: why it fails, or the units whose unknown strength kept it from being judged",
		compute: func(p *pass) any { return p.judgeStacks() }}
	// FactUnknown is the units of a scenario whose strength a rule needed.
	FactUnknown = &Fact{Name: "unknown-strengths", PerScenario: true, Reads: ReadsForces | ReadsScenario, Requires: []*Fact{FactStacks},
		Doc:     "the units set up in the scenario whose strength a stacking limit that adds up strength, or an extended line's minimum, needed but the data does not give",
		compute: func(p *pass) any { return p.unknownStrengths() }}
)

// Facts lists every fact, for the reader (docs/architecture.md, tests).
var Facts = []*Fact{FactSetup, FactTree, FactLinks, FactStacks, FactUnknown}

// pass is one check's (or one fact's) pass over the resolved battle: the
// battle, the scenario a scenario pass is over, where it reports, and the
// facts it may read. Nothing in it is shared with another check but the
// facts, which are computed once and never changed.
type pass struct {
	b   *battle.Battle
	f   *rulesets.Figures
	l   *diag.List       // nil in a fact's pass: a fact reports nothing
	s   *battle.Scenario // the scenario of a scenario pass (nil in a battle pass)
	who string           // the check or fact, for the panic of an undeclared read
	may []*Fact          // the facts it declared it reads
	run *facts
	sel []piece // scratch for verdict
}

// facts memoises the facts of one run over one battle.
type facts struct {
	b    *battle.Battle
	memo map[factKey]any
	busy map[factKey]bool // being computed: a fact that needs itself
}

type factKey struct {
	f *Fact
	s *battle.Scenario // nil for a fact per battle
}

func newFacts(b *battle.Battle) *facts {
	return &facts{b: b, memo: map[factKey]any{}, busy: map[factKey]bool{}}
}

// pass makes the pass of a check, over scenario s (nil: the battle).
func (fs *facts) pass(c *Check, s *battle.Scenario, l *diag.List) *pass {
	return &pass{b: fs.b, f: &fs.b.Rules.Figures, l: l, s: s, who: "check " + c.Name, may: c.Requires, run: fs}
}

// result returns fact f of scenario s (ignored for a fact per battle),
// computing it on first use. It panics when the pass did not declare f.
func (p *pass) result(f *Fact, s *battle.Scenario) any {
	if !slices.Contains(p.may, f) {
		panic(fmt.Sprintf("validate: %s reads fact %s, which its Requires does not list", p.who, f.Name))
	}
	if !f.PerScenario {
		s = nil
	} else if s == nil {
		panic(fmt.Sprintf("validate: %s reads fact %s, which is per scenario, outside a scenario", p.who, f.Name))
	}
	k := factKey{f, s}
	if v, ok := p.run.memo[k]; ok {
		return v
	}
	if p.run.busy[k] {
		panic("validate: fact " + f.Name + " requires itself")
	}
	p.run.busy[k] = true
	fp := &pass{b: p.b, f: p.f, s: s, who: "fact " + f.Name, may: f.Requires, run: p.run}
	v := f.compute(fp)
	delete(p.run.busy, k)
	p.run.memo[k] = v
	return v
}

// setup is FactSetup of the pass's scenario.
func (p *pass) setup() *setup { return p.result(FactSetup, p.s).(*setup) }

// tree is FactTree of the pass's scenario.
func (p *pass) tree() *tree { return p.result(FactTree, p.s).(*tree) }

// links is FactLinks.
func (p *pass) links() *linkSet { return p.result(FactLinks, nil).(*linkSet) }

// stacks is FactStacks of the pass's scenario.
func (p *pass) stacks() []stackVerdict { return p.result(FactStacks, p.s).([]stackVerdict) }

// unknownIn is FactUnknown of scenario s.
func (p *pass) unknownIn(s *battle.Scenario) map[*oob.Unit]bool {
	return p.result(FactUnknown, s).(map[*oob.Unit]bool)
}

// setup is a scenario's set-up groups and their index by hex.
type setup struct {
	groups []*group
	idx    *groupIndex
}

// tree is the command organisation of one scenario, or of the book (no
// scenario: bookTree).
type tree struct {
	s         *battle.Scenario
	standsFor map[*oob.Leader]*oob.Formation // a spare leader: the formation whose leader he replaces
}

// bookTree is the organisation the forces give, with no scenario's
// attachments or stand-ins: what checks of the whole battle read.
var bookTree = &tree{}

func newTree(s *battle.Scenario) *tree {
	t := &tree{s: s, standsFor: map[*oob.Leader]*oob.Formation{}}
	for f, l := range s.StandIns {
		t.standsFor[l] = f
	}
	return t
}

// parent is the formation f answers to.
func (t *tree) parent(f *oob.Formation) *oob.Formation {
	if t.s != nil {
		return t.s.Parent(f)
	}
	return f.Parent
}

// commander returns the leader a formation answers to: its own (or the
// spare standing in for him), the leader above who leads it too (led_by),
// or the nearest above it.
func (t *tree) commander(f *oob.Formation) *oob.Leader {
	for x := f; x != nil; x = t.parent(x) {
		if t.s != nil && t.s.StandIns[x] != nil {
			return t.s.StandIns[x] // a spare leader in place of its own
		}
		if x.Leader != nil {
			return x.Leader
		}
		if x.LedBy != nil {
			return x.LedBy
		}
	}
	return nil
}
