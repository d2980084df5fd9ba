package lsp

import (
	"strings"
)

// completionCtx is what a position of a scenario file may hold.
type completionCtx struct {
	kind  string // "name" (unit, leader, formation), "hex", "code", "orders", "area", "time", "face", or "" for nothing offered
	side  string // the side whose names fit, "" for any
	start int    // byte offset in the line where the typed word starts
	quote byte   // the quote the word is in, or 0
}

// Keys whose values are names, and those whose values are hexes. The
// reading of the line being typed that uses them is held to the resolved
// model's by TestContextAgrees: at every name, hex and area the loader
// resolved in the examples, it offers what the model has there.
var (
	nameKeys = map[string]bool{"unit": true, "units": true, "attached": true}
	hexKeys  = map[string]bool{"hex": true, "hexes": true}
)

func indent(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// blockKey is the key a block line starts with ("units" of "units: [a, b"),
// and where its value starts; ok is false for a line without one.
func blockKey(s string) (key string, after int, ok bool) {
	t := strings.TrimLeft(s, " ")
	t = strings.TrimPrefix(t, "- ")
	off := len(s) - len(t)
	i := 0
	if i < len(t) && (t[0] == '"' || t[0] == '\'') {
		i = tokenEnd(t, 0)
	}
	for j := i; j < len(t); j++ {
		if t[j] == ':' && (j+1 == len(t) || t[j+1] == ' ') {
			return unquote(t[:j]), off + j + 1, true
		}
		if t[j] == '[' || t[j] == '{' || t[j] == ',' || t[j] == '#' {
			break
		}
	}
	return "", 0, false
}

// contextAt works out, from the text around a position, what may be
// completed there: a name in a set-up or schedule, a hex label, a code in
// a suppression comment. It reads the text as a designer writes it (the
// block and flow forms of the examples), not as a full YAML parser would,
// in steps: a suppression comment, the section and side above, the line
// up to the position, then the key that owns it.
func contextAt(lt *lines, pos Position, sides []string) completionCtx {
	line := lt.line(pos.Line)
	cur := byteOfUTF16(line, pos.Character)
	prefix := line[:cur]
	if cx, ok := suppressionAt(prefix); ok {
		return cx
	}
	at, ok := sectionAt(lt, pos.Line, cur, sides)
	if !ok {
		return completionCtx{} // typing a top-level key
	}
	section, side := at.section, at.side
	if section != "setup" && section != "reinforcements" && section != "withdrawals" && section != "victory" {
		return completionCtx{}
	}
	sc, ok := scanLine(line, prefix)
	if !ok {
		return completionCtx{} // in a comment
	}
	cx := completionCtx{side: side}
	if sc.quote != 0 {
		cx.start, cx.quote = sc.qStart+1, sc.quote
	} else {
		cx.start = sc.tokStart
		for cx.start < len(prefix) && prefix[cx.start] == ' ' {
			cx.start++
		}
	}
	if section == "victory" && side == "" {
		cx.side = ""
	}
	// Decide by the key that owns the position.
	if len(sc.stack) > 0 {
		top := sc.stack[len(sc.stack)-1]
		if top.open == '{' {
			if sc.curKey == "" {
				return completionCtx{}
			}
			cx.kind = kindOf(section, sides, sc.curKey, false)
		} else {
			cx.kind = kindOf(section, sides, top.owner, true)
		}
		return cx
	}
	if sc.curKey != "" {
		cx.kind = kindOf(section, sides, sc.curKey, false)
		if cx.kind == "" && section == "setup" && !isSide(sides, sc.curKey) && side != "" && sc.hasKey {
			cx.kind = "name" // "A1510": Gamble
		}
		return cx
	}
	if t := strings.TrimLeft(prefix, " "); strings.HasPrefix(t, "- ") || t == "-" {
		if k, ok := itemOwner(lt, pos.Line); ok {
			cx.kind = kindOf(section, sides, k, true)
		}
		return cx
	}
	// A key being typed under a side of the set-up: a hex.
	if section == "setup" && side != "" && indent(line) > at.sideIndent {
		cx.kind = "hex"
	}
	return cx
}

// suppressionAt is the step of contextAt that finds a suppression comment
// before the position: codes are completed there until the reason.
func suppressionAt(prefix string) (completionCtx, bool) {
	for _, dir := range []string{"muster:ignore", "muster:file-ignore"} {
		if i := strings.Index(prefix, dir); i >= 0 && strings.Contains(prefix[:i], "#") && !strings.Contains(prefix[i:], " --") {
			if i+len(dir) < len(prefix) {
				return completionCtx{kind: "code", start: strings.LastIndexAny(prefix, " ,[{:") + 1}, true
			}
		}
	}
	return completionCtx{}, false
}

// isSide tells whether key k names one of sides.
func isSide(sides []string, k string) bool {
	for _, s := range sides {
		if s == k {
			return true
		}
	}
	return false
}

// placeAt is the top-level section a position is under, and the side
// (with its indentation) when it is under one.
type placeAt struct {
	section    string
	side       string
	sideIndent int
}

// sectionAt is the step of contextAt that reads upwards from line n to the
// top-level section and the side the position (byte cur of line n) is
// under; false when the position is a top-level key being typed.
func sectionAt(lt *lines, n, cur int, sides []string) (placeAt, bool) {
	at := placeAt{sideIndent: -1}
	for i := n; i >= 0; i-- {
		s := lt.line(i)
		t := strings.TrimSpace(s)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		k, _, ok := blockKey(s)
		if !ok {
			continue
		}
		if indent(s) == 0 && !strings.HasPrefix(t, "- ") {
			if _, after, _ := blockKey(s); i == n && cur <= after {
				return placeAt{}, false // typing a top-level key
			}
			at.section = k
			break
		}
		if at.side == "" && isSide(sides, k) && (i < n || cur > strings.Index(s, k)+len(k)) {
			at.side, at.sideIndent = k, indent(s)
		}
	}
	return at, true
}

// flowFrame is an open flow bracket and the key that owns it.
type flowFrame struct {
	open  byte
	owner string
}

// lineScan is what a line holds up to the position: the open flow
// brackets, the key whose value is being typed, whether the line starts
// with a block key, the open quote and where it opened, and where the
// token being typed starts.
type lineScan struct {
	stack    []flowFrame
	curKey   string
	hasKey   bool
	quote    byte
	qStart   int
	tokStart int
}

// scanLine is the step of contextAt that follows quotes, flow brackets and
// keys through prefix, the part of line before the position; false when
// the position is in a comment.
func scanLine(line, prefix string) (lineScan, bool) {
	var sc lineScan
	lineKey, after, hasKey := blockKey(line)
	sc.hasKey = hasKey
	i := 0
	if hasKey && after <= len(prefix) {
		sc.curKey, i = lineKey, after
	}
	sc.tokStart = i
	for ; i < len(prefix); i++ {
		c := prefix[i]
		if sc.quote != 0 {
			if c == '\\' && sc.quote == '"' {
				i++
				continue
			}
			if c == sc.quote {
				sc.quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			sc.quote, sc.qStart = c, i
		case '#':
			if i == 0 || prefix[i-1] == ' ' {
				return lineScan{}, false
			}
		case '[', '{':
			sc.stack = append(sc.stack, flowFrame{c, sc.curKey})
			sc.curKey, sc.tokStart = "", i+1
		case ']', '}':
			if len(sc.stack) > 0 {
				sc.stack = sc.stack[:len(sc.stack)-1]
			}
			sc.curKey, sc.tokStart = "", i+1
		case ',':
			if len(sc.stack) == 0 || sc.stack[len(sc.stack)-1].open == '{' {
				sc.curKey = ""
			}
			sc.tokStart = i + 1
		case ':':
			if i+1 == len(prefix) || prefix[i+1] == ' ' {
				sc.curKey = unquote(prefix[sc.tokStart:i])
				sc.tokStart = i + 1
			}
		}
	}
	return sc, true
}

// kindOf is the step of contextAt that decides what a value owned by key
// owner holds in section (inList: an item of its list).
func kindOf(section string, sides []string, owner string, inList bool) string {
	switch {
	case hexKeys[owner]:
		return "hex"
	case nameKeys[owner]:
		return "name"
	case owner == "orders" || owner == "area" || owner == "time" || owner == "face":
		return owner
	case section == "setup" && inList && owner != "" && !isSide(sides, owner):
		return "name" // the list of a set-up hex
	}
	return ""
}

// itemOwner is the step of contextAt that finds, for a block sequence
// item on line n, the key above it with less indentation (or the same
// indentation, not itself an item); false when that line has no key.
func itemOwner(lt *lines, n int) (string, bool) {
	line := lt.line(n)
	for j := n - 1; j >= 0; j-- {
		s := lt.line(j)
		if strings.TrimSpace(s) == "" || strings.HasPrefix(strings.TrimSpace(s), "#") {
			continue
		}
		item := strings.HasPrefix(strings.TrimLeft(s, " "), "- ")
		if indent(s) < indent(line) || (indent(s) == indent(line) && !item) {
			k, _, ok := blockKey(s)
			return k, ok
		}
	}
	return "", false
}
