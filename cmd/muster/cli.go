package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/compile/targets"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/rulesets"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
	"github.com/spf13/cobra"
)

type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func run(args []string, stdout, stderr io.Writer) (code int) {
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "muster: internal error: %s\n", diag.Printable(fmt.Sprint(r)))
			code = report.ExitInternal
		}
	}()
	err := root.Execute()
	var ee exitError
	switch {
	case err == nil:
		return report.ExitClean
	case errors.As(err, &ee):
		return ee.code
	default:
		fmt.Fprintf(stderr, "muster: %s\n", printable(err))
		return report.ExitBadInput
	}
}

type options struct {
	format      string
	color       string
	out         string
	target      string
	module      string // --module: the base module of an extension
	werror      bool
	maxWarnings int
	variant     string
	start       time.Time // when the command began: junit's time
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "muster",
		Short:         "Check and compile American Civil War hex-and-counter battles written as YAML",
		Long:          "muster checks a battle folder (battle.yaml, forces, map, scenarios) against its rule system\n(GBACW, TSS, Summer Storm, AMFS) and compiles it into an engine bundle.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate(versionText(Version, buildInfo()))
	for _, mk := range commands {
		root.AddCommand(mk(stdout, stderr))
	}
	return root
}

// commands are all of muster's commands, sorted by name as `muster help`
// lists them.
var commands = []func(stdout, stderr io.Writer) *cobra.Command{
	buildCmd,
	diffCmd,
	gameCmd,
	explainCmd,
	importCmd,
	initCmd,
	lspCmd,
	mapCmd,
	oobCmd,
	schemaCmd,
	serveCmd,
	validateCmd,
	versionCmd,
	watchCmd,
}

func versionCmd(stdout, _ io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print muster's version, the bundle format version, and the commit it was built from",
		Long: "version prints the module version (v1.2.3 for a released build, a pseudo-version or (devel)\n" +
			"for one from a clone), the bundle and schema format versions and, when the build recorded\n" +
			"them (a build in a git checkout does), the commit, its date and whether it had uncommitted changes.",
		Args: cobra.NoArgs,
		Run: func(cmd *cobra.Command, args []string) {
			fmt.Fprint(stdout, versionText(Version, buildInfo()))
		},
	}
}

func addReportFlags(c *cobra.Command, o *options) {
	c.Flags().StringVar(&o.format, "format", "text", "report format: "+strings.Join(report.Names(), ", "))
	c.Flags().StringVar(&o.color, "color", "auto", "colour the text report: auto, always or never")
	c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(report.Names(), cobra.ShellCompDirectiveNoFileComp))
	c.RegisterFlagCompletionFunc("color", cobra.FixedCompletions([]string{"auto", "always", "never"}, cobra.ShellCompDirectiveNoFileComp))
}

func (o *options) check() error {
	o.start = time.Now()
	if _, err := report.Find(o.format); err != nil {
		return err
	}
	if o.color != "auto" && o.color != "always" && o.color != "never" {
		return fmt.Errorf("--color must be auto, always or never, not %q", o.color)
	}
	return nil
}

func (o *options) useColor(w io.Writer) bool {
	switch o.color {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// checkOptions are the pipeline's options for a battle folder, or the
// embedded example when dir is "", as its variant names ("" for
// battle.yaml's files), taking what it reads from budget, the run's (nil:
// a budget of its own): the battles one command checks share one.
func checkOptions(dir, variant string, budget *schema.Budget) pipeline.Options {
	o := pipeline.Options{Dir: dir, Variant: variant, Budget: budget}
	if dir == "" {
		sub, err := fs.Sub(examples.FS, examples.Default)
		if err != nil {
			panic(err)
		}
		o.FS, o.Name = sub, "(example) "+examples.Default
	}
	return o
}

// addVariantFlag gives a command that loads a battle its --variant flag.
func addVariantFlag(c *cobra.Command, variant *string) {
	c.Flags().StringVar(variant, "variant", "", "load this variant of the battle: the files its battle.yaml lists under variants (default: the files list)")
}

// check loads and validates, and applies the battle's suppression
// comments (pipeline.Check); it returns the battle and every diagnostic.
func check(dir, variant string) (*battle.Battle, []diag.Diagnostic) {
	return checkIn(dir, variant, nil)
}

// checkIn is check within the run's budget (see checkOptions).
func checkIn(dir, variant string, budget *schema.Budget) (*battle.Battle, []diag.Diagnostic) {
	r := pipeline.Check(checkOptions(dir, variant, budget))
	return r.Battle, r.Diagnostics
}

// exitFor is the exit status ds calls for under the lenient policy
// (warnings never fail), as an error; nil when clean.
func exitFor(ds []diag.Diagnostic) error {
	if st, _ := report.Exit(ds, report.Lenient); st != report.ExitClean {
		return exitError{st}
	}
	return nil
}

// writeReport writes ds to w in the format o names.
// writeReport writes the findings in o's format; failed, when not "", says
// why the run failed after them (sarif's executionSuccessful).
func writeReport(o *options, w io.Writer, ds []diag.Diagnostic, texts report.Texts, failed string) error {
	root, _ := os.Getwd()
	return report.Write(o.format, w, ds, report.Options{Texts: texts, Color: o.useColor(w), Lookup: lookupCode,
		Version: version(), Root: root, Elapsed: time.Since(o.start), Failed: failed})
}

// lookupCode finds a code in the catalogue, made on first use: only the
// reports that describe codes (sarif) pay for it.
func lookupCode(code string) (diag.Code, bool) { return pipeline.Lookup(code) }

func validateCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &options{}
	var mapOut string
	var quiet, changed bool
	var bf baselineFlags
	c := &cobra.Command{
		Use:   "validate [DIR|FILE...]",
		Short: "Check battle folders and report every problem with its file, line and column",
		Long: "validate loads each battle folder, checks it against the JSON Schemas and the rules of its\n" +
			"system, and prints one diagnostic per problem. With no folder it checks the battle around the\n" +
			"working folder (the folder holding battle.yaml, or the nearest above it); outside any battle,\n" +
			"the embedded example, and says so. The summary line names the battle checked.\n" +
			"Findings that a # muster:ignore comment or the --baseline file accepts are counted, never failing.\n" +
			"With --changed the arguments are files (a pre-commit hook's) and each one's battle is checked.\n" +
			"A file given alone (DIR/scenario-3.yaml) has its battle checked and its own diagnostics reported.\n" +
			"Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad usage or input that cannot be\n" +
			"read, 3 muster itself failed (docs/ci.md).",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			if err := bf.check(); err != nil {
				return err
			}
			if mapOut != "" && len(args) > 1 {
				return fmt.Errorf("--map draws one battle: give one folder")
			}
			if mapOut != "" {
				if _, err := outFormat("", mapOut, "--map", "", mapFormats, mapExts, "svg"); err != nil {
					return err
				}
			}
			var named []string // the files the arguments name
			explicit := !changed
			if changed {
				named = args
				dirs, _ := battlesOf(args)
				if len(dirs) == 0 {
					return nil // no file of a battle changed: nothing to check
				}
				args = dirs
			}
			// A file given as DIR/scenario-3.yaml: its battle is checked and
			// the file's own diagnostics reported.
			var only map[string]bool
			if !changed {
				var err error
				if args, only, err = fileArgs(args); err != nil {
					fmt.Fprintf(stderr, "muster: %s\n", printable(err))
					return exitError{report.ExitBadInput}
				}
				for f := range only {
					named = append(named, f)
				}
				sort.Strings(named)
			}
			if len(args) == 0 {
				dir, err := battleDir(stderr, nil, true)
				if err != nil {
					return err
				}
				args = []string{dir}
			}
			var all []diag.Diagnostic
			var mapBattle *battle.Battle
			var g guard // every battle checked, for --write-baseline
			texts := report.Texts{}
			scenarios := 0
			var names []string
			budget := schema.NewBudget(schema.DefaultLimits) // one for every battle checked
			for _, dir := range args {
				b, ds := checkIn(dir, o.variant, budget)
				ds = notPart(b, dir, named, explicit, ds)
				all = append(all, ds...)
				names = append(names, battleName(b, dir))
				g.add(b, dir)
				if b != nil {
					mapBattle = b
					for k, v := range b.Texts {
						texts[k] = v
					}
					scenarios += len(b.Scenarios)
				}
			}
			if bf.write != "" {
				err := bf.save(stderr, g, all)
				if err != nil {
					writeReport(o, stdout, all, texts, "")
				}
				return err
			}
			all, err := bf.apply(all)
			if err != nil {
				return err
			}
			if only != nil {
				all = inFiles(all, only)
			}
			if mapOut != "" {
				if mapBattle == nil || mapBattle.Map == nil {
					fmt.Fprintln(stderr, "muster: --map: the battle has no map to draw")
				} else if err := writeDiagnosticMap(mapOut, args[0], mapBattle, all); err != nil {
					fmt.Fprintf(stderr, "muster: %s\n", printable(err))
					return exitError{report.ExitBadInput}
				}
			}
			shown := all
			if quiet {
				shown = report.ErrorsOnly(all)
			}
			if err := writeReport(o, stdout, shown, texts, ""); err != nil {
				return err
			}
			switch {
			case o.format != "text" || quiet:
			case len(all) > 0:
				fmt.Fprintf(stderr, "%s: %s\n", diag.Printable(strings.Join(names, ", ")), report.Summary(all))
			case only != nil:
				var files []string
				for f := range only {
					files = append(files, filepath.Base(f))
				}
				sort.Strings(files)
				fmt.Fprintf(stderr, "%s: no problems (in %s: %d %s, %d %s)\n", diag.Printable(strings.Join(files, ", ")), diag.Printable(strings.Join(names, ", ")), len(texts), diag.Plural(len(texts), "file"), scenarios, diag.Plural(scenarios, "scenario"))
			default:
				fmt.Fprintf(stderr, "%s: %s\n", diag.Printable(strings.Join(names, ", ")), report.Clean(len(texts), scenarios))
			}
			st, note := report.Exit(all, report.Policy{Werror: o.werror, MaxWarnings: o.maxWarnings})
			if note != "" && (o.format == "text" || quiet) {
				fmt.Fprintf(stderr, "muster: %s\n", note)
			}
			if st != report.ExitClean {
				return exitError{st}
			}
			return nil
		},
	}
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	addReportFlags(c, o)
	c.Flags().BoolVar(&o.werror, "werror", false, "treat warnings as errors for the exit status")
	c.Flags().IntVar(&o.maxWarnings, "max-warnings", -1, "exit 1 when there are more than N warnings (-1: no limit)")
	addVariantFlag(c, &o.variant)
	c.Flags().StringVar(&bf.read, "baseline", "", "accept the findings listed in FILE (written by --write-baseline); warn (B016) of entries that no longer occur")
	c.Flags().StringVar(&bf.write, "write-baseline", "", "write every finding not suppressed to FILE as a baseline, print no report, and exit 0")
	c.Flags().BoolVar(&changed, "changed", false, "the arguments are changed files, as a pre-commit hook passes them: validate the battle of each (the nearest folder at or above it holding battle.yaml) once, and skip files in no battle")
	c.Flags().BoolVarP(&quiet, "quiet", "q", false, "report errors only: no warnings, no info, no summary line, nothing at all when there is no error; the exit status is as without it, and a run failed by its warnings (--werror, --max-warnings) still says so on stderr")
	c.Flags().StringVar(&mapOut, "map", "", "also draw the map with every hex a diagnostic is about ringed and numbered (FILE.svg or FILE.png)")
	return c
}

func buildCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &options{}
	c := &cobra.Command{
		Use:   "build [DIR]",
		Short: "Validate a battle and write its engine bundle, one JSON file per scenario",
		Long: "build validates the battle and, if it has no errors, writes OUT/<scenario>.json for every\n" +
			"scenario (OUT defaults to build/<battle id>, or build/<battle id>-<variant> with --variant). A build with errors writes nothing and leaves\n" +
			"OUT as it was. With no DIR it builds the battle around the working folder (the folder holding\n" +
			"battle.yaml, or the nearest above it); outside any battle, the embedded example, Dead of\n" +
			"Winter's introductory scenario, and says so.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.check(); err != nil {
				return err
			}
			dir, err := battleDir(stderr, args, true)
			if err != nil {
				return err
			}
			b, ds := check(dir, o.variant)
			texts := report.Texts{}
			if b != nil {
				texts = b.Texts
			}
			if err := exitFor(ds); err != nil {
				if werr := writeReport(o, stderr, ds, texts, ""); werr != nil {
					return werr
				}
				if o.format == "text" {
					fmt.Fprintf(stderr, "%s: %s; nothing written\n", battleName(b, dir), report.Summary(ds))
				}
				return err
			}
			out := o.out
			if out == "" {
				out = filepath.Join("build", b.ID)
				if b.Variant != "" {
					out += "-" + b.Variant
				}
			}
			// The output is written before the report, so that a report
			// (SARIF's executionSuccessful) never says a build that could
			// not write its files succeeded.
			files, err := writeTarget(b, dir, out, o.target, o.module)
			if len(ds) > 0 || err != nil && o.format != "text" {
				failed := ""
				if err != nil {
					failed = printable(err)
				}
				if werr := writeReport(o, stderr, ds, texts, failed); werr != nil {
					return werr
				}
			}
			if err != nil {
				fmt.Fprintf(stderr, "muster: %s\n", printable(err))
				return exitError{report.ExitBadInput}
			}
			for _, f := range files {
				fmt.Fprintln(stdout, diag.Printable(f))
			}
			return nil
		},
	}
	c.Flags().StringVarP(&o.out, "output", "o", "", "folder for the output (default build/<battle id>, build/<battle id>-<variant> for a variant)")
	addVariantFlag(c, &o.variant)
	c.Flags().StringVar(&o.target, "target", "bundle", "what to build: "+strings.Join(targets.Names(), ", "))
	c.RegisterFlagCompletionFunc("target", cobra.FixedCompletions(targets.Names(), cobra.ShellCompDirectiveNoFileComp))
	c.Flags().StringVar(&o.module, "module", "", "with --target vassal-extension: the VASSAL module the extension extends")
	addReportFlags(c, o)
	return c
}

// writeTarget compiles b with the named target and writes its files into
// out. The folder is checked and locked before the compile; everything is
// compiled before anything is written; the files are staged and renamed
// into out (see stage), so a failed or interrupted build leaves the previous
// output whole; nothing is written over a file of the battle.
func writeTarget(b *battle.Battle, dir, out, target, module string) ([]string, error) {
	t, ok := targets.Find(target)
	if !ok {
		return nil, fmt.Errorf("unknown target %q (targets: %s)", target, strings.Join(targets.Names(), ", "))
	}
	build := t.Build
	switch {
	case t.OverBase != nil && module == "":
		return nil, fmt.Errorf("--target %s needs --module BASE.vmod, the module it extends", target)
	case t.OverBase == nil && module != "":
		return nil, fmt.Errorf("--module is for --target vassal-extension, not %s", target)
	case t.OverBase != nil:
		data, err := os.ReadFile(module)
		if err != nil {
			return nil, err
		}
		build = t.OverBase(data, filepath.Base(module))
	}
	if out == "-" {
		return nil, fmt.Errorf("build writes a folder of files: -o - (standard output) cannot hold them")
	}
	g := newGuard(b, dir)
	st, err := openStage(g, out)
	if err != nil {
		return nil, err
	}
	defer st.close()
	files, err := build(b)
	if err != nil {
		return nil, err
	}
	return st.commit(g, files)
}

// schemaFiles is every JSON Schema muster publishes, by file name: one per
// document kind, and the forces schema of each rule system with its counter
// values.
func schemaFiles() (map[string][]byte, error) {
	docs := map[string][]byte{}
	for _, sys := range rulesets.Systems() {
		r, err := rulesets.Load(sys)
		if err != nil {
			return nil, err
		}
		for k, v := range schema.Documents(r.Counters(), sys) {
			docs[k] = v
		}
	}
	for k, v := range schema.Documents(nil, "") {
		docs[k] = v
	}
	for k, v := range schema.Extra() {
		docs[k] = v
	}
	return docs, nil
}

func schemaCmd(stdout, stderr io.Writer) *cobra.Command {
	c := &cobra.Command{Use: "schema", Short: "Work with muster's JSON Schemas"}
	var modelines []string
	export := &cobra.Command{
		Use:   "export DIR",
		Short: "Write the JSON Schemas (one per document kind, forces per rule system) into DIR",
		Long: "export writes the embedded JSON Schemas so that an editor with a YAML language server checks\n" +
			"and completes battle files as you type. Point a file at its schema with a first line such as\n" +
			"  # yaml-language-server: $schema=schemas/forces.gbacw.schema.json\n" +
			"--modelines BATTLE rewrites such first lines in BATTLE's files to point at DIR, relative to each file.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			docs, err := schemaFiles()
			if err != nil {
				return err
			}
			// no battle loaded: the guard finds one around DIR, and refuses
			// links, devices and baselines; every file is checked before
			// any is written
			var g guard
			if err := g.check(args[0]); err != nil {
				return err
			}
			names := make([]string, 0, len(docs))
			for k := range docs {
				names = append(names, k)
			}
			sort.Strings(names)
			for _, n := range names {
				if err := g.check(filepath.Join(args[0], n)); err != nil {
					return err
				}
			}
			if err := os.MkdirAll(args[0], 0o755); err != nil {
				return err
			}
			for _, n := range names {
				p := filepath.Join(args[0], n)
				if err := g.write(nil, p, docs[n]); err != nil {
					return err
				}
				fmt.Fprintln(stdout, diag.Printable(p))
			}
			for _, dir := range modelines {
				b, _ := battle.LoadDir(dir, battle.Options{})
				if b == nil || b.System == "" {
					return fmt.Errorf("%s: not a battle folder with a system (see muster validate %s)", dir, dir)
				}
				if err := rewriteModelines(stdout, dir, args[0], b.System); err != nil {
					return err
				}
			}
			return nil
		},
	}
	export.Flags().StringArrayVar(&modelines, "modelines", nil, "also point the modelines of this battle folder's files at the exported schemas (repeatable)")
	c.AddCommand(export)
	return c
}

func explainCmd(stdout, _ io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "explain [CODE]",
		Short: "Explain a diagnostic code, or list every code",
		Long:  "With no code, explain lists every diagnostic: CODE, SEVERITY, SYSTEM, RULE and TITLE separated by tabs.",
		Args:  cobra.MaximumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			var out []string
			cat, _ := validate.Catalogue()
			for _, c := range cat {
				out = append(out, c.Code+"\t"+c.Title)
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			cat, err := validate.Catalogue()
			if err != nil {
				return err
			}
			if len(args) == 0 {
				for _, c := range cat {
					rule := c.Rule
					if rule == "" {
						rule = "-"
					}
					fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%s\n", c.Code, c.Severity, c.System, rule, c.Title)
				}
				return nil
			}
			c, ok := cat.Lookup(args[0])
			if !ok {
				return fmt.Errorf("unknown diagnostic code %q (muster explain lists them)", args[0])
			}
			fmt.Fprintf(stdout, "%s: %s\nseverity: %s\nsystem: %s\n", c.Code, c.Title, c.Severity, c.System)
			if c.Rule != "" {
				fmt.Fprintf(stdout, "rule: %s\n", c.Rule)
			}
			fmt.Fprintf(stdout, "\n%s\n", c.Doc)
			if c.Func != "" {
				fmt.Fprintf(stdout, "\nraised by: %s\n", c.Func)
			}
			if c.Config != "" {
				fmt.Fprintf(stdout, "configured by: %s\n", c.Config)
			}
			return nil
		},
	}
}
