package vassal

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// How a game starts: the scenario set-ups and File > New Game.

func scenarioTitle(sc *battle.Scenario) string {
	if sc.Name != "" {
		return sc.Name
	}
	return sc.ID
}

// moreBoardLines are the BoardPicker lines of a scenario's saved game for
// the maps beside the Main Map and Reinforcements: the scenario's board of
// the draw cups.
func (m *vmod) moreBoardLines(sc *battle.Scenario) []string {
	if len(m.b.Rules.Play.Cups) == 0 {
		return nil
	}
	return []string{seq.Of(cupsMapName+"BoardPicker", '\t').Append(cupsBoard(sc)).Int(0).Int(0).Value()}
}
