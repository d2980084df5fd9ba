package schema

import (
	"encoding/json"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// A document can hold a problem against its schema in each of a million
// nodes (unknown keys, items of the wrong type, mappings without their
// required keys). The schema library builds a described error for each,
// which cost 16 s and 1.6 GB for 919,000 unknown keys in 10 MB, though
// only the first MaxProblems, in the order of the document, are listed.
//
// thin finds, in the order of the document and with the schema, the nodes
// certain to have a problem (an offender: a key the schema does not allow,
// a value of a type its schema refuses, a string its pattern or enum
// refuses, a mapping without a key its schema requires). Past the first
// MaxProblems+1 offenders it leaves the rest out of what the library
// sees: a mapping's offending key, a list's items from its offender on.
// Every offender kept has a problem positioned at it or inside it, and
// everything left out comes after them in the file, so the first
// MaxProblems problems in the order of the file, and the note that there
// are more, are what the whole document gives. Nothing is left out where
// that could change a problem placed before it: a mapping or list whose
// schema counts its members, requires the key, or branches (oneOf,
// anyOf, not, if) is read whole, and under a branch nothing is counted.

// rule is a raw schema (a JSON Schema object) made ready for thin.
type rule struct {
	refs     []*rule   // $ref and allOf: each must hold
	groups   [][]*rule // oneOf and anyOf: one branch of each must hold
	branches bool      // oneOf, anyOf, not, if: which schema a member meets is not known
	counts   bool      // a count of members or an order (min/maxProperties, dependencies, uniqueItems, contains, tuple items): nothing may be left out
	types    uint8     // the JSON types allowed (0: any)
	enum     map[string]bool
	enumOK   bool // enum holds strings (and null) only
	enumNull bool // enum holds null
	pattern  *lazyRE
	required []string
	closed   bool // additionalProperties: false
	props    map[string]*rule
	patterns []*lazyRE
	patRules []*rule
	extra    *rule // additionalProperties as a schema
	items    *rule
	minItems int
	maxItems int // -1: none
	// numOK says the rule asks of a number nothing but its type and
	// whole-number bounds (min, max when hasMin, hasMax): no enum, const,
	// multipleOf or exclusive bound, which thin leaves to the library
	numOK          bool
	hasMin, hasMax bool
	min, max       int64
	// strOK says the rule asks of a string nothing thin does not judge
	// itself (its type, an enum or const of strings, a pattern, a length
	// in whole characters, minLen and maxLen, -1 when not asked): no
	// format, or enum or const of other values; boolOK that it asks of a
	// boolean nothing but its type (no enum, no const)
	strOK, boolOK  bool
	minLen, maxLen int
	// whole: the rule has an enum or const, which the library compares
	// with a mapping or list whole; nothing in one is left out or passed
	whole bool
	// names is what the rule asks of a mapping's keys (propertyNames);
	// namesOpaque says it asks what thin cannot read (the mapping is
	// never passed whole)
	names       *rule
	namesOpaque bool

	// all is the rule with its $refs and allOf laid out (flat), made once
	// the schema is read whole.
	all []*rule
}

const (
	tNull uint8 = 1 << iota
	tBool
	tNumber
	tInteger
	tString
	tArray
	tObject
)

var typeBits = map[string]uint8{"null": tNull, "boolean": tBool, "number": tNumber | tInteger, "integer": tInteger, "string": tString, "array": tArray, "object": tObject}

// kindOf is the type bit of a JSON-shaped value. A number is allowed by
// "integer" too: thin never calls 1.5 an offender, the library decides.
func kindOf(v any) uint8 {
	switch v.(type) {
	case nil:
		return tNull
	case bool:
		return tBool
	case json.Number, float64, int, int64, sureNumber:
		return tNumber | tInteger
	case string:
		return tString
	case []any:
		return tArray
	case map[string]any:
		return tObject
	}
	return 0xff
}

// lazyRE is a pattern of the schema, compiled when first matched (a
// schema holds many that a document never reaches).
type lazyRE struct {
	src  string
	once sync.Once
	re   *regexp.Regexp // nil: the pattern does not compile (the library refuses the schema then)
}

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re, _ = regexp.Compile(l.src) })
	return l.re
}

// matches says whether s certainly matches; fails whether it certainly
// does not. A pattern that does not compile says neither.
func (l *lazyRE) matches(s string) bool { re := l.get(); return re != nil && re.MatchString(s) }
func (l *lazyRE) fails(s string) bool   { re := l.get(); return re != nil && !re.MatchString(s) }

// rules turns a Set's raw schemas into rules, each once.
type rules struct {
	byPtr  map[uintptr]*rule
	common map[string]any
}

// schemaKeys are the keywords of one schema object that thin reads,
// gathered in one pass over its keys (a lookup of each of the thirty
// keywords in every object cost more than the rest of reading it).
type schemaKeys struct {
	ref, allOf, oneOf, anyOf, propertyNames, minLength, maxLength                   any
	constV, minimum, maximum, typ, enum, pattern, required, props                   any
	patternProps, additional, items, minItems, maxItems                             any
	hasNames, hasMinLength, hasMaxLength, hasConst, hasMinimum, hasMaximum, hasEnum bool
	branches, counts, notNum, format                                                bool
}

func readKeys(m map[string]any) schemaKeys {
	var k schemaKeys
	for key, v := range m {
		switch key {
		case "$ref":
			k.ref = v
		case "allOf":
			k.allOf = v
		case "oneOf":
			k.oneOf = v
		case "anyOf":
			k.anyOf = v
		case "not", "if", "then", "else":
			k.branches = true
		case "minProperties", "maxProperties", "dependencies", "uniqueItems", "contains", "additionalItems":
			k.counts = true
		case "multipleOf", "exclusiveMinimum", "exclusiveMaximum":
			k.notNum = true
		case "enum":
			k.enum, k.hasEnum = v, true
		case "const":
			k.constV, k.hasConst = v, true
		case "format":
			k.format = true
		case "propertyNames":
			k.propertyNames, k.hasNames = v, true
		case "minLength":
			k.minLength, k.hasMinLength = v, true
		case "maxLength":
			k.maxLength, k.hasMaxLength = v, true
		case "minimum":
			k.minimum, k.hasMinimum = v, true
		case "maximum":
			k.maximum, k.hasMaximum = v, true
		case "type":
			k.typ = v
		case "pattern":
			k.pattern = v
		case "required":
			k.required = v
		case "properties":
			k.props = v
		case "patternProperties":
			k.patternProps = v
		case "additionalProperties":
			k.additional = v
		case "items":
			k.items = v
		case "minItems":
			k.minItems = v
		case "maxItems":
			k.maxItems = v
		}
	}
	return k
}

func (rs *rules) get(m map[string]any, doc map[string]any) *rule {
	p := reflect.ValueOf(m).Pointer()
	if r, ok := rs.byPtr[p]; ok {
		return r
	}
	r := &rule{maxItems: -1}
	rs.byPtr[p] = r // before its members: a schema may refer to itself
	sub := func(v any) *rule {
		if sm, ok := v.(map[string]any); ok {
			return rs.get(sm, doc)
		}
		return nil
	}
	kw := readKeys(m)
	if ref, ok := kw.ref.(string); ok {
		target, tdoc := doc, doc
		if strings.HasPrefix(ref, "common.schema.json") {
			target, tdoc = rs.common, rs.common
		}
		var cur any = target
		if i := strings.Index(ref, "#/"); i >= 0 {
			for _, t := range strings.Split(ref[i+2:], "/") {
				cm, _ := cur.(map[string]any)
				cur = cm[t]
			}
		} else if !strings.HasSuffix(ref, "#") {
			cur = nil
		}
		if cm, ok := cur.(map[string]any); ok {
			r.refs = append(r.refs, rs.get(cm, tdoc))
		} else {
			r.branches = true // a reference thin cannot follow: read the node whole
		}
	}
	if all, ok := kw.allOf.([]any); ok {
		for _, e := range all {
			if s := sub(e); s != nil {
				r.refs = append(r.refs, s)
			}
		}
	}
	for _, v := range [...]any{kw.oneOf, kw.anyOf} {
		if arr, ok := v.([]any); ok {
			var g []*rule
			for _, e := range arr {
				s := sub(e)
				if s == nil {
					g = nil // a branch thin cannot read: the group may always hold
					break
				}
				g = append(g, s)
			}
			if g != nil {
				r.groups = append(r.groups, g)
			}
			r.branches = true
		}
	}
	if kw.branches {
		r.branches = true
	}
	r.counts = kw.counts
	r.numOK = !kw.hasEnum && !kw.hasConst && !kw.notNum
	r.strOK, r.boolOK = true, true
	if kw.hasEnum || kw.hasConst {
		r.boolOK, r.whole = false, true
	}
	if kw.format {
		r.strOK = false
	}
	if kw.hasNames {
		if r.names = sub(kw.propertyNames); r.names == nil {
			r.namesOpaque = true
		}
	}
	r.minLen, r.maxLen = -1, -1
	for _, l := range [...]struct {
		has bool
		v   any
		to  *int
	}{{kw.hasMinLength, kw.minLength, &r.minLen}, {kw.hasMaxLength, kw.maxLength, &r.maxLen}} {
		if l.has {
			n, isWhole := whole(l.v)
			if !isWhole || n < 0 || n > math.MaxInt32 {
				r.strOK = false
				continue
			}
			*l.to = int(n)
		}
	}
	if kw.hasConst {
		if _, isStr := kw.constV.(string); !isStr {
			r.strOK = false
		}
	}
	if kw.hasMinimum {
		r.min, r.hasMin = whole(kw.minimum)
		r.numOK = r.numOK && r.hasMin
	}
	if kw.hasMaximum {
		r.max, r.hasMax = whole(kw.maximum)
		r.numOK = r.numOK && r.hasMax
	}
	switch t := kw.typ.(type) {
	case string:
		r.types = typeBits[t]
	case []any:
		for _, e := range t {
			s, _ := e.(string)
			r.types |= typeBits[s]
		}
	}
	if e, ok := kw.enum.([]any); ok {
		r.enum, r.enumOK = map[string]bool{}, true
		for _, v := range e {
			switch s := v.(type) {
			case string:
				r.enum[s] = true
			case nil:
				r.enumNull = true
			default:
				r.enumOK = false
			}
		}
		r.strOK = r.strOK && r.enumOK
	} else if kw.hasEnum {
		r.strOK = false // an enum thin cannot read
	}
	if c, ok := kw.constV.(string); ok {
		r.enum, r.enumOK = map[string]bool{c: true}, true
	}
	if p, ok := kw.pattern.(string); ok {
		r.pattern = &lazyRE{src: p}
	}
	if req, ok := kw.required.([]any); ok {
		for _, k := range req {
			if s, ok := k.(string); ok {
				r.required = append(r.required, s)
			}
		}
	}
	if props, ok := kw.props.(map[string]any); ok {
		r.props = make(map[string]*rule, len(props))
		for k, v := range props {
			if s := sub(v); s != nil {
				r.props[k] = s
			}
		}
	}
	if pp, ok := kw.patternProps.(map[string]any); ok {
		for k, v := range pp {
			s := sub(v)
			if s == nil {
				r.branches = true
				continue
			}
			r.patterns = append(r.patterns, &lazyRE{src: k})
			r.patRules = append(r.patRules, s)
		}
	}
	switch a := kw.additional.(type) {
	case bool:
		r.closed = !a
	case map[string]any:
		r.extra = rs.get(a, doc)
	}
	switch it := kw.items.(type) {
	case map[string]any:
		r.items = rs.get(it, doc)
	case []any:
		r.counts = true
	}
	if n, ok := number(kw.minItems); ok {
		r.minItems = n
	}
	if n, ok := number(kw.maxItems); ok {
		r.maxItems = n
	}
	return r
}

func number(v any) (int, bool) {
	switch n := v.(type) {
	case float64:
		return int(n), true
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	case int:
		return n, true
	}
	return 0, false
}

// whole is a bound of the schema as a whole number, if it is one.
func whole(v any) (int64, bool) {
	switch n := v.(type) {
	case int:
		return int64(n), true
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return int64(n), true
		}
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	}
	return 0, false
}

// passed is what the library is given for a number certain to meet its
// schema (sure): a value the library checks nothing of, as it checks
// nothing of a value of a type JSON does not have. The library reads
// every number through big.Rat, twice, a 16th of a big battle's check;
// a number it would find no problem in need not be read.
var passed any = sureNumber{}

type sureNumber struct{}

// sure says whether the library would find no problem in the whole
// number num where rs hold: every rule that holds there is known (no
// branch, no reference thin cannot follow), allows an integer, and
// bounds it, if at all, by whole numbers num is within.
func sure(num json.Number, rs []*rule) bool {
	if len(rs) == 0 || len(num) > 18 {
		return false // no rule known (a schema of false?), or a number past int64
	}
	i, err := strconv.ParseInt(string(num), 10, 64)
	if err != nil {
		return false // a fraction or an exponent: the library's to judge
	}
	all := rs[0].all
	if len(rs) > 1 {
		all = flat(rs, nil, 0)
	}
	for _, r := range all {
		if r.branches || !r.numOK || (r.types != 0 && r.types&tInteger == 0) ||
			(r.hasMin && i < r.min) || (r.hasMax && i > r.max) {
			return false
		}
	}
	return true
}

// sureAs says whether the library would find no problem in the string or
// boolean v where rs hold, given that none of rs fails v (offends said
// no: its type, an enum of strings and a pattern are met): every rule
// that holds there is known and asks of v nothing more (strOK, boolOK).
// The library checks a string by boxing it four times and matching its
// patterns; a string thin has judged need not be read again.
func sureAs(v any, rs []*rule) bool {
	str, isStr := v.(string)
	if _, isBool := v.(bool); !isStr && !isBool {
		return false
	}
	return sureText(isStr, str, rs)
}

// sureText is sureAs of the string str (isStr) or of a boolean.
func sureText(isStr bool, str string, rs []*rule) bool {
	if len(rs) == 0 {
		return false
	}
	length := -1 // the string's length in characters, counted when asked
	all := rs[0].all
	if len(rs) > 1 {
		all = flat(rs, nil, 0)
	}
	for _, r := range all {
		if r.branches {
			return false
		}
		if isStr && (!r.strOK || (r.types != 0 && r.types&tString == 0) || (r.pattern != nil && r.pattern.get() == nil)) {
			return false
		}
		if isStr && (r.minLen >= 0 || r.maxLen >= 0) {
			if length < 0 {
				length = utf8.RuneCountInString(str)
			}
			if (r.minLen >= 0 && length < r.minLen) || (r.maxLen >= 0 && length > r.maxLen) {
				return false
			}
		}
		if !isStr && (!r.boolOK || (r.types != 0 && r.types&tBool == 0)) {
			return false
		}
	}
	return true
}

// flat is r with its $refs and allOf laid out: every rule that must hold.
func flat(rs []*rule, out []*rule, depth int) []*rule {
	for _, r := range rs {
		if depth > 32 {
			return out
		}
		out = append(out, r)
		out = flat(r.refs, out, depth+1)
	}
	return out
}

// fails says whether v certainly breaks r itself (not its members; a
// mapping's unknown keys are counted one by one, as the library reports
// them).
func fails(v any, r *rule, depth int) bool {
	if depth > 32 {
		return false
	}
	for _, s := range r.refs {
		if fails(v, s, depth+1) {
			return true
		}
	}
	for _, g := range r.groups {
		all := true
		for _, s := range g {
			if !fails(v, s, depth+1) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	k := kindOf(v)
	if r.types != 0 && k&r.types == 0 {
		return true
	}
	switch t := v.(type) {
	case string:
		if r.enumOK && !r.enum[t] {
			return true
		}
		if r.pattern != nil && r.pattern.fails(t) {
			return true
		}
	case nil:
		if r.enumOK && !r.enumNull {
			return true
		}
	case map[string]any:
		for _, q := range r.required {
			if _, ok := t[q]; !ok {
				return true
			}
		}
	}
	return false
}

// thinner walks one document.
type thinner struct {
	bad   map[*yaml.Node]bool
	found int // offenders so far
	keep  int // offenders kept; those past it are left out where they may be
	// own says the value is thin's to change in place (Set.ValidateOnce:
	// nothing reads it after the check), so no mapping or list is copied
	own bool
}

func (t *thinner) offends(v any, rs []*rule, n *yaml.Node, key *yaml.Node) bool {
	for _, r := range rs {
		if fails(v, r, 0) {
			if !t.bad[n] && (key == nil || !t.bad[key]) {
				t.found++
			}
			return true
		}
	}
	return false
}

func (t *thinner) over() bool { return t.found > t.keep }

// walk returns v with what it may leave out past the kept offenders left
// out, and the values certain to pass (sure, sureAs) passed, and whether
// it changed anything. v itself is changed only when thin owns it
// (ValidateOnce); else a copy is made: a parsed document may be read again
// from a cache.
func (t *thinner) walk(n *yaml.Node, v any, rs []*rule) (any, bool) {
	if n == nil || (n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode) || len(rs) == 0 {
		return v, false // a scalar or an alias: nothing inside to leave out
	}
	all := rs[0].all
	if len(rs) > 1 {
		all = flat(rs, nil, 0)
	}
	branches, counts := false, false
	for _, r := range all {
		branches = branches || r.branches || r.whole
		counts = counts || r.counts
	}
	if branches {
		return v, false // which schema a member meets is the library's to say
	}
	switch n.Kind {
	case yaml.MappingNode:
		m, ok := v.(map[string]any)
		if !ok {
			return v, false
		}
		return t.mapping(n, m, all, counts)
	case yaml.SequenceNode:
		s, ok := v.([]any)
		if !ok || len(s) != len(n.Content) {
			return v, false
		}
		return t.sequence(n, s, all, counts)
	}
	return v, false
}

func (t *thinner) mapping(n *yaml.Node, m map[string]any, all []*rule, counts bool) (any, bool) {
	required := func(k string) bool {
		for _, r := range all {
			for _, q := range r.required {
				if q == k {
					return true
				}
			}
		}
		return false
	}
	// out is the copy, made at the first change from the keys before it;
	// from then on every key read is put in it or left out. A value thin
	// owns is changed in place instead (out stays nil).
	var out map[string]any
	changed := false
	change := func(i int) {
		changed = true
		if out != nil || t.own {
			return
		}
		out = make(map[string]any, len(m))
		for j := 0; j < i; j += 2 {
			if kn := n.Content[j]; !t.bad[kn] {
				if v, ok := m[kn.Value]; ok {
					out[kn.Value] = v
				}
			}
		}
	}
	keep := func(k string, v any) {
		if out != nil {
			out[k] = v
		}
	}
	// put is keep of a value changed (a number or text passed, a member
	// thinned): in place when thin owns the value
	put := func(i int, k string, v any) {
		change(i)
		if t.own {
			m[k] = v
		} else {
			keep(k, v)
		}
	}
	// drop leaves the key out
	drop := func(i int, k string) {
		change(i)
		if t.own {
			delete(m, k)
		}
	}
	for i := 0; len(t.bad) > 0 && i < len(n.Content); i += 2 {
		if t.bad[n.Content[i]] {
			// a duplicate key (its problems are placed at the last of
			// its name, its value is the first's) or a key not text:
			// neither counted nor left out here
			return m, false
		}
	}
	// whole says every member was passed (allSure) and the mapping meets
	// its own rules: the mapping is passed whole
	allSure := true
	for _, r := range all {
		if len(r.patterns) > 0 {
			allSure = false // a key may match a pattern and a property both: the library's to judge
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		if kn.Kind != yaml.ScalarNode || kn.Tag == "!!merge" {
			return m, false // merged keys: the value holds keys the text does not show here
		}
		k := kn.Value
		cv, ok := m[k]
		if !ok {
			allSure = false
			continue
		}
		if vn.Kind == yaml.AliasNode {
			allSure = false
			keep(k, cv)
			continue
		}
		// removable says whether the key may be left out; asked only
		// past the offenders kept, as the required keys cost a look
		// through every rule
		removable := func() bool { return !counts && !required(k) }
		var buf [4]*rule // the rules of most keys, without an allocation
		child, unknown := childRules(all, k, buf[:0])
		if unknown {
			allSure = false
			if !t.bad[kn] {
				t.found++
			}
			if t.over() && removable() {
				drop(i, k)
			} else {
				keep(k, cv)
			}
			continue // the library does not read the value of a key it refuses
		}
		off := t.offends(cv, child, vn, kn)
		if off && t.over() && removable() {
			allSure = false
			drop(i, k)
			continue
		}
		if vn.Kind == yaml.ScalarNode {
			if num, ok := cv.(json.Number); (ok && sure(num, child)) || (!ok && !off && sureAs(cv, child)) {
				put(i, k, passed)
				continue
			}
			allSure = false
		}
		if nv, ch := t.walk(vn, cv, child); ch {
			put(i, k, nv)
			allSure = allSure && nv == passed
		} else {
			allSure = false
			keep(k, nv)
		}
	}
	if allSure && sureMapping(m, all) {
		return passed, true
	}
	if out == nil {
		return m, changed
	}
	return out, true
}

// sureMapping says whether the mapping m, every member of which thin
// passed, meets all itself: its type, its required keys, what is asked of
// its keys (propertyNames, judged as text), and nothing of their count.
func sureMapping(m map[string]any, all []*rule) bool {
	for _, r := range all {
		if (r.types != 0 && r.types&tObject == 0) || r.counts || r.namesOpaque {
			return false
		}
		if r.names != nil {
			for k := range m {
				if fails(k, r.names, 0) || !sureAs(k, []*rule{r.names}) {
					return false
				}
			}
		}
		for _, q := range r.required {
			if _, ok := m[q]; !ok {
				return false
			}
		}
	}
	return true
}

func (t *thinner) sequence(n *yaml.Node, s []any, all []*rule, counts bool) (any, bool) {
	var items []*rule
	minItems, maxItems := 0, -1
	for _, r := range all {
		if r.items != nil {
			items = append(items, r.items)
		}
		minItems = max(minItems, r.minItems)
		if r.maxItems >= 0 && (maxItems < 0 || r.maxItems < maxItems) {
			maxItems = r.maxItems
		}
	}
	// out is the copy, made at the first change; a list thin owns is
	// changed in place (out is s)
	var out []any
	if t.own {
		out = s
	}
	changed := false
	put := func(i int, v any) {
		if out == nil {
			out = append([]any(nil), s...)
		}
		out[i] = v
		changed = true
	}
	// allSure: every item was passed; the list, if it meets its own
	// rules (its type and length, nothing counted or compared), is
	// passed whole
	allSure := !counts
	for i, vn := range n.Content {
		if vn.Kind == yaml.AliasNode {
			allSure = false
			continue
		}
		off := t.offends(s[i], items, vn, nil)
		if off && t.over() && !counts && i >= minItems && (maxItems < 0 || (len(s) > maxItems) == (i > maxItems)) {
			// the items from here on are left out: none before moves
			if out == nil {
				out = append([]any(nil), s...)
			}
			return out[:i], true
		}
		if vn.Kind == yaml.ScalarNode && !counts {
			// (where the items are counted or compared, uniqueItems, a
			// value stays itself)
			if num, ok := s[i].(json.Number); (ok && sure(num, items)) || (!ok && !off && sureAs(s[i], items)) {
				put(i, passed)
				continue
			}
		}
		if counts {
			// an item the library compares whole (uniqueItems) stays
			// itself
			continue
		}
		if nv, ch := t.walk(vn, s[i], items); ch {
			put(i, nv)
			allSure = allSure && nv == passed
		} else {
			allSure = false
		}
	}
	if allSure && len(s) >= minItems && (maxItems < 0 || len(s) <= maxItems) {
		for _, r := range all {
			if r.types != 0 && r.types&tArray == 0 {
				allSure = false
			}
		}
		if allSure {
			return passed, true
		}
	}
	if !changed {
		return s, false
	}
	return out, true
}

// thinOff gives the library every document whole, for the tests.
var thinOff bool

// thinRules is the rule of a Set's schema of one kind, read whole once.
func (s *Set) thinRule(kind string) *rule {
	s.thinMu.Lock()
	defer s.thinMu.Unlock()
	if r, ok := s.thinRules[kind]; ok {
		return r
	}
	rs := &rules{byPtr: map[uintptr]*rule{}, common: fixedDoc("common")}
	root := s.raw(kind)
	r := rs.get(root, root)
	for _, x := range rs.byPtr {
		x.all = flat([]*rule{x}, nil, 0)
	}
	if s.thinRules == nil {
		s.thinRules = map[string]*rule{}
	}
	s.thinRules[kind] = r
	return r
}

// thin returns the value of d the library is to check: passed when thin
// passes it whole, else d.Value or a copy of it (changed in place when
// own) with what thin judged passed and, when d holds more offenders than
// MaxProblems+1, without those past them that it may leave out. Every
// document is walked, however small and whoever owns its value: one
// passed whole spares the library its check and its schema's compiling
// (the battle schema's is 1.1 M instructions, a small battle.yaml's walk
// a few thousand).
func (s *Set) thin(kind string, d *Doc, own bool) any {
	if d.Value == nil && d.Root != nil {
		return s.judged(kind, d) // a tree without its value (ParseTree)
	}
	if thinOff {
		return d.Value
	}
	t := thinner{bad: d.Bad, keep: MaxProblems + 1, own: own}
	v, _ := t.walk(d.Root, d.Value, []*rule{s.thinRule(kind)})
	return v
}
