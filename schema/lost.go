package schema

import (
	"bytes"
	"strings"

	"github.com/muster-wargames/muster/diag"
)

// Lost is a document that could not be read (a syntax error, a bad byte,
// a limit), described as far as its text tells: later stages skip the
// checks that need it instead of reporting what it would have given.
type Lost struct {
	Pos  diag.Pos // where the diagnostic that lost it is
	Kind string   // battle, forces, map, scenario; "" when nothing says
	Side string   // a forces document's side; "" when unknown
}

// LostFile describes a file that could not be read at all: its name is
// all there is to go on.
func LostFile(pos diag.Pos) Lost { return Lost{Pos: pos, Kind: KindOfName(pos.File)} }

// lostDoc describes a document that parsed but could not be converted.
func lostDoc(d *Doc, pos diag.Pos) Lost {
	k, _ := KindOf(d)
	if !isKind(k) {
		k = ""
	}
	return Lost{Pos: pos, Kind: k, Side: Str(Get(d.Root, "side"))}
}

// lostText describes the documents of text, which did not parse: each by
// its top-level `kind:` and `side:` lines, else by the file's name.
func lostText(pos diag.Pos, text []byte) []Lost {
	var out []Lost
	for _, chunk := range splitDocs(text) {
		if !hasContent(chunk) {
			continue
		}
		l := Lost{Pos: pos}
		if k := topValue(chunk, "kind"); isKind(k) {
			l.Kind = k
		} else if k == "" {
			l.Kind = KindOfName(pos.File)
		} else if m := Nearest(k, Kinds); m != "" {
			l.Kind = m
		}
		l.Side = topValue(chunk, "side")
		out = append(out, l)
	}
	if len(out) == 0 { // nothing but a broken document marker, say
		out = append(out, Lost{Pos: pos, Kind: KindOfName(pos.File)})
	}
	return out
}

// splitDocs cuts text at its document markers (lines starting ---).
func splitDocs(text []byte) [][]byte {
	var out [][]byte
	start := 0
	for i := 0; i < len(text); {
		j := bytes.IndexByte(text[i:], '\n')
		end := len(text)
		if j >= 0 {
			end = i + j + 1
		}
		if bytes.HasPrefix(text[i:], []byte("---")) && i > start {
			out = append(out, text[start:i])
			start = i
		}
		i = end
	}
	return append(out, text[start:])
}

// topValue is the plain value of the first line `key: value` at the left
// margin of text, without quotes or a comment; "" when there is none.
func topValue(text []byte, key string) string {
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		if rest, ok := bytes.CutPrefix(line, []byte("---")); ok {
			line = bytes.TrimLeft(rest, " ")
		}
		if !bytes.HasPrefix(line, []byte(key+":")) {
			continue
		}
		v := string(bytes.TrimSpace(line[len(key)+1:]))
		if i := strings.Index(v, " #"); i >= 0 {
			v = strings.TrimSpace(v[:i])
		}
		return strings.Trim(v, `"'`)
	}
	return ""
}

// docStart is the offset of the document holding 1-based line of data:
// the last line starting --- at or before it, else the start of data.
func docStart(data []byte, line int) int {
	start, n := 0, 1
	for i := 0; i < len(data) && n <= line; {
		if bytes.HasPrefix(data[i:], []byte("---")) {
			start = i
		}
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		n++
	}
	return start
}
