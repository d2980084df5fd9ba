package vmod

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// node is one element of buildFile.xml: its class (the element name
// without VASSAL's "VASSAL.build." prefix), attributes in file order, text
// and children, and its element path for the report.
type node struct {
	Class string
	Attrs []xml.Attr
	Text  string
	Kids  []*node
	Path  string
	Line  int
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
// one, its name.
func label(class string, attrs []xml.Attr) string {
	for _, k := range []string{"name", "mapName", "entryName", "chartName", "title"} {
		for _, a := range attrs {
			if a.Name.Local == k && a.Value != "" {
				return fmt.Sprintf("%s[%s=%q]", class, k, a.Value)
			}
		}
	}
	return class
}

func shortClass(s string) string { return strings.TrimPrefix(s, "VASSAL.build.") }

// parseXML reads a build file into its tree.
func parseXML(r io.Reader) (*node, error) {
	dec := xml.NewDecoder(r)
	var stack []*node
	var root *node
	for {
		off := dec.InputOffset()
		_ = off
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			line, _ := dec.InputPos()
			n := &node{Class: shortClass(t.Name.Local), Attrs: t.Attr, Line: line}
			l := label(n.Class, t.Attr)
			if len(stack) == 0 {
				n.Path = l
				root = n
			} else {
				p := stack[len(stack)-1]
				n.Path = p.Path + "/" + l
				p.Kids = append(p.Kids, n)
			}
			stack = append(stack, n)
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].Text += string(t)
			}
		case xml.EndElement:
			if len(stack) > 0 {
				n := stack[len(stack)-1]
				n.Text = strings.TrimSpace(n.Text)
				stack = stack[:len(stack)-1]
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
