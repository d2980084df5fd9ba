package main

import (
	"fmt"
	"github.com/muster-wargames/muster/diag"
	"io"
	"os"
	"path/filepath"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/report"
)

// battleDir is the battle folder a command works on, the one place every
// command that takes [DIR] finds it: the folder given; else, as git finds
// .git, the working folder when it holds battle.yaml or the nearest folder
// above it that does, as a path relative to the working folder (".",
// "..", "../..") so that diagnostics name files as from there. Outside any
// battle it is "", the embedded example, and the first line on stderr says
// so; a command that needs a battle folder on disk (watch, serve: example
// false) refuses instead, exit 2, as it refuses a folder given without
// battle.yaml.
func battleDir(stderr io.Writer, args []string, example bool) (string, error) {
	if len(args) == 1 {
		dir := args[0]
		if fi, err := os.Stat(filepath.Join(dir, "battle.yaml")); !example && (err != nil || !fi.Mode().IsRegular()) {
			fmt.Fprintf(stderr, "muster: no battle.yaml in %s\n", diag.Printable(dir))
			return "", exitError{report.ExitBadInput}
		}
		return dir, nil
	}
	if dir, ok := aroundWorkingDir(); ok {
		return dir, nil
	}
	if !example {
		fmt.Fprintln(stderr, "muster: no battle.yaml here or in any folder above; give a battle folder, or start one with muster init")
		return "", exitError{report.ExitBadInput}
	}
	fmt.Fprintf(stderr, "muster: no battle.yaml here or in any folder above; using the embedded example %s (give a battle folder, or start one with muster init)\n", examples.Default)
	return "", nil
}

// aroundWorkingDir is the folder holding battle.yaml at or nearest above
// the working folder, relative to it.
func aroundWorkingDir() (string, bool) {
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	up := "."
	for dir := wd; ; {
		if fi, err := os.Stat(filepath.Join(dir, "battle.yaml")); err == nil && fi.Mode().IsRegular() && !ignored(dir) {
			return up, true // a folder the project file ignores is no battle
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
		if up == "." {
			up = ".."
		} else {
			up = filepath.Join(up, "..")
		}
	}
}

// battleAbove is the nearest folder above dir (not dir itself) holding
// battle.yaml, as an absolute path.
func battleAbove(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		if fi, err := os.Stat(filepath.Join(d, "battle.yaml")); err == nil && fi.Mode().IsRegular() {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// battleName names a battle in a summary line: "battle ID (DIR)", the
// embedded example as "(the embedded example)".
func battleName(b *battle.Battle, dir string) string {
	where := dir
	if dir == "" {
		where = "the embedded example"
	}
	if b == nil || b.ID == "" {
		return "battle in " + where
	}
	return fmt.Sprintf("battle %s (%s)", b.ID, where)
}
