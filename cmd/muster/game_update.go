package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/game"
	"github.com/muster-wargames/muster/report"
)

// gameUpdateCmd is `muster game update SAVE --module NEW.vmod [-o OUT]`.
func gameUpdateCmd(stdout, stderr io.Writer) *cobra.Command {
	var module, out string
	c := &cobra.Command{
		Use:   "update SAVE --module NEW.vmod [-o OUT]",
		Short: "Bring a saved game (.vsav) to a new version of its module, as VASSAL's Refresh Counters does",
		Long: "update reads a VASSAL saved game and makes each of its pieces again from the new module's piece\n" +
			"of the same id (gpid), as VASSAL's Tools > Refresh Counters does: the piece keeps its place, its\n" +
			"layers' levels (matched by name), its properties and its other states, and shows the new module's\n" +
			"values and pictures. A battle that keeps an ids ledger (battle.yaml's ids:) gives every piece the\n" +
			"same id in every release, so each piece is refreshed into its own unit (docs/play.md).\n" +
			"A piece it cannot carry (the module has no piece of its id: its unit left the battle; a layer or\n" +
			"property the new piece lacks) is named with the reason and kept as it was; the exit status is\n" +
			"then 1. The game is written to OUT (default SAVE's name with the module's version, NAME-1.1.vsav),\n" +
			"never over SAVE.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			save := args[0]
			if module == "" {
				return fmt.Errorf("game update needs --module NEW.vmod, the module to bring the game to")
			}
			data, err := os.ReadFile(save)
			if err != nil {
				return err
			}
			g, err := game.Read(diag.Printable(save), data)
			if err != nil {
				return err
			}
			mdata, err := os.ReadFile(module)
			if err != nil {
				return err
			}
			m, err := game.ReadModule(diag.Printable(module), mdata)
			if err != nil {
				return err
			}
			if out == "" {
				base := strings.TrimSuffix(save, filepath.Ext(save))
				v := m.Version
				if v == "" {
					v = "updated"
				}
				out = base + "-" + v + ".vsav"
			}
			for _, in := range []string{save, module} {
				if sameFile(out, in) {
					return fmt.Errorf("refusing to write %s: it is %s, which game update reads; give -o a new name", diag.Printable(out), diag.Printable(in))
				}
			}
			s := game.Update(g, m)
			if m.ModuleData != nil {
				g.SetEntry("moduledata", m.ModuleData)
			}
			b, err := g.Bytes()
			if err != nil {
				return err
			}
			var gd guard
			if err := gd.write(stdout, out, b); err != nil {
				return err
			}
			if out != "-" {
				fmt.Fprintln(stdout, diag.Printable(out))
			}
			name := m.Name
			if m.Version != "" {
				name += " " + m.Version
			}
			fmt.Fprintf(stderr, "muster: %d of %d pieces brought to %s (%d changed)", s.Updated+s.Unchanged, s.Pieces, diag.Printable(name), s.Updated)
			if len(s.Problems) == 0 {
				fmt.Fprintln(stderr)
				return nil
			}
			fmt.Fprintln(stderr, "; not carried whole:")
			for _, p := range s.Problems {
				fmt.Fprintf(stderr, "  %s\n", diag.Printable(p.String()))
			}
			return exitError{report.ExitFindings}
		},
	}
	c.Flags().StringVar(&module, "module", "", "the new module (.vmod) to bring the game to")
	c.Flags().StringVarP(&out, "output", "o", "", "the updated game (default SAVE's name with the module's version; - for standard output)")
	return c
}

// sameFile reports whether a and b name one file (a need not exist).
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
