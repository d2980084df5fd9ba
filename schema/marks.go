package schema

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/diag"

	"go.yaml.in/yaml/v3"
)

// stopped is where the YAML library's parser gave up on a file: the mark
// of the problem (the offending character or token) and, for most errors,
// of the context (the start of the construct it was reading: the '{' of a
// flow mapping, the opening quote of a quoted scalar). Lines and columns
// are 0-based and count characters, as the library's node positions do.
type stopped struct {
	kind          int // the library's yaml_error_type_t: 2 reader, 3 scanner, 4 parser
	problem       string
	context       string
	problemLine   int
	problemColumn int
	contextLine   int
	contextColumn int
}

// The library's error kinds (yaml_error_type_t).
const (
	yamlReaderError  = 2
	yamlScannerError = 3
	yamlParserError  = 4
)

// whereStopped reads the marks out of the decoder after a failed Decode.
// The library has no API for them, and its message gives one line only:
// the context's when there is one, else the problem's, 0-based for parser
// errors and 1-based for scanner errors, and none at all on the first
// line. So the marks are read from the decoder's unexported parser state
// by reflection (reading, never writing); ok is false when this version of
// the library keeps them elsewhere (TestWhereStopped pins the layout), and
// the caller falls back on the message.
func whereStopped(dec *yaml.Decoder) (s stopped, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	v := reflect.ValueOf(dec)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return s, false
	}
	p := v.Elem().FieldByName("parser")
	if p.Kind() != reflect.Pointer || p.IsNil() {
		return s, false
	}
	yp := p.Elem().FieldByName("parser")
	if yp.Kind() != reflect.Struct {
		return s, false
	}
	mark := func(name string) (line, col int) {
		m := yp.FieldByName(name)
		return int(m.FieldByName("line").Int()), int(m.FieldByName("column").Int())
	}
	s.kind = int(yp.FieldByName("error").Int())
	s.problem = yp.FieldByName("problem").String()
	s.context = yp.FieldByName("context").String()
	s.problemLine, s.problemColumn = mark("problem_mark")
	s.contextLine, s.contextColumn = mark("context_mark")
	return s, s.kind >= yamlReaderError && s.problem != ""
}

// syntaxError positions a decoding error at the character that caused it.
func syntaxError(file string, data []byte, dec *yaml.Decoder, err error) (diag.Pos, string) {
	pos := diag.Pos{File: file, Line: 1, Column: 1}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := anchorRE().FindStringSubmatch(msg); m != nil { // yaml.v3 gives no line: find the alias
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			pos.Line, pos.Column = lineCol(data, i)
		}
		return pos, msg
	}
	s, ok := whereStopped(dec)
	if !ok || s.kind == yamlReaderError {
		// Not the parser's own error (a panic inside the library), or one
		// notText should have caught first: the message's line, if any.
		if m := lineRE().FindStringSubmatch(err.Error()); m != nil {
			pos.Line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return pos, msg
	}
	at := func(line, col int) diag.Pos {
		line, col = clampMark(data, line, col)
		return diag.Pos{File: file, Line: line + 1, Column: col + 1}
	}
	problem := at(s.problemLine, s.problemColumn)
	msg = s.problem
	switch {
	case strings.HasPrefix(s.context, "while parsing a flow mapping"), strings.HasPrefix(s.context, "while parsing a flow sequence"):
		// The parser gives up where it wanted a ',' or the closing bracket,
		// often lines below the bracket left open: point at that bracket.
		open, shut := "{", "}"
		if strings.Contains(s.context, "sequence") {
			open, shut = "[", "]"
		}
		opener := at(s.contextLine, s.contextColumn)
		if problem.Line == opener.Line && !atEnd(data, s.problemLine, s.problemColumn) {
			// on the bracket's own line: what the parser found is what is
			// wrong (a ':' where a ',' belongs, say)
			return problem, fmt.Sprintf("did not find expected ',' or '%s' here, inside the '%s' at column %d", shut, open, opener.Column)
		}
		return opener, fmt.Sprintf("did not find expected ',' or '%s' before line %d, column %d: this '%s' is not closed, or a ',' is missing between its entries", shut, problem.Line, problem.Column, open)
	case s.problem == "found unexpected end of stream" && s.context != "":
		// The file ends inside a quoted scalar or the like: point at its start.
		what := strings.TrimPrefix(strings.TrimPrefix(s.context, "while scanning "), "a ")
		msg = "the file ends inside the " + what + " that starts here"
		if strings.Contains(what, "quoted") {
			msg += ": its closing quote is missing"
		}
		return at(s.contextLine, s.contextColumn), msg
	case charAt(data, s.problemLine, s.problemColumn) == '\t':
		if s.problem == "found character that cannot start any token" {
			msg = "found a tab character"
		}
		return problem, msg + ": YAML indents with spaces, never tabs"
	}
	return problem, msg
}

// charAt is the character at a 0-based mark of data, or -1.
func charAt(data []byte, line, col int) rune {
	l, c := 0, 0
	for i := 0; i < len(data); {
		r, w := utf8.DecodeRune(data[i:])
		if l == line && c == col {
			return r
		}
		i += w
		switch {
		case r == '\r' && i < len(data) && data[i] == '\n':
			i++
			fallthrough
		case isBreak(r):
			if l == line {
				return -1
			}
			l, c = l+1, 0
		default:
			c++
		}
	}
	return -1
}

// atEnd reports whether a 0-based mark lies past the last character of
// data (the parser read to the end of the file).
func atEnd(data []byte, line, col int) bool {
	if l, c := clampMark(data, line, col); l != line || c != col {
		return true
	}
	return charAt(data, line, col) < 0 && lineStart(data, line+1) >= len(data)
}

// lineStart is the offset of 0-based line of data (counting LF only, as
// the rest of a file does not matter here), or len(data).
func lineStart(data []byte, line int) int {
	i := 0
	for ; line > 0 && i < len(data); line-- {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			return len(data)
		}
		i += j + 1
	}
	return i
}

// clampMark keeps a 0-based mark on a line of data: a mark past the last
// line break (the end of the file) moves to the end of the last line.
func clampMark(data []byte, line, col int) (int, int) {
	n := 0
	last := 0 // characters on the last line
	for i := 0; i < len(data); {
		r, w := utf8.DecodeRune(data[i:])
		i += w
		switch {
		case r == '\r' && i < len(data) && data[i] == '\n':
			i++
			fallthrough
		case isBreak(r):
			if i < len(data) {
				n++
				last = 0
			}
		default:
			last++
		}
	}
	if line > n {
		return n, last
	}
	return line, col
}

// isBreak reports whether r ends a line for the YAML library: LF, CR (a
// CR LF pair is one break), NEL, LS and PS.
func isBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// lineCol is the 1-based line and column of byte offset i of data, lines
// and columns counted as the YAML library counts them (columns in
// characters, an invalid byte one character).
func lineCol(data []byte, i int) (line, col int) {
	line, col = 1, 1
	for j := 0; j < i && j < len(data); {
		r, w := utf8.DecodeRune(data[j:])
		j += w
		switch {
		case r == '\r' && j < len(data) && data[j] == '\n':
			j++
			line, col = line+1, 1
		case isBreak(r):
			line, col = line+1, 1
		default:
			col++
		}
	}
	return line, col
}

// notText finds the first character of data that YAML refuses: a byte that
// is not UTF-8, a NUL, a control character other than tab and line breaks,
// or the non-characters U+FFFE and U+FFFF. It gives the 1-based line and
// column and a message naming it.
func notText(data []byte) (line, col int, msg string, bad bool) {
	i := 0
	for i < len(data) {
		// eight bytes at a time while they are all printable ASCII (0x20
		// to 0x7e): a battle's text is almost all of them, and this pass
		// reads every byte of every file
		for i+8 <= len(data) && printable8(binary.LittleEndian.Uint64(data[i:])) {
			i += 8
		}
		if i >= len(data) {
			break
		}
		c := data[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' || c == '\r' { // ASCII text: the fast path
			i++
			continue
		}
		r, w := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			msg = fmt.Sprintf("byte 0x%02X is not UTF-8: a battle's files are UTF-8 text", c)
		case r == 0:
			msg = "a NUL byte: the file is binary, not text"
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f && r != 0x85):
			msg = fmt.Sprintf("control character U+%04X is not allowed in YAML", r)
		case r == 0xfffe || r == 0xffff:
			msg = fmt.Sprintf("U+%04X is not a character and is not allowed in YAML", r)
		default:
			i += w
			continue
		}
		line, col = lineCol(data, i)
		return line, col, msg, true
	}
	return 0, 0, "", false
}

// printable8 reports whether each of the eight bytes of w is printable
// ASCII, 0x20 to 0x7e: none has its high bit set, none is below 0x20 and
// none is 0x7f (the classic tests for a byte below n and for a zero byte).
func printable8(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	below := (w - 0x20*ones) &^ w // a byte below 0x20 (or a high one)
	del := w ^ 0x7f*ones          // 0x7f becomes zero
	zero := (del - ones) &^ del   // a zero byte
	return (w|below|zero)&highs == 0
}

// runawayQuote finds, in the document text up to 1-based line stop, the
// last quoted scalar that opens on one line and closes on a later one:
// YAML allows that, battle files hardly ever mean it, and a quote left
// open makes the parser give up lines below it. Its 1-based line and
// column (relative to text) are a hint for a syntax error on line stop. It
// reads quotes where a scalar can start (after ': ', '- ', '[', '{', ','
// or at the start of a line) and skips comments; it does not know block
// scalars.
func runawayQuote(text []byte, stop int) (line, col int, ok bool) {
	l, c := 1, 1
	var quote rune       // the open quote, or 0
	var ql, qc int       // where it opened
	var prev rune = '\n' // the last character that is not a space, on this line
	for i := 0; i < len(text) && l <= stop; {
		r, w := utf8.DecodeRune(text[i:])
		i += w
		switch {
		case quote == '"' && r == '\\':
			if i < len(text) && text[i] != '\n' {
				_, w := utf8.DecodeRune(text[i:])
				i += w
				c++
			}
		case quote != 0 && r == quote:
			if quote == '\'' && i < len(text) && text[i] == '\'' {
				i++
				c++
				break
			}
			if ql < l {
				line, col, ok = ql, qc, true
			}
			quote = 0
		case quote != 0:
		case r == '#' && (prev == '\n' || c == 1 || text[i-w-1] == ' ' || text[i-w-1] == '\t'):
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case (r == '"' || r == '\'') && strings.ContainsRune("\n:-[{,?", prev):
			quote, ql, qc = r, l, c
		}
		if r == '\n' {
			l, c, prev = l+1, 1, '\n'
			continue
		}
		c++
		if r != ' ' && r != '\t' {
			prev = r
		}
	}
	return line, col, ok
}
