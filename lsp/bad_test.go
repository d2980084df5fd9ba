package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

const (
	initFrame     = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`
	shutdownFrame = `{"jsonrpc":"2.0","id":99,"method":"shutdown"}`
	exitFrame     = `{"jsonrpc":"2.0","method":"exit"}`
)

// responses reads every message the server wrote.
func responses(t *testing.T, out []byte) []message {
	t.Helper()
	rd := newReader(bytes.NewReader(out))
	var ms []message
	for {
		body, err := rd.read()
		if err != nil {
			return ms
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("server wrote %q: %v", body, err)
		}
		ms = append(ms, m)
	}
}

// TestBadFrames feeds the server malformed input between a good
// initialize and a good shutdown: it answers what deserves an answer with
// an error and goes on.
func TestBadFrames(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		errors int // error responses expected
	}{
		{"header without colon", "garbage\r\n\r\n", 1},
		{"bad length", "Content-Length: abc\r\n\r\n", 1},
		{"negative length", "Content-Length: -4\r\n\r\n", 1},
		{"no length", "Content-Type: x\r\n\r\n", 1},
		{"long header", strings.Repeat("x", 10000) + "\r\n" + frame(`{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{}}`), 1},
		{"not JSON", frame(`{bad}`), 1},
		{"a batch", frame(`[]`), 1},
		{"object id", frame(`{"jsonrpc":"2.0","id":{},"method":"x"}`), 1},
		{"no method", frame(`{"jsonrpc":"2.0","id":3}`), 1},
		{"unknown method", frame(`{"jsonrpc":"2.0","id":3,"method":"no/such"}`), 1},
		{"unknown notification", frame(`{"jsonrpc":"2.0","method":"no/such","params":{}}`), 0},
		{"params of the wrong type", frame(`{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":"str"}`), 1},
		{"notification with bad params", frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":5}}`), 0},
		{"change of a document never opened", frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nowhere/x.yaml","version":2},"contentChanges":[{"text":"x"}]}}`), 0},
		{"positions out of range", frame(`{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.yaml"},"position":{"line":-5,"character":-1}}}`), 0},
		{"not a file URI", frame(`{"jsonrpc":"2.0","id":4,"method":"textDocument/completion","params":{"textDocument":{"uri":"http://example.com/x"},"position":{"line":0,"character":0}}}`), 0},
		{"initialize twice", frame(initFrame), 1},
		{"a response", frame(`{"jsonrpc":"2.0","id":7,"result":null}`), 0},
		{"blank lines", "\r\n\r\n\n", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := frame(initFrame) + tc.in + frame(shutdownFrame) + frame(exitFrame)
			var out, log bytes.Buffer
			err := NewServer(&out, Options{Log: &log}).Run(strings.NewReader(in))
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if strings.Contains(log.String(), "internal error") {
				t.Fatalf("the server panicked: %s", log.String())
			}
			ms := responses(t, out.Bytes())
			errs, shut := 0, false
			for _, m := range ms {
				if m.Error != nil {
					errs++
				}
				if string(m.ID) == "99" && m.Error == nil {
					shut = true
				}
			}
			if errs != tc.errors || !shut {
				t.Errorf("%d error responses (want %d), shutdown answered %v:\n%s", errs, tc.errors, shut, out.String())
			}
		})
	}
}

// TestBeforeInitialize: requests before initialize are refused, exit
// without shutdown ends the session with an error.
func TestBeforeInitialize(t *testing.T) {
	in := frame(`{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}`) + frame(exitFrame)
	var out bytes.Buffer
	err := NewServer(&out, Options{}).Run(strings.NewReader(in))
	if err != ErrNoShutdown {
		t.Errorf("Run: %v, want ErrNoShutdown", err)
	}
	ms := responses(t, out.Bytes())
	if len(ms) != 1 || ms[0].Error == nil || ms[0].Error.Code != codeNotInitialized {
		t.Errorf("responses %+v", ms)
	}
	// A stream cut in the middle of a message ends Run with an error.
	err = NewServer(&out, Options{}).Run(strings.NewReader("Content-Length: 50\r\n\r\n{"))
	if err == nil {
		t.Error("a cut stream ended cleanly")
	}
}

// FuzzServer: no input makes the server panic (handlers recover, and
// say so in the log) or hang.
func FuzzServer(f *testing.F) {
	open := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nowhere/scenario.yaml","languageId":"yaml","version":1,"text":"kind: scenario\nsetup:\n  USA:\n    \"A0101\": [x]\n"}}}`
	hover := `{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/scenario.yaml"},"position":{"line":3,"character":15}}}`
	complete := `{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///nowhere/scenario.yaml"},"position":{"line":3,"character":15}}}`
	f.Add([]byte(frame(initFrame) + frame(open) + frame(hover) + frame(complete) + frame(shutdownFrame) + frame(exitFrame)))
	f.Add([]byte("Content-Length: 3\r\n\r\n{}}"))
	f.Add([]byte("content-length:2\n\n[]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var log bytes.Buffer
		NewServer(&bytes.Buffer{}, Options{Log: &log}).Run(bytes.NewReader(data))
		if strings.Contains(log.String(), "internal error") {
			t.Fatal(log.String())
		}
	})
}
