package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/muster-wargames/muster/compile"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/importer/vmod"
	"github.com/muster-wargames/muster/internal/publish"
	"github.com/muster-wargames/muster/report"
	"github.com/spf13/cobra"
)

func importVmodCmd(stdout, stderr io.Writer) *cobra.Command {
	var out, id, system string
	c := &cobra.Command{
		Use:   "vmod MODULE.vmod -o DIR",
		Short: "Read a VASSAL module into a battle folder, with a report of what was not understood",
		Long: "Reads a VASSAL module: its hex boards (grid and numbering) become map.yaml, with the board art\n" +
			"kept under DIR/images; its pieces, prototypes and marker properties become forces; its At-Start\n" +
			"stacks and predefined set-ups become scenarios; its turn track the battle's days. Every component,\n" +
			"trait and property it does not understand is listed, with its element path in buildFile.xml, in\n" +
			"DIR/import-report.md and counted on stderr. See docs/import.md.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				fmt.Fprintln(stderr, "muster: import vmod needs -o DIR, the battle folder to write")
				return exitError{report.ExitBadInput}
			}
			data, err := os.ReadFile(args[0])
			if err != nil {
				fmt.Fprintf(stderr, "muster: %s\n", printable(err))
				return exitError{report.ExitBadInput}
			}
			res, ierr := vmod.Import(data, vmod.Options{ID: id, System: system, Module: filepath.Base(args[0])})
			if res == nil {
				fmt.Fprintf(stderr, "muster: %s: %s\n", diag.Printable(args[0]), printable(ierr))
				return exitError{report.ExitBadInput}
			}
			// The folder is written like a build's (publish): staged,
			// then renamed into place with a journal, so a full disk or a
			// kill leaves no half folder.
			if notEmpty(out) {
				fmt.Fprintf(stderr, "muster: %s is not empty; import vmod writes a new battle folder\n", diag.Printable(out))
				return exitError{report.ExitBadInput}
			}
			st, err := openStage(guard{}, out)
			if err != nil {
				fmt.Fprintf(stderr, "muster: %s\n", printable(err))
				return exitError{report.ExitBadInput}
			}
			if notEmpty(out) { // a killed import, now finished
				st.close()
				fmt.Fprintf(stderr, "muster: %s is not empty; import vmod writes a new battle folder\n", diag.Printable(out))
				return exitError{report.ExitBadInput}
			}
			if ierr == nil {
				if err := editorReady(res.Files); err != nil {
					fmt.Fprintf(stderr, "muster: %s\n", printable(err))
					return exitError{report.ExitBadInput}
				}
			}
			names := make([]string, 0, len(res.Files))
			for n := range res.Files {
				names = append(names, n)
			}
			sort.Strings(names)
			files := make([]compile.Output, len(names))
			for i, n := range names {
				files[i] = compile.Output{Name: n, Data: res.Files[n]}
			}
			written, err := st.commit(guard{}, files)
			st.close()
			if err != nil {
				fmt.Fprintf(stderr, "muster: %s; %s is as it was\n", printable(err), diag.Printable(out))
				return exitError{report.ExitBadInput}
			}
			for _, p := range written {
				fmt.Fprintln(stdout, diag.Printable(p))
			}
			for _, r := range res.Read {
				fmt.Fprintf(stderr, "read: %s\n", diag.Printable(r))
			}
			fmt.Fprintf(stderr, "%s: %d not understood, %d made again by muster (see %s)\n", diag.Printable(args[0]), len(res.Unread)+res.UnreadMore, len(res.Rebuilt)+res.RebuiltMore,
				diag.Printable(filepath.Join(out, "import-report.md")))
			if ierr != nil {
				// Only the report was written.
				fmt.Fprintf(stderr, "muster: %s: %s; only the report is written\n", diag.Printable(args[0]), printable(ierr))
				return exitError{report.ExitBadInput}
			}
			return nil
		},
	}
	c.Flags().StringVarP(&out, "output", "o", "", "the battle folder to write (new or empty)")
	c.Flags().StringVar(&id, "id", "", "the battle's id (default: from the module's name)")
	c.Flags().StringVar(&system, "system", "", "the rule system, when the module was not written by muster")
	return c
}

// notEmpty reports whether dir holds anything but what a killed import or
// build left (its lock, staging folders), which the stage puts right.
func notEmpty(dir string) bool {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if !publish.Own(e.Name()) {
			return true
		}
	}
	return false
}
