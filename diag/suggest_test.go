package diag

import "testing"

func TestSuggestion(t *testing.T) {
	at := Pos{File: "s.yaml", Line: 3, Column: 7}
	var d Diagnostic
	d.Pos = at
	if _, ok := d.Suggestion(); ok {
		t.Fatal("a diagnostic without a fix offers one")
	}
	d.Offer("2 Wi", "2 WI")
	if d.Hint != "did you mean 2 WI?" {
		t.Errorf("hint %q", d.Hint)
	}
	// The suggestion is the fix, whatever the hint says.
	d.Hint = "perhaps 2 WI was meant"
	if got, ok := d.Suggestion(); !ok || got != "2 WI" {
		t.Errorf("got %q %v", got, ok)
	}
	// A hint that reads like one is not a fix.
	if _, ok := (Diagnostic{Pos: at, Hint: DidYouMean("x")}).Suggestion(); ok {
		t.Error("a hint alone was read as a fix")
	}
}

func TestFingerprint(t *testing.T) {
	a := Diagnostic{Code: "TS201", Pos: Pos{File: "s.yaml", Line: 3}, Message: "one way"}
	a.About(Subjects{Units: []string{"4th Me/2/1/III"}, Leaders: []string{"Birney/1/III"}})
	b := a
	b.Message, b.Hint, b.Pos = "another way", "a hint", Pos{File: "s.yaml", Line: 30}
	if a.Fingerprint() != b.Fingerprint() {
		t.Error("the fingerprint depends on the message or the position")
	}
	c := Diagnostic{Code: "TS201"}
	c.About(Subjects{Units: []string{"4th Me/2/1/III"}, Leaders: []string{"Sickles/III"}})
	if a.Fingerprint() == c.Fingerprint() {
		t.Error("different subjects, same fingerprint")
	}
	d := Diagnostic{Code: "TS202", Subjects: a.Subjects}
	if a.Fingerprint() == d.Fingerprint() {
		t.Error("different codes, same fingerprint")
	}
	e := Diagnostic{Code: "TS201", Subjects: a.Subjects, Path: "setup.C1628"}
	if a.Fingerprint() == e.Fingerprint() {
		t.Error("different paths, same fingerprint")
	}
	// Units and leaders are not interchangeable.
	f := Diagnostic{Code: "TS201", Subjects: &Subjects{Leaders: []string{"4th Me/2/1/III"}, Units: []string{"Birney/1/III"}}}
	if a.Fingerprint() == f.Fingerprint() {
		t.Error("a unit and a leader swapped, same fingerprint")
	}
}

func TestFingerprintOfArguments(t *testing.T) {
	var l List
	at := Pos{File: "s.yaml", Line: 3, Column: 1}
	c := Code{Code: "N999"}
	a := l.Addf(c, at, "%q is odd, see %s", "x", at)
	b := l.Addf(c, Pos{File: "s.yaml", Line: 9}, "%q: odd (as at %s)", "x", Pos{File: "s.yaml", Line: 7})
	o := l.Addf(c, at, "%q is odd, see %s", "y", at)
	if a.Fingerprint() != b.Fingerprint() {
		t.Error("reworded or moved, a finding without subjects changed its fingerprint")
	}
	if a.Fingerprint() == o.Fingerprint() {
		t.Error("another value, the same fingerprint")
	}
	// Subjects, when given, stand for the arguments.
	a.About(Subjects{Values: []string{"x"}})
	o.About(Subjects{Values: []string{"x"}})
	if a.Fingerprint() != o.Fingerprint() {
		t.Error("the same subjects, different fingerprints")
	}
}
