package battle

import (
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// ownCodes are the codes of this package (Codes).
var ownCodes = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range Codes {
		m[c.Code] = true
	}
	return m
}()

// placed returns the load's diagnostics, sorted, each finding of this
// package's codes that names no subjects and has no path given the
// structural path of the node it is at (schema.KeyPath: the document's
// kind and the keys down to the node, list indices left out, as the
// schema's findings have), so that its fingerprint is its code and its
// place in the document's structure, not the values formatted into its
// message. A finding at no node of a document read (a file as a whole, a
// place inside a scalar: a terrain row's character) keeps no path.
func (ld *loader) placed() []diag.Diagnostic {
	ds := ld.diags.Items()
	paths := map[*schema.Doc]map[schema.Place][]string{}
	for i := range ds {
		d := &ds[i]
		if d.Path != "" || !d.Subjects.Empty() || !ownCodes[d.Code] || d.Pos.Line == 0 {
			continue
		}
		for _, doc := range ld.parsed[d.Pos.File] {
			if pl := ld.places[doc]; pl != nil { // its tree was let go (drop)
				if p, ok := pl.Path(doc.Kind, d.Pos.Line, d.Pos.Column); ok {
					d.Path = p
					break
				}
				continue
			}
			if doc.Root == nil {
				continue
			}
			ix, ok := paths[doc]
			if !ok {
				ix = schema.Paths(doc.Root)
				paths[doc] = ix
			}
			if p, ok := ix[schema.Place{Line: d.Pos.Line, Column: d.Pos.Column}]; ok {
				d.Path = schema.KeyPath(doc.Kind, p, "")
				break
			}
		}
	}
	return ds
}
