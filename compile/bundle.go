// Package compile turns a resolved battle into what a play engine loads:
// the JSON engine bundle (one file per scenario), and holds what every
// build target shares (Output, Target). The VASSAL module is built by
// compile/vassal; compile/targets lists the targets.
package compile

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
)

// BundleVersion is the version of the bundle format; its schema is
// schema/schemas/bundle.schema.json.
const BundleVersion = 1

// Bundle is the engine bundle of one scenario.
type Bundle struct {
	Schema     string              `json:"$schema"`
	Format     string              `json:"format"`
	Version    int                 `json:"version"`
	Battle     BattleInfo          `json:"battle"`
	Scenario   ScenarioInfo        `json:"scenario"`
	Sides      []SideInfo          `json:"sides"`
	Turns      []TurnInfo          `json:"turns"`
	Formations lines[FormationOut] `json:"formations"`
	Leaders    lines[LeaderOut]    `json:"leaders"`
	Units      lines[UnitOut]      `json:"units"`
	Map        MapOut              `json:"map"`
	Setup      lines[StackOut]     `json:"setup"`
	Schedule   lines[EventOut]     `json:"schedule"`
	Activation []ActivationOut     `json:"activation,omitempty"`
	// Events are the sides' Event card allotments (AMFS D-2), in the
	// scenario's order.
	Events  []EventsOut `json:"events,omitempty"`
	Victory VictoryOut  `json:"victory"`
}

type BattleInfo struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	System       string `json:"system"`
	Ruleset      string `json:"ruleset"`
	Source       string `json:"source,omitempty"`
	Illustrative string `json:"illustrative,omitempty"`
}

type ScenarioInfo struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Source    string `json:"source,omitempty"`
	Note      string `json:"note,omitempty"`
	FirstSide string `json:"first_side,omitempty"`
	FirstTurn int    `json:"first_turn"`
	LastTurn  int    `json:"last_turn"`
}

type SideInfo struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color,omitempty"`
	Text  string `json:"text,omitempty"`
}

type TurnInfo struct {
	Index int    `json:"index"`
	Day   string `json:"day"`
	Time  string `json:"time"`
	Light string `json:"light"`
}

type FormationOut struct {
	ID     string `json:"id"`
	Name   string `json:"name,omitempty"`
	Level  string `json:"level"`
	Side   string `json:"side"`
	Parent string `json:"parent,omitempty"`
	Leader string `json:"leader,omitempty"`
	// Morale is the formation's morale track (Summer Storm 11.2.1).
	Morale map[string]any `json:"morale,omitempty"`
}

type LeaderOut struct {
	ID          string         `json:"id"`
	Name        string         `json:"name"`
	Side        string         `json:"side"`
	Formation   string         `json:"formation"`
	Chain       []string       `json:"chain"`
	Officer     bool           `json:"officer,omitempty"`
	Rank        any            `json:"rank,omitempty"`
	Ratings     map[string]any `json:"ratings"`
	Replacement *LeaderFace    `json:"replacement,omitempty"`
	// Spare: a spare leader with no command of his own (3DoG BB 4.42).
	Spare bool `json:"spare,omitempty"`
	// From is the turn his counter comes into play (3DoG BB 4.41), With
	// the leader he is placed with then.
	From *TurnRef `json:"from,omitempty"`
	With string   `json:"with,omitempty"`
	// Counters are his further counters, each taking over from its turn
	// (3DoG BB 4.44).
	Counters []CounterOut `json:"counters,omitempty"`
}

// TurnRef is a turn by its index and as written ("Jul 2 0500").
type TurnRef struct {
	Turn int    `json:"turn"`
	Time string `json:"time"`
}

// CounterOut is one of a leader's further counters.
type CounterOut struct {
	Name    string         `json:"name"`
	From    *TurnRef       `json:"from,omitempty"`
	Ratings map[string]any `json:"ratings"`
}

// EventsOut is one Event card allotment of a side (AMFS D-2): from a
// turn on, the Key cards it picks and the Random ones it draws.
type EventsOut struct {
	Side   string `json:"side"`
	Turn   int    `json:"turn"`
	Time   string `json:"time"`
	Key    int    `json:"key"`
	Random int    `json:"random"`
	Note   string `json:"note,omitempty"`
}

type LeaderFace struct {
	Name    string         `json:"name"`
	Rank    any            `json:"rank,omitempty"`
	Ratings map[string]any `json:"ratings"`
}

type UnitOut struct {
	ID        string                    `json:"id"`
	Name      string                    `json:"name"`
	Side      string                    `json:"side"`
	Type      string                    `json:"type"`
	Class     string                    `json:"class"`
	Formation string                    `json:"formation"`
	Chain     []string                  `json:"chain"`
	Values    map[string]any            `json:"values"`
	Faces     map[string]map[string]any `json:"faces,omitempty"`
}

type MapOut struct {
	Grid    GridOut    `json:"grid"`
	Sheets  []SheetOut `json:"sheets"`
	Hexes   Hexes      `json:"hexes"`
	Roads   []RoadOut  `json:"roads"`
	Areas   []AreaOut  `json:"areas"`
	Illustr string     `json:"illustrative,omitempty"`
}

type GridOut struct {
	Hexes   string `json:"hexes"`
	Shifted string `json:"shifted"`
	Label   string `json:"label"`
	Digits  int    `json:"digits"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
}

type SheetOut struct {
	ID   string `json:"id"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Cols [2]int `json:"cols"`
	Rows [2]int `json:"rows"`
}

type HexOut struct {
	Label      string              `json:"label"`
	Aliases    []string            `json:"aliases,omitempty"`
	X          int                 `json:"x"`
	Y          int                 `json:"y"`
	Terrain    string              `json:"terrain,omitempty"`
	Elevation  *int                `json:"elevation,omitempty"`
	Neighbours []string            `json:"neighbours"`
	Hexsides   map[string][]string `json:"hexsides,omitempty"`
}

type RoadOut struct {
	Type string   `json:"type"`
	Name string   `json:"name,omitempty"`
	Path []string `json:"path"`
}

type AreaOut struct {
	Name  string   `json:"name"`
	Side  string   `json:"side,omitempty"`
	Hexes []string `json:"hexes"`
	// Arrow and Entrance are a staging area's arrow and entrance hexes
	// (TSS 21.1), when the map gives them.
	Arrow    string `json:"arrow,omitempty"`
	Entrance string `json:"entrance,omitempty"`
}

type StackOut struct {
	Hex         string      `json:"hex"`
	Side        string      `json:"side"`
	Units       []PlacedOut `json:"units"`
	Leaders     []PlacedOut `json:"leaders"`
	Breastworks int         `json:"breastworks,omitempty"`
	Within      int         `json:"within,omitempty"`
	Reserve     bool        `json:"reserve,omitempty"`
	Orders      string      `json:"orders,omitempty"`
	Facing      string      `json:"facing,omitempty"`
	// WorksFacing is the hexsides each breastwork covers, when given.
	WorksFacing [][]int `json:"breastwork_facing,omitempty"`
}

type PlacedOut struct {
	ID       string `json:"id"`
	Attached string `json:"attached,omitempty"`
	Strength *int   `json:"strength,omitempty"`
	Face     string `json:"face,omitempty"`
	Orders   string `json:"orders,omitempty"`
	Facing   string `json:"facing,omitempty"`
	// Fatigue is the piece's Fatigue level: its own, else its stack's or
	// group's.
	Fatigue      string `json:"fatigue,omitempty"`
	OutOfCommand bool   `json:"out_of_command,omitempty"`
	// Counter is the further counter a leader's piece is on (3DoG BB
	// 4.44), Replaces the leader a spare stands in for (BB 4.42).
	Counter  string `json:"counter,omitempty"`
	Replaces string `json:"replaces,omitempty"`
}

type EventOut struct {
	Turn  int      `json:"turn"`
	Time  string   `json:"time"`
	Side  string   `json:"side"`
	Kind  string   `json:"kind"`
	Hexes []string `json:"hexes,omitempty"`
	Area  string   `json:"area,omitempty"`
	// Or are the other areas the book gives beside Area ("area 3 or 4"):
	// the group uses one of them.
	Or       []string `json:"or,omitempty"`
	Optional bool     `json:"optional,omitempty"`
	// Activations on the entry turn: the arrival's, else the book's default.
	Activations int         `json:"activations,omitempty"`
	Units       []PlacedOut `json:"units"`
	Leaders     []PlacedOut `json:"leaders"`
	Note        string      `json:"note,omitempty"`
}

// ActivationOut is a formation's activation markers in the scenario.
type ActivationOut struct {
	Side      string `json:"side"`
	Formation string `json:"formation"`
	Count     int    `json:"count"`
}

type VictoryOut struct {
	Text  string       `json:"text,omitempty"`
	Hexes []VictoryHex `json:"hexes"`
}

type VictoryHex struct {
	Hexes  []string       `json:"hexes"`
	Points map[string]int `json:"points"`
	Note   string         `json:"note,omitempty"`
}

func values(vs oob.Values) map[string]any {
	out := make(map[string]any, len(vs))
	for _, v := range vs {
		out[v.Name] = v.V
	}
	return out
}

// ids names a bundle's formations ("USA:1/1/RW", "USA:army"), units and
// leaders ("USA:74 IL/1/1/RW"), working out each formation's designation
// and chain of command once rather than once per unit.
type ids struct {
	desig  map[*oob.Formation]string
	chains map[*oob.Formation][]string
}

func newIDs() *ids {
	return &ids{desig: map[*oob.Formation]string{}, chains: map[*oob.Formation][]string{}}
}

// designation is Formation.Designation, remembered.
func (x *ids) designation(f *oob.Formation) string {
	if f.Parent == nil {
		return ""
	}
	if d, ok := x.desig[f]; ok {
		return d
	}
	d := f.ID
	if up := x.designation(f.Parent); up != "" {
		d += "/" + up
	}
	x.desig[f] = d
	return d
}

func (x *ids) formation(f *oob.Formation) string {
	if d := x.designation(f); d != "" {
		return f.Side + ":" + d
	}
	return f.Side + ":army"
}

// piece names a unit or leader of formation f: "USA:74 IL/1/1/RW".
func (x *ids) piece(side, name string, f *oob.Formation) string {
	if d := x.designation(f); d != "" {
		return side + ":" + name + "/" + d
	}
	return side + ":" + name
}

func (x *ids) unit(u *oob.Unit) string     { return x.piece(u.Side, u.Name, u.Formation) }
func (x *ids) leader(l *oob.Leader) string { return x.piece(l.Side, l.Name, l.Formation) }

func (x *ids) attached(p battle.Piece) string {
	if p.Attached == nil {
		return ""
	}
	return x.formation(p.Attached)
}

// chain lists the ids of f and the formations above it, bottom up. The
// slice is shared by every unit of f: callers must not change it.
func (x *ids) chain(f *oob.Formation) []string {
	if c, ok := x.chains[f]; ok {
		return c
	}
	c := []string{x.formation(f)}
	if f.Parent != nil {
		c = append(c, x.chain(f.Parent)...)
	}
	x.chains[f] = c
	return c
}

// NewBundle builds the bundle of scenario s.
func NewBundle(b *battle.Battle, s *battle.Scenario) *Bundle {
	out := &Bundle{
		Schema: "https://muster.dev/schemas/v1/bundle.schema.json", Format: "muster-bundle", Version: BundleVersion,
		Battle:     BattleInfo{ID: b.ID, Name: b.Name, System: b.System, Ruleset: b.Rules.Name, Source: b.Source, Illustrative: b.Illustrative},
		Scenario:   ScenarioInfo{ID: s.ID, Name: s.Name, Source: s.Source, Note: s.Note, FirstSide: s.FirstSide, FirstTurn: s.First.Index, LastTurn: s.Last.Index},
		Formations: []FormationOut{}, Leaders: make([]LeaderOut, 0, b.NumLeaders), Units: make([]UnitOut, 0, b.NumUnits), Setup: []StackOut{}, Schedule: []EventOut{},
		Victory: VictoryOut{Text: s.Victory.Text, Hexes: []VictoryHex{}},
	}
	for _, sd := range b.Sides {
		out.Sides = append(out.Sides, SideInfo{sd.ID, sd.Name, sd.Color, sd.Text})
	}
	for i := s.First.Index; i <= s.Last.Index; i++ {
		t := b.TurnAt(i)
		out.Turns = append(out.Turns, TurnInfo{t.Index, t.Day, t.Time, t.Light})
	}
	id := newIDs()
	for _, sd := range b.Sides {
		if sd.Army == nil {
			continue
		}
		sd.Army.Walk(func(f *oob.Formation) {
			fid, ch := id.formation(f), id.chain(f)
			fo := FormationOut{ID: fid, Name: f.Name, Level: f.Level, Side: f.Side}
			if f.Parent != nil {
				fo.Parent = id.formation(f.Parent)
			}
			if f.Leader != nil {
				fo.Leader = id.leader(f.Leader)
			} else if f.LedBy != nil {
				fo.Leader = id.leader(f.LedBy) // led by a leader above, with one counter
			}
			if f.Morale != nil {
				fo.Morale = values(f.Morale.Values)
			}
			out.Formations = append(out.Formations, fo)
			ls := f.Officers
			if f.Leader != nil {
				ls = append([]*oob.Leader{f.Leader}, ls...)
			}
			for _, l := range ls {
				lo := LeaderOut{ID: id.leader(l), Name: l.Name, Side: l.Side, Formation: fid, Chain: ch, Officer: l.Officer, Rank: l.Rank, Ratings: values(l.Ratings)}
				if r := l.Replacement; r != nil {
					lo.Replacement = &LeaderFace{Name: r.Name, Rank: r.Rank, Ratings: values(r.Ratings)}
				}
				lo.Spare, lo.From = l.Spare, turnRef(b, l.From)
				if l.With != "" {
					lo.With = l.With
					if w := leaderNamed(b, l.Side, l.With, l); w != nil {
						lo.With = id.leader(w)
					}
				}
				for _, c := range l.Counters {
					lo.Counters = append(lo.Counters, CounterOut{Name: c.Name, From: turnRef(b, c.From), Ratings: values(c.Ratings)})
				}
				out.Leaders = append(out.Leaders, lo)
			}
			for _, u := range f.Units {
				uo := UnitOut{ID: id.unit(u), Name: u.Name, Side: u.Side, Type: u.Type, Class: b.Rules.Class(u.Type), Formation: fid, Chain: ch, Values: values(u.Values)}
				if len(u.Faces) > 0 {
					uo.Faces = map[string]map[string]any{}
					for k, v := range u.Faces {
						uo.Faces[k] = values(v)
					}
				}
				out.Units = append(out.Units, uo)
			}
		})
	}
	if b.Map != nil {
		out.Map = mapOut(b, s)
	}
	canon := func(h battle.HexRef) string {
		if b.Map == nil {
			return h.Label
		}
		return b.Map.Grid.Label(h.Coord)
	}
	pieces := func(ps []battle.Piece, fatigue string) (us, ls []PlacedOut) {
		us, ls = []PlacedOut{}, []PlacedOut{}
		once := battle.NewOnce(ps)
		for _, p := range ps {
			fat := p.Fatigue
			if fat == "" {
				fat = fatigue
			}
			for _, u := range p.Ref.Units() {
				if !once.Take(u, p) {
					continue
				}
				us = append(us, PlacedOut{ID: id.unit(u), Attached: id.attached(p), Strength: p.Strength, Face: p.Face, Orders: p.Orders, Facing: p.Facing, Fatigue: fat, OutOfCommand: p.OutOfCommand})
			}
			for _, l := range p.Ref.Leaders() {
				if !once.Take(l, p) {
					continue
				}
				po := PlacedOut{ID: id.leader(l), Attached: id.attached(p), Face: p.Face, Fatigue: fat}
				if p.Ref.Leader == l {
					if p.Counter > 0 && p.Counter <= len(l.Counters) {
						po.Counter = l.Counters[p.Counter-1].Name
					}
					if p.Replaces != nil {
						po.Replaces = id.leader(p.Replaces)
					}
				}
				ls = append(ls, po)
			}
		}
		return us, ls
	}
	for _, st := range s.Setup {
		so := StackOut{Hex: canon(st.Hex), Side: st.Side, Breastworks: st.Breastworks, Within: st.Within, Reserve: st.Reserve, Orders: st.Orders, Facing: st.Facing}
		for _, w := range st.WorksFacing {
			so.WorksFacing = append(so.WorksFacing, w.Sides)
		}
		so.Units, so.Leaders = pieces(st.Pieces, st.Fatigue.Level)
		out.Setup = append(out.Setup, so)
	}
	out.Setup = sortStacks(out.Setup)
	hexList := func(hs []battle.HexRef) []string {
		o := []string{}
		for _, h := range hs {
			o = append(o, canon(h))
		}
		return o
	}
	for _, a := range s.Arrivals {
		e := EventOut{Turn: a.Time.Index, Time: a.Time.Text(), Side: a.Side, Kind: "arrive", Hexes: hexList(a.Hexes), Area: a.Area, Or: a.Alternatives(), Optional: a.Optional, Note: a.Note,
			Activations: b.Rules.Figures.Entry.ArrivalActivations(a.Activations)}
		e.Units, e.Leaders = pieces(a.Pieces, a.Fatigue.Level)
		out.Schedule = append(out.Schedule, e)
	}
	for _, w := range s.Withdrawals {
		e := EventOut{Turn: w.Time.Index, Time: w.Time.Text(), Side: w.Side, Kind: "withdraw", Hexes: hexList(w.Hexes), Area: w.Area, Or: w.Alternatives(), Note: w.Note}
		e.Units, e.Leaders = pieces(w.Pieces, w.Fatigue.Level)
		out.Schedule = append(out.Schedule, e)
	}
	slices.SortStableFunc(out.Schedule, func(a, b EventOut) int { return cmp.Compare(a.Turn, b.Turn) })
	for _, a := range s.Activation {
		out.Activation = append(out.Activation, ActivationOut{Side: a.Side, Formation: id.formation(a.Formation), Count: a.Count})
	}
	for _, e := range s.Events {
		out.Events = append(out.Events, EventsOut{Side: e.Side, Turn: e.From.Index, Time: e.From.Text(), Key: e.Key, Random: e.Random, Note: e.Note})
	}
	for _, v := range s.Victory.Hexes {
		if len(v.Hexes) == 0 {
			continue // every hex of the entry is reported off the map
		}
		out.Victory.Hexes = append(out.Victory.Hexes, VictoryHex{Hexes: hexList(v.Hexes), Points: v.Points, Note: v.Note})
	}
	return out
}

// turnRef is a turn as the forces write it ("Jul 2 0500"); nil when none
// is given or the battle's turn track does not read it (a load
// diagnostic).
func turnRef(b *battle.Battle, s string) *TurnRef {
	if s == "" {
		return nil
	}
	t, err := b.ParseTime(s)
	if err != nil {
		return nil
	}
	return &TurnRef{Turn: t.Index, Time: t.Text()}
}

// leaderNamed resolves a leader's name on side (with:), other than l.
func leaderNamed(b *battle.Battle, side, name string, l *oob.Leader) *oob.Leader {
	ix := b.Index(side)
	if ix == nil {
		return nil
	}
	for _, r := range ix.Resolve(name) {
		if r.Leader != nil && r.Leader != l {
			return r.Leader
		}
	}
	return nil
}

func mapOut(b *battle.Battle, s *battle.Scenario) MapOut {
	m := b.Map
	g := m.Grid
	mo := MapOut{Grid: GridOut{Hexes: "flat-top", Shifted: "even", Label: "col-row", Digits: g.Digits, Width: g.W, Height: g.H}, Sheets: []SheetOut{}, Roads: []RoadOut{}, Areas: []AreaOut{}, Illustr: b.MapNote}
	if g.Pointy {
		mo.Grid.Hexes = "pointy-top"
	}
	if g.ShiftOdd {
		mo.Grid.Shifted = "odd"
	}
	if g.RowCol {
		mo.Grid.Label = "row-col"
	}
	for _, sh := range g.Sheets {
		mo.Sheets = append(mo.Sheets, SheetOut{ID: sh.ID, X: sh.X, Y: sh.Y, Cols: [2]int{sh.ColFirst, sh.ColLast}, Rows: [2]int{sh.RowFirst, sh.RowLast}})
	}
	// Work out once which hexes are in play and how each is labelled; the
	// neighbour lists then only look them up.
	W, H := g.W, g.H
	play := make([]bool, W*H)
	label := make([]string, W*H)
	var aliases [][]string
	aliasAt := map[int]int{}
	count := 0
	// The labels are written into one string, in hex order, and each hex
	// takes its slice of it: one allocation, and the neighbour lists below
	// read labels that lie next to each other in memory.
	var text []byte
	span := make([][2]int32, W*H)
	m.Hexes(func(c maps.Coord) {
		if !s.InPlay(c) {
			return
		}
		i := c.Y*W + c.X
		play[i] = true
		first := true
		for _, sh := range g.Sheets { // the first sheet's label; overlaps add aliases
			if !sh.Contains(c) {
				continue
			}
			if first {
				first = false
				start := len(text)
				text = g.AppendLabelOn(text, sh, c)
				span[i] = [2]int32{int32(start), int32(len(text))}
				continue
			}
			k, ok := aliasAt[i]
			if !ok {
				k = len(aliases)
				aliasAt[i] = k
				aliases = append(aliases, nil)
			}
			aliases[k] = append(aliases[k], g.LabelOn(sh, c))
		}
		count++
	})
	all := string(text)
	for i, sp := range span {
		if play[i] {
			label[i] = all[sp[0]:sp[1]]
		}
	}
	// sided marks, per hex, the neighbours (by their place in
	// Grid.Neighbours) across a hexside with features, so the map of
	// hexsides is read only where it has something.
	sided := make([]uint8, W*H)
	for e := range m.Hexsides {
		for _, ab := range [2][2]maps.Coord{{e.A, e.B}, {e.B, e.A}} {
			i, ok := g.Index(ab[0])
			if !ok {
				continue
			}
			for k, n := range g.Neighbours(ab[0]) {
				if n == ab[1] {
					sided[i] |= 1 << k
				}
			}
		}
	}
	mo.Hexes = Hexes{t: &hexTable{m: m, play: play, label: label, aliasAt: aliasAt, aliases: aliases, sided: sided, count: count}}
	for _, r := range m.Roads {
		ro := RoadOut{Type: r.Type, Name: r.Name}
		for _, c := range r.Path {
			ro.Path = append(ro.Path, g.Label(c))
		}
		mo.Roads = append(mo.Roads, ro)
	}
	var names []string
	for n := range m.Areas {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		a := m.Areas[n]
		ao := AreaOut{Name: a.Name, Side: a.Side, Hexes: []string{}}
		for _, c := range a.Hexes {
			ao.Hexes = append(ao.Hexes, g.Label(c))
		}
		if a.Arrow != nil {
			ao.Arrow = g.Label(a.Arrow.Coord)
		}
		if a.Entrance != nil {
			ao.Entrance = g.Label(a.Entrance.Coord)
		}
		mo.Areas = append(mo.Areas, ao)
	}
	return mo
}

// Hexes are the map's hexes in play. A bundle built by NewBundle does not
// keep a HexOut for each (at a million hexes they would be most of its
// memory): the JSON is written from the table one hex at a time. A bundle
// read back with json.Unmarshal holds them as a list. List makes them all.
type Hexes struct {
	t    *hexTable
	list []HexOut // a bundle read back from JSON
}

// Len is the number of hexes in play.
func (h Hexes) Len() int {
	if h.t == nil {
		return len(h.list)
	}
	return h.t.count
}

// each calls f with every hex in play, in order; the HexOut may be reused
// from one call to the next.
func (h Hexes) each(f func(*HexOut) error) error {
	if h.t != nil {
		return h.t.each(f)
	}
	for i := range h.list {
		if err := f(&h.list[i]); err != nil {
			return err
		}
	}
	return nil
}

// List returns every hex in play, in order.
func (h Hexes) List() []HexOut {
	out := make([]HexOut, 0, h.Len())
	h.each(func(ho *HexOut) error {
		c := *ho
		c.Aliases = slices.Clone(ho.Aliases)
		c.Neighbours = slices.Clone(ho.Neighbours)
		if ho.Elevation != nil {
			e := *ho.Elevation
			c.Elevation = &e
		}
		if ho.Hexsides != nil {
			c.Hexsides = make(map[string][]string, len(ho.Hexsides))
			for k, v := range ho.Hexsides {
				c.Hexsides[k] = v
			}
		}
		out = append(out, c)
		return nil
	})
	return out
}

// writeLines writes the hexes one to a line, as JSON writes a HexOut.
func (h Hexes) writeLines(buf sink, indent string) error {
	var line []byte
	n := 0
	return h.each(func(ho *HexOut) error {
		line = appendHex(line[:0], ho)
		n++
		writeLine(buf, indent, line, n < h.Len())
		return nil
	})
}

func (h Hexes) MarshalJSON() ([]byte, error) { return marshalLines(h) }

func (h *Hexes) UnmarshalJSON(data []byte) error {
	var list []HexOut
	if err := json.Unmarshal(data, &list); err != nil {
		return err
	}
	*h = Hexes{list: list}
	return nil
}

// hexTable is what the bundle needs to write its hexes: which hexes are in
// play and their labels, by grid index, and which hexsides have features.
type hexTable struct {
	m       *maps.Map
	play    []bool
	label   []string
	aliasAt map[int]int
	aliases [][]string
	sided   []uint8 // per hex, the neighbours across a hexside with features
	count   int
}

// each calls f with every hex in play, in order. The HexOut and its lists
// are reused from one call to the next.
func (t *hexTable) each(f func(*HexOut) error) error {
	g := t.m.Grid
	W, H := g.W, g.H
	in := func(c maps.Coord) bool { return c.X >= 0 && c.Y >= 0 && c.X < W && c.Y < H && t.play[c.Y*W+c.X] }
	var ho HexOut
	var elev int
	nb := make([]string, 0, 6)
	sides := map[string][]string{}
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			i := y*W + x
			if !t.play[i] {
				continue
			}
			c := maps.Coord{X: x, Y: y}
			h := t.m.At(c)
			ho = HexOut{Label: t.label[i], X: x, Y: y, Terrain: t.m.TerrainName(c)}
			if k, ok := t.aliasAt[i]; ok {
				ho.Aliases = t.aliases[k]
			}
			if h.Elevation >= 0 {
				elev = int(h.Elevation)
				ho.Elevation = &elev
			}
			nb = nb[:0]
			clear(sides)
			for k, n := range g.Neighbours(c) {
				if !in(n) {
					continue
				}
				nl := t.label[n.Y*W+n.X]
				nb = append(nb, nl)
				if t.sided[i]&(1<<k) == 0 {
					continue
				}
				if fs, ok := t.m.Hexsides[maps.EdgeOf(c, n)]; ok {
					sides[nl] = fs
					ho.Hexsides = sides
				}
			}
			ho.Neighbours = nb
			if err := f(&ho); err != nil {
				return err
			}
		}
	}
	return nil
}

// lines is a list the bundle writes one item to a line: formations,
// leaders, units, set-up stacks and schedule events (and Hexes). A bundle
// is mostly these, and indenting every field of every item would make it
// several times larger, slower to write and harder to read in a diff.
type lines[T any] []T

func (l lines[T]) Len() int { return len(l) }

func (l lines[T]) writeLines(buf sink, indent string) error {
	enc := compactJSON[T]()
	var line []byte
	var err error
	for i := range l {
		if line, err = enc(line[:0], &l[i]); err != nil {
			return err
		}
		writeLine(buf, indent, line, i < len(l)-1)
	}
	return nil
}

// MarshalJSON writes the list as Bundle.JSON does, so a list marshals the
// same inside a bundle or on its own; an empty or nil list is [].
func (l lines[T]) MarshalJSON() ([]byte, error) { return marshalLines(l) }

// lineList is a list written one item to a line: lines and Hexes.
type lineList interface {
	Len() int
	// writeLines writes the items, each on a line of its own after indent
	// and all but the last followed by a comma.
	writeLines(buf sink, indent string) error
}

var lineListType = reflect.TypeFor[lineList]()

func writeLine(buf sink, indent string, line []byte, comma bool) {
	buf.WriteString(indent)
	buf.Write(line)
	if comma {
		buf.WriteByte(',')
	}
	buf.WriteByte('\n')
}

// writeList writes l as the value of a key indented by indent: [] if it is
// empty, else its items one level deeper and the ] under the key.
func writeList(buf sink, l lineList, indent string) error {
	if l.Len() == 0 {
		buf.WriteString("[]")
		return nil
	}
	buf.WriteString("[\n")
	if err := l.writeLines(buf, indent+" "); err != nil {
		return err
	}
	buf.WriteString(indent)
	buf.WriteByte(']')
	return nil
}

func marshalLines(l lineList) ([]byte, error) {
	var buf bytes.Buffer
	if err := writeList(&buf, l, ""); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// compactJSON returns an item encoder: encoding/json without HTML
// escaping, on one line.
func compactJSON[T any]() func([]byte, *T) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	return func(b []byte, v *T) ([]byte, error) {
		buf.Reset()
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
	}
}

// JSON encodes the bundle: indented by one space, keys in the order of the
// fields, each item of the big lists on a line of its own, no HTML
// escaping, a final newline. The bundle's own fields and the map's are
// written here; every other value is written by encoding/json.
func (bu Bundle) JSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(4096 + bu.Map.Hexes.Len()*160 + len(bu.Units)*300) // about right; it grows if not
	if err := bu.write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Encode writes the bundle's JSON (Bundle.JSON) to w as it is made, through
// a buffer, without holding it whole: at a million hexes the bundle is
// 200 MB, and held it cost more than the battle itself.
func (bu Bundle) Encode(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := bu.write(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// sink is what the bundle is written to: a bytes.Buffer (JSON) or a
// bufio.Writer (Encode), whose first error it keeps and Flush returns.
type sink interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

func (bu Bundle) write(buf sink) error {
	var val bytes.Buffer
	enc := json.NewEncoder(&val)
	enc.SetEscapeHTML(false)
	if err := writeObject(buf, &val, enc, reflect.ValueOf(bu), ""); err != nil {
		return err
	}
	return buf.WriteByte('\n')
}

// MarshalJSON is Bundle.JSON, so that json.Marshal, json.MarshalIndent and
// a json.Encoder write the bundle Bundle.JSON writes (compacted or
// re-indented as they do with any Marshaler's output).
func (bu Bundle) MarshalJSON() ([]byte, error) { return bu.JSON() }

// writeObject writes struct v, whose opening brace stands on a line
// indented by indent, as a json.Encoder indenting by one space would,
// except that a lineList is written one item to a line and a struct
// holding one is written by writeObject too. It knows the json tag's name,
// "-" and omitempty, which is all the bundle's and the map's fields use.
func writeObject(buf sink, val *bytes.Buffer, enc *json.Encoder, v reflect.Value, indent string) error {
	inner := indent + " "
	enc.SetIndent(inner, " ")
	t := v.Type()
	n := 0
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fv := v.Field(i)
		if opts == "omitempty" && isEmpty(fv) {
			continue
		}
		if n++; n == 1 {
			buf.WriteString("{\n")
		} else {
			buf.WriteString(",\n")
		}
		buf.WriteString(inner)
		buf.Write(appendJSONString(nil, name))
		buf.WriteString(": ")
		switch {
		case f.Type.Implements(lineListType):
			if err := writeList(buf, fv.Interface().(lineList), inner); err != nil {
				return err
			}
		case f.Type.Kind() == reflect.Struct && holdsLines(f.Type):
			if err := writeObject(buf, val, enc, fv, inner); err != nil {
				return err
			}
			enc.SetIndent(inner, " ")
		default:
			val.Reset()
			if err := enc.Encode(fv.Interface()); err != nil {
				return err
			}
			buf.Write(bytes.TrimSuffix(val.Bytes(), []byte("\n")))
		}
	}
	if n == 0 {
		buf.WriteString("{}")
		return nil
	}
	buf.WriteString("\n")
	buf.WriteString(indent)
	buf.WriteByte('}')
	return nil
}

// holdsLines tells whether struct type t has a lineList field.
func holdsLines(t reflect.Type) bool {
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Type.Implements(lineListType) {
			return true
		}
	}
	return false
}

// isEmpty is encoding/json's test for omitempty.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// sortStacks orders stacks by side and hex, keeping the scenario's order
// of equal ones. It sorts their places, not the big structs themselves,
// with the place as the last key, so an unstable sort gives a stable order.
func sortStacks(st []StackOut) []StackOut {
	order := make([]int32, len(st))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &st[i], &st[j]
		if c := strings.Compare(a.Side, b.Side); c != 0 {
			return c
		}
		if c := strings.Compare(a.Hex, b.Hex); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	out := make([]StackOut, len(st))
	for k, i := range order {
		out[k] = st[i]
	}
	return out
}

// appendHex writes a hex as encoding/json writes a HexOut (no HTML
// escaping): the same bytes, without reflection. A bundle is mostly hexes.
// TestAppendHexMatchesJSON holds the two together.
func appendHex(b []byte, h *HexOut) []byte {
	b = append(b, `{"label":`...)
	b = appendJSONString(b, h.Label)
	if len(h.Aliases) > 0 {
		b = append(b, `,"aliases":`...)
		b = appendJSONStrings(b, h.Aliases)
	}
	b = append(b, `,"x":`...)
	b = strconv.AppendInt(b, int64(h.X), 10)
	b = append(b, `,"y":`...)
	b = strconv.AppendInt(b, int64(h.Y), 10)
	if h.Terrain != "" {
		b = append(b, `,"terrain":`...)
		b = appendJSONString(b, h.Terrain)
	}
	if h.Elevation != nil {
		b = append(b, `,"elevation":`...)
		b = strconv.AppendInt(b, int64(*h.Elevation), 10)
	}
	b = append(b, `,"neighbours":`...)
	b = appendJSONStrings(b, h.Neighbours)
	if len(h.Hexsides) > 0 {
		b = append(b, `,"hexsides":{`...)
		keys := make([]string, 0, len(h.Hexsides))
		for k := range h.Hexsides {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendJSONStrings(b, h.Hexsides[k])
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func appendJSONStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

// appendJSONString quotes s as encoding/json does. Labels and terrain
// names are plain ASCII; anything else goes through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(s) // a string always encodes
			return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
