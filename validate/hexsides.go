package validate

// hexsideAs is what each hexside feature reads as in the scenario of the
// pass: the ruleset's hexside_levels (Dead of Winter BB 18.2: the river's
// level by the day a scenario starts), the level of the latest day not
// after the scenario's first day; nil when no level is in force. A level
// whose day is not one of the battle's the loader reports (B004).
func (p *pass) hexsideAs() map[string]string {
	if p.s == nil || len(p.b.Rules.HexsideLevels) == 0 {
		return nil
	}
	day := -1
	for i, d := range p.b.Days {
		if d == p.s.First.Day {
			day = i
		}
	}
	var as map[string]string
	best := -1
	for _, lv := range p.b.Rules.HexsideLevels {
		for i, d := range p.b.Days {
			if d == lv.From && i <= day && i >= best {
				as, best = lv.As, i
			}
		}
	}
	return as
}
