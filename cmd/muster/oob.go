package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/sheets"
	"github.com/spf13/cobra"
)

var (
	oobFormats = []string{"pdf", "html", "md"}
	oobExts    = map[string]string{"pdf": "pdf", "html": "html", "htm": "html", "md": "md", "markdown": "md"}
)

func oobCmd(stdout, stderr io.Writer) *cobra.Command {
	var variant, scenario, format, out, paper, orientation string
	var allowErrors bool
	c := &cobra.Command{
		Use:   "oob [DIR]",
		Short: "Print a battle's order of battle as PDF, HTML or Markdown, with a scenario's set-up",
		Long: "oob lays out each side's formations (army, wing or corps, division, brigade), every leader with\n" +
			"his ratings and every unit with its counter values, with totals per brigade and division. With\n" +
			"--scenario it adds where each counter sets up or when and where it arrives, and marks\n" +
			"withdrawals. The PDF never splits a brigade across pages; the HTML prints the same way from a\n" +
			"browser; Markdown is for review in a pull request. With no DIR it prints the battle\n" +
			"around the working folder (the folder holding battle.yaml, or the nearest above it), the embedded\n" +
			"example outside any battle.\n" +
			"A battle with errors prints them and writes nothing (exit 1), unless --allow-errors asks to\n" +
			"draw what resolved, for proof-reading.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := outFormat(format, out, "-o", "; or give --format", oobFormats, oobExts, "md")
			if err != nil {
				return err
			}
			paper = strings.ToLower(paper)
			if paper != "letter" && paper != "a4" {
				return fmt.Errorf("--paper must be letter or a4, not %q", paper)
			}
			if orientation != "portrait" && orientation != "landscape" {
				return fmt.Errorf("--orientation must be portrait or landscape, not %q", orientation)
			}
			dir, err := battleDir(stderr, args, true)
			if err != nil {
				return err
			}
			b, sc, err := loadForSheets(dir, variant, scenario, stderr, allowErrors)
			if err != nil {
				return err
			}
			g, err := checkOutput(stderr, b, dir, out)
			if err != nil {
				return err
			}
			sh := sheets.OOB(b, sc)
			var buf bytes.Buffer
			page := sheets.Page{Paper: paper, Orientation: orientation, Compress: true}
			switch format {
			case "pdf":
				err = sh.PDF(&buf, page)
			case "html":
				err = sh.HTML(&buf, page)
			default:
				err = sh.Markdown(&buf)
			}
			if err != nil {
				return err
			}
			return writeOutput(g, stdout, stderr, out, buf.Bytes())
		},
	}
	addVariantFlag(c, &variant)
	c.Flags().StringVar(&scenario, "scenario", "", "scenario id: add each counter's set-up hex or arrival")
	c.Flags().BoolVar(&allowErrors, "allow-errors", false, "print the sheets even when the battle has errors (for proof-reading); what does not resolve is left out")
	c.Flags().StringVar(&format, "format", "", "output format: pdf, html or md (default from the -o extension, else md)")
	c.Flags().StringVarP(&out, "output", "o", "", "file to write; - or none for standard output")
	c.Flags().StringVar(&paper, "paper", "letter", "PDF and HTML paper: letter or a4")
	c.Flags().StringVar(&orientation, "orientation", "portrait", "portrait or landscape")
	c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(oobFormats, cobra.ShellCompDirectiveNoFileComp))
	c.RegisterFlagCompletionFunc("paper", cobra.FixedCompletions([]string{"letter", "a4"}, cobra.ShellCompDirectiveNoFileComp))
	c.RegisterFlagCompletionFunc("orientation", cobra.FixedCompletions([]string{"portrait", "landscape"}, cobra.ShellCompDirectiveNoFileComp))
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	return c
}

func oneOf(s string, xs []string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// loadForSheets loads and validates a battle for a printed output. A
// battle with errors is reported as validate reports it (exit 1); an
// unknown scenario is bad usage (exit 2) and the message lists the ids.
func loadForSheets(dir, variant, scenario string, stderr io.Writer, allowErrors bool) (*battle.Battle, *battle.Scenario, error) {
	b, ds := check(dir, variant)
	if st, _ := report.Exit(ds, report.Lenient); allowErrors && st == report.ExitFindings && b != nil && b.Map != nil {
		// A designer proof-reads a battle that still has errors: say so, and
		// draw what resolved.
		fmt.Fprintf(stderr, "muster: %s: %s; drawing what resolved (--allow-errors)\n", battleName(b, dir), report.Summary(ds))
	} else if err := exitFor(ds); err != nil {
		o := &options{format: "text", color: "auto"}
		texts := report.Texts{}
		if b != nil {
			texts = b.Texts
		}
		if rerr := writeReport(o, stderr, ds, texts, ""); rerr != nil {
			return nil, nil, rerr
		}
		fmt.Fprintf(stderr, "%s: %s; nothing written\n", battleName(b, dir), report.Summary(ds))
		return nil, nil, err
	}
	if scenario == "" {
		return b, nil, nil
	}
	sc := b.Scenario(scenario)
	if sc == nil {
		ids := sheets.ScenarioIDs(b)
		list := strings.Join(ids, ", ")
		if list == "" {
			list = "none"
		}
		fmt.Fprintf(stderr, "muster: battle %s has no scenario %q (scenarios: %s)\n", diag.Printable(b.ID), scenario, diag.Printable(list))
		return nil, nil, exitError{report.ExitBadInput}
	}
	return b, sc, nil
}

// checkOutput checks, before the work, that out can be written: standard
// output for "" or "-", else what the battle's guard allows. Its error is
// reported on stderr with exit status 2.
func checkOutput(stderr io.Writer, b *battle.Battle, dir, out string) (guard, error) {
	g := newGuard(b, dir)
	if out == "" || out == "-" {
		return g, nil
	}
	if err := checkOutFile(g, out); err != nil {
		fmt.Fprintf(stderr, "muster: %s\n", printable(err))
		return g, exitError{report.ExitBadInput}
	}
	return g, nil
}

// writeOutput writes data to out through g (guard.write), or to stdout
// when out is "" or "-"; checkOutput has checked out. A file's name is
// printed.
func writeOutput(g guard, stdout, stderr io.Writer, out string, data []byte) error {
	if out == "" || out == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if err := g.write(stdout, out, data); err != nil {
		fmt.Fprintf(stderr, "muster: %s\n", printable(err))
		return exitError{report.ExitBadInput}
	}
	fmt.Fprintln(stdout, diag.Printable(out))
	return nil
}
