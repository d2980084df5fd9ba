package diag

import "testing"

func TestSuggestion(t *testing.T) {
	for _, tc := range []struct {
		hint, want string
		ok         bool
	}{
		{DidYouMean("2 WI"), "2 WI", true},
		{"did you mean 1/1/RW?", "1/1/RW", true},
		{"did you mean a?b?", "a?b", true},
		{"sides: USA, CSA", "", false},
		{"did you mean ", "", false},
		{"did you mean x", "", false},
		{"", "", false},
	} {
		got, ok := Diagnostic{Hint: tc.hint}.Suggestion()
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q: got %q %v, want %q %v", tc.hint, got, ok, tc.want, tc.ok)
		}
	}
}
