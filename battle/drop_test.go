package battle

import (
	"testing"

	"github.com/muster-wargames/muster/schema"
)

// TestTreesLetGo: a load without a cache lets each forces document's
// YAML tree (of more than dropAbove nodes: here every one) go once the
// document is resolved, before the next file is
// read, keeping its places (schema.Places); one with parent: keeps it
// until it attaches, and maps and scenarios keep theirs until they are
// resolved. A load through a cache keeps every tree.
func TestTreesLetGo(t *testing.T) {
	defer DropAll()()
	for _, cached := range []bool{false, true} {
		var forces, waiting, others, dropped int
		resolving = func(ld *loader) {
			for _, d := range ld.docs {
				gone := ld.places[d] != nil
				if gone != (d.Root != nil && len(d.Root.Content) == 0) {
					t.Errorf("%s: places kept %v, root %+v", d.File, gone, d.Root)
				}
				switch {
				case d.Kind == "forces":
					forces++
					if gone {
						dropped++
					} else if schema.Get(d.Root, "parent") != nil {
						waiting++
					}
				case gone:
					t.Errorf("%s, a %s document, let go before it is resolved", d.File, d.Kind)
				default:
					others++
				}
			}
		}
		opts := Options{}
		if cached {
			opts.Cache = NewCache()
		}
		_, _ = LoadDir("../examples/terrible-swift-sword", opts)
		resolving = nil
		if forces-waiting < 2 || others < 2 {
			t.Fatalf("%d forces documents and %d others read", forces, others)
		}
		if want := map[bool]int{false: forces - waiting, true: 0}[cached]; dropped != want {
			t.Errorf("cached %v: %d of %d forces trees let go, want %d", cached, dropped, forces, want)
		}
	}
}

// TestBigTreeCollected: the load collects the garbage once it lets go of
// a forces document's tree of more than bigTree nodes, and not for a
// smaller one.
func TestBigTreeCollected(t *testing.T) {
	defer func(n int) { bigTree = n; resolving = nil }(bigTree)
	defer DropAll()()
	for _, c := range []struct{ limit, want int }{{1, 2}, {1 << 30, 0}} {
		bigTree = c.limit
		got := -1
		resolving = func(ld *loader) { got = ld.collected }
		_, _ = LoadDir("../examples/terrible-swift-sword", Options{})
		if got != c.want { // TSS: 2 of its 9 forces documents attach by no parent:
			t.Errorf("bigTree %d: %d collections, want %d", c.limit, got, c.want)
		}
	}
}

// TestSmallTreesKept: a document of dropAbove nodes or fewer keeps its
// tree to the end of the load.
func TestSmallTreesKept(t *testing.T) {
	defer func(n int) { dropAbove = n; resolving = nil }(dropAbove)
	for _, c := range []struct{ above, want int }{{0, 2}, {1 << 30, 0}} {
		dropAbove = c.above
		got := -1
		resolving = func(ld *loader) { got = len(ld.places) }
		_, _ = LoadDir("../examples/terrible-swift-sword", Options{})
		if got != c.want {
			t.Errorf("dropAbove %d: %d trees let go, want %d", c.above, got, c.want)
		}
	}
}
