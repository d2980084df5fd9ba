package schema

import (
	"bytes"
	"sync/atomic"
	"unicode/utf8"
)

// overNodes reads YAML text without building it and finds the first
// document that certainly holds more than max nodes, as convert counts them
// (every node but mapping keys, the root included). It returns the line and
// column of the node that passes max, and the offset where its document
// starts.
//
// yaml.v3 builds a document's whole tree before muster sees a node, about a
// hundred bytes for every two of text: a 32 MB list would take gigabytes and
// most of a minute before convert refused it. This scan costs one pass over
// the bytes. It counts only what must be a node (an entry after "- " or
// ": ", every entry of a flow collection, the collection itself) and skips
// comments, quoted text and block scalars, so it never counts more nodes
// than yaml.v3 would build: what it refuses, convert would refuse.
func overNodes(data []byte, max int) (line, col, doc int, over bool) {
	line, col, doc, over, _ = overNodesRun(data, max, 0)
	return
}

// overNodesRun is overNodes that also stops at the first node that takes
// the nodes of the whole text past runMax (when not 0), and says so.
//
// The scan counts at most two nodes for each byte it moves past (a token
// that is a node, and the value a line before left pending), and one for
// each document's root: never more than scanBound(data). A text whose
// bound is within both limits is not scanned.
func overNodesRun(data []byte, max, runMax int) (line, col, doc int, over, run bool) {
	if b := scanBound(data); b <= max && (runMax == 0 || b <= runMax) {
		return 0, 0, 0, false, false
	}
	scans.Add(1)
	if i := bytes.IndexByte(data, '\r'); i >= 0 && bytes.Count(data, []byte("\r")) != bytes.Count(data, []byte("\r\n")) {
		data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n")) // YAML breaks lines at a lone \r too
	}
	s := nodeScan{data: data, line: 1, count: 1, max: max, runMax: runMax}
	s.run()
	if s.overAt < 0 {
		return 0, 0, 0, false, false
	}
	start := bytes.LastIndexByte(data[:s.overAt], '\n') + 1
	return s.overLine, utf8.RuneCount(data[start:s.overAt]) + 1, s.docStart, true, s.runOver
}

// scanBound is the most nodes the scan can count in data.
func scanBound(data []byte) int { return 2*len(data) + 1 }

// scans counts the texts scanned, for the tests.
var scans atomic.Int64

type nodeScan struct {
	data     []byte
	i        int
	line     int
	count    int // nodes of the current document so far
	max      int
	overAt   int // offset of the node that passed max, else -1
	overLine int
	docStart int // offset of the current document's marker line
	done     int // nodes of the documents before the current one
	runMax   int // nodes of the whole text (0: no bound)
	runOver  bool
}

func (s *nodeScan) node(at int) bool {
	s.count++
	if s.count > s.max {
		s.overAt, s.overLine = at, s.line
		return true
	}
	if s.runMax > 0 && s.done+s.count > s.runMax {
		s.overAt, s.overLine, s.runOver = at, s.line, true
		return true
	}
	return false
}

func space(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// sep reports whether the byte at i ends a token: a blank, the end of the
// line or of the text.
func (s *nodeScan) sep(i int) bool { return i >= len(s.data) || space(s.data[i]) }

// marker reports whether a line starting at i is a document marker.
func (s *nodeScan) marker(i int) bool {
	d := s.data
	return i+3 <= len(d) && (string(d[i:i+3]) == "---" || string(d[i:i+3]) == "...") && s.sep(i+3)
}

func (s *nodeScan) run() {
	s.overAt = -1
	d := s.data
	flow := 0          // depth of flow collections
	value := false     // the next token is a node convert counts
	pending := false   // a block "key:" or "-" ended its line: the next token is its value
	keyable := false   // in a flow collection, the token before was counted and may be a key
	skipDoc := false   // the rest of the document is not counted
	scalarIndent := -2 // inside a block scalar: lines indented more than this belong to it
	plainOwner := -2   // a block plain scalar ended a line: lines indented more than this go on with it
	ownerCol, pendingOwner, tokCol := 0, 0, 0
	indicator := func(i int) bool { // ':' at i is a mapping indicator
		return s.sep(i+1) || (flow > 0 && i+1 < len(d) && bytes.IndexByte([]byte(",[]{}"), d[i+1]) >= 0)
	}
	for s.i < len(d) {
		// a line starts at s.i
		ls := s.i
		ind := 0
		for s.i < len(d) && d[s.i] == ' ' {
			s.i++
			ind++
		}
		if ind == 0 && s.marker(ls) {
			s.done += s.count - 1 // its root may be an empty document, which convert never counts
			s.count, flow, skipDoc, scalarIndent = 1, 0, false, -2
			value, pending, keyable = false, false, false
			s.docStart = ls
			s.i = ls + 3
		} else if skipDoc {
			s.nextLine()
			continue
		} else if scalarIndent > -2 {
			if blank := s.blankRest(); blank || ind > scalarIndent {
				s.nextLine()
				continue
			}
			scalarIndent = -2
		} else if plainOwner > -2 && flow == 0 {
			if blank := s.blankRest(); blank || (ind > plainOwner && d[s.i] != '#') {
				s.nextLine()
				continue
			}
			plainOwner = -2
		}
		if flow == 0 {
			value = false
			ownerCol = ind
		}
		lineValue := false   // a "- " or ": " came before, on this line
		fromPending := false // this line's first token is the value a line before left pending
		// take counts a token at s.i: the value a line before left
		// pending, or the one this token is.
		take := func(counted bool) bool {
			tokCol = s.i - ls
			if pending && flow == 0 {
				pending, fromPending = false, true
				ownerCol = pendingOwner
				if s.node(s.i) {
					return true
				}
			}
			return counted && s.node(s.i)
		}
		for s.i < len(d) && d[s.i] != '\n' {
			c := d[s.i]
			switch {
			case c == ' ' || c == '\t' || c == '\r':
				s.i++
			case c == '#':
				s.toEOL()
			case c == '?' && s.sep(s.i+1):
				skipDoc = true // a complex key: not counted, nor the rest
				s.toEOL()
			case flow == 0 && c == '-' && s.sep(s.i+1):
				if take(value) {
					return
				}
				ownerCol = s.i - ls
				s.i++
				value, lineValue = true, true
			case c == ':' && (indicator(s.i) || keyable):
				if flow > 0 && keyable {
					s.count-- // a key: convert does not count it
				}
				ownerCol = tokCol
				s.i++
				value, lineValue, keyable = true, true, false
			case flow > 0 && c == ',':
				s.i++
				value, keyable = true, false
			case flow > 0 && (c == ']' || c == '}'):
				s.i++
				flow--
				value, keyable = false, false
				if flow > 0 && s.i < len(d) && d[s.i] == ':' {
					skipDoc = true // a collection as a key
					s.toEOL()
				}
			case c == '[' || c == '{':
				if take(value || flow > 0) {
					return
				}
				s.i++
				flow++
				value, keyable = true, false
			case c == '&' || c == '!': // an anchor or a tag, never a node of its own
				for s.i < len(d) && !space(d[s.i]) && (flow == 0 || bytes.IndexByte([]byte(",[]{}"), d[s.i]) < 0) {
					s.i++
				}
			case flow == 0 && (c == '|' || c == '>'):
				if take(value) {
					return
				}
				if lineValue {
					scalarIndent = ind
				} else {
					skipDoc = true // a block scalar at the top may fill the document from column 0
				}
				value = false
				s.toEOL()
			case c == '"' || c == '\'':
				counted := value || flow > 0
				if take(counted) {
					return
				}
				if !s.quoted(c) {
					return // unterminated: yaml.v3 reports it
				}
				value, keyable = false, flow > 0 && counted
				for s.i < len(d) && (d[s.i] == ' ' || d[s.i] == '\t') {
					s.i++
				}
				if flow == 0 && s.i < len(d) && d[s.i] == ':' {
					s.i++ // a quoted key's ':' needs no blank after it
					value, lineValue = true, true
					ownerCol = tokCol
				}
			default: // a plain scalar or an alias
				counted := value || flow > 0
				if take(counted) {
					return
				}
				value = false
				s.plain(flow > 0)
				keyable = flow > 0 && counted
				if flow == 0 && (s.i >= len(d) || d[s.i] != ':') {
					// a plain value may go on over the lines below
					if lineValue || fromPending {
						plainOwner = ownerCol
					} else {
						plainOwner = -1
					}
				}
			}
		}
		if flow == 0 && value {
			pending = true // "key:" or "-" with nothing after it on the line
			pendingOwner = ownerCol
		}
		if s.i < len(d) {
			s.i++ // the newline
			s.line++
		}
	}
}

// toEOL moves to the newline ending the line (not past it).
func (s *nodeScan) toEOL() {
	if j := bytes.IndexByte(s.data[s.i:], '\n'); j >= 0 {
		s.i += j
	} else {
		s.i = len(s.data)
	}
}

// nextLine moves past the rest of the line and its newline.
func (s *nodeScan) nextLine() {
	s.toEOL()
	if s.i < len(s.data) {
		s.i++
		s.line++
	}
}

// blankRest reports whether the line from s.i holds only blanks.
func (s *nodeScan) blankRest() bool {
	for j := s.i; j < len(s.data) && s.data[j] != '\n'; j++ {
		if !space(s.data[j]) {
			return false
		}
	}
	return true
}

// plain moves past a plain scalar's text on this line.
func (s *nodeScan) plain(flow bool) {
	d := s.data
	stop := &plainStops[0]
	if flow {
		stop = &plainStops[1]
	}
	for s.i < len(d) {
		for s.i < len(d) && !stop[d[s.i]] { // the scalar's ordinary bytes
			s.i++
		}
		if s.i >= len(d) {
			return
		}
		c := d[s.i]
		if c == '\n' || (c == ':' && (s.sep(s.i+1) || (flow && s.i+1 < len(d) && bytes.IndexByte([]byte(",[]{}"), d[s.i+1]) >= 0))) {
			return
		}
		if (c == ' ' || c == '\t') && s.i+1 < len(d) && d[s.i+1] == '#' {
			return
		}
		if flow && bytes.IndexByte([]byte(",[]{}"), c) >= 0 {
			return
		}
		s.i++
	}
}

// plainStops are the bytes plain looks at (in block context, in a flow
// collection): every other byte is part of the scalar.
var plainStops = func() (t [2][256]bool) {
	for _, c := range "\n: \t" {
		t[0][c], t[1][c] = true, true
	}
	for _, c := range ",[]{}" {
		t[1][c] = true
	}
	return t
}()

// quoted moves past a quoted scalar, which may span lines; false when it is
// not closed.
func (s *nodeScan) quoted(q byte) bool {
	d := s.data
	s.i++
	for s.i < len(d) {
		c := d[s.i]
		switch {
		case c == '\n':
			s.line++
		case q == '"' && c == '\\':
			if s.i+1 < len(d) && d[s.i+1] == '\n' {
				s.line++
			}
			s.i++
		case c == q:
			if q == '\'' && s.i+1 < len(d) && d[s.i+1] == '\'' {
				s.i++
				break
			}
			s.i++
			return true
		}
		s.i++
	}
	return false
}
