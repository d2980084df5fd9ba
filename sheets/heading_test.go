package sheets

import (
	"testing"

	"github.com/muster-wargames/muster/oob"
)

// TestHeadingOnce: a heading prints the designation once: not before a
// name that already says it as a word or as its ordinal.
func TestHeadingOnce(t *testing.T) {
	for _, tc := range []struct{ des, name, want string }{
		{"I", "I Corps", "I Corps"},
		{"III", "Third Corps", "Third Corps"},
		{"3", "3rd Corps", "3rd Corps"},
		{"II", "Second Corps", "Second Corps"},
		{"XII", "XII Corps", "XII Corps"},
		{"III", "Second Corps", "III Second Corps"}, // a name that does not say it keeps it
		{"1/I", "Wadsworth's Division", "1/I Wadsworth's Division"},
		{"Art/I", "I Corps Artillery Brigade", "Art/I I Corps Artillery Brigade"},
		{"I", "", "I"},
		{"Cav", "Cavalry Corps", "Cav Cavalry Corps"},
	} {
		f := &oob.Formation{ID: tc.des, Name: tc.name, Level: "corps", Parent: &oob.Formation{ID: "army"}}
		if got := formationHeading(f); got != tc.want {
			t.Errorf("designation %q name %q: heading %q, want %q", tc.des, tc.name, got, tc.want)
		}
	}
}
