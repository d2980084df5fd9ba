package lsp

import (
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// lines indexes a text by line, for turning muster's positions (1-based
// line, 1-based column counted in characters, as the YAML parser counts)
// into the protocol's (0-based line, UTF-16 offset) and back.
type lines struct {
	text  []byte
	str   string // text, made once: a line is a part of it
	start []int  // byte offset of each line
}

func newLines(text []byte) *lines {
	l := &lines{text: text, str: string(text), start: []int{0}}
	for i, c := range text {
		if c == '\n' {
			l.start = append(l.start, i+1)
		}
	}
	return l
}

// line returns line i (0-based) without its line end; "" past the end.
func (l *lines) line(i int) string {
	if i < 0 || i >= len(l.start) {
		return ""
	}
	end := len(l.text)
	if i+1 < len(l.start) {
		end = l.start[i+1] - 1
	}
	return strings.TrimSuffix(l.str[l.start[i]:end], "\r")
}

// count is the number of lines.
func (l *lines) count() int { return len(l.start) }

// byteOfChar is the byte offset in s of its n-th character (0-based).
func byteOfChar(s string, n int) int {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// byteOfUTF16 is the byte offset in s of UTF-16 offset u (clamped).
func byteOfUTF16(s string, u int) int {
	n := 0
	for i, r := range s {
		if n >= u {
			return i
		}
		n += utf16.RuneLen(r)
	}
	return len(s)
}

// span returns the protocol range of the token that starts at muster's
// line and column: a quoted scalar to its closing quote, a flow collection
// to its close on the same line, a plain scalar or key to where it ends.
// A position of line 0 (a whole file) is the file's first line.
func (l *lines) span(line, col int) Range {
	if line <= 0 {
		first := l.line(0)
		return Range{Position{0, 0}, Position{0, max(utf16Len(first), 1)}}
	}
	s := l.line(line - 1)
	b := byteOfChar(s, max(col-1, 0))
	e := tokenEnd(s, b)
	if e <= b {
		e = len(s)
		if e <= b { // an empty line or past its end: one character
			return Range{Position{line - 1, utf16Len(s[:b])}, Position{line - 1, utf16Len(s[:b]) + 1}}
		}
	}
	return Range{Position{line - 1, utf16Len(s[:b])}, Position{line - 1, utf16Len(s[:e])}}
}

// tokenEnd is the byte offset where the token at s[b:] ends.
func tokenEnd(s string, b int) int {
	if b >= len(s) {
		return b
	}
	switch s[b] {
	case '"':
		for i := b + 1; i < len(s); i++ {
			if s[i] == '\\' {
				i++
				continue
			}
			if s[i] == '"' {
				return i + 1
			}
		}
		return len(s)
	case '\'':
		for i := b + 1; i < len(s); i++ {
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					i++
					continue
				}
				return i + 1
			}
		}
		return len(s)
	case '[', '{':
		depth := 0
		for i := b; i < len(s); i++ {
			switch s[i] {
			case '[', '{':
				depth++
			case ']', '}':
				depth--
				if depth == 0 {
					return i + 1
				}
			case '"', '\'':
				i = tokenEnd(s, i) - 1
			}
		}
		return len(s)
	case '-':
		if b+1 >= len(s) || s[b+1] == ' ' {
			return b + 1
		}
	}
	e := b
	for e < len(s) {
		c := s[e]
		if c == ',' || c == ']' || c == '}' || c == '[' || c == '{' {
			break
		}
		if c == ':' && (e+1 == len(s) || s[e+1] == ' ') {
			break
		}
		if c == '#' && e > b && s[e-1] == ' ' {
			break
		}
		e++
	}
	return b + len(strings.TrimRight(s[b:e], " \t"))
}

// scalarAt finds the scalar of line s that holds byte offset at: its byte
// span (quotes included) and its text (quotes removed). ok is false when
// at is on structure (a bracket, a colon, blank space).
func scalarAt(s string, at int) (start, end int, text string, ok bool) {
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == ',' || c == '[' || c == ']' || c == '{' || c == '}':
			i++
			continue
		case c == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return 0, 0, "", false // a comment
		case c == '-' && (i+1 == len(s) || s[i+1] == ' '):
			i++
			continue
		case c == ':' && (i+1 == len(s) || s[i+1] == ' '):
			i++
			continue
		}
		e := tokenEnd(s, i)
		if e <= i {
			e = i + 1
		}
		if at >= i && at <= e && !(at == e && at < len(s) && s[at] != ' ' && s[at] != ',' && s[at] != ']' && s[at] != '}' && s[at] != ':') {
			t := s[i:e]
			if len(t) >= 2 && (t[0] == '"' || t[0] == '\'') && t[len(t)-1] == t[0] {
				t = t[1 : len(t)-1]
			} else if len(t) >= 1 && (t[0] == '"' || t[0] == '\'') {
				t = t[1:]
			}
			return i, e, t, true
		}
		i = e
	}
	return 0, 0, "", false
}

// uriPath turns a file URI into a clean absolute path; ok is false for
// any other URI.
func uriPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	p := u.Path
	if p == "" {
		return "", false
	}
	return filepath.Clean(filepath.FromSlash(p)), true
}

// pathURI is the file URI of an absolute path.
func pathURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}
