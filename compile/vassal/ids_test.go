package vassal

import (
	"encoding/xml"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/internal/battletest"
)

// edited is examples/dir edited (battletest.Edited).
func edited(t *testing.T, dir string, edits map[string][][2]string, add map[string][]byte) *battle.Battle {
	t.Helper()
	return battletest.Edited(t, filepath.Join("..", "..", "examples", dir), edits, add)
}

// slotsByGpid reads a module's PieceSlots: each gpid's entry name, with the
// At-Start stack it stands in ("" for a palette).
func slotsByGpid(t *testing.T, vmod []byte) (map[string]string, string) {
	t.Helper()
	files, _ := unzipAll(t, vmod)
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	root.walk(func(e, parent *xel) {
		if e.class() != "widget.PieceSlot" {
			return
		}
		g, _ := e.attr("gpid")
		name, _ := e.attr("entryName")
		where := ""
		if parent != nil && parent.class() == "module.map.SetupStack" {
			where, _ = parent.attr("name")
			// the stack's hex may change; the scenario may not
			where, _, _ = strings.Cut(where, " ")
		}
		if _, dup := out[g]; dup {
			t.Errorf("gpid %s given twice", g)
		}
		out[g] = where + "|" + name
	})
	next, _ := root.attr("nextPieceSlotId")
	return out, next
}

// introV2 is v2 of dow-intro, as game/testdata/refresh-dow-intro
// proves it in VASSAL (battletest.IntroV2).
var introV2 = battletest.IntroV2()

// A battle with a new (empty) ledger builds the module it built without
// one, and writes the ledger; built again with that ledger after a
// regiment is inserted, one renamed and one removed, every piece keeps its
// gpid (the renamed its old one), the removed's gpids are given to no
// piece, and the new regiment's are above every gpid given before.
// Without the ledger the same edit gives old gpids to other units: what
// makes VASSAL's Refresh Counters swap units.
func TestIDsKeepPieces(t *testing.T) {
	dir := examples.Default
	plain, err := Module(edited(t, dir, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	declare := map[string][][2]string{"battle.yaml": {{"\nsides:", "\nids: dow-intro.ids\nsides:"}}}
	out1, err := Module(edited(t, dir, declare, nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(out1) != 2 || out1[1].Name != "dow-intro.ids" {
		t.Fatalf("a new ledger: outputs %d, want the module and dow-intro.ids", len(out1))
	}
	if string(plain[0].Data) != string(out1[0].Data) {
		t.Errorf("a new ledger changed the module: its ids must be those of the modules released without one")
	}
	ids1 := out1[1].Data
	v1, next1 := slotsByGpid(t, out1[0].Data)
	if !strings.Contains(string(ids1), "\n1 palette leader USA Rosecrans\n") {
		t.Errorf("ledger:\n%s", ids1)
	}

	// the same battle with its ledger: the same module, no ledger written
	same, err := Module(edited(t, dir, declare, map[string][]byte{"dow-intro.ids": ids1}))
	if err != nil {
		t.Fatal(err)
	}
	if len(same) != 1 || string(same[0].Data) != string(plain[0].Data) {
		t.Errorf("built again with its ledger: %d outputs, module equal %v", len(same), len(same) > 0 && string(same[0].Data) == string(plain[0].Data))
	}

	edits := map[string][][2]string{"battle.yaml": declare["battle.yaml"]}
	for k, v := range introV2 {
		edits[k] = v
	}
	out2, err := Module(edited(t, dir, edits, map[string][]byte{"dow-intro.ids": ids1}))
	if err != nil {
		t.Fatal(err)
	}
	if len(out2) != 2 {
		t.Fatalf("v2: the ledger changed, but %d outputs", len(out2))
	}
	v2, _ := slotsByGpid(t, out2[0].Data)
	n1, _ := strconv.Atoi(next1)
	kept := ledgerKept(t, v1, v2)
	newIDs := 0
	for g, now := range v2 {
		if strings.HasSuffix(now, "|10 IL") {
			newIDs++
			if n, _ := strconv.Atoi(g); n < n1 {
				t.Errorf("new %s got gpid %s, below v1's nextPieceSlotId %s", now, g, next1)
			}
		}
	}
	if newIDs != 2 || kept < 50 {
		t.Errorf("10 IL has %d slots (want palette and set-up), %d slots kept", newIDs, kept)
	}
	for _, want := range []string{"retired palette unit USA 25 IL/3/1/RW", "palette unit USA 75 ILL/1/1/RW", "scenario intro unit USA 10 IL/1/1/RW"} {
		if !strings.Contains(string(out2[1].Data), want) {
			t.Errorf("v2 ledger lacks %q:\n%s", want, out2[1].Data)
		}
	}

	// without a ledger, the edit renumbers: some old gpid names another unit
	bare, err := Module(edited(t, dir, introV2, nil))
	if err != nil {
		t.Fatal(err)
	}
	v2bare, _ := slotsByGpid(t, bare[0].Data)
	swapped := 0
	for g, was := range v1 {
		if now, ok := v2bare[g]; ok && now != was && !strings.HasSuffix(was, "75 IL") {
			swapped++
		}
	}
	if swapped == 0 {
		t.Errorf("without a ledger no piece changed gpid: the test proves nothing")
	}
}

// battle.yaml's version is the module's version (the build file and
// moduledata, and each set-up's savedata); 1.0 without one.
func TestModuleVersion(t *testing.T) {
	b := edited(t, examples.Default, map[string][][2]string{"battle.yaml": {{"\nsides:", "\nversion: \"2.1\"\nsides:"}}}, nil)
	files, _ := unzipAll(t, buildVmod(t, b))
	if !strings.Contains(string(files["buildFile.xml"]), `version="2.1"`) || !strings.Contains(string(files["moduledata"]), "<version>2.1</version>") {
		t.Errorf("version 2.1 not in the build file or moduledata:\n%s", files["moduledata"])
	}
	vsav, _ := unzipAll(t, files["scenario-intro.vsav"])
	if !strings.Contains(string(vsav["savedata"]), "<version>2.1</version>") {
		t.Errorf("savedata: %s", vsav["savedata"])
	}
}

// A was: that names a unit still in the battle takes no id from it, even
// when the unit comes first: the unit keeps its ids, the new one gets new
// ones.
func TestIDsWasInUse(t *testing.T) {
	declare := map[string][][2]string{"battle.yaml": {{"\nsides:", "\nids: dow-intro.ids\nsides:"}}}
	out1, err := Module(edited(t, examples.Default, declare, nil))
	if err != nil {
		t.Fatal(err)
	}
	v1, next1 := slotsByGpid(t, out1[0].Data)
	edits := map[string][][2]string{
		"battle.yaml":     declare["battle.yaml"],
		"forces-usa.yaml": {{"                - {name: 59 IL,", "                - {name: 10 IL, was: 74 IL, type: inf, weapon: R, strength: 5, cohesion: 5, ma: 6, disordered: {cohesion: 3, ma: 4}}\n                - {name: 59 IL,"}},
		"intro.yaml":      {{`"C3014": [Post, 59 IL, 5 WI Bty]`, `"C3014": [Post, 10 IL, 59 IL, 5 WI Bty]`}},
	}
	out2, err := Module(edited(t, examples.Default, edits, map[string][]byte{"dow-intro.ids": out1[1].Data}))
	if err != nil {
		t.Fatal(err)
	}
	v2, _ := slotsByGpid(t, out2[0].Data)
	n1, _ := strconv.Atoi(next1)
	for g, now := range v2 {
		n, _ := strconv.Atoi(g)
		switch {
		case strings.HasSuffix(now, "|10 IL"):
			if n < n1 {
				t.Errorf("10 IL (was: 74 IL, still in the battle) got gpid %s, below %s", g, next1)
			}
		case v1[g] != now:
			t.Errorf("gpid %s: %s became %s", g, v1[g], now)
		}
	}
}

// ledgerKept wants every gpid of v1 (slot by gpid, "...|name") to stand
// for the same slot in v2 but for the ledger tests' edits: 25 IL removed,
// its gpid given to none, and 75 IL renamed 75 ILL; it counts the slots
// kept as they were.
func ledgerKept(t *testing.T, v1, v2 map[string]string) (kept int) {
	t.Helper()
	for g, was := range v1 {
		now, ok := v2[g]
		switch {
		case strings.HasSuffix(was, "|25 IL"):
			if ok {
				t.Errorf("gpid %s of removed %s given to %s", g, was, now)
			}
		case strings.HasSuffix(was, "|75 IL"):
			if now != strings.TrimSuffix(was, "75 IL")+"75 ILL" {
				t.Errorf("gpid %s: %s became %s, want 75 ILL (renamed)", g, was, now)
			}
		case now != was:
			t.Errorf("gpid %s: %s became %q", g, was, now)
		default:
			kept++
		}
	}
	return kept
}
