package vmod

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/internal/zipbudget"
)

// Limits on buildFile.xml (docs/ci.md, "Limits"): a module is refused
// past them with the line where it went past, so that a small hostile
// build file cannot take the memory or the time.
const (
	maxDepth     = 100    // elements nested in one another
	maxTextParts = 10_000 // pieces of text in one element (text between comments, children)
	maxLabel     = 80     // characters of a name kept in an element path
)

// maxElements is how many elements the file may hold (a variable: the
// test checks it at a smaller value).
var maxElements = 200_000

// node is one element of buildFile.xml: its class (the element name
// without VASSAL's "VASSAL.build." prefix), attributes in file order, text,
// children and parent, its label in element paths and its line.
type node struct {
	Class string
	Attrs []xml.Attr
	Text  string
	Kids  []*node
	Up    *node // the parent
	Label string
	Line  int
}

// Path is n's element path for the report, made when asked (a path kept
// on every element would make a deep file's tree quadratic).
func (n *node) Path() string {
	var parts []string
	for k := n; k != nil; k = k.Up {
		parts = append(parts, k.Label)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, "/")
}

// inside reports whether n is below p.
func (n *node) inside(p *node) bool {
	for k := n.Up; k != nil; k = k.Up {
		if k == p {
			return true
		}
	}
	return false
}

// attr returns an attribute's value.
func (n *node) attr(k string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == k {
			return a.Value
		}
	}
	return ""
}

// label is how the path names an element: its class and, where it has
// one, its name (its first maxLabel characters).
func label(class string, attrs []xml.Attr) string {
	for _, k := range []string{"name", "mapName", "entryName", "chartName", "title"} {
		for _, a := range attrs {
			if a.Name.Local == k && a.Value != "" {
				v := a.Value
				if len(v) > maxLabel {
					v = strings.ToValidUTF8(v[:maxLabel], "") + "..."
				}
				return fmt.Sprintf("%s[%s=%q]", class, k, v)
			}
		}
	}
	return class
}

func shortClass(s string) string { return strings.TrimPrefix(s, "VASSAL.build.") }

// parseXML reads a build file into its tree, within the limits above.
func parseXML(r io.Reader) (*node, error) {
	dec := xml.NewDecoder(r)
	var stack []*node
	var texts []*strings.Builder
	var parts []int
	var root *node
	elements := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var le *zipbudget.LimitError
			if errors.As(err, &le) {
				return nil, le
			}
			return nil, fmt.Errorf("buildFile.xml: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			line, _ := dec.InputPos()
			if len(stack) >= maxDepth {
				return nil, fmt.Errorf("buildFile.xml:%d: elements nested deeper than %d (the depth limit)", line, maxDepth)
			}
			if elements++; elements > maxElements {
				return nil, fmt.Errorf("buildFile.xml:%d: more than %d elements (the element limit)", line, maxElements)
			}
			n := &node{Class: shortClass(t.Name.Local), Attrs: t.Attr, Line: line}
			n.Label = label(n.Class, t.Attr)
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("buildFile.xml:%d: a second root element", line)
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				n.Up = p
				p.Kids = append(p.Kids, n)
			}
			stack = append(stack, n)
			texts = append(texts, &strings.Builder{})
			parts = append(parts, 0)
		case xml.CharData:
			if len(stack) > 0 {
				i := len(stack) - 1
				if parts[i]++; parts[i] > maxTextParts {
					line, _ := dec.InputPos()
					return nil, fmt.Errorf("buildFile.xml:%d: the text of %s is split into more than %d pieces (the text piece limit)", line, stack[i].Class, maxTextParts)
				}
				texts[i].Write(t)
			}
		case xml.EndElement:
			if len(stack) > 0 {
				i := len(stack) - 1
				stack[i].Text = strings.TrimSpace(texts[i].String())
				stack, texts, parts = stack[:i], texts[:i], parts[:i]
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("buildFile.xml has no root element")
	}
	return root, nil
}

// walk visits n and every element below it, depth first.
func (n *node) walk(f func(*node) bool) {
	if !f(n) {
		return
	}
	for _, k := range n.Kids {
		k.walk(f)
	}
}
