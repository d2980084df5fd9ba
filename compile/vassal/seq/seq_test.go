package seq

import (
	"math/rand"
	"reflect"
	"testing"
	"unsafe"
)

// decorate nests trait over inner as VASSAL's Decorator does:
// new SequenceEncoder(trait, '\t').append(inner).
func decorate(trait, inner string) string { return Of(trait, '\t').Append(inner).Value() }

// chain builds a type or state chain, outermost first, innermost last.
func chain(parts ...string) string {
	s := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		s = decorate(parts[i], s)
	}
	return s
}

// addPiece is BasicCommandEncoder's AddPiece encoding with a null id.
func addPiece(typ, state string) string {
	return "+/" + New('/').Append("null").Append(typ).Append(state).Value()
}

// Piece strings quoted in shared/reference/vassal-format.md §1.6, as Go
// string literals: "\t" is a TAB and "\\" one backslash.
func TestRealPieceStrings(t *testing.T) {
	cases := []struct {
		name string
		got  string
		want string
	}{
		{
			// sayden/bgcounters TemplateModule/buildFile.xml
			name: "bgcounters PieceSlot",
			got:  addPiece(chain("prototype;BasicPrototype", "piece;;;MarkersRecon_011.png;MarkersRecon.png"), chain("", "null;0;0;210;0")),
			want: "+/null/prototype;BasicPrototype\tpiece;;;MarkersRecon_011.png;MarkersRecon.png/\tnull;0;0;210;0",
		},
		{
			// bgcounters prototype with clone, delete and markmoved: nested escapes
			name: "bgcounters prototype",
			got: addPiece(
				chain("clone;Clone;67,130;", "delete;Delete;68,130;", "markmoved;moved.gif;30;-30;Mark Moved;77,130;", "piece;;;;"),
				chain("", "", "false", "null;19;24;;0")),
			want: "+/null/clone;Clone;67,130;\tdelete;Delete;68,130;\\\tmarkmoved;moved.gif;30;-30;Mark Moved;77,130;\\\\\tpiece;;;;/\t\\\tfalse\\\\\tnull;19;24;;0",
		},
		{
			// forum.vassalengine.org/t/buildfile-pieceslot-format/8918
			name: "forum two markers",
			got:  addPiece(chain("mark;area", "mark;id", "piece;;;card033.png;Reformed Theology"), chain("The West", "33", "null;0;0;")),
			want: "+/null/mark;area\tmark;id\\\tpiece;;;card033.png;Reformed Theology/The West\t33\\\tnull;0;0;",
		},
		{
			// Perl CSV→PieceSlot generator: a Layer flip
			name: "perl flip layer",
			got: addPiece(chain("prototype;Unit", "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;<back>.svg;,;true;;;", "piece;;;<front>.svg;<name>"),
				chain("", "-1;", "null;0;0")),
			want: "+/null/prototype;Unit\temb2;Flip;2;F;;0;;;0;;;;1;false;0;0;<back>.svg;,;true;;;\\\tpiece;;;<front>.svg;<name>/\t-1;\\\tnull;0;0",
		},
		{
			// riverwanderer/ccnapoleonics: five traits deep, one more backslash per level
			// (the emb2 type is elided in the reference; a stand-in is used)
			name: "ccnapoleonics depth",
			got:  chain("prototype;Infantry close combat bonus", "prototype;InfantryFR", "emb2;X", "prototype;Unit4", "prototype;Block=Blue", "piece;;;fre_LN.png;French Line Infantry"),
			want: "prototype;Infantry close combat bonus\tprototype;InfantryFR\\\temb2;X\\\\\tprototype;Unit4\\\\\\\tprototype;Block=Blue\\\\\\\\\tpiece;;;fre_LN.png;French Line Infantry",
		},
		{
			// Cattlesquat/ForThePeople: a thin PieceSlot over a per-leader prototype
			name: "ForThePeople Grant",
			got:  addPiece(chain("prototype;Grant", "piece;;;;Grant"), chain("", "null;0;0;1302;0")),
			want: "+/null/prototype;Grant\tpiece;;;;Grant/\tnull;0;0;1302;0",
		},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, c.got, c.want)
		}
	}
}

func TestEscapes(t *testing.T) {
	cases := []struct {
		items []string
		delim byte
		want  string
	}{
		{[]string{"a", "b,c"}, ',', `a,b\,c`},
		{[]string{`\x`, "y"}, ';', `'\x';y`},
		{[]string{"'q'", "z"}, ';', `''q'';z`},
		{[]string{"", ""}, ',', ","},
		{[]string{"6/7 Ark", "x"}, '/', `6\/7 Ark/x`},
	}
	for _, c := range cases {
		e := New(c.delim)
		for _, s := range c.items {
			e.Append(s)
		}
		if e.Value() != c.want {
			t.Errorf("%q: got %q want %q", c.items, e.Value(), c.want)
		}
		if got := Decode(e.Value(), c.delim); !reflect.DeepEqual(got, c.items) {
			t.Errorf("decode %q: got %q want %q", e.Value(), got, c.items)
		}
	}
	if v := New(';').Int(-3).Bool(true).Double(1).Value(); v != "-3;true;1.0" {
		t.Errorf("numbers: %q", v)
	}
	// an ugly delimiter escapes numbers as strings
	if v := New('1').Int(11).Value(); v != `\1\1` {
		t.Errorf("ugly: %q", v)
	}
	if v := New(';').Strings([]string{"", "a.png", "b,c.png"}).Value(); v != `,a.png,b\,c.png` {
		t.Errorf("strings: %q", v)
	}
}

func TestDecodeNested(t *testing.T) {
	s := "clone;Clone;67,130;\tdelete;Delete;68,130;\\\tmarkmoved;moved.gif;30;-30;Mark Moved;77,130;\\\\\tpiece;;;;"
	var traits []string
	for {
		parts := Decode(s, '\t')
		traits = append(traits, parts[0])
		if len(parts) == 1 {
			break
		}
		s = parts[1]
	}
	want := []string{"clone;Clone;67,130;", "delete;Delete;68,130;", "markmoved;moved.gif;30;-30;Mark Moved;77,130;", "piece;;;;"}
	if !reflect.DeepEqual(traits, want) {
		t.Errorf("got %q want %q", traits, want)
	}
}

// A token without an escaped delimiter is s's own bytes, not a copy: the
// VASSAL build reads hundreds of thousands of them (a piece's menus from
// its traits), and a copy of each was a tenth of its instructions.
func TestDecodeSlicesTokens(t *testing.T) {
	s := "emb2;Activate;'quoted';esc\\;aped"
	got := Decode(s, ';')
	if want := []string{"emb2", "Activate", "quoted", "esc;aped"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q want %q", got, want)
	}
	for i, at := range []int{0, 5, 15} {
		if unsafe.StringData(got[i]) != unsafe.StringData(s[at:]) {
			t.Errorf("token %d %q is a copy, not s[%d:]", i, got[i], at)
		}
	}
}

// Nest writes what nesting one Append at a time writes, for chains of
// items and bases made of the bytes that matter: delimiters, backslashes,
// quotes, letters, and empty strings.
func TestNest(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	word := func() string {
		const alphabet = "\t\\'a;/"
		b := make([]byte, r.Intn(5))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		return string(b)
	}
	for trial := 0; trial < 20000; trial++ {
		items := make([]string, r.Intn(6))
		for i := range items {
			items[i] = word()
		}
		base := word()
		for _, delim := range []byte{'\t', ';'} {
			want := base
			for i := len(items) - 1; i >= 0; i-- {
				want = Of(items[i], delim).Append(want).Value()
			}
			if got := Nest(items, base, delim); got != want {
				t.Fatalf("Nest(%q, %q, %q) = %q, want %q", items, base, delim, got, want)
			}
		}
	}
}

// One is New(delim).Append(s).Value() for every string, those that need
// escapes or quotes among them.
func TestOne(t *testing.T) {
	for _, s := range []string{"", "a", "a,b", ",", "\\x", "'q'", "'", "'a", "a'", "x\\", "é,ü"} {
		if got, want := One(s, ','), New(',').Append(s).Value(); got != want {
			t.Errorf("One(%q) = %q, want %q", s, got, want)
		}
	}
}
