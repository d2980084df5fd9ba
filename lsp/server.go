package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/pipeline"
)

// Options configure a server.
type Options struct {
	// Version is muster's, as initialize reports it.
	Version string
	// Log, when set, receives a line for each message the server could
	// not handle (stderr for `muster lsp`).
	Log io.Writer
	// Docs is the base URL of muster's docs folder, for each code's link
	// ("": the default, CodesURL's).
	Docs string
}

// Server is one language server session.
type Server struct {
	opts    Options
	out     *writer
	overlay *Overlay
	docs    map[string]*document // by absolute path
	folders map[string]*folder   // by absolute battle folder
	// opened counts the documents opened and closed: a related place's
	// URI is the open document's (uriOf), so what check turned into the
	// protocol's is not reused past one.
	opened int

	initialized bool // initialize answered
	shutdown    bool // shutdown answered: only exit is left
	watch       bool // the client registers file watchers when asked
}

// document is an open document.
type document struct {
	uri     string
	path    string
	version int
	text    []byte
}

// NewServer makes a server that writes to out.
func NewServer(out io.Writer, opts Options) *Server {
	return &Server{
		opts: opts, out: &writer{w: out}, overlay: NewOverlay(),
		docs: map[string]*document{}, folders: map[string]*folder{},
	}
}

// ErrNoShutdown is Serve's error when the client sent exit without
// shutdown first (the process then exits 1, as the protocol asks).
var ErrNoShutdown = errors.New("exit without shutdown")

// Serve runs the server on in until exit, or until in ends. It returns
// nil after shutdown and exit.
func Serve(in io.Reader, out io.Writer, opts Options) error {
	s := NewServer(out, opts)
	return s.Run(in)
}

// Run reads messages from in and handles each in turn.
func (s *Server) Run(in io.Reader) error {
	rd := newReader(in)
	for {
		body, err := rd.read()
		var ef errFrame
		if errors.As(err, &ef) {
			s.logf("%v", ef)
			s.replyError(json.RawMessage("null"), codeParseError, ef.Error())
			continue
		}
		if err == io.EOF {
			if s.shutdown {
				return nil
			}
			return io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		if done, err := s.handle(body); done {
			return err
		}
	}
}

// logf writes a line to the log. Its string and error arguments (file
// names, the client's text) are diag.Printable: they print on the line
// they are on, with no terminal escape.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		for i, a := range args {
			switch v := a.(type) {
			case string:
				args[i] = diag.Printable(v)
			case error:
				args[i] = diag.Printable(v.Error())
			}
		}
		fmt.Fprintf(s.opts.Log, "muster lsp: "+format+"\n", args...)
	}
}

// handle handles one message body; done is true after exit.
func (s *Server) handle(body []byte) (done bool, err error) {
	var m message
	if e := decodeMessage(body, &m); e != nil {
		s.logf("parse error: %v", e)
		s.replyError(json.RawMessage("null"), codeParseError, "parse error: "+e.Error())
		return false, nil
	}
	if m.Method == "" {
		if len(m.ID) > 0 && (m.Result != nil || m.Error != nil) {
			return false, nil // a response to a request of ours: the server sends none
		}
		s.replyError(idOrNull(m.ID), codeInvalidRequest, "a request needs a method")
		return false, nil
	}
	if len(m.ID) > 0 && !validID(m.ID) {
		s.replyError(json.RawMessage("null"), codeInvalidRequest, "a request id is a string or a number")
		return false, nil
	}
	if m.Method == "exit" {
		if s.shutdown {
			return true, nil
		}
		return true, ErrNoShutdown
	}
	defer func() {
		if r := recover(); r != nil {
			s.logf("internal error in %s: %v\n%s", m.Method, r, debug.Stack())
			if m.isRequest() {
				s.replyError(m.ID, codeInternalError, fmt.Sprintf("internal error: %v", r))
			}
		}
	}()
	if m.isRequest() {
		result, rerr := s.request(&m)
		if rerr != nil {
			s.replyError(m.ID, rerr.Code, rerr.Message)
		} else {
			s.reply(m.ID, result)
		}
		return false, nil
	}
	s.notify(&m)
	return false, nil
}

func idOrNull(id json.RawMessage) json.RawMessage {
	if len(id) == 0 || !validID(id) {
		return json.RawMessage("null")
	}
	return id
}

func (s *Server) reply(id json.RawMessage, result any) {
	if err := s.out.write(response{JSONRPC: "2.0", ID: id, Result: result}); err != nil {
		s.logf("write: %v", err)
	}
}

func (s *Server) replyError(id json.RawMessage, code int, msg string) {
	if err := s.out.write(errorResponse{JSONRPC: "2.0", ID: id, Error: rpcError{Code: code, Message: msg}}); err != nil {
		s.logf("write: %v", err)
	}
}

func (s *Server) send(method string, params any) {
	if err := s.out.write(notification{JSONRPC: "2.0", Method: method, Params: params}); err != nil {
		s.logf("write: %v", err)
	}
}

func params(m *message, v any) *rpcError {
	if len(m.Params) == 0 {
		return &rpcError{codeInvalidParams, m.Method + " needs params"}
	}
	if p, ok := v.(*didChangeParams); ok {
		if fp, ok := readDidChange(m.Params); ok {
			*p = fp // as json.Unmarshal reads them (fastjson.go)
			return nil
		}
	}
	if err := json.Unmarshal(m.Params, v); err != nil {
		return &rpcError{codeInvalidParams, fmt.Sprintf("%s: bad params: %v", m.Method, err)}
	}
	return nil
}

// request answers a request.
func (s *Server) request(m *message) (any, *rpcError) {
	if s.shutdown {
		return nil, &rpcError{codeInvalidRequest, "the server is shut down: only exit is left"}
	}
	if m.Method == "initialize" {
		if s.initialized {
			return nil, &rpcError{codeInvalidRequest, "initialize was sent twice"}
		}
		var p initializeParams
		if e := params(m, &p); e != nil {
			return nil, e
		}
		s.initialized = true
		s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
		return initializeResult{
			Capabilities: serverCapabilities{
				PositionEncoding:   "utf-16",
				TextDocumentSync:   textDocumentSyncOptions{OpenClose: true, Change: 1, Save: saveOptions{}},
				CompletionProvider: completionOptions{TriggerCharacters: []string{"\"", "[", " ", ","}},
				HoverProvider:      true,
				DefinitionProvider: true,
				CodeActionProvider: codeActionOptions{CodeActionKinds: []string{"quickfix"}},
			},
			ServerInfo: serverInfo{Name: "muster", Version: s.opts.Version},
		}, nil
	}
	if !s.initialized {
		return nil, &rpcError{codeNotInitialized, "initialize first"}
	}
	switch m.Method {
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/completion":
		var p positionParams
		if e := params(m, &p); e != nil {
			return nil, e
		}
		return s.completion(p), nil
	case "textDocument/hover":
		var p positionParams
		if e := params(m, &p); e != nil {
			return nil, e
		}
		if h := s.hover(p); h != nil {
			return h, nil
		}
		return nil, nil
	case "textDocument/definition":
		var p positionParams
		if e := params(m, &p); e != nil {
			return nil, e
		}
		if l := s.definition(p); l != nil {
			return l, nil
		}
		return nil, nil
	case "textDocument/codeAction":
		var p codeActionParams
		if e := params(m, &p); e != nil {
			return nil, e
		}
		return s.codeActions(p), nil
	}
	return nil, &rpcError{codeMethodNotFound, "muster does not answer " + m.Method}
}

// notify handles a notification. Bad ones are logged and dropped: a
// notification has no answer.
func (s *Server) notify(m *message) {
	if !s.initialized || s.shutdown {
		return
	}
	switch m.Method {
	case "initialized":
		if s.watch {
			// Files changed outside the editor (a checkout, a save from
			// another program) re-check their battle.
			s.out.write(request{JSONRPC: "2.0", ID: "muster-watch", Method: "client/registerCapability", Params: registrationParams{
				Registrations: []registration{{ID: "muster-watch", Method: "workspace/didChangeWatchedFiles", RegisterOptions: watchOptions{
					Watchers: []fileWatcher{{GlobPattern: "**/*.{yaml,yml}"}},
				}}},
			}})
		}
	case "textDocument/didOpen":
		var p didOpenParams
		if e := params(m, &p); e != nil {
			s.logf("%s", e.Message)
			return
		}
		path, ok := uriPath(p.TextDocument.URI)
		if !ok {
			return
		}
		d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
		s.docs[path] = d
		s.opened++
		s.overlay.Set(path, d.text)
		s.changed(path)
	case "textDocument/didChange":
		var p didChangeParams
		if e := params(m, &p); e != nil {
			s.logf("%s", e.Message)
			return
		}
		path, ok := uriPath(p.TextDocument.URI)
		d := s.docs[path]
		if !ok || d == nil {
			return
		}
		text := d.text
		for _, c := range p.ContentChanges {
			text = applyChange(text, c)
		}
		d.text, d.version = text, p.TextDocument.Version
		s.overlay.Set(path, d.text)
		s.changed(path)
	case "textDocument/didClose":
		var p didCloseParams
		if e := params(m, &p); e != nil {
			return
		}
		path, ok := uriPath(p.TextDocument.URI)
		if !ok || s.docs[path] == nil {
			return
		}
		delete(s.docs, path)
		s.opened++
		s.overlay.Drop(path)
		s.changed(path)
	case "textDocument/didSave":
		// the open document's text is what is checked already
	case "workspace/didChangeWatchedFiles":
		var p didChangeWatchedFilesParams
		if e := params(m, &p); e != nil {
			return
		}
		seen := map[string]bool{}
		for _, c := range p.Changes {
			if path, ok := uriPath(c.URI); ok {
				if f := s.knownFolder(path); f != nil && !seen[f.dir] {
					seen[f.dir] = true
					s.check(f)
				}
			}
		}
	}
}

// applyChange applies one content change: the whole text, or a range.
func applyChange(text []byte, c contentChange) []byte {
	if c.Range == nil {
		return []byte(c.Text)
	}
	l := newLines(text)
	off := func(p Position) int {
		if p.Line < 0 {
			return 0
		}
		if p.Line >= l.count() {
			return len(text)
		}
		return l.start[p.Line] + byteOfUTF16(l.line(p.Line), p.Character)
	}
	a, b := off(c.Range.Start), off(c.Range.End)
	if b < a {
		a, b = b, a
	}
	out := make([]byte, 0, len(text)-(b-a)+len(c.Text))
	out = append(out, text[:a]...)
	out = append(out, c.Text...)
	return append(out, text[b:]...)
}

// changed re-checks the battle the file at path belongs to.
func (s *Server) changed(path string) {
	f := s.folderOf(path)
	if f == nil {
		if d := s.docs[path]; d != nil {
			// not in a battle folder: nothing to check
			s.send("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Version: &d.version, Diagnostics: []Diagnostic{}})
		}
		return
	}
	if len(s.openIn(f.dir)) == 0 {
		// the last open file of the battle closed: clear what was
		// published and forget the battle
		for rel := range f.published {
			s.send("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: pathURI(filepath.Join(f.dir, filepath.FromSlash(rel))), Diagnostics: []Diagnostic{}})
		}
		delete(s.folders, f.dir)
		return
	}
	s.check(f)
}

// folderOf finds the battle folder of path: the nearest folder at or above
// the file's that holds a battle.yaml (an errata/ folder's file belongs to
// the battle above it).
func (s *Server) folderOf(path string) *folder {
	dir := filepath.Dir(path)
	for i := 0; i < 64; i++ {
		if f := s.folders[dir]; f != nil {
			return f
		}
		bp := filepath.Join(dir, "battle.yaml")
		if _, ok := s.overlay.Buffer(bp); ok {
			return s.newFolder(dir)
		}
		if st, err := os.Stat(bp); err == nil && st.Mode().IsRegular() {
			return s.newFolder(dir)
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return nil
}

// knownFolder is the battle folder with open documents that path is in.
func (s *Server) knownFolder(path string) *folder {
	for dir := filepath.Dir(path); ; {
		if f := s.folders[dir]; f != nil {
			return f
		}
		up := filepath.Dir(dir)
		if up == dir {
			return nil
		}
		dir = up
	}
}

func (s *Server) newFolder(dir string) *folder {
	f := &folder{dir: dir, cache: battle.NewCache(), memos: map[string]*memo{}, variants: []string{""}, loads: map[string]*result{}, published: map[string]bool{}, fixes: map[string][]Diagnostic{}, last: map[string]string{}, stray: map[string]string{}, turned: map[string]*turned{}}
	s.folders[dir] = f
	return f
}

// catalogue is every code muster knows, made on first use.
func (s *Server) catalogue() diag.Catalogue {
	return pipeline.Catalogue()
}

// openIn lists the open documents of a folder, by path.
func (s *Server) openIn(dir string) []*document {
	var out []*document
	for p, d := range s.docs {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}
