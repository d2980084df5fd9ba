package vassal

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// scenarioProp is the module's global property that holds the id of the
// scenario a game was started from: each scenario's saved game sets it,
// and the turn track reads it to show what that scenario gives for the
// turn shown. A New Game leaves it empty.
const scenarioProp = "Scenario"

// slotTexts are the items of the turn track's Time level: each slot's
// time and light, "(next day)" after midnight.
func (m *vmod) slotTexts() []string {
	var times []string
	for _, s := range m.b.Slots {
		t := s.Time + " " + s.Light
		if s.NextDay {
			t += " (next day)"
		}
		times = append(times, t)
	}
	return times
}

// turnNote is what a scenario fixes for one turn of the track, shown
// after the turn's day and time.
type turnNote struct {
	scenario string
	day      string // the Day level's item
	time     string // the Time level's item
	text     string
}

// turnNotes are, per scenario and turn, in scenario order, then turn
// order: on its first turn, what its `first:` side has when the ruleset
// says (play.first, GBACW 5.11: "USA has the initiative"), and the
// efficiencies the scenario fixes for the turn (GBACW 5.22: `efficiency:
// {SIDE: {fixed: …}}`): "fixed efficiency CSA H 4, P 3; USA RW 1".
func (m *vmod) turnNotes() []turnNote {
	n := len(m.b.Slots)
	times := m.slotTexts()
	first := m.b.Rules.Play.First.Title
	var out []turnNote
	for _, sc := range m.b.Scenarios {
		parts := map[int][]string{}  // turn index -> what the track adds
		byTurn := map[int][]string{} // turn index -> "SIDE f v, f v"
		if first != "" && sc.FirstSide != "" {
			parts[sc.First.Index] = append(parts[sc.First.Index], sc.FirstSide+" "+first)
		}
		for _, ef := range sc.Efficiency {
			var turns []int
			vals := map[int][]string{}
			for _, f := range ef.Fixed {
				if _, ok := vals[f.Turn.Index]; !ok {
					turns = append(turns, f.Turn.Index)
				}
				vals[f.Turn.Index] = append(vals[f.Turn.Index], fmt.Sprintf("%s %d", f.Formation.Label(), f.Value))
			}
			for _, t := range turns {
				byTurn[t] = append(byTurn[t], ef.Side+" "+strings.Join(vals[t], ", "))
			}
		}
		for t, fixed := range byTurn {
			parts[t] = append(parts[t], "fixed efficiency "+strings.Join(fixed, "; "))
		}
		var turns []int
		for t := range parts {
			turns = append(turns, t)
		}
		sort.Ints(turns)
		for _, t := range turns {
			if n == 0 || t < 0 || t/n >= len(m.b.Days) {
				continue
			}
			out = append(out, turnNote{sc.ID, m.b.Days[t/n], times[t%n], strings.Join(parts[t], " · ")})
		}
	}
	return out
}

// turnFormat is the turn track's turnFormat: the day and the time
// ("$level1$ $level2$"), and when there are turn notes, a BeanShell
// expression that adds each scenario's on their turns ("Dec 31 0600 dawn
// · CSA has the initiative · fixed efficiency CSA H 4, P 3, Cav -3"). The
// turn track shows it in its window and button tooltip and the chat
// reports each step with it (TurnTracker.getTurnString). Day, Time and
// Scenario are global properties: the two levels' (TurnLevel "property")
// and scenarioProp.
func (m *vmod) turnFormat() string {
	notes := m.turnNotes()
	if len(notes) == 0 {
		return "$level1$ $level2$"
	}
	var b strings.Builder
	b.WriteString(`{Day+" "+Time+(`)
	for _, nt := range notes {
		fmt.Fprintf(&b, `%s=="%s"&&Day=="%s"&&Time=="%s"?" · %s":`,
			scenarioProp, bshString(nt.scenario), bshString(nt.day), bshString(nt.time), bshString(nt.text))
	}
	b.WriteString(`"")}`)
	return b.String()
}

// bshString escapes s for a double-quoted BeanShell string. '$' is
// written as its Unicode escape, since VASSAL reads a '$' anywhere in an
// expression as the start of an old-style $property$
// (BeanShellExpression.evaluate).
func bshString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\u0024`, "\n", " ", "\r", " ").Replace(s)
}

// scenarioProperty declares scenarioProp when the turn track reads it.
func (m *vmod) scenarioProperty() *xnode {
	if len(m.turnNotes()) == 0 {
		return nil
	}
	return el("module.properties.GlobalProperties").add(
		el("module.properties.GlobalProperty", "name", scenarioProp, "initialValue", "", "description", "the scenario this game was started from",
			"isNumeric", "false", "min", "", "max", "", "wrap", "false"))
}

// scenarioCommand sets scenarioProp to the scenario's id in its saved
// game, as ChangePropertyCommandEncoder writes it ("MutableProperty" TAB
// name TAB old value TAB new value TAB container, "Module" for the
// module's own properties); empty when the module has no such property.
func (m *vmod) scenarioCommand(sc *battle.Scenario) []string {
	if len(m.turnNotes()) == 0 {
		return nil
	}
	return []string{seq.Of("MutableProperty", '\t').Append(scenarioProp).Append("").Append(sc.ID).Append("Module").Value()}
}
