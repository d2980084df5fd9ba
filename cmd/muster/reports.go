package main

// Several reports in one run (issue 27): validate and build write the
// --format report where they always did (validate to standard output, or
// to -o FILE; build to standard error) and, besides, one report per
// --report FORMAT=PATH, each to its file, as golangci-lint's output
// formats each name a path. Every file goes through the guard (output.go):
// checked before any work, written to a temporary file renamed over it.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/report"
	"github.com/spf13/cobra"
)

// reportExts maps a report file's extension to the format it says.
var reportExts = map[string]string{"json": "json", "sarif": "sarif", "xml": "junit", "txt": "text"}

// reportFile is one report written to a file.
type reportFile struct{ format, path string }

// reportFlags are --report FORMAT=PATH (repeatable) and validate's -o.
type reportFlags struct {
	specs []string // --report, as given
	out   string   // -o: the --format report's file ("" or "-": standard output)
	files []reportFile
}

func addReportFileFlags(c *cobra.Command, f *reportFlags, stdout string) {
	c.Flags().StringArrayVar(&f.specs, "report", nil, "also write a report in FORMAT to the file PATH, as FORMAT=PATH (repeatable: sarif=muster.sarif, junit=junit.xml); the --format report still goes to "+stdout)
}

// check parses the --report flags and -o, and checks every file before any
// work: a format muster has, a file the guard allows, in a folder that
// exists, each named once, an extension that does not contradict its
// format. format is the --format report's format; chosen says whether it
// was given (else -o's extension may choose it). It returns the --format
// report's format.
func (f *reportFlags) check(format string, chosen bool) (string, error) {
	seen := map[string]string{}
	// name checks a report's file; what is the flag as given
	name := func(what, path string) error {
		abs, err := filepath.Abs(path)
		if err != nil {
			return err
		}
		if prev, ok := seen[abs]; ok {
			return fmt.Errorf("%s: %s is %s's file too: give each report its own file", what, path, prev)
		}
		seen[abs] = what
		var g guard // no battle loaded yet: the guard finds one around the file
		return checkOutFile(g, path)
	}
	if f.out != "" && f.out != "-" {
		ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(f.out)), ".")
		if byExt, ok := reportExts[ext]; ok && byExt != format {
			if chosen {
				return "", fmt.Errorf("-o %s ends in .%s, which says %s, but --format says %s", f.out, ext, byExt, format)
			}
			format = byExt
		}
		if err := name("-o "+f.out, f.out); err != nil {
			return "", err
		}
	}
	f.files = nil
	for _, s := range f.specs {
		fm, path, ok := strings.Cut(s, "=")
		if !ok {
			return "", fmt.Errorf("--report %s: give FORMAT=PATH (formats: %s)", s, strings.Join(report.Names(), ", "))
		}
		if _, err := report.Find(fm); err != nil {
			return "", fmt.Errorf("--report %s: the format must be one of %s, not %q", s, strings.Join(report.Names(), ", "), fm)
		}
		if path == "" || path == "-" {
			return "", fmt.Errorf("--report %s: give a file name (standard output has the --format report)", s)
		}
		ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
		if byExt, ok := reportExts[ext]; ok && byExt != fm {
			return "", fmt.Errorf("--report %s: %s ends in .%s, which says %s, not %s", s, path, ext, byExt, fm)
		}
		if err := name("--report "+s, path); err != nil {
			return "", err
		}
		f.files = append(f.files, reportFile{fm, path})
	}
	return format, nil
}

// writeMain writes the --format report: to w, or to -o's file through g.
func (f *reportFlags) writeMain(o *options, g *guard, w io.Writer, ds []diag.Diagnostic, texts report.Texts, failed string) error {
	if f.out == "" || f.out == "-" {
		return writeReport(o, w, ds, texts, failed)
	}
	var buf bytes.Buffer
	if err := report.Write(o.format, &buf, ds, reportOptions(o, false, texts, failed)); err != nil {
		return err
	}
	return g.write(nil, f.out, buf.Bytes())
}

// writeFiles writes every --report file through g, uncoloured, each whole;
// the first that cannot be written stops them, and says so.
func (f *reportFlags) writeFiles(o *options, g *guard, ds []diag.Diagnostic, texts report.Texts, failed string) error {
	for _, r := range f.files {
		var buf bytes.Buffer
		if err := report.Write(r.format, &buf, ds, reportOptions(o, false, texts, failed)); err != nil {
			return err
		}
		if err := g.write(nil, r.path, buf.Bytes()); err != nil {
			return fmt.Errorf("--report %s=%s: %w", r.format, r.path, err)
		}
	}
	return nil
}

// reportOptions are the report options of a run.
func reportOptions(o *options, color bool, texts report.Texts, failed string) report.Options {
	root, _ := os.Getwd()
	docs, _ := docsBase()
	return report.Options{Texts: texts, Color: color, Lookup: lookupCode,
		Version: version(), Root: root, Elapsed: time.Since(o.start), Failed: failed, Docs: docs}
}
