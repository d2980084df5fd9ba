package battle

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
)

// Options tune loading.
type Options struct {
	Limits schema.Limits
	// Rulesets is the library the battle's system is found in; nil is
	// muster's own (rulesets.Embedded).
	Rulesets *rulesets.Library
	// Variant names one of battle.yaml's variants: its files list is read
	// instead of battle.yaml's files. "" is the battle as battle.yaml's
	// files list it.
	Variant string
	// Cache, when set, keeps parsed and schema-checked files, and the
	// resolved forces, map and scenarios, across loads: only what an
	// edit changed is parsed and resolved again (cache.go).
	Cache *Cache
	// Disk, for Load, is the folder on disk that fsys shows (the language
	// server's open documents over the folder): its symbolic links are
	// checked as LoadDir checks them, so a link that leads out is B002
	// and is not read.
	Disk string
}

func (o Options) library() *rulesets.Library {
	if o.Rulesets == nil {
		return rulesets.Embedded()
	}
	return o.Rulesets
}

// loader carries the state of one load.
type loader struct {
	fsys  fs.FS
	dir   string // shown in diagnostics
	opts  Options
	diags diag.List
	b     *Battle
	bd    *schema.Doc // battle.yaml's document
	docs  []*schema.Doc
	set   *schema.Set
	disk  bool   // fsys is a folder on disk (symbolic links are checked)
	root  string // that folder
	// sidePos is where battle.yaml declares each side.
	sidePos map[string]diag.Pos
	// sidesLost says battle.yaml's sides could not all be read (the
	// schema refused them): a side other files name is not reported
	// unknown, as the names of a lost army are not.
	sidesLost bool
	// typeKeys is what the load knows of each unit type (keysOf);
	// levelRatings and spareRatings the ratings a leader may have at each
	// level, and a spare at any (ratingsAt).
	typeKeys     map[string]*typeKeys
	levelRatings map[string]map[string]bool
	spareRatings map[string]bool
	// lastType is the last unit type keysOf found, by name
	lastType     *typeKeys
	lastTypeName string
	// valueSlab is where units' values lists are cut from (newValues);
	// boxed the strings scalar has boxed
	valueSlab oob.Values
	boxed     map[string]any
	unitSlab  []oob.Unit // see newUnit
	// lost are the documents that could not be read; gaps says what of
	// the battle they leave incomplete (see lost.go).
	lost []lostDoc
	// listedAt is where battle.yaml's files list names each file it
	// lists: a file that cannot be read is reported there.
	listedAt map[string]diag.Pos
	gaps     gaps
	// printed are the names of the scenario being read that were read as
	// printed, judged when its attachments are (printed.go)
	printed []printedRef
	// pictures counts the pictures read: what read one is not cached
	pictures int
	// pixels is what the pictures read so far hold, by their headers
	// (artRunPixels).
	pixels int64
	// sheetsOf are the counter sheets of each forces document, by name
	sheetsOf map[*schema.Doc]map[string]*counterSheet
	// picturesRead are the pictures the documents name (Battle.Reads)
	picturesRead map[string]bool
	// attachWork counts the formations and names attach reads (for the tests)
	attachWork int
	// exclude are battle.yaml's exclude: patterns (unlisted.go)
	exclude *patterns
	// open opens the folder again, after the load (Battle.AllReads)
	open func() (fs.FS, func())
	// parsed are the documents of every file read, by file as
	// diagnostics show it (paths.go)
	parsed map[string][]*schema.Doc
	// realRoot is root with its symbolic links followed, found once a
	// load (inside); plainPaths what plain found of each path
	realRoot     string
	realRootErr  error
	realRootDone bool
	plainPaths   map[string]bool
	// forces is the resolving of the forces documents (forcesRun)
	forces forcesRun
	// collected counts the collections after a big tree was let go
	collected int
	// places are what paths.go needs of each document whose tree the load
	// let go once it was resolved (drop)
	places map[*schema.Doc]*schema.Places
}

// LoadDir loads the battle in folder dir.
func LoadDir(dir string, opts Options) (*Battle, []diag.Diagnostic) {
	opts.Limits = runLimits(opts.Limits)
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		var l diag.List
		msg := "no such folder"
		if err == nil {
			msg = "is a file, not a battle folder"
		}
		l.Addf(CodeNoBattle, diag.Pos{File: dir}, "%s: %s", dir, msg)
		return nil, l.Items()
	}
	// Every file is opened through an os.Root on the folder: a symbolic
	// link that leads out (or is swapped to lead out after inside checked
	// it) cannot be followed, whatever happens between check and open.
	root, err := os.OpenRoot(dir)
	if err != nil {
		var l diag.List
		l.Addf(CodeNoBattle, diag.Pos{File: dir}, "%s: %s", dir, errText(err))
		return nil, l.Items()
	}
	defer root.Close()
	ld := &loader{fsys: root.FS(), dir: dir, root: dir, opts: opts, disk: true, b: &Battle{Dir: dir, index: map[string]*oob.Index{}}}
	ld.open = func() (fs.FS, func()) {
		r, err := os.OpenRoot(dir)
		if err != nil {
			return nil, nil
		}
		return r.FS(), func() { r.Close() }
	}
	ld.load()
	return ld.b, ld.placed()
}

// resolving, when set (by a test), runs when every file is read, before
// the documents read are resolved together.
var resolving func(ld *loader)

// afterCheck, when set (by a test), runs between the check that a file
// lies inside the folder and its reading.
var afterCheck func(p string)

// Load loads a battle from fsys; name is the folder as diagnostics show it.
func Load(fsys fs.FS, name string, opts Options) (*Battle, []diag.Diagnostic) {
	opts.Limits = runLimits(opts.Limits)
	ld := &loader{fsys: fsys, dir: name, root: opts.Disk, disk: opts.Disk != "", opts: opts, b: &Battle{Dir: name, index: map[string]*oob.Index{}}}
	ld.open = func() (fs.FS, func()) { return fsys, func() {} }
	ld.load()
	return ld.b, ld.placed()
}

// runLimits are lim, schema.DefaultLimits when not set, with a budget of
// their own for the load when lim has none (one shared by several loads
// bounds them together).
func runLimits(lim schema.Limits) schema.Limits {
	if lim.MaxBytes == 0 {
		budget := lim.Budget
		lim = schema.DefaultLimits
		lim.Budget = budget
	}
	if lim.Budget == nil {
		lim.Budget = schema.NewBudget(lim)
	}
	return lim
}

func (ld *loader) show(p string) string {
	if ld.dir == "" || ld.dir == "." {
		return p
	}
	return filepath.ToSlash(filepath.Join(ld.dir, p))
}

func (ld *loader) read(p string) ([]byte, bool) {
	b, pos, ok := ld.readFile(p)
	if !ok {
		ld.lose(p, pos)
	}
	return b, ok
}

func (ld *loader) readFile(p string) ([]byte, diag.Pos, bool) {
	pos := diag.Pos{File: ld.show(p)}
	if at, ok := ld.listedAt[p]; ok {
		pos = at // the entry of battle.yaml's files that names it
	}
	if afterCheck != nil {
		afterCheck(p)
	}
	runLimit, runLeft := ld.opts.Limits.Budget.Bytes()
	b, err := readRegular(ld.fsys, p, max(0, min(ld.opts.Limits.MaxBytes, runLeft)))
	var kind *notFileError
	var big *tooLargeError
	switch {
	case errors.As(err, &big) && big.max < ld.opts.Limits.MaxBytes && big.size <= ld.opts.Limits.MaxBytes:
		pos = diag.Pos{File: ld.show(p), Line: 1, Column: 1}
		d := ld.diags.Addf(schema.CodeLimit, pos, "file is %d bytes, and the files read before it in this run %d: muster reads at most %d in one run", big.size, runLimit-runLeft, runLimit)
		d.Hint = "split the battle, or check fewer battles in one run"
		return nil, pos, false
	case errors.As(err, &kind) && kind.mode.IsDir():
		d := ld.diags.Addf(schema.CodeUnreadable, pos, "%s is a folder, not a file", p)
		if _, ok := ld.listedAt[p]; ok {
			d.Hint = fmt.Sprintf("list the YAML files in it, %q", path.Join(p, "*.yaml"))
			if p == "." {
				d.Message = "the battle folder itself is listed, not a file"
				d.Hint = `list its YAML files, "*.yaml", or leave files: out to read every YAML file of the folder`
			}
		}
		return nil, pos, false
	case errors.As(err, &kind):
		ld.diags.Addf(schema.CodeUnreadable, pos, "%s is %s, not a file", p, special(kind.mode))
		return nil, pos, false
	case errors.As(err, &big):
		pos = diag.Pos{File: ld.show(p), Line: 1, Column: 1}
		ld.diags.Addf(schema.CodeTooLarge, pos, "file is %d bytes; muster reads at most %d", big.size, ld.opts.Limits.MaxBytes)
		return nil, pos, false
	case err != nil:
		ld.unreadable(p, pos, err)
		return nil, pos, false
	}
	ld.opts.Limits.Budget.TakeBytes(int64(len(b)))
	return b, pos, true
}

// notFileError is readRegular's refusal of what is not a regular file.
type notFileError struct{ mode fs.FileMode }

func (e *notFileError) Error() string {
	if e.mode.IsDir() {
		return "a folder, not a file"
	}
	return special(e.mode) + ", not a file"
}

// tooLargeError is readRegular's refusal of a file over the limit.
type tooLargeError struct{ size, max int64 }

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("file is %d bytes; muster reads at most %d", e.size, e.max)
}

// A bytesFile is an open file whose content is in memory already, and
// never changes: the language server's open documents, and the files on
// disk it keeps (lsp.Overlay). readRegular takes its bytes as they are,
// so that a load after an edit copies none of the files it did not
// change, and their texts (Battle.Texts) are the same slices as the last
// load's.
type bytesFile interface{ Bytes() []byte }

// readRegular reads file p of fsys as muster reads every file of a
// battle, the loader and the fingerprint of watch and serve alike: a
// regular file only (a FIFO would block the read for ever, a device never
// end), of at most max bytes, and never more than max+1 bytes read
// whatever happens to the file between the check and the read.
func readRegular(fsys fs.FS, p string, max int64) ([]byte, error) {
	st, err := fs.Stat(fsys, p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &notFileError{st.Mode()}
	}
	if st.Size() > max {
		return nil, &tooLargeError{st.Size(), max}
	}
	f, err := fsys.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() { // swapped since
		return nil, &notFileError{st.Mode()}
	}
	if bf, ok := f.(bytesFile); ok {
		b := bf.Bytes()
		if int64(len(b)) > max {
			return nil, &tooLargeError{max + 1, max} // as much as the read below would take
		}
		return b, nil
	}
	// One buffer of the size the file had, and room to see it end: read
	// through io.ReadAll, a file cost about three times its size in the
	// buffers it outgrew.
	var buf bytes.Buffer
	buf.Grow(int(min(st.Size(), max)) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, err
	}
	if b := buf.Bytes(); int64(len(b)) > max { // grown since
		return nil, &tooLargeError{int64(len(b)), max}
	}
	return buf.Bytes(), nil
}

// unreadable reports a file that cannot be opened: B002 when a symbolic
// link on its way leads out of the folder (the folder's os.Root refused
// it), else Y008.
func (ld *loader) unreadable(p string, pos diag.Pos, err error) {
	if !ld.inside(p, pos) {
		return
	}
	if ld.disk && ld.linked(p) && !errors.Is(err, fs.ErrNotExist) {
		d := ld.diags.Addf(schema.CodeUnreadable, pos, "cannot read %s: a symbolic link on its way is absolute", p)
		d.Hint = "make the link relative: muster follows only relative links that stay inside the battle folder"
		return
	}
	ld.diags.Addf(schema.CodeUnreadable, pos, "cannot read %s: %s", p, errText(err))
}

// linked reports whether p, or a folder on its way, is a symbolic link.
func (ld *loader) linked(p string) bool {
	for q := p; q != "." && q != "/" && q != ""; q = path.Dir(q) {
		if st, err := os.Lstat(filepath.Join(ld.root, filepath.FromSlash(q))); err == nil && st.Mode()&fs.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

// special names the kind of a file that is not a regular file.
func special(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "a special file"
}

func errText(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// parse reads and parses p; check schema-checks its i-th document.
func (ld *loader) parse(p string) (docs []*schema.Doc, check func(set *schema.Set, i int) []diag.Diagnostic) {
	data, ok := ld.read(p)
	if !ok {
		return nil, nil
	}
	if ld.b.Texts == nil {
		ld.b.Texts = map[string][]byte{}
	}
	ld.b.Texts[ld.show(p)] = data
	docs, lost, check := ld.parseCached(ld.show(p), data)
	if ld.parsed == nil {
		ld.parsed = map[string][]*schema.Doc{}
	}
	ld.parsed[ld.show(p)] = docs
	for _, l := range lost {
		ld.lost = append(ld.lost, lostDoc{file: ld.show(p), name: p, Lost: l})
	}
	return docs, check
}

func (ld *loader) load() {
	b := ld.b
	if _, err := fs.Stat(ld.fsys, "battle.yaml"); err != nil && !ld.linked("battle.yaml") {
		ld.diags.Addf(CodeNoBattle, diag.Pos{File: ld.show("battle.yaml")}, "no battle.yaml in %s", ld.dir)
		return
	}
	if !ld.inside("battle.yaml", diag.Pos{File: ld.show("battle.yaml")}) {
		ld.lose("battle.yaml", diag.Pos{File: ld.show("battle.yaml")})
		ld.skipped()
		return
	}
	bdocs, _ := ld.parse("battle.yaml")
	if len(bdocs) == 0 {
		ld.skipped()
		return
	}
	bd := bdocs[0]
	ld.bd = bd
	defer ld.listReads()
	var systems *schema.Counters // the embedded systems are the battle schema's own
	if lib := ld.opts.library(); !lib.Embedded() {
		systems = &schema.Counters{Systems: lib.Systems()}
	}
	base, err := schema.NewSet(systems, "")
	if err != nil {
		panic(err)
	}
	ds := ld.checkAs(base, ld.show("battle.yaml"), bd, "battle")
	ld.diags.Append(ds)
	bd.Kind = "battle"
	b.Files = append(b.Files, "battle.yaml")
	root := bd.Root
	b.ID = schema.Str(schema.Get(root, "id"))
	b.Name = schema.Str(schema.Get(root, "name"))
	b.System = schema.Str(schema.Get(root, "system"))
	b.Source = schema.Str(schema.Get(root, "source"))
	b.Note = schema.Str(schema.Get(root, "note"))
	b.Illustrative = schema.Str(schema.Get(root, "illustrative"))
	b.OOBComplete, _ = schema.Bool(schema.Get(root, "oob_complete"))
	b.Version = schema.Str(schema.Get(root, "version"))
	if n := schema.Get(root, "ids"); n != nil && schema.IsScalar(n) {
		ld.readIDs(bd, n)
	}
	ld.readCharts(bd, schema.Get(root, "charts"))
	ld.sidePos = map[string]diag.Pos{}
	for _, s := range schema.Items(schema.Get(root, "sides")) {
		// A side that is not a mapping with an id, or one past the
		// schema's two, has its schema error (S001): it is not read, so
		// nothing cascades from it (a list of a million numbers is one
		// error, not a million sides without an army).
		if id := schema.Get(s, "id"); id == nil || !schema.IsScalar(id) || len(b.Sides) == maxSides {
			ld.sidesLost = true
			continue
		}
		ld.sidePos[schema.Str(schema.Get(s, "id"))] = bd.Pos(schema.Get(s, "id"))
		b.Sides = append(b.Sides, &oob.Side{
			ID: schema.Str(schema.Get(s, "id")), Name: schema.Str(schema.Get(s, "name")),
			Color: schema.Str(schema.Get(s, "color")), Text: schema.Str(schema.Get(s, "text")),
			Pos: bd.Pos(schema.Get(s, "id")), Role: schema.Str(schema.Get(s, "role")),
		})
	}
	if sn := schema.Get(root, "sides"); !schema.IsSeq(sn) {
		ld.sidesLost = true
	}
	if ld.sidesLost {
		at := schema.Key(root, "sides")
		if at == nil {
			at = root
		}
		ld.lost = append(ld.lost, lostDoc{file: bd.File, name: "battle.yaml", what: "sides", Lost: schema.Lost{Pos: bd.Pos(at), Kind: "sides"}})
	}
	seenDay := map[string]bool{}
	for _, d := range schema.Items(schema.Get(root, "days")) {
		day := schema.Str(d)
		if seenDay[day] {
			ld.diags.Addf(CodeDays, bd.Pos(d), "day %q is listed twice", day)
		}
		seenDay[day] = true
		b.Days = append(b.Days, day)
	}
	vkeys, _ := schema.Pairs(schema.Get(root, "variants"))
	for _, k := range vkeys {
		b.Variants = append(b.Variants, schema.Str(k))
	}
	list := schema.Get(root, "files")
	if ld.opts.Variant != "" {
		v, ok := ld.variant(bd)
		if !ok {
			return // nothing else is read: b.Rules stays nil, so nothing is checked
		}
		list = schema.Get(v, "files")
		if c, ok := schema.Bool(schema.Get(v, "oob_complete")); ok {
			b.OOBComplete = c // a variant that reads some scenarios only may say its order of battle is not complete
		}
	}
	if !ld.rulesetCached(bd) {
		return
	}
	levels := schema.Items(schema.Get(schema.Get(root, "rules"), "hexside_levels"))
	for i, lv := range b.Rules.HexsideLevels {
		if !seenDay[lv.From] {
			at := schema.Get(root, "rules")
			if i < len(levels) && len(levels) == len(b.Rules.HexsideLevels) {
				at = schema.Get(levels[i], "from")
			}
			ld.diags.Addf(CodeRules, bd.Pos(at), "rules override: hexside_levels.%d.from: %q is not one of the battle's days", i, lv.From).Hint = "a level begins on one of the days battle.yaml lists"
		}
	}
	set, err := ld.newSet(b.Rules, b.System)
	if err != nil {
		ld.diags.Addf(CodeRules, bd.Pos(schema.Get(root, "rules")), "the ruleset's counter fields do not make a valid schema: %v", err)
		return
	}
	ld.set = set
	ld.exclude = ld.excludes(bd)
	b.exclude = ld.exclude
	read := ld.files(bd, list)
	if list != nil {
		ld.unlisted(bd, read)
	}
	// Without a cache, a forces document is resolved as soon as it is
	// read, and its tree let go: a file's tree lives for its own check and
	// resolve, not the whole load (the maps and scenarios, which read the
	// forces, are resolved once every file is read, and let go then).
	ld.gaps.sides = map[string]bool{}
	b.incomplete = map[string]bool{}
	for _, p := range read {
		docs, check := ld.parse(p)
		for i, d := range docs {
			ld.diags.Append(check(set, i))
			if d.Kind == "" {
				continue
			}
			if d.Kind == "battle" {
				ld.diags.Addf(schema.CodeKind, d.Pos(d.Root), "a battle has one battle document, battle.yaml")
				continue
			}
			ld.docs = append(ld.docs, d)
			if d.Kind == "forces" && ld.opts.Cache == nil {
				ld.forcesDoc(d)
				if !ld.waits(d) {
					ld.drop(d)
					if d.Nodes > bigTree {
						runtime.GC()
						ld.collected++
					}
				}
			}
		}
		b.Files = append(b.Files, p)
	}
	ld.findGaps()
	if resolving != nil {
		resolving(ld)
	}
	ld.resolve()
	ld.skipped()
}

// bigTree is the nodes of a document past which the load collects the
// garbage once its tree is let go (a forces file of 100 times TSS's size
// holds 240,000): the collector's next goal is then set by what is live
// without it, not with it (a variable for the tests).
var bigTree = 100000

// dropAbove is the nodes of a document past which the load lets its tree
// go once it is resolved (a variable for the tests, which let every tree
// go). A smaller tree is kept to the end of the load: letting it go saves
// little memory, and costs the walk that keeps its places and, the heap
// being smaller, more collections (at 10 times TSS's size, 24,000 nodes a
// forces file, that was 5% more instructions; at 100 times a forces file
// holds 240,000 and its tree 70 MB).
var dropAbove = 50000

// drop lets document d's tree go, once nothing of the load reads it
// again: paths.go places findings by what schema.Places keeps of it, and
// its root stays as a node without content, for its position. A load
// through a cache keeps every tree (the cache does, for the next load).
func (ld *loader) drop(d *schema.Doc) {
	if !ld.keepPlaces(d) {
		return
	}
	d.Root = &schema.Node{Line: d.Root.Line, Column: d.Root.Column}
	d.Bad, d.Value = nil, nil
}

// keepPlaces keeps the places of document d's tree, which the load is to
// let go (drop), and reports whether it is: once they are kept, what
// resolves d may let go of the parts it has read.
func (ld *loader) keepPlaces(d *schema.Doc) bool {
	if ld.opts.Cache != nil || d == ld.bd || d.Root == nil || d.Nodes <= dropAbove {
		return false
	}
	if ld.places[d] == nil {
		if ld.places == nil {
			ld.places = map[*schema.Doc]*schema.Places{}
		}
		ld.places[d] = schema.NewPlaces(d.Root)
	}
	return true
}

// ruleset loads the system's ruleset and lays the battle's overrides on it.
func (ld *loader) ruleset(bd *schema.Doc) bool {
	b := ld.b
	sysNode := schema.Get(bd.Root, "system")
	lib := ld.opts.library()
	badSystem := func(err error) bool {
		var invalid *rulesets.Invalid
		if errors.As(err, &invalid) {
			ld.diags.Append(invalid.Diags)
			ld.diags.Addf(CodeSystem, bd.Pos(sysNode), "the ruleset of %s is not valid", b.System)
			return true
		}
		if err != nil {
			d := ld.diags.Addf(CodeSystem, bd.Pos(sysNode), "%s", err)
			if m := schema.Nearest(b.System, lib.Systems()); m != "" {
				d.Offer(b.System, m)
			}
			return true
		}
		return false
	}
	ov := schema.Get(bd.Root, "rules")
	var value any
	if ov != nil {
		// the series document is read only to lay the overrides on it: a
		// battle that plays its series rules as they are takes them
		// decoded (for the embedded rulesets, from their compiled JSON)
		rdoc, _, err := lib.Raw(b.System)
		if badSystem(err) {
			return false
		}
		value = rdoc.Value
	}
	overridden := false
	if ov != nil {
		rdocValue := value
		ovDoc := &schema.Doc{File: bd.File, Root: ov, Bad: map[*schema.Node]bool{}}
		ovVal := bd.JSON(ov)
		value = rulesets.Merge(value, ovVal)
		base, _ := schema.NewSet(nil, "")
		merged := &schema.Doc{File: bd.File, Root: ov, Value: value, Bad: ovDoc.Bad}
		probs := rulesets.Validate(base, merged)
		for _, d := range probs {
			if d.Code != rulesets.CodeFigure.Code && d.Code != rulesets.CodeRef.Code {
				d.Code = CodeRules.Code
			}
			d.Message = "rules override: " + d.Message
			ld.diags.Add(d)
		}
		if len(probs) > 0 {
			value = rdocValue // check the rest of the battle against the series rules
		} else {
			overridden, b.RulesOverride = true, ovVal
		}
	}
	var r *rulesets.Ruleset
	var err error
	if !overridden {
		r, err = lib.Series(b.System) // decoded once, shared
		if ov == nil && badSystem(err) {
			return false
		}
	} else {
		r, err = rulesets.Decode(value)
	}
	if err != nil {
		ld.diags.Addf(CodeRules, bd.Pos(schema.Get(bd.Root, "rules")), "rules override: %v", err)
		return false
	}
	slots, err := r.Turns.Expand()
	if err != nil {
		at := schema.Get(bd.Root, "rules")
		keys, _ := schema.Pairs(at)
		for _, k := range keys {
			if schema.Str(k) == "turns" {
				at = k // the override of the track, when it is one
			}
		}
		d := ld.diags.Addf(CodeRules, bd.Pos(at), "turn track: %v", err)
		if errors.Is(err, rulesets.ErrTooManyTurns) {
			d.Hint = fmt.Sprintf("a game day's track holds at most %d turns: list each turn, or runs with a longer step", rulesets.MaxTurns)
		}
		return false
	}
	b.Rules, b.Slots = r, slots
	return true
}

// variant finds the variant Options name in battle.yaml's variants and
// records it in the battle; an unknown name is B012.
func (ld *loader) variant(bd *schema.Doc) (*schema.Node, bool) {
	name := ld.opts.Variant
	vs := schema.Get(bd.Root, "variants")
	var names []string
	keys, vals := schema.Pairs(vs)
	for i, kn := range keys {
		k := schema.Str(kn)
		if k == name {
			ld.b.Variant = name
			ld.b.VariantNote = schema.Str(schema.Get(vals[i], "note"))
			return vals[i], true
		}
		names = append(names, k)
	}
	// At the variants key, or at the top of battle.yaml when there is none.
	pos := diag.Pos{File: bd.File, Line: 1, Column: 1}
	rk, _ := schema.Pairs(bd.Root)
	for _, kn := range rk {
		if schema.Str(kn) == "variants" {
			pos = bd.Pos(kn)
		}
	}
	if len(names) == 0 {
		d := ld.diags.Addf(CodeVariant, pos, "unknown variant %q: battle %s declares no variants", name, ld.b.ID)
		d.Hint = "declare it under variants: in battle.yaml, or leave out --variant"
		return nil, false
	}
	d := ld.diags.Addf(CodeVariant, pos, "unknown variant %q (variants: %s)", name, strings.Join(names, ", "))
	if m := schema.Nearest(name, names); m != "" {
		d.Offer(name, m)
	}
	return nil, false
}

// files lists the battle's documents: those the files list (battle.yaml's,
// or its variant's) names, else every YAML file under the folder.
func (ld *loader) files(bd *schema.Doc, list *schema.Node) []string {
	var out []string
	seen := map[string]bool{"battle.yaml": true}
	if list == nil {
		ld.survey(func(p string, d fs.DirEntry) {
			if d.Type()&fs.ModeSymlink != 0 && ld.disk && ld.isDirLink(p) && !strings.HasPrefix(d.Name(), ".") {
				// the walk does not follow it; one that leads out is an
				// error, and what it holds is never listed
				ld.inside(p, diag.Pos{File: ld.show(p)})
				return
			}
			if ext := path.Ext(p); (ext == ".yaml" || ext == ".yml") && !seen[p] {
				if pos := (diag.Pos{File: ld.show(p)}); d.Type()&fs.ModeSymlink != 0 && !ld.inside(p, pos) {
					ld.lose(p, pos)
					return
				}
				seen[p] = true
				out = append(out, p)
			}
		})
		sort.Strings(out)
		return out
	}
	for _, item := range schema.Items(list) {
		pat := schema.Str(item)
		pos := bd.Pos(item)
		if pat == "" {
			continue
		}
		clean := path.Clean(filepath.ToSlash(pat))
		if path.IsAbs(clean) || filepath.IsAbs(pat) || clean == ".." || strings.HasPrefix(clean, "../") {
			ld.diags.Addf(CodeOutside, pos, "%q lies outside the battle folder", pat)
			continue
		}
		if levels := strings.Count(clean, "/") + 1; levels > MaxPatternLevels {
			// each level is a folder listing and a glob of the levels above it
			d := ld.diags.Addf(schema.CodeLimit, pos, "file pattern of %d levels; muster allows at most %d", levels, MaxPatternLevels)
			d.Hint = "a pattern names a file at most " + fmt.Sprint(MaxPatternLevels-1) + " folders deep in the battle folder"
			continue
		}
		if ld.disk && !ld.foldersInside(clean, pos) {
			ld.lose(clean, pos)
			continue
		}
		matches, err := fs.Glob(ld.fsys, clean)
		if err != nil {
			ld.diags.Addf(CodeNoMatch, pos, "bad file pattern %q: %v", pat, err)
			continue
		}
		if len(matches) == 0 && ld.disk && !strings.ContainsAny(clean, "*?[\\") {
			// the os.Root does not see through a link that leads out:
			// name it, so that inside reports it
			if _, err := os.Lstat(filepath.Join(ld.root, filepath.FromSlash(clean))); err == nil {
				matches = []string{clean}
			}
		}
		if len(matches) == 0 {
			if strings.ContainsAny(clean, "*?[") {
				ld.diags.Addf(CodeNoMatch, pos, "%q matches no file", pat)
			} else {
				ld.diags.Addf(schema.CodeUnreadable, pos, "cannot read %s: no such file", pat)
				ld.lose(clean, pos)
			}
			continue
		}
		sort.Strings(matches)
		for _, m := range matches {
			if seen[m] {
				continue
			}
			if !ld.inside(m, pos) {
				ld.lose(m, pos)
				continue
			}
			seen[m] = true
			out = append(out, m)
			if ld.listedAt == nil {
				ld.listedAt = map[string]diag.Pos{}
			}
			ld.listedAt[m] = pos
		}
	}
	return out
}

// MaxPatternLevels bounds the levels (folders and the file name) of a
// pattern in a files list: 3,000 wildcard levels took over a minute.
const MaxPatternLevels = 32

// maxSides is how many sides a battle has: battle.schema.json's
// `sides` holds at most this many (TestMaxSides keeps them equal).
const maxSides = 2

// isDirLink reports whether the symbolic link p leads to a folder
// (wherever it is).
func (ld *loader) isDirLink(p string) bool {
	st, err := os.Stat(filepath.Join(ld.root, filepath.FromSlash(p)))
	return err == nil && st.IsDir()
}

// foldersInside checks the folders a file pattern goes through: a
// symbolic link among them that leads out of the battle folder is B002 at
// the pattern, and its folder is never listed.
func (ld *loader) foldersInside(pattern string, pos diag.Pos) bool {
	dir := path.Dir(pattern)
	if dir == "." {
		return true
	}
	// Each level of the folder part in turn, so that a link is found at
	// whatever depth it is; Glob goes through the os.Root, which lists
	// nothing behind a link that leads out.
	parts := strings.Split(dir, "/")
	for i := range parts {
		prefix := strings.Join(parts[:i+1], "/")
		dirs := []string{prefix}
		if strings.ContainsAny(prefix, "*?[\\") {
			dirs, _ = fs.Glob(ld.fsys, prefix)
		}
		for _, d := range dirs {
			if ld.plainPath(d) {
				continue // a folder, not a link
			}
			st, err := os.Lstat(filepath.Join(ld.root, filepath.FromSlash(d)))
			if err == nil && st.Mode()&fs.ModeSymlink != 0 && !ld.inside(d, pos) {
				return false
			}
		}
	}
	return true
}

// inside reports whether p, after following symbolic links, stays in the
// battle folder. Only meaningful for folders on disk.
func (ld *loader) inside(p string, pos diag.Pos) bool {
	if !ld.disk {
		return true
	}
	if !ld.realRootDone {
		ld.realRoot, ld.realRootErr = filepath.EvalSymlinks(ld.root)
		ld.realRootDone = true
	}
	root, err := ld.realRoot, ld.realRootErr
	if err != nil {
		return true // not a real folder (an embedded battle)
	}
	if ld.plain(p) {
		// no link on its way from the folder: it is where the folder is
		return true
	}
	full, err := filepath.EvalSymlinks(filepath.Join(ld.root, filepath.FromSlash(p)))
	if err != nil {
		return true // reported when read
	}
	rel, err := filepath.Rel(root, full)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		ld.diags.Addf(CodeOutside, pos, "%s leads outside the battle folder (to %s)", p, full)
		return false
	}
	return true
}

// plain reports whether p (a path inside the folder, in slashes) and each
// folder on its way from the folder exist and none is a symbolic link:
// then following links leads where p names, and inside need not follow
// them (filepath.EvalSymlinks lstats every part of the folder's own path
// too, for each file: hundreds of system calls a load). What one load
// found of each path is kept for the load (the folders are shared).
func (ld *loader) plain(p string) bool {
	if p == "." {
		return true
	}
	if !fs.ValidPath(p) {
		return false
	}
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		if !ld.plainPath(p[:i]) {
			return false
		}
	}
	return true
}

// plainPath reports whether q exists and is not a symbolic link, asking
// the disk once a load.
func (ld *loader) plainPath(q string) bool {
	ok, seen := ld.plainPaths[q]
	if !seen {
		st, err := os.Lstat(filepath.Join(ld.root, filepath.FromSlash(q)))
		ok = err == nil && st.Mode()&fs.ModeSymlink == 0
		if ld.plainPaths == nil {
			ld.plainPaths = map[string]bool{}
		}
		ld.plainPaths[q] = ok
	}
	return ok
}

var _ = fmt.Sprint
