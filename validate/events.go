package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// CodeNoEvents is raised for Event card allotments in a system without them.
var CodeNoEvents = diag.Code{Code: "N043", Severity: diag.Error, Title: "event cards in a system without them",
	Doc: "A scenario gives Event card allotments (`events:`), but its rule system has no Event cards: only AMFS builds each turn's card draw pile from each side's Event cards (AMFS D-2). Remove the block, or say in the battle's `rules: figures: events:` how the battle uses them."}

// events checks a scenario's Event card allotments (AMFS D-2): each side
// picks the figures' Key cards and draws Random ones from the rest of its
// pool, so key is the figure and key + random at most the pool; each
// allotment's time lies in the scenario, later than the side's one before.
// A scenario that gives allotments, or adds the Fog of War card to the
// pile, has the card the figures say in the pile every turn (D-4).
func (p *pass) events(s *battle.Scenario) {
	e := p.f.Events
	if e.Code == "" {
		for _, a := range s.Events {
			p.absent(CodeNoEvents, a.Pos, "events", "events", "has no Event cards; scenario %s gives %s's allotment", s.ID, a.Side).About(aboutValues(s.ID, a.Side))
		}
		return
	}
	last := map[string]battle.Turn{}
	for _, a := range s.Events {
		switch {
		case e.Key > 0 && a.Key != e.Key:
			p.flagged(e.Check, a.Pos, "%s's allotment puts %d Key Event %s in the pile; each side picks %d", a.Side, a.Key, diag.Plural(a.Key, "card"), e.Key).About(aboutValues(a.Side, a.From.Text()))
		case e.Pool > 0 && a.Key+a.Random > e.Pool:
			p.flagged(e.Check, a.Pos, "%s's allotment of %d Key and %d Random Event cards is %d, more than the side's %d", a.Side, a.Key, a.Random, a.Key+a.Random, e.Pool).About(aboutValues(a.Side, a.From.Text()))
		}
		if a.HasFrom && (a.From.Index < s.First.Index || a.From.Index > s.Last.Index) {
			d := p.l.Addf(CodeTimeOutside, a.From.Pos, "event allotment from %s, outside scenario %s (%s to %s)", a.From.Text(), s.ID, s.First.Text(), s.Last.Text()).About(aboutValues(a.Side, a.From.Text()))
			d.Rule = e.Rule
		} else if prev, ok := last[a.Side]; ok && a.From.Index <= prev.Index {
			p.flagged(e.Check, a.Pos, "%s's allotment from %s does not follow the one before it (from %s): give each side's allotments in turn order", a.Side, a.From.Text(), prev.Text()).About(aboutValues(a.Side, a.From.Text()))
		}
		last[a.Side] = a.From
	}
	f := e.Fog
	if f.Code == "" || f.Card == "" {
		return
	}
	n, pos := 0, diag.Pos{}
	for _, c := range s.Cups {
		if c.Name == f.Card && (e.Cup == "" || c.Cup == e.Cup) {
			n += c.Count
			pos = c.Pos
		}
	}
	switch {
	case n == 0 && len(s.Events) > 0:
		if d := p.flagged(f.Check, s.Events[0].Pos, "scenario %s gives its Event card allotments, but adds no %s card to the draw pile, which holds one every turn", s.ID, f.Card).About(aboutValues(s.ID, f.Card)); d != nil {
			d.Hint = "add cups: {" + e.Cup + ": {\"" + f.Card + "\": 1}}"
		}
	case n > 0 && n != f.Count:
		p.flagged(f.Check, pos, "scenario %s adds %d %s cards to the draw pile, which holds %d every turn", s.ID, n, f.Card, f.Count).About(aboutValues(s.ID, f.Card))
	}
}
