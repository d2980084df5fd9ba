package battle

import (
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/schema"
)

// listReads fills Battle.Reads: every file some variant of the battle
// reads, whichever variant was loaded. The loaded files and the pictures
// they named are known; the other files lists (battle.yaml's own when a
// variant was loaded, every other variant's) are matched quietly, and the
// files only they name are parsed, quietly, for the pictures they name.
// Nothing here adds a diagnostic: what the loaded variant does not read is
// not checked, only kept from harm (cmd/muster's output guard).
func (ld *loader) listReads() {
	b, bd := ld.b, ld.bd
	seen := map[string]bool{"battle.yaml": true}
	for _, f := range b.Files {
		seen[f] = true
	}
	for p := range ld.picturesRead {
		seen[p] = true
	}
	if bd != nil {
		lists := []*schema.Node{schema.Get(bd.Root, "files")}
		_, vals := schema.Pairs(schema.Get(bd.Root, "variants"))
		for _, v := range vals {
			lists = append(lists, schema.Get(v, "files"))
		}
		// ld.files reports what it cannot match: the loaded list's
		// problems are reported already, the others' are not this load's
		diags, lost := ld.diags, ld.lost
		for i, list := range lists {
			if i > 0 && list == nil {
				continue // a variant without a files list reads nothing of its own
			}
			for _, f := range ld.files(bd, list) {
				if !seen[f] {
					seen[f] = true
					ld.picturesNamed(f, seen)
				}
			}
		}
		ld.diags, ld.lost = diags, lost
	}
	b.Reads = make([]string, 0, len(seen))
	for f := range seen {
		b.Reads = append(b.Reads, f)
	}
	sort.Strings(b.Reads)
}

// picturesNamed adds to seen the pictures file p's documents name (under
// an `art:` or `counter_sheets:` key, as the loader reads them) that exist
// in the folder. p is read and parsed within the loader's limits; a file
// that cannot be read names nothing.
func (ld *loader) picturesNamed(p string, seen map[string]bool) {
	st, err := fs.Stat(ld.fsys, p)
	if err != nil || !st.Mode().IsRegular() || st.Size() > ld.opts.Limits.MaxBytes {
		return
	}
	data, err := fs.ReadFile(ld.fsys, p)
	if err != nil {
		return
	}
	docs, _ := schema.Parse(ld.show(p), data, ld.opts.Limits)
	var walk func(n *schema.Node, art bool)
	walk = func(n *schema.Node, art bool) {
		if n == nil {
			return
		}
		switch {
		case schema.IsScalar(n):
			if art {
				ld.namedPicture(n.Value, seen)
			}
		case schema.IsMap(n):
			keys, vals := schema.Pairs(n)
			for i, k := range keys {
				walk(vals[i], art || k.Value == "art" || k.Value == "counter_sheets")
			}
		default:
			for _, it := range schema.Items(n) {
				walk(it, art)
			}
		}
	}
	for _, d := range docs {
		walk(d.Root, false)
	}
}

// namedPicture adds v to seen when it names a file of the folder, as
// readPicture would read it.
func (ld *loader) namedPicture(v string, seen map[string]bool) {
	clean := path.Clean(strings.ReplaceAll(v, "\\", "/"))
	if v == "" || seen[clean] || !fs.ValidPath(clean) || clean == "." {
		return
	}
	if st, err := fs.Stat(ld.fsys, clean); err == nil && st.Mode().IsRegular() {
		seen[clean] = true
	}
}

// readsPicture records a picture the loaded documents name (readPicture).
func (ld *loader) readsPicture(p string) {
	if ld.picturesRead == nil {
		ld.picturesRead = map[string]bool{}
	}
	ld.picturesRead[p] = true
}
