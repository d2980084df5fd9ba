package main

import (
	"bytes"
	"fmt"
	"github.com/muster-wargames/muster/diag"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/schema"
)

// modelinePrefix starts the first line that tells the YAML language server
// (VS Code's YAML extension, and the editors that use the same server)
// which schema a file follows.
const modelinePrefix = "# yaml-language-server: $schema="

var kindLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^kind:[ \t]*["']?(battle|forces|map|scenario)["']?[ \t]*(#.*)?\r?$`)
})

// schemaFor names the schema file of a document kind in a system.
func schemaFor(kind, system string) string {
	if kind == "forces" {
		return "forces." + system + ".schema.json"
	}
	return kind + ".schema.json"
}

// findModeline finds the modeline among a file's leading comment lines:
// the start and end (before its line break) of that line, or -1.
func findModeline(data []byte) (int, int) {
	for off := 0; off < len(data); {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += off
		}
		l := data[off:end]
		if bytes.HasPrefix(l, []byte(modelinePrefix)) {
			return off, end
		}
		if len(bytes.TrimSpace(l)) > 0 && !bytes.HasPrefix(bytes.TrimSpace(l), []byte("#")) {
			return -1, -1 // past the leading comments
		}
		off = end + 1
	}
	return -1, -1
}

// rewriteModelines points the modeline of every battle file under dir
// (battle.yaml, forces, map and scenario files, errata folders too) at the
// schema exported into schemas, as a path relative to the file, so that
// the editor finds it without a network. A modeline among the file's
// leading comment lines is changed in place; a file without one gets one
// as its first line. Each changed file is replaced whole (written beside
// and renamed).
func rewriteModelines(stdout io.Writer, dir, schemas, system string) error {
	absSchemas, err := filepath.Abs(schemas)
	if err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || filepath.Ext(path) != ".yaml" {
			return nil
		}
		data, err := readBounded(path, schema.DefaultLimits.MaxBytes)
		if err != nil {
			return err
		}
		m := kindLine().FindSubmatch(data)
		if m == nil {
			return nil
		}
		absFile, err := filepath.Abs(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(filepath.Dir(absFile), filepath.Join(absSchemas, schemaFor(string(m[1]), system)))
		if err != nil {
			return err
		}
		line := modelinePrefix + filepath.ToSlash(rel)
		start, end := findModeline(data)
		if start >= 0 && string(bytes.TrimRight(data[start:end], "\r")) == line {
			return nil
		}
		var out []byte
		if start < 0 {
			out = withModeline(data, filepath.ToSlash(rel))
		} else {
			out = append(append(append([]byte{}, data[:start]...), line...), data[end:]...)
		}
		if err := renameInto(path, out); err != nil { // the battle's own file, edited on purpose; WalkDir gives no link
			return err
		}
		fmt.Fprintf(stdout, "%s: %s\n", diag.Printable(path), diag.Printable(line))
		return nil
	})
}

// withModeline puts a modeline naming schema (a path relative to the
// file) on the first line of a file that has none, with the file's own
// line ending.
func withModeline(data []byte, schema string) []byte {
	if start, _ := findModeline(data); start >= 0 {
		return data
	}
	nl := "\n"
	if i := bytes.IndexByte(data, '\n'); i > 0 && data[i-1] == '\r' {
		nl = "\r\n"
	}
	return append([]byte(modelinePrefix+schema+nl), data...)
}

var systemLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^system:[ \t]*["']?([a-z0-9-]+)["']?[ \t]*(#.*)?\r?$`)
})

// editorReady gives the files of a battle folder a written (import vmod)
// what the editor needs to check them offline, as muster init does: a
// modeline on each battle file pointing at schemas/, and the schemas.
func editorReady(files map[string][]byte) error {
	m := systemLine().FindSubmatch(files["battle.yaml"])
	if m == nil {
		return nil // no battle to say the system: no forces schema to name
	}
	system := string(m[1])
	for name, data := range files {
		k := kindLine().FindSubmatch(data)
		if k == nil || filepath.Ext(name) != ".yaml" {
			continue
		}
		up := strings.Repeat("../", strings.Count(name, "/"))
		files[name] = withModeline(data, up+"schemas/"+schemaFor(string(k[1]), system))
	}
	docs, err := schemaFiles()
	if err != nil {
		return err
	}
	for n, d := range docs {
		files["schemas/"+n] = d
	}
	return nil
}
