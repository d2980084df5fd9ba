// Package project reads muster.yaml, a repository's project file: the
// defaults its CI and its designers want without repeating flags (issue
// 27). muster finds it as linters find theirs: in the working folder or the
// nearest folder above it. Flags given on the command line override it.
//
//	# yaml-language-server: $schema=schemas/project.schema.json
//	kind: project
//	battles:                       # what validate checks when given no folder
//	  - examples/*                 # a folder, or a pattern of folders
//	  - path: examples/dead-of-winter
//	    variant: errata            # this variant of it
//	    baseline: examples/dead-of-winter/baseline-errata.json
//	ignore: [testdata]             # folders battle discovery skips
//	format: github                 # --format
//	output: muster.txt             # validate -o
//	reports:                       # --report FORMAT=PATH
//	  - {format: sarif, path: muster.sarif}
//	werror: false                  # --werror
//	max-warnings: -1               # --max-warnings
//	docs: https://git.example.com/muster/blob/main/docs   # where the docs are read
//
// Paths are relative to the folder holding muster.yaml. The file is never
// a battle's: the loader skips every file of this name (battle.survey), and
// `kind: project` is no battle document's kind. Problems are P001-P003, at
// the file's line and column.
package project

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/diag"
)

// Name is the project file's name.
const Name = "muster.yaml"

// MaxBytes is the largest project file muster reads.
const MaxBytes = 1 << 20

// The project file's codes.
var (
	CodeUnreadable = diag.Code{Code: "P001", Severity: diag.Error, System: "all", Title: "project file cannot be read", Unreadable: true,
		Doc: "muster.yaml, the project file muster finds in the working folder or the nearest folder above it, cannot be read, is not YAML, or is not a mapping of settings. Every command that reads it stops (exit 2): fix it, or run muster from a folder outside the project."}
	CodeUnknownKey = diag.Code{Code: "P002", Severity: diag.Error, System: "all", Title: "unknown project setting", Unreadable: true,
		Doc: "muster.yaml holds a key that is not one of its settings (kind, battles, ignore, format, output, reports, werror, max-warnings, docs; a battle entry's path, variant, baseline; a report's format, path). A misspelt setting would otherwise be ignored without a word. The JSON Schema schemas/project.schema.json lists them."}
	CodeBadValue = diag.Code{Code: "P003", Severity: diag.Error, System: "all", Title: "bad project setting", Unreadable: true,
		Doc: "A setting of muster.yaml has a value of the wrong kind or one muster does not accept: a list where a list belongs, a report format muster has, a path that is not empty, a pattern that is one, a whole number for max-warnings (-1 or more), an http or https URL for docs."}
)

// Codes are the project file's codes.
var Codes = []diag.Code{CodeUnreadable, CodeUnknownKey, CodeBadValue}

// Battle is one entry of battles:.
type Battle struct {
	Path     string // a folder or a pattern, relative to the project's folder (slash-separated)
	Variant  string
	Baseline string
	Pos      diag.Pos
}

// Report is one entry of reports:.
type Report struct{ Format, Path string }

// File is a project file read.
type File struct {
	Path        string // as shown in diagnostics
	Dir         string // the folder holding it, absolute
	Battles     []Battle
	Ignore      []string // slash patterns, relative to Dir
	Format      string
	Output      string
	Reports     []Report
	Werror      *bool
	MaxWarnings *int
	Docs        string
}

// Find is the project file in dir or the nearest folder above it.
func Find(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for d := abs; ; d = filepath.Dir(d) {
		p := filepath.Join(d, Name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// Keys are the settings of a project file, as the schema lists them.
var Keys = []string{"kind", "battles", "ignore", "format", "output", "reports", "werror", "max-warnings", "docs"}

var (
	battleKeys = []string{"path", "variant", "baseline"}
	reportKeys = []string{"format", "path"}
)

// Parse reads a project file's data; shown is its path as diagnostics show
// it, dir its folder. formats are the report formats muster has.
func Parse(shown, dir string, data []byte, formats []string) (*File, []diag.Diagnostic) {
	var l diag.List
	f := &File{Path: shown, Dir: dir}
	pos := func(n *yaml.Node) diag.Pos { return diag.Pos{File: shown, Line: n.Line, Column: n.Column} }
	var doc yaml.Node
	if len(data) > MaxBytes {
		l.Addf(CodeUnreadable, diag.Pos{File: shown, Line: 1, Column: 1}, "%s is larger than %d bytes, the limit for a project file", shown, MaxBytes)
		return nil, l.Items()
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		d := l.Addf(CodeUnreadable, diag.Pos{File: shown, Line: 1, Column: 1}, "%s is not YAML: %s", shown, strings.TrimPrefix(err.Error(), "yaml: "))
		d.Hint = "muster.yaml is a mapping of settings (docs/ci.md, \"The project file\")"
		return nil, l.Items()
	}
	if len(doc.Content) == 0 {
		return f, nil // empty: no settings
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		d := l.Addf(CodeUnreadable, pos(root), "%s is not a mapping of settings", shown)
		d.Hint = "write settings as key: value lines, such as format: github"
		return nil, l.Items()
	}
	bad := func(n *yaml.Node, format string, a ...any) *diag.Diagnostic {
		return l.Addf(CodeBadValue, pos(n), format, a...)
	}
	str := func(key string, n *yaml.Node) (string, bool) {
		if n.Kind != yaml.ScalarNode || n.Tag == "!!null" || n.Value == "" {
			bad(n, "%s must be a non-empty text", key)
			return "", false
		}
		return n.Value, true
	}
	filePath := func(key string, n *yaml.Node) string {
		s, ok := str(key, n)
		if !ok {
			return ""
		}
		return filepath.ToSlash(s)
	}
	pattern := func(key string, n *yaml.Node) string {
		s := filePath(key, n)
		if s == "" {
			return ""
		}
		if _, err := path.Match(s, ""); err != nil {
			bad(n, "%s: %q is not a pattern: %v", key, s, err)
			return ""
		}
		return s
	}
	list := func(key string, n *yaml.Node) []*yaml.Node {
		if n.Kind != yaml.SequenceNode {
			bad(n, "%s must be a list", key)
			return nil
		}
		return n.Content
	}
	mapping := func(key string, n *yaml.Node, known []string, each func(k string, v *yaml.Node)) {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if !oneOf(k.Value, known) {
				d := l.Addf(CodeUnknownKey, pos(k), "unknown setting %q in %s", k.Value, key)
				d.Hint = "the settings here are " + strings.Join(known, ", ")
				if near := nearest(k.Value, known); near != "" {
					d.Hint = fmt.Sprintf("did you mean %s? (%s)", near, d.Hint)
				}
				continue
			}
			each(k.Value, v)
		}
	}
	mapping(shown, root, Keys, func(k string, v *yaml.Node) {
		switch k {
		case "kind":
			if s, ok := str(k, v); ok && s != "project" {
				bad(v, "kind of a project file is project, not %q", s)
			}
		case "battles":
			for _, item := range list(k, v) {
				switch item.Kind {
				case yaml.ScalarNode:
					if p := pattern("a battle", item); p != "" {
						f.Battles = append(f.Battles, Battle{Path: p, Pos: pos(item)})
					}
				case yaml.MappingNode:
					b := Battle{Pos: pos(item)}
					mapping("a battle", item, battleKeys, func(k string, v *yaml.Node) {
						switch k {
						case "path":
							b.Path = pattern(k, v)
						case "variant":
							b.Variant, _ = str(k, v)
						case "baseline":
							b.Baseline = filePath(k, v)
						}
					})
					if b.Path == "" {
						if !hasKey(item, "path") {
							bad(item, "a battle needs its path")
						}
						continue
					}
					f.Battles = append(f.Battles, b)
				default:
					bad(item, "a battle is a folder (a text) or a mapping of path, variant and baseline")
				}
			}
		case "ignore":
			for _, item := range list(k, v) {
				if p := pattern(k, item); p != "" {
					f.Ignore = append(f.Ignore, path.Clean(p))
				}
			}
		case "format":
			if s, ok := str(k, v); ok {
				if !oneOf(s, formats) {
					bad(v, "format must be one of %s, not %q", strings.Join(formats, ", "), s)
				} else {
					f.Format = s
				}
			}
		case "output":
			f.Output = filePath(k, v)
		case "reports":
			for _, item := range list(k, v) {
				if item.Kind != yaml.MappingNode {
					bad(item, "a report is a mapping of format and path")
					continue
				}
				var r Report
				mapping("a report", item, reportKeys, func(k string, v *yaml.Node) {
					switch k {
					case "format":
						if s, ok := str(k, v); ok {
							if !oneOf(s, formats) {
								bad(v, "format must be one of %s, not %q", strings.Join(formats, ", "), s)
							} else {
								r.Format = s
							}
						}
					case "path":
						r.Path = filePath(k, v)
					}
				})
				if r.Format != "" && r.Path != "" {
					f.Reports = append(f.Reports, r)
				} else if !hasKey(item, "format") || !hasKey(item, "path") {
					bad(item, "a report needs its format and its path")
				}
			}
		case "werror":
			var b bool
			if v.Kind != yaml.ScalarNode || v.Decode(&b) != nil || v.Tag != "!!bool" {
				bad(v, "werror must be true or false")
				return
			}
			f.Werror = &b
		case "max-warnings":
			var n int
			if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || v.Decode(&n) != nil || n < -1 {
				bad(v, "max-warnings must be a whole number, -1 (no limit) or more")
				return
			}
			f.MaxWarnings = &n
		case "docs":
			s, ok := str(k, v)
			if !ok {
				return
			}
			if u, err := url.Parse(s); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				d := bad(v, "docs must be an http or https URL, not %q", s)
				d.Hint = "the address of muster's docs folder, such as https://git.example.com/muster/blob/main/docs"
				return
			}
			f.Docs = strings.TrimSuffix(s, "/")
		}
	})
	if l.Len() > 0 {
		return nil, l.Items()
	}
	return f, nil
}

// Load reads the project file at path (shown as shown); formats are the
// report formats muster has. It returns the file's data too, for a report
// that quotes it.
func Load(path, shown string, formats []string) (*File, []byte, []diag.Diagnostic) {
	dir, _ := filepath.Abs(filepath.Dir(path))
	fh, err := os.Open(path)
	var data []byte
	if err == nil {
		data, err = io.ReadAll(io.LimitReader(fh, MaxBytes+1))
		fh.Close()
	}
	if err != nil {
		var l diag.List
		l.Addf(CodeUnreadable, diag.Pos{File: shown}, "cannot read %s: %v", shown, err)
		return nil, nil, l.Items()
	}
	f, ds := Parse(shown, dir, data, formats)
	return f, data, ds
}

// Ignored reports whether abs (an absolute path) is, or lies in, a path
// the project's ignore: lists. A nil project ignores nothing.
func (f *File) Ignored(abs string) bool {
	if f == nil || len(f.Ignore) == 0 {
		return false
	}
	rel, err := filepath.Rel(f.Dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	rel = filepath.ToSlash(rel)
	for q := rel; q != "." && q != "/" && q != ""; q = path.Dir(q) {
		for _, pat := range f.Ignore {
			if ok, _ := path.Match(pat, q); ok {
				return true
			}
		}
	}
	return false
}

// Folders are the battles: entries expanded: each pattern's folders that
// hold battle.yaml and that ignore: does not list, in order; a plain path is
// kept as it is, so that a folder that is missing is reported as one.
// Paths are absolute.
func (f *File) Folders() []Battle {
	var out []Battle
	for _, b := range f.Battles {
		abs := filepath.Join(f.Dir, filepath.FromSlash(b.Path))
		if !strings.ContainsAny(b.Path, "*?[\\") {
			b.Path = abs
			out = append(out, b)
			continue
		}
		matches, _ := filepath.Glob(abs)
		for _, m := range matches {
			if fi, err := os.Stat(filepath.Join(m, "battle.yaml")); err != nil || !fi.Mode().IsRegular() || f.Ignored(m) {
				continue
			}
			e := b
			e.Path = m
			out = append(out, e)
		}
	}
	return out
}

func oneOf(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasKey(n *yaml.Node, key string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}

// nearest is the known key one or two edits from s, if any.
func nearest(s string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if d := distance(s, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := prev[j-1]
			if ra[i-1] != rb[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev = cur
	}
	return prev[len(rb)]
}
