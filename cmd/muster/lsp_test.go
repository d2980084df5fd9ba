package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestLSPCommand: muster lsp answers on stdin and stdout, and exits 0
// after shutdown and exit, 1 after exit alone; --stdio (which editors'
// client presets add) is accepted, and serverInfo carries muster's version,
// never an empty one.
func TestLSPCommand(t *testing.T) {
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	initialize := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`)
	if version() == "" {
		t.Fatal("muster's version is empty")
	}
	for _, tc := range []struct {
		in   string
		args []string
		want int
	}{
		{initialize + frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`), []string{"lsp"}, 0},
		{initialize + frame(`{"jsonrpc":"2.0","method":"exit"}`), []string{"lsp"}, 1},
		{initialize + frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`), []string{"lsp", "--stdio"}, 0},
	} {
		var out, errs bytes.Buffer
		root := newRoot(&out, &errs)
		root.SetIn(strings.NewReader(tc.in))
		root.SetArgs(tc.args)
		err := root.Execute()
		code := 0
		if ee, ok := err.(exitError); ok {
			code = ee.code
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.want || !strings.Contains(out.String(), `"serverInfo":{"name":"muster","version":"`+version()+`"}`) {
			t.Errorf("exit %d (want %d), output %s, errors %s", code, tc.want, out.String(), errs.String())
		}
	}
}
