package maps

import "container/heap"

// StepCost returns what moving from a hex into the adjacent hex to costs,
// and false when the move is not allowed.
type StepCost func(from, to Coord) (float64, bool)

// Reach returns the cheapest cost from start to every hex reachable within
// limit, start included at 0. The cost of a path is the sum of its steps:
// the start hex is not counted, every hex entered is (command ranges in the
// books count the same way).
func (m *Map) Reach(start Coord, limit float64, step StepCost) map[Coord]float64 {
	best := map[Coord]float64{start: 0}
	q := &pq{{start, 0}}
	for q.Len() > 0 {
		it := heap.Pop(q).(item)
		if it.cost > best[it.c] {
			continue
		}
		for _, n := range m.Grid.Neighbours(it.c) {
			if !m.Grid.OnMap(n) {
				continue
			}
			c, ok := step(it.c, n)
			if !ok {
				continue
			}
			nc := it.cost + c
			if nc > limit+1e-9 {
				continue
			}
			if old, seen := best[n]; seen && old <= nc {
				continue
			}
			best[n] = nc
			heap.Push(q, item{n, nc})
		}
	}
	return best
}

type item struct {
	c    Coord
	cost float64
}

type pq []item

func (p pq) Len() int { return len(p) }
func (p pq) Less(i, j int) bool {
	if p[i].cost != p[j].cost {
		return p[i].cost < p[j].cost
	}
	if p[i].c.Y != p[j].c.Y {
		return p[i].c.Y < p[j].c.Y
	}
	return p[i].c.X < p[j].c.X
}
func (p pq) Swap(i, j int) { p[i], p[j] = p[j], p[i] }
func (p *pq) Push(x any)   { *p = append(*p, x.(item)) }
func (p *pq) Pop() any {
	old := *p
	it := old[len(old)-1]
	*p = old[:len(old)-1]
	return it
}
