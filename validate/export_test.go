package validate

import (
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// RunInOrder runs the checks of order over b, each whole (its battle pass,
// then its pass over each scenario in play) before the next.
func RunInOrder(b *battle.Battle, order []*Check) []diag.Diagnostic {
	return run(b, order, true)
}
