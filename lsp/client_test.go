package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/starter"
)

// client drives a server over pipes, as an editor does.
type client struct {
	t      *testing.T
	in     *io.PipeWriter // the server's stdin
	msgs   chan map[string]json.RawMessage
	done   chan error
	nextID int
	srv    *Server
}

func newClient(t *testing.T) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, msgs: make(chan map[string]json.RawMessage, 1000), done: make(chan error, 1)}
	c.srv = NewServer(outW, Options{Version: "test"})
	go func() {
		err := c.srv.Run(inR)
		outW.Close()
		c.done <- err
	}()
	go func() {
		rd := newReader(bufio.NewReader(outR))
		for {
			body, err := rd.read()
			if err != nil {
				close(c.msgs)
				return
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server wrote bad JSON %q: %v", body, err)
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *client) write(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.write(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// next returns the next message the server sends.
func (c *client) next() map[string]json.RawMessage {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		return m
	case <-time.After(20 * time.Second):
		c.t.Fatal("no message from the server in 20s")
	}
	return nil
}

// call sends a request and returns its result, failing on an error; the
// notifications that come before the answer are dropped.
func (c *client) call(method string, params any, result any) {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for {
		m := c.next()
		if string(m["id"]) != fmt.Sprint(id) {
			continue
		}
		if e, ok := m["error"]; ok {
			c.t.Fatalf("%s: error %s", method, e)
		}
		if result != nil {
			if err := json.Unmarshal(m["result"], result); err != nil {
				c.t.Fatalf("%s: result %s: %v", method, m["result"], err)
			}
		}
		return
	}
}

// diagnostics waits for the diagnostics published for uri.
func (c *client) diagnostics(uri string) []Diagnostic {
	c.t.Helper()
	for {
		m := c.next()
		if string(m["method"]) != `"textDocument/publishDiagnostics"` {
			continue
		}
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m["params"], &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			return p.Diagnostics
		}
	}
}

// starterBattle writes muster init's GBACW battle into a new folder.
func starterBattle(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files, err := starter.Battle("gbacw", "first", "First")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// posOf is the position of the n-th (0-based) occurrence of needle in text,
// plus off characters.
func posOf(t *testing.T, text, needle string, off int) Position {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in the text", needle)
	}
	line := strings.Count(text[:i], "\n")
	start := strings.LastIndex(text[:i], "\n") + 1
	return Position{line, utf16Len(text[start:i]) + off}
}
