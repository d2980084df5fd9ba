package lsp

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
)

// recorder drives a Server directly, as BenchmarkEdit does, and keeps what
// an editor would hold: the last diagnostics published for each document.
type recorder struct {
	t     *testing.T
	s     *Server
	out   bytes.Buffer
	state map[string]string // uri → its diagnostics, as JSON
	id    int
}

func newRecorder(t *testing.T) *recorder {
	r := &recorder{t: t, state: map[string]string{}}
	r.s = NewServer(&r.out, Options{})
	r.s.initialized = true
	return r
}

// do handles one message and returns the result of a request (nil for a
// notification), recording the diagnostics published meanwhile.
func (r *recorder) do(method string, params any, request bool) json.RawMessage {
	r.t.Helper()
	p, _ := json.Marshal(params)
	m := message{JSONRPC: "2.0", Method: method, Params: p}
	if request {
		r.id++
		m.ID = json.RawMessage(strings.TrimSpace(string(mustJSON(r.id))))
	}
	body, _ := json.Marshal(m)
	r.s.handle(body)
	var result json.RawMessage
	rd := newReader(bytes.NewReader(r.out.Bytes()))
	for {
		b, err := rd.read()
		if err != nil {
			break
		}
		var got struct {
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(b, &got); err != nil {
			r.t.Fatal(err)
		}
		switch {
		case got.Method == "textDocument/publishDiagnostics":
			var pd publishDiagnosticsParams
			json.Unmarshal(got.Params, &pd)
			ds, _ := json.Marshal(pd.Diagnostics)
			r.state[pd.URI] = string(ds)
		case got.Method == "":
			result = got.Result
		}
	}
	r.out.Reset()
	return result
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func (r *recorder) open(path, text string) {
	r.do("textDocument/didOpen", didOpenParams{textDocumentItem{URI: pathURI(path), LanguageID: "yaml", Version: 1, Text: text}}, false)
}

// actions are the code actions offered over the whole of a document.
func (r *recorder) actions(path string) string {
	return string(r.do("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: pathURI(path)},
		Range:        Range{Position{0, 0}, Position{1 << 20, 0}},
	}, true))
}

// TestEditAsFull: after each edit of an open document, what the server has
// published (each file's diagnostics, their order, ranges, related places
// and fixes) and the code actions it offers are what a server that never
// saw the earlier texts publishes and offers for the same text: the memo,
// the cache and the reuse of unchanged files' results change nothing.
// The edits are BenchmarkEdit's (a line added, every position below it
// moved) and others that add and take away findings, in a scenario of
// the battle as listed and of its errata variant, and in the forces.
func TestEditAsFull(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "examples", "terrible-swift-sword"))
	if err != nil {
		t.Fatal(err)
	}
	type step struct{ file, from, to string }
	steps := []step{
		{"scenario-3.yaml", "kind: scenario", "kind: scenario\n# edited"},
		{"scenario-3.yaml", "kind: scenario\n# edited", "kind: scenario"},
		{"scenario-3.yaml", `"Henry/Hood/I"`, `"Henri/Hood/I"`},                                       // unknown, with a fix
		{"scenario-3.yaml", `"C0526": {units: ["3/2/III"]`, `"C0526": {units: ["3/2/III", "Barnes"]`}, // set up twice
		{"scenario-3.yaml", "setup:", "setup:\n  NOSIDE: {}"},
		{"scenario-3.yaml", "first: CSA", "first: [CSA"}, // not YAML
		{"scenario-3.yaml", "first: [CSA", "first: CSA"},
		{"errata/scenario-3.yaml", "kind: scenario", "kind: scenario\n# edited"},
		{"errata/scenario-3.yaml", `"Henry/Hood/I"`, `"Henri/Hood/I"`},
		{"scenario-3.yaml", `"Henri/Hood/I"`, `"Henry/Hood/I"`},
		{"forces-csa.yaml", "name: ", "name: Renamed "},
		{"scenario-3.yaml", "# yaml-language-server", "# muster:file-ignore N001\n# yaml-language-server"},
	}
	if testing.Short() {
		steps = steps[:4] // BenchmarkEdit's edit and back, a finding added with a fix, one with a related place
	}
	inc := newRecorder(t)
	texts := map[string]string{}
	version := 1
	for i, st := range steps {
		path := filepath.Join(dir, filepath.FromSlash(st.file))
		text, open := texts[st.file]
		if !open {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Skip("example missing")
			}
			text = string(b)
		}
		if !strings.Contains(text, st.from) {
			t.Fatalf("step %d: %s has no %q", i, st.file, st.from)
		}
		text = strings.Replace(text, st.from, st.to, 1)
		texts[st.file] = text
		if !open {
			inc.open(path, text)
		} else {
			version++
			inc.do("textDocument/didChange", didChangeParams{versionedTextDocumentIdentifier{URI: pathURI(path), Version: version}, []contentChange{{Text: text}}}, false)
		}
		full := newRecorder(t)
		names := make([]string, 0, len(texts))
		for f := range texts {
			names = append(names, f)
		}
		sort.Strings(names)
		// The fresh server has every document open at once, and checks
		// the battle once, publishing each file's diagnostics.
		for _, f := range names[1:] {
			p := filepath.Join(dir, filepath.FromSlash(f))
			full.s.docs[p] = &document{uri: pathURI(p), path: p, version: 1, text: []byte(texts[f])}
			full.s.overlay.Set(p, []byte(texts[f]))
		}
		full.open(filepath.Join(dir, filepath.FromSlash(names[0])), texts[names[0]])
		if len(full.state) == 0 {
			t.Fatalf("step %d: nothing published", i)
		}
		for uri, want := range full.state {
			got, ok := inc.state[uri]
			if want == "[]" && !ok {
				continue
			}
			if got != want {
				t.Errorf("step %d (%s %q → %q): %s\nafter the edits: %.2000s\nfrom scratch:    %.2000s", i, st.file, st.from, st.to, uri, got, want)
			}
		}
		for uri, got := range inc.state {
			if _, ok := full.state[uri]; !ok && got != "[]" {
				t.Errorf("step %d: %s: after the edits %.300s, from scratch nothing", i, uri, got)
			}
		}
		for _, f := range names {
			p := filepath.Join(dir, filepath.FromSlash(f))
			if got, want := inc.actions(p), full.actions(p); got != want {
				t.Errorf("step %d: code actions of %s\nafter the edits: %.1000s\nfrom scratch:    %.1000s", i, f, got, want)
			}
		}
	}
}

// TestEditReadsOnce: the check after an edit lists each folder of the
// battle on disk once (the files lists, the survey of the files no list
// names and the other variants' lists share the listing): Terrible Swift
// Sword's folder and its errata/; and it copies no file it did not change.
func TestEditReadsOnce(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "examples", "terrible-swift-sword"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "scenario-3.yaml")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Skip("example missing")
	}
	r := newRecorder(t)
	r.open(path, string(text))
	before := r.s.overlay.lists
	texts := r.s.folders[dir].loads[""].b.Texts
	edited := strings.Replace(string(text), "kind: scenario", "kind: scenario\n# edited", 1)
	r.do("textDocument/didChange", didChangeParams{versionedTextDocumentIdentifier{URI: pathURI(path), Version: 2}, []contentChange{{Text: edited}}}, false)
	if n := r.s.overlay.lists - before; n != 2 {
		t.Errorf("the edit listed %d folders on disk, want 2 (the battle's and errata/)", n)
	}
	// The files the edit did not change are not copied: their texts are
	// the last load's.
	after := r.s.folders[dir].loads[""].b.Texts
	if len(after) != len(texts) || len(texts) < 9 {
		t.Fatalf("the loads read %d and %d files", len(texts), len(after))
	}
	for rel, u := range after {
		if same := sameText(texts[rel], u); same != (rel != "scenario-3.yaml") {
			t.Errorf("%s: the same bytes as the last load's: %v", rel, same)
		}
	}
}

// TestTurned: check turns a file's findings into the protocol's again when
// the text they are read in changed though the findings did not (a longer
// token at the same place), and when a file a finding cites was opened
// (its URI is the editor's); else it takes what it made before.
func TestTurned(t *testing.T) {
	s := NewServer(io.Discard, Options{})
	dir := t.TempDir()
	f := s.newFolder(dir)
	d := diag.Diagnostic{Code: "X001", Severity: diag.Warning, Pos: diag.Pos{File: "a.yaml", Line: 1, Column: 4}, Message: "m",
		Related: []diag.Related{{At: diag.Pos{File: "b.yaml", Line: 1, Column: 1}, Note: "here"}}}
	res := func(a string) *result {
		return &result{b: &battle.Battle{Texts: map[string][]byte{"a.yaml": []byte(a), "b.yaml": []byte("b: 1\n")}}, lines: map[string]*lines{}}
	}
	r1 := res("x: \"ab\"\n")
	t1 := s.turn(f, r1, "a.yaml", []*diag.Diagnostic{&d})
	if got := t1.out[0].Range.End.Character; got != 7 {
		t.Fatalf("first: range ends at %d, want 7", got)
	}
	if t2 := s.turn(f, r1, "a.yaml", []*diag.Diagnostic{&d}); t2 != t1 {
		t.Errorf("the same findings of the same texts were turned again")
	}
	r2 := res("x: \"abcd\"\n")
	t3 := s.turn(f, r2, "a.yaml", []*diag.Diagnostic{&d})
	if got := t3.out[0].Range.End.Character; got != 9 {
		t.Errorf("after the text changed: range ends at %d, want 9", got)
	}
	b := filepath.Join(dir, "b.yaml")
	s.docs[b] = &document{uri: "untitled:b", path: b}
	s.opened++
	t4 := s.turn(f, r2, "a.yaml", []*diag.Diagnostic{&d})
	if got := t4.out[0].RelatedInformation[0].Location.URI; got != "untitled:b" {
		t.Errorf("after b.yaml was opened: related URI %q, want the editor's", got)
	}
}
