package battle

import (
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/schema"
)

// listReads fills Battle.Reads: the files the load read and the pictures
// they named, and the files every other files list names (battle.yaml's
// own when a variant was loaded, every other variant's), matched quietly.
// The files only those lists name are parsed for the pictures they name
// when AllReads is first called. Nothing here adds a diagnostic: what the
// loaded variant does not read is not checked, only kept from harm
// (cmd/muster's output guard).
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
		// the lists not loaded: battle.yaml's own when a variant was,
		// and every other variant's; no list (nil) is every YAML file
		// under the folder, walked once at most
		loaded := schema.Get(bd.Root, "files")
		var others []*schema.Node
		if ld.opts.Variant != "" {
			others = append(others, loaded)
		}
		keys, vals := schema.Pairs(schema.Get(bd.Root, "variants"))
		for i, v := range vals {
			if schema.Str(keys[i]) == ld.opts.Variant {
				loaded = schema.Get(v, "files")
			} else {
				others = append(others, schema.Get(v, "files"))
			}
		}
		walked := loaded == nil
		if len(b.Files) <= 1 {
			// the load stopped before its list (an unknown system, a
			// broken rules override): that list is not read either
			others, walked = append([]*schema.Node{loaded}, others...), false
		}
		var lists []*schema.Node
		for _, l := range others {
			if l == nil && walked {
				continue
			}
			walked = walked || l == nil
			lists = append(lists, l)
		}
		// ld.files reports what it cannot match: the loaded list's
		// problems are reported already, the others' are not this load's
		diags, lost := ld.diags, ld.lost
		var unread []string
		for _, list := range lists {
			for _, f := range ld.files(bd, list) {
				if !seen[f] {
					seen[f] = true
					unread = append(unread, f)
				}
			}
		}
		ld.diags, ld.lost = diags, lost
		if len(unread) > 0 && ld.open != nil {
			open, show, lim := ld.open, ld.show, ld.opts.Limits
			b.morePictures = func() []string {
				fsys, done := open()
				if fsys == nil {
					return nil
				}
				defer done()
				more := map[string]bool{}
				for _, f := range unread {
					picturesNamed(fsys, f, show(f), lim, more)
				}
				return sortedKeys(more)
			}
		}
	}
	b.Reads = sortedKeys(seen)
}

// AllReads is Reads and the pictures that the files only other variants
// read name: every file some variant of the battle reads. The files are
// parsed when it is first called, not by the load (what the loaded variant
// does not read is not checked, and most commands never ask), through the
// battle folder opened again (an os.Root: each picture listed is a
// regular file inside the folder). The output guard of cmd/muster asks,
// for an output that may be one of them.
func (b *Battle) AllReads() []string {
	b.allOnce.Do(func() {
		b.all = b.Reads
		if b.morePictures == nil {
			return
		}
		seen := map[string]bool{}
		for _, f := range b.Reads {
			seen[f] = true
		}
		for _, p := range b.morePictures() {
			seen[p] = true
		}
		b.all = sortedKeys(seen)
	})
	return b.all
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// picturesNamed adds to seen the pictures file p of fsys (shown as
// shown) names, under an `art:` or `counter_sheets:` key as the loader
// reads them, that exist in the folder. p is read and parsed within the
// limits; a file that cannot be read names nothing.
func picturesNamed(fsys fs.FS, p, shown string, lim schema.Limits, seen map[string]bool) {
	data, err := readRegular(fsys, p, lim.MaxBytes) // as the loader reads: never a FIFO, never past the limit
	if err != nil {
		return
	}
	docs, _ := schema.Parse(shown, data, lim)
	var walk func(n *schema.Node, art bool)
	walk = func(n *schema.Node, art bool) {
		if n == nil {
			return
		}
		switch {
		case schema.IsScalar(n):
			if art {
				namedPicture(fsys, n.Value, seen)
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

// namedPicture adds v to seen when it names a file of fsys, as
// readPicture would read it.
func namedPicture(fsys fs.FS, v string, seen map[string]bool) {
	clean := path.Clean(strings.ReplaceAll(v, "\\", "/"))
	if v == "" || seen[clean] || !fs.ValidPath(clean) || clean == "." {
		return
	}
	if st, err := fs.Stat(fsys, clean); err == nil && st.Mode().IsRegular() {
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
