package schema

import (
	"strconv"

	"go.yaml.in/yaml/v3"
)

// Node is a YAML node. Later stages read the tree through the helpers
// below, which tolerate a tree the schema check has already complained of.
type Node = yaml.Node

func deref(n *Node) *Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// Get returns the value under key in mapping n, or nil.
func Get(n *Node, key string) *Node {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return deref(n.Content[i+1])
		}
	}
	return nil
}

// Pairs returns the keys and values of mapping n in order.
func Pairs(n *Node) (keys, vals []*Node) {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Tag == "!!merge" {
			continue
		}
		keys = append(keys, n.Content[i])
		vals = append(vals, deref(n.Content[i+1]))
	}
	return keys, vals
}

// Items returns the elements of sequence n.
func Items(n *Node) []*Node {
	n = deref(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = deref(c)
	}
	return out
}

// IsMap, IsSeq and IsScalar tell a node's shape.
func IsMap(n *Node) bool    { n = deref(n); return n != nil && n.Kind == yaml.MappingNode }
func IsSeq(n *Node) bool    { n = deref(n); return n != nil && n.Kind == yaml.SequenceNode }
func IsScalar(n *Node) bool { n = deref(n); return n != nil && n.Kind == yaml.ScalarNode }

// IsNull reports an absent or ~ value.
func IsNull(n *Node) bool {
	n = deref(n)
	return n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null")
}

// Str returns a scalar's text ("" otherwise).
func Str(n *Node) string {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return ""
	}
	return n.Value
}

// Int returns a scalar integer.
func Int(n *Node) (int64, bool) {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, false
	}
	i, err := strconv.ParseInt(n.Value, 0, 64)
	return i, err == nil
}

// Bool returns a scalar boolean.
func Bool(n *Node) (bool, bool) {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		return false, false
	}
	switch n.Value { // the common spellings, without a decoder
	case "true":
		return true, true
	case "false":
		return false, true
	}
	var b bool
	err := n.Decode(&b)
	return b, err == nil
}

// Scalar returns a scalar as int64, bool, string, or nil for ~.
func Scalar(n *Node) any {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		return nil
	}
	switch n.Tag {
	case "!!null":
		return nil
	case "!!int":
		if i, ok := Int(n); ok {
			return i
		}
	case "!!bool":
		if b, ok := Bool(n); ok {
			return b
		}
	}
	return n.Value
}

// Key returns the key node of key in mapping n, or nil.
func Key(n *Node, key string) *Node {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return nil
}

// Place is where a node begins in its file: its line and column.
type Place struct{ Line, Column int }

// Paths returns, for each place a node of root begins, the path from root
// down to it as a problem's path is written (mapping keys, list indices
// in decimal: the tokens KeyPath takes). A key is the place of its entry:
// its path ends with the key. Where a collection and its first entry
// begin at one place, the collection's path is the place's. Aliases are
// not followed. One walk of the tree, for a document whose findings are
// to be placed.
func Paths(root *Node) map[Place][]string {
	out := map[Place][]string{}
	var path []string
	at := func(n *Node) {
		p := Place{n.Line, n.Column}
		if _, ok := out[p]; !ok {
			out[p] = append([]string(nil), path...)
		}
	}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil {
			return
		}
		at(n)
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				path = append(path, n.Content[i].Value)
				at(n.Content[i])
				walk(n.Content[i+1])
				path = path[:len(path)-1]
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				path = append(path, strconv.Itoa(i))
				walk(c)
				path = path[:len(path)-1]
			}
		}
	}
	walk(root)
	return out
}
