package battle

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
)

// Cache keeps each file's parsed documents and their schema diagnostics
// across loads, keyed by the file's path and content: a load through a
// Cache (Options.Cache) parses and schema-checks again only the files whose
// text changed since the last load. It keeps the ruleset read for
// battle.yaml and the resolved forces, map and scenarios too, reused while
// the documents they were made from and the library of rulesets are the
// same. A language server re-checks a battle on every keystroke this way.
// What it keeps is read-only once made, so loads share it; use a Cache for
// one battle folder, and for one load at a time (it has no lock).
type Cache struct {
	files  map[string]*cachedFile
	parses int
	forces map[string]*forcesMemo
	maps   map[string]*mapMemo
	scens  map[string]*scenarioMemo
	rules  map[string]*rulesMemo
	// sets are the schema sets made of each ruleset (its counter fields,
	// and the system): schema.NewSet finds a set by the JSON of its
	// fields, which costs more than a load after an edit checks
	sets map[setKey]*schema.Set
}

type setKey struct {
	rules  *rulesets.Ruleset
	system string
}

// rulesMemo is what reading the battle's ruleset made: the series rules,
// or its overrides laid on them, checked and decoded.
type rulesMemo struct {
	ok    bool
	rules *rulesets.Ruleset
	slots []rulesets.Slot
	// override is the battle's rules: value (Battle.RulesOverride)
	override any
	diags    []diag.Diagnostic
}

// scenarioMemo is what resolving one scenario made, and of what document.
type scenarioMemo struct {
	s     *Scenario
	diags []diag.Diagnostic
	doc   *schema.Doc
}

// forcesMemo is what resolving a battle's forces made.
type forcesMemo struct {
	armies               map[string]*oob.Formation
	index                map[string]*oob.Index
	distinct             map[string]map[[2]string]bool
	numUnits, numLeaders int
	diags                []diag.Diagnostic
}

// mapMemo is what resolving a battle's map made.
type mapMemo struct {
	m       *maps.Map
	note    string
	refused []string
	diags   []diag.Diagnostic
}

// cachedFile is one file's parse and, per schema set, its check.
type cachedFile struct {
	data  []byte
	docs  []*schema.Doc
	lost  []schema.Lost
	diags []diag.Diagnostic
	// checked holds, per schema set and document, what Set.Validate said.
	checked map[*schema.Set][][]diag.Diagnostic
	// checkedAs holds what Set.Check said of the first document as a
	// kind (battle.yaml's, as a battle), per set
	checkedAs map[checkKey][]diag.Diagnostic
	// nodes are what the parse took from the run's budget; cut says the
	// budget ran out in it
	nodes int
	cut   bool
}

// NewCache makes an empty cache.
func NewCache() *Cache {
	return &Cache{files: map[string]*cachedFile{}, forces: map[string]*forcesMemo{}, maps: map[string]*mapMemo{}, scens: map[string]*scenarioMemo{}, rules: map[string]*rulesMemo{}}
}

// Parses is how many times a file was parsed through the cache.
func (c *Cache) Parses() int { return c.parses }

// Resolved is how many resolved scenarios the cache keeps.
func (c *Cache) Resolved() int { return len(c.scens) }

// parse returns the documents of file with content data, parsing them only
// when the cache holds no parse of the same content.
func (c *Cache) parse(file string, data []byte, lim schema.Limits) *cachedFile {
	cf := c.files[file]
	_, left := lim.Budget.Nodes()
	if cf != nil && bytes.Equal(cf.data, data) && !cf.cut && cf.nodes <= left {
		// parsed again, it would be the same: within the budget left
		lim.Budget.TakeNodes(cf.nodes)
		return cf
	}
	_, before := lim.Budget.Nodes()
	docs, lost, ds := schema.ParseTree(file, data, lim)
	_, after := lim.Budget.Nodes()
	cut := false
	for _, d := range ds {
		cut = cut || d.Code == schema.CodeLimit.Code
	}
	cf = &cachedFile{data: bytes.Clone(data), docs: docs, lost: lost, diags: ds, checked: map[*schema.Set][][]diag.Diagnostic{}, nodes: before - after, cut: cut}
	c.files[file] = cf
	c.parses++
	return cf
}

type checkKey struct {
	set  *schema.Set
	kind string
}

// set is schema.NewSet(r.Counters(), system), made once for each
// ruleset.
func (ld *loader) newSet(r *rulesets.Ruleset, system string) (*schema.Set, error) {
	c := ld.opts.Cache
	if c == nil {
		return schema.NewSet(r.Counters(), system)
	}
	k := setKey{r, system}
	if s := c.sets[k]; s != nil {
		return s, nil
	}
	s, err := schema.NewSet(r.Counters(), system)
	if err != nil {
		return nil, err
	}
	if c.sets == nil || len(c.sets) >= 8 {
		c.sets = map[setKey]*schema.Set{}
	}
	c.sets[k] = s
	return s, nil
}

// checkAs is set.Check(d, kind) of the first document of file (what
// ld.parse read), remembered per set and kind.
func (ld *loader) checkAs(set *schema.Set, file string, d *schema.Doc, kind string) []diag.Diagnostic {
	c := ld.opts.Cache
	var cf *cachedFile
	if c != nil {
		cf = c.files[file]
	}
	if cf == nil || len(cf.docs) == 0 || cf.docs[0] != d {
		return set.Check(d, kind)
	}
	k := checkKey{set, kind}
	if ds, ok := cf.checkedAs[k]; ok {
		return ds
	}
	ds := set.Check(d, kind)
	if cf.checkedAs == nil {
		cf.checkedAs = map[checkKey][]diag.Diagnostic{}
	}
	cf.checkedAs[k] = ds
	return ds
}

// validate is set.Validate(docs[i]), remembered per set.
func (c *Cache) validate(cf *cachedFile, set *schema.Set, i int) []diag.Diagnostic {
	if got := cf.checked[set]; got != nil && got[i] != nil {
		return got[i]
	}
	ds := set.Validate(cf.docs[i])
	if ds == nil {
		ds = []diag.Diagnostic{}
	}
	if cf.checked[set] == nil {
		cf.checked[set] = make([][]diag.Diagnostic, len(cf.docs))
	}
	cf.checked[set][i] = ds
	return ds
}

// parseCached is ld.parse's work through the cache: it returns the
// documents and a function that schema-checks the i-th of them.
func (ld *loader) parseCached(file string, data []byte) ([]*schema.Doc, []schema.Lost, func(set *schema.Set, i int) []diag.Diagnostic) {
	c := ld.opts.Cache
	if c == nil {
		docs, lost, ds := schema.ParseTree(file, data, ld.opts.Limits)
		ld.diags.Append(ds)
		return docs, lost, func(set *schema.Set, i int) []diag.Diagnostic {
			// the documents are trees without their JSON-shaped values
			// (ParseTree): the check builds what the library reads
			return set.ValidateOnce(docs[i])
		}
	}
	cf := c.parse(file, data, ld.opts.Limits)
	ld.diags.Append(cf.diags)
	return cf.docs, cf.lost, func(set *schema.Set, i int) []diag.Diagnostic { return c.validate(cf, set, i) }
}

// memoKey names what a resolution read: the documents (the same pointers
// while their files' text is unchanged), battle.yaml's, and the library
// of rulesets, which with battle.yaml makes the ruleset (a battle's
// overrides decode into a new Ruleset each load, the same one each time).
func (ld *loader) memoKey(docs []*schema.Doc) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p %p %q", ld.bd, ld.opts.library(), ld.opts.Variant)
	for _, d := range docs {
		fmt.Fprintf(&b, " %p", d)
	}
	return b.String()
}

// collect runs f with a fresh diagnostic list and returns what f added.
func (ld *loader) collect(f func()) []diag.Diagnostic {
	saved := ld.diags
	ld.diags = diag.List{}
	f()
	ds := ld.diags.Items()
	ld.diags = saved
	ld.diags.Append(ds)
	return ds
}

// resolveForcesCached is resolveForces and the sides' name indexes, or
// what the cache kept of them for the same documents.
func (ld *loader) resolveForcesCached(docs []*schema.Doc) {
	index := func() {
		for _, s := range ld.b.Sides {
			ld.b.index[s.ID] = oob.NewIndex(s.Army)
		}
		ld.names()
	}
	c := ld.opts.Cache
	if c == nil || ld.b.NumUnits != 0 || ld.b.NumLeaders != 0 {
		ld.resolveForces(docs)
		index()
		return
	}
	key := ld.memoKey(docs)
	if m := c.forces[key]; m != nil {
		for _, s := range ld.b.Sides {
			s.Army = m.armies[s.ID]
			ld.b.index[s.ID] = m.index[s.ID]
		}
		ld.b.distinct = m.distinct
		ld.b.NumUnits, ld.b.NumLeaders = m.numUnits, m.numLeaders
		ld.diags.Append(m.diags)
		return
	}
	n0 := ld.pictures
	ds := ld.collect(func() { ld.resolveForces(docs); index() })
	if ld.pictures > n0 {
		return // a picture may change while the documents do not: read it each time
	}
	m := &forcesMemo{armies: map[string]*oob.Formation{}, index: map[string]*oob.Index{}, distinct: ld.b.distinct, numUnits: ld.b.NumUnits, numLeaders: ld.b.NumLeaders, diags: ds}
	for _, s := range ld.b.Sides {
		m.armies[s.ID], m.index[s.ID] = s.Army, ld.b.index[s.ID]
	}
	if len(c.forces) >= 8 {
		c.forces = map[string]*forcesMemo{}
	}
	c.forces[key] = m
}

// resolveMapCached is resolveMap, or what the cache kept of it for the
// same document.
func (ld *loader) resolveMapCached(d *schema.Doc) {
	c := ld.opts.Cache
	if c == nil {
		ld.resolveMap(d)
		return
	}
	key := ld.memoKey([]*schema.Doc{d})
	if m := c.maps[key]; m != nil {
		ld.b.Map, ld.b.MapNote, ld.b.refused = m.m, m.note, m.refused
		ld.diags.Append(m.diags)
		return
	}
	n0 := ld.pictures
	ds := ld.collect(func() { ld.resolveMap(d) })
	if ld.pictures > n0 {
		return // a picture may change while the document does not: read it each time
	}
	if len(c.maps) >= 8 {
		c.maps = map[string]*mapMemo{}
	}
	c.maps[key] = &mapMemo{m: ld.b.Map, note: ld.b.MapNote, refused: ld.b.refused, diags: ds}
}

// resolveScenarioCached is resolveScenario, or what the cache kept of it
// for the same scenario, forces and map documents: an edit of one
// scenario resolves that one alone.
func (ld *loader) resolveScenarioCached(d *schema.Doc, forces []*schema.Doc, mapDoc *schema.Doc) *Scenario {
	c := ld.opts.Cache
	if c == nil {
		return ld.resolveScenario(d)
	}
	key := ld.memoKey(append([]*schema.Doc{d, mapDoc}, forces...))
	if m := c.scens[key]; m != nil {
		ld.diags.Append(m.diags)
		return m.s
	}
	var s *Scenario
	ds := ld.collect(func() { s = ld.resolveScenario(d) })
	// What was resolved of the file's earlier texts is dropped: an edit
	// a keystroke would otherwise keep one scenario more each time.
	if cf := c.files[d.File]; cf != nil {
		for k, m := range c.scens {
			if m.doc.File == d.File && !slices.Contains(cf.docs, m.doc) {
				delete(c.scens, k)
			}
		}
	}
	if len(c.scens) >= 256 {
		c.scens = map[string]*scenarioMemo{}
	}
	c.scens[key] = &scenarioMemo{s: s, diags: ds, doc: d}
	return s
}

// rulesetCached is ruleset, or what the cache kept of it for the same
// battle.yaml document and library: a battle's overrides are checked and
// decoded once, not on every load.
func (ld *loader) rulesetCached(bd *schema.Doc) bool {
	c := ld.opts.Cache
	if c == nil {
		return ld.ruleset(bd)
	}
	key := ld.memoKey(nil)
	if m := c.rules[key]; m != nil {
		ld.b.Rules, ld.b.Slots, ld.b.RulesOverride = m.rules, m.slots, m.override
		ld.diags.Append(m.diags)
		return m.ok
	}
	var ok bool
	ds := ld.collect(func() { ok = ld.ruleset(bd) })
	if len(c.rules) >= 8 {
		c.rules = map[string]*rulesMemo{}
	}
	c.rules[key] = &rulesMemo{ok: ok, rules: ld.b.Rules, slots: ld.b.Slots, override: ld.b.RulesOverride, diags: ds}
	return ok
}
