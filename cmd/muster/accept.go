package main

import (
	"fmt"
	"io"
	"os"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/report"
)

// baselineFlags are validate's --baseline and --write-baseline.
type baselineFlags struct {
	read, write string
}

func (f *baselineFlags) check() error {
	if f.read != "" && f.write != "" {
		return fmt.Errorf("--baseline and --write-baseline: give one (--write-baseline writes the baseline again)")
	}
	return nil
}

// apply passes the findings the --baseline file accepts and adds a B016
// for each of its entries that no longer occurs.
func (f *baselineFlags) apply(ds []diag.Diagnostic) ([]diag.Diagnostic, error) {
	if f.read == "" {
		return ds, nil
	}
	return pipeline.ApplyBaseline(ds, f.read)
}

// save writes every finding of ds not suppressed to the --write-baseline
// file, through g (the guard of every battle checked: it replaces a
// baseline only, and nothing a battle reads). A battle that cannot be read
// is no baseline: then it writes nothing and returns ExitBadInput.
func (f *baselineFlags) save(stderr io.Writer, g guard, ds []diag.Diagnostic) error {
	if st, _ := report.Exit(ds, report.Lenient); st == report.ExitBadInput {
		fmt.Fprintf(stderr, "muster: --write-baseline: the battle cannot be read; %s not written\n", diag.Printable(f.write))
		return exitError{report.ExitBadInput}
	}
	if err := g.writeBaseline(os.Stdout, f.write, accept.WriteBaseline(f.write, ds)); err != nil {
		fmt.Fprintf(stderr, "muster: --write-baseline: %s\n", printable(err))
		return exitError{report.ExitBadInput}
	}
	n := len(report.Unsuppressed(ds))
	fmt.Fprintf(stderr, "muster: wrote %d %s to %s\n", n, diag.Plural(n, "finding"), diag.Printable(f.write))
	return nil
}

// readBounded reads a file named on the command line as the loader reads
// a battle's (pipeline.ReadBounded).
var readBounded = pipeline.ReadBounded
