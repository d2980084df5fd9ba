package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/pipeline"
)

// TestContextAgrees: completion reads the line being typed (the text may
// not yet be a document the loader can read), so its reading is held to
// the resolved model's. In every example's scenarios, at the end of every
// name, hex and area the loader resolved, completion offers what the
// model says stands there: a piece's name of its side, a hex, an area.
func TestContextAgrees(t *testing.T) {
	es, err := os.ReadDir(filepath.Join("..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		dir := filepath.Join("..", "examples", e.Name())
		if _, err := os.Stat(filepath.Join(dir, "battle.yaml")); err != nil {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			b := pipeline.Check(pipeline.Options{Dir: dir}).Battle
			if b == nil || b.Rules == nil {
				t.Fatal("no battle")
			}
			var sides []string
			for _, sd := range b.Sides {
				sides = append(sides, sd.ID)
			}
			texts := map[string]*lines{}
			n := 0
			check := func(what, file string, line, col int, kind, side string) {
				t.Helper()
				if line == 0 {
					return
				}
				lt := texts[file]
				if lt == nil {
					lt = newLines(b.Texts[file])
					texts[file] = lt
				}
				s := lt.line(line - 1)
				start := byteOfChar(s, col-1)
				end := tokenEnd(s, start)
				if end > start && (s[start] == '"' || s[start] == '\'') {
					end-- // within the quotes
				}
				pos := Position{line - 1, utf16Len(s[:end])}
				cx := contextAt(lt, pos, sides)
				if cx.kind != kind || (side != "" && cx.side != side) {
					t.Errorf("%s:%d:%d %s %q: completion offers %q of side %q, the model has %s of %q", file, line, col, what, s[start:end], cx.kind, cx.side, kind, side)
				}
				n++
			}
			pieces := func(side string, ps []battle.Piece) {
				for _, p := range ps {
					check("piece", p.Pos.File, p.Pos.Line, p.Pos.Column, "name", side)
				}
			}
			for _, sc := range b.Scenarios {
				for _, st := range sc.Setup {
					if st.Hex.Label != "" {
						check("set-up hex", st.Hex.Pos.File, st.Hex.Pos.Line, st.Hex.Pos.Column, "hex", st.Side)
					}
					pieces(st.Side, st.Pieces)
				}
				groups := []*battle.Group{}
				for _, a := range sc.Arrivals {
					groups = append(groups, &a.Group)
				}
				for _, w := range sc.Withdrawals {
					groups = append(groups, &w.Group)
				}
				for _, g := range groups {
					pieces(g.Side, g.Pieces)
					for _, h := range g.Hexes {
						check("entry hex", h.Pos.File, h.Pos.Line, h.Pos.Column, "hex", "")
					}
					if g.Area != "" {
						check("area", g.AreaPos.File, g.AreaPos.Line, g.AreaPos.Column, "area", g.Side)
					}
				}
				for _, v := range sc.Victory.Hexes {
					for _, h := range v.Hexes {
						check("victory hex", h.Pos.File, h.Pos.Line, h.Pos.Column, "hex", "")
					}
				}
			}
			if n == 0 {
				t.Error("nothing compared")
			}
			t.Logf("%d places", n)
		})
	}
}
