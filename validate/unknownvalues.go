package validate

import (
	"path/filepath"
	"sort"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodeUnknownSkip is raised once a battle for the units whose unknown
// values kept checks from them.
var CodeUnknownSkip = diag.Code{Code: "N024", Severity: diag.Info, Title: "checks skipped for unknown values",
	Doc: "A rule check needed a counter value the data does not give (a strength written ~). muster does not guess: it skips that check for those units and says once per battle how many were skipped."}

// unknownSkip says once per battle how many units a check skipped for an
// unknown strength, in every scenario in play (FactUnknown).
func unknownSkip(p *pass) {
	b, l := p.b, p.l
	unknown := map[*oob.Unit]bool{}
	for _, s := range b.Scenarios {
		if len(s.Play) == 0 {
			continue
		}
		for u := range p.unknownIn(s) {
			unknown[u] = true
		}
	}
	if n := len(unknown); n > 0 {
		var names []string
		for u := range unknown {
			names = append(names, u.QualifiedName())
		}
		sort.Strings(names)
		ex := names[0]
		if n > 1 {
			ex += ", " + names[1]
		}
		d := l.Addf(CodeUnknownSkip, diag.Pos{File: filepath.ToSlash(filepath.Join(b.Dir, "battle.yaml")), Line: 1, Column: 1},
			"%d %s no known strength, so stacking limits that add up strength were not checked for %s (%s…)", n, diag.Plural(n, "unit")+" "+hasHave(n), pronoun(n), ex)
		d.Hint = "give the strengths, or accept that those stacks are unchecked"
		d.About(diag.Subjects{Units: names})
	}
}

// unknownStrengths lists the units of the scenario's set-up whose strength
// a rule needed but the data does not give: those a stacking limit that
// adds up strength could not judge, and those that extend their line with
// no known strength (the minimum SP of lines cannot be judged): FactUnknown.
func (p *pass) unknownStrengths() map[*oob.Unit]bool {
	out := map[*oob.Unit]bool{}
	for _, v := range p.stacks() {
		for _, u := range v.skipped {
			out[u] = true
		}
	}
	for _, st := range p.s.Setup {
		if st.Within > 0 {
			continue
		}
		for i := range st.Pieces {
			pc := &st.Pieces[i]
			if u := pc.Ref.Unit; u != nil && len(pc.Extends) > 0 && mayExtend(p, pc, u) {
				if _, known := lineStrength(p, pc, u); !known {
					out[u] = true
				}
			}
		}
	}
	return out
}

func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
