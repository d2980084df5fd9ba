// Package accept holds the two ways of accepting a known finding: a
// suppression comment in a battle's file (`# muster:ignore CODE -- reason`)
// and a baseline file of accepted findings (`muster validate --baseline`).
// Both run after every check, over the diagnostics of a whole run; an
// accepted diagnostic keeps its place in every report, marked by its
// diag.Suppression, and never fails the run.
package accept

import (
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/muster-wargames/muster/diag"
)

// The codes of suppressions and baselines.
var (
	CodeBadSuppression = diag.Code{Code: "B013", Severity: diag.Error, Title: "suppression without a code or a reason",
		Doc: "A `# muster:ignore CODE[,CODE] -- reason` comment (or `# muster:file-ignore`) names at least one code and gives a reason after ` -- `: the reason is what a reader of the file, and SARIF's justification, see. A suppression without one suppresses nothing."}
	CodeUnusedSuppression = diag.Code{Code: "B014", Severity: diag.Warning, Title: "suppression suppresses nothing",
		Doc: "A `# muster:ignore` comment applies to its own line when it follows a value, or to the next line that is neither blank nor a comment when it stands alone; `# muster:file-ignore` to its whole file. When no diagnostic of a code it names is there, the comment is out of date: remove the code, or the comment. Reported only when every check of the battle ran."}
	CodeUnknownSuppression = diag.Code{Code: "B015", Severity: diag.Warning, Title: "suppression names an unknown code",
		Doc: "A suppression names a code muster does not have (`muster explain` lists them); it is most likely misspelt, and suppresses nothing."}
)

// Codes are the codes this package raises.
var Codes = []diag.Code{CodeBadSuppression, CodeUnusedSuppression, CodeUnknownSuppression, CodeStaleBaseline}

// Options configure Suppress.
type Options struct {
	// Lookup finds a code; a suppression naming a code it does not know
	// is B015. Nil knows every code.
	Lookup func(code string) (diag.Code, bool)
	// Unused reports a suppression that suppresses nothing (B014). Set it
	// only when every check ran: a battle that failed to load raises
	// fewer diagnostics than its comments expect.
	Unused bool
}

// directive is one suppression comment.
type directive struct {
	pos    diag.Pos // the comment's '#'
	file   bool     // muster:file-ignore
	target int      // the line it applies to (0: none)
	codes  []string
	used   []bool
	reason string
}

// Suppress marks every diagnostic of ds that a suppression comment in
// texts (every file's source, by the path diagnostics show) accepts, and
// adds the diagnostics of the comments themselves (B013-B015). It returns
// the diagnostics, sorted.
func Suppress(ds []diag.Diagnostic, texts map[string][]byte, o Options) []diag.Diagnostic {
	files := make([]string, 0, len(texts))
	for f := range texts {
		files = append(files, f)
	}
	sort.Strings(files)
	var out []diag.Diagnostic
	byFile := map[string][]*directive{}
	index := map[string]*dirIndex{}
	for _, f := range files {
		dirs, bad := directives(f, texts[f])
		out = append(out, bad...)
		for _, d := range dirs {
			for _, c := range d.codes {
				if o.Lookup != nil {
					if _, ok := o.Lookup(c); !ok {
						out = append(out, diag.Diagnostic{Code: CodeUnknownSuppression.Code, Severity: CodeUnknownSuppression.Severity, Pos: d.pos,
							Message: "suppression names " + c + ", which is no code of muster's"})
					}
				}
			}
		}
		byFile[f] = dirs
		index[f] = indexDirectives(dirs)
	}
	for i := range ds {
		d := &ds[i]
		if d.Suppression != nil || d.Pos.File == "" || index[d.Pos.File] == nil {
			continue
		}
		if m, ok := index[d.Pos.File].find(d.Pos.Line, d.Code); ok {
			m.dir.used[m.j] = true
			d.Suppression = &diag.Suppression{Kind: diag.InSource, Justification: m.dir.reason}
		}
	}
	if o.Unused {
		for _, f := range files {
			for _, dir := range byFile[f] {
				for j, c := range dir.codes {
					if dir.used[j] {
						continue
					}
					if o.Lookup != nil {
						if _, ok := o.Lookup(c); !ok {
							continue // B015 says so
						}
					}
					where := "on line " + strconv.Itoa(dir.target)
					switch {
					case dir.file:
						where = "in " + f
					case dir.target == 0:
						where = "(it has no line to apply to)"
					}
					out = append(out, diag.Diagnostic{Code: CodeUnusedSuppression.Code, Severity: CodeUnusedSuppression.Severity, Pos: dir.pos,
						Message: "suppression of " + c + " suppresses nothing: no " + c + " " + where})
				}
			}
		}
	}
	out = append(ds, out...)
	diag.Sort(out)
	return out
}

// dirIndex finds, for a diagnostic, the first directive of its file (in
// the file's order) that accepts it, by its code and line: one look-up a
// diagnostic, not a pass over every comment of the file (40,000
// suppressed lines took 50 s).
type dirIndex struct {
	whole map[string]dirMatch   // by code: the first muster:file-ignore
	line  map[lineCode]dirMatch // by line and code: the first muster:ignore
}

// dirReads counts the directives' codes read to match diagnostics (for
// the tests).
var dirReads atomic.Int64

type lineCode struct {
	line int
	code string
}

// dirMatch is a directive's j-th code; order is the directive's place in
// its file.
type dirMatch struct {
	dir   *directive
	j     int
	order int
}

func indexDirectives(dirs []*directive) *dirIndex {
	ix := &dirIndex{whole: map[string]dirMatch{}, line: map[lineCode]dirMatch{}}
	for order, dir := range dirs {
		dirReads.Add(int64(len(dir.codes)))
		for j, c := range dir.codes {
			m := dirMatch{dir, j, order}
			switch {
			case dir.file:
				if _, ok := ix.whole[c]; !ok {
					ix.whole[c] = m
				}
			case dir.target != 0:
				if _, ok := ix.line[lineCode{dir.target, c}]; !ok {
					ix.line[lineCode{dir.target, c}] = m
				}
			}
		}
	}
	return ix
}

// find is the first directive, in the file's order, that accepts code on
// line (a line of 0 only by a file-wide one).
func (ix *dirIndex) find(line int, code string) (dirMatch, bool) {
	dirReads.Add(1)
	code = strings.ToUpper(code)
	w, okw := ix.whole[code]
	var l dirMatch
	okl := false
	if line != 0 {
		l, okl = ix.line[lineCode{line, code}]
	}
	switch {
	case okw && okl:
		if l.order < w.order {
			return l, true
		}
		return w, true
	case okl:
		return l, true
	}
	return w, okw
}

// directives reads the suppression comments of one file: the well-formed
// ones, and a B013 for each malformed one.
func directives(file string, src []byte) (dirs []*directive, bad []diag.Diagnostic) {
	lines := strings.Split(string(src), "\n")
	var pending []*directive // stand-alone comments waiting for their line
	for i, line := range lines {
		line = strings.TrimRight(line, "\r")
		at := commentStart(line)
		content := line
		if at >= 0 {
			content = line[:at]
		}
		if strings.TrimSpace(content) != "" {
			for _, d := range pending {
				d.target = i + 1
			}
			pending = nil
		}
		if at < 0 {
			continue
		}
		// The directive starts the comment or follows another in it
		// ("# DoW L2654  # muster:ignore R002 -- ...").
		var text string
		whole, found := false, false
		for h := at; h >= 0; {
			// trimmed on the left only: a line of many "#" and a long
			// blank tail is not read again to its end for each '#'
			text = strings.TrimLeftFunc(line[h+1:], unicode.IsSpace)
			if hasWord(text, "muster:ignore") {
				text, at, found = text[len("muster:ignore"):], h, true
				break
			}
			if hasWord(text, "muster:file-ignore") {
				text, at, found, whole = text[len("muster:file-ignore"):], h, true, true
				break
			}
			next := strings.Index(line[h+1:], " #")
			if next < 0 {
				break
			}
			h += next + 2
		}
		if !found {
			continue
		}
		pos := diag.Pos{File: file, Line: i + 1, Column: utf8.RuneCountInString(line[:at]) + 1}
		codes, reason, problem := parseDirective(text)
		if problem != "" {
			bad = append(bad, diag.Diagnostic{Code: CodeBadSuppression.Code, Severity: CodeBadSuppression.Severity, Pos: pos, Message: problem,
				Hint: "write # muster:ignore CODE[,CODE] -- reason"})
			continue
		}
		d := &directive{pos: pos, file: whole, codes: codes, used: make([]bool, len(codes)), reason: reason}
		switch {
		case whole:
		case strings.TrimSpace(content) != "":
			d.target = i + 1
		default:
			pending = append(pending, d)
		}
		dirs = append(dirs, d)
	}
	return dirs, bad
}

// parseDirective reads what follows muster:ignore: "CODE[,CODE] -- reason".
func parseDirective(text string) (codes []string, reason, problem string) {
	list, reason, ok := strings.Cut(text, "--")
	reason = strings.TrimSpace(reason)
	for _, c := range strings.Split(list, ",") {
		if c = strings.TrimSpace(c); c != "" {
			if strings.ContainsAny(c, " \t") {
				return nil, "", "suppression codes are separated by commas, not spaces: " + strings.Join(strings.Fields(c), ",") + "?"
			}
			codes = append(codes, strings.ToUpper(c))
		}
	}
	switch {
	case len(codes) == 0:
		return nil, "", "suppression names no code"
	case !ok || reason == "":
		return nil, "", "suppression of " + strings.Join(codes, ",") + " gives no reason: add one after \" -- \""
	}
	return codes, reason, ""
}

// hasWord reports whether text starts with w followed by a space or its end.
func hasWord(text, w string) bool {
	if !strings.HasPrefix(text, w) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[len(w):])
	return len(text) == len(w) || unicode.IsSpace(r)
}

// commentStart is the index of the '#' that starts a YAML comment on line,
// or -1: a '#' at the start of the line or after a space or tab, outside a
// quoted scalar that starts on this line. (A quote opens a scalar only at
// the start of a value, so "O'Brien" opens none.)
func commentStart(line string) int {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == '"' && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				if quote == '\'' && i+1 < len(line) && line[i+1] == '\'' {
					i++ // '' inside a single-quoted scalar
					continue
				}
				quote = 0
			}
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return i
		case (c == '"' || c == '\'') && (i == 0 || strings.IndexByte(" \t[{,:-?", line[i-1]) >= 0):
			quote = c
		}
	}
	return -1
}
