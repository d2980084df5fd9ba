package diag

import "strings"

// didYouMean is how every hint that offers one replacement begins; the
// hint ends with a question mark.
const didYouMean = "did you mean "

// DidYouMean is the hint that offers s in place of the offending value:
// "did you mean s?". Suggestion reads it back.
func DidYouMean(s string) string { return didYouMean + s + "?" }

// Suggestion returns the replacement a did-you-mean hint offers for the
// value at the diagnostic's position, and whether the hint is one. The
// hint stays the designer's text; this is its machine-readable reading,
// for editors' quick fixes.
func (d Diagnostic) Suggestion() (string, bool) {
	s, ok := strings.CutPrefix(d.Hint, didYouMean)
	if !ok || !strings.HasSuffix(s, "?") || len(s) < 2 {
		return "", false
	}
	return strings.TrimSuffix(s, "?"), true
}
