package sheets

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/oob"
)

// bigArmy makes a side of 3 divisions of 4 brigades of 9 units each.
func bigArmy() *oob.Side {
	army := &oob.Formation{Name: "Big Army", Level: "army", Leader: &oob.Leader{Name: "Boss", Ratings: oob.Values{{Name: "initiative", Value: oob.Value{V: int64(2)}}}}}
	for d := 1; d <= 3; d++ {
		div := &oob.Formation{ID: fmt.Sprint(d), Name: fmt.Sprintf("Div%d", d), Level: "division", Parent: army}
		army.Children = append(army.Children, div)
		for b := 1; b <= 4; b++ {
			br := &oob.Formation{ID: fmt.Sprint(b), Name: fmt.Sprintf("Brig%d-%d", d, b), Level: "brigade", Parent: div}
			div.Children = append(div.Children, br)
			for u := 1; u <= 9; u++ {
				typ := "inf"
				if u == 9 {
					typ = "art"
				}
				br.Units = append(br.Units, &oob.Unit{Name: fmt.Sprintf("%d-%d-%d Regt", d, b, u), Type: typ, Formation: br,
					Values: oob.Values{{Name: "strength", Value: oob.Value{V: int64(u)}}, {Name: "weapon", Value: oob.Value{V: "R"}}}})
			}
		}
	}
	return &oob.Side{ID: "USA", Name: "Union", Color: "#2c4a7c", Text: "#ffffff", Army: army}
}

func bigInput() *SheetInput {
	side := bigArmy()
	in := &SheetInput{Title: "Test Battle", Subtitle: "Scenario t", Sides: []*oob.Side{side},
		Fields: map[string]string{"strength": "Strength points", "weapon": "Weapon type", "initiative": "Initiative"},
		Types: map[string]UnitTypeInfo{"inf": {Class: "infantry", Fields: []string{"weapon", "strength"}},
			"art": {Class: "artillery", Artillery: true, Fields: []string{"weapon", "strength"}}},
		Scenario: true, Units: map[*oob.Unit]Placement{}, Leaders: map[*oob.Leader]Placement{}}
	for i, u := range side.Army.AllUnits() {
		p := Placement{Where: fmt.Sprintf("A%04d", i)}
		if i == 5 {
			p.Withdraw = "Jul 1 1200 at A0101"
		}
		in.Units[u] = p
	}
	return in
}

func TestTotals(t *testing.T) {
	sh := BuildSheet(bigInput())
	s := sh.Sides[0]
	// per brigade: 1..8 infantry SP, 9 guns
	if got := s.Totals.String(); got != "432 SP, 108 guns, 108 counters" {
		t.Errorf("side totals %q", got)
	}
	var brig, div int
	for _, b := range s.Blocks {
		switch {
		case b.TotalsOnly && b.Level == "division":
			div++
			if b.Totals.String() != "144 SP, 36 guns, 36 counters" {
				t.Errorf("division totals %q", b.Totals)
			}
		case b.Level == "brigade":
			brig++
			if b.Totals.String() != "36 SP, 9 guns, 9 counters" {
				t.Errorf("brigade totals %q", b.Totals)
			}
		}
	}
	if brig != 12 || div != 3 {
		t.Errorf("%d brigades, %d division totals", brig, div)
	}
	// Blocks: army, division 1, brigade 1-1, …
	if b := s.Blocks[2]; b.Level != "brigade" || !b.Rows[5].Withdraws || !sh.Withdrawals {
		t.Error("withdrawal not marked")
	}
}

// TestPDFNeverSplitsABrigade checks each brigade's heading and its totals
// line land on the same page.
func TestPDFNeverSplitsABrigade(t *testing.T) {
	sh := BuildSheet(bigInput())
	for _, orient := range []string{"portrait", "landscape"} {
		var buf bytes.Buffer
		if err := sh.PDF(&buf, Page{Paper: "letter", Orientation: orient}); err != nil {
			t.Fatal(err)
		}
		pages := strings.Split(buf.String(), "/Type /Page\n")
		if len(pages) < 3 {
			t.Fatalf("%s: %d pages, want several", orient, len(pages)-1)
		}
		for d := 1; d <= 3; d++ {
			for b := 1; b <= 4; b++ {
				name := fmt.Sprintf("Brig%d-%d", d, b)
				head, tot := -1, -1
				for i, p := range pages {
					if strings.Contains(p, "("+PDFText(fmt.Sprintf("%d/%d ", b, d)+name)+")") {
						head = i
					}
					if strings.Contains(p, "("+PDFText(name+" ("+fmt.Sprintf("%d/%d", b, d)+"): 36 SP")) {
						tot = i
					}
				}
				if head < 0 || head != tot {
					t.Errorf("%s: brigade %s heading on page chunk %d, totals on %d", orient, name, head, tot)
				}
			}
		}
	}
}

func TestMarkdownAndHTML(t *testing.T) {
	sh := BuildSheet(bigInput())
	var md, html bytes.Buffer
	if err := sh.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	if err := sh.HTML(&html, Page{Paper: "a4", Orientation: "landscape"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| **1-1-6 Regt** (W) | inf | R | 6 |") {
		t.Errorf("markdown does not mark the withdrawal:\n%.600s", md.String())
	}
	for _, w := range []string{"@page { size: A4 landscape", "break-inside: avoid", `<tr class="withdraws">`} {
		if !strings.Contains(html.String(), w) {
			t.Errorf("HTML lacks %q", w)
		}
	}
}

// TestPDFUnicode: a title outside Latin-1 prints as written (the core
// Helvetica made "." of it), and the font it prints in is embedded.
func TestPDFUnicode(t *testing.T) {
	sh := BuildSheet(bigInput())
	sh.Title = "Łódź — Пётр’s Brigade"
	var buf bytes.Buffer
	if err := sh.PDF(&buf, Page{Paper: "a4", Orientation: "portrait"}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "("+PDFText(sh.Title)+")") {
		t.Error("the title is not written as given")
	}
	if !strings.Contains(out, "/FontFile2") || strings.Contains(out, "/BaseFont /Helvetica") {
		t.Error("the sheet's font is not embedded")
	}
}
