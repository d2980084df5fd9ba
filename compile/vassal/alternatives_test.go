package vassal

import (
	"strings"
	"testing"
)

// TestAlternativesInModule: an arrival with the book's alternatives ("area
// 1 or 9") names them all on its holding box and its zone; one without
// names its one area or hexes as before.
func TestAlternativesInModule(t *testing.T) {
	b := edited(t, "tss-seminary-ridge", map[string][][2]string{
		"scenario.yaml": {{`hexes: ["A0530"], units: ["Pegram/Res/III", "Wagon 1"]`, `area: "1", or: [{area: "9"}], units: ["Pegram/Res/III", "Wagon 1"]`}},
	}, nil)
	var labels []string
	for _, a := range b.Scenarios[0].Arrivals {
		labels = append(labels, (&vmod{b: b}).arrivalLabel(a))
	}
	if got, want := strings.Join(labels, "|"), "CSA Jul 1 0800 AT 1 OR 9|CSA Jul 1 0820 AT A0530|USA Jul 1 0900 AT A0519"; got != want {
		t.Errorf("labels %q, want %q", got, want)
	}
	out, err := Module(b)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := unzipAll(t, out[0].Data)
	build := string(files["buildFile.xml"])
	for _, want := range []string{`name="CSA Jul 1 0800 at 1 or 9"`} { // the box drawn with the label, its zone named so
		if !strings.Contains(build, want) {
			t.Errorf("the module does not name the alternatives: no %s", want)
		}
	}
}

// TestNamedTwiceOnce: a group that names a unit by itself and within a
// formation it names too (N050) has one piece of it, on the face the
// group gives it by name; naming it once gives the same one piece.
func TestNamedTwiceOnce(t *testing.T) {
	count := func(units string) int {
		b := edited(t, "tss-seminary-ridge", map[string][][2]string{
			"scenario.yaml": {{`units: ["Pegram/Res/III", "Wagon 1"]`, `units: [` + units + `]`}},
		}, nil)
		out, err := Module(b)
		if err != nil {
			t.Fatal(err)
		}
		files, _ := unzipAll(t, out[0].Data)
		return strings.Count(string(files["buildFile.xml"]), `entryName="Pee Dee"`)
	}
	once, twice := count(`"Pegram/Res/III", "Wagon 1"`), count(`"Pegram/Res/III", "Pee Dee", "Wagon 1"`)
	if once == 0 || twice != once {
		t.Errorf("Pee Dee has %d piece slots when its group names it twice, %d when once; want the same, more than none", twice, once)
	}
}
