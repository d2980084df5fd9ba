package vassal

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/render"
)

// TestVassalTools builds a battle whose rules carry a play section (the
// testdata copy of dow-intro) and checks the tools it gives a player.
func TestVassalTools(t *testing.T) {
	b, ds := battle.LoadDir(filepath.Join("testdata", "dow-play"), battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	if len(b.Rules.Play.Cups) == 0 {
		t.Fatal("the rules override lost its play section")
	}
	data := buildVmod(t, b)
	checkModule(t, b, data)
	files, _ := unzipAll(t, data)
	var root xel
	if err := xml.Unmarshal(files["buildFile.xml"], &root); err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	chits := map[string]int{}
	trayTitles := []string{}
	root.walk(func(e, parent *xel) {
		count[e.class()]++
		if e.class() == "module.map.DrawPile" {
			n, _ := e.attr("name")
			for _, k := range e.Kids {
				if k.class() == "widget.PieceSlot" {
					chits[n]++
				}
			}
		}
		if e.class() == "widget.PanelWidget" && parent.class() == "module.PieceWindow" {
			if n, _ := parent.attr("name"); n == "Markers" {
				for _, k := range e.Kids {
					en, _ := k.attr("entryName")
					trayTitles = append(trayTitles, en)
				}
			}
		}
	})
	for class, want := range map[string]int{
		"module.map.CounterDetailViewer": 1, "module.map.GlobalMap": 1, "module.map.LOS_Thread": 1,
		"module.NotesWindow": 1, "module.documentation.HelpFile": 1, "module.GlobalKeyCommand": 2,
		"module.map.DrawPile": 12, "module.Inventory": 3,
	} {
		if count[class] != want {
			t.Errorf("%d %s, want %d", count[class], class, want)
		}
	}
	// intro: 4 AM each for 1/RW and 1/P; the free board has none
	if chits["Activation cup (intro)"] != 8 || chits["Activation cup (free)"] != 0 || chits["Random events (intro)"] != 2 {
		t.Errorf("chits %v", chits)
	}
	if chits["Division chits (free)"] == 0 {
		t.Errorf("no division chits: %v", chits)
	}
	if strings.Join(trayTitles, ",") != "Breastworks,Extended Line,Charge" {
		t.Errorf("tray %v", trayTitles)
	}
	help := string(files["help/dow-play.html"])
	for _, s := range []string{"Skirmish of December 30th", "Collapsed or Routed", "ctrl shift D", "Reset fired", "Extended Line"} {
		if !strings.Contains(help, s) {
			t.Errorf("help page lacks %q", s)
		}
	}
	save, _ := unzipAll(t, files["scenario-intro.vsav"])
	if !strings.Contains(string(save["savedGame"]), "Draw cupsBoardPicker\tDraw cups (intro)\t0\t0") {
		t.Error("the saved game does not select the scenario's draw cups")
	}
}

// TestVassalSpread spreads a set-up group "within 1 hex": one unit per
// hex, nearest first, every hex within 1 and no hex twice.
func TestVassalSpread(t *testing.T) {
	b := loadExample(t)
	m, err := newVmod(b)
	if err != nil {
		t.Fatal(err)
	}
	m.drawPieces()
	sc := b.Scenarios[0]
	var st *battle.Stack
	for _, s := range sc.Setup {
		n := 0
		for _, p := range s.Pieces {
			n += len(p.Ref.Units())
		}
		if n >= 2 {
			st = s
			break
		}
	}
	if st == nil {
		t.Skip("no stack of two units")
	}
	g := *st
	g.Within = 1
	hexes, groups := m.spread(sc, &g)
	if len(hexes) < 2 || len(hexes) != len(groups) {
		t.Fatalf("spread %v %v", hexes, groups)
	}
	if hexes[0] != st.Hex.Coord {
		t.Errorf("first hex %v, want the group's own %v", hexes[0], st.Hex.Coord)
	}
	seen := map[string]bool{}
	for i, c := range hexes {
		if d := b.Map.Grid.Distance(st.Hex.Coord, c); d > 1 {
			t.Errorf("hex %v is %d away", c, d)
		}
		if seen[b.Map.Grid.Label(c)] {
			t.Errorf("hex %v twice", c)
		}
		seen[b.Map.Grid.Label(c)] = true
		units := 0
		for _, p := range groups[i] {
			units += len(p.Ref.Units())
		}
		if units != 1 {
			t.Errorf("hex %v holds %d units", c, units)
		}
	}
	nodes := m.setupStacks(sc, &g)
	if len(nodes) != len(hexes) || !strings.Contains(nodes[0].attrs["name"], "(within 1 of") {
		t.Errorf("%d stacks, first %q", len(nodes), nodes[0].attrs["name"])
	}
}

// The LOS thread's report attribute is, in VASSAL 3.7, the format of the
// chat line each check posts (LOS_Thread.REPORT, a FormattedString): it
// names where the check ran from and to and the range, and is no boolean
// (report="false" posted the word "false").
func TestLOSReport(t *testing.T) {
	_, _, root := exampleModule(t, "dow-intro")
	n := 0
	root.walk(func(e, _ *xel) {
		if e.class() != "module.map.LOS_Thread" {
			return
		}
		n++
		r, _ := e.attr("report")
		if r == "true" || r == "false" {
			t.Errorf("LOS report %q: VASSAL posts it as written after every check", r)
		}
		for _, p := range []string{"$FromLocation$", "$ToLocation$", "$Range$"} {
			if !strings.Contains(r, p) {
				t.Errorf("LOS report %q does not name %s", r, p)
			}
		}
	})
	if n != 1 {
		t.Errorf("%d LOS threads, want 1", n)
	}
}

// TestDrawCupsSecret reads every draw cup of the examples with cups: each
// is a pile drawn face down and shuffled before every draw, with a Draw
// command that sends one chit to the cup's drawn pile and gives it the
// key its report answers; the report names the drawer and, unless the
// rules keep the draw secret (GBACW's efficiency markers, AMFS's card
// pile), the chit. Every chit has a mask, which VASSAL needs to show a
// face-down chit's back.
func TestDrawCupsSecret(t *testing.T) {
	for _, tc := range []struct {
		dir            string
		secret, public []string // cups (by title, before the scenario)
	}{
		{"dow-intro", []string{"Efficiency Pool USA", "Efficiency Pool CSA"}, []string{"AM Pool"}},
		{"amfs-culps-hill", []string{"Card Draw Pile"}, nil},
		{"summer-storm-mcpherson", nil, []string{"URAC"}},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			b, files, root := exampleModule(t, tc.dir)
			protos := protosOf(t, files["buildFile.xml"])
			piles := map[string]*xel{}
			var cups *xel
			root.walk(func(e, _ *xel) {
				if e.class() == "module.map.DrawPile" {
					n, _ := e.attr("name")
					piles[n] = e
				}
				if n, _ := e.attr("mapName"); e.class() == "module.Map" && n == cupsMapName {
					cups = e
				}
			})
			if cups == nil {
				t.Fatal("no Draw cups map")
			}
			if k, _ := cups.attr("moveKey"); k != drawnKey {
				t.Errorf("Draw cups moveKey %q, want %q", k, drawnKey)
			}
			want := map[string]bool{}
			for _, c := range tc.secret {
				want[c] = true
			}
			for _, c := range tc.public {
				want[c] = false
			}
			seen := map[string]bool{}
			for name, dp := range piles {
				if strings.Contains(name, " drawn (") {
					continue
				}
				title := name[:strings.LastIndex(name, " (")]
				secret := false
				for c, s := range want {
					if strings.HasPrefix(title, c) {
						secret = s
						seen[c] = true
					}
				}
				owners, _ := dp.attr("deckOwners")
				if i := strings.LastIndex(title, " "); strings.HasPrefix(title, "Efficiency Pool ") || strings.HasPrefix(title, "URAC ") {
					// a side's own cup: GBACW 5.21's EMs, Summer Storm
					// 2.9's URAC ("each player uses his own")
					side := b.Side(title[i+1:])
					if r, _ := dp.attr("deckRestrictAccess"); side == nil || r != "true" || owners != side.Name {
						t.Errorf("%s: restricted %q to %q", name, r, owners)
					}
				} else if owners != "" {
					t.Errorf("%s: restricted to %q", name, owners)
				}
				for k, v := range map[string]string{"faceDown": "Always", "shuffle": "Always", "drawFaceUp": strconv.FormatBool(!secret)} {
					if got, _ := dp.attr(k); got != v {
						t.Errorf("%s: %s=%q, want %q", name, k, got, v)
					}
				}
				var send *xel
				for i := range dp.Kids {
					if dp.Kids[i].class() == "module.map.deck.DeckSendKeyCommand" {
						send = &dp.Kids[i]
					}
				}
				if send == nil {
					t.Errorf("%s: no Draw command", name)
					continue
				}
				target, _ := send.attr("targetDeck")
				out, ok := piles[target]
				if !ok || target != title+" drawn"+name[len(title):] {
					t.Errorf("%s: Draw sends to %q, no drawn pile of the cup", name, target)
				} else if fd, _ := out.attr("faceDown"); fd != map[bool]string{true: "Always", false: "Never"}[secret] {
					t.Errorf("%s: faceDown=%q, secret=%v", target, fd, secret)
				}
				for k, v := range map[string]string{"menuText": "Draw one", "hotkey": "", "limitTotal": "true", "limitExpression": "{1}", "applyOnMove": "true"} {
					if got, _ := send.attr(k); got != v {
						t.Errorf("%s Draw: %s=%q, want %q", name, k, got, v)
					}
				}
				for _, k := range dp.Kids {
					if k.class() != "widget.PieceSlot" {
						continue
					}
					ts := expanded(t, protos, k.Text)
					if obs := byPrefix(ts, "obs;"); len(obs) != 1 || seq.Decode(obs[0][0], ';')[1] != maskKey {
						t.Errorf("%s: chit %q has no mask on %s", name, k.Text, maskKey)
					}
					reports := 0
					for _, r := range byPrefix(ts, "report;") {
						f := seq.Decode(r[0], ';')
						if !slices.Contains(seq.Decode(f[1], ','), drawnKey) {
							continue
						}
						reports++
						if !strings.Contains(f[2], "$PlayerName$") || strings.Contains(f[2], "$newPieceName$") == secret {
							t.Errorf("%s: report %q (secret %v)", name, f[2], secret)
						}
					}
					if reports != 1 {
						t.Errorf("%s: %d draw reports", name, reports)
					}
				}
			}
			for c := range want {
				if !seen[c] {
					t.Errorf("no cup %s among %d piles of %s", c, len(piles), b.ID)
				}
			}
		})
	}
}

// TestSidesRestricted reads every unit and leader of two examples' modules
// (slots and set-up stacks): each piece's outermost trait is Restricted
// Access to its side's player (the side's name in the PlayerRoster), which
// also keeps the other side from moving it; the Main Map has the toolbar's
// Show/Hide counters button.
func TestSidesRestricted(t *testing.T) {
	for _, dir := range []string{"dow-intro", "amfs-culps-hill"} {
		t.Run(dir, func(t *testing.T) {
			b, files, root := exampleModule(t, dir)
			protos := protosOf(t, files["buildFile.xml"])
			names := map[string]string{} // side id → its roster name
			for _, sd := range b.Sides {
				names[sd.ID] = sd.Name
			}
			pieces, hide := 0, 0
			root.walk(func(e, parent *xel) {
				if e.class() == "module.map.HidePiecesButton" {
					if n, _ := parent.attr("mapName"); n == mainMapName {
						hide++
					}
				}
				if e.class() != "widget.PieceSlot" {
					return
				}
				ts := expanded(t, protos, e.Text)
				side := ""
				kind := ""
				for _, tr := range byPrefix(ts, "mark;") {
					switch tr[0] {
					case "mark;Side":
						side = tr[1]
					case "mark;Kind":
						kind = tr[1]
					}
				}
				if kind != "unit" && kind != "leader" {
					if len(byPrefix(ts, "restrict;")) != 0 {
						t.Errorf("%s %q is restricted", kind, e.Text)
					}
					return
				}
				pieces++
				f := seq.Decode(ts[0][0], ';')
				if f[0] != "restrict" || len(f) < 4 || f[1] != names[side] || f[2] != "false" || f[3] != "true" {
					t.Errorf("%s (%s): outermost trait %q, want Restricted Access to %q", e.Text[:min(60, len(e.Text))], side, ts[0][0], names[side])
				}
				if len(byPrefix(ts, "restrict;")) != 1 {
					t.Errorf("%q: %d Restricted traits", e.Text, len(byPrefix(ts, "restrict;")))
				}
			})
			if pieces == 0 || hide != 1 {
				t.Errorf("%d pieces, %d Show/Hide buttons on the Main Map", pieces, hide)
			}
		})
	}
}

// TestHands: AMFS's players hold Event cards the other side does not see
// (F-2), so its module has a private hand per side, shown to that side's
// player only, with a board each set-up's saved game lays; GBACW's players
// hold none.
func TestHands(t *testing.T) {
	for dir, want := range map[string][]string{"amfs-culps-hill": {"Union", "Confederate"}, "dow-intro": nil} {
		t.Run(dir, func(t *testing.T) {
			_, files, root := exampleModule(t, dir)
			var got []string
			root.walk(func(e, _ *xel) {
				if e.class() != "module.PlayerHand" {
					return
				}
				side, _ := e.attr("side")
				vis, _ := e.attr("visible")
				name, _ := e.attr("mapName")
				if vis != "false" || name != side+" hand" {
					t.Errorf("hand %q: side %q visible %q", name, side, vis)
				}
				got = append(got, side)
				for n, data := range files {
					if strings.HasSuffix(n, ".vsav") {
						saved, _ := unzipAll(t, data)
						if !strings.Contains(string(saved["savedGame"]), name+"BoardPicker\t"+name+"\t0\t0") {
							t.Errorf("%s lays no board for %s", n, name)
						}
					}
				}
			})
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("hands %v, want %v", got, want)
			}
		})
	}
}

// TestCards: AMFS's card draw pile holds cards (render.Card), not 56 px
// chits: each card's picture is a card's size, its back too, and its text
// comes from the ruleset (the Event card's Key count, the Fog of War
// card's rule, the corps card's cup rule); GBACW's cups keep chits.
func TestCards(t *testing.T) {
	size := func(data []byte) (int, int) {
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		return cfg.Width, cfg.Height
	}
	for dir, card := range map[string]bool{"amfs-culps-hill": true, "dow-intro": false} {
		t.Run(dir, func(t *testing.T) {
			_, files, root := exampleModule(t, dir)
			n := 0
			root.walk(func(e, _ *xel) {
				if e.class() != "module.map.DrawPile" {
					return
				}
				for _, k := range e.Kids {
					if k.class() != "widget.PieceSlot" {
						continue
					}
					var imgs []string
					for _, tr := range pieceTraits(t, k.Text) {
						f := seq.Decode(tr[0], ';')
						switch f[0] {
						case "piece":
							imgs = append(imgs, f[3])
						case "obs":
							imgs = append(imgs, f[2])
							// a card's back names its pile, not the
							// cup's whole title, which ran off the card
							if card && !bytes.Equal(files["images/"+f[2]], render.Card("", "Card Draw Pile", nil)) {
								t.Errorf("%s: not the back naming Card Draw Pile", f[2])
							}
						}
					}
					for _, img := range imgs {
						w, h := size(files["images/"+img])
						if card && (w != render.CardW || h != render.CardH) || !card && w != counterPx {
							t.Errorf("%s: %dx%d", img, w, h)
						}
						n++
					}
				}
			})
			if n == 0 {
				t.Error("no chits")
			}
		})
	}
	b, _ := battle.LoadDir(filepath.Join("..", "..", "examples", "amfs-culps-hill"), battle.Options{})
	m := &vmod{b: b}
	cup := b.Rules.Play.Cups[0]
	ti, owner, body := m.cardText(cup, "CSA Event")
	if ti != "Event" || owner != "Confederate" || !strings.Contains(strings.Join(body, " "), "(2 Key") {
		t.Errorf("CSA Event card: %q %q %q", ti, owner, body)
	}
	if ti, owner, body := m.cardText(cup, b.Rules.Figures.Events.Fog.Card); ti != "Fog of War" || owner != "" || !slices.Contains(body, b.Rules.Figures.Events.Fog.Rule) {
		t.Errorf("Fog of War card: %q %q %q", ti, owner, body)
	}
	if _, _, body := m.cardText(cup, "USA XII Corps"); !slices.Contains(body, cup.Rule) || !strings.HasPrefix(body[0], "Corps Activation") {
		t.Errorf("corps card: %q", body)
	}
}

// TestMarkerTrayGrid: the Markers palette is a grid of markerColumns
// columns (PanelWidget fixed: VASSAL's GridLayout), so its window opens as
// tall as its rows; a row of boxes opened one marker high (504x56 in
// VASSAL 3.7.26 for Summer Storm's 9 markers; 336x112 as a grid).
func TestMarkerTrayGrid(t *testing.T) {
	for _, dir := range []string{"dow-intro", "summer-storm-mcpherson", "amfs-culps-hill", "tss-seminary-ridge"} {
		_, _, root := exampleModule(t, dir)
		found := false
		root.walk(func(e, _ *xel) {
			if n, _ := e.attr("entryName"); e.class() != "widget.PanelWidget" || n != "Markers" {
				return
			}
			found = true
			fixed, _ := e.attr("fixed")
			cols, _ := e.attr("nColumns")
			slots := 0
			for _, k := range e.Kids {
				if k.class() == "widget.PieceSlot" {
					slots++
				}
			}
			if fixed != "true" || cols != strconv.Itoa(markerColumns) || slots < 2 {
				t.Errorf("%s: Markers fixed=%q nColumns=%q with %d markers, want a grid of %d columns", dir, fixed, cols, slots, markerColumns)
			}
		})
		if !found {
			t.Errorf("%s: no Markers panel", dir)
		}
	}
}

// TestChitMargin: a chit's text keeps clear of the chit's sides (drawn at
// markerMargin, the frame aside, nothing but the back within 4 pixels of
// each side); before, "CSA CHEATHAM'S" ran to the frame.
func TestChitMargin(t *testing.T) {
	for _, c := range []struct{ a, b string }{{"CSA CHEATHAM'S", "DIVISION"}, {"USA EM", "1"}} {
		img, err := png.Decode(bytes.NewReader(drawMarker(c.a, c.b).PNG()))
		if err != nil {
			t.Fatal(err)
		}
		r := img.Bounds()
		k := r.Dx() / counterPx // the picture's pixels a counter pixel
		back := img.At(r.Min.X+3*k, r.Min.Y+3*k)
		near, ink := 0, 0
		for y := r.Min.Y + 2*k; y < r.Max.Y-2*k; y++ {
			for x := r.Min.X + k; x < r.Max.X-k; x++ {
				if img.At(x, y) == back {
					continue
				}
				ink++
				if x < r.Min.X+5*k || x >= r.Max.X-5*k {
					near++
				}
			}
		}
		if ink == 0 || near != 0 {
			t.Errorf("%s / %s: %d of %d ink pixels within 4 pixels of a side", c.a, c.b, near, ink)
		}
	}
}

// TestDrawPilesApart: no two draw piles of a map stand on one point:
// VASSAL names a point by the first pile whose position it is
// (Map.getDeckNameAt), so a chit dragged out of the intro scenario's drawn
// pile was reported as from "Efficiency Pool USA drawn (free)", the free
// set-up's pile on the same point of its own board.
func TestDrawPilesApart(t *testing.T) {
	for _, dir := range []string{"dow-intro", "amfs-culps-hill", "summer-storm-mcpherson"} {
		_, _, root := exampleModule(t, dir)
		at := map[string]string{}
		n := 0
		root.walk(func(e, _ *xel) {
			if e.class() != "module.map.DrawPile" {
				return
			}
			name, _ := e.attr("name")
			x, _ := e.attr("x")
			y, _ := e.attr("y")
			if was, ok := at[x+","+y]; ok {
				t.Errorf("%s: %s and %s both at %s,%s", dir, was, name, x, y)
			}
			at[x+","+y] = name
			n++
		})
		if n < 4 {
			t.Errorf("%s: %d draw piles", dir, n)
		}
	}
}
