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

// Keys whose values are names, and those whose values are hexes.
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
// block and flow forms of the examples), not as a full YAML parser would.
func contextAt(lt *lines, pos Position, sides []string) completionCtx {
	line := lt.line(pos.Line)
	cur := byteOfUTF16(line, pos.Character)
	prefix := line[:cur]
	wordStart := func() int {
		i := strings.LastIndexAny(prefix, " ,[{:") + 1
		return i
	}
	// A suppression comment: codes until the reason.
	for _, dir := range []string{"muster:ignore", "muster:file-ignore"} {
		if i := strings.Index(prefix, dir); i >= 0 && strings.Contains(prefix[:i], "#") && !strings.Contains(prefix[i:], " --") {
			if i+len(dir) < len(prefix) {
				return completionCtx{kind: "code", start: wordStart()}
			}
		}
	}
	// The top-level section and the side the position is under.
	section, side, sideIndent := "", "", -1
	isSide := func(k string) bool {
		for _, s := range sides {
			if s == k {
				return true
			}
		}
		return false
	}
	for i := pos.Line; i >= 0; i-- {
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
			if _, after, _ := blockKey(s); i == pos.Line && cur <= after {
				return completionCtx{} // typing a top-level key
			}
			section = k
			break
		}
		if side == "" && isSide(k) && (i < pos.Line || cur > strings.Index(s, k)+len(k)) {
			side, sideIndent = k, indent(s)
		}
	}
	if section != "setup" && section != "reinforcements" && section != "withdrawals" && section != "victory" {
		return completionCtx{}
	}
	// Inside the line: follow quotes, flow brackets and keys.
	type frame struct {
		open  byte
		owner string
	}
	var stack []frame
	lineKey, after, hasKey := blockKey(line)
	curKey := ""
	i := 0
	if hasKey && after <= len(prefix) {
		curKey, i = lineKey, after
	}
	var quote byte
	qStart, tokStart := 0, i
	for ; i < len(prefix); i++ {
		c := prefix[i]
		if quote != 0 {
			if c == '\\' && quote == '"' {
				i++
				continue
			}
			if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '"', '\'':
			quote, qStart = c, i
		case '#':
			if i == 0 || prefix[i-1] == ' ' {
				return completionCtx{}
			}
		case '[', '{':
			stack = append(stack, frame{c, curKey})
			curKey, tokStart = "", i+1
		case ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			curKey, tokStart = "", i+1
		case ',':
			if len(stack) == 0 || stack[len(stack)-1].open == '{' {
				curKey = ""
			}
			tokStart = i + 1
		case ':':
			if i+1 == len(prefix) || prefix[i+1] == ' ' {
				curKey = unquote(prefix[tokStart:i])
				tokStart = i + 1
			}
		}
	}
	cx := completionCtx{side: side}
	if quote != 0 {
		cx.start, cx.quote = qStart+1, quote
	} else {
		cx.start = tokStart
		for cx.start < len(prefix) && prefix[cx.start] == ' ' {
			cx.start++
		}
	}
	if section == "victory" && side == "" {
		cx.side = ""
	}
	// Decide by the key that owns the position.
	kindOf := func(owner string, inList bool) string {
		switch {
		case hexKeys[owner]:
			return "hex"
		case nameKeys[owner]:
			return "name"
		case owner == "orders" || owner == "area" || owner == "time" || owner == "face":
			return owner
		case section == "setup" && inList && owner != "" && !isSide(owner):
			return "name" // the list of a set-up hex
		}
		return ""
	}
	if len(stack) > 0 {
		top := stack[len(stack)-1]
		if top.open == '{' {
			if curKey == "" {
				return completionCtx{}
			}
			cx.kind = kindOf(curKey, false)
		} else {
			cx.kind = kindOf(top.owner, true)
		}
		return cx
	}
	if curKey != "" {
		cx.kind = kindOf(curKey, false)
		if cx.kind == "" && section == "setup" && !isSide(curKey) && side != "" && hasKey {
			cx.kind = "name" // "A1510": Gamble
		}
		return cx
	}
	// A block sequence item: the key above it with less indentation.
	if t := strings.TrimLeft(prefix, " "); strings.HasPrefix(t, "- ") || t == "-" {
		for j := pos.Line - 1; j >= 0; j-- {
			s := lt.line(j)
			if strings.TrimSpace(s) == "" || strings.HasPrefix(strings.TrimSpace(s), "#") {
				continue
			}
			item := strings.HasPrefix(strings.TrimLeft(s, " "), "- ")
			if indent(s) < indent(line) || (indent(s) == indent(line) && !item) {
				if k, _, ok := blockKey(s); ok {
					cx.kind = kindOf(k, true)
				}
				break
			}
		}
		return cx
	}
	// A key being typed under a side of the set-up: a hex.
	if section == "setup" && side != "" && indent(line) > sideIndent {
		cx.kind = "hex"
	}
	return cx
}
