package maps

import (
	"fmt"
	"math"
	"testing"
)

func dow() *Grid {
	g := &Grid{ShiftOdd: false, Digits: 2}
	// Dead of Winter: sheets A (NW) and B (NE) overlap by one column.
	g.AddSheet(NewSheet("A", 0, 0, 10, 48, 1, 53))
	g.AddSheet(NewSheet("B", 38, 0, 10, 48, 1, 53))
	return g
}

func TestParseAndLabel(t *testing.T) {
	g := dow()
	for _, tc := range []struct {
		label string
		want  Coord
		canon string
	}{
		{"A1001", Coord{0, 0}, "A1001"},
		{"A4841", Coord{38, 40}, "A4841"},
		{"B1041", Coord{38, 40}, "A4841"}, // the seam: A col 48 is B col 10
		{"B1141", Coord{39, 40}, "B1141"},
	} {
		c, _, err := g.Parse(tc.label)
		if err != nil || c != tc.want {
			t.Errorf("Parse(%s) = %v, %v; want %v", tc.label, c, err, tc.want)
		}
		if l := g.Label(c); l != tc.canon {
			t.Errorf("Label(%v) = %s, want %s", c, l, tc.canon)
		}
	}
	for _, bad := range []string{"A0901", "A1054", "Z1010", "A101", "A10x1", "C3215"} {
		if _, _, err := g.Parse(bad); err == nil {
			t.Errorf("Parse(%s) succeeded", bad)
		}
	}
}

func TestTSSRowColOverlap(t *testing.T) {
	// TSS: label = row then column; columns numbered east to west; A6101 = B6134 = C0130.
	g := &Grid{RowCol: true, Digits: 2, ShiftOdd: true}
	g.AddSheet(NewSheet("A", 0, 0, 34, 1, 1, 61))
	g.AddSheet(NewSheet("B", 33, 0, 34, 1, 1, 61))
	g.AddSheet(NewSheet("C", 11, 60, 52, 1, 1, 39))
	a, _, _ := g.Parse("A6101")
	b, _, _ := g.Parse("B6134")
	c, _, _ := g.Parse("C0130")
	if a != b || b != c {
		t.Fatalf("A6101=%v B6134=%v C0130=%v, want one hex", a, b, c)
	}
	if got := g.Labels(a); len(got) != 3 {
		t.Errorf("Labels = %v, want three", got)
	}
}

func TestNeighboursAndDistance(t *testing.T) {
	// AMFS adjacency (digest): column c odd: (c±1, r) and (c±1, r+1).
	g := &Grid{ShiftOdd: true, Digits: 2}
	g.AddSheet(NewSheet("N", 0, 0, 10, 40, 0, 35))
	adj := func(a, b string) bool {
		ca, _, _ := g.Parse(a)
		cb, _, _ := g.Parse(b)
		return g.Adjacent(ca, cb) && g.Adjacent(cb, ca)
	}
	for _, p := range [][2]string{{"N2227", "N2126"}, {"N2124", "N2225"}, {"N2415", "N2514"}, {"N2514", "N2615"}, {"N1313", "N1314"}} {
		if !adj(p[0], p[1]) {
			t.Errorf("%s and %s should be adjacent", p[0], p[1])
		}
	}
	if adj("N2227", "N2128") {
		t.Error("N2227 and N2128 should not be adjacent")
	}
	a, _, _ := g.Parse("N1010")
	b, _, _ := g.Parse("N1410")
	if d := g.Distance(a, b); d != 4 {
		t.Errorf("distance = %d, want 4", d)
	}
	for _, n := range g.Neighbours(a) {
		if g.Distance(a, n) != 1 {
			t.Errorf("neighbour %v at distance %d", n, g.Distance(a, n))
		}
	}
	p := &Grid{Pointy: true, ShiftOdd: true, Digits: 2}
	p.AddSheet(NewSheet("A", 0, 0, 1, 20, 1, 20))
	c := Coord{5, 5}
	for _, n := range p.Neighbours(c) {
		if p.Distance(c, n) != 1 || !p.Adjacent(n, c) {
			t.Errorf("pointy neighbour %v of %v: distance %d", n, c, p.Distance(c, n))
		}
	}
}

// appendPadded must write numbers exactly as %0*d does.
func TestAppendPaddedMatchesSprintf(t *testing.T) {
	for _, width := range []int{0, 1, 2, 3, 4} {
		for _, n := range []int{0, 1, 7, 9, 10, 42, 99, 100, 999, 1000, 12345} {
			want := fmt.Sprintf("%0*d", width, n)
			if got := string(appendPadded(nil, n, width)); got != want {
				t.Errorf("appendPadded(%d, %d) = %q, want %q", n, width, got, want)
			}
		}
	}
}

func TestExtentChecked(t *testing.T) {
	for _, c := range []struct {
		first, last, n int
		ok             bool
	}{
		{10, 15, 6, true}, {15, 10, 6, true}, {0, 0, 1, true},
		{0, math.MaxInt, math.MaxInt, false}, {math.MinInt, math.MaxInt, math.MaxInt, false}, {math.MaxInt, 0, math.MaxInt, false},
		{1, math.MaxInt, math.MaxInt, true},
	} {
		if n, ok := Extent(c.first, c.last); n != c.n || ok != c.ok {
			t.Errorf("Extent(%d, %d) = %d, %v; want %d, %v", c.first, c.last, n, ok, c.n, c.ok)
		}
	}
	if s := NewSheet("D", 0, 0, 0, math.MaxInt, 1, 4); s.Cols <= 0 {
		t.Errorf("a sheet of columns 0 to MaxInt has %d columns", s.Cols)
	}
}
