package vassal

import (
	"bytes"
	"encoding/xml"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/vassal/seq"
	"github.com/muster-wargames/muster/oob"
)

// The play fixture is examples/dow-intro with a `rules: play:` section
// (testdata/play/battle.yaml): disordered (the face), routed, fatigue 1-4,
// fired and moved, spent for leaders; strength on ctrl DOWN/UP; flip,
// delete and clone keys. Its set-up has 74 IL at 5 SP and 75 IL disordered.

func loadPlay(t testing.TB) *battle.Battle {
	t.Helper()
	b, ds := battle.LoadDir(filepath.Join("testdata", "play"), battle.Options{})
	if b == nil {
		t.Fatalf("load: %v", ds)
	}
	for _, d := range ds {
		t.Errorf("diagnostic: %v", d)
	}
	return b
}

// pieceTraits splits an AddPiece text into its traits' (type, state)
// pairs, outermost first, the BasicPiece last, as
// BasicCommandEncoder.createPiece and Decorator.setInner read them.
func pieceTraits(t *testing.T, text string) [][2]string {
	t.Helper()
	parts := seq.Decode(text, '/')
	if len(parts) != 4 || parts[0] != "+" {
		t.Fatalf("not an AddPiece command: %q", text)
	}
	typ, st := parts[2], parts[3]
	var out [][2]string
	for {
		tp, sp := seq.Decode(typ, '\t'), seq.Decode(st, '\t')
		out = append(out, [2]string{tp[0], sp[0]})
		if len(tp) == 1 {
			return out
		}
		typ, st = tp[1], ""
		if len(sp) > 1 {
			st = sp[1]
		}
	}
}

// slots gives every PieceSlot's text by entry name, in document order.
func slotsOf(t *testing.T, buildFile []byte) map[string][]string {
	var root xel
	if err := xml.Unmarshal(buildFile, &root); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	root.walk(func(e, _ *xel) {
		if e.class() == "widget.PieceSlot" {
			n, _ := e.attr("entryName")
			out[n] = append(out[n], e.Text)
		}
	})
	return out
}

// protosOf gives every PrototypeDefinition's text by name.
func protosOf(t *testing.T, buildFile []byte) map[string]string {
	var root xel
	if err := xml.Unmarshal(buildFile, &root); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	root.walk(func(e, _ *xel) {
		if e.class() == "module.PrototypeDefinition" {
			n, _ := e.attr("name")
			out[n] = e.Text
		}
	})
	return out
}

// expanded is pieceTraits with every prototype replaced by its traits, as
// VASSAL expands a piece it places (PieceCloner.clonePiece): the
// prototype's traits and states where the reference sits, its BasicPiece
// dropped.
func expanded(t *testing.T, protos map[string]string, text string) [][2]string {
	t.Helper()
	var out [][2]string
	for _, tr := range pieceTraits(t, text) {
		if !strings.HasPrefix(tr[0], "prototype;") {
			out = append(out, tr)
			continue
		}
		name := seq.Decode(tr[0], ';')[1]
		p, ok := protos[name]
		if !ok {
			t.Fatalf("prototype %s is not defined", name)
		}
		inner := expanded(t, protos, p)
		out = append(out, inner[:len(inner)-1]...)
	}
	return out
}

// byPrefix returns the traits whose type starts with prefix.
func byPrefix(ts [][2]string, prefix string) [][2]string {
	var out [][2]string
	for _, tr := range ts {
		if strings.HasPrefix(tr[0], prefix) {
			out = append(out, tr)
		}
	}
	return out
}

func TestKeyStroke(t *testing.T) {
	for in, want := range map[string]string{
		"":             "",
		"ctrl D":       "68,130",
		"ctrl DOWN":    "40,130",
		"ctrl UP":      "38,130",
		"ctrl shift F": "70,195",
		"shift ctrl F": "70,195",
		"DELETE":       "127,0",
		"alt 7":        "55,520",
		"F2":           "113,0",
	} {
		got, err := keyStroke(in)
		if err != nil || got != want {
			t.Errorf("keyStroke(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"ctrl", "hyper D", "ctrl Ð", "F99"} {
		if _, err := keyStroke(bad); err == nil {
			t.Errorf("keyStroke(%q): no error", bad)
		}
	}
}

// TestStateTraits pins the trait strings a unit and a leader of the play
// fixture carry, field by field as VASSAL's mySetType reads them.
func TestStateTraits(t *testing.T) {
	b := loadPlay(t)
	data := buildVmod(t, b)
	checkModule(t, b, data)
	files, _ := unzipAll(t, data)
	slots := slotsOf(t, files["buildFile.xml"])
	protos := protosOf(t, files["buildFile.xml"])
	raw := pieceTraits
	pieceTraits := func(t *testing.T, text string) [][2]string { return expanded(t, protos, text) }

	// The slot keeps what is 59 IL's own (markers, the strength property,
	// the label that prints its disordered values, the layer of its
	// disordered face); the reports, the overlay layers, clone and delete
	// are in prototypes, which 74 IL's slot names too.
	for _, tr := range raw(t, slots["59 IL"][0]) {
		switch p, _, _ := strings.Cut(tr[0], ";"); {
		case p == "report" || p == "clone" || p == "delete" || p == "emb2" && strings.Contains(tr[0], "state-"):
			t.Errorf("59 IL's slot holds a shared trait: %s", tr[0])
		case p == "emb2" && !strings.Contains(tr[0], "59_IL"):
			t.Errorf("59 IL's slot holds a layer of other images: %s", tr[0])
		}
	}
	shared := func(name string) (out []string) {
		for _, tr := range byPrefix(raw(t, slots[name][0]), "prototype;") {
			out = append(out, tr[0])
		}
		return out
	}
	if a, b := shared("59 IL"), shared("74 IL"); len(a) < 2 || !slices.Equal(a, b) {
		t.Errorf("59 IL's prototypes %q, 74 IL's %q: want the same, at least two", a, b)
	}

	il59 := pieceTraits(t, slots["59 IL"][0]) // the palette's
	want := map[string]string{
		"report;68\\,130,82\\,130,84\\,130,84\\,195,69\\,130,77\\,130;$newPieceName$: $menuCommand$;;;state changes;false":                                                                                                              "-1",
		"report;40\\,130,38\\,130;$newPieceName$ $oldstrength$ → $strength$ SP;;;strength changes;false":                                                                                                                                "-1",
		"PROP;strength;true,0,40,false;Lose a strength point:40\\,130:I\\,-1,Recover a strength point:38\\,130:I\\,1;strength points":                                                                                                   "6",
		"label;;;11;;255,255,255;b;-2;c;0;b;c;$pieceName$;Dialog;1;0;Values;counter values;false":                                                                                                                                       `{""+GetProperty("weapon")+"-"+GetProperty("strength")+"-"+(GetProperty("disordered_Level")==2?"4":GetProperty("cohesion"))+"-"+(GetProperty("disordered_Level")==2?"4":GetProperty("ma"))}`,
		"emb2;;130;;Disordered;130;;;130;;;;1;false;0;0;,USA-59_IL-1_1_RW-disordered.png;,;true;disordered;;;false;;1;1;true;;68,130;;Disordered (GBACW 10.4);1.0;;true":                                                                "1",
		"emb2;;130;;Routed;130;;;130;;;;1;false;0;0;,state-routed-1.png;,;true;routed;;;false;;1;1;true;;82,130;;Routed (GBACW 10.5);1.0;;true":                                                                                         "1",
		"emb2;;130;;Fatigue;130;;Fatigue (back);130;;;;1;false;0;0;,state-fatigue-1.png,state-fatigue-2.png,state-fatigue-3.png,state-fatigue-4.png;,,,,;false;fatigue;;;false;;1;1;true;;84,130;84,195;Fatigue (GBACW 10.6);1.0;;true": "1",
		"clone;Clone;67,130;":  "",
		"delete;Delete;127,0;": "",
	}
	for typ, st := range want {
		i := slices.IndexFunc(il59, func(tr [2]string) bool { return tr[0] == typ })
		if i < 0 {
			t.Errorf("59 IL has no trait %s", typ)
			for _, tr := range il59 {
				t.Logf("  %q = %q", tr[0], tr[1])
			}
			continue
		}
		if il59[i][1] != st {
			t.Errorf("59 IL %s: state %q, want %q", typ, il59[i][1], st)
		}
	}
	// The layers draw under the label, which draws under nothing; the
	// reports are outermost, so the traits have acted when they write.
	order := func(ts [][2]string, prefixes ...string) {
		t.Helper()
		last := -1
		for _, p := range prefixes {
			i := slices.IndexFunc(ts, func(tr [2]string) bool { return strings.HasPrefix(tr[0], p) })
			if i <= last {
				t.Errorf("trait %s at %d, want after %d", p, i, last)
			}
			last = i
		}
	}
	order(il59, "report;", "mark;Kind", "mark;Side", "mark;Designation", "PROP;strength", "label;", "emb2;;130;;Disordered", "clone;", "delete;", "piece;")
	if ms := byPrefix(il59, "mark;strength"); len(ms) != 0 {
		t.Errorf("59 IL keeps a strength Marker beside the property: %v", ms)
	}
	if len(byPrefix(il59, "emb2;")) != 5 { // disordered, routed, fatigue, fired, moved; no face layer left
		t.Errorf("59 IL: %d layers, want 5", len(byPrefix(il59, "emb2;")))
	}

	// A parse of the PROP type as DynamicProperty.mySetType reads it.
	prop := byPrefix(il59, "PROP;")[0][0]
	f := seq.Decode(prop, ';')
	if f[1] != "strength" || f[2] != "true,0,40,false" {
		t.Errorf("PROP fields: %q", f)
	}
	cmds := seq.Decode(f[3], ',')
	if len(cmds) != 2 {
		t.Fatalf("PROP commands: %q", cmds)
	}
	for i, w := range [][3]string{{"Lose a strength point", "40,130", "I,-1"}, {"Recover a strength point", "38,130", "I,1"}} {
		c := seq.Decode(cmds[i], ':')
		if c[0] != w[0] || c[1] != w[1] || c[2] != w[2] {
			t.Errorf("PROP command %d: %q, want %q", i, c, w)
		}
	}
	// ReportState.mySetType: keys, format, cycle keys, cycle formats, description, noSuppress.
	rep := seq.Decode(strings.TrimPrefix(byPrefix(il59, "report;")[1][0], "report;"), ';')
	if keys := seq.Decode(rep[0], ','); !slices.Equal(keys, []string{"40,130", "38,130"}) || len(rep) != 6 {
		t.Errorf("strength report: %q", rep)
	}
	// Labeler.mySetType: 18 fields after the id.
	if lf := seq.Decode(strings.TrimPrefix(byPrefix(il59, "label;")[0][0], "label;"), ';'); len(lf) != 18 || lf[11] != "$pieceName$" || lf[15] != "Values" {
		t.Errorf("label fields: %q", lf)
	}
	// Embellishment.mySetType: 33 fields after the id.
	for _, l := range byPrefix(il59, "emb2;") {
		if n := len(seq.Decode(strings.TrimPrefix(l[0], "emb2;"), ';')); n != 33 {
			t.Errorf("layer has %d fields, want 33: %s", n, l[0])
		}
	}

	// Escort (cavalry): disordered in its state layer, dismounted alone on
	// the flip key; its label picks either face's values.
	esc := pieceTraits(t, slots["Escort"][0])
	face := byPrefix(esc, "emb2;;130;;Next face")
	if len(face) != 1 || !strings.Contains(face[0][0], ";,USA-Escort-RW-dismounted.png;,;true;Face;") || !strings.Contains(face[0][0], ";70,130;70,195;") {
		t.Errorf("Escort face layer: %v", face)
	}
	if l := byPrefix(esc, "label;")[0][1]; !strings.Contains(l, `GetProperty("Face_Level")==2?"6"`) || !strings.Contains(l, `GetProperty("disordered_Level")==2?"4"`) {
		t.Errorf("Escort label: %s", l)
	}

	// 5 WI Bty (artillery) is not routed (the state is for infantry and cavalry).
	if r := byPrefix(pieceTraits(t, slots["5 WI Bty"][0]), "emb2;;130;;Routed"); len(r) != 0 {
		t.Errorf("artillery has the routed layer")
	}

	// A leader: the spent state, then the replacement face (none in this
	// battle), clone, delete; no values label (his name, title and ratings
	// lines' labels instead, TestLeaderLabels, TestLeaderTitles), no
	// strength.
	post := pieceTraits(t, slots["Post"][0])
	if len(byPrefix(post, "emb2;;130;;Spent;")) != 1 || len(byPrefix(post, "label;")) != 5 || len(byPrefix(post, "PROP;")) != 0 ||
		slices.ContainsFunc(byPrefix(post, "label;"), func(l [2]string) bool { return seq.Decode(l[0], ';')[16] == "Values" }) ||
		len(byPrefix(post, "emb2;;130;;Disordered")) != 0 || len(byPrefix(post, "delete;")) != 1 {
		t.Errorf("Post's traits: %v", post)
	}

	// The set-up: 74 IL at 5 SP (the property's state), 75 IL disordered
	// (level 2 of its state layer, not of a face layer).
	setup := func(name string) [][2]string {
		ss := slots[name]
		return pieceTraits(t, ss[len(ss)-1])
	}
	if p := byPrefix(setup("74 IL"), "PROP;strength")[0]; p[1] != "5" {
		t.Errorf("74 IL sets up at %s SP, want 5", p[1])
	}
	if p := byPrefix(setup("74 IL"), "PROP;strength")[0]; byPrefix(pieceTraits(t, slots["74 IL"][0]), "PROP;")[0][1] != "6" {
		t.Errorf("74 IL's palette piece is at %s SP, want 6", p[1])
	}
	if l := byPrefix(setup("75 IL"), "emb2;;130;;Disordered")[0]; l[1] != "2" {
		t.Errorf("75 IL sets up at disordered level %s, want 2", l[1])
	}
}

// TestStateTraitsDeterministic builds the play fixture twice.
func TestStateTraitsDeterministic(t *testing.T) {
	a, b := buildVmod(t, loadPlay(t)), buildVmod(t, loadPlay(t))
	if !bytes.Equal(a, b) {
		t.Fatal("two builds of the play fixture differ")
	}
}

// TestRotator pins a facing state's FreeRotator (TSS's six facings) as
// FreeRotator.mySetType reads it: facings, CW and CCW keys and names,
// random key and name, name (the state's id, so its properties are
// facing_Facing and facing_Degrees), description, direct key, name,
// expression, facing flag.
func TestRotator(t *testing.T) {
	s := playState{key: "93,130", back: "91,130"}
	s.ID, s.Title, s.Rule, s.Facings = "facing", "Facing", "TSS 6.2", 6
	tr := rotator(s)
	want := "rotate;6;93,130;91,130;Facing (clockwise);Facing (counter-clockwise);;;facing;Facing;;;;true"
	if tr.typ != want || tr.state != "0" {
		t.Errorf("rotator = %q, %q\nwant %q, \"0\"", tr.typ, tr.state, want)
	}
	if n := len(seq.Decode(strings.TrimPrefix(tr.typ, "rotate;"), ';')); n != 13 {
		t.Errorf("%d fields, want 13", n)
	}
}

// TestValuesText: the label of a counter with no faces is plain
// properties; an unknown value prints "?", a true flag its initial; an
// unknown strength is the strength property's, "?" while it is empty (a
// set-up or a key gives it one).
func TestValuesText(t *testing.T) {
	b := loadExample(t)
	m, err := newVmod(b)
	if err != nil {
		t.Fatal(err)
	}
	got := m.play.valuesText([]string{"weapon", "cohesion", "ma"}, nil, nil)
	if got != "?-?-?" {
		t.Errorf("unknown values: %q", got)
	}
	got = m.play.valuesText([]string{"weapon", "strength", "cohesion", "ma"}, nil, nil)
	if want := `{""+"?"+"-"+(GetString("strength")==""?"?":GetProperty("strength"))+"-"+"?"+"-"+"?"}`; got != want {
		t.Errorf("unknown values and strength: %q, want %q", got, want)
	}
	vals := oob.Values{{Name: "green", Value: oob.Value{V: true}}, {Name: "strength", Value: oob.Value{V: int64(6)}}, {Name: "weapon", Value: oob.Value{V: "R"}}}
	if got := m.play.valuesText([]string{"weapon", "strength", "green"}, vals, nil); got != "$weapon$-$strength$-G" {
		t.Errorf("known values: %q", got)
	}
	vals[0].V = false
	if got := m.play.valuesText([]string{"weapon", "strength", "green"}, vals, nil); got != "$weapon$-$strength$" {
		t.Errorf("a false flag: %q", got)
	}
}
