package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/report"
)

// TestPreCommitHook runs the hook of .pre-commit-hooks.yaml as pre-commit
// would: its entry, then the changed files its files pattern selects, in
// the repository's top folder. A broken battle fails it, whichever of its
// files changed; a good one passes; files of no battle are left alone.
func TestPreCommitHook(t *testing.T) {
	data, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID            string `yaml:"id"`
		Entry         string `yaml:"entry"`
		Language      string `yaml:"language"`
		Files         string `yaml:"files"`
		PassFilenames *bool  `yaml:"pass_filenames"`
		RequireSerial bool   `yaml:"require_serial"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].ID != "muster" {
		t.Fatalf("hooks %+v, want one, muster", hooks)
	}
	h := hooks[0]
	if h.Language != "golang" || (h.PassFilenames != nil && !*h.PassFilenames) || !h.RequireSerial {
		t.Errorf("hook %+v: want language golang, the file names passed, require_serial", h)
	}
	entry := strings.Fields(h.Entry)
	if len(entry) < 2 || entry[0] != "muster" {
		t.Fatalf("entry %q does not run muster", h.Entry)
	}
	files := regexp.MustCompile(h.Files)

	repo := t.TempDir()
	lay := func(name, text string) {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const battle = "kind: battle\nid: ID\nname: N\nsystem: amfs\nsides: [{id: USA, name: Union}, {id: CSA, name: Confederate}]\ndays: [\"Jul 1\"]\n"
	lay("battles/good/battle.yaml", strings.Replace(battle, "ID", "good", 1))
	lay("battles/broken/battle.yaml", strings.Replace(battle, "ID", "broken", 1)+"extra: 1\n")
	lay("battles/broken/notes.md", "not YAML\n")
	lay("README.md", "# battles\n")
	lay(".pre-commit-config.yaml", "repos: []\n")
	t.Chdir(repo)

	hook := func(changed ...string) (int, string) {
		args := append([]string{}, entry[1:]...)
		for _, f := range changed {
			if files.MatchString(f) {
				args = append(args, f)
			}
		}
		var out, errs strings.Builder
		code := run(args, &out, &errs)
		return code, out.String() + errs.String()
	}
	for _, c := range []struct {
		changed []string
		status  int
		says    string
	}{
		{[]string{"battles/broken/battle.yaml"}, report.ExitFindings, "battles/broken/battle.yaml:7:1: error S"},
		{[]string{"battles/good/battle.yaml", "battles/broken/battle.yaml", "README.md"}, report.ExitFindings, "1 error, 0 warnings, 0 info"},
		{[]string{"battles/good/battle.yaml", ".pre-commit-config.yaml"}, report.ExitClean, "1 file, 0 scenarios: no problems"},
	} {
		code, out := hook(c.changed...)
		if code != c.status || !strings.Contains(out, c.says) {
			t.Errorf("hook on %v: exit %d, want %d, saying %q:\n%s", c.changed, code, c.status, c.says, out)
		}
	}
	// pre-commit runs no hook when its pattern selects no file; the
	// Markdown file alone is not passed.
	if files.MatchString("battles/broken/notes.md") {
		t.Errorf("files %q selects a Markdown file", h.Files)
	}
}
