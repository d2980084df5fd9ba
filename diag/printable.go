package diag

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable is s made safe to print as part of one line of a terminal or
// of a line-oriented report (text, github, junit, the CLI's messages): a
// control character (C0 but tab, DEL, C1: a terminal escape, a line break
// that would forge a line such as a GitHub `::error` command), U+2028,
// U+2029 and the byte-order mark become their \x or \u escapes, and a
// byte of invalid UTF-8 its \x escape. Names of files and folders, and any
// text from the battle, pass through it before such a report prints them;
// formats that escape by their own rules (JSON, SARIF) need not.
func Printable(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s // the common case: plain ASCII
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case Unprintable(r):
			b.WriteString(EscapeRune(r))
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Unprintable reports whether r is a character Printable escapes: a
// control character but tab, U+2028, U+2029 or U+FEFF.
func Unprintable(r rune) bool {
	return r < 0x20 && r != '\t' || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 || r == 0xfeff
}

// EscapeRune is r's escape: \x1b, \u2028.
func EscapeRune(r rune) string {
	if r > 0xff {
		return fmt.Sprintf("\\u%04x", r)
	}
	return fmt.Sprintf("\\x%02x", r)
}
