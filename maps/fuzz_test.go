package maps

import (
	"strings"
	"testing"
)

// fuzzGrid builds a grid from a few fuzzed knobs: one or two sheets,
// numbering that rises or falls, labels col-row or row-col.
func fuzzGrid(flags uint8, digits uint8, c0, c1, r0, r1 uint8) *Grid {
	g := &Grid{Pointy: flags&1 != 0, ShiftOdd: flags&2 != 0, RowCol: flags&4 != 0, Digits: 1 + int(digits%3)}
	lim := 1
	for i := 0; i < g.Digits; i++ {
		lim *= 10
	}
	n := func(x uint8) int { return int(x) % lim }
	a := NewSheet("A", 0, 0, n(c0), n(c1), n(r0), n(r1))
	g.AddSheet(a)
	if flags&8 != 0 { // a second sheet overlapping the first by one line
		g.AddSheet(NewSheet("AB"[1:], a.Cols-1, 0, n(c0), n(c1), n(r0), n(r1)))
	}
	return g
}

// FuzzLabel checks that labels and coordinates round-trip: a label that
// parses names a hex whose canonical label parses to the same hex, and
// every hex on a sheet has a label that parses back to it.
func FuzzLabel(f *testing.F) {
	f.Add(uint8(0), uint8(1), uint8(10), uint8(48), uint8(1), uint8(35), "A3215", 3, 4)
	f.Add(uint8(4|2), uint8(1), uint8(30), uint8(19), uint8(1), uint8(10), "A0329", 0, 0)
	f.Add(uint8(8|1), uint8(2), uint8(1), uint8(99), uint8(99), uint8(1), "B001001", 5, 7)
	f.Add(uint8(0), uint8(0), uint8(0), uint8(9), uint8(0), uint8(9), "A٣٣", 1, 1)
	f.Add(uint8(0), uint8(1), uint8(10), uint8(48), uint8(1), uint8(35), "A-1+2", -1, 1)
	f.Fuzz(func(t *testing.T, flags, digits, c0, c1, r0, r1 uint8, label string, x, y int) {
		g := fuzzGrid(flags, digits, c0, c1, r0, r1)
		c, sh, err := g.Parse(label)
		if err == nil {
			if sh == nil || !sh.Contains(c) {
				t.Fatalf("Parse(%q) = %v on %v, not on the sheet", label, c, sh)
			}
			if got := g.LabelOn(sh, c); got != label {
				t.Fatalf("Parse(%q) then LabelOn = %q", label, got)
			}
			canon := g.Label(c)
			c2, _, err := g.Parse(canon)
			if err != nil || c2 != c {
				t.Fatalf("Label(%v) = %q parses to %v, %v", c, canon, c2, err)
			}
		} else if le, ok := err.(*LabelError); !ok || le.Label != label || !strings.Contains(err.Error(), "") {
			t.Fatalf("Parse(%q) error %T %v", label, err, err)
		}
		for _, s := range g.Sheets {
			if s.Cols == 0 || s.Rows == 0 {
				continue
			}
			h := Coord{s.X + abs(x)%s.Cols, s.Y + abs(y)%s.Rows}
			if x == -x && x != 0 { // math.MinInt
				continue
			}
			l := g.LabelOn(s, h)
			c3, sh3, err := g.Parse(l)
			if err != nil || c3 != h {
				t.Fatalf("LabelOn(%s, %v) = %q parses to %v, %v", s.ID, h, l, c3, err)
			}
			if sh3 != s {
				t.Fatalf("label %q parsed on sheet %s, not %s", l, sh3.ID, s.ID)
			}
			if g.Distance(h, h) != 0 {
				t.Fatalf("distance of %v to itself", h)
			}
			for _, nb := range g.Neighbours(h) {
				if g.Distance(h, nb) != 1 || !g.Adjacent(nb, h) {
					t.Fatalf("neighbour %v of %v: distance %d, adjacent back %v", nb, h, g.Distance(h, nb), g.Adjacent(nb, h))
				}
			}
		}
	})
}
