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
	b := placesBuilder{p: &Places{paths: []placeKey{{parent: -1}}}, ids: map[placeKey]int32{}, seq: [][]int32{nil}, sorted: true}
	b.walk(root, 0)
	p := b.p
	if cap(p.at) > len(p.at)+len(p.at)/4 { // what append left spare: kept for the load
		p.at = append([]placeAt(nil), p.at...)
	}
	if !b.sorted {
		sort.SliceStable(p.at, func(i, j int) bool {
			a, b := p.at[i], p.at[j]
			return a.line < b.line || a.line == b.line && a.col < b.col
		})
	}
	return p
}

type placesBuilder struct {
	p   *Places
	ids map[placeKey]int32
	// seq holds, for each path, the paths of the keys of the last mapping
	// at it, in order: mappings at one path mostly have the same keys in
	// the same order (a forces document's units), found so without a hash
	seq    [][]int32
	sorted bool
}

func (b *placesBuilder) at(n *Node, path int32) {
	a := placeAt{int32(n.Line), int32(n.Column), path}
	if k := len(b.p.at); k > 0 {
		if l := b.p.at[k-1]; a.line < l.line || a.line == l.line && a.col < l.col {
			b.sorted = false
		}
	}
	b.p.at = append(b.p.at, a)
}

func (b *placesBuilder) walk(n *Node, path int32) {
	if n == nil {
		return
	}
	b.at(n, path)
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			b.walk(c, path)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, sub := n.Content[i].Value, path
			if !isInt(key) { // KeyPath leaves a number out
				sub = b.child(path, i/2, key)
			}
			b.at(n.Content[i], sub)
			b.walk(n.Content[i+1], sub)
		}
	}
}

// child is the path of key, the i-th of a mapping at path parent.
func (b *placesBuilder) child(parent int32, i int, key string) int32 {
	seq := b.seq[parent]
	if i < len(seq) && b.p.paths[seq[i]].key == key {
		return seq[i]
	}
	k := placeKey{parent, key}
	id, ok := b.ids[k]
	if !ok {
		id = int32(len(b.p.paths))
		b.p.paths = append(b.p.paths, k)
		b.seq = append(b.seq, nil)
		b.ids[k] = id
	}
	if i < len(seq) {
		seq[i] = id
	} else if i == len(seq) {
		b.seq[parent] = append(seq, id)
	}
	return id
}

// isInt reports whether strconv.Atoi reads s, as KeyPath asks: without
// calling it on a key that cannot be a number (its error is an
// allocation).
func isInt(s string) bool {
	if s == "" || (s[0] < '0' || s[0] > '9') && s[0] != '+' && s[0] != '-' {
		return false
	}
	_, err := strconv.Atoi(s)
	return err == nil
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
