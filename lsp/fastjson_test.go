package lsp

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// fastCases are messages as editors send them and the shapes around them
// the fast readers must leave to encoding/json or read as it does.
var fastCases = []string{
	`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a/b/scenario-3.yaml","version":7},"contentChanges":[{"text":"kind: scenario\n# edited\nid: s3\n\tname: \"Day 3\" \\ / é ü ✓"}]}}`,
	`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a/b.yaml","version":2},"contentChanges":[{"range":{"start":{"line":3,"character":0},"end":{"line":3,"character":5}},"rangeLength":5,"text":"x"},{"range":null,"text":"y"}]}}`,
	` { "jsonrpc" : "2.0" , "id" : 12 , "method" : "textDocument/hover" , "params" : { "textDocument" : { "uri" : "file:///x" } , "position" : { "line" : 1 , "character" : 2 } } } `,
	`{"jsonrpc":"2.0","id":"abc","method":"initialize","params":{"processId":null,"capabilities":{"a":[1,2.5,-3e10,true,false,null,{}]}}}`,
	`{"jsonrpc":"2.0","id":null,"method":"x"}`,
	`{"jsonrpc":"2.0","id":3,"result":{"ok":true}}`,
	`{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"no"}}`,
	`{"jsonrpc":"2.0","method":"exit"}`,
	`{}`,
	`{"jsonrpc":"2.0","Method":"exit"}`,
	`{"jsonrpc":"2.0","method":"a","method":"b"}`,
	`{"jsonrpc":"2.0","method":"a\u00e9"}`,
	`{"jsonrpc":"2.0","method":"a\ud800"}`,
	`{"jsonrpc":"2.0","method":"a` + "\xff" + `"}`,
	`{"jsonrpc":"2.0","method":"a","extra":{"k":[1,2]},"ſ":1}`,
	`{"jsonrpc":"2.0","method":"a",}`,
	`{"jsonrpc":"2.0","method":"a"} x`,
	`{"jsonrpc":2,"method":"a"}`,
	`[{"jsonrpc":"2.0"}]`,
	`null`,
	``,
	`{"jsonrpc":"2.0","method":"a","params":01}`,
	`{"jsonrpc":"2.0","method":"a","params":-}`,
	`{"jsonrpc":"2.0","method":"a","params":1.}`,
	`{"jsonrpc":"2.0","method":"a","params":1e}`,
	`{"jsonrpc":"2.0","method":"a","params":"\x"}`,
	`{"jsonrpc":"2.0","method":"a","params":"` + "\t" + `"}`,
	`{"jsonrpc":"2.0","method":"a","params":"\u12g4"}`,
	`{"jsonrpc":"2.0","method":"a","params":nul}`,
	`{"jsonrpc":"2.0","method":"a","params":[1 2]}`,
	`{"jsonrpc":"2.0","method":"a","params":{"a" 1}}`,
}

// didChangeCases are didChange params beside those in fastCases.
var didChangeCases = []string{
	`{"textDocument":{"uri":"file:///a","version":-0},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","version":1.5},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","version":1e2},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","version":null},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","version":"1"},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","version":12345678901234567890},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","version":007},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","Version":1},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a"},"textDocument":{"version":3},"contentChanges":[]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":null}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":null}]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":"a\u0041b\u003c\u003E\u0026\u00e9\u2028\u0000"}]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":"a\ud83d\ude00"}]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":"a\udc00"}]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":"a\nb\r\n\"q\"\\\/\b\f\t"}]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"range":{"start":{"line":1},"end":{"character":2}},"text":"z"}]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":2}}}]}`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":"a"},]}`,
	`{"contentChanges":[{"text":"a"}]}`,
	`null`,
	`{"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":"a"}]} `,
	` {"textDocument":{"uri":"file:///a","version":1},"contentChanges":[{"text":"a"}]}x`,
}

// sameAsJSON checks that the fast readers read raw as encoding/json does
// whenever they read it at all.
func sameAsJSON(t *testing.T, raw string) (fastMsg, fastChange bool) {
	t.Helper()
	var want message
	werr := json.Unmarshal([]byte(raw), &want)
	got, ok := readMessage([]byte(raw))
	if ok {
		if werr != nil {
			t.Fatalf("readMessage read %q, which json.Unmarshal refuses: %v", raw, werr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("readMessage(%q)\n got %#v\nwant %#v", raw, got, want)
		}
	}
	var wantP didChangeParams
	perr := json.Unmarshal([]byte(raw), &wantP)
	gotP, okP := readDidChange([]byte(raw))
	if okP {
		if perr != nil {
			t.Fatalf("readDidChange read %q, which json.Unmarshal refuses: %v", raw, perr)
		}
		if !reflect.DeepEqual(gotP, wantP) {
			t.Fatalf("readDidChange(%q)\n got %#v\nwant %#v", raw, gotP, wantP)
		}
	}
	return ok, okP
}

func TestFastJSONReadsAsEncodingJSON(t *testing.T) {
	for _, c := range append(append([]string{}, fastCases...), didChangeCases...) {
		sameAsJSON(t, c)
		if m, ok := readMessage([]byte(c)); ok && len(m.Params) > 0 {
			sameAsJSON(t, string(m.Params))
		}
	}
}

// The messages of a keystroke take the fast readers: the envelope, and
// didChange's params whole or by range (with the rangeLength VS Code adds).
func TestFastJSONTakesEditorMessages(t *testing.T) {
	for _, c := range fastCases[:3] {
		m, ok := readMessage([]byte(c))
		if !ok {
			t.Fatalf("readMessage left %q to encoding/json", c)
		}
		if m.Method != "textDocument/didChange" {
			continue
		}
		if _, ok := readDidChange(m.Params); !ok {
			t.Fatalf("readDidChange left %q to encoding/json", m.Params)
		}
	}
	// What the fast readers leave to encoding/json.
	for _, c := range []string{fastCases[6], fastCases[9], fastCases[10], fastCases[12], fastCases[13], fastCases[14]} {
		if _, ok := readMessage([]byte(c)); ok {
			t.Errorf("readMessage read %q", c)
		}
	}
	for _, c := range append(didChangeCases[1:11:11], didChangeCases[12], didChangeCases[13]) {
		if _, ok := readDidChange([]byte(c)); ok {
			t.Errorf("readDidChange read %q", c)
		}
	}
	// Go's json.Marshal writes <, > and & as \u escapes: read.
	if _, ok := readDidChange([]byte(didChangeCases[11])); !ok {
		t.Errorf("readDidChange left %q to encoding/json", didChangeCases[11])
	}
}

// Messages a byte or a few away from an editor's read as encoding/json
// reads them, or are left to it.
func TestFastJSONMutations(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	alphabet := []byte(`{}[]":,\ntrufalsenul0123456789.eE+-/ ` + "\t\xc3\xa9\xff")
	seeds := append(append([]string{}, fastCases[:6]...), didChangeCases[0], didChangeCases[11], didChangeCases[14], didChangeCases[15])
	for _, seed := range seeds {
		for n := 0; n < 1500; n++ {
			b := []byte(seed)
			for k := rng.Intn(3) + 1; k > 0 && len(b) > 0; k-- {
				i := rng.Intn(len(b))
				switch rng.Intn(3) {
				case 0:
					b[i] = alphabet[rng.Intn(len(alphabet))]
				case 1:
					b = append(b[:i], b[i+1:]...)
				default:
					b = append(b[:i], append([]byte{alphabet[rng.Intn(len(alphabet))]}, b[i:]...)...)
				}
			}
			sameAsJSON(t, string(b))
		}
	}
	// and deep nesting, which skip gives up on
	deep := `{"jsonrpc":"2.0","method":"a","params":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`
	if _, ok := readMessage([]byte(deep)); ok {
		t.Errorf("readMessage read a value %d deep", 100)
	}
	sameAsJSON(t, deep)
}
