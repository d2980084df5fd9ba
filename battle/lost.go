package battle

import (
	"path"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/schema"
)

// CodeSkipped says what a file that could not be read (or a map sheet
// refused) kept from being checked. It is raised beside the error that
// lost the file, once.
var CodeSkipped = diag.Code{Code: "Y011", Severity: diag.Info, Title: "checks skipped after a file that could not be read",
	Doc: "A file of the battle could not be read, or not all of it (a YAML syntax error loses the document it is in and those after it; a byte that is not text, a file too large, missing, a folder or a link out of the battle lose the whole file; a forces document whose army is not a mapping loses that army; battle.yaml's sides that the schema refuses (not a list, an item without its id, more than two) lose the sides, so no side another file names is reported unknown; a map sheet muster refuses, numbered past the labels' digits (M012), too large (M001) or without a letter, loses that sheet, and grid digits or sheets the schema refuses lose every sheet), so its documents are not there for the checks that need them. Rather than report what their absence makes look wrong (a side without its army, every unit a scenario names unknown, a battle without a map), muster skips those checks and says here, once per file, which: for a forces document, its side's army, the parents of its formations, the names scenarios give its units, leaders and formations, and the series-rule checks that read the forces; for the map, the scenarios' sheets, hexes and areas and every series-rule check; for a scenario, that scenario; for a map sheet, its terrain, elevation and art, the labels on it (not reported one by one) and the checks that read the map or the scenarios' hexes. What the file held is read from its kind: and side: lines, else its name (forces-usa.yaml); when neither says, everything that could need it is skipped. Fix the error and run again: the skipped checks run then."}

// lostDoc is a document of the battle that could not be read.
type lostDoc struct {
	file string // the file it is in, as diagnostics show it
	name string // the same, inside the battle folder
	schema.Lost
	what string // what was lost, when not the file: "its army"
}

// gaps is what the lost documents leave incomplete.
type gaps struct {
	sides   map[string]bool // sides whose order of battle may lack a document
	anySide bool            // a lost forces document of a side unknown: every side
	noMap   bool            // a lost map, and no other map read
	scens   bool            // a lost scenario
}

// side reports whether the order of battle of side id may be incomplete.
func (g gaps) side(id string) bool { return g.anySide || g.sides[id] }

// lose records that file p, which diagnostic pos refused, was not read.
func (ld *loader) lose(p string, pos diag.Pos) {
	l := schema.Lost{Pos: pos, Kind: schema.KindOfName(p)}
	if l.Kind == "forces" {
		l.Side = ld.sideOfName(p)
	}
	ld.lost = append(ld.lost, lostDoc{file: ld.show(p), name: p, Lost: l})
}

// sideOfName is the side a file's name names (forces-usa.yaml: USA), or "".
func (ld *loader) sideOfName(p string) string {
	base := path.Base(p)
	for _, part := range strings.FieldsFunc(base, func(r rune) bool { return r == '.' || r == '-' || r == '_' }) {
		for _, s := range ld.b.Sides {
			if strings.EqualFold(part, s.ID) {
				return s.ID
			}
		}
	}
	return ""
}

// loseArmy records a forces document whose army is not a mapping (null,
// say): the side's order of battle is not there to check names against.
func (ld *loader) loseArmy(d *schema.Doc, a *schema.Node, side string) {
	prefix := strings.TrimSuffix(ld.show("x"), "x") // the folder as shown, with its slash
	ld.lost = append(ld.lost, lostDoc{file: d.File, name: strings.TrimPrefix(d.File, prefix), what: "army", Lost: schema.Lost{Pos: d.Pos(a), Kind: "forces", Side: side}})
	ld.gaps.sides[side] = true
	ld.b.incomplete["forces"] = true
}

// findGaps works out, before the battle is resolved, what the lost
// documents leave incomplete.
func (ld *loader) findGaps() {
	g := gaps{sides: map[string]bool{}}
	maps := 0
	for _, d := range ld.docs {
		if d.Kind == "map" {
			maps++
		}
	}
	for _, l := range ld.lost {
		switch l.Kind {
		case "forces":
			if l.Side == "" || ld.b.Side(l.Side) == nil {
				g.anySide = true
			}
			g.sides[l.Side] = true
		case "map":
			g.noMap = maps == 0
		case "scenario":
			g.scens = true
		case "":
			g.anySide, g.noMap, g.scens = true, maps == 0, true
		}
	}
	// (an army a forces document resolved before this lost, loseArmy, is
	// one of ld.lost: its side is incomplete, as when loseArmy came after)
	ld.gaps = g
	b := ld.b
	b.incomplete = map[string]bool{}
	if g.anySide || len(g.sides) > 0 {
		b.incomplete["forces"] = true
	}
	if g.noMap {
		b.incomplete["map"] = true
	}
	if g.scens {
		b.incomplete["scenario"] = true
	}
}

// Incomplete reports whether documents of kind (forces, map, scenario)
// could not be read, so that the battle may lack some: a check that needs
// every document of that kind must skip rather than report what is
// missing. Y011 says, beside each such file, what was skipped. The map is
// incomplete too when a sheet of it was refused (Y011 beside the sheet).
func (b *Battle) Incomplete(kind string) bool {
	return b.incomplete[kind] || kind == "map" && len(b.refused) > 0
}

// skipped says once per lost file what its loss kept from being checked.
func (ld *loader) skipped() {
	byFile := map[string][]lostDoc{}
	var files []string
	for _, l := range ld.lost {
		if byFile[l.file] == nil {
			files = append(files, l.file)
		}
		byFile[l.file] = append(byFile[l.file], l)
	}
	sort.Strings(files)
	for _, f := range files {
		ls := byFile[f]
		var what []string
		add := func(s string) {
			for _, w := range what {
				if w == s {
					return
				}
			}
			what = append(what, s)
		}
		forces := false
		for _, l := range ls {
			kind := l.Kind
			if ld.b.Rules == nil { // battle.yaml itself, or nothing after it, was read
				add("every other file of the battle")
				continue
			}
			if kind == "sides" {
				add("the sides other files name, each of which would be reported unknown")
				continue
			}
			if kind == "forces" || kind == "" {
				side := "side " + l.Side + "'s"
				if l.Side == "" || ld.b.Side(l.Side) == nil {
					side = "every side's"
				}
				add(side + " army, the parents of its formations and the names scenarios give its units, leaders and formations")
				forces = true
			}
			if (kind == "map" || kind == "") && ld.b.Map == nil {
				add("the scenarios' sheets, hexes and areas")
			}
			if kind == "scenario" || kind == "" {
				add("the scenarios in it")
			}
		}
		switch {
		case ld.b.Rules != nil && ld.b.Map == nil && ld.gaps.noMap:
			add("every series-rule check, which needs the map")
		case forces:
			add("the series-rule checks that read the forces")
		}
		if len(what) == 0 {
			continue
		}
		pos := ls[0].Pos
		subject := ls[0].name + " could not be read"
		if ls[0].name == "." {
			subject = "the battle folder, listed as a file, could not be read"
		}
		if ls[0].what != "" {
			subject = "the " + ls[0].what + " of " + ls[0].name + " could not be read"
		}
		// a file that could not be read has no structure to place the
		// finding in: the file as a whole (or the part of it lost)
		ld.diags.Addf(CodeSkipped, pos, "%s, so muster skipped what needs it: %s", subject, strings.Join(what, "; ")).
			Path = schema.KeyPath("file", nil, ls[0].what)
	}
}
