package schema

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// freeText are the keys whose values are prose for the reader (notes,
// victory texts, sources, a ruleset's docs): they may hold tabs and line
// breaks. Every other text of a battle is one line: a name, an id, a label
// that reaches a VASSAL piece definition or buildFile.xml.
// (A switch, not a map: it is asked of every key of every document.)
func freeText(k string) bool {
	switch k {
	case "note", "text", "source", "illustrative", "doc", "why":
		return true
	}
	return false
}

// checkText refuses text that a VASSAL module cannot carry. YAML's own
// reader refuses such characters written raw, but a double-quoted string
// makes them from escapes ("\x1b", "\uFFFE"): XML 1.0 has no way to write
// the C0 controls other than tab and the line breaks, nor U+FFFE and
// U+FFFF, so buildFile.xml would not be XML. One-line text also may not
// hold a tab, a line break, DEL or a C1 control, nor end with a backslash,
// which VASSAL's piece definitions read as escaping the separator after it.
func (c *converter) checkText(n *yaml.Node, free bool) {
	if msg := badText(n.Value, free); msg != "" {
		d := c.diags.Addf(CodeText, c.doc.Pos(n), "%s", msg)
		d.Hint = "remove it"
		if strings.HasSuffix(n.Value, `\`) && !free {
			d.Hint = "remove the backslash, or end the text with another character"
		}
		c.doc.Bad[n] = true
	}
}

// badText says what of s a module cannot carry, or "".
func badText(s string, free bool) string {
	// Printable ASCII not ending with a backslash, the text of almost
	// every scalar, is good: one look at each byte.
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
		i++
	}
	if i == len(s) && (i == 0 || s[i-1] != '\\') {
		return ""
	}
	for i, r := range s {
		if r == utf8.RuneError {
			if _, w := utf8.DecodeRuneInString(s[i:]); w == 1 {
				return fmt.Sprintf("text %s holds a byte that is not UTF-8", quote(s))
			}
		}
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			if !free {
				return fmt.Sprintf("name or label %s holds a %s: it must be one line", quote(s), map[rune]string{'\t': "tab", '\n': "line break", '\r': "carriage return"}[r])
			}
		case r < 0x20:
			return fmt.Sprintf("text %s holds the control character U+%04X, which XML cannot carry", quote(s), r)
		case r == 0xfffe || r == 0xffff:
			return fmt.Sprintf("text %s holds U+%04X, which is not a character and XML cannot carry", quote(s), r)
		case (r == 0x2028 || r == 0x2029) && !free:
			return fmt.Sprintf("name or label %s holds a line separator (U+%04X): it must be one line", quote(s), r)
		case (r == 0x7f || r >= 0x80 && r <= 0x9f) && !free:
			return fmt.Sprintf("name or label %s holds the control character U+%04X", quote(s), r)
		}
	}
	if !free && strings.HasSuffix(s, `\`) {
		return fmt.Sprintf("name or label %s ends with a backslash, which VASSAL would read as escaping the separator after it", quote(s))
	}
	return ""
}

// quote writes s for a message: in double quotes, with what cannot be
// shown escaped, cut when long.
func quote(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		r := []rune(s)
		return fmt.Sprintf("%+q…", string(r[:40]))
	}
	return fmt.Sprintf("%+q", s)
}
