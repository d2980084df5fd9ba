package diag

// didYouMean is how every hint that offers one replacement begins; the
// hint ends with a question mark.
const didYouMean = "did you mean "

// DidYouMean is the hint that offers s in place of the offending value:
// "did you mean s?". Offer sets it with the fix it describes.
func DidYouMean(s string) string { return didYouMean + s + "?" }

// Suggestion returns the replacement the diagnostic's fix offers for the
// value at its position, and whether it offers one: read from Fixes, never
// from the hint, which stays the designer's text.
func (d Diagnostic) Suggestion() (string, bool) {
	for _, f := range d.Fixes {
		if len(f.Edits) == 1 && f.Edits[0].At == d.Pos {
			return f.Edits[0].New, true
		}
	}
	return "", false
}
