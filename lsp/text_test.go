package lsp

import "testing"

func TestSpan(t *testing.T) {
	text := "a: \"été x\"\nb: [Post, 'it''s', {unit: 6 WI, face: x}]\nc: plain value # comment\n\"k1\": v\n"
	l := newLines([]byte(text))
	for _, tc := range []struct {
		line, col int
		want      Range
	}{
		{1, 4, Range{Position{0, 3}, Position{0, 10}}},   // a quoted scalar, accents one unit each
		{2, 5, Range{Position{1, 4}, Position{1, 8}}},    // a flow item
		{2, 11, Range{Position{1, 10}, Position{1, 17}}}, // single quotes with an escaped quote
		{2, 27, Range{Position{1, 26}, Position{1, 30}}}, // a flow mapping's value
		{2, 4, Range{Position{1, 3}, Position{1, 41}}},   // the whole flow sequence
		{3, 4, Range{Position{2, 3}, Position{2, 14}}},   // a plain scalar stops before a comment
		{4, 1, Range{Position{3, 0}, Position{3, 4}}},    // a quoted key
		{0, 0, Range{Position{0, 0}, Position{0, 10}}},   // the whole file: its first line
		{9, 1, Range{Position{8, 0}, Position{8, 1}}},    // past the end
	} {
		if got := l.span(tc.line, tc.col); got != tc.want {
			t.Errorf("span(%d, %d) = %+v, want %+v", tc.line, tc.col, got, tc.want)
		}
	}
}

func TestScalarAt(t *testing.T) {
	line := `    "A0304": [Meredith, "2 WI"] # muster:ignore N005`
	for _, tc := range []struct {
		at   int
		want string
		ok   bool
	}{
		{6, "A0304", true},
		{16, "Meredith", true},
		{27, "2 WI", true},
		{12, "", false}, // the colon's space
		{40, "", false}, // the comment
	} {
		_, _, got, ok := scalarAt(line, tc.at)
		if got != tc.want || ok != tc.ok {
			t.Errorf("scalarAt(%d) = %q %v, want %q %v", tc.at, got, ok, tc.want, tc.ok)
		}
	}
}

func TestApplyChange(t *testing.T) {
	text := []byte("ab\ncdé\nf")
	got := applyChange(text, contentChange{Range: &Range{Position{1, 2}, Position{2, 0}}, Text: "X"})
	if string(got) != "ab\ncdXf" {
		t.Errorf("got %q", got)
	}
	got = applyChange(text, contentChange{Range: &Range{Position{-3, -1}, Position{99, 0}}, Text: "Y"})
	if string(got) != "Y" {
		t.Errorf("out of range: got %q", got)
	}
}
