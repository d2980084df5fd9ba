package lsp

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/validate"
)

// at finds the open document at a URI, its folder and the load that
// reports it.
func (s *Server) at(uri string) (*document, *folder, *result, string) {
	path, ok := uriPath(uri)
	if !ok {
		return nil, nil, nil, ""
	}
	d := s.docs[path]
	f := s.folderOf(path)
	if d == nil || f == nil {
		return d, nil, nil, ""
	}
	if f.loads[""] == nil {
		s.check(f)
	}
	rel := f.rel(path)
	r := f.loads[f.owner(rel)]
	if r == nil || r.b == nil {
		return d, f, nil, rel
	}
	return d, f, r, rel
}

// placed is a name of a set-up or schedule, resolved.
type placed struct {
	piece    *battle.Piece
	scenario *battle.Scenario
	side     string
}

// pieceAt finds the resolved name at a position of file rel.
func (r *result) pieceAt(rel string, pos Position) *placed {
	lt := r.text(rel)
	if lt == nil {
		return nil
	}
	line := lt.line(pos.Line)
	at := byteOfUTF16(line, pos.Character)
	var found *placed
	look := func(s *battle.Scenario, side string, ps []battle.Piece) {
		for i := range ps {
			p := &ps[i]
			if found != nil || filepath.ToSlash(p.Pos.File) != rel || p.Pos.Line != pos.Line+1 {
				continue
			}
			b := byteOfChar(line, p.Pos.Column-1)
			if e := tokenEnd(line, b); at >= b && at <= e {
				found = &placed{p, s, side}
			}
		}
	}
	for _, s := range r.b.Scenarios {
		for _, st := range s.Setup {
			look(s, st.Side, st.Pieces)
		}
		for _, a := range s.Arrivals {
			look(s, a.Side, a.Pieces)
		}
		for _, w := range s.Withdrawals {
			look(s, w.Side, w.Pieces)
		}
	}
	return found
}

// refAt is what the name at a position stands for: a resolved piece of a
// set-up, else a name any side's index knows.
func (r *result) refAt(rel string, pos Position) (oob.Ref, Range, bool) {
	lt := r.text(rel)
	if lt == nil {
		return oob.Ref{}, Range{}, false
	}
	line := lt.line(pos.Line)
	if p := r.pieceAt(rel, pos); p != nil && (p.piece.Ref != oob.Ref{}) {
		b := byteOfChar(line, p.piece.Pos.Column-1)
		e := tokenEnd(line, b)
		return p.piece.Ref, Range{Position{pos.Line, utf16Len(line[:b])}, Position{pos.Line, utf16Len(line[:e])}}, true
	}
	b, e, text, ok := scalarAt(line, byteOfUTF16(line, pos.Character))
	if !ok || text == "" {
		return oob.Ref{}, Range{}, false
	}
	for _, sd := range r.b.Sides {
		ix := r.b.Index(sd.ID)
		if ix == nil {
			continue
		}
		if refs := ix.Resolve(text); len(refs) == 1 {
			return refs[0], Range{Position{pos.Line, utf16Len(line[:b])}, Position{pos.Line, utf16Len(line[:e])}}, true
		}
	}
	return oob.Ref{}, Range{}, false
}

func refPos(ref oob.Ref) diag.Pos {
	switch {
	case ref.Unit != nil:
		return ref.Unit.Pos
	case ref.Leader != nil:
		return ref.Leader.Pos
	case ref.Formation != nil:
		return ref.Formation.Pos
	}
	return diag.Pos{}
}

// definition goes from a name to where the forces define it, from a hex
// label to its character in the map's terrain rows.
func (s *Server) definition(p positionParams) *Location {
	_, f, r, rel := s.at(p.TextDocument.URI)
	if r == nil {
		return nil
	}
	ref, _, ok := r.refAt(rel, p.Position)
	if !ok {
		return s.hexDefinition(f, r, rel, p.Position)
	}
	pos := refPos(ref)
	if pos.File == "" {
		return nil
	}
	file := filepath.ToSlash(pos.File)
	lt := r.text(file)
	if lt == nil {
		return nil
	}
	return &Location{URI: s.uriOf(filepath.Join(f.dir, filepath.FromSlash(file))), Range: lt.span(pos.Line, pos.Column)}
}

// hexDefinition finds the hex label at a position in the map: the
// character of its sheet's terrain rows that gives its terrain.
func (s *Server) hexDefinition(f *folder, r *result, rel string, pos Position) *Location {
	lt := r.text(rel)
	if lt == nil || r.b.Map == nil {
		return nil
	}
	line := lt.line(pos.Line)
	_, _, text, ok := scalarAt(line, byteOfUTF16(line, pos.Character))
	if !ok {
		return nil
	}
	c, sh, err := r.b.Map.Grid.Parse(text)
	if err != nil || sh == nil {
		return nil
	}
	at, ok := sh.TerrainAt(c)
	if !ok {
		return nil
	}
	file := filepath.ToSlash(at.File)
	ml := r.text(file)
	if ml == nil {
		return nil
	}
	ltext := ml.line(at.Line - 1)
	b := byteOfChar(ltext, at.Column-1)
	e := byteOfChar(ltext, at.Column)
	return &Location{URI: s.uriOf(filepath.Join(f.dir, filepath.FromSlash(file))),
		Range: Range{Position{at.Line - 1, utf16Len(ltext[:b])}, Position{at.Line - 1, utf16Len(ltext[:e])}}}
}

// hover describes the name or hex at a position.
func (s *Server) hover(p positionParams) *hover {
	_, _, r, rel := s.at(p.TextDocument.URI)
	if r == nil {
		return nil
	}
	if ref, rng, ok := r.refAt(rel, p.Position); ok {
		return &hover{Contents: markupContent{Kind: "markdown", Value: describeRef(ref)}, Range: &rng}
	}
	lt := r.text(rel)
	if lt == nil {
		return nil
	}
	line := lt.line(p.Position.Line)
	if h := s.codeHover(r, line, p.Position); h != nil {
		return h
	}
	if r.b.Map == nil {
		return nil
	}
	b, e, text, ok := scalarAt(line, byteOfUTF16(line, p.Position.Character))
	if !ok {
		return nil
	}
	c, _, err := r.b.Map.Grid.Parse(text)
	if err != nil {
		return nil
	}
	rng := Range{Position{p.Position.Line, utf16Len(line[:b])}, Position{p.Position.Line, utf16Len(line[:e])}}
	return &hover{Contents: markupContent{Kind: "markdown", Value: describeHex(r.b, c)}, Range: &rng}
}

// codeHover describes a code named in a suppression comment.
func (s *Server) codeHover(r *result, line string, pos Position) *hover {
	i := strings.Index(line, "muster:")
	at := byteOfUTF16(line, pos.Character)
	if i < 0 || at < i || !strings.Contains(line[:i], "#") {
		return nil
	}
	word := func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	b, e := at, at
	for b > 0 && word(line[b-1]) {
		b--
	}
	for e < len(line) && word(line[e]) {
		e++
	}
	cat := s.catalogue()
	if r.b.Rules != nil {
		cat = validate.Codes(r.b.Rules)
	}
	c, ok := cat.Lookup(line[b:e])
	if !ok || b == e {
		return nil
	}
	text := fmt.Sprintf("**%s** · %s · %s", c.Code, c.Severity, c.Title)
	if c.Rule != "" {
		text += " · " + c.Rule
	}
	text += "\n\n" + c.Doc + "\n\n[" + c.Code + " in docs/codes.md](" + CodesURL + strings.ToLower(c.Code) + ")"
	rng := Range{Position{pos.Line, utf16Len(line[:b])}, Position{pos.Line, utf16Len(line[:e])}}
	return &hover{Contents: markupContent{Kind: "markdown", Value: text}, Range: &rng}
}

func values(vs oob.Values) string {
	var parts []string
	for _, v := range vs {
		x := "not given" // the book leaves it out (YAML ~ or null)
		if v.Known() {
			x = fmt.Sprint(v.V)
		}
		parts = append(parts, v.Name+" "+x)
	}
	return strings.Join(parts, " · ")
}

func chain(f *oob.Formation) string {
	var parts []string
	for _, x := range f.Chain() {
		t := x.Label()
		if x.Name != "" && x.Name != t {
			t += " " + x.Name
		}
		if x.Leader != nil {
			t += " (" + x.Leader.Name + ")"
		} else if x.LedBy != nil {
			t += " (" + x.LedBy.Name + ")"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " ← ")
}

func describeRef(ref oob.Ref) string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n\n", args...) }
	switch {
	case ref.Unit != nil:
		u := ref.Unit
		line("**%s** · %s unit of %s", u.QualifiedName(), u.Type, u.Side)
		if len(u.Values) > 0 {
			line("counter: %s", values(u.Values))
		}
		faces := make([]string, 0, len(u.Faces))
		for k := range u.Faces {
			faces = append(faces, k)
		}
		sort.Strings(faces)
		for _, k := range faces {
			line("face %s: %s", k, values(u.Faces[k]))
		}
		if u.Formation != nil {
			line("formation: %s", chain(u.Formation))
		}
		if u.Source != "" {
			line("source: %s", u.Source)
		}
		if u.Note != "" {
			line("note: %s", u.Note)
		}
	case ref.Leader != nil:
		l := ref.Leader
		kind := "leader"
		if l.Officer {
			kind = "officer"
		}
		line("**%s** · %s of %s", l.QualifiedName(), kind, l.Side)
		if l.Rank != nil {
			line("rank: %v", l.Rank)
		}
		if len(l.Ratings) > 0 {
			line("ratings: %s", values(l.Ratings))
		}
		if l.Formation != nil {
			line("commands: %s", chain(l.Formation))
		}
		if l.Replacement != nil {
			line("replacement: %s", l.Replacement.Name)
		}
		if l.Source != "" {
			line("source: %s", l.Source)
		}
		if l.Note != "" {
			line("note: %s", l.Note)
		}
	case ref.Formation != nil:
		f := ref.Formation
		line("**%s** · %s of %s", f.Label(), f.Level, f.Side)
		if f.Name != "" {
			line("%s", f.Name)
		}
		if f.Leader != nil {
			line("leader: %s", f.Leader.Name)
		} else if f.LedBy != nil {
			line("leader: %s (led_by: he leads %s too)", f.LedBy.Name, f.LedBy.Formation.Label())
		}
		line("%d units in all", len(f.AllUnits()))
		line("chain: %s", chain(f))
		if f.Source != "" {
			line("source: %s", f.Source)
		}
	}
	return strings.TrimSpace(b.String())
}

func describeHex(b *battle.Battle, c maps.Coord) string {
	m := b.Map
	g := m.Grid
	var sb strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&sb, format+"\n\n", args...) }
	line("**%s** · hex", strings.Join(g.Labels(c), " = "))
	h := m.At(c)
	t := m.TerrainName(c)
	if t == "" {
		t = "not given"
	}
	el := "not given"
	if h.Elevation >= 0 {
		el = fmt.Sprint(h.Elevation)
	}
	line("terrain: %s · elevation: %s", t, el)
	var sides []string
	for _, n := range g.Neighbours(c) {
		if !g.OnMap(n) {
			continue
		}
		if fs := m.Hexsides[maps.EdgeOf(c, n)]; len(fs) > 0 {
			sides = append(sides, "to "+g.Label(n)+": "+strings.Join(fs, ", "))
		}
	}
	if len(sides) > 0 {
		line("hexsides: %s", strings.Join(sides, "; "))
	}
	var roads []string
	for _, r := range m.Roads {
		for _, x := range r.Path {
			if x == c {
				t := r.Type
				if r.Name != "" {
					t += " (" + r.Name + ")"
				}
				roads = append(roads, t)
				break
			}
		}
	}
	if len(roads) > 0 {
		line("roads: %s", strings.Join(roads, ", "))
	}
	var areas []string
	for name, a := range m.Areas {
		for _, x := range a.Hexes {
			if x == c {
				areas = append(areas, name)
				break
			}
		}
	}
	sort.Strings(areas)
	if len(areas) > 0 {
		line("areas: %s", strings.Join(areas, ", "))
	}
	names := func(ps []battle.Piece) string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Name)
		}
		return strings.Join(out, ", ")
	}
	for _, s := range b.Scenarios {
		var what []string
		for _, st := range s.Setup {
			if st.Hex.Label != "" && st.Hex.Coord == c {
				what = append(what, st.Side+": "+names(st.Pieces))
			}
		}
		for _, a := range s.Arrivals {
			for _, x := range a.Hexes {
				if x.Coord == c {
					what = append(what, a.Side+" enter "+a.Time.Text()+": "+names(a.Pieces))
				}
			}
		}
		if len(what) == 0 {
			continue
		}
		t := "scenario " + s.ID
		if len(s.Play) > 0 && !s.InPlay(c) {
			t += " (not in play)"
		}
		line("%s: %s", t, strings.Join(what, "; "))
	}
	return strings.TrimSpace(sb.String())
}

// completion offers what may stand at a position.
func (s *Server) completion(p positionParams) completionList {
	out := completionList{Items: []completionItem{}}
	d, _, r, _ := s.at(p.TextDocument.URI)
	if d == nil || r == nil {
		return out
	}
	lt := newLines(d.text)
	var sides []string
	for _, sd := range r.b.Sides {
		sides = append(sides, sd.ID)
	}
	cx := contextAt(lt, p.Position, sides)
	if cx.kind == "" {
		return out
	}
	line := lt.line(p.Position.Line)
	cur := byteOfUTF16(line, p.Position.Character)
	typed := line[cx.start:cur]
	rng := Range{Position{p.Position.Line, utf16Len(line[:cx.start])}, p.Position}
	edit := func(label string) *textEdit {
		t := label
		switch {
		case cx.quote == '"':
			t = strings.ReplaceAll(strings.ReplaceAll(label, `\`, `\\`), `"`, `\"`)
		case cx.quote == '\'':
			t = strings.ReplaceAll(label, "'", "''")
		case needsQuotes(label):
			t = strconvQuote(label)
		}
		return &textEdit{Range: rng, NewText: t}
	}
	switch cx.kind {
	case "code":
		cat := s.catalogue()
		if r.b.Rules != nil {
			cat = validate.Codes(r.b.Rules)
		}
		for _, c := range cat {
			if !strings.HasPrefix(strings.ToUpper(c.Code), strings.ToUpper(typed)) {
				continue
			}
			doc := c.Doc
			if c.Rule != "" {
				doc = c.Rule + ". " + doc
			}
			out.Items = append(out.Items, completionItem{Label: c.Code, Kind: kindConstant, Detail: c.Title,
				Documentation: &markupContent{Kind: "markdown", Value: doc}, TextEdit: &textEdit{Range: rng, NewText: c.Code}})
		}
	case "name":
		want := sides
		if cx.side != "" {
			want = []string{cx.side}
		}
		seen := map[string]bool{}
		for _, side := range want {
			sd := r.b.Side(side)
			ix := r.b.Index(side)
			if sd == nil || sd.Army == nil || ix == nil {
				continue
			}
			add := func(label string, kind int, detail string, ref oob.Ref) {
				if seen[label] || !strings.HasPrefix(strings.ToLower(label), strings.ToLower(typed)) {
					return
				}
				seen[label] = true
				out.Items = append(out.Items, completionItem{Label: label, Kind: kind, Detail: detail,
					Documentation: &markupContent{Kind: "markdown", Value: describeRef(ref)}, TextEdit: edit(label)})
			}
			sd.Army.Walk(func(f *oob.Formation) {
				if d := f.Designation(); d != "" {
					add(d, kindModule, "formation · "+f.Level+" · "+f.Name, oob.Ref{Formation: f})
				}
				for _, u := range f.Units {
					name := u.Name
					if len(ix.Resolve(name)) > 1 {
						name = u.QualifiedName()
					}
					add(name, kindValue, "unit · "+u.Type+" · "+f.Label(), oob.Ref{Unit: u})
				}
				ls := f.Officers
				if f.Leader != nil {
					ls = append([]*oob.Leader{f.Leader}, ls...)
				}
				for _, l := range ls {
					name := l.Name
					if len(ix.Resolve(name)) > 1 {
						name = l.QualifiedName()
					}
					add(name, kindClass, "leader · "+f.Label(), oob.Ref{Leader: l})
				}
			})
		}
	case "orders", "area", "time", "face":
		var words []string
		detail := cx.kind
		switch cx.kind {
		case "orders":
			if r.b.Rules != nil {
				words = r.b.Rules.Orders
				detail = r.b.System + " orders"
			}
		case "area":
			if r.b.Map != nil {
				for name, a := range r.b.Map.Areas {
					if cx.side == "" || a.Side == "" || a.Side == cx.side {
						words = append(words, name)
					}
				}
				detail = "area of the map"
			}
		case "face":
			seen := map[string]bool{}
			for _, sd := range r.b.Sides {
				if sd.Army == nil || (cx.side != "" && sd.ID != cx.side) {
					continue
				}
				for _, u := range sd.Army.AllUnits() {
					for k := range u.Faces {
						seen[k] = true
					}
					if r.b.Rules != nil { // faces the ruleset gives the type (TSS's dismounted, unlimbered)
						for k := range r.b.Rules.UnitTypes[u.Type].Faces {
							seen[k] = true
						}
					}
				}
			}
			for k := range seen {
				words = append(words, k)
			}
			sort.Strings(words)
			detail = "face of a counter"
		case "time":
			for di, day := range r.b.Days {
				for _, sl := range r.b.Slots {
					if sl.NextDay && di == 0 {
						continue // before the first turn of the track
					}
					words = append(words, day+" "+sl.Time)
				}
			}
			detail = "turn (" + r.b.System + " turn track)"
		}
		for i, w := range words {
			if strings.HasPrefix(strings.ToLower(w), strings.ToLower(typed)) {
				out.Items = append(out.Items, completionItem{Label: w, Kind: kindEnum, Detail: detail, SortText: fmt.Sprintf("%05d", i), TextEdit: edit(w)})
			}
		}
		if cx.kind == "time" {
			return out // in turn order, not sorted by name
		}
	case "hex":
		if r.b.Map == nil {
			return out
		}
		g := r.b.Map.Grid
		const most = 200
		up := strings.ToUpper(typed)
		for _, sh := range g.Sheets {
			if out.IsIncomplete || !strings.HasPrefix(sh.ID, up) && !strings.HasPrefix(up, sh.ID) {
				continue
			}
			for y := sh.Y; y < sh.Y+sh.Rows && !out.IsIncomplete; y++ {
				for x := sh.X; x < sh.X+sh.Cols && !out.IsIncomplete; x++ {
					c := maps.Coord{X: x, Y: y}
					if !sh.Contains(c) {
						continue
					}
					label := g.LabelOn(sh, c)
					if !strings.HasPrefix(label, up) {
						continue
					}
					if len(out.Items) == most {
						out.IsIncomplete = true
						continue
					}
					t := r.b.Map.TerrainName(c)
					out.Items = append(out.Items, completionItem{Label: label, Kind: kindValue, Detail: "hex · " + t, TextEdit: edit(label)})
				}
			}
		}
	}
	sort.SliceStable(out.Items, func(i, j int) bool { return out.Items[i].Label < out.Items[j].Label })
	return out
}
