package displays

import (
	"strconv"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
)

// startValues are the values a scenario gives its formations, by the
// track start that reads them (rulesets.DisplayTrack.Start): the label of
// the space each formation's marker starts on.
type startValues map[string]map[*oob.Formation]string

// of is the label of the space f's marker of a track with start starts
// on, "" where the scenario gives f no value.
func (sv startValues) of(start string, f *oob.Formation) string {
	if start == "" {
		return ""
	}
	return sv[start][f]
}

// starts reads the values sc gives its formations; none for nil sc.
func starts(b *battle.Battle, sc *battle.Scenario) startValues {
	sv := startValues{}
	if sc == nil {
		return sv
	}
	set := func(start string, f *oob.Formation, v string) {
		if f == nil {
			return
		}
		if sv[start] == nil {
			sv[start] = map[*oob.Formation]string{}
		}
		if _, ok := sv[start][f]; !ok { // the first the scenario gives
			sv[start][f] = v
		}
	}
	levels := map[string][]string{} // start → the levels of rows reading it
	for _, d := range b.Rules.Play.Displays {
		for _, r := range d.Rows {
			for _, t := range r.Tracks {
				if t.Start != "" {
					levels[t.Start] = append(levels[t.Start], r.Level)
				}
			}
		}
	}
	// GBACW 17.24: the Fatigue level a set-up stack or piece gives its
	// units, their brigade's marker's.
	for _, lv := range levels[rulesets.StartFatigue] {
		for _, st := range sc.Setup {
			for _, p := range st.Pieces {
				v := p.Fatigue
				if v == "" {
					v = st.Fatigue.Level
				}
				if v == "" {
					continue
				}
				for _, u := range p.Ref.Units() {
					set(rulesets.StartFatigue, atLevel(sc, u.Formation, lv), v)
				}
			}
		}
	}
	// GBACW 5.24: a division's activation markers.
	for _, a := range sc.Activation {
		set(rulesets.StartActivations, a.Formation, strconv.Itoa(a.Count))
	}
	// GBACW 5.21: a corps' efficiency fixed for the first turn.
	for _, e := range sc.Efficiency {
		for _, fx := range e.Fixed {
			if fx.Turn.Index == sc.First.Index {
				set(rulesets.StartEfficiency, fx.Formation, strconv.Itoa(fx.Value))
			}
		}
	}
	// TSS 26.0: a brigade's strength points lost, its units' printed
	// strengths less those they are set up at.
	field := b.Rules.Strength
	if field == "" {
		field = "strength"
	}
	for _, lv := range levels[rulesets.StartLosses] {
		lost := map[*oob.Formation]int{}
		var order []*oob.Formation
		for _, st := range sc.Setup {
			for _, p := range st.Pieces {
				us := p.Ref.Units()
				if p.Strength == nil || len(us) != 1 {
					continue
				}
				printed, ok := us[0].Values.Get(field).Int()
				f := atLevel(sc, us[0].Formation, lv)
				if !ok || f == nil || printed <= *p.Strength {
					continue
				}
				if _, seen := lost[f]; !seen {
					order = append(order, f)
				}
				lost[f] += printed - *p.Strength
			}
		}
		for _, f := range order {
			set(rulesets.StartLosses, f, strconv.Itoa(lost[f]))
		}
	}
	return sv
}

// atLevel is the formation of level that f answers to in sc (f itself,
// or one above it, the scenario's attachments followed); nil when none.
func atLevel(sc *battle.Scenario, f *oob.Formation, level string) *oob.Formation {
	for x := f; x != nil; x = sc.Parent(x) {
		if x.Level == level {
			return x
		}
	}
	return nil
}
