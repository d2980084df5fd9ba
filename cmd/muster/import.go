package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/importer"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
	"github.com/spf13/cobra"
)

func importCmd(stdout, stderr io.Writer) *cobra.Command {
	imp := &cobra.Command{Use: "import", Short: "Convert battle-book notation into muster YAML"}
	imp.AddCommand(importSetupCmd(stdout, stderr), importVmodCmd(stdout, stderr), importVsavCmd(stdout, stderr))
	return imp
}

func importSetupCmd(stdout, stderr io.Writer) *cobra.Command {
	var dir, variant, out, lines, id, name, source, day, turns, sheets string
	c := &cobra.Command{
		Use:   "setup FILE",
		Short: "Read set-up and reinforcement lists in battle-book notation and write scenario YAML",
		Long: "Reads set-up lists (\"C3014: Post/1/1/RW, 59 IL, 5 WI Bty\"), group placements (\"Within one hex of\n" +
			"A4027: 1/1/C\"), reinforcement and WITHDRAW lines and TSS schedule rows (\"| 0800 | 8 | 1/I; Reynolds |\")\n" +
			"and writes a scenario document. Every line it cannot read is reported on stderr with its line\n" +
			"number and kept in the output as a \"# UNREAD L<n>: <text>\" comment. With --battle, names are\n" +
			"resolved against the battle's order of battle. See docs/import.md.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opt := importer.Options{ID: id, Name: name, Source: source, Day: day, File: args[0]}
			for i, rg := range strings.Split(lines, ",") {
				if lines == "" {
					break
				}
				a, b, ok := strings.Cut(strings.TrimSpace(rg), "-")
				f, e1 := strconv.Atoi(strings.TrimPrefix(a, "L"))
				t, e2 := strconv.Atoi(strings.TrimPrefix(b, "L"))
				if !ok || e1 != nil || e2 != nil || f < 1 || t < f {
					return fmt.Errorf("--lines wants FROM-TO[,FROM-TO...], e.g. 2498-2537, not %q", lines)
				}
				if i == 0 {
					opt.From, opt.To = f, t
				} else {
					opt.Ranges = append(opt.Ranges, [2]int{f, t})
				}
			}
			if turns != "" {
				a, b, ok := strings.Cut(turns, ",")
				if !ok {
					return fmt.Errorf("--turns wants FIRST,LAST, e.g. \"Dec 31 0900,Dec 31 1400\"")
				}
				opt.First, opt.Last = strings.TrimSpace(a), strings.TrimSpace(b)
			}
			if sheets != "" {
				opt.Sheets = strings.Split(sheets, ",")
			}
			g := guard{}
			if dir != "" {
				b, ds := battle.LoadDir(dir, battle.Options{Variant: variant})
				if st, _ := report.Exit(ds, report.Lenient); b == nil || len(b.Sides) < 2 || st == report.ExitBadInput {
					for _, d := range ds {
						fmt.Fprintln(stderr, d.String())
					}
					return exitError{report.ExitBadInput}
				}
				if len(b.Sides) == 2 {
					opt.Sides = [2]string{b.Sides[0].ID, b.Sides[1].ID}
					for _, s := range b.Sides {
						n := strings.ToLower(s.Name)
						if strings.HasPrefix(n, "conf") || s.ID == "CSA" {
							opt.Sides[1] = s.ID
						} else {
							opt.Sides[0] = s.ID
						}
					}
				}
				opt.Index = func(side string) *oob.Index { return b.Index(side) }
				g = newGuard(b, dir)
			}
			if out != "" && out != "-" {
				if err := checkOutFile(g, out); err != nil {
					fmt.Fprintf(stderr, "muster: %s\n", printable(err))
					return exitError{report.ExitBadInput}
				}
			}
			// read as the loader reads a battle's file: regular, bounded
			data, err := readBounded(args[0], schema.DefaultLimits.MaxBytes)
			if err != nil {
				return err
			}
			res, err := importer.Import(bytes.NewReader(data), opt)
			if err != nil {
				return err
			}
			for _, u := range res.Unread {
				fmt.Fprintf(stderr, "%s:%d: unread: %s: %s\n", diag.Printable(args[0]), u.Line, diag.Printable(u.Reason), diag.Printable(u.Text))
			}
			for _, w := range res.Warnings {
				fmt.Fprintf(stderr, "%s:%d: warning: %s\n", diag.Printable(args[0]), w.Line, diag.Printable(w.Text))
			}
			if out == "" || out == "-" {
				_, err = stdout.Write(res.YAML)
				return err
			}
			if err := g.write(stdout, out, res.YAML); err != nil {
				fmt.Fprintf(stderr, "muster: %s\n", printable(err))
				return exitError{report.ExitBadInput}
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "battle", "", "battle folder whose order of battle resolves the names")
	c.Flags().StringVar(&variant, "variant", "", "with --battle: resolve names against this variant of the battle")
	c.Flags().StringVarP(&out, "output", "o", "", "write the YAML to this file (mode 0644); - or none for standard output")
	c.Flags().StringVar(&lines, "lines", "", "read only these lines of FILE, FROM-TO[,FROM-TO...] in that order; line numbers stay the file's")
	c.Flags().StringVar(&id, "id", "", "the scenario's id")
	c.Flags().StringVar(&name, "name", "", "the scenario's name")
	c.Flags().StringVar(&source, "source", "", "prefix of each source: \"DoW\" writes \"DoW L2816\"")
	c.Flags().StringVar(&day, "day", "", "the day of times that carry none, as battle.yaml names it (\"Dec 31\")")
	c.Flags().StringVar(&turns, "turns", "", "the scenario's first and last turn, \"Dec 31 0900,Dec 31 1400\"")
	c.Flags().StringVar(&sheets, "sheets", "", "sheets in play, comma-separated (default: the sheets the hexes name)")
	return c
}
