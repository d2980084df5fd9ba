package lsp

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// The messages of every keystroke, read without encoding/json: the
// envelope (message) and textDocument/didChange's params. encoding/json
// scans a message twice (checkValid, then the decode) and params twice
// again, and the whole document's text is in them: four passes of its
// state machine over the text on every edit (TSS's scenario-3: 0.6 M of
// an edit's 10.2 M instructions with the collector off). The readers
// here take one pass,
// and only the plain shape an editor sends: keys spelt exactly as the
// structs name them, each once; strings whose escapes are the
// one-character ones or \u of a character (not a surrogate) and whose
// bytes are valid UTF-8; whole numbers. On
// anything else they report !ok and the caller decodes with encoding/json,
// so every message reads exactly as encoding/json reads it (fastjson_test.go
// holds them side by side).

// jscan reads JSON from b at i.
type jscan struct {
	b []byte
	i int
}

func (s *jscan) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// is skips white space and then c, if c is next.
func (s *jscan) is(c byte) bool {
	s.ws()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// maxDepth is how deep a value skip reads before it gives up (and the
// caller leaves the message to encoding/json).
const maxDepth = 64

// skip passes over one value, checking it is JSON as encoding/json's
// checkValid does, and returns its bytes.
func (s *jscan) skip(depth int) ([]byte, bool) {
	s.ws()
	start := s.i
	if s.i >= len(s.b) || depth > maxDepth {
		return nil, false
	}
	switch c := s.b[s.i]; {
	case c == '"':
		if !s.skipString() {
			return nil, false
		}
	case c == '{':
		s.i++
		if !s.is('}') {
			for {
				s.ws()
				if s.i >= len(s.b) || s.b[s.i] != '"' || !s.skipString() || !s.is(':') {
					return nil, false
				}
				if _, ok := s.skip(depth + 1); !ok {
					return nil, false
				}
				if s.is('}') {
					break
				}
				if !s.is(',') {
					return nil, false
				}
			}
		}
	case c == '[':
		s.i++
		if !s.is(']') {
			for {
				if _, ok := s.skip(depth + 1); !ok {
					return nil, false
				}
				if s.is(']') {
					break
				}
				if !s.is(',') {
					return nil, false
				}
			}
		}
	case c == '-' || c >= '0' && c <= '9':
		if !s.skipNumber() {
			return nil, false
		}
	default:
		for _, lit := range [...]string{"true", "false", "null"} {
			if bytes.HasPrefix(s.b[s.i:], []byte(lit)) {
				s.i += len(lit)
				return s.b[start:s.i], true
			}
		}
		return nil, false
	}
	return s.b[start:s.i], true
}

// skipString passes over a string at s.i (its opening quote).
func (s *jscan) skipString() bool {
	s.i++
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if s.i+1 >= len(s.b) {
				return false
			}
			switch s.b[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.b) {
					return false
				}
				for _, h := range s.b[s.i+2 : s.i+6] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return false
					}
				}
				s.i += 6
			default:
				return false
			}
		default:
			s.i++
		}
	}
	return false
}

// skipNumber passes over a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *jscan) skipNumber() bool {
	digits := func() int {
		n := 0
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	if s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return false
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if digits() == 0 {
			return false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// str reads a string: one whose escapes are of one character or \u of a
// character that is not a surrogate (encoding/json pairs those or
// replaces them) and whose bytes are valid UTF-8 (encoding/json would
// replace the others).
func (s *jscan) str() (string, bool) {
	if !s.is('"') {
		return "", false
	}
	start := s.i
	// The common case: no escape at all.
	for s.i < len(s.b) {
		c := s.b[s.i]
		if c == '"' {
			raw := s.b[start:s.i]
			s.i++
			if !utf8.Valid(raw) {
				return "", false
			}
			return string(raw), true
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", false
		}
		s.i++
	}
	out := make([]byte, 0, s.i-start+(len(s.b)-s.i)/2)
	out = append(out, s.b[start:s.i]...)
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			if !utf8.Valid(out) {
				return "", false
			}
			return string(out), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if s.i+1 >= len(s.b) {
				return "", false
			}
			var r byte
			switch s.b[s.i+1] {
			case '"', '\\', '/':
				r = s.b[s.i+1]
			case 'b':
				r = '\b'
			case 'f':
				r = '\f'
			case 'n':
				r = '\n'
			case 'r':
				r = '\r'
			case 't':
				r = '\t'
			case 'u':
				// \uXXXX, as Go's json.Marshal writes <, > and &; a
				// surrogate is left to encoding/json
				if s.i+6 > len(s.b) {
					return "", false
				}
				u := 0
				for _, h := range s.b[s.i+2 : s.i+6] {
					switch {
					case h >= '0' && h <= '9':
						u = u<<4 | int(h-'0')
					case h >= 'a' && h <= 'f':
						u = u<<4 | int(h-'a'+10)
					case h >= 'A' && h <= 'F':
						u = u<<4 | int(h-'A'+10)
					default:
						return "", false
					}
				}
				if u >= 0xd800 && u < 0xe000 {
					return "", false
				}
				out = utf8.AppendRune(out, rune(u))
				s.i += 6
				continue
			default:
				return "", false // what is no escape
			}
			out = append(out, r)
			s.i += 2
		default:
			// a run of plain bytes at once
			j := s.i + 1
			for j < len(s.b) && s.b[j] != '"' && s.b[j] != '\\' && s.b[j] >= 0x20 {
				j++
			}
			out = append(out, s.b[s.i:j]...)
			s.i = j
		}
	}
	return "", false
}

// integer reads a whole number that fits an int.
func (s *jscan) integer() (int, bool) {
	s.ws()
	neg := s.i < len(s.b) && s.b[s.i] == '-'
	if neg {
		s.i++
	}
	d0 := s.i
	n := 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		n = n*10 + int(s.b[s.i]-'0')
		s.i++
	}
	digits := s.i - d0
	if digits == 0 || digits > 15 || (digits > 1 && s.b[d0] == '0') {
		return 0, false
	}
	if s.i < len(s.b) {
		switch s.b[s.i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

// object reads an object whose keys are among names, each once, spelt as
// names spell them, calling field for each with the index of its name;
// a key no name matches in any case is passed over as encoding/json
// ignores it. field reads the value.
func (s *jscan) object(names []string, field func(k int) bool) bool {
	if !s.is('{') {
		return false
	}
	if s.is('}') {
		return true
	}
	var seen uint32
	for {
		s.ws()
		key, ok := s.str()
		if !ok || !s.is(':') {
			return false
		}
		k := -1
		for j, n := range names {
			if key == n {
				k = j
				break
			}
			if strings.EqualFold(key, n) {
				return false // encoding/json would match it
			}
		}
		if k < 0 {
			for _, c := range key {
				if c >= utf8.RuneSelf {
					return false // a fold encoding/json may make
				}
			}
			if _, ok := s.skip(1); !ok {
				return false
			}
		} else {
			if seen&(1<<k) != 0 {
				return false
			}
			seen |= 1 << k
			if !field(k) {
				return false
			}
		}
		if s.is('}') {
			return true
		}
		if !s.is(',') {
			return false
		}
	}
}

// end reports whether nothing but white space is left.
func (s *jscan) end() bool {
	s.ws()
	return s.i == len(s.b)
}

var messageKeys = []string{"jsonrpc", "id", "method", "params", "result", "error"}

// readMessage reads a message as json.Unmarshal does; ok is false when it
// leaves the message to json.Unmarshal. The raw fields are slices of body.
func readMessage(body []byte) (m message, ok bool) {
	s := &jscan{b: body}
	ok = s.object(messageKeys, func(k int) bool {
		var ok bool
		switch k {
		case 0:
			m.JSONRPC, ok = s.str()
		case 1:
			m.ID, ok = s.skip(0)
		case 2:
			m.Method, ok = s.str()
		case 3:
			m.Params, ok = s.skip(0)
		case 4:
			m.Result, ok = s.skip(0)
		}
		return ok // error: left to encoding/json
	})
	return m, ok && s.end()
}

// decodeMessage is json.Unmarshal of body into m, by readMessage when it
// can.
func decodeMessage(body []byte, m *message) error {
	if fm, ok := readMessage(body); ok {
		*m = fm
		return nil
	}
	return json.Unmarshal(body, m)
}

var (
	didChangeKeys = []string{"textDocument", "contentChanges"}
	versionedKeys = []string{"uri", "version"}
	changeKeys    = []string{"range", "text"}
	rangeKeys     = []string{"start", "end"}
	positionKeys  = []string{"line", "character"}
)

// readDidChange reads didChange's params as json.Unmarshal does; ok is
// false when it leaves them to json.Unmarshal.
func readDidChange(raw []byte) (p didChangeParams, ok bool) {
	s := &jscan{b: raw}
	position := func(q *Position) bool {
		return s.object(positionKeys, func(k int) bool {
			var ok bool
			if k == 0 {
				q.Line, ok = s.integer()
			} else {
				q.Character, ok = s.integer()
			}
			return ok
		})
	}
	ok = s.object(didChangeKeys, func(k int) bool {
		if k == 0 {
			return s.object(versionedKeys, func(k int) bool {
				var ok bool
				if k == 0 {
					p.TextDocument.URI, ok = s.str()
				} else {
					p.TextDocument.Version, ok = s.integer()
				}
				return ok
			})
		}
		if !s.is('[') {
			return false
		}
		p.ContentChanges = []contentChange{}
		if s.is(']') {
			return true
		}
		for {
			var c contentChange
			if !s.object(changeKeys, func(k int) bool {
				if k == 1 {
					var ok bool
					c.Text, ok = s.str()
					return ok
				}
				s.ws()
				if bytes.HasPrefix(s.b[s.i:], []byte("null")) {
					s.i += 4
					return true
				}
				r := &Range{}
				c.Range = r
				return s.object(rangeKeys, func(k int) bool {
					if k == 0 {
						return position(&r.Start)
					}
					return position(&r.End)
				})
			}) {
				return false
			}
			p.ContentChanges = append(p.ContentChanges, c)
			if s.is(']') {
				return true
			}
			if !s.is(',') {
				return false
			}
		}
	})
	return p, ok && s.end()
}
