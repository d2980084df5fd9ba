package vassal

import (
	"strconv"
	"strings"
	"testing"
)

// Every formation a scenario gives activation markers (GBACW 5.24) has a
// marker on its count on that scenario's leader board, whatever its level:
// a division's, and a formation activated as one (3DoG's I Corps
// Artillery Brigade, 3 AMs in McPherson's Ridge). Before, the board had a
// line only for each division, and the brigade's 3 had no marker to stand
// on (in VASSAL 3.7.26 no piece stood on "Art/I Activations 3").
func TestActivationsOnTheBoard(t *testing.T) {
	for _, ex := range setupExamples {
		t.Run(ex.dir, func(t *testing.T) {
			t.Parallel()
			b, _, root := setupModule(t, ex.dir, ex.variant)
			stacks := map[string]int{} // "board\x00name" -> pieces
			root.walk(func(e, _ *xel) {
				if e.class() != "module.map.SetupStack" {
					return
				}
				ob, _ := e.attr("owningBoard")
				name, _ := e.attr("name")
				for _, k := range e.Kids {
					if k.class() == "widget.PieceSlot" {
						stacks[ob+"\x00"+name]++
					}
				}
			})
			n := 0
			for _, sc := range b.Scenarios {
				for _, a := range sc.Activation {
					if a.Count < 0 || a.Count > 4 { // the track's spaces, 0-4
						continue
					}
					box := a.Formation.Label() + "/activations/" + strconv.Itoa(a.Count)
					found := false
					for k, c := range stacks {
						ob, name, _ := strings.Cut(k, "\x00")
						if c > 0 && strings.HasSuffix(ob, " ("+sc.ID+")") && name == ob+" "+box {
							found = true
						}
					}
					if !found {
						t.Errorf("%s: %s has %d activation markers, but no marker stands on %s on the scenario's board", sc.ID, a.Formation.Label(), a.Count, box)
						continue
					}
					n++
				}
			}
			t.Logf("%d formations' activations on their count", n)
		})
	}
}
