package battle

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
)

// lessForm is a reference printed "minus" some parts: the formation, then
// the parts in parentheses.
var lessForm = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(.+?)\s+\((?i:minus|less|w/o|without|except)\s+(?i:the\s+)?(.+)\)$`)
})

// lessSplit separates the parts: "11Miss", "I, 1NY and G, 4US" would be
// three, so a list that reads whole is tried first.
var lessSplit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`,\s+(?:and\s+)?|\s+and\s+`) })

// readLess reads name as a formation printed less some of its parts; ok is
// false when name is not of that form. The formation is read as any name
// (lookup: unknown or ambiguous names are reported there); each part is
// read within it (R014 where it is not).
func (ld *loader) readLess(side, name string, pos diag.Pos, attached *oob.Formation) (oob.Ref, bool) {
	m := lessForm().FindStringSubmatch(name)
	if m == nil {
		return oob.Ref{}, false
	}
	head, ok := ld.lookup(side, m[1], pos, attached)
	if !ok {
		return oob.Ref{}, true
	}
	if head.Formation == nil {
		ld.diags.Addf(CodeRestLess, pos, "%q: %s is not a formation, so nothing can be left out of it", name, head.Name()).About(head.Subjects())
		return head, true
	}
	ix := ld.b.index[side]
	less := &oob.Less{}
	parts := []string{m[2]}
	if got, _ := ld.within(ix, head.Formation, m[2]); len(got) != 1 {
		parts = lessSplit().Split(m[2], -1)
	}
	for _, p := range parts {
		got, elsewhere := ld.within(ix, head.Formation, p)
		if len(got) == 1 {
			less.Parts = append(less.Parts, got[0])
			continue
		}
		msg := fmt.Sprintf("%q: %q names nothing within %s", name, p, head.Formation.Label())
		switch {
		case len(got) > 1:
			msg = fmt.Sprintf("%q: %q could be %s, all within %s", name, p, names(got), head.Formation.Label())
		case len(elsewhere) > 0:
			msg = fmt.Sprintf("%q: %q reads as %s, which is not within %s", name, p, names(elsewhere), head.Formation.Label())
		}
		ld.diags.Addf(CodeRestLess, pos, "%s; it leaves nothing out", msg).About(head.Subjects())
	}
	head.Less = less
	if len(less.Parts) == 0 {
		head.Less = nil
	}
	return head, true
}

// names lists the refs' names, sorted, joined by "or".
func names(rs []oob.Ref) string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Name())
	}
	sort.Strings(out)
	return strings.Join(out, " or ")
}

// within reads part as the units, leaders and formations within f it may
// name: by any name of the side, else as the formations within f whose
// name ends with the words printed ("Artillery": Poague's Artillery). One
// is a match. When none is within f, elsewhere is what the side has by
// that name outside it.
func (ld *loader) within(ix *oob.Index, f *oob.Formation, part string) (got, elsewhere []oob.Ref) {
	part = strings.TrimSpace(part)
	for _, the := range []string{"the ", "The "} {
		part = strings.TrimPrefix(part, the)
	}
	var all []oob.Ref
	all = append(all, ix.Resolve(part)...)
	for _, r := range ix.ReadPrinted(part) {
		if fits(r.Path, chains(nil, r.Ref, nil)) {
			all = append(all, r.Ref)
		}
	}
	in := func(r oob.Ref) bool {
		switch {
		case r.Unit != nil:
			return r.Unit.Formation.Within(f)
		case r.Leader != nil:
			return r.Leader.Formation.Within(f)
		case r.Formation != nil:
			return r.Formation != f && r.Formation.Within(f)
		}
		return false
	}
	seen := map[oob.Ref]bool{}
	for _, r := range all {
		if in(r) && !seen[r] {
			seen[r] = true
			got = append(got, r)
		}
	}
	if len(got) == 0 {
		f.Walk(func(x *oob.Formation) {
			if x != f && (x.Name == part || strings.HasSuffix(x.Name, " "+part)) {
				got = append(got, oob.Ref{Formation: x})
			}
		})
	}
	if len(got) == 0 {
		for _, r := range all {
			if !seen[r] {
				seen[r] = true
				elsewhere = append(elsewhere, r)
			}
		}
	}
	return got, elsewhere
}

// listTail is the plural a list printed as one ends with: "I, 1NY and G,
// 4US Batteries (XI)", "14 Virginia, 17 Virginia Cavalry Regiments".
var listTail = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\s+(?:(?:Cavalry|Infantry|Artillery|Horse Artillery)\s+)?(?:Batteries|Regiments|Battalions|Brigades|Bns\.?|Rgts\.?)$`)
})

// listSep separates the names of a list printed as one ("," or ";", "and").
// mayList reports whether listSep may match name: each of its forms holds
// a comma, a semicolon or "and" (most names hold none, and the regular
// expression costs a thousand instructions a name).
func mayList(name string) bool {
	for i := 0; i < len(name); i++ {
		switch name[i] {
		case ',', ';':
			return true
		case 'a':
			if strings.HasPrefix(name[i:], "and") {
				return true
			}
		}
	}
	return false
}

var listSep = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`,\s+and\s+|\s+and\s+|[,;]\s+`) })

// readList reads name as several units or leaders printed as one list,
// "I, 1NY, 1Ohio and G, 4US Batteries (XI)": the plural at the end
// dropped, the path in parentheses laid on every part, the words between
// commas joined where one name holds a comma ("I, 1NY" is one battery):
// from the left, the longest run that reads as a name of the side is a
// part. ok is false when name is not such a list (fewer than two parts,
// or words that read as none); each part is then looked up as written
// (R012 where its path disagrees).
func (ld *loader) readList(side, name string, pos diag.Pos, attached *oob.Formation) ([]oob.Ref, bool) {
	if !mayList(name) {
		return nil, false
	}
	ix := ld.b.index[side]
	if ix == nil || !listSep().MatchString(name) || len(ix.Resolve(name)) > 0 || len(ix.ReadPrinted(name)) > 0 || lessForm().MatchString(name) {
		return nil, false
	}
	body, path := name, ""
	if j := strings.LastIndex(name, " ("); j > 0 && strings.HasSuffix(name, ")") {
		body, path = name[:j], name[j:]
	}
	body = listTail().ReplaceAllString(body, "")
	words := listSep().Split(body, -1)
	seps := listSep().FindAllString(body, -1)
	reads := func(s string) bool { return len(ix.Resolve(s)) > 0 || len(ix.ReadPrinted(s)) > 0 }
	var parts []string
	for i := 0; i < len(words); {
		n := 0
		for j := len(words); j > i; j-- {
			s := words[i]
			for k := i + 1; k < j; k++ {
				s += seps[k-1] + words[k]
			}
			if reads(s+path) || (path == "" && reads(s)) {
				parts, n = append(parts, s+path), j-i
				break
			}
		}
		if n == 0 {
			return nil, false
		}
		i += n
	}
	if len(parts) < 2 {
		return nil, false
	}
	var out []oob.Ref
	for _, p := range parts {
		if r, ok := ld.lookup(side, p, pos, attached); ok {
			out = append(out, r)
		}
	}
	return out, true
}

// PrintedForms are the patterns of the printed forms read here, a
// formation less some parts (Less, split into parts by LessSplit) and a
// list printed as one (its plural ListTail, its names split by ListSep),
// for a tool that rewrites names as the loader reads them (validate's
// TestRenamedIDs), so the patterns stand in one place. Each is compiled
// on first use, not when the program starts.
var PrintedForms = struct{ Less, LessSplit, ListTail, ListSep func() *regexp.Regexp }{lessForm, lessSplit, listTail, listSep}
