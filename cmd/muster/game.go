package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/game"
	gamecheck "github.com/muster-wargames/muster/game/check"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/sheets"
)

// gameCommands are the subcommands of muster game, sorted by name.
var gameCommands = []func(stdout, stderr io.Writer) *cobra.Command{
	gameCheckCmd,
	gameReportCmd,
	gameUpdateCmd,
}

func gameCmd(stdout, stderr io.Writer) *cobra.Command {
	c := &cobra.Command{
		Use:   "game",
		Short: "Read a game VASSAL saved or logged against its battle, or bring it to a new module",
		Long: "game reads a VASSAL saved game (.vsav) or log (.vlog) of a module muster wrote, and never\n" +
			"writes to it; game update writes the game brought to a new module to a new file (docs/play.md).",
	}
	for _, mk := range gameCommands {
		c.AddCommand(mk(stdout, stderr))
	}
	return c
}

// Files a game command reads, at most (docs/ci.md, "Limits").
const maxGameFile = 512 << 20

func gameCheckCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &options{}
	var bf baselineFlags
	c := &cobra.Command{
		Use:   "check SAVE [DIR]",
		Short: "Check a saved game's or log's position against the battle's rules",
		Long: "check reads SAVE, a game VASSAL saved (.vsav) or logged (.vlog) with a module muster wrote for the\n" +
			"battle in DIR (default: the battle around the working folder), maps each piece to its unit or\n" +
			"leader and each position to its hex, and runs every check that judges a position on it: stacking,\n" +
			"both sides in one hex, leaders alone next to the enemy, command range in the light of the turn\n" +
			"the game's turn track shows, units on hexes out of play. Pieces in boxes (reinforcements, the\n" +
			"eliminated) are off the map. A log is checked after every step, and each finding names the step\n" +
			"that made it. --module names the module (default: build/<battle id>/<battle id>.vmod, where muster\n" +
			"build --target vassal writes it, under the working folder or DIR). Exit status as validate's (docs/ci.md).",
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			if err := bf.check(); err != nil {
				return err
			}
			bad := badInput(stderr)
			save := args[0]
			dir, err := battleDir(stderr, args[1:], false)
			if err != nil {
				return err
			}
			gopts, err := openGame(save, o.module, dir, o.variant)
			if err != nil {
				return bad(err)
			}
			r, err := gamecheck.Run(gopts)
			if err != nil {
				return bad(err) // a module muster did not write, a game of another module
			}
			all := r.Diagnostics
			if bf.write != "" {
				var gd guard
				gd.add(r.Battle, dir)
				return bf.save(stderr, gd, all)
			}
			if all, err = bf.apply(all); err != nil {
				return err
			}
			texts := report.Texts{}
			if r.Battle != nil {
				for k, v := range r.Battle.Texts {
					texts[k] = v
				}
			}
			if err := writeReport(o, stdout, all, texts, ""); err != nil {
				return err
			}
			if o.format == "text" {
				what := fmt.Sprintf("%d %s", r.Steps, diag.Plural(r.Steps, "position"))
				if r.Scenario != nil {
					what = fmt.Sprintf("scenario %s, %s, %s", r.Scenario.ID, r.Turn.Text(), what)
				}
				if len(r.Unknown) > 0 {
					fmt.Fprintf(stderr, "muster: %d %s the battle does not know, left out: %s\n", len(r.Unknown), diag.Plural(len(r.Unknown), "piece"), diag.Printable(fmt.Sprint(r.Unknown)))
				}
				if len(all) > 0 {
					fmt.Fprintf(stderr, "%s (%s): %s\n", diag.Printable(save), what, report.Summary(all))
				} else {
					fmt.Fprintf(stderr, "%s (%s): no problems\n", diag.Printable(save), what)
				}
			}
			st, note := report.Exit(all, report.Policy{Werror: o.werror, MaxWarnings: o.maxWarnings})
			if note != "" && o.format == "text" {
				fmt.Fprintf(stderr, "muster: %s\n", note)
			}
			if st != report.ExitClean {
				return exitError{st}
			}
			return nil
		},
	}
	addReportFlags(c, o)
	c.Flags().StringVar(&o.module, "module", "", "the module the game was played with, as muster wrote it (default: build/<battle id>/<battle id>.vmod under the working folder or the battle's, as muster build --target vassal writes it)")
	c.Flags().BoolVar(&o.werror, "werror", false, "treat warnings as errors for the exit status")
	c.Flags().IntVar(&o.maxWarnings, "max-warnings", -1, "exit 1 when there are more than N warnings (-1: no limit)")
	addVariantFlag(c, &o.variant)
	c.Flags().StringVar(&bf.read, "baseline", "", "accept the findings listed in FILE (written by --write-baseline); warn (B016) of entries that no longer occur")
	c.Flags().StringVar(&bf.write, "write-baseline", "", "write every finding not suppressed to FILE as a baseline, print no report, and exit 0")
	return c
}

// openGame reads a saved game or log and the module it was played with
// (mod, or build/<battle id>/<battle id>.vmod under the working folder or
// dir, where muster build --target vassal writes it), for the battle in dir.
func openGame(save, mod, dir, variant string) (gamecheck.Options, error) {
	data, err := readBounded(save, maxGameFile)
	if err != nil {
		return gamecheck.Options{}, err
	}
	g, err := game.Read(filepath.ToSlash(save), data)
	if err != nil {
		return gamecheck.Options{}, err
	}
	opts := checkOptions(dir, variant, nil)
	if mod == "" {
		b, _ := pipeline.Load(opts)
		if b == nil || b.ID == "" {
			return gamecheck.Options{}, fmt.Errorf("%s is no battle muster can read: give the module with --module", dir)
		}
		// where muster build --target vassal writes it: build/<id> under
		// the working folder, or under the battle's when run there
		cands := []string{filepath.Join("build", b.ID, b.ID+".vmod"), filepath.Join(dir, "build", b.ID, b.ID+".vmod")}
		mod = ""
		for _, c := range cands {
			if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() {
				mod = c
				break
			}
		}
		if mod == "" {
			return gamecheck.Options{}, fmt.Errorf("no module at %s or %s: build it (muster build --target vassal) or give it with --module", cands[0], cands[1])
		}
	}
	mdata, err := readBounded(mod, maxGameFile)
	if err != nil {
		return gamecheck.Options{}, err
	}
	m, err := game.ReadModule(filepath.Base(mod), mdata)
	if err != nil {
		return gamecheck.Options{}, err
	}
	return gamecheck.Options{Battle: opts, Game: g, Module: m, ModuleName: filepath.Base(mod)}, nil
}

func importVsavCmd(stdout, stderr io.Writer) *cobra.Command {
	var module, out, variant string
	c := &cobra.Command{
		Use:   "vsav SAVE [DIR]",
		Short: "Write the position of a VASSAL saved game or log as a scenario's set-up",
		Long: "vsav reads SAVE, a game VASSAL saved (.vsav) or logged (.vlog, its last position) with a module\n" +
			"muster wrote for the battle in DIR, and writes the position as the set-up of the scenario it plays:\n" +
			"each side's pieces on the map by hex, with the strength, face, orders and facing each shows where\n" +
			"its counter does not, the turn its track shows as the first. Pieces off the map (boxes, the\n" +
			"eliminated) are left out. --module as muster game check's (docs/play.md).",
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			bad := badInput(stderr)
			fp, err := finalPosition(stderr, args, module, variant)
			if err != nil {
				return err
			}
			b, sc, t, placed, dir := fp.b, fp.sc, fp.t, fp.placed, fp.dir
			y := gamecheck.SetupYAML(b, sc, t, placed, filepath.Base(args[0]))
			if err := writeGameOut(stdout, out, b, dir, y); err != nil {
				return bad(err)
			}
			return nil
		},
	}
	c.Flags().StringVar(&module, "module", "", "the module the game was played with, as muster wrote it (default: build/<battle id>/<battle id>.vmod under the working folder or the battle's, as muster build --target vassal writes it)")
	c.Flags().StringVarP(&out, "output", "o", "", "write the YAML to this file (mode 0644); - or none for standard output")
	addVariantFlag(c, &variant)
	return c
}

func gameReportCmd(stdout, stderr io.Writer) *cobra.Command {
	var module, out, variant, format string
	c := &cobra.Command{
		Use:   "report SAVE [DIR]",
		Short: "Write an after-action report of a saved game or log as Markdown",
		Long: "report reads SAVE, a game VASSAL saved (.vsav) or logged (.vlog, its last position) with a module\n" +
			"muster wrote for the battle in DIR, and writes as Markdown the losses of each side by formation\n" +
			"(strength points, and units eliminated: in an Eliminated box, deleted, or at 0) against the\n" +
			"scenario's set-up and arrivals, and where every unit and leader stands at the end; --format html\n" +
			"writes an HTML page with the map of the position. --module as muster game check's (docs/play.md).",
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			bad := badInput(stderr)
			fp, err := finalPosition(stderr, args, module, variant)
			if err != nil {
				return err
			}
			b, sc, t, placed, dir := fp.b, fp.sc, fp.t, fp.placed, fp.dir
			var md []byte
			switch format {
			case "markdown", "md":
				md = gamecheck.Report(b, sc, t, placed, fp.game)
			case "html":
				pos := gamecheck.AsScenario(b, sc, t, placed, func(string, string) diag.Pos { return diag.Pos{} })
				svg, err := renderMap(b.Map, sheets.Overlay(b, pos), render.NewPalette(b.Rules), "svg", 20)
				if err != nil {
					return bad(err)
				}
				if i := bytes.Index(svg, []byte("<svg")); i > 0 {
					svg = svg[i:] // the picture alone, inside the page
				}
				md = gamecheck.ReportHTML(b, sc, t, placed, fp.game, svg)
			default:
				return fmt.Errorf("--format must be markdown or html, not %q", format)
			}
			if err := writeGameOut(stdout, out, b, dir, md); err != nil {
				return bad(err)
			}
			return nil
		},
	}
	c.Flags().StringVar(&module, "module", "", "the module the game was played with, as muster wrote it (default: build/<battle id>/<battle id>.vmod under the working folder or the battle's, as muster build --target vassal writes it)")
	c.Flags().StringVarP(&out, "output", "o", "", "write the report to this file (mode 0644); - or none for standard output")
	c.Flags().StringVar(&format, "format", "markdown", "markdown, or html: a page with the map of the position")
	addVariantFlag(c, &variant)
	return c
}

// badInput reports err on stderr as a command's input it cannot use, for
// exit status 2.
func badInput(stderr io.Writer) func(error) error {
	return func(err error) error {
		fmt.Fprintf(stderr, "muster: %s\n", printable(err))
		return exitError{report.ExitBadInput}
	}
}

// gameEnd is a game's last position as the battle's set-up holds one, and
// the battle's folder.
type gameEnd struct {
	dir    string
	b      *battle.Battle
	sc     *battle.Scenario
	t      battle.Turn
	placed []gamecheck.Placed
	game   *game.Game
}

// finalPosition reads the saved game or log args[0] names and its module
// (import vsav, game report), with the battle in args[1] or around the
// working folder, and returns its last position, saying on stderr which
// pieces the battle does not know (left out). A game it cannot read is
// reported as bad input (exit 2).
func finalPosition(stderr io.Writer, args []string, module, variant string) (gameEnd, error) {
	dir, err := battleDir(stderr, args[1:], false)
	if err != nil {
		return gameEnd{}, err
	}
	bad := badInput(stderr)
	gopts, err := openGame(args[0], module, dir, variant)
	if err != nil {
		return gameEnd{}, bad(err)
	}
	b, sc, t, placed, unknown, err := gamecheck.Final(gopts)
	if err != nil {
		return gameEnd{}, bad(err)
	}
	if len(unknown) > 0 {
		fmt.Fprintf(stderr, "muster: %d %s the battle does not know, left out: %s\n", len(unknown), diag.Plural(len(unknown), "piece"), diag.Printable(fmt.Sprint(unknown)))
	}
	return gameEnd{dir, b, sc, t, placed, gopts.Game}, nil
}

// writeGameOut writes what a game command made to out through the guard,
// or to standard output for "" or "-".
func writeGameOut(stdout io.Writer, out string, b *battle.Battle, dir string, data []byte) error {
	if out == "" || out == "-" {
		_, err := stdout.Write(data)
		return err
	}
	g := newGuard(b, dir)
	if err := checkOutFile(g, out); err != nil {
		return err
	}
	return g.write(stdout, out, data)
}
