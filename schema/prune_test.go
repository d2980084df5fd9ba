package schema

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"
	"time"
)

// pruneQuadratic is pruneOneOf as it was, every problem compared with
// every other: the reference the sets must agree with.
func pruneQuadratic(ps []problem) []problem {
	prefix := func(a, b []string) bool {
		if len(a) < len(b) {
			return false
		}
		for i := range b {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	var out []problem
	for _, p := range ps {
		if p.kind != "oneof" {
			out = append(out, p)
			continue
		}
		explained := false
		for _, q := range ps {
			if q.kind != "oneof" && prefix(q.path, p.path) && (len(q.path) > len(p.path) || q.kind == "propname") {
				explained = true
				break
			}
		}
		if !explained {
			p.kind = "other"
			p.message = "value does not have any of the allowed forms"
			out = append(out, p)
		}
	}
	var final []problem
	for _, p := range out {
		if p.kind == "type" {
			noisy := false
			for _, q := range out {
				if (q.kind != "type" && len(q.path) == len(p.path) && prefix(q.path, p.path)) || (prefix(q.path, p.path) && len(q.path) > len(p.path)) {
					noisy = true
					break
				}
			}
			if noisy {
				continue
			}
		}
		final = append(final, p)
	}
	return final
}

// TestPruneOneOf: the pruning by sets keeps exactly what the pairwise
// comparison kept, on random problems over a small tree of paths (the
// root, a key "" and nested keys among them).
func TestPruneOneOf(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	kinds := []string{"oneof", "type", "propname", "additional", "enum"}
	tokens := []string{"", "a", "b", "0"}
	for round := range 2000 {
		var ps []problem
		for range r.Intn(8) {
			path := make([]string, r.Intn(4))
			for i := range path {
				path[i] = tokens[r.Intn(len(tokens))]
			}
			ps = append(ps, problem{kind: kinds[r.Intn(len(kinds))], path: path, message: fmt.Sprint(len(ps))})
		}
		got, want := pruneOneOf(ps), pruneQuadratic(ps)
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d, %v:\ngot  %v\nwant %v", round, ps, got, want)
		}
	}
}

// TestPruneOneOfLinear: 200,000 type problems, each at a path of its own,
// are pruned in well under a second (compared pairwise: 4e10 steps).
func TestPruneOneOfLinear(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000 // the race detector's run
	}
	ps := make([]problem, n)
	for i := range ps {
		ps[i] = problem{kind: "type", path: []string{"units", fmt.Sprint(i)}}
	}
	start := time.Now()
	if got := pruneOneOf(ps); len(got) != len(ps) {
		t.Fatalf("%d problems kept of %d", len(got), len(ps))
	}
	if d := time.Since(start); d > 5*time.Second && !testing.Short() {
		t.Errorf("200,000 problems pruned in %v", d)
	}
}
