// Package pipeline is muster's one way from a battle to its findings, as
// esbuild's pkg/api is its one API: load the battle (battle.Load or
// LoadDir, with the caller's file system, folder on disk, cache, variant
// and budget), check it (validate.Battle), accept what the battle's
// `# muster:ignore` comments accept (accept.Suppress) and, across the
// battles of a run, what a baseline file accepts (ApplyBaseline). The
// command line (validate, build, watch, serve, map, oob), the language
// server and the tests all call it, so each sees the same findings of the
// same battle. It reports nothing and decides no exit status: that is
// package report's.
package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sync"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

// Options say which battle to check and how to read it.
type Options struct {
	// Dir is the battle folder on disk, read through an os.Root
	// (battle.LoadDir) when FS is nil.
	Dir string
	// FS, when set, is read instead of Dir: the battle is the folder
	// Name of FS (battle.Load), and Name is how its diagnostics name it.
	FS   fs.FS
	Name string
	// Disk, with FS, is the folder on disk FS shows (the language
	// server's open documents over the folder): its links are checked as
	// LoadDir checks them (battle.Options.Disk).
	Disk string
	// Variant names one of battle.yaml's variants; "" is the battle as
	// battle.yaml's files list it.
	Variant string
	// Cache, when set, keeps what did not change across checks
	// (battle.Cache).
	Cache *battle.Cache
	// Memo, when set, keeps what each check found across checks, and
	// runs again only the passes whose inputs changed (validate.Memo).
	Memo *validate.Memo
	// Directives, when set, keeps across checks which of the battle's
	// texts hold a suppression comment, so that a text the same slice as
	// last time (Cache keeps an unchanged file's) is not searched again.
	Directives *DirectiveMemo
	// Budget, when set, is the run's: the battles one command checks
	// take what they read from one budget. Nil: a budget of the load's
	// own.
	Budget *schema.Budget
	// Rulesets is the library the battle's system is found in; nil is
	// muster's own.
	Rulesets *rulesets.Library
	// Lookup finds the codes suppression comments name (B015 for one it
	// does not know); nil is Lookup, muster's catalogue.
	Lookup func(code string) (diag.Code, bool)
	// Position, when set, is given the resolved battle and returns a
	// position to judge in its place: a played game's, put in the model
	// as a scenario's set-up (muster game check). Only the checks that
	// judge a position run, on it alone (validate.Position); nil skips
	// them.
	Position func(*battle.Battle) *battle.Scenario
}

// Result is one check of a battle.
type Result struct {
	// Battle is the resolved battle; nil when the folder is no battle
	// (B001). Its Rules are nil when no rule system could be found, and
	// then no check ran.
	Battle *battle.Battle
	// Diagnostics are every finding of the load, the checks and the
	// suppression comments, sorted; those a comment accepts are marked
	// (Suppression), not dropped.
	Diagnostics []diag.Diagnostic
}

// Check loads, checks and suppresses one battle.
func Check(o Options) Result {
	b, ds := Load(o)
	collectLoad(b, o)
	switch {
	case b == nil || b.Rules == nil:
	case o.Position != nil:
		if s := o.Position(b); s != nil {
			ds = append(ds, validate.Position(b, s)...)
		}
	default:
		ds = append(ds, validate.BattleMemo(b, o.Memo)...)
	}
	ds = diag.Reworded(ds) // a test's hook: no reader below depends on the wording
	if b != nil {
		ds = suppress(b, ds, o.Lookup, o.Directives) // sorted, as accept.Suppress returns them
	} else {
		diag.Sort(ds)
	}
	return Result{Battle: b, Diagnostics: ds}
}

// bigLoad is the YAML a load reads past which Check collects the garbage
// the load left before the checks run (collectLoad).
const bigLoad = 4 << 20

// collectLoad collects, after a load of more than bigLoad bytes of YAML
// without a cache, what the load no longer holds: every document's YAML
// nodes, which the model is resolved from and which are twice its size.
// The collector last ran while they were live and set its next goal to
// three times them (GOGC 200, cmd/muster/main.go), so the checks would
// grow the heap on top of them to that goal: at 100 times Terrible Swift
// Sword that was the run's peak, 100 MiB over the load's. One collection
// of what is left (the model and the files' text) costs far less than the
// collections the checks make anyway. A cached load (the language server)
// keeps its documents, and is not collected.
func collectLoad(b *battle.Battle, o Options) {
	if b == nil || o.Cache != nil {
		return
	}
	n := 0
	for _, t := range b.Texts {
		n += len(t)
	}
	if n > bigLoad {
		runtime.GC()
	}
}

// Load reads and resolves the battle o names, and checks nothing: the
// diagnostics of the load only.
func Load(o Options) (*battle.Battle, []diag.Diagnostic) {
	opts := battle.Options{Variant: o.Variant, Cache: o.Cache, Rulesets: o.Rulesets, Disk: o.Disk}
	if o.Budget != nil {
		opts.Limits = schema.DefaultLimits
		opts.Limits.Budget = o.Budget
	}
	if o.FS != nil {
		return battle.Load(o.FS, o.Name, opts)
	}
	return battle.LoadDir(o.Dir, opts)
}

// Suppress applies b's `# muster:ignore` and `# muster:file-ignore`
// comments to ds after every check ran, and adds the comments' own
// findings (B013-B015; B014, a comment that suppresses nothing, only when
// the checks ran). Only the files that hold a directive are read for
// them: the others cannot have one, and the language server would read
// every line of the battle on every keystroke.
func Suppress(b *battle.Battle, ds []diag.Diagnostic, lookup func(string) (diag.Code, bool)) []diag.Diagnostic {
	return suppress(b, ds, lookup, nil)
}

// DirectiveMemo is which texts of a battle held a suppression comment
// when last searched (Options.Directives), by file: the text searched
// and whether it held one.
type DirectiveMemo struct {
	texts map[string]directiveText
}

type directiveText struct {
	text []byte
	has  bool
}

// sameSlice reports whether a and b are the same bytes in memory: a
// text the loader did not read again.
func sameSlice(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// suppress is Suppress, with what m remembers of the texts (nil: search
// every one).
func suppress(b *battle.Battle, ds []diag.Diagnostic, lookup func(string) (diag.Code, bool), m *DirectiveMemo) []diag.Diagnostic {
	if lookup == nil {
		lookup = Lookup
	}
	texts := map[string][]byte{}
	var now map[string]directiveText
	if m != nil {
		now = make(map[string]directiveText, len(b.Texts))
	}
	for k, t := range b.Texts {
		var has bool
		if last, ok := m.last(k); ok && sameSlice(last.text, t) {
			has = last.has
		} else {
			has = bytes.Contains(t, []byte("muster:"))
		}
		if now != nil {
			now[k] = directiveText{t, has}
		}
		if has {
			texts[k] = t
		}
	}
	if m != nil {
		m.texts = now // only this load's: a file dropped is forgotten
	}
	return accept.Suppress(ds, texts, accept.Options{Lookup: lookup, Unused: b.Rules != nil})
}

func (m *DirectiveMemo) last(file string) (directiveText, bool) {
	if m == nil {
		return directiveText{}, false
	}
	t, ok := m.texts[file]
	return t, ok
}

// ApplyBaseline passes the findings of ds that the baseline file accepts
// and adds a B016 for each of its entries that no longer occurs. ds are
// every battle's of the run, as the baseline was written from them.
func ApplyBaseline(ds []diag.Diagnostic, file string) ([]diag.Diagnostic, error) {
	data, err := ReadBounded(file, schema.DefaultLimits.MaxBytes)
	if err != nil {
		return nil, fmt.Errorf("--baseline: %v", err)
	}
	bl, err := accept.ReadBaseline(file, data)
	if err != nil {
		return nil, err
	}
	return bl.Apply(ds), nil
}

// Catalogue is every code muster knows (validate.Catalogue), made on
// first use: only the callers that describe codes pay for it.
func Catalogue() diag.Catalogue {
	catOnce.Do(func() { cat, _ = validate.Catalogue() })
	return cat
}

// Lookup finds a code in the Catalogue.
func Lookup(code string) (diag.Code, bool) { return Catalogue().Lookup(code) }

var (
	catOnce sync.Once
	cat     diag.Catalogue
)

// ReadBounded reads a file named on the command line as the loader reads
// a battle's: a regular file (a FIFO would block the read for ever, a
// device never end) of at most max bytes.
func ReadBounded(p string, max int64) ([]byte, error) {
	st, err := os.Stat(p)
	if pe, ok := err.(*fs.PathError); ok {
		pe.Op = "open" // as os.ReadFile says it
	}
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", p)
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%s is %d bytes; muster reads at most %d", p, st.Size(), max)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		err = fmt.Errorf("%s is more than %d bytes; muster reads at most %d", p, max, max)
	}
	return data, err
}
