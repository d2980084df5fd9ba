package battle

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
)

// ParseTime reads "Dec 30 1300" against the battle's days and the rule
// system's turn track.
func (b *Battle) ParseTime(s string) (Turn, error) {
	day, tm := "", ""
	for _, d := range b.Days {
		if strings.HasPrefix(s, d+" ") && len(d) > len(day) {
			day, tm = d, strings.TrimSpace(s[len(d)+1:])
		}
	}
	if day == "" {
		return Turn{}, fmt.Errorf("%q does not start with a day of the battle (%s)", s, strings.Join(b.Days, ", "))
	}
	di := 0
	for i, d := range b.Days {
		if d == day {
			di = i
		}
	}
	for si, sl := range b.Slots {
		if sl.Time != tm {
			continue
		}
		g := di
		if sl.NextDay {
			g--
		}
		if g < 0 {
			return Turn{}, fmt.Errorf("%s %s comes before the first turn of the track", day, tm)
		}
		return Turn{Index: g*len(b.Slots) + si, Day: day, Time: tm, Light: sl.Light}, nil
	}
	var times []string
	for _, sl := range b.Slots {
		times = append(times, sl.Time)
	}
	return Turn{}, fmt.Errorf("%q is not a turn on the %s turn track (%s)", tm, b.System, strings.Join(times, " "))
}

// TurnAt returns the turn with index i.
func (b *Battle) TurnAt(i int) Turn {
	n := len(b.Slots)
	g, si := i/n, i%n
	sl := b.Slots[si]
	di := g
	if sl.NextDay {
		di++
	}
	day := ""
	if di < len(b.Days) {
		day = b.Days[di]
	}
	return Turn{Index: i, Day: day, Time: sl.Time, Light: sl.Light}
}

// time reads a time node; a missing one (nil) is not reported here: the
// schema requires every time the battle needs, and says so on its parent.
func (ld *loader) time(d *schema.Doc, n *schema.Node) (Turn, bool) {
	if n == nil {
		return Turn{}, false
	}
	t, err := ld.b.ParseTime(schema.Str(n))
	if err != nil {
		ld.diags.Addf(CodeTime, d.Pos(n), "%v", err)
		return Turn{}, false
	}
	t.Pos = d.Pos(n)
	return t, true
}

func (ld *loader) resolveScenario(d *schema.Doc) *Scenario {
	s := &Scenario{ID: schema.Str(schema.Get(d.Root, "id")), Name: schema.Str(schema.Get(d.Root, "name")),
		Source: schema.Str(schema.Get(d.Root, "source")), Note: schema.Str(schema.Get(d.Root, "note")),
		Pos: d.Pos(schema.Get(d.Root, "id")), File: d.File}
	if s.ID == "" {
		return nil
	}
	ld.printed = nil
	m := ld.b.Map
	for _, pn := range schema.Items(schema.Get(d.Root, "sheets")) {
		id := schema.Str(pn)
		var pa PlayArea
		pa.Pos = d.Pos(pn)
		if schema.IsMap(pn) {
			if schema.Get(pn, "sheet") == nil {
				continue // the schema says it needs one
			}
			id = schema.Str(schema.Get(pn, "sheet"))
			pa.Pos = d.Pos(schema.Get(pn, "sheet"))
			for key, into := range map[string]*[2]int{"rows": &pa.Rows, "cols": &pa.Cols} {
				if it := schema.Items(schema.Get(pn, key)); len(it) == 2 {
					a, _ := schema.Int(it[0])
					b, _ := schema.Int(it[1])
					*into = [2]int{int(min(a, b)), int(max(a, b))}
				}
			}
		}
		if m == nil {
			continue
		}
		pa.Sheet = m.Grid.Sheet(id)
		if pa.Sheet == nil && ld.sheetRefused(id) {
			continue // the sheet's Y011 says what was skipped
		}
		if pa.Sheet == nil {
			var ids []string
			for _, sh := range m.Grid.Sheets {
				ids = append(ids, sh.ID)
			}
			dg := ld.diags.Addf(CodeSheetInPlay, pa.Pos, "the map has no sheet %q", id)
			if len(ids) > 0 {
				dg.Hint = "sheets: " + strings.Join(ids, ", ")
			}
			continue
		}
		s.Play = append(s.Play, pa)
	}
	tn := schema.Get(d.Root, "turns")
	first, okF := ld.time(d, schema.Get(tn, "first"))
	last, okL := ld.time(d, schema.Get(tn, "last"))
	if okF {
		s.First = first
	}
	if okL {
		s.Last = last
	}
	if okF && okL && s.Last.Index < s.First.Index {
		ld.diags.Addf(CodeTurnOrder, s.Last.Pos, "the last turn, %s, comes before the first, %s", s.Last.Text(), s.First.Text())
	}
	if fn := schema.Get(d.Root, "first"); fn != nil {
		s.FirstSide = schema.Str(fn)
		if ld.b.Side(s.FirstSide) == nil {
			ld.unknownSide(d.Pos(fn), s.FirstSide)
		}
	}
	ld.options(d, s)
	ld.setup(d, s)
	ld.schedule(d, s)
	s.ListsOut = schema.Get(d.Root, "not_in_play") != nil
	ld.perSide(d, schema.Get(d.Root, "not_in_play"), func(side string, n *schema.Node) {
		s.NotInPlay = append(s.NotInPlay, ld.pieces(d, side, schema.Items(n))...)
	})
	ld.expandRest(s)
	s.StandIns = map[*oob.Formation]*oob.Leader{}
	stand := func(ps []Piece) {
		for _, pc := range ps {
			if pc.Replaces != nil && pc.Ref.Leader != nil && pc.Ref.Leader.Spare && s.StandIns[pc.Replaces.Formation] == nil && pc.Replaces.Formation.Leader == pc.Replaces {
				s.StandIns[pc.Replaces.Formation] = pc.Ref.Leader
			}
		}
	}
	for _, st := range s.Setup {
		stand(st.Pieces)
	}
	for _, a := range s.Arrivals {
		stand(a.Pieces)
	}
	for _, vn := range schema.Items(schema.Get(d.Root, "variants")) {
		s.Variants = append(s.Variants, Named{Name: schema.Str(vn), Pos: d.Pos(vn)})
	}
	ld.perSide(d, schema.Get(d.Root, "independent"), func(side string, n *schema.Node) {
		s.Independent = append(s.Independent, ld.pieces(d, side, schema.Items(n))...)
	})
	s.Attachments = map[*oob.Formation]*oob.Formation{}
	ld.perSide(d, schema.Get(d.Root, "attachments"), func(side string, n *schema.Node) {
		keys, vals := schema.Pairs(n)
		for i, k := range keys {
			from, to := ld.attachment(d, side, k), ld.attachment(d, side, vals[i])
			if from == nil || to == nil {
				continue
			}
			if to.Within(from) {
				ld.diags.Addf(CodeLevelOrder, d.Pos(vals[i]), "%s cannot be attached to %s, which is part of it", from.Label(), to.Label())
			} else {
				s.Attachments[from] = to
			}
		}
	})
	ld.perSide(d, schema.Get(d.Root, "activation"), func(side string, n *schema.Node) {
		keys, vals := schema.Pairs(n)
		for i, k := range keys {
			f := ld.attachment(d, side, k)
			if f == nil {
				continue
			}
			c, _ := schema.Int(vals[i])
			s.Activation = append(s.Activation, Activation{Side: side, Formation: f, Count: int(c), Pos: d.Pos(k)})
		}
	})
	ld.judgePrinted(s)
	ld.efficiency(d, s)
	ld.cups(d, s)
	ld.events(d, s)
	v := schema.Get(d.Root, "victory")
	s.Victory.Text = schema.Str(schema.Get(v, "text"))
	for _, vn := range schema.Items(schema.Get(v, "hexes")) {
		vh := VictoryHexes{Points: map[string]int{}, Note: schema.Str(schema.Get(vn, "note"))}
		for _, hn := range schema.Items(schema.Get(vn, "hexes")) {
			if h, ok := ld.hex(d, hn); ok {
				vh.Hexes = append(vh.Hexes, h)
			}
		}
		keys, vals := schema.Pairs(schema.Get(vn, "points"))
		for i, k := range keys {
			if ld.b.Side(k.Value) == nil {
				ld.unknownSide(d.Pos(k), k.Value)
				continue
			}
			p, _ := schema.Int(vals[i])
			vh.Points[k.Value] = int(p)
		}
		s.Victory.Hexes = append(s.Victory.Hexes, vh)
	}
	return s
}

// perSide iterates a mapping keyed by side id.
func (ld *loader) perSide(d *schema.Doc, n *schema.Node, f func(side string, v *schema.Node)) {
	keys, vals := schema.Pairs(n)
	for i, k := range keys {
		if ld.b.Side(k.Value) == nil {
			ld.unknownSide(d.Pos(k), k.Value)
			continue
		}
		f(k.Value, vals[i])
	}
}

func (ld *loader) setup(d *schema.Doc, s *Scenario) {
	ld.perSide(d, schema.Get(d.Root, "setup"), func(side string, sn *schema.Node) {
		keys, vals := schema.Pairs(sn)
		// A tree the load lets go once this scenario is resolved (drop)
		// lets each stack's nodes go as the stack is read: the set-up is
		// most of a scenario, and its tree and its model are not held
		// whole together. An anchored node may be read again through an
		// alias, and keeps its entries.
		free := ld.places[d] != nil && sn.Anchor == ""
		if free {
			sn.Content = nil
		}
		for i, k := range keys {
			if free {
				keys[i] = nil
			}
			h, ok := ld.hex(d, k)
			if !ok {
				continue
			}
			st := &Stack{Side: side, Hex: h}
			entries := items(vals[i])
			if schema.IsMap(vals[i]) {
				entries = items(schema.Get(vals[i], "units"))
				bw := schema.Get(vals[i], "breastworks")
				if b, ok := schema.Bool(bw); ok && b {
					st.Breastworks = 1
				} else if n, ok := schema.Int(bw); ok {
					st.Breastworks = int(n)
				}
				st.Reserve, _ = schema.Bool(schema.Get(vals[i], "reserve"))
				if n, ok := schema.Int(schema.Get(vals[i], "within")); ok {
					st.Within = int(n)
				}
				st.Orders = ld.orders(d, schema.Get(vals[i], "orders"))
				st.Facing = schema.Str(schema.Get(vals[i], "facing"))
				st.Note = schema.Str(schema.Get(vals[i], "note"))
				if g := schema.Get(vals[i], "group"); g != nil {
					st.Group, st.GroupPos = schema.Str(g), d.Pos(g)
				}
				st.Fatigue = fatigue(d, schema.Get(vals[i], "fatigue"))
				st.WorksFacing = worksFacing(d, schema.Get(vals[i], "breastwork_facing"))
			}
			st.Pieces = ld.pieces(d, side, entries)
			s.Setup = append(s.Setup, st)
			if free {
				vals[i] = nil
			}
		}
	})
}

// fatigue reads a Fatigue level as written (its bounds are the ruleset's,
// checked in validate).
func fatigue(d *schema.Doc, n *schema.Node) Fatigue {
	if n == nil || schema.Str(n) == "" {
		return Fatigue{}
	}
	return Fatigue{Level: schema.Str(n), Pos: d.Pos(n)}
}

// worksFacing reads `breastwork_facing:`: one list of hexsides ([6, 1]) or
// a list of them, one for each marker ([[6, 1], [3, 4]]).
func worksFacing(d *schema.Doc, n *schema.Node) []WorksFacing {
	items := schema.Items(n)
	if len(items) == 0 {
		return nil
	}
	sides := func(n *schema.Node) WorksFacing {
		w := WorksFacing{Pos: d.Pos(n)}
		for _, x := range schema.Items(n) {
			if v, ok := schema.Int(x); ok {
				w.Sides = append(w.Sides, int(v))
			}
		}
		return w
	}
	if !schema.IsSeq(items[0]) {
		return []WorksFacing{sides(n)}
	}
	var out []WorksFacing
	for _, x := range items {
		out = append(out, sides(x))
	}
	return out
}

func (ld *loader) orders(d *schema.Doc, n *schema.Node) string {
	if n == nil {
		return ""
	}
	o := schema.Str(n)
	for _, x := range ld.b.Rules.Orders {
		if x == o {
			return o
		}
	}
	dg := ld.diags.Addf(CodeOrders, d.Pos(n), "%s has no %q orders", ld.b.System, o)
	if len(ld.b.Rules.Orders) == 0 {
		dg.Hint = ld.b.System + " has no orders"
	} else if m := schema.Nearest(o, ld.b.Rules.Orders); m != "" {
		dg.Offer(o, m)
	} else {
		dg.Hint = "orders: " + strings.Join(ld.b.Rules.Orders, ", ")
	}
	return o
}

// pieces resolves the names of a set-up or schedule entry list.
func (ld *loader) pieces(d *schema.Doc, side string, entries []*schema.Node) []Piece {
	out := make([]Piece, 0, len(entries)) // a piece an entry, most often
	// before is what the entry before resolved to (hasBefore false when it
	// did not, or there is none): the book's words for a formation's
	// leader follow the formation
	var before oob.Ref
	hasBefore, opens := false, true
	for _, e := range entries {
		nameNode := e
		if schema.IsMap(e) {
			nameNode = schema.Get(e, "unit")
		}
		p := Piece{Name: schema.Str(nameNode), Pos: d.Pos(nameNode)}
		if p.Name == "" {
			continue
		}
		prev, hadPrev, first := before, hasBefore, opens
		before, hasBefore, opens = oob.Ref{}, false, false
		if schema.IsMap(e) {
			if n, ok := schema.Int(schema.Get(e, "strength")); ok {
				v := int(n)
				p.Strength = &v
			}
			p.Face = schema.Str(schema.Get(e, "face"))
			p.Orders = ld.orders(d, schema.Get(e, "orders"))
			p.Facing = schema.Str(schema.Get(e, "facing"))
			p.Note = schema.Str(schema.Get(e, "note"))
			if f := fatigue(d, schema.Get(e, "fatigue")); f.Level != "" {
				p.Fatigue, p.FatiguePos = f.Level, f.Pos
			}
			p.OutOfCommand, _ = schema.Bool(schema.Get(e, "out_of_command"))
			if an := schema.Get(e, "attached"); an != nil {
				p.Attached = ld.attachment(d, side, an)
			}
			for _, hn := range schema.Items(schema.Get(e, "extends")) {
				if h, ok := ld.hex(d, hn); ok {
					p.Extends = append(p.Extends, h)
				}
			}
		}
		faceNode := schema.Get(e, "face")
		var refs []oob.Ref
		if face, words := ld.leaderWords(side, p.Name); words {
			var pp *oob.Ref
			if hadPrev {
				pp = &prev
			}
			r, ok := ld.formationLeader(p, pp, first)
			if !ok {
				continue
			}
			refs = []oob.Ref{r}
			if p.Face == "" {
				p.Face, faceNode = face, nameNode
			}
		} else if rs, ok := ld.readList(side, p.Name, p.Pos, p.Attached); ok {
			// a list printed as one ("I, 1NY and G, 4US Batteries (XI)") is a
			// piece for each of its names, each with the entry's values
			refs = rs
		} else {
			r, ok := ld.lookup(side, p.Name, p.Pos, p.Attached)
			if !ok {
				continue
			}
			refs = []oob.Ref{r}
		}
		base := p
		for _, ref := range refs {
			p := base
			p.Ref = ref
			before, hasBefore = ref, true
			if schema.IsMap(e) {
				ld.restLess(d, side, e, &p)
			}
			if cn := schema.Get(e, "counter"); cn != nil && schema.IsMap(e) {
				ld.counter(d, cn, &p)
			}
			if rn := schema.Get(e, "replaces"); rn != nil && schema.IsMap(e) {
				p.ReplacesPos = d.Pos(rn)
				if r, ok := ld.lookup(side, schema.Str(rn), d.Pos(rn), nil); ok {
					if r.Leader == nil {
						ld.diags.Addf(CodeUnknownName, d.Pos(rn), "%s is not a leader: replaces names the leader a spare stands in for", r.Name())
					} else {
						p.Replaces = r.Leader
					}
				}
			}
			if p.Strength != nil && ref.Unit != nil {
				if printed, ok := ref.Unit.Values.Get(ld.b.Rules.Strength).Int(); ok && *p.Strength > printed {
					ld.diags.Addf(CodeStrength, d.Pos(schema.Get(e, "strength")), "%s starts at %d but its counter prints %d", ref.Name(), *p.Strength, printed)
				}
			}
			if p.Face != "" {
				ld.face(d, faceNode, p)
			}
			out = append(out, p)
		}
	}
	return out
}

func (ld *loader) face(d *schema.Doc, n *schema.Node, p Piece) {
	var types []string
	if p.Ref.Unit != nil {
		types = []string{p.Ref.Unit.Type}
	} else if p.Ref.Leader != nil {
		if p.Face == "replacement" && p.Ref.Leader.Replacement != nil {
			return
		}
		ld.diags.Addf(CodeFace, d.Pos(n), "leader %s has no %q face", p.Ref.Name(), p.Face)
		return
	} else {
		return
	}
	t := ld.b.Rules.UnitTypes[types[0]]
	if _, ok := t.Faces[p.Face]; ok {
		return
	}
	var faces []string
	for f := range t.Faces {
		faces = append(faces, f)
	}
	sort.Strings(faces)
	dg := ld.diags.Addf(CodeFace, d.Pos(n), "%s (%s) has no %q face", p.Ref.Name(), types[0], p.Face)
	if len(faces) > 0 {
		dg.Hint = "faces: " + strings.Join(faces, ", ")
	}
}

// lookup resolves a name on a side, reporting unknown and ambiguous names.
// A name it does not know is read as printed (printed.go): the side's
// aliases laid on, a formation path after the name; attached is the
// formation the piece is attached to, which such a path may name.
func (ld *loader) lookup(side, name string, pos diag.Pos, attached *oob.Formation) (oob.Ref, bool) {
	ix := ld.b.index[side]
	if ix == nil {
		return oob.Ref{}, false
	}
	if r, ok := ix.One(name); ok {
		return r, true
	}
	refs := ix.Resolve(name)
	switch len(refs) {
	case 1:
		return refs[0], true
	case 0:
		if ref, ok := ld.readLess(side, name, pos, attached); ok {
			return ref, ref != oob.Ref{}
		}
		if ref, ok := ld.readPrinted(ix, name, pos, attached); ok {
			return ref, ref != oob.Ref{}
		}
		if ld.gaps.side(side) {
			return oob.Ref{}, false // the name may be in the document that was lost
		}
		dg := ld.diags.Addf(CodeUnknownName, pos, "unknown unit, leader or formation %q on side %s", name, side).About(diag.Subjects{Values: []string{name}})
		base := name
		if i := strings.Index(name, "/"); i > 0 {
			base = name[:i]
		}
		if cands := ix.Resolve(base); len(cands) > 0 && base != name {
			// the name exists, the qualifier is wrong: offer the nearest
			// qualified name
			var qs []string
			for _, c := range cands {
				qs = append(qs, c.Name())
			}
			sort.Strings(qs)
			best := qs[0]
			for _, q := range qs {
				if schema.Distance(q, name) < schema.Distance(best, name) {
					best = q
				}
			}
			dg.Offer(name, best)
		} else if m := schema.Nearest(base, ix.Names()); m != "" {
			dg.Offer(name, m)
		}
		for _, other := range ld.b.Sides {
			if other.ID != side && ld.b.index[other.ID] != nil && len(ld.b.index[other.ID].Resolve(name)) > 0 {
				dg.Hint = fmt.Sprintf("%q is on side %s", name, other.ID)
			}
		}
		return oob.Ref{}, false
	}
	var cands []string
	for _, r := range refs {
		cands = append(cands, r.Name())
	}
	sort.Strings(cands)
	dg := ld.diags.Addf(CodeAmbiguous, pos, "%q could be %s", name, strings.Join(cands, " or ")).About(diag.Subjects{Values: []string{name}})
	dg.Hint = "qualify it with its formation, e.g. \"" + cands[0] + "\""
	return oob.Ref{}, false
}

func (ld *loader) schedule(d *schema.Doc, s *Scenario) {
	area := func(n *schema.Node) string {
		if n == nil {
			return ""
		}
		name := schema.Str(n)
		if ld.b.Map != nil && ld.b.Map.Areas[name] == nil {
			var names []string
			for k := range ld.b.Map.Areas {
				names = append(names, k)
			}
			sort.Strings(names)
			dg := ld.diags.Addf(CodeArea, d.Pos(n), "the map declares no area %q", name)
			if m := schema.Nearest(name, names); m != "" {
				dg.Offer(name, m)
			} else if len(names) > 0 {
				dg.Hint = "areas: " + strings.Join(names, ", ")
			}
		}
		return name
	}
	hexes := func(n *schema.Node) []HexRef {
		var out []HexRef
		for _, hn := range schema.Items(n) {
			if h, ok := ld.hex(d, hn); ok {
				out = append(out, h)
			}
		}
		return out
	}
	group := func(side string, n *schema.Node) Group {
		g := Group{Side: side, Pos: d.Pos(n), Source: schema.Str(schema.Get(n, "source")), Note: schema.Str(schema.Get(n, "note"))}
		g.Time, _ = ld.time(d, schema.Get(n, "time"))
		g.Hexes = hexes(schema.Get(n, "hexes"))
		g.Area = area(schema.Get(n, "area"))
		g.AreaPos = d.Pos(schema.Get(n, "area"))
		// the alternatives the book gives: "area 3 or 4"
		if alts := schema.Items(schema.Get(n, "or")); len(alts) > 0 && g.Area != "" {
			g.Areas = []Named{{Name: g.Area, Pos: g.AreaPos}}
			for _, x := range alts {
				if an := schema.Get(x, "area"); an != nil {
					g.Areas = append(g.Areas, Named{Name: area(an), Pos: d.Pos(an)})
				}
			}
		}
		g.Pieces = ld.pieces(d, side, schema.Items(schema.Get(n, "units")))
		g.Fatigue = fatigue(d, schema.Get(n, "fatigue"))
		return g
	}
	ld.perSide(d, schema.Get(d.Root, "reinforcements"), func(side string, list *schema.Node) {
		for _, an := range schema.Items(list) {
			a := &Arrival{Group: group(side, an)}
			a.Optional, _ = schema.Bool(schema.Get(an, "optional"))
			if n := schema.Get(an, "activations"); n != nil {
				if v, ok := schema.Int(n); ok {
					a.Activations, a.ActivationsPos = int(v), d.Pos(n)
				}
			}
			for _, cn := range schema.Items(schema.Get(an, "availability")) {
				c := Chance{Pos: d.Pos(cn)}
				c.Time, _ = ld.time(d, schema.Get(cn, "time"))
				r, _ := schema.Int(schema.Get(cn, "roll"))
				pen, _ := schema.Int(schema.Get(cn, "penalty"))
				c.Roll, c.Penalty = int(r), int(pen)
				a.Availability = append(a.Availability, c)
			}
			s.Arrivals = append(s.Arrivals, a)
		}
	})
	ld.perSide(d, schema.Get(d.Root, "withdrawals"), func(side string, list *schema.Node) {
		for _, wn := range schema.Items(list) {
			s.Withdrawals = append(s.Withdrawals, &Withdrawal{Group: group(side, wn)})
		}
	})
}

// attachment resolves the formation a piece is attached to.
func (ld *loader) attachment(d *schema.Doc, side string, n *schema.Node) *oob.Formation {
	ix := ld.b.index[side]
	if ix == nil {
		return nil
	}
	des := schema.Str(n)
	if f := ix.Formation(des); f != nil {
		return f
	}
	if ld.gaps.side(side) {
		return nil
	}
	dg := ld.diags.Addf(CodeUnknownName, d.Pos(n), "no formation %q on side %s", des, side)
	if m := schema.Nearest(des, ix.Names()); m != "" {
		dg.Offer(des, m)
	}
	return nil
}

// options reads the optional rules a scenario is played with: each must be
// one the battle's rules name.
func (ld *loader) options(d *schema.Doc, s *Scenario) {
	known := ld.b.Rules.Figures.Options()
	for _, n := range schema.Items(schema.Get(d.Root, "options")) {
		o := Option{Name: schema.Str(n), Pos: d.Pos(n)}
		if !slices.Contains(known, o.Name) {
			dg := ld.diags.Addf(CodeOption, o.Pos, "the battle's rules have no optional rule %q", o.Name)
			schema.Suggest(dg, o.Name, known, "its optional rules", "its rules name no optional rule; a battle book's rule that binds only with an option names it (figures.breastworks.windows' option)")
		}
		s.Options = append(s.Options, o)
	}
}

// counter resolves a piece's counter: to one of its leader's further
// counters, by name.
func (ld *loader) counter(d *schema.Doc, n *schema.Node, p *Piece) {
	name := schema.Str(n)
	p.CounterPos = d.Pos(n)
	l := p.Ref.Leader
	if l == nil {
		ld.diags.Addf(CodeUnknownName, d.Pos(n), "%s is not a leader: counter %q names a leader's further counter", p.Ref.Name(), name)
		return
	}
	var names []string
	for i, c := range l.Counters {
		if c.Name == name {
			p.Counter = i + 1
			return
		}
		names = append(names, c.Name)
	}
	dg := ld.diags.Addf(CodeUnknownName, d.Pos(n), "leader %s has no counter %q", l.QualifiedName(), name)
	if len(names) > 0 {
		dg.Hint = "his further counters: " + strings.Join(names, ", ")
	} else {
		dg.Hint = "the forces give him no further counters (counters:)"
	}
}
