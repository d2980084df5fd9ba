package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/muster-wargames/muster/diag"
)

// JUnit XML as CI systems read it (Jenkins, GitLab, the test-report
// actions): one test suite, one test case per file read. A file with an
// error fails; warnings, notes and suppressed findings (with their
// justification) go to the case's system-out.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// junitBattle names the test case of diagnostics that belong to no file.
const junitBattle = "(battle)"

type junit struct {
	w       io.Writer
	texts   Texts
	elapsed time.Duration
	held
}

// JUnit is the JUnit XML report, written on Flush, with one test case per
// file: every file in Options.Texts (the files read) and every file a
// diagnostic names. The suite's time is Options.Elapsed in seconds, to the
// millisecond (the one part of any report that differs between runs).
func JUnit(w io.Writer, o Options) Report { return &junit{w: w, texts: o.Texts, elapsed: o.Elapsed} }

func (j *junit) Flush() error {
	w := j.w
	byFile := map[string][]diag.Diagnostic{}
	for f := range j.texts {
		byFile[f] = nil
	}
	for _, d := range j.ds {
		f := d.Pos.File
		if f == "" {
			f = junitBattle
		}
		byFile[f] = append(byFile[f], d)
	}
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	secs := strconv.FormatFloat(j.elapsed.Round(time.Millisecond).Seconds(), 'f', 3, 64)
	suite := junitSuite{Name: "muster validate", Time: secs}
	for _, f := range files {
		c := junitCase{Name: diag.Printable(f), Classname: "muster"}
		var fails, other strings.Builder
		n := 0
		for _, d := range byFile[f] {
			line := d.String() // Printable
			if d.Hint != "" {
				line += "\n    hint: " + diag.Printable(d.Hint)
			}
			if d.Suppression != nil {
				other.WriteString("suppressed: " + line + "\n    justification: " + diag.Printable(d.Suppression.Justification) + "\n")
			} else if d.Severity == diag.Error {
				n++
				fails.WriteString(line + "\n")
			} else {
				other.WriteString(line + "\n")
			}
		}
		if n > 0 {
			c.Failure = &junitFailure{Message: fmt.Sprintf("%d %s", n, diag.Plural(n, "error")), Type: "error", Text: fails.String()}
			suite.Failures++
		}
		c.SystemOut = other.String()
		suite.Cases = append(suite.Cases, c)
		suite.Tests++
	}
	out := junitSuites{Name: "muster", Tests: suite.Tests, Failures: suite.Failures, Time: secs, Suites: []junitSuite{suite}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
