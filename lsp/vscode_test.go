package lsp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestVSCodeWiring runs the VS Code extension's client wiring
// (editors/vscode/test/wiring.js) against the server: its settings read as
// VS Code gives them, the server started as the extension starts it (the
// test binary stands in for muster), a battle file with a misspelt unit
// opened, the diagnostic received. It needs node and the extension's npm
// packages (`npm ci` in editors/vscode; .ci/run does it); without them it
// skips and says why.
func TestVSCodeWiring(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the VS Code extension's wiring is not tried")
	}
	ext := filepath.Join("..", "editors", "vscode")
	if _, err := os.Stat(filepath.Join(ext, "node_modules", "vscode-jsonrpc")); err != nil {
		t.Skip("the VS Code extension's packages are not installed (npm ci in editors/vscode): its wiring is not tried")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := starterBattle(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("test", "wiring.js"))
	cmd.Dir = ext
	cmd.Env = append(os.Environ(), "MUSTER_PATH="+self, "BATTLE="+dir, "MUSTER_LSP_TEST_SERVE=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("wiring.js: %v\n%s", err, stderr.String())
	}
	var got struct {
		Command     bool
		Args        []string
		Selector    []map[string]string
		Server      struct{ Name, Version string }
		Diagnostics []string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("wiring.js printed %q: %v", out, err)
	}
	if !got.Command || strings.Join(got.Args, " ") != "lsp" {
		t.Errorf("the extension starts %v (muster.path used: %v), want muster lsp", got.Args, got.Command)
	}
	if len(got.Selector) != 1 || got.Selector[0]["language"] != "yaml" || got.Selector[0]["scheme"] != "file" {
		t.Errorf("the extension sends the server %v, want YAML files", got.Selector)
	}
	if got.Server.Name != "muster" {
		t.Errorf("serverInfo %+v", got.Server)
	}
	if strings.Join(got.Diagnostics, ",") != "R002 12:24" {
		t.Errorf("diagnostics %v, want R002 at 12:24", got.Diagnostics)
	}
}
