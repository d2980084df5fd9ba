package accept

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/diag"
)

// A baseline is a JSON file of accepted findings, written by
// `muster validate --write-baseline FILE` and read by `--baseline FILE`:
//
//	{
//	  "version": 2,
//	  "findings": [
//	    {"code": "R002", "file": "scenario-1.yaml", "fingerprint": "…", "message": "unknown unit, leader or formation \"39 IN\" on side CSA"}
//	  ]
//	}
//
// An entry is keyed by what survives unrelated edits: the code, the file
// relative to the baseline's folder, and the finding's fingerprint
// (diag.Diagnostic.Fingerprint: its code, its subjects and its structural
// path, never its message or position). Line and column are not in the
// key, so lines added or removed above a finding do not break it, nor
// does a reworded message; the units, leaders, formations, hexes and
// values a finding is about are, so a finding that changes what it is
// about is new. The message is written for the reader of the file (and
// B016) and not matched. The same key may occur more than once: each
// entry accepts one finding. Entries are sorted by file, code and
// message, one to a line, so that a baseline's diff reads as the list of
// findings gained and lost.
//
// An entry written before its finding had subjects or a structural path
// (the loader's findings got paths later) holds the fingerprint of the
// values formatted into its message (diag.Diagnostic.PlainFingerprint):
// a finding that no entry takes by its fingerprint is matched by that
// one, so such a baseline still matches; --write-baseline writes the
// fingerprints of now.
//
// A baseline of version 1, written before fingerprints, has no
// fingerprint: its entries are keyed as they were then, by the message
// with every position in it reduced to its file ("already set up at
// scenario-5.yaml" for ".../scenario-5.yaml:45:191", "line" for "line
// 12"). It still reads and matches; --write-baseline writes version 2.

// CodeStaleBaseline is the warning of a baseline entry that accepts no
// finding.
var CodeStaleBaseline = diag.Code{Code: "B016", Severity: diag.Warning, Title: "baseline entry no longer occurs",
	Doc: "An entry of the baseline given with `--baseline` matches no finding any more: the finding was fixed, or its message changed. Write the baseline again with `--write-baseline` (and review the diff). When a file of the battle could not be read (Y011), no entry is called stale: the checks that would have matched it did not run."}

// BaselineVersion is the version of the baseline format WriteBaseline
// writes; ReadBaseline reads it and every version before it.
const BaselineVersion = 2

// Entry is one accepted finding.
type Entry struct {
	Code        string `json:"code"`
	File        string `json:"file"`
	Fingerprint string `json:"fingerprint,omitempty"`
	Message     string `json:"message"`
}

// Baseline is a baseline file read.
type Baseline struct {
	Path    string // as given on the command line
	Version int
	dir     string // absolute folder of Path
	Entries []Entry
	lines   []int // line of each entry in the file
	cols    []int // and its column
	scanned int   // bytes read to find them (for the tests)
}

// lineCounter finds the line and column of offsets that only grow,
// reading each byte once: a baseline of thousands of entries on one line
// is not read again from its start for each entry.
type lineCounter struct {
	data      []byte
	off       int // bytes counted so far
	line      int // the line at off
	lineStart int // the offset that line starts at
	scanned   int
}

// pos is the line and column (in bytes, from 1) of offset off, which is
// not before the last offset asked for.
func (c *lineCounter) pos(off int) (line, col int) {
	off = min(off, len(c.data))
	for c.off < off {
		i := bytes.IndexByte(c.data[c.off:off], '\n')
		if i < 0 {
			c.scanned += off - c.off
			c.off = off
			break
		}
		c.scanned += i + 1
		c.off += i + 1
		c.line++
		c.lineStart = c.off
	}
	return c.line, off - c.lineStart + 1
}

// positionRE matches a position in a message: a YAML file's path with its
// line and column, or "line N".
var positionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`([^\s"'()\[\]]+\.ya?ml):[0-9]+(?::[0-9]+)?|\bline [0-9]+`)
})

// Key is d's entry in a baseline kept in folder dir (absolute): its
// code, file, fingerprint and message (for the reader).
func Key(d diag.Diagnostic, dir string) Entry {
	e := keyV1(d, dir)
	e.Fingerprint = d.Fingerprint()
	return e
}

// match is what an entry of a baseline of version v matches a finding
// by: code, file and fingerprint; for version 1, code, file and message.
func match(e Entry, v int) Entry {
	if v < 2 {
		return Entry{Code: e.Code, File: e.File, Message: e.Message}
	}
	return Entry{Code: e.Code, File: e.File, Fingerprint: e.Fingerprint}
}

// keyV1 is d's entry in a baseline of version 1, keyed by its message
// with every position in it reduced to its file.
func keyV1(d diag.Diagnostic, dir string) Entry {
	msg := positionRE().ReplaceAllStringFunc(d.Message, func(m string) string {
		if strings.HasPrefix(m, "line ") {
			return "line"
		}
		sub := positionRE().FindStringSubmatch(m)
		return relTo(dir, sub[1])
	})
	return Entry{Code: d.Code, File: relTo(dir, d.Pos.File), Message: msg}
}

// relTo writes file relative to dir, with slashes; "" stays "".
func relTo(dir, file string) string {
	if file == "" {
		return ""
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

func absDir(path string) string {
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return filepath.Dir(path)
	}
	return dir
}

func less(a, b Entry) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Code != b.Code {
		return a.Code < b.Code
	}
	if a.Message != b.Message {
		return a.Message < b.Message
	}
	return a.Fingerprint < b.Fingerprint
}

// WriteBaseline is the baseline file at path that accepts every finding of
// ds not suppressed already.
func WriteBaseline(path string, ds []diag.Diagnostic) []byte {
	dir := absDir(path)
	var es []Entry
	for _, d := range ds {
		if d.Suppression == nil {
			es = append(es, Key(d, dir))
		}
	}
	sort.SliceStable(es, func(i, j int) bool { return less(es[i], es[j]) })
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"version\": %d,\n  \"findings\": [", BaselineVersion)
	for i, e := range es {
		var line bytes.Buffer
		enc := json.NewEncoder(&line)
		enc.SetEscapeHTML(false)
		enc.Encode(e) // an Entry always encodes
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    ")
		b.Write(bytes.TrimSpace(line.Bytes()))
	}
	if len(es) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes()
}

// ReadBaseline parses the baseline file at path (data is its content).
func ReadBaseline(path string, data []byte) (*Baseline, error) {
	bl := &Baseline{Path: path, dir: absDir(path)}
	dec := json.NewDecoder(bytes.NewReader(data))
	bad := func(err error) (*Baseline, error) {
		return nil, fmt.Errorf("%s: not a baseline (%v); write one with muster validate --write-baseline", path, err)
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return bad(fmt.Errorf("want a JSON object"))
	}
	version := 0
	at := &lineCounter{data: data, line: 1}
	defer func() { bl.scanned = at.scanned }()
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		switch t {
		case "version":
			if err := dec.Decode(&version); err != nil {
				return bad(err)
			}
		case "findings":
			if t, err := dec.Token(); err != nil || t != json.Delim('[') {
				return bad(fmt.Errorf("findings: want a list"))
			}
			for dec.More() {
				off := int(dec.InputOffset())
				for off < len(data) && strings.IndexByte(" \t\r\n,", data[off]) >= 0 {
					off++
				}
				var e Entry
				if err := dec.Decode(&e); err != nil {
					return bad(err)
				}
				line, col := at.pos(off)
				if e.Code == "" {
					return bad(fmt.Errorf("line %d: an entry without a code", line))
				}
				bl.Entries = append(bl.Entries, e)
				bl.lines = append(bl.lines, line)
				bl.cols = append(bl.cols, col)
			}
			if _, err := dec.Token(); err != nil {
				return bad(err)
			}
		default:
			return bad(fmt.Errorf("unknown key %v", t))
		}
	}
	if version < 1 || version > BaselineVersion {
		return bad(fmt.Errorf("version %d, want 1 to %d", version, BaselineVersion))
	}
	for _, e := range bl.Entries {
		if version >= 2 && e.Fingerprint == "" {
			return bad(fmt.Errorf("an entry of %s without a fingerprint", e.Code))
		}
	}
	bl.Version = version
	return bl, nil
}

// codeSkipped is battle.CodeSkipped (Y011), which says that a file could
// not be read and checks that needed it did not run.
const codeSkipped = "Y011"

// Apply marks every finding of ds that an entry of the baseline accepts,
// each entry accepting one finding, and adds a B016 warning, at the
// entry's line in the baseline file, for each entry that accepts none,
// unless checks were skipped (Y011). It returns the diagnostics, sorted.
func (bl *Baseline) Apply(ds []diag.Diagnostic) []diag.Diagnostic {
	free := map[Entry][]int{}
	for i, e := range bl.Entries {
		k := match(e, bl.Version)
		free[k] = append(free[k], i)
	}
	just := "accepted in baseline " + filepath.ToSlash(bl.Path)
	accepted := make([]bool, len(ds))
	for i := range ds {
		d := &ds[i]
		if d.Suppression != nil {
			continue
		}
		k := match(Key(*d, bl.dir), bl.Version)
		if ix := free[k]; len(ix) > 0 {
			free[k] = ix[1:]
			d.Suppression = &diag.Suppression{Kind: diag.External, Justification: just}
			accepted[i] = true
		}
	}
	if bl.Version >= 2 {
		// An entry written before its finding had subjects or a path
		// holds the fingerprint the finding had then: the findings no
		// entry took by their fingerprint are matched by that one.
		for i := range ds {
			d := &ds[i]
			if d.Suppression != nil || accepted[i] {
				continue
			}
			k := Entry{Code: d.Code, File: relTo(bl.dir, d.Pos.File), Fingerprint: d.PlainFingerprint()}
			if ix := free[k]; len(ix) > 0 {
				free[k] = ix[1:]
				d.Suppression = &diag.Suppression{Kind: diag.External, Justification: just}
			}
		}
	}
	var stale []int
	for _, ix := range free {
		stale = append(stale, ix...)
	}
	for _, d := range ds {
		if d.Code == codeSkipped {
			// Checks were skipped (a file could not be read): an entry
			// they would have matched is not gone, only not looked for.
			stale = nil
			break
		}
	}
	sort.Ints(stale)
	out := ds
	for _, i := range stale {
		e := bl.Entries[i]
		where := e.File
		if where == "" {
			where = "the battle"
		}
		out = append(out, diag.Diagnostic{Code: CodeStaleBaseline.Code, Severity: CodeStaleBaseline.Severity,
			Pos:     diag.Pos{File: bl.Path, Line: bl.lines[i], Column: bl.cols[i]},
			Message: fmt.Sprintf("baseline entry no longer occurs: %s in %s: %s", e.Code, where, e.Message),
			Hint:    "write the baseline again with --write-baseline"})
	}
	diag.Sort(out)
	return out
}
