// Package schema reads YAML documents keeping the line and column of every
// node, turns them into JSON-shaped values, and checks those against muster's
// embedded JSON Schemas. Nothing else in muster parses YAML or imports the
// JSON Schema library.
package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/muster-wargames/muster/diag"
	"go.yaml.in/yaml/v3"
)

// Limits bound what one file may cost to read, and RunBytes and RunNodes
// what every file of one run may cost together.
type Limits struct {
	MaxBytes   int64 // largest file read
	MaxNodes   int   // nodes after alias expansion, per document
	MaxDepth   int   // nesting of mappings and sequences
	MaxAliases int   // alias nodes per document
	RunBytes   int64 // bytes of every file one run reads (0: MaxBytes)
	RunNodes   int   // nodes of every document one run reads (0: MaxNodes)
	// Budget, when set, is the run's: what every file parsed with these
	// limits costs together is taken from it (NewBudget).
	Budget *Budget
}

// Budget is what the files of one run may cost together (a nil Budget
// bounds nothing), RunBytes and
// RunNodes of the Limits it was made from: every file a run reads takes
// from one Budget, so that files that each pass every limit of a file
// cannot together run muster out of memory. Safe for concurrent use.
type Budget struct {
	mu                  sync.Mutex
	maxBytes, usedBytes int64
	maxNodes, usedNodes int
}

// NewBudget is a fresh budget of lim's RunBytes and RunNodes (for a limit
// of 0, the file's own MaxBytes or MaxNodes).
func NewBudget(lim Limits) *Budget {
	b := &Budget{maxBytes: lim.RunBytes, maxNodes: lim.RunNodes}
	if b.maxBytes == 0 {
		b.maxBytes = lim.MaxBytes
	}
	if b.maxNodes == 0 {
		b.maxNodes = lim.MaxNodes
	}
	return b
}

// Bytes is the run's limit of bytes and what is left of it.
func (b *Budget) Bytes() (limit, left int64) {
	if b == nil {
		return math.MaxInt64, math.MaxInt64
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.maxBytes, b.maxBytes - b.usedBytes
}

// TakeBytes takes n bytes read from the budget.
func (b *Budget) TakeBytes(n int64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.usedBytes += n
	b.mu.Unlock()
}

// Nodes is the run's limit of nodes and what is left of it.
func (b *Budget) Nodes() (limit, left int) {
	if b == nil {
		return math.MaxInt, math.MaxInt
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.maxNodes, b.maxNodes - b.usedNodes
}

// TakeNodes takes n nodes read from the budget.
func (b *Budget) TakeNodes(n int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.usedNodes += n
	b.mu.Unlock()
}

// DefaultLimits are generous for any real battle.
var DefaultLimits = Limits{MaxBytes: 32 << 20, MaxNodes: 2_000_000, MaxDepth: 100, MaxAliases: 10_000, RunBytes: 32 << 20, RunNodes: 1_000_000}

// Doc is one parsed YAML document.
type Doc struct {
	File  string     // path as shown in diagnostics
	Root  *yaml.Node // the document's top node (a mapping for every kind)
	Value any        // JSON-shaped: map[string]any, []any, string, json.Number, bool, nil
	Kind  string     // battle, forces, map, scenario; "" until known
	Nodes int        // the nodes of Value, aliases expanded, as the limits count them
	// Bad marks nodes that already carry a diagnostic, so the schema check
	// does not report them a second time.
	Bad map[*yaml.Node]bool
}

// Pos returns the position of n in the document's file.
func (d *Doc) Pos(n *yaml.Node) diag.Pos {
	if n == nil {
		return diag.Pos{File: d.File}
	}
	return diag.Pos{File: d.File, Line: n.Line, Column: n.Column}
}

// The YAML library's error messages, read only when a file does not parse:
// compiled then, not at start-up.
var (
	lineRE   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^yaml: line (\d+): (.*)$`) })
	anchorRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unknown anchor '(.*)' referenced$`) })
)

// Parse reads every YAML document in data. The file name is used in
// diagnostics only.
func Parse(file string, data []byte, lim Limits) ([]*Doc, []diag.Diagnostic) {
	docs, _, ds := ParseFile(file, data, lim)
	return docs, ds
}

// ParseFile is Parse, and says which documents of the file could not be
// read (a syntax error loses the document it is in and every one after
// it), so that later stages can skip what needs them.
func ParseFile(file string, data []byte, lim Limits) ([]*Doc, []Lost, []diag.Diagnostic) {
	return parseFile(file, data, lim, true)
}

// ParseTree is ParseFile without the JSON-shaped values: each document is
// its yaml.Node tree, read and counted as ParseFile reads it (the same
// diagnostics), its Value nil. The schema check judges the tree itself
// and builds values only for what the library must still read (judge.go);
// Doc.JSON builds the value of a node when a caller needs one.
func ParseTree(file string, data []byte, lim Limits) ([]*Doc, []Lost, []diag.Diagnostic) {
	return parseFile(file, data, lim, false)
}

func parseFile(file string, data []byte, lim Limits, values bool) ([]*Doc, []Lost, []diag.Diagnostic) {
	var l diag.List
	at := diag.Pos{File: file, Line: 1, Column: 1}
	if int64(len(data)) > lim.MaxBytes {
		l.Addf(CodeTooLarge, at, "file is %d bytes; muster reads at most %d", len(data), lim.MaxBytes)
		return nil, []Lost{LostFile(at)}, l.Items()
	}
	if line, col, msg, bad := notText(data); bad {
		pos := diag.Pos{File: file, Line: line, Column: col}
		l.Addf(CodeBinary, pos, "%s", msg)
		return nil, lostText(pos, data), l.Items()
	}
	if !hasContent(data) {
		l.Addf(CodeEmpty, at, "file holds no YAML document")
		return nil, nil, l.Items()
	}
	// A document of more nodes than the limit is refused before yaml.v3
	// builds it; the documents before it are read as usual. So is the
	// document that takes the run's nodes past its budget.
	var lost []Lost
	runLimit, runLeft := 0, 0
	if lim.Budget != nil {
		runLimit, runLeft = lim.Budget.Nodes()
		runLeft = max(runLeft, 1) // 0 would be no bound
	}
	if line, col, start, over, run := overNodesRun(data, lim.MaxNodes, runLeft); over {
		pos := diag.Pos{File: file, Line: line, Column: col}
		if run {
			runOver(&l, pos, runLimit)
		} else {
			l.Addf(CodeAliasBudget, pos, "document holds more than %d nodes", lim.MaxNodes)
		}
		lost = lostText(pos, data[start:])
		data = data[:start]
	}
	docs, more, ds := parseDocs(file, data, lim, values, nil)
	l.Append(ds)
	return docs, append(more, lost...), l.Items()
}

// runOver is the error of the node that takes the run past its budget.
func runOver(l *diag.List, pos diag.Pos, limit int) {
	d := l.Addf(CodeLimit, pos, "the files read in this run hold more than %d YAML nodes, muster's limit for one run", limit)
	d.Hint = "the rest of this file is not read; split the battle, or check fewer battles in one run"
}

// parseDocs decodes and converts every document of data (to JSON-shaped
// values when values is set; else it only checks and counts the nodes);
// counted, when not nil, is told how many nodes convert counted in each
// (for the tests).
func parseDocs(file string, data []byte, lim Limits, values bool, counted func(n int, ok bool)) ([]*Doc, []Lost, []diag.Diagnostic) {
	var l diag.List
	var lost []Lost
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*Doc
	for {
		var n yaml.Node
		err := safeDecode(dec, &n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			pos, msg := syntaxError(file, data, dec, err)
			d := l.Addf(CodeSyntax, pos, "%s", msg)
			if ql, qc, ok := runawayQuote(data[docStart(data, pos.Line):], pos.Line); ok {
				ql += bytes.Count(data[:docStart(data, pos.Line)], []byte("\n"))
				d.Hint = fmt.Sprintf("the quoted text that opens at line %d, column %d runs on to a later line: is its closing quote missing?", ql, qc)
			}
			lost = append(lost, lostText(pos, data[docStart(data, pos.Line):])...)
			break
		}
		d := &Doc{File: file, Bad: map[*yaml.Node]bool{}}
		root := &n
		if root.Kind == yaml.DocumentNode {
			if len(root.Content) == 0 {
				continue
			}
			root = root.Content[0]
		}
		d.Root = root
		if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
			l.Addf(CodeEmpty, d.Pos(root), "YAML document holds nothing")
			continue
		}
		c := converter{doc: d, lim: lim, diags: &l, values: values}
		if values {
			c.boxes = &boxes{}
		}
		if lim.Budget != nil {
			c.runLimit, c.runLeft = lim.Budget.Nodes()
		}
		v, ok := c.convert(root, 0)
		if lim.Budget != nil {
			lim.Budget.TakeNodes(c.nodes)
		}
		if counted != nil {
			counted(c.nodes, ok)
		}
		if !ok {
			lost = append(lost, lostDoc(d, c.failPos))
			continue
		}
		d.Value, d.Nodes = v, c.nodes
		docs = append(docs, d)
	}
	return docs, lost, l.Items()
}

// safeDecode turns a panic inside the YAML library into an error.
func safeDecode(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: line 1: the YAML parser failed on this file (%v)", r)
		}
	}()
	return dec.Decode(n)
}

// hasContent reports whether data holds a line that is not blank, a
// comment, or a document marker.
func hasContent(data []byte) bool {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		t := bytes.TrimSpace(line)
		if len(t) > 0 && t[0] != '#' && string(t) != "---" && string(t) != "..." {
			return true
		}
	}
	return false
}

type converter struct {
	doc     *Doc
	lim     Limits
	diags   *diag.List
	nodes   int
	aliases int
	// runLimit is the run's budget of nodes and runLeft what is left of
	// it (Limits.Budget); 0 when there is none
	runLimit, runLeft int
	failed            bool
	failPos           diag.Pos // where the document failed
	free              bool     // converting the value of a free-text key (see freeText)
	boxes             *boxes   // scalars already made values, to share
	// values says convert makes the JSON-shaped value; without it convert
	// only checks and counts the nodes (ParseTree), and returns nil
	values bool
	// quiet is a build of a value from a tree already read (Doc.JSON, the
	// schema check): nothing is reported, marked or limited again
	quiet bool
}

func (c *converter) fail(code diag.Code, n *yaml.Node, format string, args ...any) {
	if !c.failed {
		c.failPos = c.doc.Pos(n)
		c.diags.Addf(code, c.failPos, format, args...)
	}
	c.failed = true
}

// convert maps a node onto a JSON-shaped value. It reports duplicate keys,
// unquoted leading-zero numbers, and runaway aliases or nesting.
func (c *converter) convert(n *yaml.Node, depth int) (any, bool) {
	c.nodes++
	if !c.quiet {
		if c.nodes > c.lim.MaxNodes {
			c.fail(CodeAliasBudget, n, "document expands to more than %d nodes", c.lim.MaxNodes)
			return nil, false
		}
		if c.runLimit > 0 && c.nodes > c.runLeft {
			if !c.failed {
				c.failPos = c.doc.Pos(n)
				runOver(c.diags, c.failPos, c.runLimit)
			}
			c.failed = true
			return nil, false
		}
		if depth > c.lim.MaxDepth {
			c.fail(CodeTooDeep, n, "nesting deeper than %d levels", c.lim.MaxDepth)
			return nil, false
		}
	}
	switch n.Kind {
	case yaml.AliasNode:
		c.aliases++
		if !c.quiet && c.aliases > c.lim.MaxAliases {
			c.fail(CodeAliasBudget, n, "document uses more than %d aliases", c.lim.MaxAliases)
			return nil, false
		}
		if n.Alias == nil {
			if !c.quiet {
				c.fail(CodeSyntax, n, "alias *%s has no anchor", n.Value)
			}
			return nil, false
		}
		return c.convert(n.Alias, depth+1)
	case yaml.MappingNode:
		var m map[string]any
		if c.values {
			m = make(map[string]any, len(n.Content)/2)
		}
		var merged []map[string]any
		var first map[string]*yaml.Node // made at the mapping's first duplicate
		var seen map[string]bool        // without values: the keys so far of a large mapping
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				if !c.quiet {
					c.diags.Addf(CodeType, c.doc.Pos(k), "a mapping key must be plain text")
					c.doc.Bad[k] = true
				}
				continue
			}
			if k.Tag == "!!merge" {
				mm, ok := c.merge(v, depth)
				if !ok {
					return nil, false
				}
				merged = append(merged, mm...)
				continue
			}
			if !c.quiet {
				c.checkLeadingZero(k)
				c.checkText(k, false)
			}
			var dup bool
			if c.values {
				_, dup = m[k.Value]
			} else {
				dup = dupKey(n, i, &seen)
			}
			if dup {
				if !c.quiet {
					if first == nil {
						first = firstKeys(n)
					}
					c.diags.Addf(CodeDuplicateKey, c.doc.Pos(k), "key %q is already set at line %d", k.Value, first[k.Value].Line).
						Cite(c.doc.Pos(first[k.Value]), fmt.Sprintf("key %q is already set", k.Value)).About(diag.Subjects{Values: []string{k.Value}})
					c.doc.Bad[k] = true
				}
				continue
			}
			free := c.free
			c.free = freeText(k.Value)
			val, ok := c.convert(v, depth+1)
			c.free = free
			if !ok {
				return nil, false
			}
			if c.values {
				m[k.Value] = val
			}
		}
		for _, mm := range merged {
			for k, v := range mm {
				if _, set := m[k]; !set {
					m[k] = v
				}
			}
		}
		if !c.values {
			return nil, true
		}
		return m, true
	case yaml.SequenceNode:
		var s []any
		if c.values {
			s = make([]any, 0, len(n.Content))
		}
		for _, e := range n.Content {
			v, ok := c.convert(e, depth+1)
			if !ok {
				return nil, false
			}
			if c.values {
				s = append(s, v)
			}
		}
		if !c.values {
			return nil, true
		}
		return s, true
	case yaml.ScalarNode:
		return c.scalar(n), true
	}
	return nil, true
}

// dupKey says whether the key at i of mapping n is a plain key written
// before it (what convert finds in the mapping it builds, when it builds
// none): a look at the keys before it, or in a large mapping at seen, the
// keys so far.
func dupKey(n *yaml.Node, i int, seen *map[string]bool) bool {
	k := n.Content[i].Value
	if len(n.Content) <= 32 {
		for j := 0; j < i; j += 2 {
			if p := n.Content[j]; p.Kind == yaml.ScalarNode && p.Tag != "!!merge" && p.Value == k {
				return true
			}
		}
		return false
	}
	if *seen == nil {
		*seen = make(map[string]bool, len(n.Content)/2)
	}
	if (*seen)[k] {
		return true
	}
	(*seen)[k] = true
	return false
}

// merge resolves the value of a << key into the mappings it names (nil
// mappings without values: only what they are is checked).
func (c *converter) merge(v *yaml.Node, depth int) ([]map[string]any, bool) {
	var srcs []*yaml.Node
	switch v.Kind {
	case yaml.AliasNode:
		srcs = []*yaml.Node{v}
	case yaml.SequenceNode:
		srcs = v.Content
	default:
		if !c.quiet {
			c.fail(CodeMergeKey, v, "<< must be followed by an alias of a mapping")
		}
		return nil, false
	}
	var out []map[string]any
	for _, s := range srcs {
		val, ok := c.convert(s, depth+1)
		if !ok {
			return nil, false
		}
		m, isMap := val.(map[string]any)
		if !c.values {
			isMap = deref(s) != nil && deref(s).Kind == yaml.MappingNode
		}
		if !isMap {
			if !c.quiet {
				c.fail(CodeMergeKey, s, "<< can only merge a mapping")
			}
			return nil, false
		}
		if c.values {
			out = append(out, m)
		}
	}
	return out, true
}

// firstKeys maps each plain key of a mapping to its first occurrence, in
// one pass: a mapping of many repeated keys is read in linear time, not a
// scan for each repeat.
func firstKeys(n *yaml.Node) map[string]*yaml.Node {
	first := make(map[string]*yaml.Node, len(n.Content)/2)
	keyVisits.Add(int64(len(n.Content) / 2))
	for i := 0; i+1 < len(n.Content); i += 2 {
		if c := n.Content[i]; c.Kind == yaml.ScalarNode && c.Tag != "!!merge" {
			if _, seen := first[c.Value]; !seen {
				first[c.Value] = c
			}
		}
	}
	return first
}

// keyVisits counts the keys firstKeys reads (for the tests).
var keyVisits atomic.Int64

// leadingZero says whether n is a number written with a leading zero,
// unquoted: YAML reads 0800 as 800 (or octal), muster as its text.
func leadingZero(n *yaml.Node) bool {
	return n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 &&
		(n.Tag == "!!int" || n.Tag == "!!float") && len(n.Value) > 1 && n.Value[0] == '0' && n.Value[1] >= '0' && n.Value[1] <= '9'
}

func (c *converter) checkLeadingZero(n *yaml.Node) bool {
	if leadingZero(n) {
		d := c.diags.Addf(CodeUnquoted, c.doc.Pos(n), "%s has a leading zero and must be quoted: YAML would read it as the number %s", n.Value, yamlNumber(n))
		d.Hint = fmt.Sprintf("write \"%s\"", n.Value)
		c.doc.Bad[n] = true
		return true
	}
	return false
}

func yamlNumber(n *yaml.Node) string {
	var v any
	if err := n.Decode(&v); err != nil {
		return n.Value
	}
	return fmt.Sprint(v)
}

func (c *converter) scalar(n *yaml.Node) any {
	if !c.quiet {
		if c.checkLeadingZero(n) {
			if !c.values {
				return nil
			}
			return c.boxes.str(n.Value)
		}
		if n.Tag == "!!str" || n.Tag == "!!timestamp" || n.Tag == "!!binary" {
			c.checkText(n, c.free)
		}
	}
	if !c.values {
		return nil
	}
	return scalarValue(n, c.boxes)
}

// scalarValue is the JSON-shaped value of the scalar n (shared through b
// when b is not nil).
func scalarValue(n *yaml.Node, b *boxes) any {
	if leadingZero(n) {
		return b.str(n.Value)
	}
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool":
		switch n.Value { // the common spellings, without a decoder
		case "true":
			return true
		case "false":
			return false
		}
		var b bool
		if n.Decode(&b) == nil {
			return b
		}
	case "!!int", "!!float":
		if n.Tag == "!!int" && plainDecimal(n.Value) {
			if v := n.Value; len(v) <= 18 && v[0] != '+' && v != "-0" {
				return b.num(v) // as FormatInt would write it: 18 digits never overflow
			}
			if i, err := strconv.ParseInt(n.Value, 10, 64); err == nil {
				return json.Number(strconv.FormatInt(i, 10))
			}
		}
		var f float64
		if n.Decode(&f) == nil {
			if n.Tag == "!!int" {
				var i int64
				if n.Decode(&i) == nil {
					return json.Number(strconv.FormatInt(i, 10))
				}
			}
			if s := strconv.FormatFloat(f, 'g', -1, 64); !strings.ContainsAny(s, "NI") {
				return json.Number(s)
			}
		}
	}
	return b.str(n.Value) // !!str, !!timestamp and anything else: the text as typed
}

// JSON is the JSON-shaped value of node n of d (nil for nil): what Parse
// makes of it, built from the tree (a document read by ParseTree has no
// Value).
func (d *Doc) JSON(n *yaml.Node) any {
	if n == nil {
		return nil
	}
	c := converter{doc: d, values: true, quiet: true, boxes: &boxes{}}
	v, _ := c.convert(n, 0)
	return v
}

// plainDecimal reports whether s is an optional sign and decimal digits
// without a leading zero: the integers strconv reads as YAML does.
func plainDecimal(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
