package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/muster-wargames/muster/accept"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/schema"
)

// suppress applies the battle's `# muster:ignore` comments to ds, after
// every check ran (docs/ci.md, "Accepting known findings").
func suppress(b *battle.Battle, ds []diag.Diagnostic) []diag.Diagnostic {
	return accept.Suppress(ds, b.Texts, accept.Options{Lookup: lookupCode, Unused: b.Rules != nil})
}

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
	data, err := readBounded(f.read, schema.DefaultLimits.MaxBytes)
	if err != nil {
		return nil, fmt.Errorf("--baseline: %v", err)
	}
	bl, err := accept.ReadBaseline(f.read, data)
	if err != nil {
		return nil, err
	}
	return bl.Apply(ds), nil
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
// a battle's: a regular file (a FIFO would block the read for ever, a
// device never end) of at most max bytes.
func readBounded(p string, max int64) ([]byte, error) {
	st, err := os.Stat(p)
	if pe, ok := err.(*fs.PathError); ok {
		pe.Op = "open" // as os.ReadFile says it
	}
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", p)
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%s is %d bytes; muster reads at most %d", p, st.Size(), max)
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		err = fmt.Errorf("%s is more than %d bytes; muster reads at most %d", p, max, max)
	}
	return data, err
}
