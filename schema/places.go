package schema

import (
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Places is what a document's findings need of its tree once the tree is
// dropped: the place each node begins and its structural path, the path
// KeyPath writes from Paths' (the keys down to the node, list indices and
// keys that read as numbers left out). A node costs 12 bytes here, where
// its yaml.Node costs about 200: a loader keeps this of a document it has
// resolved, and lets the tree go (battle's paths.go reads it).
type Places struct {
	at    []placeAt  // by line and column; the first node walked at a place
	paths []placeKey // paths[0] is the document's root, no key
}

type placeAt struct{ line, col, path int32 }

// placeKey is a path: the path it extends and the key it adds.
type placeKey struct {
	parent int32
	key    string
}

// NewPlaces walks root as Paths does and keeps each place's path.
func NewPlaces(root *Node) *Places {
	p := &Places{paths: []placeKey{{parent: -1}}}
	ids := map[placeKey]int32{}
	sorted := true
	at := func(n *Node, path int32) {
		a := placeAt{int32(n.Line), int32(n.Column), path}
		if k := len(p.at); k > 0 {
			if b := p.at[k-1]; a.line < b.line || a.line == b.line && a.col < b.col {
				sorted = false
			}
		}
		p.at = append(p.at, a)
	}
	var walk func(n *Node, path int32)
	walk = func(n *Node, path int32) {
		if n == nil {
			return
		}
		at(n, path)
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c, path)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				key, sub := n.Content[i].Value, path
				if _, err := strconv.Atoi(key); err != nil { // KeyPath leaves a number out
					k := placeKey{path, key}
					id, ok := ids[k]
					if !ok {
						id = int32(len(p.paths))
						p.paths = append(p.paths, k)
						ids[k] = id
					}
					sub = id
				}
				at(n.Content[i], sub)
				walk(n.Content[i+1], sub)
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				walk(c, path)
			}
		}
	}
	walk(root, 0)
	if cap(p.at) > len(p.at)+len(p.at)/8 { // what append left spare: kept for the load
		p.at = append([]placeAt(nil), p.at...)
	}
	if !sorted {
		sort.SliceStable(p.at, func(i, j int) bool {
			a, b := p.at[i], p.at[j]
			return a.line < b.line || a.line == b.line && a.col < b.col
		})
	}
	return p
}

// Path is KeyPath(kind, path, "") of the node at line and column, where
// Paths has one; ok is false where no node begins.
func (p *Places) Path(kind string, line, col int) (path string, ok bool) {
	i := sort.Search(len(p.at), func(i int) bool {
		a := p.at[i]
		return int(a.line) > line || int(a.line) == line && int(a.col) >= col
	})
	if i == len(p.at) || int(p.at[i].line) != line || int(p.at[i].col) != col {
		return "", false
	}
	var keys []string
	for id := p.at[i].path; id > 0; id = p.paths[id].parent {
		keys = append(keys, p.paths[id].key)
	}
	for l, r := 0, len(keys)-1; l < r; l, r = l+1, r-1 {
		keys[l], keys[r] = keys[r], keys[l]
	}
	return kind + ":" + strings.Join(keys, "."), true
}
