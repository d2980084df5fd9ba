package vassal

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// xnode is one element of buildFile.xml. Attributes are written sorted by
// name, so the bytes do not depend on the order the compiler set them.
type xnode struct {
	tag   string
	attrs map[string]string
	text  string
	// xmlText, when set, is the text already escaped, in pieces.
	xmlText []string
	kids    []*xnode
}

// vassalPkg is the package prefix of every class the module names.
const vassalPkg = "VASSAL.build."

func el(class string, kv ...string) *xnode {
	n := &xnode{tag: vassalPkg + class, attrs: map[string]string{}}
	for i := 0; i+1 < len(kv); i += 2 {
		n.attrs[kv[i]] = kv[i+1]
	}
	return n
}

func (n *xnode) add(kids ...*xnode) *xnode {
	n.kids = append(n.kids, kids...)
	return n
}

// xmlChars replaces what XML 1.0 cannot carry (the C0 controls other than
// tab, line feed and carriage return, U+FFFE, U+FFFF, bytes that are not
// UTF-8) with U+FFFD. The loader refuses such text (S009); this keeps
// buildFile.xml XML whatever text reaches it.
func xmlChars(s string) string {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x80 || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if c < 0x20 || r == utf8.RuneError && w == 1 || r == 0xfffe || r == 0xffff {
			return xmlFix(s)
		}
		i += w
	}
	return s
}

func xmlFix(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20, r == 0xfffe, r == 0xffff, r == utf8.RuneError:
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// escText and escAttr write s as XML text and as an attribute value.
func escText(s string) string { return textEscaper.Replace(xmlChars(s)) }
func escAttr(s string) string { return attrEscaper.Replace(xmlChars(s)) }

var attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "\t", "&#9;", "\n", "&#10;", "\r", "&#13;")
var textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\t", "&#9;", "\r", "&#13;")

func (n *xnode) write(b *bufio.Writer, depth int) {
	indent(b, depth)
	b.WriteByte('<')
	b.WriteString(n.tag)
	var buf [16][2]string // most elements have a few attributes: no allocation
	kvs := buf[:0]
	for k, v := range n.attrs {
		kvs = append(kvs, [2]string{k, v})
	}
	slices.SortFunc(kvs, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	for _, kv := range kvs {
		k, v := kv[0], kv[1]
		b.WriteByte(' ')
		b.WriteString(k)
		b.WriteString(`="`)
		if plainXML(v) {
			b.WriteString(v)
		} else {
			b.WriteString(escAttr(v))
		}
		b.WriteByte('"')
	}
	switch {
	case len(n.kids) > 0:
		b.WriteString(">\n")
		for _, k := range n.kids {
			k.write(b, depth+1)
		}
		indent(b, depth)
		n.end(b)
	case n.xmlText != nil:
		b.WriteByte('>')
		for _, t := range n.xmlText {
			b.WriteString(t)
		}
		n.end(b)
	case n.text != "":
		b.WriteByte('>')
		b.WriteString(escText(n.text))
		n.end(b)
	default:
		b.WriteString("/>\n")
	}
}

// end writes the closing tag and the line's end.
func (n *xnode) end(b *bufio.Writer) {
	b.WriteString("</")
	b.WriteString(n.tag)
	b.WriteString(">\n")
}

// indent writes two spaces a level.
func indent(b *bufio.Writer, depth int) {
	const spaces = "                                "
	for ; depth > len(spaces)/2; depth -= len(spaces) / 2 {
		b.WriteString(spaces)
	}
	b.WriteString(spaces[:2*depth])
}

// plainXML reports whether s is printable ASCII with nothing to escape in
// an attribute: escAttr(s) would be s.
func plainXML(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x80, c == '&', c == '<', c == '>', c == '"':
			return false
		}
	}
	return true
}

// xmlDoc is the document with VASSAL's XML declaration, held whole.
func xmlDoc(root *xnode) []byte {
	var b bytes.Buffer
	xmlWrite(&b, root)
	return b.Bytes()
}

// xmlWrite writes the document with VASSAL's XML declaration into w: a
// module's buildFile.xml goes straight into its archive entry.
func xmlWrite(w io.Writer, root *xnode) error {
	b := bufio.NewWriterSize(w, 64<<10)
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n")
	root.write(b, 0)
	return b.Flush()
}
