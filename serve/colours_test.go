package serve

import (
	"regexp"
	"testing"

	"github.com/muster-wargames/muster/render"
)

// TestSeverityColours: the page lists each finding in the colour of its
// severity's ring on the map (render.RingError, RingWarning, RingInfo),
// which app.css cannot name: the stylesheet's colours are held to them.
func TestSeverityColours(t *testing.T) {
	css, err := assets.ReadFile("assets/app.css")
	if err != nil {
		t.Fatal(err)
	}
	for class, want := range map[string]string{"error": render.RingError, "warning": render.RingWarning, "info": render.RingInfo} {
		m := regexp.MustCompile(`#diags \.` + class + ` \{ color: (#[0-9a-fA-F]+);`).FindSubmatch(css)
		if m == nil {
			t.Errorf("app.css gives #diags .%s no colour", class)
		} else if string(m[1]) != want {
			t.Errorf("app.css colours #diags .%s %s, its ring on the map %s", class, m[1], want)
		}
	}
}
