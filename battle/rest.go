package battle

import (
	"fmt"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
)

// The codes of a formation written in a list as the book prints it: the
// words for its leader, and its members.
var (
	CodeLeaderWords = diag.Code{Code: "R013", Severity: diag.Warning, Title: "the words for a formation's leader follow no formation",
		Doc: "A book may print words for a formation's leader in a list of names, after the formation (Dead of Winter: \"1/2/RW, repl leader\", 1/2/RW's leader on his replacement face); the side's forces declare them as `leader_words:`, with the face they give. A scenario writes them as printed, where the book prints them, and muster reads them as the leader of the formation just before them. Here the words open the list, follow a unit or a leader rather than a formation, or follow a formation that has no leader of its own, so whose leader they name is not said: the words are left out. The data keeps the book's text, so the finding is the book's: FINDINGS.md explains it, and a corrected copy names the leader."}
	CodeRestLess = diag.Code{Code: "R014", Severity: diag.Warning, Title: "a formation's members as printed do not fit",
		Doc: "A scenario writes a formation as its book prints it in a list: `rest: true`, the members the scenario names nowhere else, and `less:`, the members the book leaves out (\"2/1/P (less Stanford)\"). muster puts the members in the formation's place. Here `rest:` or `less:` is given on a unit or a leader, which has no members, or `less:` names a unit, leader or formation that is not inside the formation: it leaves nothing out, and the book's text disagrees with the order of battle. The same holds for a formation named as printed less some of its parts (\"4/Heth/III (minus 11Miss)\", \"Pender's Division (w/o Artillery)\", \"XII Corps (minus 2/1/XII)\"; also \"less\", \"without\", \"except\"; several parts with commas or \"and\"): muster reads the formation as any printed name, then each part inside it (with the side's `aliases:`), else the one formation within it whose name ends with the words printed (\"Artillery\" for Poague's Artillery); where the name before the parts is no formation, or a part names nothing within it, this says so, and the part leaves nothing out. The reference is kept as the book prints it: FINDINGS.md explains the finding, and a corrected copy (an errata variant) writes what fits."}
)

// leaderWords reports whether name is the side's words for the leader of
// the formation before them, and the face they give him.
func (ld *loader) leaderWords(side, name string) (string, bool) {
	ix := ld.b.index[side]
	if ix == nil {
		return "", false
	}
	return ix.LeaderFace(name)
}

// formationLeader reads the side's words for a formation's leader: the
// leader of the formation the entry before them names (prev; nil when it
// did not resolve, which is reported already), or R013.
func (ld *loader) formationLeader(p Piece, prev *oob.Ref, first bool) (oob.Ref, bool) {
	var why string
	switch {
	case first:
		why = "they open the list"
	case prev == nil:
		return oob.Ref{}, false
	case prev.Unit != nil:
		why = fmt.Sprintf("they follow the unit %s", prev.Name())
	case prev.Leader != nil:
		why = fmt.Sprintf("they follow the leader %s", prev.Name())
	case prev.Formation.Leader == nil:
		why = fmt.Sprintf("they follow %s, which has no leader of its own", prev.Name())
	default:
		return oob.Ref{Leader: prev.Formation.Leader}, true
	}
	dg := ld.diags.Addf(CodeLeaderWords, p.Pos, "%q are the book's words for the leader of the formation named before them, but %s: whose leader they name is not said", p.Name, why).About(diag.Subjects{Values: []string{p.Name}})
	dg.Hint = "write the leader the book means, by name, in a corrected copy"
	return oob.Ref{}, false
}

// restLess reads a formation entry's `rest:` and `less:`.
func (ld *loader) restLess(d *schema.Doc, side string, e *schema.Node, p *Piece) {
	rn, ln := schema.Get(e, "rest"), schema.Get(e, "less")
	if rn == nil && ln == nil {
		return
	}
	f := p.Ref.Formation
	if f == nil {
		at := rn
		if at == nil {
			at = ln
		}
		ld.diags.Addf(CodeRestLess, d.Pos(at), "%s is no formation: only a formation has members to leave out", p.Ref.Name()).About(p.Ref.Subjects())
		return
	}
	p.rest, _ = schema.Bool(rn)
	if ln != nil {
		p.less = []oob.Ref{} // non-nil: the formation is replaced by its members
	}
	for _, x := range schema.Items(ln) {
		r, ok := ld.member(side, f, schema.Str(x))
		if !ok {
			r, ok = ld.lookup(side, schema.Str(x), d.Pos(x), nil)
		}
		if !ok {
			continue
		}
		var in *oob.Formation
		switch {
		case r.Unit != nil:
			in = r.Unit.Formation
		case r.Leader != nil:
			in = r.Leader.Formation
		default:
			in = r.Formation
		}
		if in == nil || !in.Within(f) {
			ld.diags.Addf(CodeRestLess, d.Pos(x), "%s is not inside %s: leaving it out leaves nothing out", r.Name(), f.Label()).About(r.Subjects()).About(diag.Subjects{Formations: []string{f.Label()}})
			continue
		}
		p.less = append(p.less, r)
	}
}

// member reads a name `less:` gives as a member of f, as the book means
// it: qualified by f's designation ("Smith" of 3/1/P, Smith's battery and
// not the leader Smith of another corps), exactly or as printed; false when
// that finds no one member of f.
func (ld *loader) member(side string, f *oob.Formation, name string) (oob.Ref, bool) {
	ix := ld.b.index[side]
	if ix == nil || f.Designation() == "" {
		return oob.Ref{}, false
	}
	q := name + "/" + f.Designation()
	var in []oob.Ref
	refs := ix.Resolve(q)
	if len(refs) == 0 {
		for _, p := range ix.ReadPrinted(q) {
			refs = append(refs, p.Ref)
		}
	}
	for _, r := range refs {
		if x := formationOf(r); x != nil && x.Within(f) {
			in = append(in, r)
		}
	}
	if len(in) != 1 {
		return oob.Ref{}, false
	}
	return in[0], true
}

// expandRest puts the members of each formation written with `rest:` or
// `less:` in its place: its leaders and units, less those it leaves out
// and, with rest:, those the scenario names elsewhere by themselves (in
// the side's set-up for a set-up stack, in its own group for an arrival or
// a withdrawal, and in not_in_play:; a formation named elsewhere is set up
// twice, N005).
func (ld *loader) expandRest(s *Scenario) {
	// named by itself: a unit or leader, not a formation (a formation
	// printed twice is set up twice, N005)
	named := func(m map[any]bool, ps []Piece) {
		for _, pc := range ps {
			if pc.rest || pc.less != nil || pc.Ref.Formation != nil {
				continue
			}
			for _, u := range pc.Ref.Units() {
				m[u] = true
			}
			for _, l := range pc.Ref.Leaders() {
				m[l] = true
			}
		}
	}
	// the members out of play, for a formation written with rest: (made
	// at the first: most scenarios write none, and pay nothing here)
	var out map[any]bool
	outOfPlay := func() map[any]bool {
		if out == nil {
			out = map[any]bool{}
			named(out, s.NotInPlay)
		}
		return out
	}
	// a formation with less: alone names its members first, as a unit
	// named by itself does
	rest := false
	for _, st := range s.Setup {
		st.Pieces = members(st.Pieces, nil, nil, false)
		rest = rest || anyRest(st.Pieces)
	}
	if rest {
		setup := map[string]map[any]bool{}
		for _, st := range s.Setup {
			if setup[st.Side] == nil {
				setup[st.Side] = map[any]bool{}
			}
			named(setup[st.Side], st.Pieces)
		}
		for _, st := range s.Setup {
			st.Pieces = members(st.Pieces, setup[st.Side], outOfPlay(), true)
		}
	}
	group := func(g *Group) {
		g.Pieces = members(g.Pieces, nil, nil, false)
		if !anyRest(g.Pieces) {
			return
		}
		m := map[any]bool{}
		named(m, g.Pieces)
		g.Pieces = members(g.Pieces, m, outOfPlay(), true)
	}
	for _, a := range s.Arrivals {
		group(&a.Group)
	}
	for _, w := range s.Withdrawals {
		group(&w.Group)
	}
}

// anyRest reports whether a piece of ps is a formation written with
// rest:, which members replaces by the members not named elsewhere.
func anyRest(ps []Piece) bool {
	for _, pc := range ps {
		if pc.rest {
			return true
		}
	}
	return false
}

// members is ps with each formation written with rest: (when rest is
// set) or with less: alone (when it is not) replaced by its members:
// those it does not leave out and, with rest:, those neither named nor
// out of play.
func members(ps []Piece, named, out map[any]bool, rest bool) []Piece {
	expands := func(pc Piece) bool { return pc.rest == rest && (pc.rest || pc.less != nil) }
	n := 0
	for _, pc := range ps {
		if expands(pc) {
			n++
		}
	}
	if n == 0 {
		return ps
	}
	var res []Piece
	for _, pc := range ps {
		if !expands(pc) {
			res = append(res, pc)
			continue
		}
		f := pc.Ref.Formation
		left := map[any]bool{}
		for _, r := range pc.less {
			for _, u := range r.Units() {
				left[u] = true
			}
			for _, l := range r.Leaders() {
				left[l] = true
			}
		}
		keep := func(x any) bool {
			return !left[x] && !(pc.rest && (named[x] || out[x]))
		}
		// a member is named by its own name (a card lists it so), where
		// the formation is written
		member := func(name string, r oob.Ref) Piece {
			m := pc
			m.Name, m.Ref, m.Of, m.Strength, m.Face, m.rest, m.less = name, r, f, nil, "", false, nil
			return m
		}
		for _, l := range f.AllLeaders() {
			if keep(l) {
				res = append(res, member(l.Name, oob.Ref{Leader: l}))
			}
		}
		for _, u := range f.AllUnits() {
			if keep(u) {
				res = append(res, member(u.Name, oob.Ref{Unit: u}))
			}
		}
	}
	return res
}
