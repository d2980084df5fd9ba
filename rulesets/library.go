package rulesets

import (
	"bytes"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// A Library is a set of rulesets, one YAML file per rule system named by
// the file. muster's own are embedded (Embedded); a test, or a designer
// trying a new system, may give another (NewLibrary). Files are read,
// parsed and decoded on first use, once, and shared.
type Library struct {
	fsys fs.FS
	show string // the folder shown in positions

	embedded bool // the embedded files, validated by the tests, not at run time

	systemsOnce sync.Once
	systems     []string

	mu    sync.Mutex
	cache map[string]*entry
	// series holds the embedded rulesets decoded from their compiled JSON
	// (compiled.go), by system.
	series map[string]*Ruleset
}

type entry struct {
	doc  *schema.Doc
	data []byte
	err  error
	// series is the decoded ruleset, made on first use by Series.
	series *Ruleset
}

var (
	embeddedOnce sync.Once
	embedded     *Library
)

// Embedded returns the library of muster's own rulesets.
func Embedded() *Library {
	embeddedOnce.Do(func() { embedded = &Library{fsys: files, show: "rulesets", embedded: true, cache: map[string]*entry{}} })
	return embedded
}

// NewLibrary makes a library of the rulesets in fsys (*.yaml at its root),
// shown in positions as the folder dir. Each is checked against the
// ruleset schema and its own references when first read.
func NewLibrary(fsys fs.FS, dir string) *Library {
	return &Library{fsys: fsys, show: dir, cache: map[string]*entry{}}
}

// Embedded reports whether l is muster's own library.
func (l *Library) Embedded() bool { return l.embedded }

// Systems lists the rule systems of the library: one per ruleset file,
// named by the file, in the order of the files' `order` keys. Only the
// files' headers are read.
func (l *Library) Systems() []string {
	l.systemsOnce.Do(func() { l.systems = listSystems(l.fsys) })
	return l.systems
}

// orderOf is the number of the first line of a ruleset file that reads
// `order: N` (blanks around N, a comment after it), as the regular
// expression (?m)^order:[ \t]*([0-9]+)[ \t]*(?:#.*)?$ finds it, read line by
// line: every command lists the systems (init's --system help), and the
// expression cost 0.7 M instructions a run to find four header lines.
func orderOf(b []byte) (int, bool) {
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		rest, ok := bytes.CutPrefix(line, []byte("order:"))
		if !ok {
			continue
		}
		rest = bytes.TrimLeft(rest, " \t")
		n := 0
		for n < len(rest) && '0' <= rest[n] && rest[n] <= '9' {
			n++
		}
		if tail := bytes.TrimLeft(rest[n:], " \t"); n == 0 || len(tail) > 0 && tail[0] != '#' {
			continue
		}
		v, _ := strconv.Atoi(string(rest[:n]))
		return v, true
	}
	return 0, false
}

func listSystems(fsys fs.FS) []string {
	names, _ := fs.Glob(fsys, "*.yaml")
	order := map[string]int{}
	for _, n := range names {
		b, _ := fs.ReadFile(fsys, n)
		if v, ok := orderOf(b); ok {
			order[n] = v
		}
	}
	sort.SliceStable(names, func(i, j int) bool { return order[names[i]] < order[names[j]] })
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.TrimSuffix(n, ".yaml")
	}
	return out
}

// Invalid is the error of a ruleset file that does not pass Validate; its
// diagnostics point into the file.
type Invalid struct {
	System string
	Diags  []diag.Diagnostic
}

func (e *Invalid) Error() string {
	return fmt.Sprintf("ruleset %s is not valid: %d problems, the first %s", e.System, len(e.Diags), e.Diags[0])
}

// Raw returns the ruleset of a system as a parsed document. The document
// is parsed once and shared: callers must not change it (Merge and Decode
// do not).
func (l *Library) Raw(system string) (*schema.Doc, []byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.raw(system)
	return e.doc, e.data, e.err
}

// raw reads a system's file on first use; l.mu is held.
func (l *Library) raw(system string) *entry {
	if e, ok := l.cache[system]; ok {
		return e
	}
	e := &entry{}
	e.doc, e.data, e.err = l.parse(system)
	l.cache[system] = e
	return e
}

func (l *Library) parse(system string) (*schema.Doc, []byte, error) {
	name := system + ".yaml"
	b, err := fs.ReadFile(l.fsys, name)
	if err != nil || strings.ContainsAny(system, `/\`) {
		return nil, nil, fmt.Errorf("unknown rule system %q (known: %s)", system, strings.Join(l.Systems(), ", "))
	}
	docs, ds := schema.Parse(l.show+"/"+name, b, schema.DefaultLimits)
	if len(ds) > 0 {
		return nil, nil, &Invalid{system, ds}
	}
	if len(docs) != 1 {
		return nil, nil, fmt.Errorf("ruleset %s: %d documents, want one", name, len(docs))
	}
	if !l.embedded {
		set, err := schema.NewSet(nil, "")
		if err != nil {
			return nil, nil, err
		}
		if ds := Validate(set, docs[0]); len(ds) > 0 {
			return nil, nil, &Invalid{system, ds}
		}
	}
	return docs[0], b, nil
}

// Series returns the system's ruleset as the series rules give it, decoded
// once and shared: callers must not change it. A battle without `rules:`
// uses it as it is.
func (l *Library) Series(system string) (*Ruleset, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.embedded {
		if r, ok := l.series[system]; ok {
			return r, nil
		}
		if r, ok, err := compiledSeries(system); ok {
			if err != nil {
				return nil, err
			}
			if l.series == nil {
				l.series = map[string]*Ruleset{}
			}
			l.series[system] = r
			return r, nil
		}
	}
	e := l.raw(system)
	if e.err != nil {
		return nil, e.err
	}
	if e.series == nil {
		r, err := Decode(e.doc.Value)
		if err != nil {
			return nil, err
		}
		e.series = r
	}
	return e.series, nil
}

// Systems lists the embedded rule systems (Embedded().Systems()).
func Systems() []string { return Embedded().Systems() }

// Raw returns an embedded ruleset as a parsed document (Embedded().Raw).
func Raw(system string) (*schema.Doc, []byte, error) { return Embedded().Raw(system) }

// Series returns an embedded ruleset, decoded once and shared
// (Embedded().Series).
func Series(system string) (*Ruleset, error) { return Embedded().Series(system) }

// Load returns an embedded ruleset, decoded afresh, without overrides.
func Load(system string) (*Ruleset, error) {
	d, _, err := Raw(system)
	if err != nil {
		return nil, err
	}
	return Decode(d.Value)
}
