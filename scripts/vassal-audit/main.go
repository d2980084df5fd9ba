//go:build ignore

// Command vassal-audit reads what the real VASSAL printed for one module
// (a private copy of the vassal-check harness run with --setups --levels
// --close-all --decks --flags --hide, scripts/vassal-audit.sh) beside the
// battle's JSON bundles (muster build) and prints one row of issue 25's
// table, then a FAULT line for every piece, window, draw or flag that is
// not as the battle says:
//
//	go run ./scripts/vassal-audit -dir examples/dow-intro -bundle B -run R [-variant V] [-name N]
//
// Set-up states: every unit and leader a scenario's set-up or arrival
// schedule names (the bundle) must stand in VASSAL, after the scenario's
// saved game ran, on the face the set-up gives (the state layer showing it
// at a level past its first, or the Face layer at the level whose image is
// that face), at the strength it gives (the set-up's, else the order of
// battle's; the strength property's value), in reserve where its stack is
// (the ruleset's play.reserve layer, on the pieces that have it) and under
// the orders it is given where the ruleset has a state of that name. The
// ruleset is read only for which layer shows which face.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
)

// piece is a LEVELS line: a set-up piece as VASSAL holds it.
type piece struct {
	file, mapName, loc, side, des, name string
	props                               map[string]string
	layers                              map[string]layer
	used                                bool
}

type layer struct {
	level int
	image string
}

type bundle struct {
	Units []struct {
		ID     string         `json:"id"`
		Values map[string]any `json:"values"`
	} `json:"units"`
	Setup []struct {
		Hex     string  `json:"hex"`
		Reserve bool    `json:"reserve"`
		Orders  string  `json:"orders"`
		Units   []entry `json:"units"`
		Leaders []entry `json:"leaders"`
	} `json:"setup"`
	Schedule []struct {
		Kind    string  `json:"kind"`
		Orders  string  `json:"orders"`
		Units   []entry `json:"units"`
		Leaders []entry `json:"leaders"`
	} `json:"schedule"`
	Activation []struct {
		Side      string `json:"side"`
		Formation string `json:"formation"`
		Count     int    `json:"count"`
	} `json:"activation"`
}

type entry struct {
	ID       string `json:"id"`
	Face     string `json:"face"`
	Strength *int   `json:"strength"`
	Orders   string `json:"orders"`
}

func main() {
	dir := flag.String("dir", "", "the battle's folder")
	variant := flag.String("variant", "", "the variant built")
	bdir := flag.String("bundle", "", "the folder of the battle's JSON bundles")
	run := flag.String("run", "", "what the harness printed")
	name := flag.String("name", "", "the module's name in the table")
	flag.Parse()
	if *name == "" {
		*name = filepath.Base(*dir)
	}
	b, ds := battle.LoadDir(*dir, battle.Options{Variant: *variant})
	if b == nil {
		fmt.Fprintln(os.Stderr, "load:", ds)
		os.Exit(1)
	}
	lines := readLines(*run)
	var faults []string
	fault := func(f string, a ...any) { faults = append(faults, fmt.Sprintf(f, a...)) }

	// the pieces, by set-up file
	pieces := map[string][]*piece{}
	setupFile := map[string]string{} // set-up name -> file
	scenarios, placed := 0, 0
	for _, l := range lines {
		f := strings.Split(l, "\t")
		switch {
		case f[0] == "LEVELS" && len(f) >= 9:
			p := &piece{file: f[1], mapName: f[2], loc: f[3], side: f[4], des: f[5], name: f[6], props: map[string]string{}, layers: map[string]layer{}}
			for _, kv := range strings.Split(f[7], ";") {
				if k, v, ok := strings.Cut(kv, "="); ok {
					p.props[k] = v
				}
			}
			for _, kv := range strings.Split(f[8], ";") {
				if parts := strings.SplitN(kv, "=", 3); len(parts) == 3 {
					lv, _ := strconv.Atoi(parts[1])
					p.layers[parts[0]] = layer{lv, parts[2]}
				}
			}
			pieces[p.file] = append(pieces[p.file], p)
		case f[0] == "SETUP" && len(f) >= 4 && strings.HasPrefix(f[3], "pieces="):
			scenarios++
			setupFile[f[1]] = f[2]
			if !strings.Contains(l, "off-board=0") {
				fault("set-up %s: pieces off every board (%s)", f[2], f[4])
			}
		}
	}

	faceOf := map[string]string{} // state id -> face it shows
	for _, s := range b.Rules.Play.States {
		if s.Face != "" && s.Facings == 0 {
			faceOf[s.ID] = s.Face
		}
	}
	strengthProp := b.Rules.Strength
	if strengthProp == "" {
		strengthProp = "strength"
	}
	shown := func(p *piece) string {
		for id, f := range faceOf {
			if l, ok := p.layers[id]; ok && l.level > 1 {
				return f
			}
		}
		if l, ok := p.layers["Face"]; ok && l.level > 1 {
			return "image " + l.image
		}
		return ""
	}
	faceIs := func(p *piece, want string) bool {
		got := shown(p)
		if img, ok := strings.CutPrefix(got, "image "); ok && want != "" {
			return strings.Contains(img, "-"+fileSafe(want))
		}
		return got == want
	}

	files, _ := filepath.Glob(filepath.Join(*bdir, "*.json"))
	sort.Strings(files)
	total, ok, faced, strong, reserved, ordered, acts, actsOK := 0, 0, 0, 0, 0, 0, 0, 0
	for _, fn := range files {
		var bd bundle
		data, err := os.ReadFile(fn)
		if err == nil {
			err = json.Unmarshal(data, &bd)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, fn, err)
			os.Exit(1)
		}
		id := strings.TrimSuffix(filepath.Base(fn), ".json")
		file := "scenario-" + id + ".vsav"
		if _, ran := pieces[file]; !ran {
			if !hasSetup(setupFile, file) {
				fault("%s: VASSAL ran no set-up of this scenario", file)
				continue
			}
		}
		placed++
		printed := map[string]string{}
		for _, u := range bd.Units {
			if v, has := u.Values[strengthProp]; has && v != nil {
				printed[u.ID] = fmt.Sprint(v)
			}
		}
		check := func(e entry, reserve bool, orders string) {
			total++
			if e.Orders == "" {
				e.Orders = orders // the stack's or group's
			}
			side, des, _ := strings.Cut(e.ID, ":")
			sp, spGiven := printed[e.ID], false
			if e.Strength != nil {
				sp, spGiven = strconv.Itoa(*e.Strength), true
			}
			var cands []*piece
			for _, p := range pieces[file] {
				if !p.used && p.des == des && p.side == side {
					cands = append(cands, p)
				}
			}
			if len(cands) == 0 {
				fault("%s: %s is not in the game", file, e.ID)
				return
			}
			var why []string
			for _, p := range cands {
				why = why[:0]
				if !faceIs(p, e.Face) {
					why = append(why, fmt.Sprintf("face %q, want %q", shown(p), e.Face))
				}
				if got, has := p.props[strengthProp]; (has || sp != "") && got != sp {
					why = append(why, fmt.Sprintf("strength %q, want %q", got, sp))
				}
				if rs := b.Rules.Play.Reserve; rs != "" {
					if l, has := p.layers[rs]; has && (l.level > 1) != reserve {
						why = append(why, fmt.Sprintf("%s level %d, set up in reserve %v", rs, l.level, reserve))
					}
				}
				if e.Orders != "" && !ordersShown(b, p, e.Orders) {
					why = append(why, fmt.Sprintf("orders %q not shown (layers %v)", e.Orders, p.layers))
				}
				if len(why) == 0 {
					p.used = true
					ok++
					if e.Face != "" {
						faced++
					}
					if spGiven {
						strong++
					}
					if reserve {
						reserved++
					}
					if e.Orders != "" {
						ordered++
					}
					return
				}
			}
			fault("%s: %s (%s at %s): %s", file, e.ID, cands[0].name, cands[0].loc, strings.Join(why, "; "))
		}
		for _, st := range bd.Setup {
			for _, e := range st.Leaders {
				check(e, st.Reserve, st.Orders)
			}
			for _, e := range st.Units {
				check(e, st.Reserve, st.Orders)
			}
		}
		for _, a := range bd.Schedule {
			if a.Kind != "arrive" {
				continue
			}
			for _, e := range a.Leaders {
				check(e, false, a.Orders)
			}
			for _, e := range a.Units {
				check(e, false, a.Orders)
			}
		}
		for _, p := range pieces[file] {
			if !p.used && p.side != "(unset)" {
				fault("%s: %s %s (%s) stands in the game but no set-up or arrival gives it", file, p.side, p.des, p.name)
			}
		}
		// activations on the leader boards (GBACW 5.24): the division's marker on its count
		for _, a := range bd.Activation {
			acts++
			_, des, _ := strings.Cut(a.Formation, ":")
			want := des + " Activations " + strconv.Itoa(a.Count)
			name := setupName(setupFile, file)
			found := false
			for _, l := range lines {
				f := strings.Split(l, "\t")
				if f[0] == "PIECE" && len(f) > 6 && f[1] == name && f[4] == want {
					found = true
				}
			}
			if found {
				actsOK++
			} else {
				fault("%s: no marker on %q (the scenario's activations)", file, want)
			}
		}
	}

	// windows
	windows, closedOK, reopened := 0, 0, 0
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if f[0] != "CLOSEALL" || !strings.HasPrefix(f[2], "opened:") {
			continue
		}
		windows++
		if strings.Contains(l, "game running=true") && strings.Contains(l, "closed: visible=false") {
			closedOK++
		} else {
			fault("window %s: %s", f[1], l)
		}
		if strings.Contains(l, "reopened=true") {
			reopened++
		}
	}
	if windows == 0 {
		fault("no window was opened and closed (no --close-all output)")
	}

	// draws
	cups, blind, secret, restricted, draws, hidden := 0, 0, 0, 0, 0, 0
	hands := 0
	seen := map[string]bool{}
	for _, l := range lines {
		if seen[l] {
			continue // the drawn piles are printed again after each draw
		}
		seen[l] = true
		f := strings.Split(l, "\t")
		switch f[0] {
		case "DECKINFO":
			if strings.Contains(f[2], " drawn (") {
				continue
			}
			cups++
			if strings.Contains(l, "faceDown=true") && strings.Contains(l, "shuffle=Always") {
				blind++
			} else {
				fault("cup %s is not face down and shuffled: %s", f[2], l)
			}
			if strings.Contains(l, "drawFaceUp=false") {
				secret++
			}
			if strings.Contains(l, "restricted=true") {
				restricted++
			}
		case "DRAW":
			if strings.Contains(l, "chat: * ") && strings.Contains(l, " draws ") {
				draws++
			} else {
				fault("draw from %s posted no report: %s", f[1], l)
			}
		case "DRAWN":
			if strings.Contains(l, "faceDown=true") && strings.Contains(l, "other side sees: ?") {
				hidden++
			}
		case "HAND":
			hands++
		}
	}

	// flags
	stacking, radius := "not pressed", "none"
	for _, l := range lines {
		f := strings.Split(l, "\t")
		switch f[0] {
		case "FLAG-STACKING":
			stacking = "outlined after " + strings.TrimPrefix(f[2], "moves=") + " moves onto " + f[1]
			if len(f) > 3 && f[3] != "clones=0" {
				stacking += " and " + strings.TrimPrefix(f[3], "clones=") + " clones there"
			}
			if !strings.Contains(l, "OverStacked=true") {
				fault("stacking flag: %s", l)
				stacking = "NOT outlined"
			}
		case "FLAG-RADIUS":
			if len(f) > 4 {
				radius = f[1] + " " + f[2] + ": " + strings.TrimPrefix(f[4], "CommandRadius_Active ")
			} else {
				radius = "no leader has one"
			}
		}
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "WARNING: ") || (strings.HasPrefix(l, "WARN ") && !strings.Contains(l, "Choose side")) || strings.HasPrefix(l, "ERROR: ") {
			fault("VASSAL: %s", l)
		}
		if strings.HasPrefix(l, "RESULT: ") && !strings.HasPrefix(l, "RESULT: loaded, 0 warning") {
			fault("%s", l)
		}
	}

	// the aids: display maps with markers, charts
	displays := map[string]bool{}
	charts := 0
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if f[0] == "CLOSEALL" && strings.HasPrefix(f[1], "map ") {
			n := strings.TrimPrefix(f[1], "map ")
			if !strings.HasPrefix(n, "Eliminated") && n != "Reinforcements" && n != "Draw cups" && !strings.HasSuffix(n, " hand") {
				displays[n] = true
			}
		}
		if f[0] == "CLOSEALL" && strings.HasPrefix(f[1], "ChartWindow ") {
			charts++
		}
	}
	markers := 0
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if f[0] == "PIECE" && len(f) > 2 && displays[f[2]] {
			markers++
		}
	}

	actText := ""
	if acts > 0 {
		actText = fmt.Sprintf("; activations %d/%d on their count", actsOK, acts)
	}
	drawText := "no cups"
	if cups > 0 {
		drawText = fmt.Sprintf("%d cups, %d face down and shuffled, %d secret, drawn face down (a drawn marker the other side sees as ?: %d), %d per side; %d draws reported", cups, blind, secret, hidden, restricted, draws)
	}
	if hands > 0 {
		drawText += fmt.Sprintf("; %d private hands", hands)
	}
	fmt.Printf("| %s | %d/%d | %d/%d closed, game running (%d reopened) | %d/%d (%d on a face, %d at a set-up strength, %d in reserve, %d under orders) | %s | %d displays, %d markers on them over all set-ups%s; %d charts | stacking: %s; radius: %s |\n",
		*name, placed, len(files), closedOK, windows, reopened, ok, total, faced, strong, reserved, ordered, drawText, len(displays), markers, actText, charts, stacking, radius)
	for _, f := range faults {
		fmt.Printf("FAULT %s: %s\n", *name, f)
	}
	_ = scenarios
}

// ordersShown says whether a piece shows orders o, where a state of the
// ruleset shows them: the state named as the order past its first level,
// or a state at the level named as the order. Orders no state shows (kept
// on a display, or a formation) are not checked.
func ordersShown(b *battle.Battle, p *piece, o string) bool {
	for _, s := range b.Rules.Play.States {
		if l, has := p.layers[s.ID]; has && s.ID == o {
			return l.level > 1
		}
	}
	shownBy := false
	for _, s := range b.Rules.Play.States {
		l, has := p.layers[s.ID]
		for i, lv := range s.Levels {
			if has && strings.EqualFold(lv, o) {
				if l.level == i+2 {
					return true
				}
				shownBy = true
			}
		}
	}
	return !shownBy
}

func hasSetup(m map[string]string, file string) bool {
	for _, f := range m {
		if f == file {
			return true
		}
	}
	return false
}

func setupName(m map[string]string, file string) string {
	for n, f := range m {
		if f == file {
			return n
		}
	}
	return ""
}

func readLines(fn string) []string {
	f, err := os.Open(fn)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// fileSafe is the part of an image name muster makes of s (compile/vassal).
func fileSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
