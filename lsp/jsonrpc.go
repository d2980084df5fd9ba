// Package lsp is muster's Language Server: the Language Server Protocol
// 3.17 over JSON-RPC 2.0 on a pair of streams (stdin and stdout for
// `muster lsp`). It checks the battle folder of every open file with every
// muster check, the unsaved text of open files in place of what is on
// disk, and offers completion, hover, go to definition and quick fixes.
//
// The protocol is small enough to write by hand: the framing (a
// Content-Length header, then the JSON body) is in this file, and only the
// protocol types the server uses are in protocol.go.
package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// MaxMessage bounds the body of one message: a client that announces more
// is answered with a parse error and its body skipped.
const MaxMessage = 64 << 20

// maxHeader bounds one header line.
const maxHeader = 4096

// JSON-RPC and LSP error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
	codeRequestFailed  = -32803
)

// errFrame is a frame that could not be read; the stream goes on after it.
type errFrame struct{ why string }

func (e errFrame) Error() string { return "bad frame: " + e.why }

// reader reads framed messages.
type reader struct {
	r *bufio.Reader
}

func newReader(r io.Reader) *reader { return &reader{r: bufio.NewReaderSize(r, maxHeader)} }

// line reads one header line without its line end; a line longer than
// maxHeader is skipped whole and reported as a bad frame.
func (rd *reader) line() (string, error) {
	l, err := rd.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = rd.r.ReadSlice('\n')
		}
		if err != nil {
			return "", err
		}
		return "", errFrame{"header line too long"}
	}
	if err != nil {
		if err == io.EOF && len(l) > 0 {
			return "", io.ErrUnexpectedEOF
		}
		return "", err
	}
	return strings.TrimRight(string(l), "\r\n"), nil
}

// read returns the body of the next message. An errFrame means this
// message was bad and skipped; any other error ends the stream.
func (rd *reader) read() ([]byte, error) {
	length := -1
	var bad error
	seen := false
	for {
		l, err := rd.line()
		var ef errFrame
		if errors.As(err, &ef) {
			bad = ef
			continue
		}
		if err != nil {
			if err == io.EOF && seen {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if l == "" {
			if !seen {
				continue // blank lines between messages
			}
			break
		}
		seen = true
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			bad = errFrame{fmt.Sprintf("header %q has no colon", clip(l))}
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				bad = errFrame{fmt.Sprintf("bad Content-Length %q", clip(value))}
				continue
			}
			length = n
		}
	}
	if length < 0 {
		if bad == nil {
			bad = errFrame{"no Content-Length header"}
		}
		return nil, bad
	}
	if length > MaxMessage {
		if _, err := io.CopyN(io.Discard, rd.r, int64(length)); err != nil {
			return nil, err
		}
		return nil, errFrame{fmt.Sprintf("message of %d bytes; at most %d", length, MaxMessage)}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(rd.r, body); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if bad != nil {
		return nil, bad
	}
	return body, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// writer writes framed messages; safe for concurrent use.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

func (wr *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "Content-Length: %d\r\n\r\n", len(body))
	buf.Write(body)
	wr.mu.Lock()
	defer wr.mu.Unlock()
	_, err = wr.w.Write(buf.Bytes())
	return err
}

// message is any JSON-RPC message as read: a request (ID and Method), a
// notification (Method alone) or a response (ID, Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isRequest reports whether the message wants an answer.
func (m *message) isRequest() bool { return len(m.ID) > 0 && !bytes.Equal(m.ID, []byte("null")) }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   rpcError        `json:"error"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// validID reports whether raw is a JSON-RPC id: a string or a number.
func validID(raw json.RawMessage) bool {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return false
	}
	switch v.(type) {
	case string, float64:
		return true
	}
	return false
}
