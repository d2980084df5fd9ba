package accept

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
)

// FuzzReadBaseline reads any bytes as a baseline. Nothing may panic; a
// baseline read has an entry with a code at every place it records, inside
// the file, and what WriteBaseline writes of the findings it accepts reads
// back as the same entries.
func FuzzReadBaseline(f *testing.F) {
	f.Add([]byte(`{"version": 1, "findings": []}`))
	f.Add([]byte("{\n  \"version\": 1,\n  \"findings\": [\n    {\"code\": \"R002\", \"file\": \"s.yaml\", \"message\": \"unknown unit \\\"x\\\"\"},\n    {\"code\": \"N005\", \"file\": \"\", \"message\": \"m\"}\n  ]\n}\n"))
	f.Add([]byte(`{"version": 1, "findings": [{"code": "R002", "file": "a.yaml", "message": "x"},{"code": "R002", "file": "a.yaml", "message": "x"}]}`))
	f.Add([]byte(`{"findings": [{"code": ""}], "version": 1}`))
	f.Add([]byte(`{"version": 2}`))
	f.Add([]byte("\r\n{\"version\":1,\"findings\":[\r\n{\"code\":\"B016\",\"file\":\"\u00e9\",\"message\":\"\\u0000\"}]}"))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		bl, err := ReadBaseline("b/baseline.json", data)
		if err != nil {
			if bl != nil {
				t.Fatalf("an error and a baseline")
			}
			return
		}
		if len(bl.lines) != len(bl.Entries) || len(bl.cols) != len(bl.Entries) {
			t.Fatalf("%d entries, %d lines, %d columns", len(bl.Entries), len(bl.lines), len(bl.cols))
		}
		nl := bytes.Count(data, []byte("\n")) + 1
		for i, e := range bl.Entries {
			if e.Code == "" || bl.lines[i] < 1 || bl.lines[i] > nl || bl.cols[i] < 1 || bl.cols[i] > len(data)+1 {
				t.Fatalf("entry %d %+v at %d:%d of %d lines", i, e, bl.lines[i], bl.cols[i], nl)
			}
		}
		// Stale entries are warned of at their places, each once.
		out := bl.Apply(nil)
		if len(out) != len(bl.Entries) {
			t.Fatalf("no finding: %d stale warnings for %d entries", len(out), len(bl.Entries))
		}
		for _, d := range out {
			if d.Code != CodeStaleBaseline.Code || d.Pos.Line < 1 {
				t.Fatalf("stale warning %s", d)
			}
		}
	})
}

// FuzzSuppress reads any text as a file's suppression comments, with a
// finding of two codes on every line and one without a line. Nothing may
// panic; a finding is accepted only by a comment that names its code, on
// its line, the line before it or the whole file; and every diagnostic
// of the comments lies on a line of the file.
func FuzzSuppress(f *testing.F) {
	f.Add("setup:\n  # muster:ignore R002 -- above\n  C1101: [59 ILL]\n  C1102: [x] # muster:ignore R002,N005 -- same line\n# muster:file-ignore M004 -- whole file\n")
	f.Add("a: 'b # muster:ignore R002 -- in quotes' # muster:ignore N005 -- after\n")
	f.Add("# muster:ignore\n# muster:ignore R002\n# muster:ignore R002 N005 -- spaces\n# muster:ignore r002 -- lower case\n")
	f.Add("x: 1 # L12  # muster:ignore R002 -- after another comment\r\n\r\n")
	f.Add("#muster:ignore R002 -- no space\n# muster:file-ignore R999 -- unknown\n\"a # b\": 'it''s # c' # muster:ignore M004 -- q\n")
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Count(src, "\n") + 1
		var ds []diag.Diagnostic
		for l := 0; l <= min(lines, 200); l++ {
			for _, c := range []string{"R002", "M004"} {
				ds = append(ds, diag.Diagnostic{Code: c, Severity: diag.Error, Pos: diag.Pos{File: "s.yaml", Line: l, Column: 1}, Message: fmt.Sprint(l)})
			}
		}
		known := func(code string) (diag.Code, bool) {
			switch code {
			case "R002", "N005", "M004":
				return diag.Code{Code: code}, true
			}
			return diag.Code{}, false
		}
		out := Suppress(ds, map[string][]byte{"s.yaml": []byte(src)}, Options{Lookup: known, Unused: true})
		for _, d := range out {
			switch d.Code {
			case "R002", "M004":
				if d.Suppression == nil {
					continue
				}
				if !strings.Contains(strings.ToUpper(src), d.Code) {
					t.Fatalf("%s accepted by a file that never names %s", d, d.Code)
				}
			default:
				if d.Pos.File != "s.yaml" || d.Pos.Line < 1 || d.Pos.Line > lines {
					t.Fatalf("%s: not on a line of the file (%d lines)", d, lines)
				}
			}
		}
	})
}
