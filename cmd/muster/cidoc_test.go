package main

import (
	"bytes"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// ciSection is the text of docs/ci.md's section headed heading, up to the
// next section of the same level.
func ciSection(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("docs/ci.md has no %q", heading)
	}
	s = s[i+1+len(heading):]
	if j := strings.Index(s, "\n## "); j >= 0 {
		s = s[:j]
	}
	return s
}

// yamlBlocks are the ```yaml blocks of a piece of Markdown, as written.
func yamlBlocks(md string) []string {
	var out []string
	for {
		i := strings.Index(md, "```yaml\n")
		if i < 0 {
			return out
		}
		md = md[i+len("```yaml\n"):]
		j := strings.Index(md, "```")
		if j < 0 {
			return out
		}
		out = append(out, md[:j])
		md = md[j+3:]
	}
}

// public is the repository the README says is not published: no workflow,
// hook or setting the docs give may depend on it.
const public = "github.com/muster-wargames/muster"

// TestHookInstallsOnlyMuster: pre-commit's golang hook runs `go install
// ./...` in muster's repository, which installs every main package the
// build includes: muster must be the only one (scripts/artmap is built
// only when named, //go:build ignore).
func TestHookInstallsOnlyMuster(t *testing.T) {
	var mains []string
	filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if n := d.Name(); p != "../.." && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && p != "../.." {
			return filepath.SkipDir // another module: not in ./...
		}
		pkg, err := build.Default.ImportDir(p, 0)
		if err == nil && pkg.Name == "main" {
			rel, _ := filepath.Rel("../..", p)
			mains = append(mains, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(mains) != 1 || mains[0] != "cmd/muster" {
		t.Errorf("go install ./... installs %v; the hook must install cmd/muster alone", mains)
	}
}

// TestPreCommitDoc runs docs/ci.md's local pre-commit hook as written,
// with muster vendored as tools/muster, on a broken battle and a good one;
// and no block of the section names the public repository.
func TestPreCommitDoc(t *testing.T) {
	sec := ciSection(t, "## Pre-commit")
	blocks := yamlBlocks(sec)
	if len(blocks) != 2 {
		t.Fatalf("%d yaml blocks in Pre-commit, want 2 (a clone's hook, a local one)", len(blocks))
	}
	var entry string
	for _, b := range blocks {
		if strings.Contains(b, public) {
			t.Errorf("a pre-commit block names %s, which is not published:\n%s", public, b)
		}
		var cfg struct {
			Repos []struct {
				Repo  string `yaml:"repo"`
				Hooks []struct {
					ID, Entry, Language, Files string
					RequireSerial              bool `yaml:"require_serial"`
				} `yaml:"hooks"`
			} `yaml:"repos"`
		}
		if err := yaml.Unmarshal([]byte(b), &cfg); err != nil {
			t.Fatalf("%v:\n%s", err, b)
		}
		if len(cfg.Repos) != 1 || len(cfg.Repos[0].Hooks) != 1 || cfg.Repos[0].Hooks[0].ID != "muster" {
			t.Fatalf("block %+v: want one repo with the muster hook", cfg)
		}
		if cfg.Repos[0].Repo == "local" {
			h := cfg.Repos[0].Hooks[0]
			if h.Language != "system" || !h.RequireSerial || h.Files == "" {
				t.Errorf("local hook %+v", h)
			}
			entry = h.Entry
		}
	}
	fields := strings.Fields(entry)
	if len(fields) < 2 || !strings.Contains(fields[0], "/") {
		t.Fatalf("local hook entry %q: want a vendored binary's path", entry)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	lay := func(name, text string) {
		p := filepath.Join(repo, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const battle = "kind: battle\nid: ID\nname: N\nsystem: amfs\nsides: [{id: USA, name: Union}, {id: CSA, name: Confederate}]\ndays: [\"Jul 1\"]\n"
	lay("battles/good/battle.yaml", strings.Replace(battle, "ID", "good", 1))
	lay("battles/broken/battle.yaml", strings.Replace(battle, "ID", "broken", 1)+"extra: 1\n")
	bin := filepath.Join(repo, filepath.FromSlash(fields[0]))
	os.MkdirAll(filepath.Dir(bin), 0o755)
	// the test binary is muster when its name is (TestMain)
	if err := os.Symlink(exe, bin); err != nil {
		t.Fatal(err)
	}
	hook := func(file string) (int, string) {
		cmd := exec.Command(bin, append(fields[1:], file)...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "MUSTER_SUPERVISE=0", "MUSTER_PROJECT=none")
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}
	if code, out := hook("battles/broken/battle.yaml"); code != 1 || !strings.Contains(out, "battles/broken/battle.yaml:7:1: error S") {
		t.Errorf("hook on the broken battle: exit %d, want 1:\n%s", code, out)
	}
	if code, out := hook("battles/good/battle.yaml"); code != 0 {
		t.Errorf("hook on the good battle: exit %d, want 0:\n%s", code, out)
	}
}

// TestWorkflowDoc reads docs/ci.md's workflow as written: the workflow and
// the muster.yaml beside it parse; nothing names the public repository;
// the release script's line names a target the script builds; and every
// muster command of the workflow's run steps runs, in a folder holding
// that muster.yaml and a battle under battles/, writing muster.sarif and
// the bundles.
func TestWorkflowDoc(t *testing.T) {
	sec := ciSection(t, "## A ready workflow (GitHub Actions)")
	blocks := yamlBlocks(sec)
	if len(blocks) != 2 {
		t.Fatalf("%d yaml blocks, want 2 (the workflow, muster.yaml)", len(blocks))
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Run  string         `yaml:"run"`
				Uses string         `yaml:"uses"`
				With map[string]any `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal([]byte(blocks[0]), &wf); err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		if strings.Contains(b, public) || strings.Contains(b, "muster-wargames") {
			t.Errorf("the workflow's section names the public repository:\n%s", b)
		}
	}
	script, err := os.ReadFile("../../scripts/release.sh")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	release := false
	for _, st := range wf.Jobs["muster"].Steps {
		for _, l := range strings.Split(st.Run, "\n") {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "scripts/release.sh ") {
				release = true
				for _, f := range strings.Fields(l) {
					if strings.Contains(f, "/") && !strings.Contains(f, "$") && !strings.Contains(string(script), " "+f) {
						t.Errorf("the workflow builds %s, which scripts/release.sh does not", f)
					}
				}
			}
			if strings.HasPrefix(l, "muster ") {
				lines = append(lines, l)
			}
		}
	}
	if !release || len(lines) < 3 {
		t.Fatalf("the workflow builds muster with scripts/release.sh and runs it: release %v, muster lines %q", release, lines)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "muster.yaml"), []byte(blocks[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var so, se strings.Builder
	if code := run([]string{"init", "battles/b", "--system", "gbacw"}, &so, &se); code != 0 {
		t.Fatalf("init: %d %s", code, se.String())
	}
	for _, l := range lines {
		args := strings.Fields(l)[1:]
		if len(args) > 0 && args[0] == "build" {
			// `muster build "$d" -o "out/$(basename "$d")"` for each battle
			l = strings.NewReplacer(`"$d"`, "battles/b/", `"out/$(basename "$d")"`, "out/b").Replace(l)
			args = strings.Fields(l)[1:]
		}
		var out, errs strings.Builder
		if code := run(args, &out, &errs); code != 0 {
			t.Errorf("%s: exit %d\n%s%s", l, code, out.String(), errs.String())
		}
	}
	if _, err := os.Stat("muster.sarif"); err != nil {
		t.Errorf("muster validate wrote no muster.sarif: %v", err)
	}
	if _, err := os.Stat("out/b/first-clash.json"); err != nil {
		t.Errorf("the builds wrote no bundle: %v", err)
	}
}

// TestWorkedExampleDoc runs docs/ci.md's worked example on a copy of Dead
// of Winter as written: the counts it gives, each command of its sh block
// with the output and exit status under it, the misspelt unit's two
// findings and count, a comment line added at the top that moves every
// line and still passes, and the suppression comment it shows.
func TestWorkedExampleDoc(t *testing.T) {
	sec := ciSection(t, "## Accepting known findings")
	i := strings.Index(sec, "### Worked example: Dead of Winter\n")
	if i < 0 {
		t.Fatal("docs/ci.md has no worked example")
	}
	sec = sec[i:]
	work := t.TempDir()
	const dow = "examples/dead-of-winter"
	if err := os.CopyFS(filepath.Join(work, dow), os.DirFS(filepath.Join("..", "..", dow))); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	t.Setenv("MUSTER_PROJECT", "none")
	muster := func(line string) (int, string) {
		code, out, errs := runCLI(append(strings.Fields(strings.TrimPrefix(line, "muster ")), "--color", "never")...)
		return code, out + errs
	}
	// "raise 95 errors, 58 warnings and 1 info"
	m := regexp.MustCompile(`raise (\d+) errors, (\d+) warnings and (\d+) info`).FindStringSubmatch(sec)
	if m == nil {
		t.Fatal("the worked example gives no counts")
	}
	if _, out := muster("muster validate " + dow); !strings.Contains(out, fmt.Sprintf(": %s errors, %s warnings, %s info", m[1], m[2], m[3])) {
		t.Errorf("the printed data do not raise %s errors, %s warnings and %s info:\n%s", m[1], m[2], m[3], lastLine(out))
	}
	// the sh block: each command, then the "#   " lines of what it prints
	block := between(t, sec, "```sh\n", "```")
	lines := strings.Split(block, "\n")
	wantExit := regexp.MustCompile(`\s{2,}exit (\d+)$`)
	ran := 0
	for k, l := range lines {
		if !strings.HasPrefix(l, "muster ") {
			continue
		}
		code, out := muster(l)
		ran++
		want := 0
		for _, w := range lines[k+1:] {
			text, ok := strings.CutPrefix(w, "#   ")
			if !ok {
				break
			}
			if e := wantExit.FindStringSubmatch(text); e != nil {
				want, _ = strconv.Atoi(e[1])
				text = strings.TrimSpace(wantExit.ReplaceAllString(text, ""))
			}
			if !strings.Contains(out, text) {
				t.Errorf("%s: the doc says %q, muster says:\n%s", l, text, out)
			}
		}
		if code != want {
			t.Errorf("%s: exit %d, the doc says %d", l, code, want)
		}
	}
	if ran != 4 {
		t.Fatalf("%d commands in the worked example's sh block, want 4", ran)
	}
	// the misspelt unit: the block after it, with the CI command
	ci := "muster validate --werror --baseline " + dow + "/baseline.json " + dow
	scen := filepath.Join(dow, "scenario-1.yaml")
	orig, err := os.ReadFile(scen)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(orig, []byte("[39 IN]")) {
		t.Fatal("scenario-1.yaml has no [39 IN] to misspell")
	}
	os.WriteFile(scen, bytes.Replace(orig, []byte("[39 IN]"), []byte("[39 INN]"), 1), 0o644)
	fail := between(t, sec[strings.Index(sec, "Misspell a unit"):], "```\n", "```")
	code, out := muster(ci)
	want := 0
	for _, w := range strings.Split(strings.TrimSpace(fail), "\n") {
		if e := wantExit.FindStringSubmatch(w); e != nil {
			want, _ = strconv.Atoi(e[1])
			w = strings.TrimSpace(wantExit.ReplaceAllString(w, ""))
		}
		if !strings.Contains(out, w) {
			t.Errorf("the misspelt unit: the doc says %q, muster says:\n%s", w, out)
		}
	}
	if code != want || want != 1 {
		t.Errorf("the misspelt unit: exit %d, the doc says %d", code, want)
	}
	// a comment line at the top moves every line below; the run passes
	os.WriteFile(scen, append([]byte("# a comment\n"), orig...), 0o644)
	if code, out := muster(ci); code != 0 {
		t.Errorf("a comment line at the top: exit %d, want 0:\n%s", code, out)
	}
	// the suppression comment, as written, in place of the line; the
	// baseline written again leaves the finding out, and the run passes
	yml := strings.TrimSpace(between(t, sec, "```yaml\n", "```"))
	key, _, _ := strings.Cut(yml, "  #")
	at := bytes.Index(orig, []byte(key))
	if at < 0 {
		t.Fatalf("scenario-1.yaml has no %q", key)
	}
	end := at + bytes.IndexByte(orig[at:], '\n')
	os.WriteFile(scen, append(append(append([]byte{}, orig[:at]...), yml...), orig[end:]...), 0o644)
	if code, out := muster("muster validate --write-baseline " + dow + "/baseline.json " + dow); code != 0 {
		t.Fatalf("the baseline written again: exit %d:\n%s", code, out)
	}
	if b, _ := os.ReadFile(filepath.Join(dow, "baseline.json")); bytes.Contains(b, []byte(`"39 IN\"`)) {
		t.Error("the baseline written again still lists the suppressed finding")
	}
	if code, out := muster(ci); code != 0 || !strings.Contains(out, "suppressed") {
		t.Errorf("the suppression comment: exit %d, want 0:\n%s", code, out)
	}
}

// between is the text of s between the first open and the close after it.
func between(t *testing.T, s, open, close string) string {
	t.Helper()
	i := strings.Index(s, open)
	if i < 0 {
		t.Fatalf("no %q in:\n%s", open, s)
	}
	s = s[i+len(open):]
	j := strings.Index(s, close)
	if j < 0 {
		t.Fatalf("no %q after %q", close, open)
	}
	return s[:j]
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndex(s, "\n")+1:]
}
