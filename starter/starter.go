// Package starter holds the battles `muster init` writes: one small battle
// per rule system, which validates clean, with comments that teach the
// format, modelines that point at schemas exported beside it, and editor
// settings that map each file kind to its schema.
package starter

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
)

//go:embed templates
var templates embed.FS

// A File is one file of a new battle, its name slash-separated and relative
// to the battle's folder.
type File struct {
	Name string
	Data []byte
}

// Systems lists the rule systems a starter battle exists for.
func Systems() []string {
	entries, _ := fs.ReadDir(templates, "templates")
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// Schemas names the schema each kind of file uses, for a system: the keys
// are file-name patterns as an editor's settings take them.
func Schemas(system string) [][2]string {
	return [][2]string{
		{"battle.yaml", "battle.schema.json"},
		{"forces*.yaml", "forces." + system + ".schema.json"},
		{"map*.yaml", "map.schema.json"},
		{"scenario*.yaml", "scenario.schema.json"},
	}
}

var idChars = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^a-z0-9]+`) })

// ID makes a battle id from a folder name: lower case, runs of anything but
// letters and digits become one hyphen.
func ID(folder string) string {
	id := strings.Trim(idChars().ReplaceAllString(strings.ToLower(folder), "-"), "-")
	if id == "" {
		id = "battle"
	}
	return id
}

// Battle gives the files of a new battle of system, with its id and name,
// sorted by name. The schemas it points at are not among them (the caller
// exports them into schemas/).
func Battle(system, id, name string) ([]File, error) {
	dir := path.Join("templates", system)
	entries, err := fs.ReadDir(templates, dir)
	if err != nil {
		return nil, fmt.Errorf("no starter battle for system %q (have %s)", system, strings.Join(Systems(), ", "))
	}
	quoted, _ := json.Marshal(name) // a JSON string is a YAML double-quoted scalar
	qid, _ := json.Marshal(id)
	var out []File
	for _, e := range entries {
		data, err := templates.ReadFile(path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		s := strings.ReplaceAll(string(data), `"@NAME@"`, string(quoted))
		s = strings.ReplaceAll(s, `"@ID@"`, string(qid))
		out = append(out, File{Name: e.Name(), Data: []byte(s)})
	}
	out = append(out, File{Name: ".vscode/settings.json", Data: settings(system)})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// settings is VS Code's .vscode/settings.json: the YAML extension's schema
// for each kind of file, so that a file without a modeline is checked too.
func settings(system string) []byte {
	var b strings.Builder
	b.WriteString("{\n  \"yaml.schemas\": {\n")
	s := Schemas(system)
	for i, p := range s {
		fmt.Fprintf(&b, "    \"schemas/%s\": [\"%s\"]", p[1], p[0])
		if i < len(s)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }\n}\n")
	return []byte(b.String())
}
