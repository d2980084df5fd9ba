package battle

import (
	"testing"

	"github.com/muster-wargames/muster/schema"
)

// TestTreesLetGo: a load without a cache lets each forces document's
// YAML tree go once the document is resolved, before the next file is
// read, keeping its places (schema.Places); one with parent: keeps it
// until it attaches, and maps and scenarios keep theirs until they are
// resolved. A load through a cache keeps every tree.
func TestTreesLetGo(t *testing.T) {
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
