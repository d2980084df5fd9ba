package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/report"
	"github.com/spf13/cobra"
)

// TestExitStatuses checks that run returns report's named exit statuses:
// clean, findings (errors, or warnings under --werror), bad usage or
// unreadable input, and an internal error.
func TestExitStatuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const battle = "kind: battle\nid: good\nname: Good\nsystem: amfs\nsides: [{id: USA, name: Union}, {id: CSA, name: Confederate}]\ndays: [\"Jul 1\"]\n"
	write("good/battle.yaml", battle)
	write("bad/battle.yaml", battle+"extra: 1\n")
	write("empty/readme.txt", "no battle here\n")

	commands = append(commands, func(_, _ io.Writer) *cobra.Command {
		return &cobra.Command{Use: "boom", Hidden: true, Run: func(*cobra.Command, []string) { panic("boom") }}
	})
	defer func() { commands = commands[:len(commands)-1] }()

	for _, c := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"validate", "good"}, report.ExitClean, ""},
		{[]string{"validate", "bad"}, report.ExitFindings, "1 error, 0 warnings, 0 info"},
		{[]string{"validate", "empty"}, report.ExitBadInput, ""},
		{[]string{"validate", "nosuch"}, report.ExitBadInput, ""},
		{[]string{"validate", "--format", "xml", "good"}, report.ExitBadInput, `--format must be one of github, json, junit, sarif, text, not "xml"`},
		{[]string{"frobnicate"}, report.ExitBadInput, "unknown command"},
		{[]string{"boom"}, report.ExitInternal, "muster: internal error: boom"},
	} {
		for i, a := range c.args {
			if a == "good" || a == "bad" || a == "empty" || a == "nosuch" {
				c.args[i] = filepath.Join(dir, a)
			}
		}
		var stdout, stderr strings.Builder
		if got := run(c.args, &stdout, &stderr); got != c.status {
			t.Errorf("muster %s: exit %d, want %d\n%s%s", strings.Join(c.args, " "), got, c.status, stdout.String(), stderr.String())
		}
		if !strings.Contains(stderr.String(), c.stderr) {
			t.Errorf("muster %s: stderr %q does not say %q", strings.Join(c.args, " "), stderr.String(), c.stderr)
		}
	}
}
