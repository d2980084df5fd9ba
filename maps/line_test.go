package maps

import "testing"

// Lines runs from one hex to the other through adjacent hexes, one more
// than the distance, on every kind of grid; a line along hexsides gives the
// hexes of both sides in its two nudges.
func TestLines(t *testing.T) {
	for _, g := range []*Grid{{ShiftOdd: true}, {ShiftOdd: false}, {Pointy: true, ShiftOdd: true}, {Pointy: true}} {
		g.AddSheet(NewSheet("N", 0, 0, 0, 11, 0, 11))
		for ay := 0; ay < 12; ay += 3 {
			for ax := 0; ax < 12; ax += 2 {
				for by := 0; by < 12; by++ {
					for bx := 0; bx < 12; bx++ {
						a, b := Coord{ax, ay}, Coord{bx, by}
						for _, line := range g.Lines(a, b) {
							if len(line) != g.Distance(a, b)+1 || line[0] != a || line[len(line)-1] != b {
								t.Fatalf("%+v: line %v to %v: %v", g, a, b, line)
							}
							for i := 1; i < len(line); i++ {
								if !g.Adjacent(line[i-1], line[i]) {
									t.Fatalf("%+v: line %v to %v: %v and %v not adjacent", g, a, b, line[i-1], line[i])
								}
							}
						}
					}
				}
			}
		}
	}
	// Two hexes apart along a hexside line: the nudges pass either side.
	g := &Grid{ShiftOdd: true}
	g.AddSheet(NewSheet("N", 0, 0, 0, 11, 0, 11))
	a := Coord{2, 2}
	n := g.Neighbours(a)
	var b Coord // the hex two away between neighbours 1 and 2
	for _, x := range g.Neighbours(n[1]) {
		if x != a && g.Adjacent(x, n[2]) && g.Distance(a, x) == 2 {
			b = x
		}
	}
	ls := g.Lines(a, b)
	if ls[0][1] == ls[1][1] || !(ls[0][1] == n[1] || ls[0][1] == n[2]) || !(ls[1][1] == n[1] || ls[1][1] == n[2]) {
		t.Errorf("line along a hexside %v to %v: %v", a, b, ls)
	}
}
