package battle

// Every YAML file under a battle folder is part of the battle or reported
// (issue 22): a file that battle.yaml's files lists leave out would
// otherwise be skipped without a word, by validate, the language server and
// the pre-commit hook alike. The folder is walked once per load, as the
// loader reads it (survey); a folder that cannot be listed is Y008, never
// skipped.

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/project"
	"github.com/muster-wargames/muster/schema"
)

// CodeUnlisted is a YAML file of the battle folder that the battle does not
// read.
var CodeUnlisted = diag.Code{Code: "B017", Severity: diag.Warning, Title: "YAML file not part of the battle",
	Doc: "battle.yaml's `files:` list names the battle's documents, and muster reads those and no others; a YAML file under the battle folder that no files list names (battle.yaml's own or a variant's) would be checked by nothing, so a scenario added to the folder but not to the list would pass unseen. Every such file is reported, on the file itself, with this warning. Add it to `files:` to make it part of the battle, or list it (or a pattern, or its folder) under `exclude:` in battle.yaml to say it is not. Hidden files and folders (.name) and a folder holding a battle.yaml of its own (another battle) are not part of the battle and never reported. A file named on the command line (`muster validate FILE`, and `muster validate --changed FILE` for a YAML file) that the battle does not read is this code as an error: one that exclude: lists, one only a variant reads (give --variant), or any other file that is not one of the battle's."}

// others records, by slash path inside the folder, the YAML files the
// survey met that this load does not read, with the lists that name them:
// "" for battle.yaml's files, else a variant's name; none for a file no
// list names.
type others map[string][]string

// survey walks the battle folder as muster reads it: every file under it
// but those in hidden folders (.git), in a folder that holds a battle.yaml
// of its own (another battle), or that exclude: lists. visit is called for
// each file (and each symbolic link) met. A folder that cannot be listed
// is Y008 at the folder: what it holds would otherwise be skipped unseen.
func (ld *loader) survey(visit func(p string, d fs.DirEntry)) {
	fs.WalkDir(ld.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p != "." && d != nil && d.IsDir() {
				pos := diag.Pos{File: ld.show(p)}
				dg := ld.diags.Addf(schema.CodeUnreadable, pos, "cannot read folder %s: %s", p, errText(err))
				dg.Hint = "muster checks every YAML file under the battle folder: make the folder readable, or list it under exclude: in battle.yaml"
			}
			return nil
		}
		if p == "." {
			return nil
		}
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || ld.excluded(p) {
				return fs.SkipDir
			}
			if st, err := fs.Stat(ld.fsys, p+"/battle.yaml"); err == nil && st.Mode().IsRegular() {
				return fs.SkipDir // another battle
			}
			return nil
		}
		if ld.excluded(p) || d.Name() == project.Name {
			return nil // muster.yaml is the project's file, never the battle's
		}
		visit(p, d)
		return nil
	})
}

// excludes reads battle.yaml's exclude: patterns; a pattern that is not
// one, or leads out of the folder, is reported and left out.
func (ld *loader) excludes(bd *schema.Doc) *patterns {
	out := &patterns{}
	for _, item := range schema.Items(schema.Get(bd.Root, "exclude")) {
		pat := schema.Str(item)
		if pat == "" {
			continue
		}
		clean := path.Clean(filepath.ToSlash(pat))
		if path.IsAbs(clean) || filepath.IsAbs(pat) || clean == ".." || strings.HasPrefix(clean, "../") {
			ld.diags.Addf(CodeOutside, bd.Pos(item), "%q lies outside the battle folder", pat)
			continue
		}
		if _, err := path.Match(clean, ""); err != nil {
			ld.diags.Addf(CodeNoMatch, bd.Pos(item), "bad exclude pattern %q: %v", pat, err)
			continue
		}
		out.add(clean)
	}
	return out
}

// patterns are file patterns as files lists give them: those without a
// wildcard looked up in a set, so that a long list of plain names costs
// one look-up per file, not one match per name.
type patterns struct {
	lit, seen map[string]bool // the plain names; every pattern added
	glob      []string        // the others, each once
}

func (ps *patterns) add(pat string) {
	if ps.seen == nil {
		ps.lit, ps.seen = map[string]bool{}, map[string]bool{}
	}
	if ps.seen[pat] {
		return
	}
	ps.seen[pat] = true
	if strings.ContainsAny(pat, "*?[\\") {
		ps.glob = append(ps.glob, pat)
	} else {
		ps.lit[pat] = true
	}
}

// match reports whether p matches one of the patterns.
func (ps *patterns) match(p string) bool {
	if ps == nil {
		return false
	}
	if ps.lit[p] {
		return true
	}
	for _, pat := range ps.glob {
		if ok, _ := path.Match(pat, p); ok {
			return true
		}
	}
	return false
}

// excluded reports whether p (a slash path inside the folder) or a folder
// it lies in matches an exclude: pattern.
func (ld *loader) excluded(p string) bool { return ld.exclude.matchUp(p) }

// matchUp reports whether p, or a folder it lies in, matches one of the
// patterns.
func (ps *patterns) matchUp(p string) bool {
	for q := p; q != "." && q != "/" && q != ""; q = path.Dir(q) {
		if ps.match(q) {
			return true
		}
	}
	return false
}

// unlisted reports the YAML files under the folder that no files list
// names (B017, on the file). read are the files this load reads (a file
// its list names that could not be read has been reported); a file only
// another list names (a variant's, or loading a variant, battle.yaml's)
// is part of the battle, recorded for NotPart.
func (ld *loader) unlisted(bd *schema.Doc, read []string) {
	isRead := map[string]bool{"battle.yaml": true}
	for _, p := range read {
		isRead[p] = true
	}
	type list struct {
		name string
		pats *patterns
		all  bool // no files list: every YAML file
	}
	var lists []list
	addList := func(name string, n *schema.Node) {
		l := list{name: name, all: n == nil, pats: &patterns{}}
		for _, item := range schema.Items(n) {
			if pat := schema.Str(item); pat != "" {
				l.pats.add(path.Clean(filepath.ToSlash(pat)))
			}
		}
		lists = append(lists, l)
	}
	addList("", schema.Get(bd.Root, "files"))
	keys, vals := schema.Pairs(schema.Get(bd.Root, "variants"))
	for i, k := range keys {
		addList(schema.Str(k), schema.Get(vals[i], "files"))
	}
	ld.b.others = others{}
	ld.survey(func(p string, d fs.DirEntry) {
		if ext := path.Ext(p); ext != ".yaml" && ext != ".yml" || isRead[p] || strings.HasPrefix(d.Name(), ".") {
			return
		}
		if d.Type()&fs.ModeSymlink != 0 && ld.disk && ld.isDirLink(p) {
			return // a linked folder is not walked (files lists do not go through one that leads out)
		}
		by := []string{}
		for _, l := range lists {
			if !l.all && !l.pats.match(p) {
				continue
			}
			if l.name == ld.opts.Variant {
				return // listed by this load, but not read: the load said why
			}
			by = append(by, l.name)
		}
		ld.b.others[p] = by
		if len(by) > 0 {
			return // part of the battle, in another of its lists
		}
		dg := ld.diags.Addf(CodeUnlisted, diag.Pos{File: ld.show(p), Line: 1, Column: 1}, "%s is not part of battle %s: no files list in battle.yaml names it, so nothing checks it", p, ld.b.ID)
		dg.Hint = fmt.Sprintf("add it to files: in battle.yaml to check it, or to exclude: (exclude: [%s]) if it is not part of the battle", yamlQuote(p))
		dg.Path = schema.KeyPath("file", nil, "") // the file as a whole, which its position names
	})
}

// yamlQuote is p as a YAML flow item: quoted when it needs to be.
func yamlQuote(p string) string {
	if strings.ContainsAny(p, " :#,[]{}&*!|>'\"%@`") || strings.HasPrefix(p, "-") || strings.HasPrefix(p, "?") {
		return fmt.Sprintf("%q", p)
	}
	return p
}

// NotPart is the B017 error for a file of the battle folder that a command
// names (rel: its slash path inside the folder) when this load does not
// read it: a YAML file no files list names; with explicit (the file given
// as an argument, not a changed file of a pre-commit hook), also one that
// exclude: lists, one that only a variant reads, and any other file. ok is
// false when there is nothing to report.
func (b *Battle) NotPart(rel string, explicit bool) (d diag.Diagnostic, ok bool) {
	rel = path.Clean(filepath.ToSlash(rel))
	if b == nil || b.Rules == nil {
		return d, false // nothing was read: the load said why
	}
	for _, f := range b.Files {
		if f == rel {
			return d, false
		}
	}
	by, met := b.others[rel]
	isYAML := path.Ext(rel) == ".yaml" || path.Ext(rel) == ".yml"
	d = diag.Diagnostic{Code: CodeUnlisted.Code, Severity: diag.Error, Pos: diag.Pos{File: b.show(rel), Line: 1, Column: 1}}
	switch {
	case met && len(by) == 0:
		d.Message = fmt.Sprintf("%s is not part of battle %s: no files list in battle.yaml names it, so nothing checks it", rel, b.ID)
		d.Hint = fmt.Sprintf("add it to files: in battle.yaml to check it, or to exclude: (exclude: [%s]) if it is not part of the battle", yamlQuote(rel))
	case !explicit:
		return d, false
	case met:
		vs := make([]string, len(by))
		for i, v := range by {
			if v == "" {
				vs[i] = "battle.yaml's files list"
			} else {
				vs[i] = "variant " + v
			}
		}
		d.Message = fmt.Sprintf("%s is not part of battle %s as loaded: only %s reads it", rel, b.ID, strings.Join(vs, " and "))
		if by[0] == "" {
			d.Hint = "check it without --variant"
		} else {
			d.Hint = "check it with --variant " + by[0]
		}
	case isYAML && b.exclude.matchUp(rel):
		d.Message = fmt.Sprintf("%s is not part of battle %s: exclude: in battle.yaml lists it, so nothing checks it", rel, b.ID)
		d.Hint = "take it out of exclude: and add it to files: in battle.yaml to check it"
	default:
		d.Message = fmt.Sprintf("%s is not part of battle %s: muster does not read it", rel, b.ID)
		if isYAML {
			d.Hint = "muster reads no hidden file or folder (.name) unless files: names it, and nothing of another battle's folder"
		} else {
			d.Hint = "a battle's documents are .yaml or .yml files that battle.yaml's files list names"
		}
	}
	return d, true
}

// show is a path inside the folder as diagnostics name it.
func (b *Battle) show(rel string) string {
	if b.Dir == "" || b.Dir == "." {
		return rel
	}
	return filepath.ToSlash(filepath.Join(b.Dir, rel))
}
