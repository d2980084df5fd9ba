package vassal

import (
	"strings"
	"testing"
)

// TestTurnNotes: Dead of Winter's scenarios fix corps efficiencies for
// some turns (1.0 for its four turns, 8.0 and 9.0 for the first) and most
// give the initiative for the first turn (`first:`; 5.0 does not); the
// turn track's format adds them on exactly those turns of those
// scenarios, the module declares the Scenario property, and each
// scenario's saved game sets it.
func TestTurnNotes(t *testing.T) {
	b, files, root := exampleModule(t, "dead-of-winter")
	var format string
	props := 0
	root.walk(func(e, _ *xel) {
		switch e.class() {
		case "module.turn.TurnTracker":
			format, _ = e.attr("turnFormat")
		case "module.properties.GlobalProperty":
			if n, _ := e.attr("name"); n == scenarioProp {
				props++
			}
		}
	})
	if props != 1 {
		t.Errorf("%d %s properties, want 1", props, scenarioProp)
	}
	for _, want := range []string{
		`{Day+" "+Time+(`,
		`Scenario=="intro"&&Day=="Dec 30"&&Time=="1300 day"?" · USA has the initiative":`,
		`Scenario=="s1"&&Day=="Dec 31"&&Time=="0600 dawn"?" · CSA has the initiative · fixed efficiency CSA H 4, P 3, Cav -3; USA `,
		`Scenario=="s1"&&Day=="Dec 31"&&Time=="0900 day"?" · fixed efficiency CSA H 4, P 3, Cav -3":`,
		`Scenario=="s3"&&Day=="Jan 2"&&Time=="1400 day"?" · CSA has the initiative":`,
		`Scenario=="s8"&&Day=="Dec 31"&&Time=="0600 dawn"?" · CSA has the initiative · fixed efficiency CSA H 4, P 3; USA RW 1, LW 1, C 1":`,
		`:"")}`,
	} {
		if !strings.Contains(format, want) {
			t.Errorf("turnFormat lacks %q:\n%s", want, format)
		}
	}
	if strings.Contains(format, `Scenario=="s1"&&Day=="Dec 31"&&Time=="1000 day"`) || strings.Contains(format, `Scenario=="s5"`) {
		t.Errorf("turnFormat notes a turn nothing is fixed for:\n%s", format)
	}
	for _, sc := range b.Scenarios {
		saved, _ := unzipAll(t, files["scenario-"+sc.ID+".vsav"])
		want := "\x1bMutableProperty\tScenario\t\t" + sc.ID + "\tModule\x1b"
		if !strings.Contains(string(saved["savedGame"]), want) {
			t.Errorf("scenario-%s.vsav does not set the scenario: %q", sc.ID, saved["savedGame"])
		}
	}
}

// TestBshString: a note's text cannot end the BeanShell string or start
// an old-style $property$.
func TestBshString(t *testing.T) {
	if got, want := bshString(`a "b" \c $d`), `a \"b\" \\c \u0024d`; got != want {
		t.Errorf("bshString = %s, want %s", got, want)
	}
}
