package render

import (
	"bytes"
	"image"
	"image/png"
	"slices"
	"testing"
)

// TestCard: a card is CardW×CardH, and its text is drawn (a card with a
// body has more ink than one without); a back has none of a face's band.
func TestCard(t *testing.T) {
	ink := func(data []byte) int {
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != CardW || b.Dy() != CardH {
			t.Fatalf("card %v, want %dx%d", b, CardW, CardH)
		}
		n := 0
		face := rgba(cardFace)
		for y := 0; y < CardH; y++ {
			for x := 0; x < CardW; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if uint8(r>>8) != face.R || uint8(g>>8) != face.G || uint8(b>>8) != face.B {
					n++
				}
			}
		}
		return n
	}
	bare := ink(Card("Event", "Union", nil))
	text := ink(Card("Event", "Union", []string{"Play one of the Event cards your side chose", "AMFS D-2"}))
	if text <= bare {
		t.Errorf("the body drew nothing: %d ink pixels, %d without it", text, bare)
	}
	if back := ink(Card("", "Card Draw Pile", nil)); back <= text {
		t.Errorf("a back (%d ink pixels) is not filled", back)
	}
}

func TestWrapText(t *testing.T) {
	// 4 px a glyph: 23 px hold 6 glyphs
	got := wrapText("one two three fourteen", 23, 1)
	if want := []string{"ONE", "TWO", "THREE", "FOURTE"}; !slices.Equal(got, want) {
		t.Errorf("wrapText = %q, want %q", got, want)
	}
	if got := wrapText("ab cd", 19, 1); !slices.Equal(got, []string{"AB CD"}) {
		t.Errorf("wrapText at its limit = %q", got)
	}
	if got := wrapText("ab cd", 18, 1); !slices.Equal(got, []string{"AB", "CD"}) {
		t.Errorf("wrapText one past its limit = %q", got)
	}
}

// TestCardBackFits: a back's text keeps inside the back, 8 pixels from its
// filled area's edge, however long; before, AMFS's pile title ran off the
// card's foot at scale 2.
func TestCardBackFits(t *testing.T) {
	for _, s := range []string{"Card Draw Pile", "Card Draw Pile: the Corps Activation cards, one a corps (the scenario adds Special Activation, CIC, Event, Fog of War and Friction of War cards)"} {
		img, err := png.Decode(bytes.NewReader(Card("", s, nil)))
		if err != nil {
			t.Fatal(err)
		}
		inner := image.Rect(14, 14, CardW-14, CardH-14)
		in, out := 0, 0
		ink := rgba(cardBandInk)
		for y := 6; y < CardH-6; y++ { // the filled back, whose ink is the text's
			for x := 6; x < CardW-6; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if uint8(r>>8) == ink.R && uint8(g>>8) == ink.G && uint8(b>>8) == ink.B {
					if image.Pt(x, y).In(inner) {
						in++
					} else {
						out++
					}
				}
			}
		}
		if in == 0 || out != 0 {
			t.Errorf("%.20q: %d ink pixels inside, %d outside %v", s, in, out, inner)
		}
	}
}
