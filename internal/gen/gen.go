// Package gen makes synthetic battles of any size for any rule system, for
// benchmarks and tests: N units in a realistic formation tree
// (regiments in brigades, brigades in divisions, divisions in corps, corps
// in an army, with a leader rated for his level), a map of M hexes with
// terrain, elevation, hexsides and a road, and one scenario that sets every
// unit up, brings a few in as reinforcements and names victory hexes. The
// output validates clean and is the same bytes for the same Config.
package gen

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing/fstest"

	"github.com/muster-wargames/muster/rulesets"
)

// Config sizes a battle.
type Config struct {
	System string // gbacw, tss, summer-storm, amfs
	Units  int    // combat units, over both sides
	Hexes  int    // hexes on the map (rounded up to a rectangle)
	// PerBrigade, BrigadesPerDivision and DivisionsPerCorps shape the
	// tree; zero means 5, 3 and 3.
	PerBrigade, BrigadesPerDivision, DivisionsPerCorps int
	// Leaders sets each brigade's leader up with the brigade's first unit,
	// so command ranges have something to measure.
	Leaders bool
}

// Files returns the battle's files by name: battle.yaml, forces-a.yaml,
// forces-b.yaml, map.yaml and scenario.yaml.
func Files(c Config) (map[string][]byte, error) {
	r, err := rulesets.Load(c.System)
	if err != nil {
		return nil, err
	}
	if c.PerBrigade <= 0 {
		c.PerBrigade = 5
	}
	if c.BrigadesPerDivision <= 0 {
		c.BrigadesPerDivision = 3
	}
	if c.DivisionsPerCorps <= 0 {
		c.DivisionsPerCorps = 3
	}
	if c.Units < 2 {
		c.Units = 2
	}
	if c.Hexes < 4 {
		c.Hexes = 4
	}
	g := &gen{c: c, r: r}
	if err := g.prepare(); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	out["battle.yaml"] = g.battle()
	out["map.yaml"] = g.mapDoc()
	for i, side := range sides {
		out["forces-"+strings.ToLower(side)+".yaml"] = g.forces(i, side)
	}
	out["scenario.yaml"] = g.scenario()
	return out, nil
}

// MapFS returns the battle as an in-memory file system.
func MapFS(c Config) (fstest.MapFS, error) {
	files, err := Files(c)
	if err != nil {
		return nil, err
	}
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: data, Mode: 0o644}
	}
	return fsys, nil
}

// WriteDir writes the battle into dir, which it creates.
func WriteDir(dir string, c Config) error {
	files, err := Files(c)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

var sides = []string{"USA", "CSA"}

type gen struct {
	c          Config
	r          *rulesets.Ruleset
	chain      []rulesets.Level // army first, one level per rank
	unitType   string
	cols, rows int
	digits     int
	first      string // scenario's first and last turns
	last       string
	arrive     string
	placed     [2][]string // names set up, per side
	arriving   [2][]string // names arriving
}

func (g *gen) prepare() error {
	// A level only some sides may have (Summer Storm's wings, the Union's)
	// is taken only where its rank has no other: both sides get the chain.
	kept := map[string]bool{}
	for _, ls := range g.r.Figures.LevelSides {
		kept[ls.Level] = true
	}
	byRank := map[int]rulesets.Level{}
	var ranks []int
	for _, l := range g.r.Levels {
		prev, ok := byRank[l.Rank]
		if !ok {
			ranks = append(ranks, l.Rank)
		}
		if !ok || (kept[prev.ID] && !kept[l.ID]) {
			byRank[l.Rank] = l
		}
	}
	sort.Ints(ranks)
	for _, rk := range ranks {
		g.chain = append(g.chain, byRank[rk])
	}
	if len(g.chain) < 2 {
		return fmt.Errorf("gen: ruleset %s has fewer than two formation levels", g.c.System)
	}
	if _, ok := g.r.UnitTypes["inf"]; ok {
		g.unitType = "inf"
	} else {
		var ts []string
		for t := range g.r.UnitTypes {
			ts = append(ts, t)
		}
		sort.Strings(ts)
		g.unitType = ts[0]
	}
	g.cols = int(math.Ceil(math.Sqrt(float64(g.c.Hexes))))
	g.rows = (g.c.Hexes + g.cols - 1) / g.cols
	g.digits = max(2, len(fmt.Sprint(max(g.cols, g.rows))))
	if g.digits > 4 {
		return fmt.Errorf("gen: a %d x %d sheet needs more than 4 digits a number", g.cols, g.rows)
	}
	slots, err := g.r.Turns.Expand()
	if err != nil {
		return err
	}
	var day []string
	for _, s := range slots {
		if !s.NextDay {
			day = append(day, s.Time)
		}
	}
	g.first, g.last = "Jul 1 "+day[0], "Jul 1 "+day[len(day)-1]
	g.arrive = "Jul 1 " + day[min(1, len(day)-1)]
	return nil
}

// value is a valid value of field f.
func (g *gen) value(f string, i int) string {
	fd := g.r.Fields[f]
	switch fd.Type {
	case "bool":
		return "false"
	case "code":
		vs := fd.Values
		// the codes the ruleset allows the generated unit type (TSS: small
		// arms for infantry)
		class := g.r.Class(g.unitType)
		for _, vl := range g.r.Figures.Values {
			if vl.Field == f && len(vl.Values) > 0 && (len(vl.Classes) == 0 || slices.Contains(vl.Classes, class)) {
				vs = vl.Values
			}
		}
		if len(vs) > 0 {
			return quote(vs[i%len(vs)])
		}
		return "X"
	case "int":
		lo, hi := 0, 9
		if fd.Min != nil {
			lo = *fd.Min
		}
		if fd.Max != nil {
			hi = *fd.Max
		} else {
			hi = lo + 9
		}
		lo = max(lo, 1)
		if hi < lo {
			return fmt.Sprint(hi)
		}
		return fmt.Sprint(lo + i%(hi-lo+1))
	}
	return "~"
}

func quote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

func (g *gen) battle() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: battle\nid: gen-%s\nname: Synthetic %s battle (%d units, %d hexes)\nsystem: %s\n", g.c.System, g.c.System, g.c.Units, g.cols*g.rows, g.c.System)
	b.WriteString("sides:\n  - {id: USA, name: Union}\n  - {id: CSA, name: Confederate}\n")
	b.WriteString("days: [\"Jul 1\", \"Jul 2\"]\nfiles: [forces-usa.yaml, forces-csa.yaml, map.yaml, scenario.yaml]\n")
	return []byte(b.String())
}

// label writes the hex at column i, row j (from 0) of sheet A.
func (g *gen) label(i, j int) string {
	return fmt.Sprintf("A%0*d%0*d", g.digits, i+1, g.digits, j+1)
}

// hexFor spreads piece k of a side over its half of the map: USA the west
// half, CSA the east, one piece a hex while there is room.
func (g *gen) hexFor(side, k int) string {
	half := max(1, g.cols/2)
	n := half * g.rows
	k %= n
	i, j := k%half, k/half
	if side == 1 {
		i = g.cols - 1 - i
	}
	return g.label(i, j)
}

func (g *gen) forces(si int, side string) []byte {
	units := g.c.Units / 2
	if si == 0 {
		units = g.c.Units - units
	}
	var b strings.Builder
	fmt.Fprintf(&b, "kind: forces\nside: %s\n", side)
	// Brigades hold PerBrigade units; each level above holds a few of the
	// one below, filled in order; the army holds as many top formations
	// (corps, say) as the units need.
	unit, leaders, forms, brigades := 0, 0, 0, 0
	t := g.r.UnitTypes[g.unitType]
	var one func(depth, id int, indent string)
	one = func(depth, id int, indent string) {
		lv := g.chain[depth]
		in := indent + "  "
		forms++
		if depth == len(g.chain)-1 { // brigade ids are unique on the side (AMFS names brigades by them)
			brigades++
			id = brigades
		}
		fmt.Fprintf(&b, "%s- id: \"%d\"\n%sname: %s %s %d\n%slevel: %s\n", indent, id, in, side, lv.ID, forms, in, lv.ID)
		g.leader(&b, in, lv, side, &leaders)
		brigadeLeader := fmt.Sprintf("%s Gen %d", side, leaders)
		if depth == len(g.chain)-1 {
			fmt.Fprintf(&b, "%sunits:\n", in)
			size := min(g.c.PerBrigade, units-unit)
			for k := 0; k < size; k++ {
				fmt.Fprintf(&b, "%s  - {name: %s %d, type: %s", in, side, unit+1, g.unitType)
				for _, fl := range t.Fields {
					v := g.value(fl, unit)
					if fl == "counters" { // AMFS: the counters of the unit's brigade
						v = fmt.Sprint(size)
					}
					fmt.Fprintf(&b, ", %s: %s", fl, v)
				}
				b.WriteString("}\n")
				name := fmt.Sprintf("%s %d", side, unit+1)
				if k == 0 && g.c.Leaders && lv.Leader != nil {
					name = brigadeLeader + ", " + name
				}
				g.place(si, name)
				unit++
			}
			return
		}
		fmt.Fprintf(&b, "%sformations:\n", in)
		for c := 1; c <= g.groupSize(depth+1) && unit < units; c++ {
			one(depth+1, c, in+"  ")
		}
	}
	b.WriteString("army:\n  name: Army\n  level: " + g.chain[0].ID + "\n")
	g.leader(&b, "  ", g.chain[0], side, &leaders)
	b.WriteString("  formations:\n")
	for id := 1; unit < units; id++ {
		one(1, id, "    ")
	}
	return []byte(b.String())
}

// groupSize is how many formations of level depth one formation above holds.
func (g *gen) groupSize(depth int) int {
	switch len(g.chain) - 1 - depth {
	case 0:
		return g.c.BrigadesPerDivision
	default:
		return g.c.DivisionsPerCorps
	}
}

func (g *gen) leader(b *strings.Builder, in string, lv rulesets.Level, side string, n *int) {
	*n++
	fmt.Fprintf(b, "%sleader: {name: %s Gen %d", in, side, *n)
	hq := g.r.Figures.Org.HQ
	for _, f := range lv.Leader {
		if hq.Code != "" && f == hq.Rating && slices.Contains(hq.Levels, lv.ID) {
			continue // a Commander needs an HQ unit (TSS 17.8); the generator makes none
		}
		fmt.Fprintf(b, ", %s: %s", f, g.value(f, *n))
	}
	b.WriteString("}\n")
}

func (g *gen) place(si int, name string) {
	k := len(g.placed[si]) + len(g.arriving[si])
	if k%20 == 19 { // every twentieth unit arrives later
		g.arriving[si] = append(g.arriving[si], name)
		return
	}
	g.placed[si] = append(g.placed[si], name)
}

func (g *gen) mapDoc() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: map\ngrid: {hexes: flat-top, shifted: odd, label: col-row, digits: %d}\n", g.digits)
	var terr []string
	for t := range g.r.Terrain {
		terr = append(terr, t)
	}
	sort.Strings(terr)
	clear, other := terr[0], terr[len(terr)-1]
	if _, ok := g.r.Terrain["clear"]; ok {
		clear = "clear"
	}
	if _, ok := g.r.Terrain["woods"]; ok {
		other = "woods"
	}
	fmt.Fprintf(&b, "terrain: {\".\": %s, \"w\": %s}\n", clear, other)
	fmt.Fprintf(&b, "sheets:\n  - id: A\n    at: [0, 0]\n    cols: {first: 1, last: %d}\n    rows: {first: 1, last: %d}\n    terrain:\n", g.cols, g.rows)
	row := make([]byte, g.cols)
	for j := 0; j < g.rows; j++ {
		for i := range row {
			row[i] = '.'
			if (i/4+j/3)%5 == 0 {
				row[i] = 'w'
			}
		}
		fmt.Fprintf(&b, "      - \"%s\"\n", row)
	}
	b.WriteString("    elevation:\n")
	for j := 0; j < g.rows; j++ {
		for i := range row {
			row[i] = byte('0' + (i/6+j/5)%4)
		}
		fmt.Fprintf(&b, "      - \"%s\"\n", row)
	}
	var hs []string
	for h := range g.r.Hexsides {
		hs = append(hs, h)
	}
	sort.Strings(hs)
	if _, ok := g.r.Hexsides["stream"]; ok {
		hs = []string{"stream"}
	}
	// a stream down the middle column, one hexside a row
	mid := g.cols / 2
	if len(hs) > 0 && g.cols > 1 {
		b.WriteString("hexsides:\n")
		for j := 0; j < g.rows; j++ {
			fmt.Fprintf(&b, "  \"%s/%s\": %s\n", g.label(mid-1, j), g.label(mid, j), hs[0])
		}
	}
	var roads []string
	for r := range g.r.Roads {
		roads = append(roads, r)
	}
	sort.Strings(roads)
	if len(roads) > 0 {
		fmt.Fprintf(&b, "roads:\n  - type: %s\n    name: Pike\n    path: [", roads[0])
		j := g.rows / 2
		for i := 0; i < g.cols; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q", g.label(i, j))
		}
		b.WriteString("]\n")
	}
	return []byte(b.String())
}

func (g *gen) scenario() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: scenario\nid: main\nname: The whole battle\nsheets: [A]\nturns: {first: %q, last: %q}\n", g.first, g.last)
	b.WriteString("setup:\n")
	for si, side := range sides {
		fmt.Fprintf(&b, "  %s:\n", side)
		for k, name := range g.placed[si] {
			fmt.Fprintf(&b, "    %q: [%s]\n", g.hexFor(si, k), name)
		}
	}
	if len(g.arriving[0])+len(g.arriving[1]) > 0 {
		b.WriteString("reinforcements:\n")
	}
	for si, side := range sides {
		if len(g.arriving[si]) == 0 {
			continue
		}
		// at the ends of the road (Summer Storm's arrivals enter on it)
		entry := g.label(0, g.rows/2)
		if si == 1 {
			entry = g.label(g.cols-1, g.rows/2)
		}
		fmt.Fprintf(&b, "  %s:\n    - {time: %q, hexes: [%q], units: [%s]}\n", side, g.arrive, entry, strings.Join(g.arriving[si], ", "))
	}
	fmt.Fprintf(&b, "victory:\n  text: Hold the centre.\n  hexes:\n    - {hexes: [%q], points: {USA: 1, CSA: 1}}\n", g.label(g.cols/2, g.rows/2))
	return []byte(b.String())
}
