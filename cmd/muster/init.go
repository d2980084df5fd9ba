package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/starter"
	"github.com/spf13/cobra"
)

// initCmd writes a new battle folder: a small battle of the chosen system
// that validates clean, the schemas its modelines point at, and VS Code
// settings mapping each file kind to its schema. It never overwrites: if
// any file it would write exists, it writes nothing. The files are written
// into a staging folder and linked into place, so a failure leaves nothing
// behind.
func initCmd(stdout, stderr io.Writer) *cobra.Command {
	var system, name, id string
	c := &cobra.Command{
		Use:   "init [DIR]",
		Short: "Start a new battle folder: a small battle of a rule system that validates clean",
		Long: "init writes a battle into DIR (the current folder if none is given; it is made if missing):\n" +
			"battle.yaml, a forces file per side, map.yaml and scenario.yaml, with comments that teach the\n" +
			"format; the JSON Schemas in DIR/schemas, which every file's first line points at; and\n" +
			".vscode/settings.json, which maps each kind of file to its schema for VS Code's YAML\n" +
			"extension. Every value in it is illustrative. init writes nothing if any of these files exists.\n" +
			"A folder inside another battle's folder becomes a battle of its own, which that one does not\n" +
			"read; init says so.",
		Example: "  muster init stones-river --system gbacw --name \"Stones River\"\n  muster validate stones-river",
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			if !slices.Contains(rulesets.Systems(), system) {
				return fmt.Errorf("--system must be one of %s", strings.Join(rulesets.Systems(), ", "))
			}
			abs, err := filepath.Abs(dir)
			if err != nil {
				return err
			}
			if id == "" {
				id = starter.ID(filepath.Base(abs))
			}
			if name == "" {
				name = filepath.Base(abs)
			}
			files, err := starter.Battle(system, id, name)
			if err != nil {
				return err
			}
			docs, err := schemaFiles()
			if err != nil {
				return err
			}
			var names []string
			for n := range docs {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				files = append(files, starter.File{Name: "schemas/" + n, Data: docs[n]})
			}
			if err := layBattle(dir, files); err != nil {
				return err
			}
			if outer, ok := battleAbove(dir); ok {
				// the folders above are walked as git finds .git: say whose
				// battle a command run there works on
				fmt.Fprintf(stderr, "muster: note: %s lies inside the battle in %s; it is a battle of its own, which that one does not read, and commands run in it work on it\n", dir, outer)
			}
			for _, f := range files {
				if !strings.HasPrefix(f.Name, "schemas/") {
					fmt.Fprintln(stdout, diag.Printable(filepath.Join(dir, filepath.FromSlash(f.Name))))
				}
			}
			fmt.Fprintf(stdout, "%s (%d JSON Schemas)\n", diag.Printable(filepath.Join(dir, "schemas")), len(names))
			rules := system
			if r, err := rulesets.Embedded().Series(system); err == nil && r.Name != "" {
				rules = r.Name
			}
			fmt.Fprintf(stdout, "\nA new battle of the %s rules: %s.\nNext: muster validate %s, then replace the illustrative values with yours.\n", system, rules, diag.Printable(dir))
			return nil
		},
	}
	c.Flags().StringVar(&system, "system", "", "rule system: "+strings.Join(rulesets.Systems(), ", ")+" (required)")
	c.Flags().StringVar(&name, "name", "", "the battle's name (default: the folder's name)")
	c.Flags().StringVar(&id, "id", "", "the battle's id (default: made from the folder's name)")
	c.MarkFlagRequired("system")
	return c
}

// layBattle writes files into dir, or nothing: it refuses if any exists
// (naming each), writes them all into a staging folder inside dir, then
// links each into place (a link never replaces a file, so a file made
// meanwhile is not lost) and removes what it linked if one fails.
//
// Nothing is written through a link: a folder on the way (DIR itself, or
// a subfolder such as DIR/schemas) that is a symbolic link is refused, as
// every output of muster's is (output.go).
func layBattle(dir string, files []starter.File) error {
	if err := throughLink(dir, files); err != nil {
		return err
	}
	var exist []string
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if _, err := os.Lstat(p); err == nil {
			exist = append(exist, p)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	if len(exist) > 0 {
		list := exist
		if len(list) > 3 {
			list = append(list[:3:3], fmt.Sprintf("%d more", len(exist)-3))
		}
		return fmt.Errorf("%s already %s; init writes nothing over existing files (choose an empty folder)", strings.Join(list, ", "), verb(len(exist), "exists", "exist"))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	staging, err := os.MkdirTemp(dir, ".muster-init-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(staging)
	for _, f := range files {
		p := filepath.Join(staging, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	var made []string // files and folders made in dir, to undo
	undo := func() {
		for i := len(made) - 1; i >= 0; i-- {
			os.Remove(made[i])
		}
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		for _, d := range parents(dir, f.Name) {
			if err := os.Mkdir(d, 0o755); err == nil {
				made = append(made, d)
			} else if !errors.Is(err, fs.ErrExist) {
				undo()
				return err
			}
		}
		if err := os.Link(filepath.Join(staging, filepath.FromSlash(f.Name)), p); err != nil {
			undo()
			return err
		}
		made = append(made, p)
	}
	return nil
}

// throughLink refuses dir, or a folder between dir and a file, that is a
// symbolic link, or a file that is not a folder where a folder must be.
func throughLink(dir string, files []starter.File) error {
	seen := map[string]bool{}
	for _, f := range files {
		for _, d := range append([]string{dir}, parents(dir, f.Name)...) {
			if seen[d] {
				continue
			}
			seen[d] = true
			fi, err := os.Lstat(d)
			switch {
			case err != nil:
			case fi.Mode()&fs.ModeSymlink != 0:
				return fmt.Errorf("refusing to write %s: it is a symbolic link; init writes nothing through a link (name the folder it leads to)", d)
			case !fi.IsDir():
				return fmt.Errorf("cannot write %s: %s is not a folder", filepath.Join(dir, filepath.FromSlash(f.Name)), d)
			}
		}
	}
	return nil
}

// parents lists the folders between dir and the file name (slash-separated,
// relative to dir), outermost first.
func parents(dir, name string) []string {
	var out []string
	parts := strings.Split(name, "/")
	for i := 1; i < len(parts); i++ {
		out = append(out, filepath.Join(dir, filepath.FromSlash(strings.Join(parts[:i], "/"))))
	}
	return out
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
