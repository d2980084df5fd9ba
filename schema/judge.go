package schema

import (
	"encoding/json"
	"strconv"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// judge is thin over a document's yaml.Node tree, for a document read
// without its JSON-shaped value (ParseTree): it judges each node against
// the rules as thin judges the node's value, and builds a value only for
// what the library must still read (a member thin cannot pass, a mapping
// or list that holds one), passing the rest. What it gives the library is
// what thin makes of the whole value when it owns it (Set.ValidateOnce),
// so the problems found are the same; a mapping thin hands the library
// whole (a key already marked, a merge key) is built whole.
type judge struct {
	thinner
	doc   *Doc
	boxes *boxes // the scalars built, shared as convert shares them
}

// judged is the value of d the library is to check (passed: none).
func (s *Set) judged(kind string, d *Doc) any {
	if thinOff {
		return d.JSON(d.Root)
	}
	t := judge{thinner: thinner{bad: d.Bad, keep: MaxProblems + 1, own: true}, doc: d, boxes: &boxes{}}
	return t.walk(d.Root, s.judgePlan(kind))
}

// judgePlan is the plan of the Set's schema of one kind, made once.
func (s *Set) judgePlan(kind string) *plan {
	r := s.thinRule(kind)
	s.thinMu.Lock()
	defer s.thinMu.Unlock()
	if s.plans == nil {
		s.plans = map[string]*plan{}
	}
	p := s.plans[kind]
	if p == nil {
		p = &plan{rs: []*rule{r}}
		s.plans[kind] = p
	}
	return p
}

// value is node n's JSON-shaped value, whole.
func (t *judge) value(n *yaml.Node) any {
	c := converter{doc: t.doc, values: true, quiet: true, boxes: t.boxes}
	v, _ := c.convert(n, 0)
	return v
}

// subject is what fails reads of a node: the type of its value, a
// string's text or a number's, a mapping's keys; or, for a node whose
// keys the tree does not show (an alias, merge keys), its value.
type subject struct {
	k    uint8
	s    string     // a string's text, a number's JSON text
	num  bool       // the value is a number (json.Number s)
	m    *yaml.Node // a mapping whose keys are its own
	v    any        // the value, when read from it (hasV)
	hasV bool
}

// subjectOf reads node n as its value would be read, building the value
// only for a scalar of an unusual form, an alias or a mapping with merge
// keys.
func (t *judge) subjectOf(n *yaml.Node) subject {
	switch n.Kind {
	case yaml.ScalarNode:
		if leadingZero(n) {
			return subject{k: tString, s: n.Value}
		}
		switch n.Tag {
		case "!!null":
			return subject{k: tNull}
		case "!!str":
			return subject{k: tString, s: n.Value}
		case "!!bool":
			if n.Value == "true" || n.Value == "false" {
				return subject{k: tBool}
			}
		case "!!int":
			if v := n.Value; plainDecimal(v) && len(v) <= 18 && v[0] != '+' && v != "-0" {
				return subject{k: tNumber | tInteger, s: v, num: true}
			}
		}
		switch v := scalarValue(n, nil).(type) {
		case nil:
			return subject{k: tNull}
		case bool:
			return subject{k: tBool}
		case json.Number:
			return subject{k: tNumber | tInteger, s: string(v), num: true}
		case string:
			return subject{k: tString, s: v}
		}
	case yaml.MappingNode:
		if !hasMerge(n) {
			return subject{k: tObject, m: n}
		}
	case yaml.SequenceNode:
		return subject{k: tArray}
	}
	v := t.value(n)
	return subject{k: kindOf(v), v: v, hasV: true}
}

func hasMerge(n *yaml.Node) bool {
	for i := 0; i < len(n.Content); i += 2 {
		if n.Content[i].Tag == "!!merge" {
			return true
		}
	}
	return false
}

// hasKey says whether mapping n (without merge keys) sets key q.
func hasKey(n *yaml.Node, q string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == q {
			return true
		}
	}
	return false
}

// fails is fails of the node's value.
func (x *subject) fails(r *rule, depth int) bool {
	if x.hasV {
		return fails(x.v, r, depth)
	}
	if depth > 32 {
		return false
	}
	for _, s := range r.refs {
		if x.fails(s, depth+1) {
			return true
		}
	}
	for _, g := range r.groups {
		all := true
		for _, s := range g {
			if !x.fails(s, depth+1) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	if r.types != 0 && x.k&r.types == 0 {
		return true
	}
	switch x.k {
	case tString:
		if r.enumOK && !r.enum[x.s] {
			return true
		}
		if r.pattern != nil && r.pattern.fails(x.s) {
			return true
		}
	case tNull:
		if r.enumOK && !r.enumNull {
			return true
		}
	case tObject:
		for _, q := range r.required {
			if !hasKey(x.m, q) {
				return true
			}
		}
	}
	return false
}

func (t *judge) offends(x *subject, rs []*rule, n *yaml.Node, key *yaml.Node) bool {
	for _, r := range rs {
		if x.fails(r, 0) {
			if !t.bad[n] && (key == nil || !t.bad[key]) {
				t.found++
			}
			return true
		}
	}
	return false
}

// sure says whether the scalar x is certain to meet rs (sure, sureAs).
func (x *subject) sure(rs []*rule, off bool) bool {
	if x.hasV {
		num, ok := x.v.(json.Number)
		return (ok && sure(num, rs)) || (!ok && !off && sureAs(x.v, rs))
	}
	if x.num {
		return sure(json.Number(x.s), rs)
	}
	return !off && (x.k == tString || x.k == tBool) && sureText(x.k == tString, x.s, rs)
}

// plan is a list of rules that hold at a node (rs) made ready to judge
// nodes, once: what thin reads of the rules for each node (their $refs
// laid out, whether they branch or count, the rules of each key) gathered
// when first needed, so that a key costs one map lookup and a scalar of a
// plain rule a few comparisons.
type plan struct {
	once sync.Once
	rs   []*rule
	all  []*rule // rs with their $refs laid out

	branches, counts bool
	patterns         bool            // a rule matches keys by pattern: each key's rules are found as it is read (childRules)
	keys             keyTable        // the keys a rule names
	other            *member         // any other key
	required         map[string]bool // the keys a rule requires
	items            *member         // a list's items
	minItems         int
	maxItems         int // -1: none
}

// keyTable finds the member of a key: a table hashed by a key's length
// and three of its bytes, with no two keys in one slot (one comparison a
// key), or a map where no such table of at most 16 slots a key is found.
type keyTable struct {
	seed  uint32
	mask  uint32
	slots []keySlot
	m     map[string]*member
}

type keySlot struct {
	key string
	m   *member
}

func keyHash(k string, seed uint32) uint32 {
	if k == "" {
		return 0
	}
	return (uint32(len(k))*seed ^ uint32(k[0])*0x9e3779b1 ^ uint32(k[len(k)-1])*0x85ebca6b ^ uint32(k[len(k)/2])*0xc2b2ae35) >> 7
}

func newKeyTable(named map[string]*member) keyTable {
	size := 4
	for size < 4*len(named) {
		size *= 2
	}
	for ; size <= 16*max(len(named), 1); size *= 2 {
	seeds:
		for seed := uint32(1); seed < 64; seed++ {
			slots := make([]keySlot, size)
			for k, m := range named {
				i := keyHash(k, seed) & uint32(size-1)
				if slots[i].m != nil {
					continue seeds
				}
				slots[i] = keySlot{k, m}
			}
			return keyTable{seed: seed, mask: uint32(size - 1), slots: slots}
		}
	}
	return keyTable{m: named}
}

// get is the member of key k, or nil.
func (kt *keyTable) get(k string) *member {
	if kt.slots == nil {
		return kt.m[k]
	}
	if s := &kt.slots[keyHash(k, kt.seed)&kt.mask]; s.m != nil && s.key == k {
		return s.m
	}
	return nil
}

// member is what holds at one key of a mapping, or at a list's items.
type member struct {
	plan    plan // its rules (plan.rs)
	unknown bool // a rule refuses the key
	// plain: no rule of plan.rs, its $refs laid out (all), branches
	// (oneOf, anyOf, not, if): a scalar is judged by reading all once
	plain bool
	all   []*rule
	// quick verdicts on a scalar, when no rule branches: any string
	// (text), any boolean, any whole number within min and max (num) is
	// certain to meet the rules, and none offends them
	text, boolean, num bool
	hasMin, hasMax     bool
	min, max           int64
}

// ready is p made ready, once.
func (p *plan) ready() *plan {
	p.once.Do(p.make)
	return p
}

func (p *plan) make() {
	p.all = flat(p.rs, nil, 0)
	if len(p.rs) == 1 {
		p.all = p.rs[0].all
	}
	p.maxItems = -1
	var items []*rule
	for _, r := range p.all {
		p.branches = p.branches || r.branches || r.whole
		p.counts = p.counts || r.counts
		p.patterns = p.patterns || len(r.patterns) > 0
		for _, q := range r.required {
			if p.required == nil {
				p.required = map[string]bool{}
			}
			p.required[q] = true
		}
		if r.items != nil {
			items = append(items, r.items)
		}
		p.minItems = max(p.minItems, r.minItems)
		if r.maxItems >= 0 && (p.maxItems < 0 || r.maxItems < p.maxItems) {
			p.maxItems = r.maxItems
		}
	}
	p.items = newMember(items, false)
	if p.patterns {
		return
	}
	named := map[string]*member{}
	for _, r := range p.all {
		for k := range r.props {
			if named[k] == nil {
				child, unknown := childRules(p.all, k, nil)
				named[k] = newMember(child, unknown)
			}
		}
	}
	p.keys = newKeyTable(named)
	child, unknown := childRules(p.all, "", nil) // "" stands for any key no rule names
	if named[""] != nil {
		child, unknown = nil, false
		for _, r := range p.all {
			if r.extra != nil {
				child = append(child, r.extra)
			} else if r.closed {
				unknown = true
			}
		}
	}
	p.other = newMember(child, unknown)
}

func newMember(child []*rule, unknown bool) *member {
	m := &member{unknown: unknown}
	m.plan.rs = child
	if len(child) == 0 {
		return m
	}
	all := flat(child, nil, 0)
	m.text, m.boolean, m.num = true, true, true
	for _, r := range all {
		if r.branches || len(r.groups) > 0 {
			m.text, m.boolean, m.num = false, false, false
			return m
		}
		if (r.types != 0 && r.types&tString == 0) || !r.strOK || r.enumOK || r.pattern != nil || r.minLen >= 0 || r.maxLen >= 0 {
			m.text = false
		}
		if (r.types != 0 && r.types&tBool == 0) || !r.boolOK {
			m.boolean = false
		}
		if (r.types != 0 && r.types&tInteger == 0) || !r.numOK {
			m.num = false
		}
		if r.hasMin && (!m.hasMin || r.min > m.min) {
			m.hasMin, m.min = true, r.min
		}
		if r.hasMax && (!m.hasMax || r.max < m.max) {
			m.hasMax, m.max = true, r.max
		}
	}
	m.plain, m.all = true, all
	return m
}

// quick judges scalar x by m's quick verdicts: whether it offends and
// whether it is sure, and whether the verdicts decide (else thin's own
// reading of the rules does).
func (m *member) quick(x *subject) (off, sure, decided bool) {
	switch {
	case x.hasV:
		return false, false, false
	case x.k == tString && m.text, x.k == tBool && m.boolean:
		return false, true, true
	case x.k == tString && m.plain:
		off, sure = m.judgeText(x.s)
		return off, sure, true
	case x.num && m.num && len(x.s) <= 18:
		i, err := strconv.ParseInt(x.s, 10, 64)
		if err != nil {
			return false, false, false
		}
		return false, (!m.hasMin || i >= m.min) && (!m.hasMax || i <= m.max), true
	}
	return false, false, false
}

// judgeText is fails and sureAs of the string str where m's rules, none
// of which branches, hold: every rule read once.
func (m *member) judgeText(str string) (off, sure bool) {
	sure = true
	length := -1
	for _, r := range m.all {
		if (r.types != 0 && r.types&tString == 0) || (r.enumOK && !r.enum[str]) {
			return true, false
		}
		if r.pattern != nil {
			re := r.pattern.get()
			if re == nil {
				sure = false
			} else if !re.MatchString(str) {
				return true, false
			}
		}
		if !r.strOK {
			sure = false
		}
		if sure && (r.minLen >= 0 || r.maxLen >= 0) {
			if length < 0 {
				length = utf8.RuneCountInString(str)
			}
			if (r.minLen >= 0 && length < r.minLen) || (r.maxLen >= 0 && length > r.maxLen) {
				sure = false
			}
		}
	}
	return false, sure
}

// walk is thinner.walk of node n's value where the rules of p hold: the
// value the library is given for it (passed, or built with what may be
// left out left out).
func (t *judge) walk(n *yaml.Node, p *plan) any {
	if n == nil || (n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode) || len(p.rs) == 0 {
		return t.value(n)
	}
	p = p.ready()
	if p.branches {
		return t.value(n)
	}
	if n.Kind == yaml.MappingNode {
		return t.mapping(n, p)
	}
	return t.sequence(n, p)
}

// judgeScalar says whether scalar vn (read as x) offends the rules of m,
// and whether it is certain to meet them, counting it as thin does.
func (t *judge) judgeScalar(x *subject, m *member, vn, kn *yaml.Node) (off, sure bool) {
	if off, sure, ok := m.quick(x); ok {
		return off, sure
	}
	off = t.offends(x, m.plan.rs, vn, kn)
	return off, x.sure(m.plan.rs, off)
}

func (t *judge) mapping(n *yaml.Node, p *plan) any {
	for i := 0; len(t.bad) > 0 && i < len(n.Content); i += 2 {
		if t.bad[n.Content[i]] {
			return t.value(n) // as thinner.mapping: read whole
		}
	}
	allSure := !p.patterns
	// out is the value, made when a member is not passed (allSure goes
	// false): every member before it was passed
	var out map[string]any
	unsure := func(i int) {
		allSure = false
		if out != nil {
			return
		}
		out = make(map[string]any, len(n.Content)/2)
		for j := 0; j < i; j += 2 {
			out[n.Content[j].Value] = passed
		}
	}
	put := func(k string, v any) {
		if out != nil {
			out[k] = v
		}
	}
	if !allSure {
		unsure(0)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		if kn.Kind != yaml.ScalarNode || kn.Tag == "!!merge" {
			return t.value(n) // merged keys: read whole
		}
		k := kn.Value
		if vn.Kind == yaml.AliasNode {
			unsure(i)
			put(k, t.value(vn))
			continue
		}
		var m *member
		if p.patterns {
			m = newMember(childRules(p.all, k, nil))
		} else if m = p.keys.get(k); m == nil {
			m = p.other
		}
		// removable says whether the key may be left out; asked only
		// past the offenders kept
		removable := func() bool { return !p.counts && !p.required[k] }
		if m.unknown {
			if !t.bad[kn] {
				t.found++
			}
			unsure(i)
			if !t.over() || !removable() {
				put(k, t.value(vn))
			}
			continue
		}
		x := t.subjectOf(vn)
		if vn.Kind == yaml.ScalarNode {
			off, sure := t.judgeScalar(&x, m, vn, kn)
			switch {
			case off && t.over() && removable():
				unsure(i)
			case sure:
				put(k, passed)
			default:
				unsure(i)
				put(k, t.value(vn))
			}
			continue
		}
		if t.offends(&x, m.plan.rs, vn, kn) && t.over() && removable() {
			unsure(i)
			continue
		}
		nv := t.walk(vn, &m.plan)
		if nv != passed {
			unsure(i)
		}
		put(k, nv)
	}
	if allSure && sureMappingNode(n, p.all) {
		return passed
	}
	unsure(len(n.Content))
	return out
}

// childRules are the rules of all that hold at key k of a mapping, and
// whether a rule refuses the key.
func childRules(all []*rule, k string, child []*rule) ([]*rule, bool) {
	unknown := false
	for _, r := range all {
		if c, ok := r.props[k]; ok {
			child = append(child, c)
			continue
		}
		matched := false
		for j, re := range r.patterns {
			if re.matches(k) {
				child = append(child, r.patRules[j])
				matched = true
			}
		}
		if matched {
			continue
		}
		if r.extra != nil {
			child = append(child, r.extra)
		} else if r.closed {
			unknown = true
		}
	}
	return child, unknown
}

// sureMappingNode is sureMapping of mapping n's value (its keys its own).
func sureMappingNode(n *yaml.Node, all []*rule) bool {
	for _, r := range all {
		if (r.types != 0 && r.types&tObject == 0) || r.counts || r.namesOpaque {
			return false
		}
		if r.names != nil {
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i].Value
				if fails(k, r.names, 0) || !sureAs(k, []*rule{r.names}) {
					return false
				}
			}
		}
		for _, q := range r.required {
			if !hasKey(n, q) {
				return false
			}
		}
	}
	return true
}

func (t *judge) sequence(n *yaml.Node, p *plan) any {
	m := p.items
	// out is the value, made when an item is not passed (allSure goes
	// false): every item before it was passed
	var out []any
	allSure := true
	unsure := func(i int) {
		allSure = false
		if out != nil {
			return
		}
		out = make([]any, i, len(n.Content))
		for j := range out {
			out[j] = passed
		}
	}
	add := func(v any) {
		if out != nil {
			out = append(out, v)
		}
	}
	if p.counts {
		unsure(0)
	}
	for i, vn := range n.Content {
		if vn.Kind == yaml.AliasNode {
			unsure(i)
			add(t.value(vn))
			continue
		}
		x := t.subjectOf(vn)
		var off, sure bool
		if vn.Kind == yaml.ScalarNode {
			off, sure = t.judgeScalar(&x, m, vn, nil)
		} else {
			off = t.offends(&x, m.plan.rs, vn, nil)
		}
		if off && t.over() && !p.counts && i >= p.minItems && (p.maxItems < 0 || (len(n.Content) > p.maxItems) == (i > p.maxItems)) {
			unsure(i)
			return out // the items from here on are left out
		}
		if p.counts {
			add(t.value(vn)) // compared whole
			continue
		}
		if vn.Kind == yaml.ScalarNode {
			if sure {
				add(passed)
				continue
			}
			unsure(i)
			add(t.value(vn))
			continue
		}
		nv := t.walk(vn, &m.plan)
		if nv != passed {
			unsure(i)
		}
		add(nv)
	}
	if allSure && len(n.Content) >= p.minItems && (p.maxItems < 0 || len(n.Content) <= p.maxItems) {
		for _, r := range p.all {
			if r.types != 0 && r.types&tArray == 0 {
				allSure = false
			}
		}
		if allSure {
			return passed
		}
	}
	unsure(len(n.Content))
	return out
}
