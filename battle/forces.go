package battle

import (
	"container/heap"
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/rulesets"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
	"go.yaml.in/yaml/v3"
)

func (ld *loader) resolve() {
	var forces, mapsDocs, scens []*schema.Doc
	for _, d := range ld.docs {
		switch d.Kind {
		case "forces":
			forces = append(forces, d)
		case "map":
			mapsDocs = append(mapsDocs, d)
		case "scenario":
			scens = append(scens, d)
		}
	}
	ld.resolveForcesCached(forces) // and the name indexes
	for _, d := range forces {
		ld.drop(d)
	}
	ld.commandLinks()
	if len(mapsDocs) > 1 {
		for _, d := range mapsDocs[1:] {
			ld.diags.Addf(CodeOneMap, d.Pos(d.Root), "a second map document; the first is in %s", mapsDocs[0].File)
			ld.drop(d)
		}
	}
	if len(mapsDocs) > 0 {
		ld.resolveMapCached(mapsDocs[0])
		ld.drop(mapsDocs[0])
	} else if len(scens) > 0 && !ld.gaps.noMap {
		ld.diags.Addf(CodeNoMap, scens[0].Pos(scens[0].Root), "the battle has scenarios but no map document")
	}
	ids := map[string]diag.Pos{}
	var mapDoc *schema.Doc
	if len(mapsDocs) > 0 {
		mapDoc = mapsDocs[0]
	}
	for _, d := range scens {
		ld.keepPlaces(d) // before: resolveScenario lets the set-up's nodes go as it reads them
		s := ld.resolveScenarioCached(d, forces, mapDoc)
		ld.drop(d)
		if s == nil {
			continue
		}
		if first, dup := ids[s.ID]; dup {
			ld.diags.Addf(CodeDuplicate, s.Pos, "scenario id %q is already used at %s", s.ID, first).Cite(first, fmt.Sprintf("scenario id %q is already used", s.ID))
			continue
		}
		ids[s.ID] = s.Pos
		ld.b.Scenarios = append(ld.b.Scenarios, s)
	}
	sort.SliceStable(ld.b.Scenarios, func(i, j int) bool { return ld.b.Scenarios[i].ID < ld.b.Scenarios[j].ID })
}

func (ld *loader) sideOf(d *schema.Doc, n *schema.Node) *oob.Side {
	id := schema.Str(n)
	s := ld.b.Side(id)
	if s == nil && n != nil {
		ld.unknownSide(d.Pos(n), id)
	}
	return s
}

// unknownSide reports a side named at pos that battle.yaml does not
// declare, with the nearest side as its fix; it says nothing when
// battle.yaml's sides could not be read (Y011 says so there once).
func (ld *loader) unknownSide(pos diag.Pos, id string) {
	if ld.sidesLost {
		return
	}
	ld.sideHint(ld.diags.Addf(CodeUnknownSide, pos, "unknown side %q", id), id)
}

func (ld *loader) sideHint(dg *diag.Diagnostic, id string) {
	ids := make([]string, len(ld.b.Sides))
	for i, s := range ld.b.Sides {
		ids[i] = s.ID
	}
	if m := schema.Nearest(id, ids); m != "" {
		dg.Offer(id, m)
		return
	}
	if len(ids) == 0 {
		dg.Hint = ""
		return
	}
	dg.Hint = "sides: " + strings.Join(ids, ", ")
}

type pending struct {
	doc    *schema.Doc
	side   *oob.Side
	parent string
	pos    diag.Pos
	node   *schema.Node
}

// forcesRun is the resolving of the forces documents: each in the list's
// order (forcesDoc), as soon as it is read when the load keeps no cache,
// then all together (forcesEnd: the sides without an army, the documents
// attached by parent:, the names each document gives its side).
type forcesRun struct {
	attach []pending
	armyAt map[string]diag.Pos
	// names are what each document resolved gives its side's index, read
	// from its tree as it was resolved (sideNames)
	names []sideNames
	done  map[*schema.Doc]bool
}

func (ld *loader) resolveForces(docs []*schema.Doc) {
	for _, d := range docs {
		if !ld.forces.done[d] {
			ld.forcesDoc(d)
		}
	}
	for _, s := range ld.b.Sides {
		if s.Army == nil && len(docs) > 0 && !ld.gaps.side(s.ID) {
			ld.diags.Addf(CodeArmy, ld.sidePos[s.ID], "side %s has no army: one forces document needs `army:`", s.ID)
		}
	}
	ld.attach(ld.forces.attach)
	ld.forces.attach = nil
}

// forcesDoc resolves forces document d: its side's army, counter sheets
// and art, and what it gives the side's index (sideNames); a document
// with parent: waits for forcesEnd's attach.
func (ld *loader) forcesDoc(d *schema.Doc) {
	fr := &ld.forces
	if fr.done == nil {
		fr.done, fr.armyAt = map[*schema.Doc]bool{}, map[string]diag.Pos{}
	}
	fr.done[d] = true
	fr.names = append(fr.names, readSideNames(d))
	side := ld.sideOf(d, schema.Get(d.Root, "side"))
	if side == nil {
		return
	}
	ld.counterSheets(d)
	if a := schema.Get(d.Root, "army"); a != nil {
		if !schema.IsMap(a) { // the schema said what it is (S001): no army to read
			ld.loseArmy(d, a, side.ID)
			return
		}
		if first, dup := fr.armyAt[side.ID]; dup {
			ld.diags.Addf(CodeArmy, d.Pos(a), "side %s already has its army in %s", side.ID, first).Cite(first, "side "+side.ID+" already has its army")
			return
		}
		fr.armyAt[side.ID] = d.Pos(a)
		side.Army = ld.formation(d, a, side.ID, nil)
	}
	ld.typeArt(d, side)
	if p := schema.Get(d.Root, "parent"); p != nil {
		fr.attach = append(fr.attach, pending{doc: d, side: side, parent: schema.Str(p), pos: d.Pos(p), node: d.Root})
	} else if schema.Get(d.Root, "formations") != nil || schema.Get(d.Root, "units") != nil {
		n := schema.Key(d.Root, "formations")
		if n == nil {
			n = schema.Key(d.Root, "units")
		}
		ld.diags.Addf(CodeNoParent, d.Pos(n), "formations and units outside the army need `parent:` to say where they belong")
	}
}

// waits reports whether forces document d waits for its parent: its tree
// is read again when it attaches.
func (ld *loader) waits(d *schema.Doc) bool {
	for _, p := range ld.forces.attach {
		if p.doc == d {
			return true
		}
	}
	return false
}

// attach lays each document of docs under the formation its parent
// names, in rounds as if it read the list again while any document found
// its parent: the list in order, each attaching when its parent is there
// by then (the army, or a formation attached before), and the rest in
// later rounds. It costs n log n in the documents, not a round (and a
// fresh index of the army) per document: a heap holds the documents that
// can attach by (round, place in the list), and each formation attached
// frees the documents waiting for its designation.
func (ld *loader) attach(docs []pending) {
	byDesig := map[*oob.Side]map[string]*oob.Formation{}
	index := func(side *oob.Side, f *oob.Formation) {
		ix := byDesig[side]
		if ix == nil {
			ix = map[string]*oob.Formation{}
			byDesig[side] = ix
		}
		f.Walk(func(x *oob.Formation) {
			ld.attachWork++
			if d := x.Designation(); d != "" {
				ix[d] = x
			}
		})
	}
	parentOf := func(p pending) *oob.Formation {
		if p.side.Army == nil {
			return nil
		}
		if p.parent == "army" || p.parent == p.side.Army.Name {
			return p.side.Army
		}
		if byDesig[p.side] == nil {
			index(p.side, p.side.Army)
		}
		return byDesig[p.side][p.parent]
	}
	type waitKey struct {
		side   *oob.Side
		parent string
	}
	waiting := map[waitKey][]int{}
	var ready attachHeap
	for i, p := range docs {
		if parentOf(p) != nil {
			ready = append(ready, attachAt{round: 1, at: i})
		} else {
			k := waitKey{p.side, p.parent}
			waiting[k] = append(waiting[k], i)
		}
	}
	heap.Init(&ready)
	kids := map[*oob.Formation]*childNames{}
	for ready.Len() > 0 {
		a := heap.Pop(&ready).(attachAt)
		p := docs[a.at]
		f := parentOf(p)
		ns := kids[f]
		if ns == nil {
			ns = newChildNames(f)
			kids[f] = ns
			ld.attachWork += len(f.Children) + len(f.Units)
		}
		before := len(f.Children)
		ld.children(p.doc, p.node, f, ns)
		for _, c := range f.Children[before:] {
			index(p.side, c)
			c.Walk(func(x *oob.Formation) {
				k := waitKey{p.side, x.Designation()}
				for _, j := range waiting[k] {
					round := a.round
					if j < a.at { // passed in this round: the next
						round++
					}
					heap.Push(&ready, attachAt{round: round, at: j})
				}
				delete(waiting, k)
			})
		}
	}
	var left []int
	for _, js := range waiting {
		left = append(left, js...)
	}
	sort.Ints(left)
	for _, j := range left {
		p := docs[j]
		if ld.gaps.side(p.side.ID) {
			continue // the parent may be in the document that was lost
		}
		dg := ld.diags.Addf(CodeNoParent, p.pos, "parent %q is not a formation of side %s", p.parent, p.side.ID)
		if p.side.Army != nil {
			if m := schema.Nearest(p.parent, oob.NewIndex(p.side.Army).Names()); m != "" {
				dg.Offer(p.parent, m)
			}
		}
	}
}

// attachAt is a document that can attach: the round it attaches in and
// its place in the list.
type attachAt struct{ round, at int }

type attachHeap []attachAt

func (h attachHeap) Len() int { return len(h) }
func (h attachHeap) Less(i, j int) bool {
	return h[i].round < h[j].round || (h[i].round == h[j].round && h[i].at < h[j].at)
}
func (h attachHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *attachHeap) Push(x any)   { *h = append(*h, x.(attachAt)) }
func (h *attachHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// childNames are the ids of a formation's children and the names of its
// units, to find a second of either: kept for a formation that documents
// attach to, so the thousandth document does not list the 999 before it.
type childNames struct {
	ids   map[string]*oob.Formation
	units map[string]*oob.Unit
}

func newChildNames(f *oob.Formation) *childNames {
	ns := &childNames{ids: make(map[string]*oob.Formation, len(f.Children)), units: make(map[string]*oob.Unit, len(f.Units))}
	for _, c := range f.Children {
		ns.ids[c.ID] = c
	}
	for _, u := range f.Units {
		ns.units[u.Name] = u
	}
	return ns
}

func (ld *loader) formation(d *schema.Doc, n *schema.Node, side string, parent *oob.Formation) *oob.Formation {
	// the formation's keys, each the first of its name (as schema.Get
	// finds it), read in one walk of the mapping
	var id, name, role, level, source, note, art, morale, moraleKey, leader, officers, spares, ledBy, formations, units *schema.Node
	var seen uint16
	c := entries(n)
	for i := 0; i+1 < len(c); i += 2 {
		v := c[i+1]
		switch c[i].Value {
		case "id":
			take(&seen, 1<<0, &id, v)
		case "name":
			take(&seen, 1<<1, &name, v)
		case "role":
			take(&seen, 1<<2, &role, v)
		case "level":
			take(&seen, 1<<3, &level, v)
		case "source":
			take(&seen, 1<<4, &source, v)
		case "note":
			take(&seen, 1<<5, &note, v)
		case "art":
			take(&seen, 1<<6, &art, v)
		case "morale":
			if seen&(1<<7) == 0 {
				moraleKey = c[i]
			}
			take(&seen, 1<<7, &morale, v)
		case "leader":
			take(&seen, 1<<8, &leader, v)
		case "officers":
			take(&seen, 1<<9, &officers, v)
		case "spares":
			take(&seen, 1<<10, &spares, v)
		case "led_by":
			take(&seen, 1<<11, &ledBy, v)
		case "formations":
			take(&seen, 1<<12, &formations, v)
		case "units":
			take(&seen, 1<<13, &units, v)
		}
	}
	f := &oob.Formation{
		ID: schema.Str(id), Name: schema.Str(name), Role: schema.Str(role),
		Level: schema.Str(level), Side: side, Parent: parent, Pos: d.Pos(n),
		Source: schema.Str(source), Note: schema.Str(note),
	}
	f.KeepDesignation()
	if parent != nil && f.ID == "" {
		if id == nil {
			ld.diags.Addf(schema.CodeRequired, d.Pos(n), "a formation below the army needs an `id` (its part of the designation, \"1\" in \"1/1/RW\")")
		}
	}
	if lv, ok := ld.b.Rules.LevelByID(f.Level); ok && parent != nil {
		if pl, ok := ld.b.Rules.LevelByID(parent.Level); ok && lv.Rank <= pl.Rank {
			ld.diags.Addf(CodeLevelOrder, d.Pos(level), "%s cannot sit under %s (%s)", article(f.Level), article(parent.Level), parent.Label())
		}
	}
	f.Art = ld.counterArt(d, art)
	if m := morale; m != nil && schema.IsMap(m) {
		f.Morale = &oob.Track{Pos: d.Pos(moraleKey)}
		keys, vals := schema.Pairs(m)
		for i, k := range keys {
			f.Morale.Values.Set(k.Value, oob.Value{V: schema.Scalar(vals[i]), Pos: d.Pos(vals[i])})
		}
	}
	if l := leader; l != nil {
		f.Leader = ld.leader(d, l, f, false, false)
	}
	for _, o := range items(officers) {
		f.Officers = append(f.Officers, ld.leader(d, o, f, true, false))
	}
	for _, o := range items(spares) {
		f.Officers = append(f.Officers, ld.leader(d, o, f, true, true))
	}
	if lb := ledBy; lb != nil {
		ld.ledBy(d, lb, f)
	}
	ld.members(d, items(formations), items(units), f, nil)
	return f
}

// entries is mapping n's content, its keys and values in turn (a value
// may be an alias: follow it), or nil when n is no mapping: read in
// place, where schema.Pairs copies them.
func entries(n *schema.Node) []*schema.Node {
	n = follow(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	return n.Content
}

// items is sequence n's elements as schema.Items gives them, each alias
// followed, without a copy when no element is an alias.
func items(n *schema.Node) []*schema.Node {
	n = follow(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	for _, c := range n.Content {
		if c == nil || c.Kind == yaml.AliasNode {
			return schema.Items(n)
		}
	}
	return n.Content
}

// follow is the node alias n stands for, as schema's readers follow it.
func follow(n *schema.Node) *schema.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// take keeps value v (its alias followed) in *at when it is the first of
// its key (bit of seen): a mapping read in one walk finds what schema.Get
// finds.
func take(seen *uint16, bit uint16, at **schema.Node, v *schema.Node) {
	if *seen&bit == 0 {
		*seen |= bit
		*at = follow(v)
	}
}

// ledBy reads a formation's `led_by:`, the leader of a formation above it
// who leads it too with the same counter (Dead of Winter BB 4.43: Walker
// leads his division and its only brigade).
func (ld *loader) ledBy(d *schema.Doc, n *schema.Node, f *oob.Formation) {
	name := schema.Str(n)
	if f.Leader != nil {
		ld.diags.Addf(CodeLedBy, d.Pos(n), "%s %s has a leader of its own (%s) and led_by %q: give one or the other", f.Level, f.Label(), f.Leader.Name, name)
		return
	}
	var names []string
	for x := f.Parent; x != nil; x = x.Parent {
		if x.Leader == nil {
			continue
		}
		if x.Leader.Name == name {
			f.LedBy = x.Leader
			x.Leader.Leads = append(x.Leader.Leads, f)
			return
		}
		names = append(names, x.Leader.Name)
	}
	dg := ld.diags.Addf(CodeLedBy, d.Pos(n), "led_by %q names no leader of a formation above %s %s", name, f.Level, f.Label())
	if m := schema.Nearest(name, names); m != "" {
		dg.Offer(name, m)
	} else if len(names) > 0 {
		dg.Hint = "the leaders above it: " + strings.Join(names, ", ")
	}
}

// children adds the formations and units under n to f; ns, when not
// nil, are f's children and units so far (else f has none yet).
func (ld *loader) children(d *schema.Doc, n *schema.Node, f *oob.Formation, ns *childNames) {
	ld.members(d, items(schema.Get(n, "formations")), items(schema.Get(n, "units")), f, ns)
}

// smallChildren is the formations and units a formation's list may hold
// for a second of a name to be found by reading those before it, without
// an index of their names.
const smallChildren = 32

// members adds formations fs and units us to f; ns, when not nil, are f's
// children and units so far (else f has none yet).
func (ld *loader) members(d *schema.Doc, fs, us []*schema.Node, f *oob.Formation, ns *childNames) {
	if ns == nil && len(fs)+len(us) > smallChildren {
		ns = &childNames{ids: make(map[string]*oob.Formation, len(fs)), units: make(map[string]*oob.Unit, len(us))}
	}
	if f.Children == nil && len(fs) > 0 {
		f.Children = make([]*oob.Formation, 0, len(fs))
	}
	if f.Units == nil && len(us) > 0 {
		f.Units = make([]*oob.Unit, 0, len(us))
	}
	for _, c := range fs {
		child := ld.formation(d, c, f.Side, f)
		var prev *oob.Formation
		if ns != nil {
			prev = ns.ids[child.ID]
		} else if child.ID != "" {
			for _, x := range f.Children {
				if x.ID == child.ID {
					prev = x
					break
				}
			}
		}
		if prev != nil && child.ID != "" {
			ld.diags.Addf(CodeDuplicate, d.Pos(schema.Get(c, "id")), "formation %q is already defined at %s", child.Designation(), prev.Pos).
				Cite(prev.Pos, fmt.Sprintf("formation %q is already defined", child.Designation())).About(diag.Subjects{Formations: []string{child.Designation()}})
			continue
		}
		if ns != nil {
			ns.ids[child.ID] = child
		}
		f.Children = append(f.Children, child)
	}
	for _, un := range us {
		u := ld.unit(d, un, f)
		var prev *oob.Unit
		if ns != nil {
			prev = ns.units[u.Name]
		} else {
			for _, x := range f.Units {
				if x.Name == u.Name {
					prev = x
					break
				}
			}
		}
		if prev != nil {
			ld.diags.Addf(CodeDuplicate, d.Pos(schema.Get(un, "name")), "unit %q is already defined at %s", u.QualifiedName(), prev.Pos).
				Cite(prev.Pos, fmt.Sprintf("unit %q is already defined", u.QualifiedName())).About(diag.Subjects{Units: []string{u.QualifiedName()}})
			continue
		}
		if ns != nil {
			ns.units[u.Name] = u
		}
		f.Units = append(f.Units, u)
	}
}

func (ld *loader) leader(d *schema.Doc, n *schema.Node, f *oob.Formation, officer, spare bool) *oob.Leader {
	// the leader's keys, each the first of its name, in one walk
	var name, rank, was, source, note, historical, replacement, from, with, counters *schema.Node
	var seen uint16
	c := entries(n)
	for i := 0; i+1 < len(c); i += 2 {
		v := c[i+1]
		switch c[i].Value {
		case "name":
			take(&seen, 1<<0, &name, v)
		case "rank":
			take(&seen, 1<<1, &rank, v)
		case "was":
			take(&seen, 1<<2, &was, v)
		case "source":
			take(&seen, 1<<3, &source, v)
		case "note":
			take(&seen, 1<<4, &note, v)
		case "historical":
			take(&seen, 1<<5, &historical, v)
		case "replacement":
			take(&seen, 1<<6, &replacement, v)
		case "from":
			take(&seen, 1<<7, &from, v)
		case "with":
			take(&seen, 1<<8, &with, v)
		case "counters":
			take(&seen, 1<<9, &counters, v)
		}
	}
	l := &oob.Leader{Index: ld.nextLeader(), Name: schema.Str(name), Rank: schema.Scalar(rank), Side: f.Side, Formation: f,
		Officer: officer, Spare: spare, Pos: d.Pos(n), Was: schema.Str(was),
		Source: schema.Str(source), Note: schema.Str(note)}
	allowed := ld.ratingsAt(f.Level, spare)
	ld.ratings(d, n, &l.Ratings, allowed, f.Level)
	if h := historical; h != nil {
		l.Historical, l.HistoricalPos = schema.Str(h), d.Pos(h)
	}
	if r := replacement; r != nil {
		l.Replacement = &oob.Leader{Index: ld.nextLeader(), Name: schema.Str(schema.Get(r, "name")), Rank: schema.Scalar(schema.Get(r, "rank")), Side: f.Side, Formation: f, Pos: d.Pos(r)}
		ld.ratings(d, r, &l.Replacement.Ratings, allowed, f.Level)
	}
	if fn := from; fn != nil {
		l.From, l.FromPos = schema.Str(fn), d.Pos(fn)
		ld.time(d, fn)
	}
	if wn := with; wn != nil {
		l.With, l.WithPos = schema.Str(wn), d.Pos(wn)
	}
	for _, cn := range items(counters) {
		c := oob.Counter{Name: schema.Str(schema.Get(cn, "name")), Pos: d.Pos(cn)}
		if fn := schema.Get(cn, "from"); fn != nil {
			c.From, c.FromPos = schema.Str(fn), d.Pos(fn)
			ld.time(d, fn)
		}
		ld.ratings(d, cn, &c.Ratings, allowed, f.Level)
		l.Counters = append(l.Counters, c)
	}
	return l
}

// ratingsAt is the ratings a leader of a formation at level may have (nil
// when the level is unknown: the schema has reported it, and his ratings
// are not judged); a spare leader may stand in at any level, and has the
// ratings of any. Made once per level, and read only.
func (ld *loader) ratingsAt(level string, spare bool) map[string]bool {
	if spare {
		if ld.spareRatings == nil {
			ld.spareRatings = map[string]bool{}
			for _, x := range ld.b.Rules.Levels {
				for _, r := range x.Leader {
					ld.spareRatings[r] = true
				}
			}
		}
		return ld.spareRatings
	}
	if allowed, ok := ld.levelRatings[level]; ok {
		return allowed
	}
	var allowed map[string]bool
	if lv, known := ld.b.Rules.LevelByID(level); known {
		allowed = make(map[string]bool, len(lv.Leader))
		for _, r := range lv.Leader {
			allowed[r] = true
		}
	}
	if ld.levelRatings == nil {
		ld.levelRatings = map[string]map[string]bool{}
	}
	ld.levelRatings[level] = allowed
	return allowed
}

// newUnit hands out units from slabs, so a battle's units lie next to each
// other in memory in the order they are read: the checks and the build
// walk them in that order, and at 100,000 units scattered structs would
// cost a cache miss each.
func (ld *loader) newUnit() *oob.Unit {
	if len(ld.unitSlab) == 0 {
		ld.unitSlab = make([]oob.Unit, 512)
	}
	u := &ld.unitSlab[0]
	ld.unitSlab = ld.unitSlab[1:]
	return u
}

// newValues hands out a unit's values list, room for n, from slabs: a
// list that outgrows its room moves out by itself.
func (ld *loader) newValues(n int) oob.Values {
	if n > 64 {
		return make(oob.Values, 0, n)
	}
	if len(ld.valueSlab) < n {
		ld.valueSlab = make(oob.Values, 1024)
	}
	vs := ld.valueSlab[:0:n]
	ld.valueSlab = ld.valueSlab[n:]
	return vs
}

// scalar is schema.Scalar: a counter value or rating as int64, bool,
// string, or nil for ~. A plain decimal integer is read without strconv's
// every base, and a string is boxed once for the load: a battle's values
// repeat ("R", "B").
func (ld *loader) scalar(n *schema.Node) any {
	if n == nil || n.Kind != yaml.ScalarNode {
		return schema.Scalar(n)
	}
	switch n.Tag {
	case "!!int":
		if v, ok := decimal(n.Value); ok {
			return v
		}
	case "!!str":
		if v, ok := ld.boxed[n.Value]; ok {
			return v
		}
		v := schema.Scalar(n)
		if ld.boxed == nil {
			ld.boxed = map[string]any{}
		}
		ld.boxed[n.Value] = v
		return v
	}
	return schema.Scalar(n)
}

// decimal reads s as a plain decimal integer of at most 18 digits (no
// sign, no leading zero, no underscore: as strconv reads it in base 0).
func decimal(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}

func (ld *loader) nextLeader() int {
	ld.b.NumLeaders++
	return ld.b.NumLeaders - 1
}

// isLeaderKey reports a key of a leader that is not a rating.
func isLeaderKey(k string) bool {
	switch k {
	case "name", "rank", "replacement", "historical", "source", "note", "from", "with", "counters", "was":
		return true
	}
	return false
}

func (ld *loader) ratings(d *schema.Doc, n *schema.Node, into *oob.Values, allowed map[string]bool, level string) {
	if allowed == nil {
		return // the schema has reported the level; keep quiet about ratings
	}
	c := entries(n)
	for i := 0; i+1 < len(c); i += 2 {
		k := c[i]
		if k.Tag == "!!merge" || isLeaderKey(k.Value) {
			continue
		}
		if _, known := ld.b.Rules.Fields[k.Value]; !known {
			continue // the schema has reported it
		}
		if !allowed[k.Value] {
			ld.diags.Addf(CodeRatingNotHere, d.Pos(k), "%s leader has no %q rating in %s", article(level), k.Value, ld.b.System)
			continue
		}
		v := follow(c[i+1])
		if *into == nil {
			*into = ld.newValues(len(c)/2 - i/2) // room for this key and those after it
		}
		into.Set(k.Value, oob.Value{V: ld.scalar(v), Pos: d.Pos(v)})
	}
}

// keyRole is what a key of a unit is to its type.
type keyRole uint8

const (
	keySkip      keyRole = iota // a unit's own key, or one the schema reports
	keyValue                    // a counter field of the type: its value
	keyFace                     // a face of the type: its values
	keyNotHere                  // a counter field of the ruleset the type has not
	keyOtherFace                // a face of another type
)

// typeKeys is what the load knows of a unit type: the ruleset's type, its
// counter fields, and the role of each key a unit of it was read with.
type typeKeys struct {
	t      rulesets.UnitType
	known  bool
	fields map[string]bool
	roles  map[string]keyRole
	// layout is the keys of the last unit of the type read and their
	// roles: the next is most often written with the same keys in the
	// same order, and finds each key's role there without a look-up
	layout []keyAt
}

type keyAt struct {
	key  string
	role keyRole
}

// keysOf returns what the load knows of unit type name, made once per
// type.
func (ld *loader) keysOf(name string) *typeKeys {
	if ld.lastType != nil && ld.lastTypeName == name {
		return ld.lastType
	}
	tk := ld.typeKeys[name]
	if tk == nil {
		tk = ld.newTypeKeys(name)
	}
	ld.lastType, ld.lastTypeName = tk, name
	return tk
}

func (ld *loader) newTypeKeys(name string) *typeKeys {
	t, known := ld.b.Rules.UnitTypes[name]
	tk := &typeKeys{t: t, known: known, fields: ld.fieldsOf(t), roles: map[string]keyRole{}}
	if ld.typeKeys == nil {
		ld.typeKeys = map[string]*typeKeys{}
	}
	ld.typeKeys[name] = tk
	return tk
}

// role is what key k of a unit of the type is, learnt at its first unit.
func (ld *loader) role(tk *typeKeys, k string) keyRole {
	if r, ok := tk.roles[k]; ok {
		return r
	}
	r := keySkip
	_, known := ld.b.Rules.Fields[k]
	switch {
	case isUnitKey(k):
	case hasKey(tk.t.Faces, k):
		r = keyFace
	case !tk.known:
	case known && tk.fields[k]:
		r = keyValue
	case known:
		r = keyNotHere
	case ld.isFace(k):
		r = keyOtherFace
	}
	tk.roles[k] = r
	return r
}

func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}

// isUnitKey reports a key of a unit that is not a counter value.
func isUnitKey(k string) bool {
	switch k {
	case "name", "type", "source", "note", "art", "was":
		return true
	}
	return false
}

func (ld *loader) unit(d *schema.Doc, n *schema.Node, f *oob.Formation) *oob.Unit {
	// the unit's own keys, each the first of its name, in one walk
	var name, typ, was, source, note, art *schema.Node
	var seen uint16
	c := entries(n)
	for i := 0; i+1 < len(c); i += 2 {
		v := c[i+1]
		switch c[i].Value {
		case "name":
			take(&seen, 1<<0, &name, v)
		case "type":
			take(&seen, 1<<1, &typ, v)
		case "was":
			take(&seen, 1<<2, &was, v)
		case "source":
			take(&seen, 1<<3, &source, v)
		case "note":
			take(&seen, 1<<4, &note, v)
		case "art":
			take(&seen, 1<<5, &art, v)
		}
	}
	u := ld.newUnit()
	*u = oob.Unit{Index: ld.b.NumUnits, Name: schema.Str(name), Type: schema.Str(typ), Side: f.Side, Formation: f,
		Pos: d.Pos(n), Was: schema.Str(was),
		Source: schema.Str(source), Note: schema.Str(note)}
	ld.b.NumUnits++
	u.Art = ld.counterArt(d, art)
	tk := ld.keysOf(u.Type)
	t, typeKnown := tk.t, tk.known
	u.Values = ld.newValues(len(t.Fields))
	at := 0 // the key's place in the unit's layout
	for i := 0; i+1 < len(c); i += 2 {
		k := c[i]
		if k.Tag == "!!merge" {
			continue
		}
		name := k.Value
		var role keyRole
		if at < len(tk.layout) && tk.layout[at].key == name {
			role = tk.layout[at].role
		} else {
			role = ld.role(tk, name)
			tk.layout = append(tk.layout[:at], keyAt{name, role})
		}
		at++
		switch role {
		case keyFace:
			faceFields := t.Faces[name]
			var face oob.Values
			allowed := map[string]bool{}
			for _, x := range faceFields {
				allowed[x] = true
			}
			fk, fv := schema.Pairs(c[i+1])
			for j, k2 := range fk {
				if !allowed[k2.Value] {
					if _, known := ld.b.Rules.Fields[k2.Value]; known {
						ld.diags.Addf(CodeValueNotHere, d.Pos(k2), "the %s face of %s changes no %q", name, u.Type, k2.Value)
					}
					continue
				}
				face.Set(k2.Value, oob.Value{V: schema.Scalar(fv[j]), Pos: d.Pos(fv[j])})
			}
			if u.Faces == nil {
				u.Faces = map[string]oob.Values{}
			}
			u.Faces[name] = face
		case keyValue:
			v := follow(c[i+1])
			u.Values.Set(name, oob.Value{V: ld.scalar(v), Pos: d.Pos(v)})
		case keyNotHere:
			ld.diags.Addf(CodeValueNotHere, d.Pos(k), "%s counter has no %q in %s", article(u.Type), name, ld.b.System)
		case keyOtherFace:
			ld.diags.Addf(CodeValueNotHere, d.Pos(k), "%s counter has no %s face in %s", article(u.Type), name, ld.b.System)
		}
	}
	if typeKnown {
		var missing []string
		for _, x := range t.Fields {
			if !u.Values.Has(x) {
				missing = append(missing, x)
			}
		}
		if len(missing) > 0 {
			dg := ld.diags.Addf(CodeMissingValue, d.Pos(name), "%s lacks %s", u.QualifiedName(), strings.Join(missing, ", "))
			dg.Hint = fmt.Sprintf("write %s: ~ if the value is not known", missing[0])
		}
		for _, face := range t.Counters {
			if _, ok := u.Faces[face]; ok {
				continue
			}
			dg := ld.diags.Addf(CodeMissingCounter, d.Pos(name), "%s has no %s counter: every %s counter has one", u.QualifiedName(), face, u.Type)
			dg.Rule = t.Source
			vals := make([]string, len(t.Faces[face]))
			for i, x := range t.Faces[face] {
				vals[i] = x + ": ~"
			}
			dg.Hint = fmt.Sprintf("write %s: {%s}, ~ where a value is not known", face, strings.Join(vals, ", "))
		}
	}
	return u
}

// fieldsOf returns the counter fields a unit type may carry.
func (ld *loader) fieldsOf(t rulesets.UnitType) map[string]bool {
	f := make(map[string]bool, len(t.Fields)+len(t.Optional))
	for _, x := range t.Fields {
		f[x] = true
	}
	for _, x := range t.Optional {
		f[x] = true
	}
	return f
}

func (ld *loader) isFace(name string) bool {
	for _, t := range ld.b.Rules.UnitTypes {
		if _, ok := t.Faces[name]; ok {
			return true
		}
	}
	return false
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiouAEIOU", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// sideNames is what a forces document gives its side's name index: its
// `aliases:` and `leader_words:` (each key's text and its value) and its
// `distinct:` sets (each name and where it is written), read from the tree
// when the document is resolved, laid on the index once every army is
// (names).
type sideNames struct {
	side           string
	aliases, words [][2]string
	distinct       [][]namedAt
	hasDistinct    bool
}

type namedAt struct {
	name string
	pos  diag.Pos
}

func readSideNames(d *schema.Doc) sideNames {
	sn := sideNames{side: schema.Str(schema.Get(d.Root, "side"))}
	keys, vals := schema.Pairs(schema.Get(d.Root, "aliases"))
	for i, k := range keys {
		sn.aliases = append(sn.aliases, [2]string{k.Value, schema.Str(vals[i])})
	}
	keys, vals = schema.Pairs(schema.Get(d.Root, "leader_words"))
	for i, k := range keys {
		sn.words = append(sn.words, [2]string{k.Value, schema.Str(vals[i])})
	}
	list := schema.Get(d.Root, "distinct")
	if list == nil {
		return sn
	}
	sn.hasDistinct = true
	for _, set := range schema.Items(list) {
		var names []namedAt
		for _, n := range schema.Items(set) {
			names = append(names, namedAt{schema.Str(n), d.Pos(n)})
		}
		sn.distinct = append(sn.distinct, names)
	}
	return sn
}

// names lays each forces document's names on its side's index, in the
// list's order: its aliases and leader words (aliases), then its
// distinct names (distinct).
func (ld *loader) names() {
	for _, sn := range ld.forces.names {
		ld.aliases(sn)
		ld.distinct(sn)
	}
	ld.forces.names = nil
}

// distinct reads a forces document's `distinct:`, the look-alike names of
// its side that are different units or leaders, each name of the side.
func (ld *loader) distinct(sn sideNames) {
	if !sn.hasDistinct {
		return
	}
	side := ld.b.Side(sn.side)
	if side == nil || ld.b.index[side.ID] == nil {
		return
	}
	ix := ld.b.index[side.ID]
	if ld.b.distinct == nil {
		ld.b.distinct = map[string]map[[2]string]bool{}
	}
	m := ld.b.distinct[side.ID]
	if m == nil {
		m = map[[2]string]bool{}
		ld.b.distinct[side.ID] = m
	}
	for _, set := range sn.distinct {
		var names []string
		for _, n := range set {
			name := n.name
			if len(ix.Resolve(name)) == 0 {
				dg := ld.diags.Addf(CodeUnknownName, n.pos, "distinct names %q, which is no unit or leader of side %s", name, side.ID)
				if near := schema.Nearest(name, ix.Names()); near != "" {
					dg.Offer(name, near)
				}
				continue
			}
			names = append(names, name)
		}
		for _, a := range names {
			for _, b := range names {
				if a != b {
					m[[2]string{a, b}] = true
				}
			}
		}
	}
}
