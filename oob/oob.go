// Package oob is the forces model: sides, the formation tree with its
// leaders, units with their counter values, and name resolution as the
// books write names ("74 IL", "Post", "1/1/RW", "1 OH/3/2/RW").
package oob

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/diag"
)

// Value is a counter value or rating: int64, string, bool, or nil when the
// book does not give it.
type Value struct {
	V   any
	Pos diag.Pos
}

// Known reports whether the value is given.
func (v Value) Known() bool { return v.V != nil }

// Int returns the value as an integer.
func (v Value) Int() (int, bool) {
	i, ok := v.V.(int64)
	return int(i), ok
}

// Field is one named value of a counter or leader.
type Field struct {
	Name string
	Value
}

// Values are a counter's values or a leader's ratings, sorted by name. A
// short sorted list is a quarter of the memory of a map and is read in
// order, which matters at a hundred thousand counters.
type Values []Field

// Lookup returns the value of a field and whether it is given.
func (vs Values) Lookup(name string) (Value, bool) {
	for i := range vs {
		if vs[i].Name == name {
			return vs[i].Value, true
		}
	}
	return Value{}, false
}

// Get returns the value of a field, or the zero Value when it is not given.
func (vs Values) Get(name string) Value {
	v, _ := vs.Lookup(name)
	return v
}

// Has reports whether the field is given.
func (vs Values) Has(name string) bool {
	_, ok := vs.Lookup(name)
	return ok
}

// Set gives a field a value, keeping the list sorted.
func (vs *Values) Set(name string, v Value) {
	s := *vs
	// the first field not before name: read from the end in a short list
	// (a counter's few values, set mostly in order), else halved
	i := len(s)
	if i <= 16 {
		for i > 0 && s[i-1].Name >= name {
			i--
		}
	} else {
		i = sort.Search(len(s), func(i int) bool { return s[i].Name >= name })
	}
	switch {
	case i < len(s) && s[i].Name == name:
		s[i].Value = v
		return
	case i == len(s):
		*vs = append(s, Field{name, v})
		return
	}
	s = append(s, Field{})
	copy(s[i+1:], s[i:])
	s[i] = Field{name, v}
	*vs = s
}

// Side is one side of the battle with its forces.
type Side struct {
	ID, Name    string
	Color, Text string
	Pos         diag.Pos // where battle.yaml gives its id
	// Role is what the side is in the rules when its id is not the one
	// they name (battle.yaml's role: USA, the Union; CSA, the
	// Confederacy): a rule that binds one side finds it by id or role.
	Role    string
	Army    *Formation
	TypeArt map[string]*CounterArt // counter art by unit type
}

// Formation is a node of the formation tree.
type Formation struct {
	ID   string // designation part: "1", "RW"; "" for the army
	Name string
	// Role is what the formation is in the rules when its designation is
	// not the one they name (forces `role:`; TSS 21.6 keeps Staging Area 9
	// for 3/I): a rule finds it by its designation or its role.
	Role     string
	Level    string
	Side     string
	Parent   *Formation
	Children []*Formation
	Units    []*Unit
	Leader   *Leader
	// LedBy is the leader of a formation above this one who leads it too
	// (forces `led_by:`; Dead of Winter BB 4.43: Walker leads his division
	// and its only brigade with one counter). Leader is then nil.
	LedBy    *Leader
	Officers []*Leader
	Art      *CounterArt // for its units and formations that name none
	Pos      diag.Pos
	Source   string
	Note     string
	// Morale is the formation's morale track (Summer Storm 11.2.1), when
	// the forces give one (`morale:`).
	Morale *Track
	// designation is Designation's, once KeepDesignation has kept it
	designation string
	designated  bool
}

// Track is a formation's morale track: its figures (dmf, amf, shaken,
// start) as the forces give them, and where.
type Track struct {
	Values Values
	Pos    diag.Pos
}

// Designation is the formation's path below the army, bottom up: "1/1/RW".
func (f *Formation) Designation() string {
	if f.designated {
		return f.designation
	}
	var parts []string
	for x := f; x != nil && x.Parent != nil; x = x.Parent {
		parts = append(parts, x.ID)
	}
	return strings.Join(parts, "/")
}

// KeepDesignation works out the formation's designation once, for
// Designation to return: the loader calls it as it makes a formation,
// whose id and place in the tree are then fixed (its parent's designation
// already kept), so the checks and the build, which ask for designations
// of thousands of formations, do not join them again every time.
func (f *Formation) KeepDesignation() {
	switch {
	case f.Parent == nil:
		f.designation = ""
	case f.Parent.Parent == nil:
		f.designation = f.ID
	default:
		f.designation = f.ID + "/" + f.Parent.Designation()
	}
	f.designated = true
}

// Label names the formation for messages.
func (f *Formation) Label() string {
	if d := f.Designation(); d != "" {
		return d
	}
	if f.Name != "" {
		return f.Name
	}
	return f.Level
}

// Chain returns the formation and its ancestors, bottom up.
func (f *Formation) Chain() []*Formation {
	var out []*Formation
	for x := f; x != nil; x = x.Parent {
		out = append(out, x)
	}
	return out
}

// Walk visits f and every formation below it, depth first, in order.
func (f *Formation) Walk(fn func(*Formation)) {
	fn(f)
	for _, c := range f.Children {
		c.Walk(fn)
	}
}

// AllUnits returns every unit in and below f.
func (f *Formation) AllUnits() []*Unit {
	var out []*Unit
	f.Walk(func(x *Formation) { out = append(out, x.Units...) })
	return out
}

// AllLeaders returns every leader in and below f, and the leader of a
// formation above who leads f or one below it too (led_by).
func (f *Formation) AllLeaders() []*Leader {
	var out []*Leader
	f.Walk(func(x *Formation) {
		if x.Leader != nil {
			out = append(out, x.Leader)
		}
		if l := x.LedBy; l != nil && !l.Formation.Within(f) {
			out = append(out, l)
		}
		out = append(out, x.Officers...)
	})
	return out
}

// AtLevel is the formation at level that holds f (f itself, or one above
// it), nil when none does.
func (f *Formation) AtLevel(level string) *Formation {
	for x := f; x != nil; x = x.Parent {
		if x.Level == level {
			return x
		}
	}
	return nil
}

// Within reports whether f is g or below it.
func (f *Formation) Within(g *Formation) bool {
	for x := f; x != nil; x = x.Parent {
		if x == g {
			return true
		}
	}
	return false
}

// Unit is a combat unit counter.
type Unit struct {
	// Index numbers the battle's units from 0 in the order they were read,
	// so later stages can keep per-unit tables in slices.
	Index     int
	Name      string
	Type      string
	Side      string
	Formation *Formation
	Values    Values
	Faces     map[string]Values
	Art       *CounterArt // its own counter art; Side.ArtOf finds what it shows
	Pos       diag.Pos
	// Was is the unit's name in the release before, forces' was: ("59
	// IL", or qualified, "59 IL/1/1/RW"): its pieces keep their ids.
	Was    string
	Source string
	Note   string
}

// QualifiedName is "74 IL/1/1/RW".
func (u *Unit) QualifiedName() string {
	if d := u.Formation.Designation(); d != "" {
		return u.Name + "/" + d
	}
	return u.Name
}

// Leader is a leader counter (or card).
type Leader struct {
	// Index numbers the battle's leaders (replacements included) from 0 in
	// the order they were read.
	Index     int
	Name      string
	Rank      any
	Side      string
	Formation *Formation
	Officer   bool // one of the formation's further officers, not its commander
	// Leads lists the formations below his own that he leads as well, with
	// the same counter (their led_by).
	Leads []*Formation
	// Spare: a leader with no command of his own (forces `spares:`; 3DoG BB
	// 4.42: Trimble), kept among his formation's officers.
	Spare bool
	// From is the first turn his counter is in play (`from:`, as "Jul 2
	// 0500"; 3DoG BB 4.41: Warren), With the leader he is placed with then;
	// "" when not given.
	From, With       string
	FromPos, WithPos diag.Pos
	// Counters are his further counters, each replacing the one before from
	// its turn on (3DoG BB 4.44: A.P. Hill's -1 counter from 1 July 1800).
	Counters    []Counter
	Ratings     Values
	Replacement *Leader
	// Was is the leader's name in the release before (forces' was:).
	Was    string
	Pos    diag.Pos
	Source string
	Note   string

	// Historical designates the formation the leader historically
	// commanded (TSS 27.0: a replacement pool brigadier's "1/1/I"), as the
	// forces' `historical:` gives it; HistoricalPos is where.
	Historical    string
	HistoricalPos diag.Pos
}

// Counter is one of a leader's further counters: its name, the turn from
// which it replaces the counter before it, and its ratings.
type Counter struct {
	Name    string
	From    string
	Ratings Values
	Pos     diag.Pos
	FromPos diag.Pos
}

// QualifiedName is "Post/1/1/RW".
func (l *Leader) QualifiedName() string {
	if d := l.Formation.Designation(); d != "" {
		return l.Name + "/" + d
	}
	return l.Name
}

// Ref is what a name in a scenario resolves to.
type Ref struct {
	Unit      *Unit
	Leader    *Leader
	Formation *Formation
	// Less is, for a formation printed "minus" some of its parts
	// ("4/Heth/III (minus 11Miss)", "Pender's Division (w/o
	// Artillery)"), the parts it stands without.
	Less *Less
}

// Less lists the units, leaders and formations within a formation that a
// reference to it leaves out.
type Less struct{ Parts []Ref }

// drops reports the units and leaders the parts of l stand for.
func (l *Less) drops() (map[*Unit]bool, map[*Leader]bool) {
	us, ls := map[*Unit]bool{}, map[*Leader]bool{}
	for _, p := range l.Parts {
		for _, u := range p.Units() {
			us[u] = true
		}
		for _, x := range p.Leaders() {
			ls[x] = true
		}
	}
	return us, ls
}

// Subjects is what a finding about the ref names: its unit, leader or
// formation.
func (r Ref) Subjects() diag.Subjects {
	switch {
	case r.Unit != nil:
		return diag.Subjects{Units: []string{r.Unit.QualifiedName()}}
	case r.Leader != nil:
		return diag.Subjects{Leaders: []string{r.Leader.QualifiedName()}}
	case r.Formation != nil:
		return diag.Subjects{Formations: []string{r.Formation.Label()}}
	}
	return diag.Subjects{}
}

// Name is the ref's fully qualified name.
func (r Ref) Name() string {
	switch {
	case r.Unit != nil:
		return r.Unit.QualifiedName()
	case r.Leader != nil:
		return r.Leader.QualifiedName()
	case r.Formation != nil && r.Less != nil:
		var parts []string
		for _, p := range r.Less.Parts {
			parts = append(parts, p.Name())
		}
		return r.Formation.Label() + " less " + strings.Join(parts, ", ")
	case r.Formation != nil:
		return r.Formation.Label()
	}
	return ""
}

// Units returns the units the ref stands for: the unit, or every unit of
// the formation.
func (r Ref) Units() []*Unit {
	switch {
	case r.Unit != nil:
		return []*Unit{r.Unit}
	case r.Formation != nil && r.Less != nil:
		drop, _ := r.Less.drops()
		return without(r.Formation.AllUnits(), drop)
	case r.Formation != nil:
		return r.Formation.AllUnits()
	}
	return nil
}

// without is all but those drop holds, in order.
func without[T comparable](all []T, drop map[T]bool) []T {
	var out []T
	for _, x := range all {
		if !drop[x] {
			out = append(out, x)
		}
	}
	return out
}

// Leaders returns the leaders the ref stands for.
func (r Ref) Leaders() []*Leader {
	switch {
	case r.Leader != nil:
		return []*Leader{r.Leader}
	case r.Formation != nil && r.Less != nil:
		_, drop := r.Less.drops()
		return without(r.Formation.AllLeaders(), drop)
	case r.Formation != nil:
		return r.Formation.AllLeaders()
	}
	return nil
}

// Index resolves names on one side.
type Index struct {
	units      map[string][]*Unit
	leaders    map[string][]*Leader
	formations map[string]*Formation
	roles      map[string]*Formation
	names      []string // every plain name, for suggestions
	aliases    []alias  // the side's printing, read as its names (Alias)
	// byFirst are the aliases by the first word printed, each in the
	// order of aliases: unalias tries at a word only those it begins
	byFirst map[string][]alias
	byID    map[string][]*Formation
	// leaderWords are the side's words for the leader of the formation
	// printed before them, by their folded text: the face they set him on
	leaderWords map[string]string
	byName      map[string][]*Formation // by the name the order of battle gives ("Pender's Division")
}

// NewIndex indexes a side's army.
func NewIndex(army *Formation) *Index {
	if army == nil {
		return &Index{units: map[string][]*Unit{}, leaders: map[string][]*Leader{}, formations: map[string]*Formation{}, roles: map[string]*Formation{}, byID: map[string][]*Formation{}, byName: map[string][]*Formation{}}
	}
	// the maps made at the size they reach, and each name's first unit and
	// leader given from one list, not a slice of its own
	var nf, nu, nl int
	army.Walk(func(f *Formation) {
		nf++
		nu += len(f.Units)
		nl += len(f.Officers)
		if f.Leader != nil {
			nl++
		}
	})
	ix := &Index{units: make(map[string][]*Unit, nu), leaders: make(map[string][]*Leader, nl), formations: make(map[string]*Formation, nf), roles: map[string]*Formation{}, byID: map[string][]*Formation{}, byName: make(map[string][]*Formation, nf)}
	units, leaders := make([]*Unit, nu), make([]*Leader, nl)
	addLeader := func(l *Leader) {
		if had := ix.leaders[l.Name]; had != nil {
			ix.leaders[l.Name] = append(had, l)
			return
		}
		leaders[0] = l
		ix.leaders[l.Name] = leaders[:1:1]
		leaders = leaders[1:]
	}
	army.Walk(func(f *Formation) {
		if d := f.Designation(); d != "" {
			ix.formations[d] = f
			ix.byID[f.ID] = append(ix.byID[f.ID], f)
		}
		if f.Name != "" {
			ix.byName[f.Name] = append(ix.byName[f.Name], f)
		}
		if f.Role != "" && ix.roles[f.Role] == nil {
			ix.roles[f.Role] = f
		}
		for _, u := range f.Units {
			if had := ix.units[u.Name]; had != nil {
				ix.units[u.Name] = append(had, u)
				continue
			}
			units[0] = u
			ix.units[u.Name] = units[:1:1]
			units = units[1:]
		}
		if f.Leader != nil {
			addLeader(f.Leader)
		}
		for _, l := range f.Officers {
			addLeader(l)
		}
	})
	return ix
}

// Formation finds a formation by designation.
func (ix *Index) Formation(d string) *Formation { return ix.formations[d] }

// Named finds the formation a rule names: the one that declares it as its
// role, else the one it designates.
func (ix *Index) Named(name string) *Formation {
	if f := ix.roles[name]; f != nil {
		return f
	}
	return ix.formations[name]
}

// Names lists every name the index knows, sorted (made when first asked
// for: only suggestions need it).
func (ix *Index) Names() []string {
	if ix.names == nil {
		seen := map[string]bool{}
		for _, m := range []map[string]bool{keysOf(ix.units), keysOf(ix.leaders), keysOf(ix.formations)} {
			for n := range m {
				if !seen[n] {
					seen[n] = true
					ix.names = append(ix.names, n)
				}
			}
		}
		sort.Strings(ix.names)
	}
	return ix.names
}

func keysOf[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// qualifies reports whether q names f's designation or its lower part:
// "1/1/RW", "1/1" and "1" all qualify 1/1/RW.
func qualifies(q string, f *Formation) bool {
	d := f.Designation()
	return d == q || strings.HasPrefix(d, q+"/")
}

// qualifiesAny reports whether q qualifies one of fs.
func qualifiesAny(q string, fs []*Formation) bool {
	for _, f := range fs {
		if qualifies(q, f) {
			return true
		}
	}
	return false
}

// One is what name means when Resolve finds one thing for it, without
// making the list: false when Resolve finds none or several (ask it then).
func (ix *Index) One(name string) (Ref, bool) {
	us, ls, f := ix.units[name], ix.leaders[name], ix.formations[name]
	switch {
	case len(us) == 1 && len(ls) == 0 && f == nil:
		return Ref{Unit: us[0]}, true
	case len(us) == 0 && len(ls) == 1 && f == nil:
		return Ref{Leader: ls[0]}, true
	case len(us) == 0 && len(ls) == 0 && f != nil:
		return Ref{Formation: f}, true
	}
	return Ref{}, false
}

// Resolve returns every thing name may mean. One result is a match; none
// is an unknown name; several make the name ambiguous.
func (ix *Index) Resolve(name string) []Ref {
	var out []Ref
	// each thing once: found by name, a unit, leader or formation is in
	// the index once (a list of a few to read again); by the parts of a
	// qualified name, several splits may find it (a set)
	var seen map[any]bool
	had := func(x any) bool {
		if seen != nil {
			return seen[x]
		}
		for _, r := range out {
			if (r.Unit != nil && any(r.Unit) == x) || (r.Leader != nil && any(r.Leader) == x) {
				return true
			}
		}
		return false
	}
	addU := func(u *Unit) {
		if !had(u) {
			if seen != nil {
				seen[u] = true
			}
			out = append(out, Ref{Unit: u})
		}
	}
	addL := func(l *Leader) {
		if !had(l) {
			if seen != nil {
				seen[l] = true
			}
			out = append(out, Ref{Leader: l})
		}
	}
	for _, u := range ix.units[name] {
		addU(u)
	}
	for _, l := range ix.leaders[name] {
		addL(l)
	}
	if f := ix.formations[name]; f != nil {
		out = append(out, Ref{Formation: f})
	}
	if len(out) > 0 {
		return out
	}
	seen = map[any]bool{}
	// A qualified name: try each '/' as the split between name and qualifier,
	// since unit names may hold a slash themselves ("6/7 Ark").
	for i := 0; i < len(name); i++ {
		if name[i] != '/' {
			continue
		}
		base, q := name[:i], name[i+1:]
		for _, u := range ix.units[base] {
			if qualifies(q, u.Formation) {
				addU(u)
			}
		}
		for _, l := range ix.leaders[base] {
			if qualifies(q, l.Formation) || qualifiesAny(q, l.Leads) {
				addL(l)
			}
		}
	}
	return out
}

// Alias says that a side's printing writes Printed for Means: a word or
// words of a name ("Artillery" for "Bty", "AK" for "Ark", "BN SS" for
// "SS Bn") or a whole part of a formation path ("Center" for "C"), as the
// battle's forces declare them (`aliases:`).
func (ix *Index) Alias(printed, means string) {
	w := strings.Fields(printed)
	if len(w) == 0 {
		return
	}
	a := alias{printed: w, means: strings.Fields(means)}
	ix.aliases = append(ix.aliases, a)
	// the longer printed first, so "BN SS" is read before "BN"
	longer := func(as []alias) func(i, j int) bool {
		return func(i, j int) bool { return len(as[i].printed) > len(as[j].printed) }
	}
	sort.SliceStable(ix.aliases, longer(ix.aliases))
	if ix.byFirst == nil {
		ix.byFirst = map[string][]alias{}
	}
	b := append(ix.byFirst[w[0]], a)
	sort.SliceStable(b, longer(b))
	ix.byFirst[w[0]] = b
}

type alias struct{ printed, means []string }

// LeaderWords says that the side's book prints words for the leader of
// the formation it names just before them, and the face they set him up
// on ("1/2/RW, repl leader": 1/2/RW's leader on his replacement face), as
// the battle's forces declare them (`leader_words:`). The words are
// matched whatever their case and spacing ("Repl Leader").
func (ix *Index) LeaderWords(printed, face string) {
	k := foldWords(printed)
	if k == "" {
		return
	}
	if ix.leaderWords == nil {
		ix.leaderWords = map[string]string{}
	}
	ix.leaderWords[k] = face
}

// LeaderFace reports whether name is words the side's book prints for the
// leader of the formation before them (LeaderWords), and the face they
// give him. A name of the order of battle is never such words.
func (ix *Index) LeaderFace(name string) (string, bool) {
	if len(ix.leaderWords) == 0 {
		return "", false
	}
	face, ok := ix.leaderWords[foldWords(name)]
	if !ok || len(ix.Resolve(name)) > 0 {
		return "", false
	}
	return face, true
}

func foldWords(s string) string {
	if folded(s) {
		return s
	}
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// folded reports whether foldWords leaves s as it is: ASCII without a
// capital, its words apart by one space, none before or after.
func folded(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf, c >= 'A' && c <= 'Z', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && s[i+1] == ' ':
			return false
		}
	}
	return true
}

// unalias lays the side's aliases on s, word by word from the left, and
// reports whether any applied. With renames, an alias that only adds words
// to what is printed ("Swett" for "Swett Bty") is left out, so that a name
// printed with another of its words abbreviated ("Swett Artillery") reads
// as well as one printed short.
func (ix *Index) unalias(s string, renames bool) (string, bool) {
	if len(ix.aliases) == 0 || !ix.mayUnalias(s) {
		return s, false
	}
	words := strings.Fields(s)
	var out []string
	changed := false
	for i := 0; i < len(words); {
		hit := false
		for _, a := range ix.byFirst[words[i]] {
			if renames && len(a.means) > len(a.printed) && equalWords(a.means[:len(a.printed)], a.printed) {
				continue
			}
			if i+len(a.printed) <= len(words) && equalWords(words[i:i+len(a.printed)], a.printed) {
				out = append(out, a.means...)
				i += len(a.printed)
				hit, changed = true, true
				break
			}
		}
		if !hit {
			out = append(out, words[i])
			i++
		}
	}
	return strings.Join(out, " "), changed
}

// mayUnalias reports whether a word of s begins an alias: else no alias
// applies, and s is not split and joined again (most names hold none).
func (ix *Index) mayUnalias(s string) bool {
	for w := range strings.FieldsSeq(s) {
		if len(ix.byFirst[w]) > 0 {
			return true
		}
	}
	return false
}

func equalWords(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Printed is one reading of a name as a book prints it: the unit or
// leader its name part names (the side's aliases laid on), and the
// formation path printed after the name, part by part as printed and as
// the aliases read it.
type Printed struct {
	Ref     Ref
	Path    []string // as the aliases read each part
	Printed []string // each part as printed
}

// ReadPrinted reads name as a book prints a unit or leader: a name, the
// side's aliases laid on its words, then a formation path of any parts
// ("Moses Bty/1/2/H", "L 2 KY Cav/3/RW", "9 MI/Provost/C"), or the path
// in parentheses after it ("114Penn (1/1/III)"). It returns a
// reading for every unit, leader and formation (by its own part of the
// designation, "Heth/II") the name part may be, each with the
// path as printed; whether the path fits is for the caller to judge (a
// scenario's attachments count). Resolve is tried first: ReadPrinted is
// for the names it does not know.
func (ix *Index) ReadPrinted(name string) []Printed {
	var out []Printed
	seen := map[any]bool{}
	try := func(base string, path []string) {
		bases := []string{base}
		for _, only := range []bool{false, true} {
			if b, ok := ix.unalias(base, only); ok {
				bases = append(bases, b)
			}
		}
		var parts []string
		for _, p := range path {
			if q, ok := ix.unalias(p, false); ok {
				p = q
			}
			parts = append(parts, p)
		}
		for i, b := range bases {
			// a formation by its own part of the designation, its path
			// the parts above it ("Heth/II" for Heth/III)
			for _, f := range ix.byID[b] {
				if !seen[f] && len(path) > 0 {
					seen[f] = true
					out = append(out, Printed{Ref: Ref{Formation: f}, Path: parts, Printed: path})
				}
			}
			// a formation by the name the order of battle gives it
			// ("Pender's Division", "Carter's Artillery (II)"), or by the
			// designation an alias gives ("XII Corps": XII)
			named := ix.byName[b]
			if f := ix.formations[b]; f != nil && i > 0 {
				named = append(named, f)
			}
			for _, f := range named {
				if !seen[f] {
					seen[f] = true
					out = append(out, Printed{Ref: Ref{Formation: f}, Path: parts, Printed: path})
				}
			}
			for _, u := range ix.units[b] {
				if !seen[u] {
					seen[u] = true
					out = append(out, Printed{Ref: Ref{Unit: u}, Path: parts, Printed: path})
				}
			}
			for _, l := range ix.leaders[b] {
				if !seen[l] {
					seen[l] = true
					out = append(out, Printed{Ref: Ref{Leader: l}, Path: parts, Printed: path})
				}
			}
		}
	}
	// a path printed in parentheses after the name: "114Penn (1/1/III)"
	if j := strings.LastIndex(name, " ("); j > 0 && strings.HasSuffix(name, ")") {
		try(name[:j], strings.Split(name[j+2:len(name)-1], "/"))
	}
	// the longest name part first: a name may hold a slash ("6/7 Ark")
	for i := len(name); i > 0; i-- {
		if i < len(name) && name[i] != '/' {
			continue
		}
		var path []string
		if i < len(name) {
			path = strings.Split(name[i+1:], "/")
		}
		try(name[:i], path)
	}
	return out
}
