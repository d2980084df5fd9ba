package main

import (
	"os"
	"path/filepath"
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
		if !ok {
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
