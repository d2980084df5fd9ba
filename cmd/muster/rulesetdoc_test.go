package main

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/muster-wargames/muster/internal/golden"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/validate"
)

// docs/rulesets.md is made from the embedded rulesets, so it always says
// what muster checks. go generate ./... (UPDATE=1) rewrites it.
func TestRulesetsDoc(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("# Rule systems as data\n\n")
	b.WriteString("Each rule system is one embedded YAML file in `rulesets/`. A battle may override any part of\n")
	b.WriteString("it under `rules:` in battle.yaml. This page is generated from those files\n")
	b.WriteString("(`go generate ./...`); change the rulesets, not this page. Sources cite the\n")
	b.WriteString("rule number and the seed line of the rulebook text.\n\n")
	b.WriteString("Choices made where a book is unclear or contradicts itself are stated in each system's\n")
	b.WriteString("notes and in the documentation of the check that depends on them (codes.md): for example\n")
	b.WriteString("GBACW's inferred turn track, Summer Storm's stacking by division (8.1.5 against its own note),\n")
	b.WriteString("TSS's staging area 4, which the book gives to both sides (an area without a side is open to\n")
	b.WriteString("either), and AMFS's Devil's Den limit applied to the terrain type. A battle changes any of\n")
	b.WriteString("them under `rules:`, e.g. `rules: {figures: {command: {chain: 0}}}`.\n")
	for _, sys := range rulesets.Systems() {
		r, err := rulesets.Load(sys)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n## %s — %s\n\n", sys, r.Name)
		if r.Source != "" {
			fmt.Fprintf(&b, "Source: %s\n\n", r.Source)
		}
		if r.Note != "" {
			fmt.Fprintf(&b, "%s\n\n", strings.TrimSpace(r.Note))
		}
		b.WriteString("**Formation levels** (top down):\n\n| Level | Rank | Leader ratings | Source |\n|---|---|---|---|\n")
		for _, l := range r.Levels {
			fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", l.ID, l.Rank, strings.Join(l.Leader, ", "), cell(l.Source))
		}
		b.WriteString("\n**Counter values and ratings:**\n\n| Field | Title | Type | Values | Source |\n|---|---|---|---|---|\n")
		for _, name := range sortedKeys(r.Fields) {
			f := r.Fields[name]
			vals := strings.Join(f.Values, ", ")
			if f.Min != nil || f.Max != nil {
				lo, hi := "", ""
				if f.Min != nil {
					lo = fmt.Sprint(*f.Min)
				}
				if f.Max != nil {
					hi = fmt.Sprint(*f.Max)
				}
				vals = lo + "–" + hi
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", name, cell(f.Title), f.Type, cell(vals), cell(f.Source))
		}
		b.WriteString("\n**Unit types:**\n\n| Type | Class | Values | Optional | Faces |\n|---|---|---|---|---|\n")
		for _, name := range sortedKeys(r.UnitTypes) {
			u := r.UnitTypes[name]
			var faces []string
			for _, f := range sortedKeys(u.Faces) {
				faces = append(faces, f+" ("+strings.Join(u.Faces[f], ", ")+")")
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", name, u.Class, strings.Join(u.Fields, ", "), strings.Join(u.Optional, ", "), cell(strings.Join(faces, "; ")))
		}
		for _, tbl := range []struct {
			title string
			m     map[string]rulesets.CostEntry
		}{{"Terrain", r.Terrain}, {"Hexside features", r.Hexsides}, {"Roads", r.Roads}} {
			fmt.Fprintf(&b, "\n**%s** (movement cost by unit class; `other` for the rest; negative = impassable; *i* = illustrative):\n\n| Name | Cost | Source |\n|---|---|---|\n", tbl.title)
			for _, name := range sortedKeys(tbl.m) {
				e := tbl.m[name]
				var costs []string
				for _, k := range sortedKeys(e.Cost) {
					costs = append(costs, fmt.Sprintf("%s %g", k, e.Cost[k]))
				}
				src := e.Source
				if e.Illustrative {
					src = strings.TrimSpace("*i* " + src)
				}
				fmt.Fprintf(&b, "| %s | %s | %s |\n", name, strings.Join(costs, ", "), cell(src))
			}
		}
		slots, _ := r.Turns.Expand()
		var ts []string
		for _, s := range slots {
			x := s.Time
			if s.Light != "day" {
				x += " (" + s.Light + ")"
			}
			ts = append(ts, x)
		}
		fmt.Fprintf(&b, "\n**Turn track** (one game day, %d turns): %s.", len(slots), strings.Join(ts, ", "))
		if r.Turns.Source != "" {
			fmt.Fprintf(&b, " Source: %s.", r.Turns.Source)
		}
		b.WriteString("\n")
		if len(r.Orders) > 0 {
			fmt.Fprintf(&b, "\n**Orders:** %s.\n", strings.Join(r.Orders, ", "))
		}
		var classes []string
		for _, name := range sortedKeys(r.Classes) {
			c := r.Classes[name]
			var traits []string
			if c.Artillery {
				traits = append(traits, "artillery")
			}
			if c.Mounted {
				traits = append(traits, "mounted")
			}
			if c.Supply {
				traits = append(traits, "supply")
			}
			if len(traits) > 0 {
				name += " (" + strings.Join(traits, ", ") + ")"
			}
			classes = append(classes, name)
		}
		fmt.Fprintf(&b, "\n**Unit classes:** %s.\n", strings.Join(classes, ", "))
		var lights []string
		for _, name := range sortedKeys(r.Lights) {
			if r.Lights[name].Night {
				name += " (night)"
			}
			lights = append(lights, name)
		}
		fmt.Fprintf(&b, "\n**Light:** %s.\n", strings.Join(lights, ", "))
		fmt.Fprintf(&b, "\n**Dice:** %dd%d. Source: %s.\n", r.Dice.Count, r.Dice.Sides, r.Dice.Source)
		if r.Strength != "" {
			fmt.Fprintf(&b, "\n**Strength:** the counter value `%s` is what stacking adds up and what a set-up's `strength:` override replaces.\n", r.Strength)
		}
		f := &r.Figures
		if f.Command.None {
			fmt.Fprintf(&b, "\n**Command ranges:** none. %s\n", strings.TrimSpace(f.Command.Why))
		} else if f.Command.Code != "" {
			rng := "the leader's `" + f.Command.Rating + "` rating"
			if f.Command.Rating == "" {
				var parts []string
				for _, k := range sortedKeys(f.Command.Fixed) {
					parts = append(parts, fmt.Sprintf("%s %d", k, f.Command.Fixed[k]))
				}
				rng = strings.Join(parts, ", ")
				if f.Command.Cavalry > 0 {
					rng += fmt.Sprintf(", cavalry %d", f.Command.Cavalry)
				}
			}
			fmt.Fprintf(&b, "\n**Command ranges:** %s, measured in %s", rng, f.Command.Measure)
			if len(f.Command.Halve) > 0 {
				fmt.Fprintf(&b, "; halved (rounding up) at %s", strings.Join(f.Command.Halve, ", "))
			}
			if f.Command.NightMinus > 0 {
				fmt.Fprintf(&b, "; %d less at night", f.Command.NightMinus)
			}
			if f.Command.Chain > 0 {
				fmt.Fprintf(&b, "; a unit within %d hex(es) of an in-command unit of its brigade is in command", f.Command.Chain)
			}
			for _, class := range sortedKeys(f.Command.ChainField) {
				fmt.Fprintf(&b, "; a %s unit within its `%s` value (in %s) of an in-command unit of its brigade is in command", class, f.Command.ChainField[class], f.Command.Measure)
			}
			if n := f.Command.Near; len(n.Levels) > 0 {
				fmt.Fprintf(&b, "; a unit within %d hex(es) of a commander of its own %s is in command", n.Hexes, strings.Join(n.Levels, " or "))
			}
			b.WriteString(".\n")
		}
		writePlay(&b, &r.Play)
		b.WriteString("\n**Rule checks** (each explained in [codes.md](codes.md)):\n\n")
		for _, c := range validate.Codes(r) {
			if c.System == sys {
				fmt.Fprintf(&b, "- [%s](codes.md#%s) %s — %s, %s\n", c.Code, strings.ToLower(c.Code), c.Title, c.Severity, c.Rule)
			}
		}
	}
	books, err := filepath.Glob("../../rulesets/books/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(books) > 0 {
		b.WriteString("\n## Battle-book overrides\n\n")
		b.WriteString("A battle book that changes its series rules says so in data: each file of `rulesets/books/` is\n")
		b.WriteString("a `rules:` block for battle.yaml, to copy under `rules:` as it stands (a check test in\n")
		b.WriteString("`validate/testdata` uses each one, kept equal to the file by TestBooks).\n")
	}
	for _, path := range books {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "\n### %s\n\n```yaml\nrules:\n%s```\n", filepath.Base(path), indent(string(data)))
	}
	writeCoverage(&b, readCoverage(t))
	checkDoc(t, "../../docs/rulesets.md", b.Bytes())
}

// indent puts every non-empty line two spaces in, as under `rules:`.
func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.TrimSpace(l) != "" {
			b.WriteString("  ")
		}
		b.WriteString(l)
	}
	return b.String()
}

// TestBooks keeps each battle-book override equal to the rules: block of
// the check test that uses it (validate/testdata/SYSTEM-BOOK.txtar for
// rulesets/books/SYSTEM-BOOK.yaml, or a case named by the book's short
// name), comments at the top of the file aside: the block, the last key of
// the case's battle.yaml, is generated from the book (go generate ./...,
// UPDATE=1).
func TestBooks(t *testing.T) {
	uses := map[string]string{"gbacw-three-days-of-gettysburg.yaml": "gbacw-3dog.txtar", "gbacw-dead-of-winter.yaml": "gbacw-dow.txtar"}
	books, err := filepath.Glob("../../rulesets/books/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range books {
		name := filepath.Base(path)
		tc, ok := uses[name]
		if !ok {
			t.Errorf("%s: no check test uses it (add it to TestBooks)", name)
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var body strings.Builder
		for _, l := range strings.SplitAfter(string(data), "\n") {
			if !strings.HasPrefix(l, "# ") {
				body.WriteString(l)
			}
		}
		ar, err := txtar.ParseFile("../../validate/testdata/" + tc)
		if err != nil {
			t.Fatal(err)
		}
		var battle string
		for _, f := range ar.Files {
			if f.Name == "battle.yaml" {
				battle = string(f.Data)
			}
		}
		i := strings.Index("\n"+battle, "\nrules:\n")
		if i < 0 {
			t.Errorf("validate/testdata/%s: its battle.yaml has no rules: block for %s", tc, name)
			continue
		}
		golden.CheckSection(t, "../../validate/testdata/"+tc, "battle.yaml", []byte(battle[:i]+"rules:\n"+indent(body.String())))
	}
}

// TestBookExamples: an example battle of a battle book carries the book's
// rules: block, every line of it (comments aside) in order under its
// battle.yaml's rules:, with its own additions between (Dead of Winter's
// attachments, Three Days of Gettysburg's also_within).
func TestBookExamples(t *testing.T) {
	for book, example := range map[string]string{
		"gbacw-dead-of-winter.yaml":           "dead-of-winter",
		"gbacw-three-days-of-gettysburg.yaml": "3dog-mcphersons-ridge",
	} {
		data, err := os.ReadFile("../../rulesets/books/" + book)
		if err != nil {
			t.Fatal(err)
		}
		battle, err := os.ReadFile("../../examples/" + example + "/battle.yaml")
		if err != nil {
			t.Fatal(err)
		}
		_, rules, ok := strings.Cut(string(battle), "\nrules:\n")
		if !ok {
			t.Errorf("examples/%s/battle.yaml: no rules: block for %s", example, book)
			continue
		}
		have := strings.Split(rules, "\n")
		i := 0
		for _, l := range strings.Split(indent(string(data)), "\n") {
			if s := strings.TrimSpace(l); s == "" || strings.HasPrefix(s, "#") {
				continue
			}
			for i < len(have) && have[i] != l {
				i++
			}
			if i == len(have) {
				t.Errorf("examples/%s/battle.yaml: its rules: block lacks, or has out of order, the line of %s\n%s", example, book, l)
				break
			}
			i++
		}
	}
}

func cell(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ") }

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// writePlay lists what the VASSAL module gives a player of the system: the
// counter states with their keys, the strength keys, the markers and cups.
func writePlay(b *bytes.Buffer, p *rulesets.Play) {
	if len(p.States) == 0 && len(p.Markers) == 0 && len(p.Cups) == 0 {
		return
	}
	b.WriteString("\n**In play** (the VASSAL module's keys; `rules: play:` overrides them):\n\n")
	b.WriteString("| State | For | Levels | Key | Back | Rule |\n|---|---|---|---|---|---|\n")
	for _, st := range p.States {
		levels := strings.Join(st.Levels, ", ")
		switch {
		case st.Facings > 0:
			levels = fmt.Sprintf("%d facings", st.Facings)
		case st.Face != "" && levels == "":
			levels = "face " + st.Face
		}
		if st.Clear {
			levels += " (cleared by a global command)"
		}
		forWhom := strings.Join(st.For, ", ")
		if forWhom == "" {
			forWhom = "all units"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", cell(st.Title), forWhom, cell(levels), st.Key, st.Back, st.Rule)
	}
	if p.Strength.Down != "" || p.Strength.Up != "" {
		fmt.Fprintf(b, "| Strength | all units | one point down / up | %s | %s | %s |\n", p.Strength.Down, p.Strength.Up, p.Strength.Rule)
	}
	k := p.Keys
	fmt.Fprintf(b, "\nEvery piece: flip %s, delete %s, clone %s", orDash(k.Flip), orDash(k.Delete), orDash(k.Clone))
	if k.Counter != "" {
		fmt.Fprintf(b, "; a leader with further counters (`counters:`): next counter %s, shift for the one before", k.Counter)
	}
	b.WriteString(".\n")
	if len(p.Markers) > 0 {
		var ms []string
		for _, m := range p.Markers {
			t := m.Title
			if len(m.Faces) > 0 {
				t += " / " + strings.Join(m.Faces, " / ")
			}
			ms = append(ms, t+" ("+m.Rule+")")
		}
		fmt.Fprintf(b, "\n**Markers:** %s.\n", cell(strings.Join(ms, "; ")))
	}
	for _, c := range p.Cups {
		fmt.Fprintf(b, "\n**Draw cup** %s: %s chits (%s).\n", cell(c.Title), c.Chits, c.Rule)
	}
	for _, st := range p.States {
		if p.Reserve != "" && st.ID == p.Reserve {
			fmt.Fprintf(b, "\n**In reserve:** a set-up stack's `reserve: true` starts %s on its pieces that have it (%s).\n", cell(st.Title), st.Rule)
		}
	}
	if p.First.Title != "" {
		fmt.Fprintf(b, "\n**Turn track:** on a scenario's first turn, the side under its `first:` %s (%s).\n", cell(p.First.Title), p.First.Rule)
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
