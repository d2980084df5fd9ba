package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsBase: with Options.Docs (muster.yaml's docs, MUSTER_DOCS) a
// diagnostic's code link is under that base, not the built-in CodesURL.
func TestDocsBase(t *testing.T) {
	dir := starterBattle(t)
	c := newClient(t)
	c.srv.opts.Docs = "https://git.example.com/muster/blob/main/docs" // before the first message
	var init initializeResult
	c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}}, &init)
	c.notify("initialized", map[string]any{})
	path := filepath.Join(dir, "scenario.yaml")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(good), `[Meredith, 2 WI]`, `[Meredith, 2 WY]`, 1)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": pathURI(path), "languageId": "yaml", "version": 1, "text": bad}})
	ds := c.diagnostics(pathURI(path))
	if len(ds) != 1 || ds[0].CodeDescription == nil || ds[0].CodeDescription.Href != "https://git.example.com/muster/blob/main/docs/codes.md#"+strings.ToLower(ds[0].Code) {
		t.Fatalf("diagnostics %+v: want the code's link under the docs base", ds)
	}
}
