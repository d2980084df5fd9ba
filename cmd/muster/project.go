package main

// The project file, muster.yaml (package project): found in the working
// folder or the nearest folder above it before any command runs; its
// settings are the defaults of the flags a command was not given.

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/muster-wargames/muster/project"
	"github.com/muster-wargames/muster/report"
)

// proj is the run's project file; nil when there is none.
var proj *project.File

// loadProject finds and reads the project file (MUSTER_PROJECT names
// another, or "none" for no project file). A file with problems stops the
// command: its diagnostics on stderr, exit 2.
func loadProject(stderr io.Writer) error {
	proj = nil
	if _, err := docsBase(); err != nil {
		return err
	}
	path, ok := "", false
	switch env := os.Getenv("MUSTER_PROJECT"); env {
	case "none":
		return nil
	case "":
		wd, err := os.Getwd()
		if err != nil {
			return nil
		}
		path, ok = project.Find(wd)
	default:
		path, ok = env, true
	}
	if !ok {
		return nil
	}
	shown := relToWD(path)
	f, data, ds := project.Load(path, shown, report.Names())
	if len(ds) > 0 {
		report.Write("text", stderr, ds, report.Options{Texts: report.Texts{shown: data}})
		return exitError{report.ExitBadInput}
	}
	proj = f
	return nil
}

// relToWD is path relative to the working folder when it can be, else as
// it is.
func relToWD(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, abs); err == nil {
		return rel
	}
	return abs
}

// fromProject is a path of the project file (relative to its folder, slash
// separated) as a path from the working folder.
func fromProject(p string) string {
	if filepath.IsAbs(filepath.FromSlash(p)) {
		return filepath.FromSlash(p)
	}
	return relToWD(filepath.Join(proj.Dir, filepath.FromSlash(p)))
}

// projectDefaults gives o and rf the project's settings for every flag c
// was not given: --format, --report, and validate's -o, --werror,
// --max-warnings. It reports whether the format was chosen (by the flag or
// the project), so that -o's extension does not choose it.
func projectDefaults(c *cobra.Command, o *options, rf *reportFlags) bool {
	set := func(name string) bool { return c.Flags().Lookup(name) != nil && !c.Flags().Changed(name) }
	chosen := c.Flags().Changed("format")
	if proj == nil {
		return chosen
	}
	if c.Flags().Changed("changed") {
		// the pre-commit hook: its report is for the terminal, as text,
		// not the project's outputs
	} else if set("format") && proj.Format != "" {
		o.format, chosen = proj.Format, true
	}
	if c.Flags().Changed("write-baseline") || c.Flags().Changed("changed") {
		return chosen // it writes no report, or reports to the terminal
	}
	if set("report") {
		for _, r := range proj.Reports {
			rf.specs = append(rf.specs, r.Format+"="+fromProject(r.Path))
		}
	}
	if c.Name() == "validate" {
		if set("output") && proj.Output != "" && !c.Flags().Changed("changed") {
			rf.out = fromProject(proj.Output)
		}
		if set("werror") && proj.Werror != nil {
			o.werror = *proj.Werror
		}
		if set("max-warnings") && proj.MaxWarnings != nil {
			o.maxWarnings = *proj.MaxWarnings
		}
	}
	return chosen
}

// battleRun is one battle validate checks: its folder, the variant, and
// the baseline that accepts its findings ("": --baseline's, if any).
type battleRun struct {
	dir, variant, baseline string
}

// projectBattles are the project's battles: entries as runs, for validate
// given no folder; variant, when the flag gave it, overrides theirs. None
// without a project file or battles.
func projectBattles(variant string, variantSet bool) []battleRun {
	if proj == nil {
		return nil
	}
	var out []battleRun
	for _, b := range proj.Folders() {
		r := battleRun{dir: relToWD(b.Path), variant: b.Variant}
		if b.Baseline != "" {
			r.baseline = fromProject(b.Baseline)
		}
		if variantSet {
			r.variant = variant
		}
		out = append(out, r)
	}
	return out
}

// ignored reports whether the project's ignore: lists path (a folder or
// file, as given), or path is the project file itself: battle discovery
// skips it.
func ignored(path string) bool {
	if filepath.Base(path) == project.Name {
		return true
	}
	abs, err := filepath.Abs(path)
	return err == nil && proj.Ignored(abs)
}

// docsBase is the base URL of muster's docs folder for the links muster
// writes (SARIF's helpUri and informationUri, the language server's code
// links, the starter's format link): MUSTER_DOCS, else the project's docs,
// else "" for the built-in report.DefaultDocs.
func docsBase() (string, error) {
	if env := os.Getenv("MUSTER_DOCS"); env != "" {
		if u, err := url.Parse(env); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return "", fmt.Errorf("MUSTER_DOCS must be an http or https URL, not %q", env)
		}
		return strings.TrimSuffix(env, "/"), nil
	}
	if proj != nil {
		return proj.Docs, nil
	}
	return "", nil
}

// withDocs is data with every link to the built-in docs base pointed at
// the docs base the settings name.
func withDocs(data []byte) []byte {
	base, _ := docsBase()
	if base == "" {
		return data
	}
	return bytes.ReplaceAll(data, []byte(report.DefaultDocs+"/"), []byte(base+"/"))
}
