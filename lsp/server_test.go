package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/pipeline"
)

// TestSession drives the server as an editor does: initialize, open a
// scenario with an error, see it, fix it, see it cleared, then complete,
// hover, go to definition and shut down.
func TestSession(t *testing.T) {
	dir := starterBattle(t)
	c := newClient(t)
	var init initializeResult
	c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}}, &init)
	if !init.Capabilities.HoverProvider || init.Capabilities.TextDocumentSync.Change != 1 || init.ServerInfo.Name != "muster" {
		t.Fatalf("capabilities: %+v", init)
	}
	c.notify("initialized", map[string]any{})

	path := filepath.Join(dir, "scenario.yaml")
	uri := pathURI(path)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A misspelt unit: unknown name, with a did-you-mean.
	bad := strings.Replace(string(good), `[Meredith, 2 WI]`, `[Meredith, 2 WY]`, 1)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": bad}})
	ds := c.diagnostics(uri)
	if len(ds) != 1 {
		t.Fatalf("want one diagnostic, got %+v", ds)
	}
	d := ds[0]
	at := posOf(t, bad, "2 WY", 0)
	if d.Range.Start != at || d.Range.End != (Position{at.Line, at.Character + 4}) {
		t.Errorf("range %+v, want %+v to 4 characters on", d.Range, at)
	}
	if d.Severity != sevError || d.Source != "muster" || d.Code == "" || d.CodeDescription == nil ||
		d.CodeDescription.Href != CodesURL+strings.ToLower(d.Code) || (diag.Reword == nil && !strings.Contains(d.Message, "did you mean 2 WI?")) {
		t.Errorf("diagnostic %+v", d)
	}
	if d.Data == nil || d.Data.With != "2 WI" {
		t.Fatalf("no fix: %+v", d.Data)
	}

	// The quick fix.
	var actions []codeAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": d.Range, "context": map[string]any{"diagnostics": []any{}}}, &actions)
	if len(actions) != 1 || actions[0].Edit.Changes[uri][0].NewText != "2 WI" || actions[0].Edit.Changes[uri][0].Range != d.Range {
		t.Fatalf("code actions %+v", actions)
	}

	// A unit set up twice: the other set-up is the related position.
	twice := strings.Replace(string(good), `"A0305": [6 WI]`, `"A0305": [6 WI, 2 WI]`, 1)
	reads, parses := c.srv.overlay.Reads(), 0
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": twice}}})
	ds = c.diagnostics(uri)
	if len(ds) != 1 || len(ds[0].RelatedInformation) != 1 {
		t.Fatalf("want one diagnostic with a related place, got %+v", ds)
	}
	rel := ds[0].RelatedInformation[0]
	if rel.Location.URI != uri || rel.Location.Range.Start != posOf(t, twice, "2 WI", 0) {
		t.Errorf("related %+v, want the first 2 WI", rel)
	}
	// Incremental: nothing is read from disk again, and only the changed
	// file is parsed again.
	if n := c.srv.overlay.Reads(); n != reads {
		t.Errorf("the edit read %d files from disk", n-reads)
	}
	for _, f := range c.srv.folders {
		parses = f.cache.Parses()
	}

	// The fix: diagnostics cleared.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3}, "contentChanges": []any{map[string]any{"text": string(good)}}})
	if ds := c.diagnostics(uri); len(ds) != 0 {
		t.Fatalf("diagnostics not cleared: %+v", ds)
	}
	for _, f := range c.srv.folders {
		if n := f.cache.Parses(); n != parses+1 {
			t.Errorf("the edit parsed %d files, want 1", n-parses)
		}
	}
	text := string(good)

	// Completion of names: the side's own, after a comma in a set-up list.
	var list completionList
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, "2 WI]", 0)}, &list)
	labels := map[string]bool{}
	for _, it := range list.Items {
		labels[it.Label] = true
	}
	for _, want := range []string{"2 WI", "6 WI", "B 4 US", "Meredith", "1/1/I"} {
		if !labels[want] {
			t.Errorf("completion lacks %q: %v", want, labels)
		}
	}
	if labels["7 TN"] || labels["Archer"] {
		t.Errorf("completion offers the other side's names: %v", labels)
	}
	// Completion of hexes: a set-up key.
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, `A0305"`, 3)}, &list)
	if len(list.Items) == 0 || !strings.HasPrefix(list.Items[0].Label, "A03") {
		t.Errorf("hex completion: %+v", list.Items)
	}
	// Hover on a unit: counter values and formation chain.
	var h hover
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, "6 WI", 1)}, &h)
	for _, want := range []string{"6 WI/1/1/I", "strength 5", "Iron Brigade", "Meredith"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover lacks %q:\n%s", want, h.Contents.Value)
		}
	}
	// Hover on a hex: terrain and what stands there.
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, "A0304", 2)}, &h)
	for _, want := range []string{"A0304", "terrain:", "scenario first-clash: USA: Meredith, 2 WI"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hex hover lacks %q:\n%s", want, h.Contents.Value)
		}
	}
	// Definition: the unit's line in the forces file.
	var loc Location
	c.call("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, "6 WI", 0)}, &loc)
	forces, _ := os.ReadFile(filepath.Join(dir, "forces-usa.yaml"))
	if loc.URI != pathURI(filepath.Join(dir, "forces-usa.yaml")) || loc.Range.Start.Line != posOf(t, string(forces), "{name: 6 WI", 0).Line {
		t.Errorf("definition %+v", loc)
	}

	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Errorf("exit after shutdown: %v", err)
	}
}

// TestVariant: a file only a variant of battle.yaml reads (an errata/
// copy) is checked in that variant, and the printed files in the battle
// as listed; names complete in a reinforcement, codes in a suppression.
func TestVariant(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "examples", "terrible-swift-sword"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "errata", "scenario-1.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip("example missing")
	}
	c := newClient(t)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}}, nil)
	uri := pathURI(path)
	text := strings.Replace(string(data), "reinforcements:\n  CSA:\n", "reinforcements:\n  CSA:\n    - {time: \"Jul 1 0740\", area: \"1\", units: [Heth, \"Arch]} # muster:ignore N0\n", 1)
	if text == string(data) {
		t.Fatal("no CSA reinforcements in the errata scenario")
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
	c.diagnostics(uri)
	for _, f := range c.srv.folders {
		if len(f.variants) != 2 || f.variants[1] != "errata" || f.owner("errata/scenario-1.yaml") != "errata" || f.owner("map.yaml") != "" {
			t.Fatalf("variants %v", f.variants)
		}
	}
	var list completionList
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, `Arch]`, 4)}, &list)
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
		if it.TextEdit == nil || it.TextEdit.Range.Start != posOf(t, text, `Arch]`, 0) {
			t.Errorf("%s: edit %+v", it.Label, it.TextEdit)
		}
	}
	if strings.Join(labels, ",") != "Archer" {
		t.Errorf("completion of Arch: %v", labels)
	}
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, `area: "1", units: [Heth`, 7)}, &list)
	labels = nil
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	if got := strings.Join(labels, ","); !strings.Contains(got, "1") || strings.Contains(got, "9") {
		t.Errorf("the Confederate areas: %v", labels)
	}
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, `ignore N0`, 9)}, &list)
	labels = nil
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	if len(labels) < 5 || labels[0] != "N001" || !strings.Contains(strings.Join(labels, ","), "N005") {
		t.Errorf("codes: %v", labels)
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Error(err)
	}
}

// TestMore: orders, times and areas complete, a hex label goes to its
// character in the map's terrain rows, a suppressed code hovers.
func TestMore(t *testing.T) {
	dir := starterBattle(t)
	c := newClient(t)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}}, nil)
	path := filepath.Join(dir, "scenario.yaml")
	uri := pathURI(path)
	data, _ := os.ReadFile(path)
	text := strings.NewReplacer(
		`"A0305": [6 WI]`, `"A0305": {units: [{unit: 6 WI, face: dis}], orders: adv}`,
		`{time: "Jul 1 0900", hexes: ["A0104"]`, `{time: "Jul 1 09", hexes: ["A0104"]`,
		`"A0904": [Archer, 1 TN]`, `"A0904": [Archer, 1 TN] # muster:ignore N005 -- a test`,
	).Replace(string(data))
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
	c.diagnostics(uri)
	complete := func(needle string, off int) []string {
		t.Helper()
		var list completionList
		c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, needle, off)}, &list)
		var labels []string
		for _, it := range list.Items {
			labels = append(labels, it.Label)
		}
		return labels
	}
	if got := complete("adv}", 3); strings.Join(got, ",") != "advance" {
		t.Errorf("orders: %v", got)
	}
	if got := complete("dis}", 3); strings.Join(got, ",") != "disordered" {
		t.Errorf("faces: %v", got)
	}
	if got := complete(`09", hexes`, 2); len(got) == 0 || got[0] != "Jul 1 0900" {
		t.Errorf("times: %v", got)
	}
	var h hover
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, "N005 --", 1)}, &h)
	if !strings.Contains(h.Contents.Value, "**N005**") || !strings.Contains(h.Contents.Value, CodesURL+"n005") {
		t.Errorf("code hover: %s", h.Contents.Value)
	}
	var loc Location
	c.call("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, `"A0304"`, 2)}, &loc)
	mapText, _ := os.ReadFile(filepath.Join(dir, "map.yaml"))
	want := posOf(t, string(mapText), `"............"   # row 04`, 3) // col 03 of row 04
	if loc.URI != pathURI(filepath.Join(dir, "map.yaml")) || loc.Range.Start != want || loc.Range.End.Character != want.Character+1 {
		t.Errorf("hex definition %+v, want %+v", loc, want)
	}
	// Out of command: the leader's set-up is the related place.
	far := strings.Replace(string(data), `"A0304": [Meredith, 2 WI]`, "\"A0304\": [Meredith]\n    \"A1208\": [2 WI]", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": far}}})
	ds := c.diagnostics(uri)
	if len(ds) != 1 || ds[0].Code != "GB201" || len(ds[0].RelatedInformation) != 1 ||
		ds[0].RelatedInformation[0].Location.Range.Start != posOf(t, far, "Meredith]", 0) ||
		ds[0].RelatedInformation[0].Message != "Meredith/1/1/I sets up in A0304" {
		t.Errorf("out of command: %+v", ds)
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	<-c.done
}

// TestExamples: opening a real battle publishes what `muster validate`
// finds, every finding not suppressed, each at its file.
func TestExamples(t *testing.T) {
	for _, ex := range []string{"terrible-swift-sword", "dead-of-winter"} {
		t.Run(ex, func(t *testing.T) {
			dir, _ := filepath.Abs(filepath.Join("..", "examples", ex))
			if _, err := os.Stat(filepath.Join(dir, "battle.yaml")); err != nil {
				t.Skip("example missing")
			}
			ds := pipeline.Check(pipeline.Options{Dir: dir}).Diagnostics
			want := map[string]int{}
			for _, d := range ds {
				if d.Suppression == nil {
					rel, _ := filepath.Rel(dir, d.Pos.File)
					want[pathURI(filepath.Join(dir, rel))]++
				}
			}
			c := newClient(t)
			c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}}, nil)
			path := filepath.Join(dir, "battle.yaml")
			text, _ := os.ReadFile(path)
			c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": pathURI(path), "languageId": "yaml", "version": 1, "text": string(text)}})
			c.write(map[string]any{"jsonrpc": "2.0", "id": 1000, "method": "shutdown"})
			got := map[string]int{}
			for {
				m := c.next()
				if string(m["id"]) == "1000" {
					break
				}
				var p publishDiagnosticsParams
				json.Unmarshal(m["params"], &p)
				got[p.URI] += len(p.Diagnostics)
				for _, d := range p.Diagnostics {
					if d.Range.Start.Line < 0 || d.Range.End.Line != d.Range.Start.Line || d.Range.End.Character <= d.Range.Start.Character {
						t.Errorf("%s: bad range %+v for %s", p.URI, d.Range, d.Message)
					}
				}
			}
			for uri, n := range want {
				if got[uri] != n {
					t.Errorf("%s: %d diagnostics published, muster validate finds %d", uri, got[uri], n)
				}
			}
			for uri, n := range got {
				if want[uri] == 0 && n > 0 {
					t.Errorf("%s: %d diagnostics published, muster validate finds none", uri, n)
				}
			}
			c.notify("exit", nil)
			<-c.done
		})
	}
}

// TestWatched: a client that can watch files is asked to, and a forces
// file changed on disk re-checks the battle with its new text.
func TestWatched(t *testing.T) {
	dir := starterBattle(t)
	c := newClient(t)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir),
		"capabilities": map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}}}, nil)
	c.notify("initialized", map[string]any{})
	m := c.next()
	if string(m["method"]) != `"client/registerCapability"` || !strings.Contains(string(m["params"]), "workspace/didChangeWatchedFiles") {
		t.Fatalf("no watcher registration: %v", m)
	}
	c.write(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(m["id"]), "result": nil})
	path := filepath.Join(dir, "scenario.yaml")
	uri := pathURI(path)
	text, _ := os.ReadFile(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": string(text)}})
	if ds := c.diagnostics(uri); len(ds) != 0 {
		t.Fatalf("the starter battle: %+v", ds)
	}
	forces := filepath.Join(dir, "forces-usa.yaml")
	data, _ := os.ReadFile(forces)
	if err := os.WriteFile(forces, []byte(strings.Replace(string(data), "{name: 6 WI,", "{name: 6 WIS,", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": pathURI(forces), "type": 2}}})
	ds := c.diagnostics(uri)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, `"6 WI"`) {
		t.Errorf("after the forces changed on disk: %+v", ds)
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	<-c.done
}

// TestUnlisted: a YAML file of the battle folder that no files list names
// is reported on the file itself when it is opened (B017), saved or not;
// nothing was published for it.
func TestUnlisted(t *testing.T) {
	dir := starterBattle(t)
	saved := filepath.Join(dir, "scenario-2.yaml")
	if err := os.WriteFile(saved, []byte("kind: scenario\nid: [broken\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newClient(t)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}}, nil)
	for _, path := range []string{saved, filepath.Join(dir, "scenario-3.yaml")} {
		uri := pathURI(path)
		c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": "kind: scenario\nid: [broken\n"}})
		ds := c.diagnostics(uri)
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if len(ds) != 1 || ds[0].Code != "B017" || ds[0].Severity != 2 || ds[0].Range.Start != (Position{}) ||
			!strings.HasPrefix(ds[0].Message, rel+" is not part of battle first: no files list in battle.yaml names it") ||
			!strings.Contains(ds[0].Message, "hint: add it to files: in battle.yaml") {
			t.Errorf("%s: %+v, want one B017 warning at its start", rel, ds)
		}
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Error(err)
	}
}

// TestReworded: the language server reads no message. With every message
// and hint reworded once the checks have run (diag.Reword), the sessions
// still publish the same ranges, related places (a unit set up twice, a
// unit out of its leader's command) and quick fixes.
func TestReworded(t *testing.T) {
	diag.Reword = func(string) string { return "reworded" }
	defer func() { diag.Reword = nil }()
	t.Run("Session", TestSession)
	t.Run("More", TestMore)
}

// TestRulesetFaces: a face the ruleset gives a unit type (TSS cavalry's
// dismounted face, no order of battle writes it) completes in a set-up.
func TestRulesetFaces(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "examples", "tss-seminary-ridge"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "scenario.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), `{unit: "17 Pa", face: dismounted}`, `{unit: "17 Pa", face: dism}`, 1)
	if text == string(data) {
		t.Fatal("the example no longer sets 17 Pa up dismounted")
	}
	c := newClient(t)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": pathURI(dir), "capabilities": map[string]any{}}, nil)
	uri := pathURI(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
	c.diagnostics(uri)
	var list completionList
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": posOf(t, text, "dism}", 4)}, &list)
	var labels []string
	for _, it := range list.Items {
		labels = append(labels, it.Label)
	}
	if strings.Join(labels, ",") != "dismounted" {
		t.Errorf("faces completed at dism: %v", labels)
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	<-c.done
}
