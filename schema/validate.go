package schema

import (
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/muster-wargames/muster/diag"
	"go.yaml.in/yaml/v3"
)

//go:embed schemas/*.schema.json
var files embed.FS

// Kinds are the document kinds a battle folder holds.
var Kinds = []string{"battle", "forces", "map", "scenario"}

// BaseURL is the $id prefix of every muster schema.
const BaseURL = "https://muster.dev/schemas/v1/"

// Counters says which counter values and leader ratings a rule system
// knows, so the forces schema can check them by name.
type Counters struct {
	Fields       map[string]Field // every value and rating
	UnitFields   []string         // keys a unit may carry
	LeaderFields []string         // keys a leader may carry
	Faces        []string         // keys naming a unit's other faces
	UnitTypes    []string
	Levels       []string
	// Systems, when given, are the rule systems a battle may name (the
	// systems of a ruleset library other than the embedded one, whose
	// systems the battle schema's enum already lists).
	Systems []string `json:",omitempty"`
}

// systemsOnly reports whether c gives the systems and nothing else.
func (c *Counters) systemsOnly() bool {
	return c.Fields == nil && c.UnitFields == nil && c.LeaderFields == nil && c.Faces == nil && c.UnitTypes == nil && c.Levels == nil
}

// Field is one counter value as the schema sees it.
type Field struct {
	Title  string
	Type   string // int, code, bool, text
	Min    *int
	Max    *int
	Values []string
}

func (f Field) schema() map[string]any {
	s := map[string]any{}
	if f.Title != "" {
		s["description"] = f.Title + " (~ when not known)"
	}
	switch f.Type {
	case "int":
		s["type"] = []any{"integer", "null"}
		if f.Min != nil {
			s["minimum"] = *f.Min
		}
		if f.Max != nil {
			s["maximum"] = *f.Max
		}
	case "code":
		vals := []any{nil}
		for _, v := range f.Values {
			vals = append(vals, v)
		}
		s["enum"] = vals
	case "bool":
		s["type"] = []any{"boolean", "null"}
	default:
		s["type"] = []any{"string", "null"}
	}
	return s
}

// Set holds the schemas for one rule system (or for a battle whose
// overrides change the counter fields). Only the forces schema depends on
// the counter fields; the others are the same for every set, and each is
// compiled once per process, when a document of its kind is first checked.
type Set struct {
	counters   *Counters // read once, by forcesDoc (in NewSet when not nil)
	system     string
	forcesName string // the forces schema's file name
	forcesOnce sync.Once
	forcesRaw  map[string]any // the forces schema document with the counter fields
	forces     lazySchema
	// battleRaw is the battle schema with the set's systems, when the
	// counters give them; nil uses the fixed one.
	battleRaw map[string]any
	battle    lazySchema
	// thinRules are the schemas made ready for thin, by kind.
	thinMu    sync.Mutex
	thinRules map[string]*rule
	plans     map[string]*plan // thin's rules made ready to judge nodes (judge.go)
}

// lazySchema is a schema compiled on first use, once, safely from any
// number of goroutines.
type lazySchema struct {
	once sync.Once
	c    compiled
	err  error
}

func (l *lazySchema) get(mk func() (compiled, error)) (compiled, error) {
	l.once.Do(func() { l.c, l.err = mk() })
	return l.c, l.err
}

// fixedKinds are the schemas that do not depend on a rule system. Their
// documents are decoded, and their schemas compiled, on first use and
// shared: nothing may change them.
var fixedKinds = [...]string{"common", "battle", "map", "scenario", "ruleset", "bundle", "diff"}

var (
	fixedOnce     [len(fixedKinds)]sync.Once
	fixedDocs     [len(fixedKinds)]map[string]any
	fixedCompiled [len(fixedKinds)]lazySchema
)

func fixedIndex(kind string) int {
	for i, k := range fixedKinds {
		if k == kind {
			return i
		}
	}
	panic("schema: no fixed schema " + kind)
}

// fixedDoc returns the decoded schema document of a fixed kind.
func fixedDoc(kind string) map[string]any {
	i := fixedIndex(kind)
	fixedOnce[i].Do(func() { fixedDocs[i] = readSchema(kind) })
	return fixedDocs[i]
}

// fixedSchema returns the compiled schema of a fixed kind.
func fixedSchema(kind string) (compiled, error) {
	return fixedCompiled[fixedIndex(kind)].get(func() (compiled, error) {
		raw := map[string]map[string]any{kind + ".schema.json": fixedDoc(kind)}
		if kind != "bundle" && kind != "diff" {
			raw["common.schema.json"] = fixedDoc("common")
		}
		return compile(raw, kind+".schema.json")
	})
}

// Validator checks one JSON-shaped value. It hides the JSON Schema library.
type compiled interface {
	validate(v any) []problem
}

// problem is a schema violation, library-neutral.
type problem struct {
	kind    string // required, additional, type, enum, range, pattern, other
	path    []string
	prop    string // the key, for required and additional
	message string
	allowed []string
	given   any
}

// readSchema returns a new copy of the schema document schemas/NAME.schema.json
// as encoding/json decodes it: built by schema_values.go (generated from the
// JSON by TestSchemaValues), not decoded at run time.
func readSchema(name string) map[string]any {
	if m, ok := schemaValue(name); ok {
		return m
	}
	b, err := files.ReadFile("schemas/" + name + ".schema.json")
	if err != nil {
		panic(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(fmt.Sprintf("schema %s: %v", name, err))
	}
	return m
}

// Documents returns the schema documents of a set, keyed by file name, for
// `muster schema export`. With nil counters the forces schema accepts no
// counter values.
func Documents(c *Counters, system string) map[string][]byte {
	out := map[string][]byte{}
	raw := build(c, system)
	for name, m := range raw {
		b, _ := json.MarshalIndent(m, "", "  ")
		out[name] = append(b, '\n')
	}
	return out
}

func forcesName(system string) string {
	if system == "" {
		return "forces"
	}
	return "forces." + system
}

func build(c *Counters, system string) map[string]map[string]any {
	raw := map[string]map[string]any{}
	for _, k := range []string{"common", "battle", "map", "scenario", "ruleset"} {
		raw[k+".schema.json"] = readSchema(k)
	}
	raw[forcesName(system)+".schema.json"] = forcesDoc(c, system)
	return raw
}

// forcesDoc returns a new forces schema document with the counter fields.
func forcesDoc(c *Counters, system string) map[string]any {
	f := readSchema("forces")
	if c != nil {
		defs := f["definitions"].(map[string]any)
		unit := defs["unit"].(map[string]any)
		up := unit["properties"].(map[string]any)
		face := defs["face"].(map[string]any)
		fp := face["properties"].(map[string]any)
		for _, name := range c.UnitFields {
			s := c.Fields[name].schema()
			up[name] = s
			fp[name] = s
		}
		for _, name := range c.Faces {
			up[name] = map[string]any{"$ref": "#/definitions/face"}
		}
		if len(c.UnitTypes) > 0 {
			up["type"] = map[string]any{"description": "The unit type, from the rule system.", "enum": toAny(c.UnitTypes)}
		}
		for _, k := range []string{"leader", "leaderFace", "leaderCounter"} {
			lp := defs[k].(map[string]any)["properties"].(map[string]any)
			for _, name := range c.LeaderFields {
				lp[name] = c.Fields[name].schema()
			}
		}
		if len(c.Levels) > 0 {
			fp := defs["formation"].(map[string]any)["properties"].(map[string]any)
			fp["level"] = map[string]any{"description": "The formation's level, from the rule system.", "enum": toAny(c.Levels)}
		}
		f["$id"] = BaseURL + forcesName(system) + ".schema.json"
		f["title"] = "muster forces (" + system + ")"
	}
	return f
}

// counterCheck says whether the library would refuse the forces schema
// with the counter fields of c and the $id of system, with the error it
// would give, without compiling that schema (4.9 M instructions), which a
// battle whose forces thin passes whole never needs. Of what the counters
// add, only the $id can be refused: every schema Field.schema makes is
// one the library accepts (a type, whole-number bounds, a description, an
// enum of strings, which fastEnums makes a pattern of quoted strings), and
// the faces, unit types and levels the same (TestCounterCheck compares
// this with the whole schema's compiling, field kind by field kind). The
// library is given the forces schema's frame: its $id (a system's name can
// make one it cannot parse or resolve against), a reference into its own
// definitions and one into the common schema.
func counterCheck(system string) error {
	doc := map[string]any{
		"$schema":     "http://json-schema.org/draft-07/schema#",
		"$id":         BaseURL + forcesName(system) + ".schema.json",
		"definitions": map[string]any{"face": map[string]any{"type": "object"}},
		"properties": map[string]any{
			"side": map[string]any{"$ref": "common.schema.json#/definitions/id"},
			"face": map[string]any{"$ref": "#/definitions/face"},
		},
	}
	common := map[string]any{
		"$schema":     "http://json-schema.org/draft-07/schema#",
		"$id":         BaseURL + "common.schema.json",
		"definitions": map[string]any{"id": map[string]any{"type": "string"}},
	}
	_, err := compileRaw(map[string]map[string]any{"common.schema.json": common, "forces.schema.json": doc}, "forces.schema.json")
	return err
}

// withSystems copies the battle schema document with its system enum set to
// systems; the fixed document is not changed.
func withSystems(doc map[string]any, systems []string) map[string]any {
	out := make(map[string]any, len(doc))
	for k, v := range doc {
		out[k] = v
	}
	props := map[string]any{}
	for k, v := range doc["properties"].(map[string]any) {
		props[k] = v
	}
	sys := map[string]any{}
	for k, v := range props["system"].(map[string]any) {
		sys[k] = v
	}
	sys["enum"] = toAny(systems)
	props["system"] = sys
	out["properties"] = props
	return out
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

var (
	setMu    sync.Mutex
	setCache = map[string]*Set{}
)

// NewSet compiles the schemas with the counter fields of one rule system.
// Compiled sets are kept, so a battle that does not change its system's
// counters reuses them; a Set is read-only once made.
func NewSet(c *Counters, system string) (*Set, error) {
	key, _ := json.Marshal(struct {
		C *Counters
		S string
	}{c, system})
	setMu.Lock()
	defer setMu.Unlock()
	if s, ok := setCache[string(key)]; ok {
		return s, nil
	}
	s, err := newSet(c, system)
	if err == nil && len(setCache) < 64 {
		setCache[string(key)] = s
	}
	return s, err
}

func newSet(c *Counters, system string) (*Set, error) {
	s := &Set{counters: c, system: system, forcesName: forcesName(system) + ".schema.json"}
	if c != nil && len(c.Systems) > 0 {
		s.battleRaw = withSystems(fixedDoc("battle"), c.Systems)
	}
	if c != nil && !c.systemsOnly() {
		// The counter fields come from the ruleset and a battle's
		// overrides, and may not make a valid schema: say so now. The
		// forces schema itself is compiled when first needed.
		if err := counterCheck(system); err != nil {
			return nil, fmt.Errorf("schema %s: %w", forcesName(system), err)
		}
	}
	return s, nil
}

// forcesDoc returns the set's forces schema document, made on first use.
func (s *Set) forcesDoc() map[string]any {
	s.forcesOnce.Do(func() { s.forcesRaw = forcesDoc(s.counters, s.system) })
	return s.forcesRaw
}

func (s *Set) forcesSchema() (compiled, error) {
	return s.forces.get(func() (compiled, error) {
		return compile(map[string]map[string]any{"common.schema.json": fixedDoc("common"), s.forcesName: s.forcesDoc()}, s.forcesName)
	})
}

// compiled returns the compiled schema of a kind, compiling it on first use.
func (s *Set) compiled(kind string) compiled {
	var c compiled
	var err error
	switch {
	case kind == "forces":
		c, err = s.forcesSchema()
	case kind == "battle" && s.battleRaw != nil:
		c, err = s.battle.get(func() (compiled, error) {
			return compile(map[string]map[string]any{"common.schema.json": fixedDoc("common"), "battle.schema.json": s.battleRaw}, "battle.schema.json")
		})
	default:
		c, err = fixedSchema(kind)
	}
	if err != nil {
		// only the forces schema of a set with counters can fail, and
		// NewSet has checked what it adds (counterCheck)
		panic(fmt.Sprintf("schema %s: %v", kind, err))
	}
	return c
}

// raw returns the schema document of a kind (for hints).
func (s *Set) raw(kind string) map[string]any {
	if kind == "forces" {
		return s.forcesDoc()
	}
	if kind == "battle" && s.battleRaw != nil {
		return s.battleRaw
	}
	return fixedDoc(kind)
}

func isKind(kind string) bool {
	for _, k := range Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// KindOf works out what a document is: its kind key, else its file name.
func KindOf(d *Doc) (string, *yaml.Node) {
	if d.Root.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(d.Root.Content); i += 2 {
			if d.Root.Content[i].Value == "kind" {
				return d.Root.Content[i+1].Value, d.Root.Content[i+1]
			}
		}
	}
	return KindOfName(d.File), nil
}

// KindOfName is the kind a file's name gives its documents (forces.yaml,
// map.yaml, scenario-intro.yaml), or "".
func KindOfName(file string) string {
	base := file
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	for _, part := range strings.FieldsFunc(base, func(r rune) bool { return r == '.' || r == '-' || r == '_' }) {
		p := strings.TrimSuffix(strings.ToLower(part), "s")
		for _, k := range Kinds {
			if p == k || p == strings.TrimSuffix(k, "s") {
				return k
			}
		}
	}
	return ""
}

// Validate checks a document against the schema of its kind and returns
// positioned diagnostics. It sets d.Kind.
func (s *Set) Validate(d *Doc) []diag.Diagnostic { return s.validate(d, false) }

// ValidateOnce is Validate for the last reader of d.Value: the check may
// change the value in place rather than copy what it hands the library,
// and leaves d.Value nil (a load without a cache reads the JSON-shaped
// value only here).
func (s *Set) ValidateOnce(d *Doc) []diag.Diagnostic {
	ds := s.validate(d, true)
	d.Value = nil
	return ds
}

func (s *Set) validate(d *Doc, own bool) []diag.Diagnostic {
	var l diag.List
	kind, kn := KindOf(d)
	if !isKind(kind) {
		pos := d.Pos(d.Root)
		if kn != nil {
			pos = d.Pos(kn)
		}
		dg := l.Addf(CodeKind, pos, "unknown document kind %q", kind)
		if kind == "" {
			dg.Message = "document does not say what it is"
			dg.Hint = "add `kind: forces` (or battle, map, scenario)"
		} else if m := Nearest(kind, Kinds); m != "" {
			dg.Offer(kind, m)
		}
		return l.Items()
	}
	d.Kind = kind
	return s.check(d, kind, own)
}

// MaxProblems is how many problems against its schema one document may
// list; past it, one Y012 says the rest are not listed (docs/ci.md, Limits).
var MaxProblems = 1000 // a variable for the tests

// Check validates d against the schema of kind.
func (s *Set) Check(d *Doc, kind string) []diag.Diagnostic { return s.check(d, kind, false) }

func (s *Set) check(d *Doc, kind string, own bool) []diag.Diagnostic {
	var l diag.List
	var probs []problem
	if v := s.thin(kind, d, own); v != passed {
		// (a document thin passed whole has no problem to find: its
		// schema is not even compiled)
		probs = s.compiled(kind).validate(v)
	}
	// Each problem at its node, in the order of the file: the library
	// finds them in the order of Go's maps, so which problems are listed
	// past the limit would change from run to run.
	type placed struct {
		p    problem
		node *yaml.Node
	}
	var loc locator // the mappings' keys indexed once for all the problems
	at := make([]placed, 0, len(probs))
	for _, p := range probs {
		val, key, _ := loc.locate(d.Root, p.path)
		node := val
		if p.kind == "additional" || p.kind == "propname" {
			v2, k2, _ := loc.locate(d.Root, append(p.path, p.prop))
			if k2 != nil {
				node = k2
			} else if v2 != nil {
				node = v2
			}
		} else if p.kind != "required" && val == nil && key != nil {
			node = key
		}
		if node == nil {
			node = d.Root
		}
		if d.Bad[node] {
			continue
		}
		at = append(at, placed{p, node})
	}
	sort.SliceStable(at, func(i, j int) bool {
		a, b := at[i].node, at[j].node
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	seen := map[string]bool{}
	for _, x := range at {
		p, node := x.p, x.node
		if l.Len() >= MaxProblems {
			// A document can hold a problem in each of a million keys:
			// describing, fingerprinting and reporting them all costs
			// minutes and gigabytes. Past the limit, one error says so,
			// at the first problem not listed.
			dg := l.Addf(CodeLimit, d.Pos(node), "this document has more than %d problems against its schema, muster's limit for one document; the rest are not listed", MaxProblems)
			dg.Hint = "correct these first: the next run lists what remains"
			break
		}
		if p.kind == "type" || p.kind == "pattern" {
			// the validator may check an enum as a type and a pattern
			if allowed, ok := s.enumAt(kind, p.path); ok {
				p.kind, p.allowed = "enum", allowed
			}
		}
		dg := s.describe(p, node, kind)
		dg.Pos = d.Pos(node)
		k := dg.Pos.String() + dg.Code + dg.Message
		if seen[k] {
			continue
		}
		seen[k] = true
		l.Add(dg)
	}
	return l.Items()
}

// where names the place of a problem for a designer: the nearest key, since
// the position already points at the line.
func where(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if _, err := strconv.Atoi(path[i]); err != nil {
			return path[i]
		}
	}
	if len(path) > 0 {
		return "this item"
	}
	return "the document"
}

func (s *Set) describe(p problem, n *yaml.Node, kind string) diag.Diagnostic {
	d := diag.Diagnostic{}
	switch p.kind {
	case "required":
		d.Code, d.Severity = CodeRequired.Code, CodeRequired.Severity
		d.Message = fmt.Sprintf("%s needs the key %q", where(p.path), p.prop)
	case "additional":
		d.Code, d.Severity = CodeUnknownKey.Code, CodeUnknownKey.Severity
		d.Message = fmt.Sprintf("unknown key %q in %s", p.prop, where(p.path))
		keys := s.keysAt(kind, p.path)
		if m := Nearest(p.prop, keys); m != "" {
			d.Offer(p.prop, m)
		} else if len(keys) > 0 && len(keys) <= 12 {
			d.Hint = "known keys: " + strings.Join(keys, ", ")
		}
	case "type":
		d.Code, d.Severity = CodeType.Code, CodeType.Severity
		d.Message = fmt.Sprintf("%s: %s", where(p.path), p.message)
		if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") && strings.Contains(p.message, "string") {
			d.Message = fmt.Sprintf("%s must be text, not the number %s", where(p.path), n.Value)
			d.Hint = fmt.Sprintf("quote it: \"%s\"", n.Value)
		}
	case "enum":
		d.Code, d.Severity = CodeEnum.Code, CodeEnum.Severity
		d.Message = fmt.Sprintf("%s: %q is not allowed", where(p.path), fmt.Sprint(n.Value))
		if m := Nearest(n.Value, p.allowed); m != "" {
			d.Offer(n.Value, m)
		} else if len(p.allowed) > 0 && len(p.allowed) <= 16 {
			d.Hint = "allowed: " + strings.Join(p.allowed, ", ")
		}
	case "propname":
		d.Code, d.Severity = CodeSchemaOther.Code, CodeSchemaOther.Severity
		d.Message = fmt.Sprintf("%s: the key %q %s", where(p.path), p.prop, p.message)
	case "range":
		d.Code, d.Severity = CodeRange.Code, CodeRange.Severity
		d.Message = fmt.Sprintf("%s: %s", where(p.path), p.message)
	case "pattern":
		d.Code, d.Severity = CodePattern.Code, CodePattern.Severity
		d.Message = fmt.Sprintf("%s: %q %s", where(p.path), n.Value, p.message)
	default:
		d.Code, d.Severity = CodeSchemaOther.Code, CodeSchemaOther.Severity
		d.Message = fmt.Sprintf("%s: %s", where(p.path), p.message)
	}
	d.Path = KeyPath(kind, p.path, p.prop)
	return d
}

// KeyPath is a problem's structural path, for its fingerprint: the
// document's kind and the keys down to the node, without the indices of
// list items (which move when an item is added above), then the key the
// problem is about: "scenario:setup.USA.units/orders".
func KeyPath(kind string, path []string, prop string) string {
	var keys []string
	for _, k := range path {
		if _, err := strconv.Atoi(k); err != nil {
			keys = append(keys, k)
		}
	}
	out := kind + ":" + strings.Join(keys, ".")
	if prop != "" {
		out += "/" + prop
	}
	return out
}

// schemasAt returns the raw schemas that apply at path in a document of
// kind, with their $refs and branches followed.
func (s *Set) schemasAt(kind string, path []string) []map[string]any {
	root := s.raw(kind)
	common := fixedDoc("common")
	nodes := []map[string]any{root}
	for _, tok := range path {
		var next []map[string]any
		for _, n := range nodes {
			for _, r := range expand(n, root, common) {
				if props, ok := r["properties"].(map[string]any); ok {
					if c, ok := props[tok].(map[string]any); ok {
						next = append(next, c)
						continue
					}
				}
				if it, ok := r["items"].(map[string]any); ok {
					next = append(next, it)
				}
				if ap, ok := r["additionalProperties"].(map[string]any); ok {
					next = append(next, ap)
				}
			}
		}
		nodes = next
	}
	var out []map[string]any
	for _, n := range nodes {
		out = append(out, expand(n, root, common)...)
	}
	return out
}

// keysAt lists the property names the schema of kind allows at path.
func (s *Set) keysAt(kind string, path []string) []string {
	set := map[string]bool{}
	for _, r := range s.schemasAt(kind, path) {
		if props, ok := r["properties"].(map[string]any); ok {
			for k := range props {
				if k != "$schema" {
					set[k] = true
				}
			}
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// enumAt returns the allowed values when the schema at path is an enum.
func (s *Set) enumAt(kind string, path []string) ([]string, bool) {
	for _, r := range s.schemasAt(kind, path) {
		if vals, ok := r["enum"].([]any); ok {
			var allowed []string
			for _, v := range vals {
				if v != nil {
					allowed = append(allowed, fmt.Sprint(v))
				}
			}
			return allowed, true
		}
	}
	return nil, false
}

// expand follows $ref, oneOf, anyOf and allOf to the schemas that hold properties.
func expand(n, root, common map[string]any) []map[string]any {
	out := []map[string]any{n}
	if ref, ok := n["$ref"].(string); ok {
		doc := root
		if strings.HasPrefix(ref, "common.schema.json") {
			doc = common
		}
		if i := strings.Index(ref, "#/"); i >= 0 {
			var cur any = doc
			for _, t := range strings.Split(ref[i+2:], "/") {
				m, _ := cur.(map[string]any)
				cur = m[t]
			}
			if m, ok := cur.(map[string]any); ok {
				out = append(out, expand(m, doc, common)...)
			}
		}
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if arr, ok := n[k].([]any); ok {
			for _, e := range arr {
				if m, ok := e.(map[string]any); ok {
					out = append(out, expand(m, root, common)...)
				}
			}
		}
	}
	return out
}

// Locate follows JSON-pointer tokens through a node tree and returns the
// value node and, for mapping members, the key node. Where the path stops
// short it returns the deepest node it reached.
func Locate(root *yaml.Node, toks []string) (val, key *yaml.Node) {
	val, key, _ = LocateAll(root, toks)
	return val, key
}

// LocateAll is Locate that also says whether every token was found.
func LocateAll(root *yaml.Node, toks []string) (val, key *yaml.Node, ok bool) {
	var loc locator
	return loc.locate(root, toks)
}

// locator is LocateAll for many paths into one tree: a large mapping's
// keys are indexed the first time a path goes through it, so that a
// problem in each of n keys costs n, not n times n (40,000 unknown keys
// took 50 s).
type locator struct {
	keys map[*yaml.Node]map[string]int // a large mapping's keys: the last of each
}

// locateReads counts the keys locate reads (for the tests).
var locateReads atomic.Int64

// member is the index in n.Content of the last key t of mapping n, or -1.
func (lc *locator) member(n *yaml.Node, t string) int {
	if len(n.Content) <= 32 {
		locateReads.Add(int64(len(n.Content) / 2))
		at := -1
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == t {
				at = i
			}
		}
		return at
	}
	ix, ok := lc.keys[n]
	if !ok {
		locateReads.Add(int64(len(n.Content) / 2))
		ix = make(map[string]int, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			ix[n.Content[i].Value] = i
		}
		if lc.keys == nil {
			lc.keys = map[*yaml.Node]map[string]int{}
		}
		lc.keys[n] = ix
	}
	locateReads.Add(1)
	if i, ok := ix[t]; ok {
		return i
	}
	return -1
}

func (lc *locator) locate(root *yaml.Node, toks []string) (val, key *yaml.Node, ok bool) {
	n := root
	for _, t := range toks {
		for n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		switch n.Kind {
		case yaml.MappingNode:
			i := lc.member(n, t)
			if i < 0 {
				return n, key, false
			}
			key, n = n.Content[i], n.Content[i+1]
		case yaml.SequenceNode:
			i := 0
			if _, err := fmt.Sscan(t, &i); err != nil || i < 0 || i >= len(n.Content) {
				return n, nil, false
			}
			n, key = n.Content[i], nil
		default:
			return n, key, false
		}
	}
	return n, key, true
}

// Suggest gives d the hint for a name that is not one of known: the
// nearest of them, offered as a fix, else the list of them after what
// ("its cups"), else none.
func Suggest(d *diag.Diagnostic, name string, known []string, what, none string) {
	switch m := Nearest(name, known); {
	case m != "":
		d.Offer(name, m)
	case len(known) > 0:
		d.Hint = what + ": " + strings.Join(known, ", ")
	default:
		d.Hint = none
	}
}

// Nearest returns the candidate closest to s, if it is close enough to be a
// likely misspelling.
func Nearest(s string, candidates []string) string {
	limit := 2
	if len(s) <= 3 {
		limit = 1
	}
	best, bestD := "", limit+1
	ls := []rune(strings.ToLower(s))
	var lc []rune
	for _, c := range candidates {
		lc = append(lc[:0], []rune(strings.ToLower(c))...)
		// a name far longer or shorter cannot be within the limit
		if n := len(lc); n > len(ls)+limit || n < len(ls)-limit {
			continue
		}
		d := boundedDistance(ls, lc, limit)
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	if bestD <= limit && best != s {
		return best
	}
	return ""
}

// boundedDistance is the edit distance of a and b when it is at most
// limit, and limit+1 otherwise: it stops once every path costs more.
func boundedDistance(a, b []rune, limit int) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			low = min(low, cur[j])
		}
		if low > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit+1)
}

// Distance is the Levenshtein edit distance between a and b.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	return boundedDistance(ra, rb, len(ra)+len(rb)) // no edit path is longer
}

// Extra returns the schemas that describe muster's outputs (the engine
// bundle, muster diff's JSON), keyed by file name.
func Extra() map[string][]byte {
	out := map[string][]byte{}
	for _, name := range []string{"bundle.schema.json", "diff.schema.json", "project.schema.json"} {
		b, err := files.ReadFile("schemas/" + name)
		if err != nil {
			panic(err)
		}
		out[name] = b
	}
	return out
}

// CheckBundle validates an engine bundle against its published schema and
// returns the problems as text (for tests and for tools that consume
// bundles).
func CheckBundle(v any) ([]string, error) { return checkOutput("bundle", v) }

// CheckDiff validates muster diff's JSON against its published schema
// and returns the problems as text.
func CheckDiff(v any) ([]string, error) { return checkOutput("diff", v) }

func checkOutput(kind string, v any) ([]string, error) {
	c, err := fixedSchema(kind)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range c.validate(v) {
		out = append(out, fmt.Sprintf("%s: %s %s %s", strings.Join(p.path, "/"), p.kind, p.prop, p.message))
	}
	return out, nil
}
