package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/diff"
	"github.com/muster-wargames/muster/importer/vmod"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/sheets"
)

func diffCmd(stdout, stderr io.Writer) *cobra.Command {
	var format, since, variant, mapFile string
	var exitCode bool
	c := &cobra.Command{
		Use:   "diff OLD NEW | diff REV1 REV2 [DIR] | diff --since REV [DIR] | diff OLD.vmod NEW.vmod",
		Short: "List what changed between two versions of a battle, as release notes (Markdown) or JSON",
		Long: "diff compares two versions of a battle and lists every change: units and leaders added, removed,\n" +
			"renamed (the same formation and values under a new name), moved and re-valued; formations;\n" +
			"set-ups, arrivals and withdrawals by scenario; scenarios; the map hex by hex; the ruleset's\n" +
			"figures as the battle's rules: overrides leave them; variants.\n" +
			"OLD and NEW are two battle folders. In a git repository, REV1 REV2 compares the battle folder DIR\n" +
			"(the battle around the working folder when not given) at two revisions, and --since REV compares\n" +
			"DIR at REV with DIR as it is on disk; each revision's folder is read with git archive into a\n" +
			"temporary folder. Two .vmod files muster wrote are each read back as muster import vmod reads\n" +
			"them, so what a module carries is compared. The exit status is 0 whether or not anything changed;\n" +
			"with --exit-code it is 1 when something did (as git diff --exit-code); 2 when a version cannot be read.",
		Args: cobra.RangeArgs(0, 3),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "markdown" && format != "json" {
				return fmt.Errorf("unknown --format %q (markdown, json)", format)
			}
			oldDir, newDir, oldName, newName, guardDir, cleanup, err := diffSides(stderr, since, args)
			defer cleanup()
			if err != nil {
				return err
			}
			a, err := diffLoad(stderr, oldDir, oldName, variant)
			if err != nil {
				return err
			}
			b, err := diffLoad(stderr, newDir, newName, variant)
			if err != nil {
				return err
			}
			r := diff.Compare(oldName, newName, a, b)
			if mapFile != "" {
				gOld, gNew := oldDir, newDir
				if guardDir != "" {
					gOld, gNew = guardDir, guardDir
				}
				if err := writeChangesMap(mapFile, gOld, gNew, a, b, r); err != nil {
					return err
				}
			}
			if format == "json" {
				err = r.JSON(stdout)
			} else {
				err = r.Markdown(stdout)
			}
			if err != nil {
				return err
			}
			if exitCode && len(r.Changes) > 0 {
				return exitError{report.ExitFindings}
			}
			return nil
		},
	}
	c.Flags().StringVar(&format, "format", "markdown", "output format: markdown, json")
	c.Flags().StringVar(&since, "since", "", "compare the battle folder at this git revision with the folder on disk")
	c.Flags().StringVar(&variant, "variant", "", "compare this variant of battle.yaml in both versions")
	c.Flags().BoolVar(&exitCode, "exit-code", false, "exit 1 when something changed, as git diff --exit-code")
	c.Flags().StringVar(&mapFile, "map", "", "also draw the new version's map with every changed hex ringed and numbered, the changes listed under it (SVG, or PNG for a .png name)")
	return c
}

// diffSides works out the two folders to compare from the arguments: two
// folders, two revisions of a folder, or a revision and the folder on
// disk. Revisions are read into temporary folders, which cleanup removes.
// guardDir is, for revisions, the battle folder on disk named: an output
// must not write over a file of it ("" for two folders).
func diffSides(stderr io.Writer, since string, args []string) (oldDir, newDir, oldName, newName, guardDir string, cleanup func(), err error) {
	var temps []string
	cleanup = func() {
		for _, t := range temps {
			os.RemoveAll(t)
		}
	}
	at := func(dir, rev string) (string, error) {
		t, err := extractRev(dir, rev)
		if t != "" {
			temps = append(temps, t)
		}
		return t, err
	}
	isDir := func(p string) bool {
		fi, err := os.Stat(p)
		return err == nil && fi.IsDir()
	}
	switch {
	case since != "":
		if len(args) > 1 {
			return "", "", "", "", "", cleanup, fmt.Errorf("diff --since REV takes at most one battle folder, not %d arguments", len(args))
		}
		dir, err := battleDir(stderr, args, false)
		if err != nil {
			return "", "", "", "", "", cleanup, err
		}
		oldDir, err = at(dir, since)
		return oldDir, dir, since, "the working tree", dir, cleanup, err
	case len(args) == 2 && isModule(args[0]) && isModule(args[1]):
		for _, m := range args {
			t, err := importModule(m)
			if t != "" {
				temps = append(temps, t)
			}
			if err != nil {
				return "", "", "", "", "", cleanup, err
			}
		}
		return temps[0], temps[1], args[0], args[1], "", cleanup, nil
	case len(args) == 2 && isDir(args[0]) && isDir(args[1]):
		return args[0], args[1], args[0], args[1], "", cleanup, nil
	case len(args) == 2 && (isDir(args[0]) || isDir(args[1])):
		other := args[1]
		if isDir(other) {
			other = args[0]
		}
		return "", "", "", "", "", cleanup, fmt.Errorf("%s is not a folder (give two battle folders, or two git revisions)", diag.Printable(other))
	case len(args) == 2 || len(args) == 3:
		dir, err := battleDir(stderr, args[2:], false)
		if err != nil {
			return "", "", "", "", "", cleanup, err
		}
		if oldDir, err = at(dir, args[0]); err != nil {
			return "", "", "", "", "", cleanup, err
		}
		newDir, err = at(dir, args[1])
		return oldDir, newDir, args[0], args[1], dir, cleanup, err
	}
	return "", "", "", "", "", cleanup, fmt.Errorf("diff needs two battle folders, two git revisions, or --since REV")
}

// git runs git in dir and returns its standard output.
func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return out.Bytes(), nil
}

// extractRev writes the battle folder dir as revision rev holds it into a
// new temporary folder (git archive; nothing in the repository changes).
func extractRev(dir, rev string) (string, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", fmt.Errorf("diff of revision %s needs git, and git is not on PATH (compare two battle folders instead)", rev)
	}
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("%q is not a revision", rev)
	}
	prefix, err := git(dir, "rev-parse", "--show-prefix")
	if err != nil {
		return "", fmt.Errorf("%s is not in a git repository: %w", dir, err)
	}
	if _, err := git(dir, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return "", fmt.Errorf("unknown revision %q in the repository of %s", rev, dir)
	}
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", err
	}
	tree := rev
	if p := strings.TrimSuffix(strings.TrimSpace(string(prefix)), "/"); p != "" {
		tree = rev + ":" + p
	}
	tmp, err := os.MkdirTemp("", "muster-diff-")
	if err != nil {
		return "", err
	}
	// The archive is read as git writes it, never held whole, and no more
	// than maxRevisionBytes of files are written from it.
	cmd := exec.Command("git", "-C", strings.TrimSpace(string(top)), "archive", "--format=tar", tree)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.StdoutPipe()
	if err != nil {
		return tmp, err
	}
	if err := cmd.Start(); err != nil {
		return tmp, err
	}
	uerr := untar(tmp, out, maxRevisionBytes)
	if uerr != nil {
		cmd.Process.Kill()
	}
	werr := cmd.Wait()
	switch {
	case uerr != nil && !errors.Is(uerr, errRevisionTooLarge):
		if werr != nil {
			break // git's own error says more
		}
		return tmp, uerr
	case uerr != nil:
		return tmp, fmt.Errorf("revision %s: %w", rev, uerr)
	}
	if werr != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = werr.Error()
		}
		return tmp, fmt.Errorf("revision %s has no folder %s: git archive: %s", rev, strings.TrimSpace(string(prefix)), msg)
	}
	return tmp, nil
}

// maxRevisionBytes bounds the files diff writes from one revision's
// folder (docs/ci.md, "Limits"): the battle's own files are bounded when
// they are loaded, and anything else committed beside them is written too.
var maxRevisionBytes int64 = 1 << 30 // a variable for the tests

var errRevisionTooLarge = errors.New("the folder holds more than 1 GiB of files, muster's limit for one revision")

// untar writes the folders and regular files of a tar archive under dir,
// at most max bytes of files; a name that would leave dir is refused,
// links are left out.
func untar(dir string, r io.Reader, max int64) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		name := path.Clean(h.Name)
		if !filepath.IsLocal(name) {
			if name == "." {
				continue
			}
			return fmt.Errorf("git archive: %q leaves the folder", h.Name)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if h.Size > max {
				return errRevisionTooLarge
			}
			max -= h.Size
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, io.LimitReader(tr, h.Size))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}

// diffLoad loads one version of the battle through the pipeline (no check
// runs: a changelog needs the model only). A version that cannot be read
// is an error; one whose load found errors is compared as it resolved
// (what did not resolve left out), and stderr says so.
func diffLoad(stderr io.Writer, dir, name, variant string) (*battle.Battle, error) {
	if fi, err := os.Stat(filepath.Join(dir, "battle.yaml")); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: no battle.yaml", diag.Printable(name))
	}
	b, ds := pipeline.Load(pipeline.Options{Dir: dir, Variant: variant})
	for _, d := range ds {
		if d.Unreadable() || b == nil {
			return nil, fmt.Errorf("%s: %s: %s", diag.Printable(name), d.Code, diag.Printable(d.Message))
		}
	}
	if b == nil {
		return nil, fmt.Errorf("%s: not a battle", diag.Printable(name))
	}
	if n := diag.Count(ds, diag.Error); n > 0 {
		errs := "errors"
		if n == 1 {
			errs = "error"
		}
		fmt.Fprintf(stderr, "muster: %s: %d %s as it loads (muster validate lists them); what did not resolve is left out\n", diag.Printable(name), n, errs)
	}
	return b, nil
}

// writeChangesMap draws b's map (the new version's) with the hexes of r's
// changes ringed (sheets.ChangesOverlay) and writes it to path: PNG when
// path ends in .png, else SVG. It writes over no file either version reads.
func writeChangesMap(path, oldDir, newDir string, a, b *battle.Battle, r diff.Result) error {
	if b.Map == nil {
		return fmt.Errorf("--map: the new version has no map to draw")
	}
	if strings.TrimSpace(path) == "" || path == "-" {
		return fmt.Errorf("--map needs a file name (standard output has the changes)")
	}
	g := newGuard(b, newDir)
	for _, gd := range []guard{newGuard(a, oldDir), g} {
		if err := checkOutFile(gd, path); err != nil {
			return err
		}
	}
	format, err := outFormat("", path, "--map", "", mapFormats, mapExts, "svg")
	if err != nil {
		return err
	}
	data, err := renderMap(b.Map, sheets.ChangesOverlay(b, r), render.NewPalette(b.Rules), format, 20)
	if err != nil {
		return err
	}
	return g.write(nil, path, data)
}

// isModule reports whether p names a VASSAL module file (.vmod).
func isModule(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && strings.EqualFold(filepath.Ext(p), ".vmod")
}

// importModule reads a module muster wrote back into a battle folder (as
// muster import vmod does, docs/import.md) in a new temporary folder.
func importModule(p string) (string, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	res, err := vmod.Import(data, vmod.Options{Module: filepath.Base(p)})
	if res == nil || err != nil {
		return "", fmt.Errorf("%s: %v", diag.Printable(p), err)
	}
	tmp, err := os.MkdirTemp("", "muster-diff-")
	if err != nil {
		return "", err
	}
	for name, data := range res.Files {
		q := filepath.Join(tmp, filepath.FromSlash(name))
		if !filepath.IsLocal(filepath.FromSlash(name)) {
			return tmp, fmt.Errorf("%s: the import names %q", diag.Printable(p), name)
		}
		if err := os.MkdirAll(filepath.Dir(q), 0o755); err != nil {
			return tmp, err
		}
		if err := os.WriteFile(q, data, 0o644); err != nil {
			return tmp, err
		}
	}
	return tmp, nil
}
