package schema

import (
	"encoding/json"

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
	return t.walk(d.Root, []*rule{s.thinRule(kind)})
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

// walk is thinner.walk of node n's value: the value the library is given
// for it (passed, or built with what may be left out left out).
func (t *judge) walk(n *yaml.Node, rs []*rule) any {
	if n == nil || (n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode) || len(rs) == 0 {
		return t.value(n)
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
		return t.value(n)
	}
	if n.Kind == yaml.MappingNode {
		return t.mapping(n, all, counts)
	}
	return t.sequence(n, all, counts)
}

func (t *judge) mapping(n *yaml.Node, all []*rule, counts bool) any {
	for i := 0; len(t.bad) > 0 && i < len(n.Content); i += 2 {
		if t.bad[n.Content[i]] {
			return t.value(n) // as thinner.mapping: read whole
		}
	}
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
	allSure := true
	for _, r := range all {
		if len(r.patterns) > 0 {
			allSure = false
		}
	}
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
		removable := func() bool { return !counts && !required(k) }
		var buf [4]*rule
		child, unknown := childRules(all, k, buf[:0])
		if unknown {
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
		off := t.offends(&x, child, vn, kn)
		if off && t.over() && removable() {
			unsure(i)
			continue
		}
		if vn.Kind == yaml.ScalarNode {
			if x.sure(child, off) {
				put(k, passed)
				continue
			}
			unsure(i)
		}
		nv := t.walk(vn, child)
		if nv != passed {
			unsure(i)
		}
		put(k, nv)
	}
	if allSure && sureMappingNode(n, all) {
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

func (t *judge) sequence(n *yaml.Node, all []*rule, counts bool) any {
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
	if counts {
		unsure(0)
	}
	for i, vn := range n.Content {
		if vn.Kind == yaml.AliasNode {
			unsure(i)
			add(t.value(vn))
			continue
		}
		x := t.subjectOf(vn)
		off := t.offends(&x, items, vn, nil)
		if off && t.over() && !counts && i >= minItems && (maxItems < 0 || (len(n.Content) > maxItems) == (i > maxItems)) {
			unsure(i)
			return out // the items from here on are left out
		}
		if vn.Kind == yaml.ScalarNode && !counts && x.sure(items, off) {
			add(passed)
			continue
		}
		if counts {
			add(t.value(vn)) // compared whole
			continue
		}
		nv := t.walk(vn, items)
		if nv != passed {
			unsure(i)
		}
		add(nv)
	}
	if allSure && len(n.Content) >= minItems && (maxItems < 0 || len(n.Content) <= maxItems) {
		for _, r := range all {
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
