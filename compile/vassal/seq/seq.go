// Package seq is a Go port of VASSAL's SequenceEncoder
// (vassal-app/src/main/java/VASSAL/tools/SequenceEncoder.java): it joins
// strings with a delimiter, escaping the delimiter inside each with a
// backslash, and reads such strings back. VASSAL piece definitions and
// saved-game commands are nests of these, so the bytes must match VASSAL's.
package seq

import (
	"strconv"
	"strings"
)

// ugly are the delimiters that can occur in a printed number or boolean;
// with one of them VASSAL escapes numbers as it escapes strings.
const ugly = "-.0123456789EINaefilnrstuy"

// Encoder builds one delimited sequence. The zero value is not usable: make
// one with New.
type Encoder struct {
	delim   byte
	buf     strings.Builder
	started bool
	ugly    bool
}

// New returns an empty encoder for delim.
func New(delim byte) *Encoder {
	return &Encoder{delim: delim, ugly: strings.IndexByte(ugly, delim) >= 0}
}

// Of returns an encoder holding s, as `new SequenceEncoder(s, delim)`.
func Of(s string, delim byte) *Encoder { return New(delim).Append(s) }

func (e *Encoder) next() {
	if e.started {
		e.buf.WriteByte(e.delim)
	}
	e.started = true
}

// Append adds a string: the delimiter inside it is escaped, and a string
// that starts with a backslash, or starts and ends with a single quote, is
// wrapped in single quotes.
func (e *Encoder) Append(s string) *Encoder {
	e.next()
	if s == "" {
		return e
	}
	if s[0] == '\\' || (s[0] == '\'' && s[len(s)-1] == '\'') {
		e.buf.WriteByte('\'')
		e.escape(s)
		e.buf.WriteByte('\'')
	} else {
		e.escape(s)
	}
	return e
}

// escape writes s with a backslash before each delimiter, copying the runs
// between delimiters whole.
func (e *Encoder) escape(s string) {
	n := strings.Count(s, string(e.delim))
	e.buf.Grow(len(s) + n + 2)
	if n == 0 {
		e.buf.WriteString(s)
		return
	}
	for {
		i := strings.IndexByte(s, e.delim)
		if i < 0 {
			e.buf.WriteString(s)
			return
		}
		e.buf.WriteString(s[:i])
		e.buf.WriteByte('\\')
		e.buf.WriteByte(e.delim)
		s = s[i+1:]
	}
}

// One is the sequence of s alone, New(delim).Append(s).Value(), made
// without an encoder when s needs no escape and no quotes (most do not).
func One(s string, delim byte) string {
	if s == "" || s[0] != '\\' && !(s[0] == '\'' && s[len(s)-1] == '\'') && strings.IndexByte(s, delim) < 0 {
		return s
	}
	return New(delim).Append(s).Value()
}

// Int adds an integer as `append(int)` does.
func (e *Encoder) Int(i int) *Encoder {
	if e.ugly {
		return e.Append(strconv.Itoa(i))
	}
	e.next()
	e.buf.WriteString(strconv.Itoa(i))
	return e
}

// Bool adds a boolean as `append(boolean)` does.
func (e *Encoder) Bool(b bool) *Encoder {
	if e.ugly {
		return e.Append(strconv.FormatBool(b))
	}
	e.next()
	e.buf.WriteString(strconv.FormatBool(b))
	return e
}

// Double adds a float as Java's String.valueOf(double) prints the values
// muster uses (integral values print with ".0").
func (e *Encoder) Double(f float64) *Encoder {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	if e.ugly {
		return e.Append(s)
	}
	e.next()
	e.buf.WriteString(s)
	return e
}

// Strings adds a string array as StringArrayConfigurer.arrayToString does:
// the items joined with ',' by a nested encoder ("" for no items).
func (e *Encoder) Strings(items []string) *Encoder {
	if len(items) == 0 {
		return e.Append("")
	}
	in := New(',')
	for _, s := range items {
		in.Append(s)
	}
	return e.Append(in.Value())
}

// Value returns the sequence, and ok false when nothing was appended
// (VASSAL's getValue returns null then).
func (e *Encoder) Value() string { return e.buf.String() }

// Empty reports whether nothing was appended.
func (e *Encoder) Empty() bool { return !e.started }

// Decode splits s as SequenceEncoder.Decoder reads it: a delimiter after a
// backslash is literal (the backslash is dropped), one enclosing pair of
// single quotes is stripped, and an empty string is one empty token.
func Decode(s string, delim byte) []string {
	var out []string
	start, stop := 0, len(s)
	for {
		if start == stop {
			return append(out, "")
		}
		// A token without an escaped delimiter is a slice of s: only
		// one with a backslash before a delimiter is copied.
		var b strings.Builder
		escaped := false
		i := start
		for ; i < stop; i++ {
			if s[i] != delim {
				continue
			}
			if i > 0 && s[i-1] == '\\' {
				b.WriteString(s[start : i-1])
				start = i
				escaped = true
				continue
			}
			break
		}
		tok := s[start:i]
		if escaped {
			b.WriteString(tok)
			tok = b.String()
		}
		out = append(out, unquote(tok))
		if i == stop {
			return out
		}
		start = i + 1
	}
}

func unquote(s string) string {
	if len(s) > 1 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	return s
}

// Nest is base wrapped in items as VASSAL's Decorator chain writes it,
// innermost last: for each item from the last, s = Of(item, delim).Append(s).
// Each step escapes the delimiters of everything inside it again, so built
// step by step a chain of n items copies its inner text n times; Nest
// writes every byte once: a delimiter k levels down gets its k backslashes
// at once, and a level that Append would quote is opened where it starts
// and closed after everything inside it.
func Nest(items []string, base string, delim byte) string {
	n := len(items)
	// first and last byte of each level's string (levels[n] is base), and
	// whether Append quotes it; a level is empty only when it is an empty
	// base.
	type edge struct {
		first, last byte
		empty       bool
	}
	quoted := func(e edge) bool {
		return !e.empty && (e.first == '\\' || e.first == '\'' && e.last == '\'')
	}
	levels := make([]edge, n+1)
	if base == "" {
		levels[n] = edge{empty: true}
	} else {
		levels[n] = edge{first: base[0], last: base[len(base)-1]}
	}
	size := len(base)
	for i := n - 1; i >= 0; i-- {
		t, in := items[i], levels[i+1]
		var e edge
		switch {
		case t == "":
			e.first = delim
		case t[0] == '\\' || t[0] == '\'' && t[len(t)-1] == '\'':
			e.first = '\''
		case t[0] == delim:
			e.first = '\\'
		default:
			e.first = t[0]
		}
		switch {
		case in.empty:
			e.last = delim
		case quoted(in):
			e.last = '\''
		default:
			e.last = in.last
		}
		levels[i] = e
		size += len(t) + 3
	}
	var b strings.Builder
	b.Grow(size + size/8)
	// esc writes s with m backslashes before each delimiter.
	esc := func(s string, m int) {
		for {
			j := strings.IndexByte(s, delim)
			if j < 0 {
				b.WriteString(s)
				return
			}
			b.WriteString(s[:j])
			for range m {
				b.WriteByte('\\')
			}
			b.WriteByte(delim)
			s = s[j+1:]
		}
	}
	closers := 0
	for i, t := range items {
		// level i, under i escapes: its item escaped once more, the
		// delimiter, then level i+1 (opened here, closed at the end)
		if t != "" {
			if t[0] == '\\' || t[0] == '\'' && t[len(t)-1] == '\'' {
				b.WriteByte('\'')
				esc(t, i+1)
				b.WriteByte('\'')
			} else {
				esc(t, i+1)
			}
		}
		for range i {
			b.WriteByte('\\')
		}
		b.WriteByte(delim)
		if quoted(levels[i+1]) {
			b.WriteByte('\'')
			closers++
		}
	}
	esc(base, n)
	for range closers {
		b.WriteByte('\'')
	}
	return b.String()
}
