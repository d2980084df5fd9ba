package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/sheets"
	"github.com/spf13/cobra"
)

// printCmd is muster print: the paper game as PDF. With no part it prints
// the whole kit; its subcommands print one part.
func printCmd(stdout, stderr io.Writer) *cobra.Command {
	parts := []struct {
		use, short string
		write      func(io.Writer, *battle.Battle, *battle.Scenario, sheets.PrintOptions) error
	}{
		{"counters", "Print the counter sheets: fronts and backs mirrored for duplex, with cut and registration marks", sheets.PrintCounters},
		{"map", "Print the map at the printed hex size, tiled over Letter or A4 pages with a page index, or on one large sheet", sheets.PrintMap},
		{"cards", "Print the set-up cards (by side, formation and hex) and the turn record (light, arrivals, withdrawals)", sheets.PrintCards},
	}
	c := printPart(stdout, stderr, "print [DIR]", "Print the paper game for a battle or a scenario: set-up cards, turn record, counters and map in one PDF",
		"print writes the paper game as one PDF: the set-up cards and turn record of the scenario (or of\n"+
			"every scenario), the counter sheets (every unit, leader and marker at the ruleset's printed\n"+
			"counter size, backs mirrored for --duplex long or short) and the map at the ruleset's printed\n"+
			"hex size, tiled over --paper letter or a4 with overlap and a page index, or on one sheet with\n"+
			"--paper large. The same battle gives the same bytes. Its subcommands print one part.\n"+
			"A battle with errors prints them and writes nothing (exit 1).", sheets.PrintKit)
	for _, p := range parts {
		c.AddCommand(printPart(stdout, stderr, p.use+" [DIR]", p.short, p.short+".", p.write))
	}
	return c
}

func printPart(stdout, stderr io.Writer, use, short, long string, write func(io.Writer, *battle.Battle, *battle.Scenario, sheets.PrintOptions) error) *cobra.Command {
	var variant, scenario, out, paper, duplex string
	c := &cobra.Command{
		Use:   use,
		Short: short,
		Long:  long,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			paper = strings.ToLower(paper)
			if paper != "letter" && paper != "a4" && paper != "large" {
				return fmt.Errorf("--paper must be letter, a4 or large, not %q", paper)
			}
			if duplex != "long" && duplex != "short" {
				return fmt.Errorf("--duplex must be long or short, not %q", duplex)
			}
			if out != "" && out != "-" && !strings.HasSuffix(strings.ToLower(out), ".pdf") {
				return fmt.Errorf("-o %s: muster print writes PDF; name the file .pdf", out)
			}
			dir, err := battleDir(stderr, args, true)
			if err != nil {
				return err
			}
			b, sc, err := loadForSheets(dir, variant, scenario, stderr, false)
			if err != nil {
				return err
			}
			g, err := checkOutput(stderr, b, dir, out)
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			if err := write(&buf, b, sc, sheets.PrintOptions{Paper: paper, Duplex: duplex, Compress: true}); err != nil {
				return err
			}
			return writeOutput(g, stdout, stderr, out, buf.Bytes())
		},
	}
	addVariantFlag(c, &variant)
	c.Flags().StringVar(&scenario, "scenario", "", "scenario id: its counters, its set-up and turns, the map's hexes out of its play greyed")
	c.Flags().StringVarP(&out, "output", "o", "", "the PDF to write; - or none for standard output")
	c.Flags().StringVar(&paper, "paper", "letter", "paper: letter, a4, or large (the map on one sheet of its size)")
	c.Flags().StringVar(&duplex, "duplex", "long", "the edge a two-sided sheet turns on: long or short")
	c.RegisterFlagCompletionFunc("paper", cobra.FixedCompletions([]string{"letter", "a4", "large"}, cobra.ShellCompDirectiveNoFileComp))
	c.RegisterFlagCompletionFunc("duplex", cobra.FixedCompletions([]string{"long", "short"}, cobra.ShellCompDirectiveNoFileComp))
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	return c
}
