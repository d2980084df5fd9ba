package validate

import (
	"fmt"

	"github.com/muster-wargames/muster/oob"
)

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func hexWord(n int) string {
	if n == 1 {
		return "hex"
	}
	return "hexes"
}

// valuesMatch reports whether u's counter has, for every field of want,
// one of the values listed (no fields: every unit matches).
func valuesMatch(u *oob.Unit, want map[string][]string) bool {
	for field, vals := range want {
		v := u.Values.Get(field)
		if !v.Known() || !has(vals, fmt.Sprint(v.V)) {
			return false
		}
	}
	return true
}

// artilleryFormation reports whether every unit in and below f is a
// battery, and there is one.
func artilleryFormation(p *pass, f *oob.Formation) bool {
	us := f.AllUnits()
	for _, u := range us {
		if !p.b.Rules.Artillery(u.Type) {
			return false
		}
	}
	return len(us) > 0
}

// refUnits is r.Units() without the allocation of a one-unit slice: a
// ref to one unit gives it in one, which the caller keeps on its stack.
func refUnits(r oob.Ref, one *[1]*oob.Unit) []*oob.Unit {
	if r.Unit != nil {
		one[0] = r.Unit
		return one[:]
	}
	return r.Units()
}

// refLeaders is r.Leaders() as refUnits is r.Units().
func refLeaders(r oob.Ref, one *[1]*oob.Leader) []*oob.Leader {
	if r.Leader != nil {
		one[0] = r.Leader
		return one[:]
	}
	return r.Leaders()
}
