package validate

// The possessive check (N051), a proof-reading check beside look-alike
// names: a formation named after its leader whose name spells him
// otherwise ("Hay's Brigade" for Hays').

import (
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodePossessive is raised for a formation name whose possessive misplaces
// the apostrophe in its leader's name.
var CodePossessive = diag.Code{Code: "N051", Severity: diag.Info, Title: "formation named after its leader, spelt otherwise",
	Doc: "A formation's name begins with a possessive that is its leader's name with the apostrophe misplaced: \"Hay's Brigade\" led by Hays, \"McLaw's Division\" led by McLaws (the possessive of a name ending in s is \"Hays'\"). Books print such headings; a scenario that names the formation as printed still finds it. This is for information: the order of battle keeps the book's heading, and a corrected copy (an errata variant) writes the possessive that fits."}

// possessive notes each formation whose name's first word, its apostrophe
// dropped, is its leader's surname, though the word is not the surname's
// possessive.
func (p *pass) possessive() {
	for _, side := range p.b.Sides {
		if side.Army == nil {
			continue
		}
		side.Army.Walk(func(f *oob.Formation) {
			l := f.Leader
			if l == nil {
				l = f.LedBy
			}
			word, _, _ := strings.Cut(f.Name, " ")
			if l == nil || !strings.ContainsAny(word, "'’") {
				return
			}
			sur, _, _ := strings.Cut(l.Name, ",")
			bare := strings.NewReplacer("'", "", "’", "").Replace(word)
			if bare != sur || word == sur+"'" || word == sur+"'s" || word == sur+"’" || word == sur+"’s" {
				return
			}
			p.l.Addf(CodePossessive, f.Pos, "%s is named %q, which makes its leader %s %q: the possessive of %s is %q", f.Label(), f.Name, l.Name, strings.TrimRight(strings.TrimSuffix(word, "'s"), "'’"), sur, sur+"'").About(diag.Subjects{Formations: []string{f.Label()}, Leaders: []string{l.QualifiedName()}})
		})
	}
}
