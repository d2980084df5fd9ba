package battle

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// CodePrintedPath is raised here, where a name read as printed is judged.
var CodePrintedPath = diag.Code{Code: "R012", Severity: diag.Warning, Title: "printed formation path disagrees with the order of battle",
	Doc: "A scenario names a unit or leader as its book prints it: its name (with the abbreviations the side's forces declare as `aliases:`, \"Artillery\" for \"Bty\") and the formation path printed after it, \"Moses Bty/1/2/H\". muster finds the unit or leader by its name and reads every part of the path against the order of battle, the scenario's attachments and the piece's own `attached:`: the path must name a formation the unit or leader is in or answers to there (its full designation, \"1/2/H\", or the lower part of it, \"1/2\"). Where a part names another formation, or none, this says which parts disagree and where the order of battle has it, and offers the name that fits; where the name fits several units and no path picks one alone, the one the path fits best is taken and the others are named. The reference is kept as the book prints it, so the finding is the book's: FINDINGS.md explains it, and a corrected copy (an errata variant) writes the path that fits."}

// printedRef is a name read as printed, judged when its scenario's
// attachments are known.
type printedRef struct {
	name     string
	pos      diag.Pos
	attached *oob.Formation // the piece's own attached:, if any
	read     oob.Printed    // the reading taken
	others   []string       // the other units and leaders the name fits
}

// readPrinted reads a name Resolve does not know as a book prints it, and
// takes the reading whose path fits the order of battle (or the piece's
// attached:), or, when none fits, the one whose path disagrees in fewest
// parts; several that fit are ambiguous (R003), several that fit none
// as badly leave the name unknown (R002). Whether the path
// fits the scenario, its attachments counted, is judged when they are
// read (judgePrinted).
func (ld *loader) readPrinted(ix *oob.Index, name string, pos diag.Pos, attached *oob.Formation) (oob.Ref, bool) {
	reads := ix.ReadPrinted(name)
	if len(reads) == 0 {
		return oob.Ref{}, false
	}
	// a formation read by its own part ("Heth/II") goes before a leader
	// or unit of the same name whose path disagrees as much
	score := func(r oob.Printed) int {
		if fits(r.Path, chains(nil, r.Ref, attached)) {
			return 0
		}
		n := 2 * (1 + len(disagree(r.Path, r.Printed, formationOf(r.Ref))))
		if r.Ref.Formation == nil {
			n++
		}
		return n
	}
	best := []int{0}
	for i := 1; i < len(reads); i++ {
		switch a, b := score(reads[i]), score(reads[best[0]]); {
		case a < b:
			best = []int{i}
		case a == b:
			best = append(best, i)
		}
	}
	if len(best) > 1 && score(reads[best[0]]) > 0 {
		return oob.Ref{}, false // fits none, and none best: an unknown name
	}
	if len(best) > 1 {
		var cands []string
		for _, i := range best {
			cands = append(cands, reads[i].Ref.Name())
		}
		sort.Strings(cands)
		dg := ld.diags.Addf(CodeAmbiguous, pos, "%q could be %s", name, strings.Join(cands, " or ")).About(diag.Subjects{Values: []string{name}})
		dg.Hint = "qualify it with its formation, e.g. \"" + cands[0] + "\""
		return oob.Ref{}, true
	}
	pr := printedRef{name: name, pos: pos, attached: attached, read: reads[best[0]]}
	for i, r := range reads {
		if i != best[0] {
			pr.others = append(pr.others, r.Ref.Name())
		}
	}
	sort.Strings(pr.others)
	ld.printed = append(ld.printed, pr)
	return pr.read.Ref, true
}

// chains are the formations a ref is in or answers to in s: its own and
// those above it in the order of battle, through s's attachments, through
// the piece's attached:, and for a leader those he leads too.
func chains(s *Scenario, r oob.Ref, attached *oob.Formation) []*oob.Formation {
	var starts []*oob.Formation
	switch {
	case r.Unit != nil:
		starts = append(starts, r.Unit.Formation)
	case r.Leader != nil:
		starts = append(starts, r.Leader.Formation)
		starts = append(starts, r.Leader.Leads...)
	case r.Formation != nil:
		if s != nil {
			starts = append(starts, s.Parent(r.Formation))
		} else {
			starts = append(starts, r.Formation.Parent)
		}
	}
	if attached != nil {
		starts = append(starts, attached)
	}
	var out []*oob.Formation
	seen := map[*oob.Formation]bool{}
	for _, f := range starts {
		for x := f; x != nil && !seen[x]; {
			seen[x] = true
			out = append(out, x)
			if s != nil {
				x = s.Parent(x)
			} else {
				x = x.Parent
			}
		}
	}
	return out
}

// fits reports whether path names one of the formations of chain: its
// designation ("1/2/H") or, for the formation the ref is in, the lower
// part of it ("1/2").
func fits(path []string, chain []*oob.Formation) bool {
	if len(path) == 0 {
		return true
	}
	q := strings.Join(path, "/")
	for i, f := range chain {
		d := f.Designation()
		if d == "" {
			continue
		}
		if d == q || (i == 0 && strings.HasPrefix(d, q+"/")) {
			return true
		}
	}
	return false
}

// disagree lists the parts of path that differ from the designation of
// the formation f the ref is in, both read from the top (the army's
// child first): a part past the designation's own disagrees too.
func disagree(path, printed []string, f *oob.Formation) []string {
	var d []string
	if f != nil && f.Designation() != "" {
		d = strings.Split(f.Designation(), "/")
	}
	var out []string
	for i := 1; i <= len(path); i++ {
		p := path[len(path)-i]
		if i > len(d) || d[len(d)-i] != p {
			out = append(out, fmt.Sprintf("%q", printed[len(path)-i]))
		}
	}
	// top first, as the book writes them bottom up: keep the printed order
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func formationOf(r oob.Ref) *oob.Formation {
	switch {
	case r.Unit != nil:
		return r.Unit.Formation
	case r.Leader != nil:
		return r.Leader.Formation
	case r.Formation != nil:
		return r.Formation.Parent
	}
	return nil
}

// judgePrinted judges the path of each name of s read as printed
// against the order of battle, s's attachments and the piece's attached:
// (R012 where it does not fit).
func (ld *loader) judgePrinted(s *Scenario) {
	for _, pr := range ld.printed {
		r := pr.read
		if fits(r.Path, chains(s, r.Ref, pr.attached)) {
			continue
		}
		f := formationOf(r.Ref)
		where := "the army"
		if f != nil && f.Parent == nil && f.Name != "" {
			where = f.Name
		}
		if f != nil && f.Designation() != "" {
			where = f.Designation()
		}
		if a := s.Attachments[f]; a != nil {
			where += fmt.Sprintf(" (attached to %s in this scenario)", a.Label())
		}
		if pr.attached != nil {
			where += fmt.Sprintf(" (attached here to %s)", pr.attached.Label())
		}
		parts := disagree(r.Path, r.Printed, f)
		verb := "part " + strings.Join(parts, ", ") + " disagrees"
		if len(parts) > 1 {
			verb = "parts " + strings.Join(parts, ", ") + " disagree"
		}
		msg := fmt.Sprintf("%q reads as %s, which the order of battle has in %s: of the printed path %s, %s", pr.name, r.Ref.Name(), where, strings.Join(r.Printed, "/"), verb)
		if len(pr.others) > 0 {
			msg += "; the name fits " + strings.Join(pr.others, ", ") + " too"
		}
		// the fix is for a corrected copy: the printed data keeps the
		// book's text, and FINDINGS.md says why
		ld.diags.Addf(CodePrintedPath, pr.pos, "%s", msg).About(r.Ref.Subjects()).Offer(pr.name, r.Ref.Name())
	}
	ld.printed = nil
}

// aliases lays a forces document's `aliases:`, the side's printing of
// its names, and its `leader_words:` on the side's index.
func (ld *loader) aliases(sn sideNames) {
	side := ld.b.Side(sn.side)
	if side == nil || ld.b.index[side.ID] == nil {
		return
	}
	for _, a := range sn.aliases {
		ld.b.index[side.ID].Alias(a[0], a[1])
	}
	for _, w := range sn.words {
		ld.b.index[side.ID].LeaderWords(w[0], w[1])
	}
}
