package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary be the server an editor starts: with
// MUSTER_LSP_TEST_SERVE=1 it serves stdin and stdout and exits.
func TestMain(m *testing.M) {
	if os.Getenv("MUSTER_LSP_TEST_SERVE") == "1" {
		if err := Serve(os.Stdin, os.Stdout, Options{Version: "test", Log: os.Stderr}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// nvimInit is the Neovim set-up of docs/editors.md as written: its first
// lua block, with the test binary as the server in place of muster lsp.
func nvimInit(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "### Neovim")
	_, rest, ok2 := strings.Cut(rest, "```lua\n")
	block, _, ok3 := strings.Cut(rest, "```\n")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/editors.md has no lua block under ### Neovim")
	}
	const cmd = "cmd = { 'muster', 'lsp' }"
	if strings.Count(block, cmd) != 1 {
		t.Fatalf("docs/editors.md's Neovim block does not start %s once:\n%s", cmd, block)
	}
	return strings.Replace(block, cmd, "cmd = { SERVER }", 1)
}

// What the probe does in the editor: wait for the diagnostic, hover,
// complete, go to definition, list the diagnostics in the quickfix list,
// fix the name with the code action the server offers, see the diagnostic go.
const nvimProbe = `
local out = {}
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, string.format('diag %d:%d-%d %s', d.lnum, d.col, d.end_col, d.code or '?'))
end
local td = vim.lsp.util.make_text_document_params()
local function ask(method, line, char)
  local res = vim.lsp.buf_request_sync(0, method, { textDocument = td, position = { line = line, character = char } }, 10000)
  for _, r in pairs(res or {}) do if r.result then return r.result end end
end
local h = ask('textDocument/hover', 13, 16)
if h then table.insert(out, 'hover ' .. h.contents.value:gsub('\n+', ' | ')) end
local c = ask('textDocument/completion', 12, 24)
if c then
  local labels = {}
  for _, it in ipairs(c.items) do table.insert(labels, it.label) end
  table.insert(out, 'completion ' .. table.concat(labels, ','))
end
local d = ask('textDocument/definition', 13, 16)
if d then table.insert(out, 'definition ' .. vim.uri_to_fname(d.uri) .. ':' .. d.range.start.line) end
vim.diagnostic.setqflist({ open = false })
table.insert(out, 'qflist ' .. #vim.fn.getqflist())
local dg = vim.diagnostic.get(0)[1]
local acts = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', { textDocument = td,
  range = { start = { line = dg.lnum, character = dg.col }, ['end'] = { line = dg.end_lnum, character = dg.end_col } },
  context = { diagnostics = {} } }, 10000)
local act
for _, r in pairs(acts or {}) do if r.result and r.result[1] then act = r.result[1] end end
if act then
  table.insert(out, 'action ' .. act.title)
  vim.lsp.util.apply_workspace_edit(act.edit, 'utf-16')
end
vim.wait(10000, function() return #vim.diagnostic.get(0) == 0 end, 20)
table.insert(out, 'after fix ' .. #vim.diagnostic.get(0))
vim.fn.writefile(out, RESULT)
vim.cmd('qa!')
`

// TestNeovim runs the server under a real Neovim, headless, started with
// docs/editors.md's snippet as written, where Neovim is installed (Debian's
// neovim package; .ci/run installs it).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (apt-get install neovim): the Neovim set-up of docs/editors.md is not tried")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := starterBattle(t)
	scen := filepath.Join(dir, "scenario.yaml")
	data, _ := os.ReadFile(scen)
	bad := strings.Replace(string(data), "[Meredith, 2 WI]", "[Meredith, 2 WY]", 1)
	if err := os.WriteFile(scen, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	result := filepath.Join(tmp, "result.txt")
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }
	initLua := filepath.Join(tmp, "init.lua")
	probe := filepath.Join(tmp, "probe.lua")
	os.WriteFile(initLua, []byte(strings.Replace(nvimInit(t), "SERVER", q(self), 1)), 0o644)
	os.WriteFile(probe, []byte(strings.Replace(nvimProbe, "RESULT", q(result), 1)), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "-u", initLua, scen, "-c", "luafile "+probe)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "MUSTER_LSP_TEST_SERVE=1", "XDG_CONFIG_HOME="+tmp, "XDG_DATA_HOME="+tmp, "XDG_STATE_HOME="+tmp)
	out, err := cmd.CombinedOutput()
	got, rerr := os.ReadFile(result)
	if rerr != nil {
		t.Fatalf("nvim wrote no result (%v): %v\n%s", err, rerr, out)
	}
	text := string(got)
	for _, want := range []string{
		"diag 12:24-28 R002",
		"hover **6 WI/1/1/I** · inf unit of USA",
		"completion 1/1/I,1/I,2 WI,6 WI,B 4 US,",
		"definition " + filepath.Join(dir, "forces-usa.yaml") + ":29",
		"qflist 1",
		"action Change to 2 WI",
		"after fix 0",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Neovim's session lacks %q:\n%s", want, text)
		}
	}
}
