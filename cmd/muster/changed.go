package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// battlesOf maps the files a pre-commit hook passes (`validate --changed`)
// to the battle folders they belong to: for each file, the nearest folder
// at or above it that holds battle.yaml, each folder once, in the order
// first met. A relative path is not followed above the working folder.
// skipped counts the files that lie in no battle.
func battlesOf(files []string) (dirs []string, skipped int) {
	seen := map[string]bool{}
	for _, f := range files {
		dir, ok := battleOf(f)
		if !ok || ignored(f) || ignored(dir) { // the project file, or what it ignores
			skipped++
			continue
		}
		if key, err := filepath.Abs(dir); err == nil && !seen[key] {
			seen[key] = true
			dirs = append(dirs, dir)
		}
	}
	return dirs, skipped
}

// battleOf is the battle folder of one file (a battle.yaml's is its own
// folder; a folder's is itself or the nearest above it).
func battleOf(file string) (string, bool) {
	dir := filepath.Clean(file)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		dir = filepath.Dir(dir)
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "battle.yaml")); err == nil && fi.Mode().IsRegular() {
			return dir, true
		}
		if dir == "." || dir == ".." || filepath.Base(dir) == ".." {
			return "", false
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

// fileArgs replaces each argument that is a file by its battle folder (a
// battle.yaml by its own folder, checked whole), and returns the files
// whose diagnostics alone to report, by absolute path (nil when every
// argument is a folder). A file in no battle is an error.
func fileArgs(args []string) ([]string, map[string]bool, error) {
	var only map[string]bool
	out := make([]string, 0, len(args))
	whole := map[string]bool{}
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil || fi.IsDir() || filepath.Base(a) == "battle.yaml" {
			if err == nil && !fi.IsDir() {
				a = filepath.Dir(a)
			}
			out = append(out, a)
			if abs, err := filepath.Abs(a); err == nil {
				whole[abs] = true
			}
			continue
		}
		dir, ok := battleOf(a)
		if !ok {
			return nil, nil, fmt.Errorf("%s is in no battle folder (no battle.yaml in its folder or above)", a)
		}
		abs, err := filepath.Abs(a)
		if err != nil {
			return nil, nil, err
		}
		if only == nil {
			only = map[string]bool{}
		}
		only[abs] = true
		if !slices.Contains(out, dir) {
			out = append(out, dir)
		}
	}
	if only != nil {
		for _, a := range out {
			if abs, err := filepath.Abs(a); err == nil && whole[abs] {
				return nil, nil, fmt.Errorf("give folders or files of other battles, not %s both whole and by file", a)
			}
		}
	}
	return out, only, nil
}

// inFiles keeps the diagnostics about the files of only (absolute paths).
func inFiles(ds []diag.Diagnostic, only map[string]bool) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, d := range ds {
		if abs, err := filepath.Abs(d.Pos.File); err == nil && only[abs] {
			out = append(out, d)
		}
	}
	return out
}

// notPart adds to ds, the diagnostics of battle b in dir, a B017 error for
// each file of files that lies in that battle but that b does not read
// (Battle.NotPart: explicit for files given as arguments, not for a
// pre-commit hook's changed files), in place of the load's warning of the
// same file: a file named on the command line that nothing checks is an
// error, never "no problems".
func notPart(b *battle.Battle, dir string, files []string, explicit bool, ds []diag.Diagnostic) []diag.Diagnostic {
	if b == nil || len(files) == 0 {
		return ds
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return ds
	}
	for _, f := range files {
		fd, ok := battleOf(f)
		if !ok {
			continue
		}
		absF, err1 := filepath.Abs(f)
		absFd, err2 := filepath.Abs(fd)
		if err1 != nil || err2 != nil || absFd != absDir {
			continue
		}
		rel, err := filepath.Rel(absDir, absF)
		if err != nil {
			continue
		}
		d, ok := b.NotPart(filepath.ToSlash(rel), explicit)
		if !ok {
			continue
		}
		ds = slices.DeleteFunc(ds, func(x diag.Diagnostic) bool {
			return x.Code == d.Code && x.Pos.File == d.Pos.File
		})
		ds = append(ds, d)
	}
	diag.Sort(ds)
	return ds
}
