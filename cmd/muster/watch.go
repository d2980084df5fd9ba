package main

import (
	"fmt"
	"io"
	"time"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
	"github.com/spf13/cobra"
)

// watchCmd validates a battle again whenever one of its files changes:
// it polls the YAML files of the folder (their names, sizes and times, so
// no platform file-event API is needed) and prints the report and a
// one-line summary, with the time, after each run.
func watchCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &options{}
	var every time.Duration
	var runs int
	c := &cobra.Command{
		Use:   "watch [DIR]",
		Short: "Validate a battle again every time one of its files is saved, with a one-line summary",
		Long: "watch validates the battle folder (if none is given, the folder holding battle.yaml at or nearest\n" +
			"above the working folder), then again each time\n" +
			"a YAML file in it is saved, added or removed (it reads them every --every), printing the diagnostics and a summary line\n" +
			"stamped with the time. Stop it with Ctrl-C.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			dir, err := battleDir(stderr, args, false)
			if err != nil {
				return err
			}
			last := ""
			for n := 0; runs == 0 || n < runs; {
				if fp := fingerprint(dir); fp != last {
					last = fp
					n++
					b, ds := check(dir, o.variant)
					texts := report.Texts{}
					scenarios := 0
					if b != nil {
						texts = b.Texts
						scenarios = len(b.Scenarios)
					}
					if err := writeReport(o, stdout, ds, texts, ""); err != nil {
						return err
					}
					line := report.Clean(len(texts), scenarios)
					if len(ds) > 0 {
						line = fmt.Sprintf("%d %s, %d %s: %s", len(texts), diag.Plural(len(texts), "file"), scenarios, diag.Plural(scenarios, "scenario"), report.Summary(ds))
					}
					fmt.Fprintf(stdout, "[%s] %s: %s\n", time.Now().Format("15:04:05"), diag.Printable(battleName(b, dir)), line)
					continue
				}
				time.Sleep(every)
			}
			return nil
		},
	}
	addReportFlags(c, o)
	addVariantFlag(c, &o.variant)
	c.Flags().DurationVar(&every, "every", 300*time.Millisecond, "how often to read the files for a change")
	c.Flags().IntVar(&runs, "runs", 0, "stop after this many validations (0: never)")
	c.Flags().MarkHidden("runs")
	return c
}

// fingerprint names every YAML file under dir with its size and
// checksum, read as the loader reads them (battle.Fingerprint): it
// changes when a file is saved, added or removed.
func fingerprint(dir string) string { return battle.Fingerprint(dir, schema.Limits{}) }
