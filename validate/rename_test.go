package validate_test

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/internal/checktest"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
	"go.yaml.in/yaml/v3"
)

// TestRenamedIDs renames the ids a designer chooses in every example (and
// each of its variants) and every validate/testdata case, and wants the
// same diagnostics: the same codes on the same lines, with the same
// messages once the new names are read as the old. No rule may depend on
// a name the designer picks (TSS 21.6 finds Staging Area 9 by its role,
// not by the key "9", and 3/I by its role or designation; AMFS O the Union
// by its role, not its id). Renamed: the keys of a map's areas, and every
// `area:` that names one (arrivals, a battle's own rules); the sides' ids,
// each declaring the old id as its role, and every place that names one;
// every formation's id, in the forces and in every designation that holds
// it (set-ups, arrivals, attachments, activation and efficiency keys, a
// forces file's parent:, a battle's own rules), a formation a ruleset
// names (3/I, and I above it) declaring its old designation as its role;
// every unit's and leader's name, in the forces and in every reference
// that gives it ("Post", "1 OH/2/1/RW", "Stanley/Cav" in Dead of Winter's
// command links, a leader's with: and led_by:), and in a battle read as
// printed every name and path as the book prints them ("Moses
// Artillery/1/2/H" as "Ж Moses Artillery/Q1/Q2/QH") with the aliases'
// values that stand for formations ("Center": "QC"), each part of a
// formation printed less some ("4/Heth/III (minus 11Miss)" as
// "Q4/QHeth/QIII (minus Ж 11Miss)") and each name of a list printed as one
// ("I, 1NY and G, 4US Batteries (XI)"), the printed words kept; a leader
// whose heading misplaces his name's apostrophe (N051) keeps his name.
func TestRenamedIDs(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	if len(dirs) == 0 {
		t.Fatal("no examples found")
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		files := map[string][]byte{}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			data, err := os.ReadFile(path)
			files[filepath.ToSlash(rel)] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range append([]string{""}, variantNames(t, dir)...) {
			t.Run(filepath.Base(dir)+"/"+v, func(t *testing.T) { sameRenamed(t, files, v) })
		}
		// The trip scenarios, read with the battle as TestExamples reads them.
		if b, i := string(files["battle.yaml"]), strings.Index(string(files["battle.yaml"]), "\nfiles: ["); files["trip.yaml"] != nil && i >= 0 {
			trip := maps.Clone(files)
			trip["battle.yaml"] = []byte(b[:i] + "\nfiles: [trip.yaml, " + b[i+len("\nfiles: ["):])
			t.Run(filepath.Base(dir)+"/trip", func(t *testing.T) { sameRenamed(t, trip, "") })
		}
	}
	cases, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			files, _ := checktest.Files(t, path, caseBase(name))
			v := strings.TrimSpace(string(files["VARIANT"]))
			sameRenamed(t, files, v)
		})
	}
}

// sameRenamed checks a battle's files and their renaming give the same
// diagnostics.
func sameRenamed(t *testing.T, files map[string][]byte, variant string) {
	t.Helper()
	renamed, back, moved := renameIDs(files)
	if len(back) == 0 {
		return
	}
	want := renamedRun(files, variant, nil, nil)
	got := renamedRun(renamed, variant, back, moved)
	if !slices.Equal(got, want) {
		t.Errorf("renaming %v changes the diagnostics:\n%s", back, diff(want, got))
	}
}

// rulesetFormations are the designations the rulesets' figures name (TSS
// 21.6 keeps Staging Area 9 for 3/I, of I Corps).
func rulesetFormations() map[string]bool {
	out := map[string]bool{}
	for _, sys := range rulesets.Systems() {
		r, err := rulesets.Series(sys)
		if err != nil {
			continue
		}
		for _, a := range r.Figures.Entry.Areas {
			for _, f := range a.Formations {
				for f != "" {
					out[f] = true // and the formations above it: I for 3/I
					_, f, _ = strings.Cut(f, "/")
				}
			}
		}
	}
	return out
}

// renamedRun loads and checks the battle in files, and lists its
// diagnostics as code, file, line and message, with the new names in
// back read as the old, and each line of a file in moved read as the line
// it was before lines were put in.
func renamedRun(files map[string][]byte, variant string, back map[string]string, moved map[string]map[int]int) []string {
	fsys := fstest.MapFS{}
	for n, data := range files {
		fsys[n] = &fstest.MapFile{Data: data}
	}
	b, ds := battle.Load(fsys, ".", battle.Options{Variant: variant})
	if b != nil && b.Rules != nil {
		ds = append(ds, validate.Battle(b)...)
	}
	var out []string
	for _, d := range ds {
		msg := atColumn.ReplaceAllString(d.Message, "$1") // a place cited in the message, by line
		msg = atLine.ReplaceAllStringFunc(msg, func(at string) string {
			f, l, _ := strings.Cut(at, ".yaml:")
			n, _ := strconv.Atoi(l)
			if o, ok := moved[path.Base(f)+".yaml"][n]; ok {
				n = o
			}
			return fmt.Sprintf("%s.yaml:%d", f, n)
		})
		line := d.Pos.Line
		if o, ok := moved[d.Pos.File][line]; ok {
			line = o
		}
		for n, old := range back {
			msg = strings.ReplaceAll(msg, n, old)
		}
		out = append(out, fmt.Sprintf("%s %s:%d %s %s", d.Code, d.Pos.File, line, d.Severity, msg))
	}
	slices.Sort(out)
	return out
}

// notFormation are the keys whose values never name a formation (a map
// sheet may share a formation's id: Dead of Winter's C).
var notFormation = map[string]bool{"name": true, "note": true, "source": true, "rule": true, "title": true,
	"sheet": true, "sheets": true, "hex": true, "hexes": true, "time": true, "from": true, "until": true,
	"area": true, "side": true, "sides": true, "first": true, "days": true, "terrain": true, "level": true,
	"type": true, "kind": true, "system": true, "face": true, "orders": true, "variants": true, "variant": true,
	"letter": true, "weapon": true, "guns": true, "group": true, "profile": true}

// The printed forms battle reads (less.go): a formation less some parts,
// and a list printed as one, to rename them as they are read.
var (
	lessForm  = battle.PrintedForms.Less
	lessSplit = battle.PrintedForms.LessSplit
	listTail  = battle.PrintedForms.ListTail
	listSep   = battle.PrintedForms.ListSep
)

var (
	atColumn = regexp.MustCompile(`(\.yaml:[0-9]+):[0-9]+`)
	atLine   = regexp.MustCompile(`[^\s:]*\.yaml:[0-9]+`)
)

// renameIDs gives every area key of a map a new name, and every `area:`
// value that names one; every side a new id, declaring the old one as its
// role (what the rules name it by), with every key, `side:` and `sides:`
// item that names it; every formation id ("1" as Q1), and every unit and
// leader name ("Post" as "Ж Post"), wherever a reference gives them. Each
// file keeps its lines but for a formation's role put in on a line of its
// own, which moved reads back (new line to old); back maps the new names
// to the old.
func renameIDs(files map[string][]byte) (map[string][]byte, map[string]string, map[string]map[int]int) {
	type edit struct {
		line, col int
		to        string // the new text, %s the old name
		plain     string // the scalar as written, when it may hold spaces
	}
	docs := map[string][]*schema.Doc{}
	areas, sides := map[string]string{}, map[string]string{}
	// Formation ids, each string renamed wherever it stands in a
	// designation ("1/1/RW", "1 OH/2/1/RW", "Stanley/Cav"): designations
	// holds every formation's full designation and each of its leading
	// parts (as a reference may give "1 OH/1/2"), top the ids of the
	// formations directly under an army, which a reference may give alone.
	forms := map[string]string{}
	designations, top := map[string]bool{}, map[string]bool{}
	// A formation a ruleset names (TSS 21.6's 3/I) declares its old
	// designation as its role, as a renamed side does: on its id's line
	// in a flow mapping, on a line put in after it in a block one.
	named := rulesetFormations()
	type roleAt struct {
		id   *schema.Node
		key  *schema.Node
		flow bool
		role string
	}
	roles := map[string][]roleAt{} // by file
	var file string
	// Unit and leader names, each renamed wherever a reference gives it
	// ("Post", "1 OH/2/1/RW", "Stanley/Cav"); nameNodes are the forces'
	// own name: nodes of units and leaders.
	// A battle whose forces declare aliases: reads its set-ups' names as
	// the book prints them, paths and all (R012 judges each part against
	// the order of battle). Its names are renamed as muster reads them
	// (printedName): a name read as printed keeps its printing with the
	// new name's mark before it, and each formation id of its path is
	// renamed; an alias's value that stands for a formation is renamed,
	// its key (the book's printing) never.
	printed := false
	for f, data := range files {
		if strings.HasSuffix(f, ".yaml") && regexp.MustCompile(`(?m)^aliases:`).Match(data) {
			printed = true
		}
	}
	// The sides' indexes, which read a name as printed (printedName).
	var indexes []*oob.Index
	if printed {
		fsys := fstest.MapFS{}
		for n, data := range files {
			fsys[n] = &fstest.MapFile{Data: data}
		}
		if b, _ := battle.Load(fsys, ".", battle.Options{}); b != nil {
			for _, sd := range b.Sides {
				if ix := b.Index(sd.ID); ix != nil {
					indexes = append(indexes, ix)
				}
			}
		}
	}
	names := map[string]string{}
	nameNodes := map[*schema.Node]bool{}
	nameOf := func(n *schema.Node) {
		if nm := schema.Get(n, "name"); nm != nil && nm.Kind == yaml.ScalarNode && nm.Value != "" && strconv.Quote(nm.Value) == `"`+nm.Value+`"` {
			// a word of its own, so that "III HQ" keeps its Roman numeral
			names[nm.Value] = "Ж " + nm.Value
			nameNodes[nm] = true
		}
	}
	// A leader whose formation's heading misplaces the apostrophe of his
	// name ("Hay's Brigade" led by Hays, what N051 notes) keeps his name:
	// the heading is the book's printing, kept as an alias's key is, and
	// N051 compares the two, so a mark on the leader's name alone would
	// part them and hide what N051 finds. A heading that spells the
	// possessive right ("Davis' Division") leaves its leader renamed.
	keep := map[string]bool{}
	// aliasTo is each alias's value by its key (the book's printing)
	aliasTo := map[string]string{}
	var walkForces func(n *schema.Node, parent string)
	walkForces = func(n *schema.Node, parent string) {
		if l := schema.Get(n, "leader"); l != nil {
			word, _, _ := strings.Cut(schema.Str(schema.Get(n, "name")), " ")
			ln := schema.Str(schema.Get(l, "name"))
			sur, _, _ := strings.Cut(ln, ",")
			right := slices.Contains([]string{sur + "'", sur + "'s", sur + "’", sur + "’s"}, word)
			if strings.ContainsAny(word, "'’") && strings.NewReplacer("'", "", "’", "").Replace(word) == sur && !right {
				keep[ln] = true
			}
		}
		for _, u := range schema.Items(schema.Get(n, "units")) {
			nameOf(u)
		}
		for _, k := range []string{"leader"} {
			if l := schema.Get(n, k); l != nil {
				nameOf(l)
			}
		}
		for _, k := range []string{"officers", "spares"} {
			for _, l := range schema.Items(schema.Get(n, k)) {
				nameOf(l)
			}
		}
		for _, f := range schema.Items(schema.Get(n, "formations")) {
			id := schema.Get(f, "id")
			if id == nil || id.Kind != yaml.ScalarNode {
				continue
			}
			forms[id.Value] = "Q" + id.Value
			d := id.Value
			if parent == "" {
				top[d] = true
			} else {
				d += "/" + parent
			}
			if named[d] && schema.Get(f, "role") == nil {
				roles[file] = append(roles[file], roleAt{id, schema.Key(f, "id"), f.Style&yaml.FlowStyle != 0, d})
			}
			segs := strings.Split(d, "/")
			for i := 1; i <= len(segs); i++ {
				designations[strings.Join(segs[:i], "/")] = true
			}
			walkForces(f, d)
		}
	}
	for f, data := range files {
		if !strings.HasSuffix(f, ".yaml") {
			continue
		}
		ds, _ := schema.Parse(f, data, schema.DefaultLimits)
		docs[f] = ds
		file = f
		for _, d := range ds {
			switch schema.Str(schema.Get(d.Root, "kind")) {
			case "map":
				keys, _ := schema.Pairs(schema.Get(d.Root, "areas"))
				for _, k := range keys {
					if _, ok := areas[k.Value]; !ok {
						areas[k.Value] = fmt.Sprintf("Renamed%dArea", len(areas)+1)
					}
				}
			case "battle":
				for _, sn := range schema.Items(schema.Get(d.Root, "sides")) {
					if id := schema.Get(sn, "id"); id != nil && sn.Style&yaml.FlowStyle != 0 && schema.Get(sn, "role") == nil {
						sides[id.Value] = fmt.Sprintf("Renamed%dSide", len(sides)+1)
					}
				}
			case "forces":
				keys, vals := schema.Pairs(schema.Get(d.Root, "aliases"))
				for i, k := range keys {
					aliasTo[k.Value] = schema.Str(vals[i])
				}
				if army := schema.Get(d.Root, "army"); army != nil {
					walkForces(army, "")
				} else if p := schema.Str(schema.Get(d.Root, "parent")); p == "army" {
					walkForces(d.Root, "")
				} else if p != "" {
					walkForces(d.Root, p)
				}
			}
		}
	}
	for n := range nameNodes {
		if keep[n.Value] {
			delete(nameNodes, n)
			delete(names, n.Value)
		}
	}
	// designation renames the formation ids of a reference: all of it when
	// it is a designation, all but its first part (a unit's or leader's
	// name) when the rest is one; "" when it names no formation.
	designation := func(v string) string {
		if names[v] != "" && !top[v] {
			return names[v] // a name may hold a slash: 6/7 Ark
		}
		segs := strings.Split(v, "/")
		from := -1
		switch {
		case len(segs) == 1 && top[v]:
			from = 0
		case len(segs) > 1 && designations[v]:
			from = 0
		default:
			for k := 1; k < len(segs) && from < 0; k++ {
				if n := strings.Join(segs[:k], "/"); designations[strings.Join(segs[k:], "/")] && (k == 1 || names[n] != "") {
					from = k
					if names[n] != "" {
						segs = append([]string{names[n]}, segs[k:]...)
						from = 1
					}
				}
			}
		}
		if from < 0 {
			return ""
		}
		for i := from; i < len(segs); i++ {
			segs[i] = forms[segs[i]]
		}
		return strings.Join(segs, "/")
	}
	// printedName renames a name read as printed: the name part, as
	// printed, with the new name's mark before it ("Ж Moses Artillery",
	// which the aliases read as Ж Moses Bty), and each part of its path
	// that is a formation id as printed (an alias printed for one, "Center"
	// for C, stays: its value is renamed); "" when no side reads v so.
	printedBack := map[string]string{}
	printedName := func(v string) string {
		for _, ix := range indexes {
			if len(ix.Resolve(v)) > 0 {
				return ""
			}
		}
		for _, ix := range indexes {
			rs := ix.ReadPrinted(v)
			if len(rs) == 0 {
				continue
			}
			r := rs[0]
			base, sep, tail := v, "", ""
			if len(r.Printed) > 0 {
				p := strings.Join(r.Printed, "/")
				if j := strings.LastIndex(v, " ("); j > 0 && v[j+2:] == p+")" {
					base, sep, tail = v[:j], " (", ")"
				} else {
					base, sep = strings.TrimSuffix(v, "/"+p), "/"
				}
			}
			if r.Ref.Formation != nil {
				if forms[base] != "" {
					base = forms[base] // else the name the order of battle gives it, kept
				}
			} else {
				printedBack["Ж "+base] = base // a message quotes the name as printed
				base = "Ж " + base
			}
			var parts []string
			for i, pt := range r.Printed {
				if pt == r.Path[i] && forms[pt] != "" {
					pt = forms[pt]
				}
				parts = append(parts, pt)
			}
			if sep == "" {
				return base
			}
			return base + sep + strings.Join(parts, "/") + tail
		}
		return ""
	}
	// rename renames a reference read as printed or as a designation; ""
	// when it holds no name renamed.
	rename := func(v string) string {
		if to := printedName(v); to != "" {
			return to
		}
		return designation(v)
	}
	// lessName renames a formation printed less some parts ("4/Heth/III
	// (minus 11Miss)", "Davis' Division (minus 74Ill, 1 OH and the
	// Artillery)") as battle's readLess reads it: the formation, then the
	// parts, all of them as one when they read so, else each between its
	// commas and "and"s, the printed words kept; "" when v is not of that
	// form or holds no name renamed.
	lessName := func(v string) string {
		m := lessForm().FindStringSubmatchIndex(v)
		if m == nil {
			return ""
		}
		or := func(s string) string {
			if to := rename(s); to != "" {
				return to
			}
			return s
		}
		part := func(p string) string {
			for _, the := range []string{"the ", "The "} {
				if q, ok := strings.CutPrefix(p, the); ok {
					return the + or(q)
				}
			}
			return or(p)
		}
		// the parts as one: a name of the side, or read as printed where
		// the parts do not each read ("1st MD, ESH Regiment")
		rest, parts := v[m[4]:m[5]], ""
		one, printedOne, each := false, false, false
		for _, ix := range indexes {
			reads := func(s string) bool {
				s = strings.TrimPrefix(strings.TrimPrefix(s, "the "), "The ")
				return len(ix.Resolve(s)) > 0 || len(ix.ReadPrinted(s)) > 0
			}
			all := true
			for _, p := range lessSplit().Split(rest, -1) {
				all = all && reads(p)
			}
			each = each || all
			one = one || len(ix.Resolve(rest)) > 0
			printedOne = printedOne || len(ix.ReadPrinted(rest)) > 0
		}
		if one || (printedOne && !each) {
			parts = or(rest)
		}
		if parts == "" {
			last := 0
			for _, at := range lessSplit().FindAllStringIndex(rest, -1) {
				parts += part(rest[last:at[0]]) + rest[at[0]:at[1]]
				last = at[1]
			}
			parts += part(rest[last:])
		}
		out := or(v[m[2]:m[3]]) + v[m[3]:m[4]] + parts + v[m[5]:]
		if out == v {
			return ""
		}
		return out
	}
	// listName renames a list printed as one ("I, 1NY and G, 4US Batteries
	// (XI)") as battle's readList reads it: the longest runs of words that
	// read as a name, each renamed, the words between them, the plural and
	// the path (renamed) kept in place; "" when v is not such a list.
	listName := func(v string) string {
		if !listSep().MatchString(v) || lessForm().MatchString(v) {
			return ""
		}
		body, path := v, ""
		if j := strings.LastIndex(v, " ("); j > 0 && strings.HasSuffix(v, ")") {
			body, path = v[:j], v[j:]
		}
		tail := ""
		if at := listTail().FindStringIndex(body); at != nil {
			body, tail = body[:at[0]], body[at[0]:]
		}
		words := listSep().Split(body, -1)
		seps := listSep().FindAllString(body, -1)
	sides:
		for _, ix := range indexes {
			if len(ix.Resolve(v)) > 0 || len(ix.ReadPrinted(v)) > 0 {
				return ""
			}
			reads := func(s string) bool { return len(ix.Resolve(s)) > 0 || len(ix.ReadPrinted(s)) > 0 }
			out, newPath, n := "", path, 0
			for i := 0; i < len(words); i += n {
				n = 0
				for j := len(words); j > i && n == 0; j-- {
					s := words[i]
					for k := i + 1; k < j; k++ {
						s += seps[k-1] + words[k]
					}
					if !reads(s+path) && (path != "" || !reads(s)) {
						continue
					}
					n = j - i
					to := s
					if path == "" {
						if r := rename(s); r != "" {
							to = r
						}
					} else if r := rename(s + path); r != "" {
						if k := strings.LastIndex(r, " ("); k > 0 && strings.HasSuffix(r, ")") {
							to, newPath = r[:k], r[k:]
						} else {
							to = r
						}
					}
					if i > 0 {
						out += seps[i-1]
					}
					out += to
				}
				if n == 0 {
					continue sides
				}
			}
			if out += tail + newPath; out != v {
				return out
			}
			return ""
		}
		return ""
	}
	out := map[string][]byte{}
	back := map[string]string{}
	moved := map[string]map[int]int{}
	for f, data := range files {
		var edits []edit
		var kind string
		// form renames a scalar that names formations (a key, a value, an
		// item), but no name, note or map.
		form := func(n *schema.Node, key string) {
			if nameNodes[n] {
				edits = append(edits, edit{n.Line, n.Column, names[n.Value], n.Value})
				return
			}
			if n.Kind != yaml.ScalarNode || n.Tag != "!!str" || kind == "map" || kind == "" || notFormation[key] {
				return
			}
			if kind == "forces" && key == "id" {
				if forms[n.Value] != "" {
					to := forms[n.Value]
					for _, r := range roles[f] {
						if r.id == n && r.flow {
							to += `", role: "` + r.role
						}
					}
					edits = append(edits, edit{n.Line, n.Column, to, n.Value})
				}
				return
			}
			if key == "id" {
				return
			}
			if key == "aliases" {
				// the value of an alias: a formation id or designation it
				// stands for ("Center": "C", "Henry I": "Henry/Hood/I")
				// is renamed, words of a name are not
				if forms[n.Value] != "" {
					edits = append(edits, edit{n.Line, n.Column, forms[n.Value], n.Value})
				} else if designations[n.Value] {
					edits = append(edits, edit{n.Line, n.Column, designation(n.Value), n.Value})
				}
				return
			}
			// a printing whose alias stands for a formation's id and a
			// leader's name at once ("Fitz.Lee": "Fitz Lee", the brigade in
			// a printed path, its leader in a row): the alias's value is
			// renamed as the formation, so a name written so is written
			// renamed as the name it reads as
			if v, ok := aliasTo[n.Value]; ok && forms[v] != "" && names[v] != "" {
				edits = append(edits, edit{n.Line, n.Column, names[v], n.Value})
				return
			}
			if to := lessName(n.Value); to != "" {
				edits = append(edits, edit{n.Line, n.Column, to, n.Value})
				return
			}
			if to := listName(n.Value); to != "" {
				edits = append(edits, edit{n.Line, n.Column, to, n.Value})
				return
			}
			if to := printedName(n.Value); to != "" {
				edits = append(edits, edit{n.Line, n.Column, to, n.Value})
				return
			}
			if to := designation(n.Value); to != "" {
				edits = append(edits, edit{n.Line, n.Column, to, n.Value})
			}
		}
		var walk func(n *schema.Node, key string)
		walk = func(n *schema.Node, key string) {
			for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				switch {
				case key == "aliases" || key == "leader_words":
					// a key is the book's printing: kept
					form(v, "aliases")
				default:
					form(k, "")
					form(v, k.Value)
				}
				if _, ok := areas[v.Value]; ok && k.Value == "area" && v.Kind == yaml.ScalarNode {
					edits = append(edits, edit{v.Line, v.Column, areas[v.Value], ""})
				}
				if _, ok := sides[v.Value]; ok && (k.Value == "side" || k.Value == "first") && v.Kind == yaml.ScalarNode {
					edits = append(edits, edit{v.Line, v.Column, sides[v.Value], ""})
				}
				if _, ok := sides[k.Value]; ok {
					edits = append(edits, edit{k.Line, k.Column, sides[k.Value], ""})
				}
				walk(v, k.Value)
			}
			for _, c := range n.Content {
				if n.Kind == yaml.SequenceNode && key == "sides" && c.Kind == yaml.ScalarNode && sides[c.Value] != "" {
					edits = append(edits, edit{c.Line, c.Column, sides[c.Value], ""})
				}
				if n.Kind == yaml.SequenceNode {
					form(c, key)
				}
				if n.Kind != yaml.MappingNode {
					walk(c, "")
				}
			}
		}
		for _, d := range docs[f] {
			kind = schema.Str(schema.Get(d.Root, "kind"))
			walk(d.Root, "")
			switch schema.Str(schema.Get(d.Root, "kind")) {
			case "map":
				keys, _ := schema.Pairs(schema.Get(d.Root, "areas"))
				for _, k := range keys {
					edits = append(edits, edit{k.Line, k.Column, areas[k.Value], ""})
				}
			case "battle":
				for _, sn := range schema.Items(schema.Get(d.Root, "sides")) {
					if id := schema.Get(sn, "id"); id != nil && sides[id.Value] != "" {
						edits = append(edits, edit{id.Line, id.Column, sides[id.Value] + `", role: "` + id.Value, ""})
					}
				}
			}
		}
		if len(edits) == 0 && len(roles[f]) == 0 {
			out[f] = data
			continue
		}
		lines := strings.Split(string(data), "\n")
		slices.SortFunc(edits, func(a, b edit) int { return b.col - a.col }) // right to left on a line
		for _, e := range edits {
			l := lines[e.line-1]
			at := e.col - 1
			end := at
			if e.plain != "" && strings.HasPrefix(l[at:], e.plain) {
				end = at + len(e.plain)
			} else if c := l[at]; c == '"' || c == '\'' {
				end++
				for end < len(l) && l[end] != c {
					end++
				}
				end++
			} else {
				for end < len(l) && !strings.ContainsRune(":,}] #", rune(l[end])) {
					end++
				}
			}
			old := strings.Trim(l[at:end], `"'`)
			new, _, _ := strings.Cut(e.to, `"`)
			if e.plain == "" {
				back[new] = old
			}
			lines[e.line-1] = l[:at] + `"` + e.to + `"` + l[end:]
		}
		// The roles of block mappings, each on a line of its own after
		// its id's, last first; moved reads each line as it was.
		var after []int
		for _, r := range roles[f] {
			if !r.flow {
				after = append(after, r.id.Line)
			}
		}
		slices.Sort(after)
		for i := len(after) - 1; i >= 0; i-- {
			for _, r := range roles[f] {
				if !r.flow && r.id.Line == after[i] {
					lines = slices.Insert(lines, r.id.Line, strings.Repeat(" ", r.key.Column-1)+`role: "`+r.role+`"`)
				}
			}
		}
		if len(after) > 0 {
			moved[f] = map[int]int{}
			n := 0
			for i := 1; i <= len(lines)-len(after); i++ {
				for n < len(after) && after[n] < i {
					n++
				}
				moved[f][i+n] = i
			}
		}
		out[f] = []byte(strings.Join(lines, "\n"))
	}
	for old, new := range forms {
		back[new] = old
	}
	for old, new := range names {
		back[new] = old
	}
	maps.Copy(back, printedBack)
	return out, back, moved
}

// TestRenamedPrinted: in a battle read as printed, TestRenamedIDs renames
// the names and paths the book prints as muster reads them (the name part
// marked, each formation id of the path renamed, an alias printed for one
// kept) and the aliases' values that stand for formations, never their
// keys, the book's printing.
func TestRenamedPrinted(t *testing.T) {
	files := map[string][]byte{}
	for _, dir := range []string{"../examples/dead-of-winter", "../examples/terrible-swift-sword"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			data, err := os.ReadFile(p)
			files[filepath.Base(dir)+"/"+filepath.ToSlash(rel)] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	done := map[string]map[string][]byte{}
	for _, c := range []struct{ dir, file, old, new string }{
		{"dead-of-winter", "scenario-8.yaml", `"B3843": [Moses Bty/1/2/H]`, `"B3843": ["Ж Moses Bty/Q1/Q2/QH"]`},
		{"dead-of-winter", "scenario-5.yaml", `{unit: 1/2/P, rest: true, less: [Robertson]}, Repl Leader`, `{unit: "Q1/Q2/QP", rest: true, less: ["Ж Robertson"]}, Repl Leader`},
		{"dead-of-winter", "scenario-5.yaml", `9 MI/Provost/C]`, `"Ж 9 MI/Provost/QC"]`},
		{"dead-of-winter", "forces-usa.yaml", `  Cavalry: Cav `, `  Cavalry: "QCav" `},
		{"dead-of-winter", "forces-csa.yaml", `  Stanford: Stanford Bty`, `  Stanford: Stanford Bty`},
		{"dead-of-winter", "scenario-2.yaml", `[Key Artillery]`, `["Ж Key Artillery"]`},
		{"terrible-swift-sword", "scenario-3.yaml", `"114Penn (1/1/III)"`, `"Ж 114Penn (Q1/Q1/QIII)"`},
		{"terrible-swift-sword", "forces-csa.yaml", `"Henry I": Henry/Hood/I`, `"Henry I": "QHenry/QHood/QI"`},
		// a formation printed less some parts, each part renamed, the
		// printed words kept; a list printed as one, each name renamed
		{"terrible-swift-sword", "scenario-5.yaml", `"4/Heth/III (minus 11Miss)"`, `"Q4/QHeth/QIII (minus Ж 11Miss)"`},
		{"terrible-swift-sword", "errata/scenario-5.yaml", `"XII Corps (minus 2/1/XII, Slocum and XII HQ)"`, `"XII Corps (minus Q2/Q1/QXII, Ж Slocum and Ж XII HQ)"`},
		{"terrible-swift-sword", "scenario-5.yaml", `"I, 1NY, 1Ohio and G, 4US Batteries (XI)"`, `"Ж I, 1NY, Ж 1Ohio and Ж G, 4US Batteries (QXI)"`},
		// a leader whose heading misplaces his name's apostrophe (N051)
		// keeps his name; one whose heading spells it right does not
		{"terrible-swift-sword", "forces-csa.yaml", `leader: {name: "Hays", rank: 1`, `leader: {name: "Hays", rank: 1`},
		{"terrible-swift-sword", "forces-csa.yaml", `leader: {name: "Rodes", `, `leader: {name: "Ж Rodes", `},
	} {
		sub := map[string][]byte{}
		for n, data := range files {
			if d, f, _ := strings.Cut(n, "/"); d == c.dir {
				sub[f] = data
			}
		}
		if !strings.Contains(string(sub[c.file]), c.old) {
			t.Fatalf("%s/%s has no %s", c.dir, c.file, c.old)
		}
		if done[c.dir] == nil {
			done[c.dir], _, _ = renameIDs(sub)
		}
		renamed := done[c.dir]
		if !strings.Contains(string(renamed[c.file]), c.new) {
			i := strings.Index(string(sub[c.file]), c.old)
			t.Errorf("%s/%s: %s is not renamed to %s:\n%s", c.dir, c.file, c.old, c.new, strings.Split(string(renamed[c.file])[max(0, i-40):], "\n")[0])
		}
	}
}
