package rulesets

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/schema"
)

// The tables a ruleset prints (play.charts) are entered cell by cell as the
// rulebook prints them. TestChartsAsPrinted finds each chart in the seed
// text it cites: its column heads, then each row, every cell, on lines of
// the cited range in order. The seeds are not part of the repository: the
// test reads them from $MUSTER_SEEDS, else from a shared/seeds folder
// beside an ancestor of the package (the sessions' /work/shared/seeds), and
// skips where there is none.

// chartSeeds names the seed file of each book abbreviation a chart's
// source may start with, and the book a system's or a battle book's charts
// cite when their source names none.
var chartSeeds = map[string]string{
	"DoW":  "gbacw-dead-of-winter-stones-river.txt",
	"3DoG": "gbacw-three-days-of-gettysburg-deluxe.txt",
	"TSS":  "tss-terrible-swift-sword.txt",
	"SS":   "summer-storm.txt",
	"AMFS": "amfs-a-most-fearful-sacrifice.txt",
}

var chartBook = map[string]string{
	"gbacw": "DoW", "tss": "TSS", "summer-storm": "SS", "amfs": "AMFS",
	"gbacw-dead-of-winter": "DoW", "gbacw-three-days-of-gettysburg": "3DoG",
}

var chartSource = regexp.MustCompile(`^(?:(DoW|3DoG|TSS|SS|AMFS) )?L([0-9]+)-L([0-9]+)`)

// seedCells splits a seed line into a table's cells: a Markdown row
// (| a | b |), or cells parted by tabs, a leading tab an empty first cell
// (Dead of Winter's Points for Enemy Units prints Union rows alone as
// "\t\tPioneers\t2"); nil for other lines (a table laid out with spaces,
// compared word by word).
func seedCells(line string) []string {
	var cells []string
	switch {
	case strings.HasPrefix(strings.TrimSpace(line), "|"):
		cells = strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	case strings.Contains(line, "\t"):
		cells = strings.Split(strings.Trim(line, " \r\n"), "\t")
	default:
		return nil
	}
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// cellAsPrinted: the chart's cell is the seed's; a row's first cell may
// begin the seed's and a column head end it, as a word (TSS prints
// "1 Attkr / Defdr" for the row 1, "Unit Morale Rating: A" for the head A).
// A cell the seed prints as sentences of rule text may keep its first
// sentence(s) as a label, marked cut by " …" after the full stop
// ("Flesh Wound. …" for Summer Storm's "Flesh Wound. The General stays
// ..."): the chart's notes give the rest's values in their own words.
func cellAsPrinted(chart, seed string, head, first bool) bool {
	if label, ok := strings.CutSuffix(chart, cutMark); ok && !head && strings.HasSuffix(label, ".") && strings.HasPrefix(seed, label+" ") {
		return true
	}
	return chart == seed || chart != "" && (first && !head && strings.HasPrefix(seed, chart+" ") || head && strings.HasSuffix(seed, " "+chart))
}

// cutMark ends a cell that keeps only the first sentence(s) of the seed's.
const cutMark = " …"

// rowAsPrinted says whether a seed line prints the row (heads when head).
func rowAsPrinted(row []string, line string, head bool) bool {
	cells := seedCells(line)
	if cells == nil {
		return strings.Join(strings.Fields(strings.Join(row, " ")), " ") == strings.Join(strings.Fields(line), " ")
	}
	if len(cells) != len(row) {
		return false
	}
	for i, c := range row {
		if !cellAsPrinted(c, cells[i], head, i == 0) {
			return false
		}
	}
	return true
}

// chartAsPrinted checks a chart against the seed's lines (lines[0] is L1):
// the heads and then every row found on lines of the cited range, in order.
func chartAsPrinted(c Chart, lines []string, from, to int) error {
	if from < 1 || to < from || to > len(lines) {
		return fmt.Errorf("lines L%d-L%d are not in the seed (%d lines)", from, to, len(lines))
	}
	at := from
	find := func(row []string, head bool, what string) error {
		for ; at <= to; at++ {
			if rowAsPrinted(row, lines[at-1], head) {
				at++
				return nil
			}
		}
		return fmt.Errorf("%s %q is not printed in L%d-L%d (after what came before it)", what, row, from, to)
	}
	if err := find(c.Columns, true, "column heads"); err != nil {
		return err
	}
	for i, r := range c.Rows {
		if len(r) != len(c.Columns) {
			return fmt.Errorf("row %d has %d cells for %d columns", i+1, len(r), len(c.Columns))
		}
		if err := find(r, false, "row "+strconv.Itoa(i+1)); err != nil {
			return err
		}
	}
	return nil
}

// seedDir is where the seeds are, or "".
func seedDir() string {
	if d := os.Getenv("MUSTER_SEEDS"); d != "" {
		return d
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		if st, err := os.Stat(filepath.Join(dir, "shared", "seeds")); err == nil && st.IsDir() {
			return filepath.Join(dir, "shared", "seeds")
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// printedCharts are the charts of every embedded ruleset and battle book,
// each with the book its source cites by default.
func printedCharts(t *testing.T) map[string][]Chart {
	t.Helper()
	out := map[string][]Chart{}
	for _, sys := range Systems() {
		d, _, err := Raw(sys)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Decode(d.Value)
		if err != nil {
			t.Fatal(err)
		}
		out[sys] = r.Play.Charts
	}
	books, _ := filepath.Glob("books/*.yaml")
	for _, p := range books {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs, ds := schema.Parse(p, data, schema.DefaultLimits)
		if len(ds) > 0 || len(docs) != 1 {
			t.Fatalf("%s: %v", p, ds)
		}
		m, _ := docs[0].Value.(map[string]any)
		play, _ := m["play"].(map[string]any)
		if play == nil {
			continue
		}
		r, err := Decode(map[string]any{"play": play})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		out[strings.TrimSuffix(filepath.Base(p), ".yaml")] = r.Play.Charts
	}
	return out
}

func TestChartsAsPrinted(t *testing.T) {
	dir := seedDir()
	if dir == "" {
		t.Skip("no seeds: set MUSTER_SEEDS to the folder of the rulebooks' text")
	}
	seeds := map[string][]string{}
	n := 0
	for where, charts := range printedCharts(t) {
		for _, c := range charts {
			m := chartSource.FindStringSubmatch(c.Source)
			if m == nil {
				t.Errorf("%s: chart %s: source %q does not start with its seed lines (L350-L372, or DoW L452-L459)", where, c.ID, c.Source)
				continue
			}
			book := m[1]
			if book == "" {
				book = chartBook[where]
			}
			lines, ok := seeds[book]
			if !ok {
				data, err := os.ReadFile(filepath.Join(dir, chartSeeds[book]))
				if err != nil {
					t.Fatalf("%s: chart %s: %v", where, c.ID, err)
				}
				lines = strings.Split(string(data), "\n")
				seeds[book] = lines
			}
			from, _ := strconv.Atoi(m[2])
			to, _ := strconv.Atoi(m[3])
			if err := chartAsPrinted(c, lines, from, to); err != nil {
				t.Errorf("%s: chart %s (%s %s): %v", where, c.ID, book, c.Source, err)
			}
			// and it would fail were a cell not as printed: each row's
			// last cell changed in turn
			for i := range c.Rows {
				bad := c
				bad.Rows = append([][]string{}, c.Rows...)
				bad.Rows[i] = append([]string{}, c.Rows[i]...)
				bad.Rows[i][len(bad.Rows[i])-1] += "x"
				if chartAsPrinted(bad, lines, from, to) == nil {
					t.Errorf("%s: chart %s: row %d changed is still found in the seed", where, c.ID, i+1)
				}
			}
			n++
		}
	}
	if n < 60 {
		t.Errorf("%d charts checked; the rulesets and books hold 60 (TSS 15, Summer Storm 12, GBACW 5, the 3DoG book 8, the Dead of Winter book 20)", n)
	}
}

// TestChartAsPrintedFails: the check fails when one cell differs from the
// print, a cell is missing, or rows are out of order, in each layout a
// seed prints tables in (tabs, Markdown rows, spaces); it passes the table
// as printed.
func TestChartAsPrintedFails(t *testing.T) {
	seed := strings.Split(strings.Join([]string{
		"Some Table",
		"Dice Roll\tEffect",
		"7 or less\tNo effect",
		"8 - 13\t1 Hit",
		"| Die | Unit Morale Rating: A | B |",
		"|---|---|---|",
		"| 1 Attkr / Defdr | • | R |",
		"            0-6  7-9  10-12 13-15",
		"Cavalry     3*    6     9    12",
		"Die Roll\tEffect",
		"10\tFlesh Wound. The General stays on his horse. +1 DRM.",
		"CSA Units\tPts.\tUnion Units\tPts.",
		"\t\tPioneers\t2",
	}, "\n"), "\n")
	tabs := Chart{Columns: []string{"Dice Roll", "Effect"}, Rows: [][]string{{"7 or less", "No effect"}, {"8 - 13", "1 Hit"}}}
	pipes := Chart{Columns: []string{"Die", "A", "B"}, Rows: [][]string{{"1", "•", "R"}}}
	spaces := Chart{Columns: []string{"", "0-6", "7-9", "10-12", "13-15"}, Rows: [][]string{{"Cavalry", "3*", "6", "9", "12"}}}
	cut := func(effect string) Chart {
		return Chart{Columns: []string{"Die Roll", "Effect"}, Rows: [][]string{{"10", effect}}}
	}
	for _, tc := range []struct {
		what string
		c    Chart
		ok   bool
	}{
		{"a row printed with empty cells first", Chart{Columns: []string{"CSA Units", "Pts.", "Union Units", "Pts."}, Rows: [][]string{{"", "", "Pioneers", "2"}}}, true},
		{"a row printed with empty cells first, taken as the first", Chart{Columns: []string{"CSA Units", "Pts.", "Union Units", "Pts."}, Rows: [][]string{{"Pioneers", "2", "", ""}}}, false},
		{"prose cut after its first sentence, marked", cut("Flesh Wound. …"), true},
		{"prose cut after two sentences, marked", cut("Flesh Wound. The General stays on his horse. …"), true},
		{"prose as printed", cut("Flesh Wound. The General stays on his horse. +1 DRM."), true},
		{"prose cut, unmarked", cut("Flesh Wound."), false},
		{"prose cut inside a sentence", cut("Flesh Wound. The General …"), false},
		{"prose cut without its full stop", cut("Flesh Wound …"), false},
		{"the cut label changed", cut("Flesh Wounds. …"), false},
		{"a whole cell marked cut", cut("Flesh Wound. The General stays on his horse. +1 DRM. …"), false},
		{"tabs as printed", tabs, true},
		{"pipes as printed", pipes, true},
		{"spaces as printed", spaces, true},
		{"a cell changed", Chart{Columns: tabs.Columns, Rows: [][]string{{"7 or less", "No effect"}, {"8 - 13", "2 Hits"}}}, false},
		{"a row label changed", Chart{Columns: tabs.Columns, Rows: [][]string{{"7 or less", "No effect"}, {"8-13", "1 Hit"}}}, false},
		{"rows out of order", Chart{Columns: tabs.Columns, Rows: [][]string{{"8 - 13", "1 Hit"}, {"7 or less", "No effect"}}}, false},
		{"a cell short", Chart{Columns: tabs.Columns, Rows: [][]string{{"7 or less"}}}, false},
		{"a head changed", Chart{Columns: []string{"Dice", "Effect"}, Rows: tabs.Rows}, false},
		{"a head cut", Chart{Columns: []string{"Roll", "Effect"}, Rows: tabs.Rows}, true},
		{"a row label cut at its end", Chart{Columns: pipes.Columns, Rows: [][]string{{"Defdr", "•", "R"}}}, false},
		{"a piped cell changed", Chart{Columns: pipes.Columns, Rows: [][]string{{"1", "R", "R"}}}, false},
		{"a piped cell loose but not a label", Chart{Columns: pipes.Columns, Rows: [][]string{{"1", "•", ""}}}, false},
		{"a spaced cell changed", Chart{Columns: spaces.Columns, Rows: [][]string{{"Cavalry", "3", "6", "9", "12"}}}, false},
	} {
		err := chartAsPrinted(tc.c, seed, 1, len(seed))
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v, want ok %v", tc.what, err, tc.ok)
		}
	}
	if err := chartAsPrinted(tabs, seed, 3, len(seed)); err == nil {
		t.Errorf("the heads above the cited lines were found")
	}
}

// TestBookChartsKeepSeries: a battle book's play.charts replaces its
// series' list (Merge replaces lists), so a book layer that prints charts
// carries every table its series prints, in its own edition's print or the
// series' own: a 3DoG or Dead of Winter battle keeps the fire DRM list.
func TestBookChartsKeepSeries(t *testing.T) {
	all := printedCharts(t)
	for _, book := range []string{"gbacw-three-days-of-gettysburg", "gbacw-dead-of-winter"} {
		charts, ok := all[book]
		if !ok || len(charts) == 0 {
			continue
		}
		if err := keepsSeries(all["gbacw"], charts); err != nil {
			t.Errorf("%s: %v", book, err)
		}
	}
	if err := keepsSeries(all["gbacw"], all["gbacw"][1:]); err == nil {
		t.Errorf("a book without the series' first chart passes")
	}
	drifted := append([]Chart{}, all["gbacw"]...)
	drifted[0].Rows = append([][]string{{"0-1", "Confusion"}}, drifted[0].Rows[1:]...)
	if err := keepsSeries(all["gbacw"], drifted); err == nil {
		t.Errorf("a book whose copy of the series' first chart drifted passes")
	}
	if err := keepsSeries(all["gbacw"], all["gbacw"]); err != nil {
		t.Errorf("the series' own charts: %v", err)
	}
}

// keepsSeries says which series chart a book's charts lack, or repeat
// from the same seed lines but not as the series holds it, its title,
// heads and cells (Dead of Winter's book repeats the series' five: a copy
// that drifts fails; a book may add notes of its own, as 3DoG's does).
func keepsSeries(series, book []Chart) error {
	ids := map[string]Chart{}
	for _, c := range book {
		ids[c.ID] = c
	}
	for _, c := range series {
		b, ok := ids[c.ID]
		if !ok {
			return fmt.Errorf("no chart %s (%s): the series prints it and the book's charts replace the series'", c.ID, c.Title)
		}
		b.Notes, c.Notes = nil, nil
		if b.Source == c.Source && !reflect.DeepEqual(b, c) {
			return fmt.Errorf("chart %s cites the series' lines (%s) but is not the series' chart: copy it from rulesets/gbacw.yaml", c.ID, c.Source)
		}
	}
	return nil
}
