package battle_test

import (
	"testing"

	"github.com/muster-wargames/muster/battle"
)

// TestRestAndLeaderWords: Dead of Winter 5.0 writes its brigades as the
// book prints them ("1/2/P (less Robertson), Repl Leader, 19 AL (5), ...",
// L3157): the brigade stands for its members the set-up names nowhere
// else, less Robertson's battery, and "Repl Leader" is its leader, Loomis,
// on his replacement face.
func TestRestAndLeaderWords(t *testing.T) {
	b, _ := battle.LoadDir("../examples/dead-of-winter", battle.Options{})
	var s *battle.Scenario
	for _, x := range b.Scenarios {
		if x.ID == "s5" {
			s = x
		}
	}
	if s == nil {
		t.Fatal("no scenario s5")
	}
	at := func(hex string) map[string]battle.Piece {
		out := map[string]battle.Piece{}
		for _, st := range s.Setup {
			if st.Hex.Label == hex {
				for _, pc := range st.Pieces {
					out[pc.Ref.Name()] = pc
				}
			}
		}
		return out
	}
	a4339 := at("A4339")
	if pc, ok := a4339["Loomis/1/2/P"]; !ok || pc.Face != "replacement" || pc.Of != nil {
		t.Errorf("A4339: Loomis on his replacement face, named by the words: got %+v (found %v)", pc, ok)
	}
	if pc, ok := a4339["1 LA/1/2/P"]; !ok || pc.Of == nil || pc.Of.Label() != "1/2/P" {
		t.Errorf("A4339: 1 LA from 1/2/P: got %+v (found %v)", pc, ok)
	}
	for _, name := range []string{"Robertson Bty/1/2/P", "19 AL/1/2/P"} {
		if pc, ok := a4339[name]; ok && pc.Of != nil {
			t.Errorf("A4339: %s comes from 1/2/P, which leaves it out or names it", name)
		}
	}
	if pc := a4339["19 AL/1/2/P"]; pc.Strength == nil || *pc.Strength != 5 {
		t.Errorf("A4339: 19 AL is named with its strength: %+v", pc)
	}
	if len(a4339) != 8 {
		t.Errorf("A4339 holds %d pieces, want 8 (Loomis, 1 LA, 17 AL SS Bn, five regiments named): %v", len(a4339), a4339)
	}
	// "Wood/1/LW, repl leader" (L3115) names no brigade's leader: Hascall
	// comes with 1/1/LW, on his front face
	if pc, ok := at("A4730")["Hascall/1/1/LW"]; !ok || pc.Face != "" || pc.Of == nil {
		t.Errorf("A4730: Hascall from 1/1/LW on his front face: got %+v (found %v)", pc, ok)
	}
}
