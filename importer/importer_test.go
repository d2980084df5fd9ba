package importer

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/oob"
)

func run(t *testing.T, file string, opt Options) *Result {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Import(bytes.NewReader(b), opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func find(res *Result, line int) *Item {
	for _, it := range res.Items {
		if it.Line == line {
			return it
		}
	}
	return nil
}

func outs(it *Item) string {
	var s []string
	for _, e := range it.Entries {
		s = append(s, e.Out)
	}
	return strings.Join(s, ", ")
}

func TestIntroSetup(t *testing.T) {
	res := run(t, "dow-intro.txt", Options{Day: "Dec 30"})
	if got := len(res.Items); got != 29 {
		t.Errorf("%d set-up lines, want 29", got)
	}
	it := find(res, 5) // "• C3014: Post/1/1/RW, 59 IL, 5 WI Bty"
	if it == nil || it.Side != "USA" || it.Hex != "C3014" || outs(it) != "Post/1/1/RW, 59 IL, 5 WI Bty" {
		t.Fatalf("C3014 read as %+v", it)
	}
	// the brigade carries forward: 59 IL is tried as 59 IL/1/1/RW
	if q := it.Entries[1].Quals; len(q) == 0 || q[0] != "1/1/RW" {
		t.Errorf("59 IL qualifiers %v, want 1/1/RW first", q)
	}
	if it := find(res, 23); it == nil || it.Side != "CSA" || outs(it) != "Cheatham/1/P" {
		t.Errorf("C4515 read as %+v", it)
	}
	// the note after the CSA list is kept, never dropped
	// (line 1 is the excerpt's own header, also kept)
	if len(res.Unread) != 2 || res.Unread[1].Line != 39 {
		t.Errorf("unread %+v, want lines 1 and 39", res.Unread)
	}
	if !bytes.Contains(res.YAML, []byte("# UNREAD L39: Note: All Confederate brigades are under Cheatham's command.")) {
		t.Errorf("unread line not kept as a comment:\n%s", res.YAML)
	}
	again := run(t, "dow-intro.txt", Options{Day: "Dec 30"})
	if !bytes.Equal(res.YAML, again.YAML) {
		t.Error("output differs between two runs")
	}
}

func TestS1Forms(t *testing.T) {
	res := run(t, "dow-s1.txt", Options{})
	// "C2717: A, 1 OH Bty": a lone company letter joins the battery
	if it := find(res, 7); it == nil || outs(it) != "A 1 OH Bty" {
		t.Errorf("L7 read as %v", outs(it))
	}
	// "(strength of 7)"
	it := find(res, 26)
	if it == nil || it.Entries[0].Strength == nil || *it.Entries[0].Strength != 7 || it.Entries[0].Name != "21 IL" || it.Entries[0].Des != "2/1/RW" {
		t.Errorf("L26 read as %+v", it)
	}
	// "C4216: 4 Ark, 1 Ark MR/3/3/H": the designation on the last unit counts for the first
	if it := find(res, 41); it == nil || len(it.Entries[0].Quals) == 0 || it.Entries[0].Quals[0] != "3/3/H" {
		t.Errorf("L41 read as %+v", it)
	}
	// "Within 3 hexes of C4135: Wharton, 3/Cav"
	it = find(res, 67)
	if it == nil || it.Within != 3 || it.Hex != "C4135" || !it.Entries[1].Formation {
		t.Errorf("L67 read as %+v", it)
	}
}

func TestLists(t *testing.T) {
	res := run(t, "dow-lists.txt", Options{Day: "Dec 31"})
	it := find(res, 6) // between A4824 and A4828
	if it == nil || it.Kind != kindArrival || strings.Join(it.Hexes, " ") != "A4824 A4825 A4826 A4827 A4828" || it.Time != "1200" {
		t.Errorf("L6 read as %+v", it)
	}
	it = find(res, 12) // heading time 1000, "4/1/P (except Scott Bty), 12 TN (3), ..."
	if it == nil || it.Time != "1000" || it.Hexes[0] != "A3253" || len(it.Entries[0].Except) != 1 || it.Entries[0].Except[0] != "Scott Bty" {
		t.Errorf("L12 read as %+v", it)
	}
	it = find(res, 13) // "Loomis (repl) 19 AL (5)" without a comma
	if it == nil || it.Entries[1].Face != "replacement" || it.Entries[2].Name != "19 AL" {
		t.Errorf("L13 read as %+v", it)
	}
	it = find(res, 14) // "3/1/P 4 TN PA (6)"
	if it == nil || !it.Entries[0].Formation || it.Entries[1].Name != "4 TN PA" {
		t.Errorf("L14 read as %+v", it)
	}
	it = find(res, 18) // "A3053: 1/Cav, Fatigue level 4"
	if it == nil || it.Time != "1200" || len(it.Entries) != 1 || it.Notes[0] != "Fatigue level 4" || it.Fatigue != "4" {
		t.Errorf("L18 read as %+v", it)
	}
	// the level is written as the arrival's fatigue: (GBACW 17.21), the words kept in its note
	if !bytes.Contains(res.YAML, []byte(`units: [1/Cav], fatigue: 4, source: "L18", note: "Fatigue level 4"}`)) {
		t.Errorf("L18's fatigue not written:\n%s", res.YAML)
	}
	it = find(res, 26) // "B1141: B: Jackson/5/1/H (attached to 2/P), Lumsden Bty"
	if it == nil || !it.Breastworks || it.Entries[0].Attached != "2/P" {
		t.Errorf("L26 read as %+v", it)
	}
	it = find(res, 31) // "Within one hex of A3220: ..."
	if it == nil || it.Within != 1 || len(it.Entries) != 7 {
		t.Errorf("L31 read as %+v", it)
	}
	it = find(res, 34) // "0600, A1025: Sheridan, 3/RW Division"
	if it == nil || !it.Entries[1].Formation || it.Entries[1].Name != "3/RW" {
		t.Errorf("L34 read as %+v", it)
	}
	it = find(res, 40) // "1800, WITHDRAW: ..."
	if it == nil || it.Kind != kindWithdrawal || it.Time != "1800" || len(it.Entries) != 4 {
		t.Errorf("L40 read as %+v", it)
	}
	it = find(res, 46) // "1400, Variable, C1019: Kennett, 2/1/Cav — Enter on 1–3"
	if it == nil || it.Hexes[0] != "C1019" || !strings.Contains(strings.Join(it.Notes, ";"), "Enter on 1–3") {
		t.Errorf("L46 read as %+v", it)
	}
	it = find(res, 43) // "A1041 or C1019"
	if it == nil || strings.Join(it.Hexes, " ") != "A1041 C1019" {
		t.Errorf("L43 read as %+v", it)
	}
	var lines []int
	for _, u := range res.Unread {
		lines = append(lines, u.Line)
	}
	// the prose 2/Cav line and the command note
	if len(lines) != 3 || lines[0] != 1 || lines[1] != 22 || lines[2] != 24 {
		t.Errorf("unread lines %v, want [1 22 24]", lines)
	}
}

func TestRefuse(t *testing.T) {
	res := run(t, "dow-refuse.txt", Options{})
	if len(res.Items) != 0 {
		t.Errorf("read %d lines that must be refused: %+v", len(res.Items), res.Items[0])
	}
	if len(res.Unread) != 7 { // the header and six lines of the book
		t.Fatalf("%d unread, want 7: %+v", len(res.Unread), res.Unread)
	}
	for _, u := range res.Unread {
		c := "# UNREAD L" + strconv.Itoa(u.Line) + ": "
		if !bytes.Contains(res.YAML, []byte(c)) {
			t.Errorf("line %d is not kept in the output", u.Line)
		}
	}
}

func TestTSSSchedule(t *testing.T) {
	res := run(t, "tss-schedule.txt", Options{System: "tss"})
	it := find(res, 7) // | 0740 | 1 | 3/Heth/III, 4/Heth/III (minus 11Miss) Archer, Davis. |
	if it == nil || it.Side != "CSA" || it.Day != "Jul 1" || it.Area != "1" || outs(it) != "3/Heth/III, 4/Heth/III, Archer, Davis" {
		t.Errorf("L7 read as %+v / %s", it, outs(it))
	}
	if it := find(res, 20); it == nil || outs(it) != "Jones' Brigade, Latimer's Artillery, Jones, J." {
		t.Errorf("L20 read as %s", outs(it))
	}
	it = find(res, 25) // CSA withdrawal, areas 4/5
	if it == nil || it.Kind != kindWithdrawal || it.Area != "4" || strings.Join(it.Or, ",") != "5" || it.Day != "Jul 3" {
		t.Errorf("L25 read as %+v", it)
	}
	// the alternatives are data: muster judges each (and the outputs name them)
	if !bytes.Contains(res.YAML, []byte(`area: "4", or: [{area: "5"}], units:`)) {
		t.Errorf("L25's alternative area is not written as or:\n%s", res.YAML)
	}
	if it := find(res, 26); it == nil || !it.Optional {
		t.Errorf("L26 read as %+v", it)
	}
	it = find(res, 43) // Union withdrawal July 2
	if it == nil || it.Side != "USA" || it.Kind != kindWithdrawal || it.Day != "Jul 2" {
		t.Errorf("L43 read as %+v", it)
	}
	if !bytes.Contains(res.YAML, []byte(`withdrawals:`)) || !bytes.Contains(res.YAML, []byte(`area: "8"`)) {
		t.Errorf("YAML lacks withdrawals or areas:\n%s", res.YAML)
	}
}

// a small Confederate order of battle: two Polks, two "2 TN", a brigade
// with a battery that the set-up places apart.
func csaIndex() *oob.Index {
	army := &oob.Formation{Level: "army", Leader: &oob.Leader{Name: "Bragg"}}
	add := func(parent *oob.Formation, id, leader string, units ...string) *oob.Formation {
		f := &oob.Formation{ID: id, Parent: parent}
		if leader != "" {
			f.Leader = &oob.Leader{Name: leader, Formation: f}
		}
		for _, u := range units {
			f.Units = append(f.Units, &oob.Unit{Name: u, Formation: f})
		}
		parent.Children = append(parent.Children, f)
		return f
	}
	p := add(army, "P", "Polk")
	d := add(p, "1", "Cheatham")
	add(d, "4", "Vaughn", "12 TN", "13 TN", "Scott Bty")
	h := add(army, "H", "Hardee")
	c := add(h, "2", "Cleburne")
	add(c, "1", "Polk", "2 TN", "13 Ark", "15 Ark", "Key Bty")
	cav := add(army, "Cav", "Wheeler")
	add(cav, "3", "Wharton", "2 TN", "3 CS")
	return oob.NewIndex(army)
}

func TestResolve(t *testing.T) {
	ix := csaIndex()
	src := "CONFEDERATE SETUP\n" +
		"C4817: 15 AK, 13 AK/1/2/H\n" + // L2: AK = Ark, designation on the last unit
		"C4818: 2 TN, Key Artillery, Polk\n" + // L3: 2 TN and Polk are ambiguous alone
		"A3253: 4/1/P (except Scott Bty), 12 TN (3)\n" + // L4: expanded
		"D2502: Polk\n" // L5: no context: stays ambiguous
	res, err := Import(strings.NewReader(src), Options{Index: func(string) *oob.Index { return ix }})
	if err != nil {
		t.Fatal(err)
	}
	if got := outs(find(res, 2)); got != "15 Ark, 13 Ark" {
		t.Errorf("L2 = %q", got)
	}
	if got := outs(find(res, 3)); got != "2 TN/1/2/H, Key Bty, Polk/1/2/H" {
		t.Errorf("L3 = %q", got)
	}
	// the formation stays one entry, as printed: the members it stands for
	// are muster's to find (rest:, less:)
	if got := outs(find(res, 4)); got != "4/1/P, 12 TN" {
		t.Errorf("L4 = %q", got)
	}
	if e := find(res, 4).Entries[0]; !e.Rest || strings.Join(e.Less, ",") != "Scott Bty" {
		t.Errorf("L4: 4/1/P rest %v less %q, want rest and Scott Bty", e.Rest, e.Less)
	}
	if y := string(res.YAML); !strings.Contains(y, `"A3253": [{unit: 4/1/P, rest: true, less: [Scott Bty]}, {unit: 12 TN, strength: 3}]`) || strings.Contains(y, "expanded") || strings.Contains(y, "from \\\"") {
		t.Errorf("L4 is not written as data:\n%s", y)
	}
	if got := outs(find(res, 5)); got != "Polk" {
		t.Errorf("L5 = %q", got)
	}
	var amb bool
	for _, w := range res.Warnings {
		amb = amb || w.Line == 5 && strings.Contains(w.Text, "could be")
	}
	if !amb {
		t.Errorf("no warning for the ambiguous Polk: %+v", res.Warnings)
	}
}

// TestLeaderWordsImported: the side's words for the leader of the formation
// printed before them are kept as printed, and name him: the formation is
// then written with rest: as a formation one of whose members is named.
func TestLeaderWordsImported(t *testing.T) {
	ix := csaIndex()
	ix.LeaderWords("repl leader", "replacement")
	src := "CONFEDERATE SETUP\n" +
		"A3254: 4/1/P, Repl Leader, 13 TN\n" + // L2
		"A3255: 1/2/H\n" // L3: no member named: the formation alone
	res, err := Import(strings.NewReader(src), Options{Index: func(string) *oob.Index { return ix }})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		t.Errorf("warning: %+v", w)
	}
	y := string(res.YAML)
	for _, want := range []string{`"A3254": [{unit: 4/1/P, rest: true}, Repl Leader, 13 TN]`, `"A3255": [1/2/H]`} {
		if !strings.Contains(y, want) {
			t.Errorf("no %s in\n%s", want, y)
		}
	}
}

// TestNamesKeptAsPrinted: a name the side's aliases read (the forces'
// aliases:, "AK" for "Ark") is written as the book prints it, path and
// all, with no note: muster reads it so, and judges its path (R012).
func TestNamesKeptAsPrinted(t *testing.T) {
	ix := csaIndex()
	ix.Alias("AK", "Ark")
	ix.Alias("Artillery", "Bty")
	src := "CONFEDERATE SETUP\n" +
		"C4817: 15 AK, 13 AK/1/2/H, Key Artillery\n"
	res, err := Import(strings.NewReader(src), Options{Index: func(string) *oob.Index { return ix }})
	if err != nil {
		t.Fatal(err)
	}
	if got := outs(find(res, 2)); got != "15 AK, 13 AK/1/2/H, Key Artillery" {
		t.Errorf("L2 = %q", got)
	}
	if strings.Contains(string(res.YAML), "note:") {
		t.Errorf("a name kept as printed has a note:\n%s", res.YAML)
	}
	for _, e := range find(res, 2).Entries {
		if e.ref == nil || e.ref.Unit == nil {
			t.Errorf("%s is not read as a unit", e.Out)
		}
	}
}
