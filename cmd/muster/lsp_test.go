package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestLSPCommand: muster lsp answers on stdin and stdout, and exits 0
// after shutdown and exit, 1 after exit alone.
func TestLSPCommand(t *testing.T) {
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	initialize := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`)
	for _, tc := range []struct {
		in   string
		want int
	}{
		{initialize + frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + frame(`{"jsonrpc":"2.0","method":"exit"}`), 0},
		{initialize + frame(`{"jsonrpc":"2.0","method":"exit"}`), 1},
	} {
		var out, errs bytes.Buffer
		root := newRoot(&out, &errs)
		root.SetIn(strings.NewReader(tc.in))
		root.SetArgs([]string{"lsp"})
		err := root.Execute()
		code := 0
		if ee, ok := err.(exitError); ok {
			code = ee.code
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.want || !strings.Contains(out.String(), `"serverInfo":{"name":"muster","version":"`+Version+`"}`) {
			t.Errorf("exit %d (want %d), output %s, errors %s", code, tc.want, out.String(), errs.String())
		}
	}
}
