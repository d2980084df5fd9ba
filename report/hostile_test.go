package report_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/report"
)

// TestHostileNames: a file name, a message, a rule, a hint and a
// justification holding a terminal escape, line breaks that would forge a
// GitHub command or a report line, U+2028 and invalid UTF-8 are printed
// escaped in every format: no control character reaches the output but
// the format's own line breaks, each diagnostic keeps its one line (two
// with the text report's hint), and JSON, SARIF and JUnit stay valid.
func TestHostileNames(t *testing.T) {
	evil := "b/\x1b[2J\x1b]0;pwned\x07x\n::error file=forged.yaml,line=1::forged\r\n\u2028\xff.yaml"
	ds := []diag.Diagnostic{
		{Code: "R002", Severity: diag.Error, Pos: diag.Pos{File: evil, Line: 2, Column: 1}, Message: "unknown unit \"\x1b[31mred\n::warning::forged\"", Rule: "rule\nX", Hint: "did you mean\n::notice::forged?"},
		{Code: "N014", Severity: diag.Warning, Pos: diag.Pos{File: evil}, Message: "m", Suppression: &diag.Suppression{Kind: "inSource", Justification: "ok\n::error::forged"}},
	}
	texts := report.Texts{evil: []byte("kind: scenario\nsetup: \x1b[31m\n")}
	for _, f := range report.Formats {
		t.Run(f.Name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := report.Write(f.Name, &buf, ds, report.Options{Texts: texts}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			for i := 0; i < len(out); i++ {
				if c := out[i]; (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
					t.Fatalf("a control character %#x at %d:\n%s", c, i, out)
				}
			}
			if strings.Contains(out, "\u2028") || strings.Contains(out, "\xff") {
				t.Fatalf("U+2028 or invalid UTF-8 printed:\n%s", out)
			}
			for _, line := range strings.Split(out, "\n") {
				if strings.Contains(line, "forged") && strings.HasPrefix(strings.TrimSpace(line), "::") && !strings.HasPrefix(line, "::error file=b/") {
					t.Errorf("a forged line: %q", line)
				}
			}
			switch f.Name {
			case "text":
				if n := strings.Count(out, "\n"); n != 4 { // the line, the quoted source and its caret, the hint
					t.Errorf("text: %d lines, want 4:\n%s", n, out)
				}
			case "github":
				if n := strings.Count(out, "\n"); n != 2 { // the error, the notice of one suppressed
					t.Errorf("github: %d lines, want 2:\n%s", n, out)
				}
			case "json", "sarif":
				if !json.Valid(buf.Bytes()) {
					t.Errorf("%s: not JSON", f.Name)
				}
			case "junit":
				var v any
				if err := xml.Unmarshal(buf.Bytes(), &v); err != nil {
					t.Errorf("junit: not XML: %v", err)
				}
			}
		})
	}
}
