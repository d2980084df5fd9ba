package lsp

import (
	"encoding/json"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/validate"
)

// CodesURL is where each code's page is: docs/codes.md, anchored by the
// code in lower case (the generated page's headings).
const CodesURL = "https://github.com/muster-wargames/muster/blob/main/docs/codes.md#"

// codesURL is CodesURL under the docs base Options.Docs names.
func (s *Server) codesURL() string {
	if s.opts.Docs != "" {
		return s.opts.Docs + "/codes.md#"
	}
	return CodesURL
}

// folder is a battle folder with open documents.
type folder struct {
	dir string
	// cache keeps the battle's parsed files across checks.
	cache *battle.Cache
	// memos keep, per variant loaded, what each check found, so that an
	// edit runs again only the checks' passes over what it changed, and
	// which files hold a suppression comment.
	memos map[string]*memo
	// variants are the loads the open documents need: the battle as
	// battle.yaml's files list it (""), then each variant that holds an
	// open file the others do not (an errata/ copy).
	variants []string
	loads    map[string]*result
	// published are the files whose diagnostics were last published
	// non-empty; fixes the published diagnostics that carry a fix.
	published map[string]bool
	fixes     map[string][]Diagnostic
	// last is what was last published for each file, so a file whose
	// diagnostics an edit elsewhere did not change is not sent again.
	last map[string]string
	// stray are the open files no variant reads, with the battle.yaml
	// they were looked for under: they are not looked for again until
	// battle.yaml changes.
	stray map[string]string
	// turned is, for each file, its last diagnostics turned into the
	// protocol's: reused while the same findings are made of the same
	// texts (an edit of one file leaves the others' as they were).
	turned map[string]*turned
}

// turned is what check made of one file's diagnostics: the findings, the
// texts their places were read in (the same slices while unchanged: the
// loader does not copy an unchanged file), the open documents then
// (Server.opened), and the protocol's diagnostics and their JSON.
type turned struct {
	in     []*diag.Diagnostic // in the result's diagnostics
	texts  []turnedText
	opened int
	out    []Diagnostic
	key    string
}

type turnedText struct {
	file string
	text []byte
	ok   bool
}

// sameText reports whether a and b are the same slice of bytes.
func sameText(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// reusable reports whether t holds what protocol would make of the
// findings in of result r.
func (t *turned) reusable(s *Server, r *result, in []*diag.Diagnostic) bool {
	if t == nil || t.opened != s.opened || len(t.in) != len(in) {
		return false
	}
	for _, x := range t.texts {
		u, ok := r.b.Texts[x.file]
		if ok != x.ok || !sameText(x.text, u) {
			return false
		}
	}
	for i := range in {
		if !sameFinding(t.in[i], in[i]) {
			return false
		}
	}
	return true
}

// sameFinding reports whether a and b read the same to protocol: the
// fields it turns into the protocol's diagnostic.
func sameFinding(a, b *diag.Diagnostic) bool {
	if a.Code != b.Code || a.Severity != b.Severity || a.Pos != b.Pos || a.Message != b.Message ||
		a.Rule != b.Rule || a.Hint != b.Hint || len(a.Related) != len(b.Related) {
		return false
	}
	for i := range a.Related {
		if a.Related[i].At != b.Related[i].At || a.Related[i].Note != b.Related[i].Note {
			return false
		}
	}
	sa, oka := a.Suggestion()
	sb, okb := b.Suggestion()
	return sa == sb && oka == okb
}

// turn is protocol over one file's findings, or what the last check made
// of the same findings of the same texts.
func (s *Server) turn(f *folder, r *result, rel string, in []*diag.Diagnostic) *turned {
	if t := f.turned[rel]; t.reusable(s, r, in) {
		return t
	}
	t := &turned{in: in, opened: s.opened, out: make([]Diagnostic, 0, len(in))}
	seen := map[string]bool{}
	read := func(file string) {
		if !seen[file] {
			seen[file] = true
			u, ok := r.b.Texts[file]
			t.texts = append(t.texts, turnedText{file, u, ok})
		}
	}
	for _, d := range in {
		read(diagFile(*d))
		for _, c := range d.Related {
			if at, ok := c.At.(diag.Pos); ok {
				read(filepath.ToSlash(at.File))
			}
		}
		t.out = append(t.out, s.protocol(f, r, *d))
	}
	key, _ := json.Marshal(t.out)
	t.key = string(key)
	f.turned[rel] = t
	return t
}

// diagFile is the file of the folder a diagnostic is reported in.
func diagFile(d diag.Diagnostic) string {
	rel := filepath.ToSlash(d.Pos.File)
	if rel == "" || rel == "-" {
		rel = "battle.yaml"
	}
	return rel
}

// memo is what one variant's checks keep across checks.
type memo struct {
	checks     validate.Memo
	directives pipeline.DirectiveMemo
}

// result is one load of a battle and every diagnostic of it.
type result struct {
	b     *battle.Battle
	diags []diag.Diagnostic
	lines map[string]*lines // by path relative to the folder
}

// keepLines takes the line indexes of the files old read that r read
// alike (the same slices: the loader does not copy an unchanged file).
func (r *result) keepLines(old *result) {
	for rel, l := range old.lines {
		if t, ok := r.b.Texts[rel]; ok && sameText(l.text, t) {
			r.lines[rel] = l
		}
	}
}

func (r *result) has(rel string) bool {
	for _, f := range r.b.Files {
		if f == rel {
			return true
		}
	}
	return false
}

func (r *result) text(rel string) *lines {
	if l := r.lines[rel]; l != nil {
		return l
	}
	t, ok := r.b.Texts[rel]
	if !ok {
		return nil
	}
	l := newLines(t)
	r.lines[rel] = l
	return l
}

// load checks one variant of the folder's battle as the editor has it:
// the open documents over the folder on disk, through the pipeline every
// command uses.
func (s *Server) load(f *folder, variant string) *result {
	m := f.memos[variant]
	if m == nil {
		m = &memo{}
		f.memos[variant] = m
	}
	r := pipeline.Check(pipeline.Options{FS: s.overlay.FS(f.dir), Name: ".", Disk: f.dir, Variant: variant, Cache: f.cache, Memo: &m.checks, Directives: &m.directives})
	b := r.Battle
	if b == nil {
		b = &battle.Battle{}
	}
	return &result{b: b, diags: r.Diagnostics, lines: map[string]*lines{}}
}

// check re-checks a folder and publishes the diagnostics of each of its
// files: those that have some, and those that had some before (cleared).
func (s *Server) check(f *folder) {
	open := s.openIn(f.dir)
	for _, v := range f.variants {
		r := s.load(f, v)
		if old := f.loads[v]; old != nil {
			r.keepLines(old)
		}
		f.loads[v] = r
	}
	// An open file that no load reads may be a variant's (errata/).
	for _, d := range open {
		rel := f.rel(d.path)
		if rel == "battle.yaml" || f.owner(rel) != "" || f.loads[""].b.Rules == nil {
			continue
		}
		bt := string(f.loads[""].b.Texts["battle.yaml"])
		if f.stray[rel] == bt {
			continue
		}
		f.stray[rel] = bt
		for _, v := range f.loads[""].b.Variants {
			if f.loads[v] != nil {
				continue
			}
			r := s.load(f, v)
			if r.has(rel) {
				f.variants = append(f.variants, v)
				f.loads[v] = r
				delete(f.stray, rel)
				break
			}
		}
	}
	// Variants no open file needs any more are dropped.
	keep := []string{""}
	for _, v := range f.variants[1:] {
		need := false
		for _, d := range open {
			if rel := f.rel(d.path); f.owner(rel) == v {
				need = true
			}
		}
		if need {
			keep = append(keep, v)
		} else {
			delete(f.loads, v)
			delete(f.memos, v)
		}
	}
	f.variants = keep

	// Each file's findings, from the load that reports it.
	type found struct {
		r  *result
		in []*diag.Diagnostic
	}
	byFileIn := map[string]*found{}
	for _, v := range f.variants {
		r := f.loads[v]
		for i := range r.diags {
			d := &r.diags[i]
			if d.Suppression != nil {
				continue
			}
			rel := diagFile(*d)
			if o := f.owner(rel); o != v && (o != "" || v != "") {
				continue // another load reports this file
			}
			fd := byFileIn[rel]
			if fd == nil {
				fd = &found{r: r}
				byFileIn[rel] = fd
			}
			fd.in = append(fd.in, d)
		}
	}
	byFile := map[string]*turned{}
	for rel, fd := range byFileIn {
		byFile[rel] = s.turn(f, fd.r, rel, fd.in)
	}
	for rel := range f.turned {
		if byFile[rel] == nil {
			delete(f.turned, rel)
		}
	}
	files := map[string]bool{}
	for rel := range byFile {
		files[rel] = true
	}
	for rel := range f.published {
		files[rel] = true
	}
	for _, d := range open {
		files[f.rel(d.path)] = true
	}
	names := make([]string, 0, len(files))
	for rel := range files {
		names = append(names, rel)
	}
	sort.Strings(names)
	f.published = map[string]bool{}
	f.fixes = map[string][]Diagnostic{}
	for _, rel := range names {
		ds, key := []Diagnostic{}, "[]"
		if t := byFile[rel]; t != nil {
			ds, key = t.out, t.key
			f.published[rel] = true
		}
		for _, d := range ds {
			if d.Data != nil {
				f.fixes[rel] = append(f.fixes[rel], d)
			}
		}
		abs := filepath.Join(f.dir, filepath.FromSlash(rel))
		p := publishDiagnosticsParams{URI: pathURI(abs), Diagnostics: ds}
		d := s.docs[abs]
		if d != nil {
			p.URI, p.Version = d.uri, &d.version
		}
		if d == nil && f.last[rel] == key {
			continue // unchanged, and not open
		}
		f.last[rel] = key
		s.send("textDocument/publishDiagnostics", p)
	}
}

// rel is a path of the folder as its battle's diagnostics name it.
func (f *folder) rel(p string) string {
	r, err := filepath.Rel(f.dir, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// owner is the variant whose load reports the file rel: the first that
// reads it, "" (the battle as listed) before any variant; "" too when no
// load reads it.
func (f *folder) owner(rel string) string {
	for _, v := range f.variants {
		if r := f.loads[v]; r != nil && r.has(rel) {
			return v
		}
	}
	return ""
}

// protocol turns a diagnostic into the protocol's, with its range, the
// page of its code, the places it cites (its Related, each with its note)
// and its fix (its Suggestion). Nothing here reads the message.
func (s *Server) protocol(f *folder, r *result, d diag.Diagnostic) Diagnostic {
	rel := diagFile(d)
	var rng Range
	lt := r.text(rel)
	if lt != nil {
		rng = lt.span(d.Pos.Line, d.Pos.Column)
	}
	msg := d.Message
	if d.Rule != "" {
		msg += " [" + d.Rule + "]"
	}
	if d.Hint != "" {
		msg += "\nhint: " + d.Hint
	}
	out := Diagnostic{Range: rng, Severity: severity(d.Severity), Code: d.Code, Source: "muster", Message: msg}
	if d.Code != "" {
		out.CodeDescription = &codeDescription{Href: s.codesURL() + strings.ToLower(d.Code)}
	}
	for _, c := range d.Related {
		switch at := c.At.(type) {
		case diag.Pos:
			file := filepath.ToSlash(at.File)
			ot := r.text(file)
			if ot == nil {
				continue
			}
			out.RelatedInformation = append(out.RelatedInformation, relatedInformation{
				Location: Location{URI: s.uriOf(filepath.Join(f.dir, filepath.FromSlash(file))), Range: ot.span(at.Line, at.Column)},
				Message:  c.Note,
			})
		}
	}
	if sug, ok := d.Suggestion(); ok && lt != nil && d.Pos.Line > 0 {
		line := lt.line(d.Pos.Line - 1)
		b := byteOfChar(line, max(d.Pos.Column-1, 0))
		e := tokenEnd(line, b)
		if e > b && line[b] != '[' && line[b] != '{' {
			quoted := line[b] == '"' || line[b] == '\''
			with := sug
			if quoted {
				b, e = b+1, e-1 // keep the quotes
				if line[b-1] == '"' {
					with = strings.ReplaceAll(strings.ReplaceAll(sug, `\`, `\\`), `"`, `\"`)
				} else {
					with = strings.ReplaceAll(sug, "'", "''")
				}
			} else if needsQuotes(sug) {
				with = strconvQuote(sug)
			}
			if e >= b {
				out.Data = &fix{Range: Range{Position{d.Pos.Line - 1, utf16Len(line[:b])}, Position{d.Pos.Line - 1, utf16Len(line[:e])}}, With: with}
			}
		}
	}
	return out
}

func severity(s diag.Severity) int {
	switch s {
	case diag.Error:
		return sevError
	case diag.Warning:
		return sevWarning
	}
	return sevInformation
}

func (s *Server) uriOf(abs string) string {
	if d := s.docs[abs]; d != nil {
		return d.uri
	}
	return pathURI(abs)
}

// needsQuotes reports whether s cannot stand as a plain YAML scalar in a
// flow or block context.
func needsQuotes(s string) bool {
	if s == "" || strings.TrimSpace(s) != s {
		return true
	}
	if strings.ContainsAny(s, ",[]{}#\"'") || strings.Contains(s, ": ") || strings.HasSuffix(s, ":") {
		return true
	}
	if strings.ContainsAny(s[:1], "-?:&*!|>%@`") {
		return true
	}
	switch strings.ToLower(s) {
	case "null", "~", "true", "false", "yes", "no", "on", "off":
		return true
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return true
	}
	return false
}

func strconvQuote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// codeActions offers the did-you-mean fixes of the published diagnostics
// in the requested range.
func (s *Server) codeActions(p codeActionParams) []codeAction {
	out := []codeAction{}
	path, ok := uriPath(p.TextDocument.URI)
	if !ok {
		return out
	}
	f := s.folderOf(path)
	if f == nil {
		return out
	}
	seen := map[string]bool{}
	add := func(d Diagnostic) {
		if d.Data == nil || !overlaps(d.Range, p.Range) {
			return
		}
		k := d.Code + d.Data.With + strconv.Itoa(d.Range.Start.Line) + ":" + strconv.Itoa(d.Range.Start.Character)
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, codeAction{
			Title: "Change to " + d.Data.With, Kind: "quickfix", Diagnostics: []Diagnostic{d}, IsPreferred: true,
			Edit: workspaceEdit{Changes: map[string][]textEdit{p.TextDocument.URI: {{Range: d.Data.Range, NewText: d.Data.With}}}},
		})
	}
	for _, d := range p.Context.Diagnostics {
		add(d)
	}
	for _, d := range f.fixes[f.rel(path)] {
		add(d)
	}
	return out
}

func overlaps(a, b Range) bool {
	return !less(a.End, b.Start) && !less(b.End, a.Start)
}

func less(a, b Position) bool {
	return a.Line < b.Line || (a.Line == b.Line && a.Character < b.Character)
}
