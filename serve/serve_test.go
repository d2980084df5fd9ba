package serve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/pipeline"
	"github.com/muster-wargames/muster/serve"
)

// battleDir copies examples/dow-intro into a new folder.
func battleDir(t testing.TB) string {
	t.Helper()
	src := filepath.Join("..", "examples", "dow-intro")
	dir := t.TempDir()
	es, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// fingerprint is the files' contents: enough for a test.
func fingerprint(dir string) string {
	var b strings.Builder
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		b.WriteString(e.Name())
		b.Write(data)
	}
	return b.String()
}

func newServer(t testing.TB, dir string) *httptest.Server {
	t.Helper()
	s := serve.New(serve.Options{
		Check: func() (*battle.Battle, []diag.Diagnostic) {
			r := pipeline.Check(pipeline.Options{Dir: dir})
			return r.Battle, r.Diagnostics
		},
		Fingerprint: func() string { return fingerprint(dir) },
		Every:       20 * time.Millisecond,
	})
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	r, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	data, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return r, string(data)
}

// breakSetup misspells a unit of the intro scenario's set-up at C3108.
func breakSetup(t testing.TB, dir string) {
	t.Helper()
	p := filepath.Join(dir, "intro.yaml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(data), `[McCook, Davis, Escort/RW]`, `[McCook, Daviss, Escort/RW]`, 1)
	if s == string(data) {
		t.Fatal("intro.yaml has no set-up at C3108 to break")
	}
	// as editors save: a whole new file, never a half-written one
	tmp := filepath.Join(dir, ".intro.yaml.tmp")
	if err := os.WriteFile(tmp, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

// addTurns adds a scenario of four turns to the battle in dir: Escort
// arrives at 1400 and withdraws at 1500.
func addTurns(t testing.TB, dir string) {
	t.Helper()
	sc := `kind: scenario
id: turns
name: Four turns
sheets: [C]
turns: {first: "Dec 30 1300", last: "Dec 30 1600"}
first: USA
setup:
  USA:
    "C3014": [59 IL]
  CSA:
    "C4415": [154 TN]
reinforcements:
  USA:
    - {time: "Dec 30 1400", hexes: ["C3101"], units: [Escort]}
withdrawals:
  USA:
    - {time: "Dec 30 1500", hexes: ["C3101"], units: [Escort]}
`
	if err := os.WriteFile(filepath.Join(dir, "turns.yaml"), []byte(sc), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "battle.yaml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), "intro.yaml]", "intro.yaml, turns.yaml]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestPage(t *testing.T) {
	ts := newServer(t, battleDir(t))
	r, body := get(t, ts.URL+"/")
	if r.StatusCode != 200 || !strings.Contains(body, `<script src="/app.js"`) {
		t.Fatalf("page: %d %q", r.StatusCode, body)
	}
	csp := r.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self'", "connect-src 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	for _, asset := range []string{"/app.js", "/app.css"} {
		if r, body := get(t, ts.URL+asset); r.StatusCode != 200 || len(body) < 100 {
			t.Errorf("%s: %d, %d bytes", asset, r.StatusCode, len(body))
		}
	}
	// nothing from elsewhere: no address of another host in the page, its script or style
	for _, asset := range []string{"/", "/app.js", "/app.css"} {
		_, body := get(t, ts.URL+asset)
		body = strings.ReplaceAll(body, "http://www.w3.org/2000/svg", "") // a namespace name, never fetched
		if strings.Contains(body, "://") || strings.Contains(body, "\"//") || strings.Contains(body, "@import") {
			t.Errorf("%s names another host", asset)
		}
	}
	// the battle's files are not served
	for _, path := range []string{"/battle.yaml", "/intro.yaml", "/../go.mod", "/assets/app.js"} {
		if r, _ := get(t, ts.URL+path); r.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", path, r.StatusCode)
		}
	}
}

func TestLoopbackHostOnly(t *testing.T) {
	ts := newServer(t, battleDir(t))
	req, _ := http.NewRequest("GET", ts.URL+"/battle.json", nil)
	req.Host = "attacker.example:8080"
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("a request for another host: %d, want 421", r.StatusCode)
	}
	for _, host := range []string{"localhost:8080", "127.0.0.1:8080", "[::1]:8080"} {
		req.Host = host
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != 200 {
			t.Errorf("Host %s: %d, want 200", host, r.StatusCode)
		}
	}
}

func TestMapSVG(t *testing.T) {
	dir := battleDir(t)
	breakSetup(t, dir)
	addTurns(t, dir)
	ts := newServer(t, dir)
	r, body := get(t, ts.URL+"/map.svg?scenario=intro")
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(body, "<svg ") {
		t.Fatalf("map: %d %s %.80q", r.StatusCode, r.Header.Get("Content-Type"), body)
	}
	if !strings.Contains(body, "Scenario intro") || !strings.Contains(body, "C3108 USA") {
		t.Error("the map lacks the intro set-up")
	}
	if !strings.Contains(body, `<g id="rings"`) {
		t.Error("the map rings no diagnostic")
	}
	// by turn: Escort arrives at 1400 and withdraws at 1500
	_, all := get(t, ts.URL+"/map.svg?scenario=turns")
	_, t1400 := get(t, ts.URL+"/map.svg?scenario=turns&turn="+turnIndex(t, ts, "turns", "Dec 30 1400"))
	_, t1500 := get(t, ts.URL+"/map.svg?scenario=turns&turn="+turnIndex(t, ts, "turns", "Dec 30 1500"))
	for _, c := range []struct {
		name, svg, text string
		want            bool
	}{
		{"all turns", all, "USA arrives Dec 30 1400", true},
		{"all turns", all, "USA withdraws Dec 30 1500", true},
		{"1400", t1400, "USA arrives Dec 30 1400", true},
		{"1400", t1400, "USA withdraws", false},
		{"1500", t1500, "USA withdraws Dec 30 1500", true},
		{"1500", t1500, "USA arrives", false},
	} {
		if strings.Contains(c.svg, c.text) != c.want {
			t.Errorf("map of %s: has %q is %v, want %v", c.name, c.text, !c.want, c.want)
		}
	}
	if !strings.Contains(t1500, ": Dec 30 1500</text>") {
		t.Error("the map of a turn does not name the turn")
	}
	if r, _ := get(t, ts.URL+"/map.svg?turn=x"); r.StatusCode != 400 {
		t.Errorf("turn=x: %d, want 400", r.StatusCode)
	}
}

func page(t *testing.T, ts *httptest.Server, scenario string) serve.Page {
	t.Helper()
	r, body := get(t, ts.URL+"/battle.json?scenario="+scenario)
	if r.StatusCode != 200 || r.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("battle.json: %d %s", r.StatusCode, r.Header.Get("Content-Type"))
	}
	var p serve.Page
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func turnIndex(t *testing.T, ts *httptest.Server, scenario, text string) string {
	t.Helper()
	for _, tu := range page(t, ts, scenario).Turns {
		if tu.Text == text {
			return itoa(tu.Index)
		}
	}
	t.Fatalf("scenario %s has no turn %s", scenario, text)
	return ""
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestDiagnosticsJSON(t *testing.T) {
	dir := battleDir(t)
	ts := newServer(t, dir)
	p := page(t, ts, "")
	if p.Title == "" || p.Scenario != "intro" || len(p.Diagnostics) != 0 || p.Summary != "no diagnostics" || p.OOB == nil || len(p.OOB.Sides) != 2 {
		t.Fatalf("clean battle: %+v", p)
	}
	breakSetup(t, dir)
	p = page(t, ts, "intro")
	if len(p.Diagnostics) == 0 {
		t.Fatal("no diagnostic after the set-up was broken")
	}
	d := p.Diagnostics[0]
	if d.N != 1 || d.Severity != "error" || !strings.Contains(d.Message, "Daviss") || !strings.Contains(d.Pos, "intro.yaml:16:") {
		t.Errorf("diagnostic: %+v", d)
	}
	if len(d.Hexes) != 1 || d.Hexes[0].Label != "C3108" || d.Hexes[0].X <= 0 || d.Hexes[0].Y <= 0 {
		t.Errorf("hexes of %s: %+v", d.Code, d.Hexes)
	}
	addTurns(t, dir)
	tp := page(t, ts, "turns")
	var events []string
	for _, tu := range tp.Turns {
		events = append(events, tu.Text+": "+strings.Join(tu.Events, "; "))
	}
	got := strings.Join(events, "\n")
	if len(tp.Turns) != 4 || !strings.Contains(got, "Dec 30 1400: USA arrives at C3101: Escort/RW\nDec 30 1500: USA withdraws at C3101: Escort/RW\n") {
		t.Errorf("the turns:\n%s", got)
	}
}

func TestEvents(t *testing.T) {
	dir := battleDir(t)
	ts := newServer(t, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/events", nil)
	r, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	if ct := r.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	sc := bufio.NewScanner(r.Body)
	next := func() string {
		t.Helper()
		var ev []string
		for sc.Scan() {
			if sc.Text() == "" {
				return strings.Join(ev, "|")
			}
			ev = append(ev, sc.Text())
		}
		t.Fatalf("stream ended: %v", sc.Err())
		return ""
	}
	if ev := next(); ev != "event: battle|data: 1" {
		t.Fatalf("first event %q", ev)
	}
	breakSetup(t, dir)
	if ev := next(); ev != "event: battle|data: 2" {
		t.Fatalf("after a save: %q", ev)
	}
	if p := page(t, ts, "intro"); p.Gen < 2 || len(p.Diagnostics) == 0 {
		t.Errorf("after the event: gen %d, %d diagnostics", p.Gen, len(p.Diagnostics))
	}
}

// A battle that does not load still gets its page: the diagnostics, no map.
func TestBrokenBattle(t *testing.T) {
	dir := battleDir(t)
	if err := os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte("kind: battle\nid: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ts := newServer(t, dir)
	p := page(t, ts, "")
	if len(p.Diagnostics) == 0 || p.Diagnostics[0].Code != "Y001" || len(p.Scenarios) != 0 {
		t.Errorf("broken battle: %+v", p)
	}
	if r, body := get(t, ts.URL+"/map.svg"); r.StatusCode != 404 || !strings.Contains(body, "no map") {
		t.Errorf("map of a broken battle: %d %q", r.StatusCode, body)
	}
}

// TestScenarioFindings: on Dead of Winter (eleven scenarios, a finding in
// most) the page lists the chosen scenario's findings and the battle-wide
// ones only, errors first, and first shows the scenario's set-up, not the
// whole map.
func TestScenarioFindings(t *testing.T) {
	ts := newServer(t, filepath.Join("..", "examples", "dead-of-winter"))
	lists := map[string][]serve.Diagnostic{}
	for _, id := range []string{"intro", "s9"} {
		p := page(t, ts, id)
		if p.Scenario != id || p.Hidden == 0 || len(p.Diagnostics) == 0 {
			t.Fatalf("%s: scenario %q, %d shown, %d hidden", id, p.Scenario, len(p.Diagnostics), p.Hidden)
		}
		other := "scenario-9.yaml"
		if id == "s9" {
			other = "scenario-intro.yaml"
		}
		rank := map[string]int{"error": 0, "warning": 1, "info": 2}
		for i, d := range p.Diagnostics {
			if d.N != i+1 {
				t.Errorf("%s: finding %d is numbered %d", id, i+1, d.N)
			}
			if strings.Contains(d.Pos, other) {
				t.Errorf("%s: shows %s's finding %s %s", id, other, d.Code, d.Pos)
			}
			if i > 0 && rank[d.Severity] < rank[p.Diagnostics[i-1].Severity] {
				t.Errorf("%s: %s %s after %s", id, d.Severity, d.Code, p.Diagnostics[i-1].Severity)
			}
		}
		if p.View == nil || p.View.W <= 0 || p.View.H <= 0 {
			t.Errorf("%s: no view of the set-up: %+v", id, p.View)
		}
		lists[id] = p.Diagnostics
	}
	if len(lists["intro"]) == len(lists["s9"]) && lists["intro"][len(lists["intro"])-1].Pos == lists["s9"][len(lists["s9"])-1].Pos {
		t.Error("intro and s9 list the same findings")
	}
}

// TestNewFindings: after a save, the findings it brought are marked new
// and the ones that were there before are not.
func TestNewFindings(t *testing.T) {
	dir := battleDir(t)
	ts := newServer(t, dir)
	if p := page(t, ts, "intro"); len(p.Diagnostics) != 0 {
		t.Fatalf("clean battle: %+v", p.Diagnostics)
	}
	breakSetup(t, dir)
	p := page(t, ts, "intro")
	if len(p.Diagnostics) == 0 || !p.Diagnostics[0].New {
		t.Fatalf("the broken set-up's finding is not new: %+v", p.Diagnostics)
	}
	// another save that changes nothing of the finding: it is no longer new
	f := filepath.Join(dir, "intro.yaml")
	data, _ := os.ReadFile(f)
	if err := os.WriteFile(f, append(data, []byte("\n# a comment\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	p = page(t, ts, "intro")
	if len(p.Diagnostics) == 0 || p.Diagnostics[0].New {
		t.Errorf("a finding the save before brought is still new: %+v", p.Diagnostics)
	}
}
