package validate_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// printedQuote is a note's or a comment's quotation of the book's text:
// `printed "Moses Bty/1/2/H"`.
var printedQuote = regexp.MustCompile(`printed \\?"([^"\\]+)\\?"`)

// leftOut is a comment or note saying that what the book prints was left
// out by hand.
var leftOut = regexp.MustCompile(`hand:.*\bleft out\b`)

// alsoLists is a note's list of names the book prints in a row beside
// what the row names: "the book also lists Pettigrew, Brockenbrough,
// already in the formations named". The names are the row's data.
var alsoLists = regexp.MustCompile(`\balso lists (.+?)(?:, already in\b|;|$)`)

// alsoListed splits such a list into names, keeping an initial with its
// name ("Robertson, B.").
func alsoListed(list string) []string {
	var out []string
	for _, w := range strings.Split(list, ", ") {
		if len(w) == 2 && w[1] == '.' && len(out) > 0 {
			out[len(out)-1] += ", " + w
			continue
		}
		out = append(out, w)
	}
	return out
}

// rowUnits is what a schedule row's units: names, a name or {unit: name}.
func rowUnits(row *yaml.Node) map[string]bool {
	units := map[string]bool{}
	for i := 0; i+1 < len(row.Content); i += 2 {
		if row.Content[i].Value != "units" {
			continue
		}
		for _, u := range row.Content[i+1].Content {
			if u.Kind == yaml.ScalarNode {
				units[u.Value] = true
			}
			for j := 0; j+1 < len(u.Content); j += 2 {
				if u.Content[j].Value == "unit" {
					units[u.Content[j+1].Value] = true
				}
			}
		}
	}
	return units
}

// stillInNotes lists what the encoded battles still quote in a note that
// their data does not carry, by file and quotation: the work left of
// issue 24 ("the books' data as printed"). The list may only shrink: an
// entry that is carried now, or quoted no more, fails.
var stillInNotes = map[string]bool{}

// TestPrintedAsData: no note or comment of an encoded battle quotes
// printed text (`printed "..."`) that the battle's data does not carry
// (the text is a name, a hex or another value of some document of the
// battle, not of a note), and no `hand:` comment or note says that
// something the book prints was left out. A note that says the book "also
// lists" names holds none that its row's units do not carry.
// A note may explain; it may not hold the data.
// A corrected copy's note that begins "errata:" says what it corrects.
func TestPrintedAsData(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*/battle.yaml")
	seen := map[string]bool{}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		var files []string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
				files = append(files, p)
			}
			return nil
		})
		sort.Strings(files)
		data := map[string]bool{}
		type quote struct{ file, text string }
		var quotes []quote
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel("..", f)
			// every document of the file: a forces file may hold several
			var roots []*yaml.Node
			dec := yaml.NewDecoder(bytes.NewReader(src))
			for {
				var root yaml.Node
				err := dec.Decode(&root)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Errorf("%s: %v", rel, err)
					break
				}
				roots = append(roots, &root)
			}
			var walk func(n *yaml.Node, note bool)
			walk = func(n *yaml.Node, note bool) {
				for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
					if leftOut.MatchString(c) {
						t.Errorf("%s:%d: a comment says the book's text was left out: %s", rel, n.Line, strings.TrimSpace(c))
					}
					for _, m := range printedQuote.FindAllStringSubmatch(c, -1) {
						quotes = append(quotes, quote{rel, m[1]})
					}
				}
				if n.Kind == yaml.ScalarNode {
					if note {
						if leftOut.MatchString(n.Value) {
							t.Errorf("%s:%d: a note says the book's text was left out: %s", rel, n.Line, n.Value)
						}
						if !strings.HasPrefix(n.Value, "errata:") {
							for _, m := range printedQuote.FindAllStringSubmatch(n.Value, -1) {
								quotes = append(quotes, quote{rel, m[1]})
							}
						}
					} else {
						data[n.Value] = true
					}
					return
				}
				if n.Kind == yaml.MappingNode {
					for i := 0; i+1 < len(n.Content); i += 2 {
						if n.Content[i].Value != "note" {
							continue
						}
						units := rowUnits(n)
						for _, m := range alsoLists.FindAllStringSubmatch(n.Content[i+1].Value, -1) {
							for _, name := range alsoListed(m[1]) {
								if !units[name] {
									t.Errorf("%s:%d: a note says the book also lists %q, which the row's units do not carry: write it in units as printed (N050 says it is named twice)", rel, n.Content[i+1].Line, name)
								}
							}
						}
					}
				}
				for i, c := range n.Content {
					isNote := note
					if n.Kind == yaml.MappingNode && i%2 == 1 {
						k := n.Content[i-1].Value
						isNote = k == "note" || k == "source" || k == "text" || k == "illustrative"
					}
					walk(c, isNote)
				}
			}
			for _, root := range roots {
				walk(root, false)
			}
		}
		for _, q := range quotes {
			key := q.file + ": " + q.text
			seen[key] = true
			// a hex printed without its sheet ("1025" for A1025) is carried
			carried := data[q.text]
			for v := range data {
				if len(v) > len(q.text) && strings.HasSuffix(v, q.text) && strings.Trim(v[:len(v)-len(q.text)], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
					carried = true
				}
			}
			switch {
			case carried && stillInNotes[key]:
				t.Errorf("%s: %q is carried by the data now: take it off stillInNotes", q.file, q.text)
			case !carried && !stillInNotes[key]:
				t.Errorf("%s: a note quotes printed %q, which the battle's data does not carry: write the book's text as data (a name as printed, the alternatives it gives) and let the note explain", q.file, q.text)
			}
		}
	}
	for key := range stillInNotes {
		if !seen[key] {
			t.Errorf("stillInNotes lists %s, which no note quotes any more: take it off", key)
		}
	}
}
