package validate

import "github.com/muster-wargames/muster/oob"

// linkSet is the battle's command links (figures.command.links) resolved
// against its forces: for each linked formation, the leaders its units
// and leaders may trace to; the leaders in command wherever they stand.
type linkSet struct {
	to   map[*oob.Formation][]*oob.Leader
	free map[*oob.Leader]bool
}

// resolveLinks resolves the command links (the loader reported the names
// that resolve to nothing, at their place in battle.yaml): FactLinks.
func (p *pass) resolveLinks() *linkSet {
	ls := &linkSet{to: map[*oob.Formation][]*oob.Leader{}, free: map[*oob.Leader]bool{}}
	leader := func(side, name string) *oob.Leader {
		if ix := p.b.Index(side); ix != nil {
			for _, r := range ix.Resolve(name) {
				if r.Leader != nil {
					return r.Leader
				}
			}
		}
		return nil
	}
	for _, lk := range p.f.Command.Links {
		var leaders []*oob.Leader
		for _, n := range lk.Leaders {
			if l := leader(lk.Side, n); l != nil {
				leaders = append(leaders, l)
			}
		}
		for _, n := range lk.Free {
			if l := leader(lk.Side, n); l != nil {
				ls.free[l] = true
			}
		}
		for _, d := range lk.Formations {
			var f *oob.Formation
			if ix := p.b.Index(lk.Side); ix != nil {
				f = ix.Formation(d)
			}
			if f == nil {
				continue
			}
			ls.to[f] = append(ls.to[f], leaders...)
		}
	}
	return ls
}

// of gives the leaders a unit or leader of formation f may trace to by a
// link: those of the nearest linked formation at or above f in t.
func (ls *linkSet) of(t *tree, f *oob.Formation) []*oob.Leader {
	for x := f; x != nil; x = t.parent(x) {
		if l, ok := ls.to[x]; ok {
			return l
		}
	}
	return nil
}
