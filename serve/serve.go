// Package serve is `muster serve`: a page on the designer's own machine
// that shows a battle as it is being written. The map with a scenario's
// set-up and every diagnostic ringed on it, the diagnostics beside it, the
// order of battle with each counter's place, and the scenario's arrivals
// and withdrawals turn by turn; it reloads by itself (server-sent events)
// when a file of the battle is saved.
//
// It serves only views of the battle made here (the page and its script,
// embedded; the map as SVG; the battle as JSON), never a file by its path,
// with a Content-Security-Policy that forbids loading anything from
// elsewhere. The command binds a loopback address unless told otherwise,
// and the handler then answers only requests addressed to a loopback name,
// so a web page elsewhere cannot reach it by rebinding a name of its own.
package serve

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/sheets"
)

//go:embed assets
var assets embed.FS

// CSP is the page's Content-Security-Policy: its own script, style and
// data, nothing from anywhere else, no frames, no forms.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Options says what to serve.
type Options struct {
	// Check loads and validates the battle: its diagnostics, suppression
	// comments applied, in order (the command's own check).
	Check func() (*battle.Battle, []diag.Diagnostic)
	// Fingerprint changes when a file of the battle is saved, added or
	// removed (the command's, shared with `muster watch`).
	Fingerprint func() string
	// Every is how often an open page's event stream reads the files for a
	// change; 0 means 300 ms.
	Every time.Duration
	// AnyHost answers requests whatever host they name (the command sets
	// it when --addr is not a loopback address); otherwise only
	// localhost, 127.0.0.0/8 and ::1 are answered.
	AnyHost bool
}

// Server holds the latest check of the battle.
type Server struct {
	opt Options
	mu  sync.Mutex
	fp  string
	gen int // how many times the battle was checked
	b   *battle.Battle
	ds  []diag.Diagnostic
	// was holds the findings of the check before the latest (by file and
	// fingerprint, which an edit elsewhere in the file does not move), so
	// the page can mark what the last save brought; nil before a second
	// check.
	was map[string]bool
}

// New makes a server; the battle is checked on the first request.
func New(opt Options) *Server {
	if opt.Every <= 0 {
		opt.Every = 300 * time.Millisecond
	}
	return &Server{opt: opt}
}

// state checks the battle again if its files changed since the last
// check, and returns the latest check.
func (s *Server) state() (int, *battle.Battle, []diag.Diagnostic, map[string]bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fp := s.opt.Fingerprint()
	if s.gen == 0 || fp != s.fp {
		if s.gen > 0 {
			s.was = keys(s.ds)
		}
		s.fp = fp
		s.b, s.ds = s.opt.Check()
		s.gen++
	}
	return s.gen, s.b, s.ds, s.was
}

// key tells a finding across saves: its file and fingerprint.
func key(d diag.Diagnostic) string { return d.Pos.File + "\x00" + d.Fingerprint() }

func keys(ds []diag.Diagnostic) map[string]bool {
	m := make(map[string]bool, len(ds))
	for _, d := range ds {
		m[key(d)] = true
	}
	return m
}

// Handler answers the page's requests.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	for name, typ := range map[string]string{"index.html": "text/html; charset=utf-8", "app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"} {
		data, err := assets.ReadFile("assets/" + name)
		if err != nil {
			panic(err)
		}
		path := "/" + name
		if name == "index.html" {
			path = "/{$}"
		}
		mux.HandleFunc("GET "+path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", typ)
			w.Write(data)
		})
	}
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.HandleFunc("GET /battle.json", s.battleJSON)
	mux.HandleFunc("GET /map.svg", s.mapSVG)
	mux.HandleFunc("GET /events", s.events)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.opt.AnyHost && !loopbackHost(r.Host) {
			http.Error(w, "muster serve answers only requests to localhost", http.StatusMisdirectedRequest)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", CSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		mux.ServeHTTP(w, r)
	})
}

// loopbackHost is whether a Host header names this machine.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// scenario picks the scenario a request names, else the first.
func scenario(b *battle.Battle, id string) *battle.Scenario {
	if b == nil {
		return nil
	}
	if sc := b.Scenario(id); sc != nil {
		return sc
	}
	if len(b.Scenarios) > 0 {
		return b.Scenarios[0]
	}
	return nil
}

// Page is what battle.json holds: the page draws it.
type Page struct {
	Gen         int          `json:"gen"`
	Title       string       `json:"title"`
	Summary     string       `json:"summary"`
	Scenarios   []ScenarioID `json:"scenarios"`
	Scenario    string       `json:"scenario"` // the one shown
	Turns       []TurnInfo   `json:"turns"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Hidden counts the findings of the battle's other scenarios, which
	// the page leaves out.
	Hidden int           `json:"hidden"`
	OOB    *sheets.Sheet `json:"oob"`
	// View is the part of the map the page first shows: the scenario's
	// set-up and entry hexes, in the map's SVG units; nil for the whole map.
	View *Box `json:"view,omitempty"`
}

// Box is a rectangle of the map's SVG.
type Box struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// ScenarioID names a scenario.
type ScenarioID struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// TurnInfo is one turn of the scenario with what arrives and leaves.
type TurnInfo struct {
	Index  int      `json:"index"`
	Text   string   `json:"text"`
	Events []string `json:"events"`
}

// Diagnostic is one diagnostic with the hexes it is about; N is its number
// on the map's rings.
type Diagnostic struct {
	N        int    `json:"n"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Pos      string `json:"pos"`
	Message  string `json:"message"`
	Rule     string `json:"rule,omitempty"`
	Hint     string `json:"hint,omitempty"`
	Hexes    []Hex  `json:"hexes"`
	// New marks a finding the last save brought (not in the check before).
	New bool `json:"new,omitempty"`
}

// Hex is a hex label and its centre in the map's SVG.
type Hex struct {
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
}

const hexSize = 20

// Shown are the findings the page shows for a scenario: the battle-wide
// ones and the scenario's own (a finding in another scenario's file, or in
// its part of a file several scenarios share, is left out), errors first,
// then warnings, then the rest, each kind in file order. The list and the
// map's rings number them alike.
func Shown(b *battle.Battle, ds []diag.Diagnostic, scenarioID string) (shown []diag.Diagnostic, hidden int) {
	sc := scenario(b, scenarioID)
	for _, d := range ds {
		if o := owner(b, d); o != nil && o != sc {
			hidden++
			continue
		}
		shown = append(shown, d)
	}
	rank := func(s diag.Severity) int {
		switch s {
		case diag.Error:
			return 0
		case diag.Warning:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(shown, func(a, b diag.Diagnostic) int { return rank(a.Severity) - rank(b.Severity) })
	return shown, hidden
}

// owner is the scenario whose part of its file a finding is in, or nil
// for a finding elsewhere (battle.yaml, the forces, the map).
func owner(b *battle.Battle, d diag.Diagnostic) *battle.Scenario {
	if b == nil || d.Pos.File == "" {
		return nil
	}
	// the last scenario of the file to start at or above the finding's
	// line, else the file's first (a finding above every scenario's id)
	var at, first *battle.Scenario
	for _, sc := range b.Scenarios {
		if sc.Pos.File != d.Pos.File {
			continue
		}
		if first == nil || sc.Pos.Line < first.Pos.Line {
			first = sc
		}
		if sc.Pos.Line <= d.Pos.Line && (at == nil || sc.Pos.Line > at.Pos.Line) {
			at = sc
		}
	}
	if at != nil {
		return at
	}
	return first
}

// Build makes the page's data from a check of the battle; was, when not
// nil, holds the findings of the check before (Server.state), and a
// finding not among them is marked new.
func Build(gen int, b *battle.Battle, ds []diag.Diagnostic, scenarioID string, was map[string]bool) *Page {
	p := &Page{Gen: gen, Summary: summary(ds), Scenarios: []ScenarioID{}, Turns: []TurnInfo{}, Diagnostics: []Diagnostic{}}
	var ix *sheets.PosIndex
	if b != nil {
		p.Title = b.Name
		if p.Title == "" {
			p.Title = b.ID
		}
		ix = sheets.NewPosIndex(b)
		for _, sc := range b.Scenarios {
			p.Scenarios = append(p.Scenarios, ScenarioID{sc.ID, sc.Name})
		}
	}
	shown, hidden := Shown(b, ds, scenarioID)
	p.Hidden = hidden
	if hidden > 0 {
		p.Summary = summary(shown) + " (the whole battle: " + p.Summary + ")"
	}
	for i, d := range shown {
		pd := Diagnostic{N: i + 1, Severity: d.Severity.String(), Code: d.Code, Pos: d.Pos.String(), Message: d.Message, Rule: d.Rule, Hint: d.Hint, Hexes: []Hex{}}
		pd.New = was != nil && !was[key(d)]
		for _, c := range sheets.DiagnosticHexes(b, d, ix) {
			x, y := render.Center(b.Map.Grid, hexSize, c)
			pd.Hexes = append(pd.Hexes, Hex{b.Map.Grid.Label(c), x, y})
		}
		p.Diagnostics = append(p.Diagnostics, pd)
	}
	sc := scenario(b, scenarioID)
	if sc == nil {
		if b != nil {
			p.OOB = sheets.OOB(b, nil)
		}
		return p
	}
	p.Scenario = sc.ID
	p.OOB = sheets.OOB(b, sc)
	p.View = view(b, sc)
	if len(b.Slots) > 0 {
		for i := sc.First.Index; i <= sc.Last.Index && i-sc.First.Index < 1000; i++ {
			p.Turns = append(p.Turns, TurnInfo{Index: i, Text: b.TurnAt(i).Text(), Events: []string{}})
		}
	}
	add := func(g battle.Group, verb string) {
		if k := g.Time.Index - sc.First.Index; k >= 0 && k < len(p.Turns) {
			where := ""
			var ls []string
			for _, h := range g.Hexes {
				ls = append(ls, h.Label)
			}
			if len(ls) > 0 {
				where = " at " + strings.Join(ls, "/")
			}
			if g.Area != "" {
				where += " area " + g.AreaText(" or ")
			}
			var names []string
			for _, pc := range g.Pieces {
				names = append(names, pc.Ref.Name())
			}
			p.Turns[k].Events = append(p.Turns[k].Events, fmt.Sprintf("%s %s%s: %s", g.Side, verb, where, strings.Join(names, ", ")))
		}
	}
	for _, a := range sc.Arrivals {
		add(a.Group, "arrives")
	}
	for _, w := range sc.Withdrawals {
		add(w.Group, "withdraws")
	}
	return p
}

// view is the box around a scenario's set-up and entry and exit hexes,
// with a hex of room all round; nil when it places nothing on the map.
func view(b *battle.Battle, sc *battle.Scenario) *Box {
	if b.Map == nil {
		return nil
	}
	var cs []maps.Coord
	for _, st := range sc.Setup {
		cs = append(cs, st.Hex.Coord)
	}
	for _, a := range sc.Arrivals {
		for _, h := range a.Hexes {
			cs = append(cs, h.Coord)
		}
	}
	for _, w := range sc.Withdrawals {
		for _, h := range w.Hexes {
			cs = append(cs, h.Coord)
		}
	}
	if len(cs) == 0 {
		return nil
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range cs {
		x, y := render.Center(b.Map.Grid, hexSize, c)
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	const room = 2 * hexSize
	return &Box{X: minX - room, Y: minY - room, W: maxX - minX + 2*room, H: maxY - minY + 2*room}
}

func summary(ds []diag.Diagnostic) string {
	if len(ds) == 0 {
		return "no diagnostics"
	}
	return report.Summary(ds)
}

func (s *Server) battleJSON(w http.ResponseWriter, r *http.Request) {
	gen, b, ds, was := s.state()
	data, err := json.Marshal(Build(gen, b, ds, r.URL.Query().Get("scenario"), was))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(data)
}

// MapSVG draws the map with the scenario's set-up and every diagnostic
// ringed. With turn >= 0 the entry and exit hexes shown are that turn's
// arrivals and withdrawals only; with turn < 0, all of them.
func MapSVG(b *battle.Battle, ds []diag.Diagnostic, scenarioID string, turn int) ([]byte, error) {
	if b == nil || b.Map == nil {
		return nil, fmt.Errorf("the battle has no map to draw")
	}
	sc := scenario(b, scenarioID)
	if sc != nil && turn >= 0 {
		cp := *sc
		cp.Arrivals, cp.Withdrawals = nil, nil
		for _, a := range sc.Arrivals {
			if a.Time.Index == turn {
				cp.Arrivals = append(cp.Arrivals, a)
			}
		}
		for _, w := range sc.Withdrawals {
			if w.Time.Index == turn {
				cp.Withdrawals = append(cp.Withdrawals, w)
			}
		}
		sc = &cp
	}
	ov := sheets.Overlay(b, sc)
	if sc != nil && turn >= 0 {
		ov.Subtitle += ": " + b.TurnAt(turn).Text()
	}
	shown, _ := Shown(b, ds, scenarioID)
	dov := sheets.DiagnosticOverlay(b, shown)
	ov.Rings = dov.Rings
	if len(shown) > 0 {
		ov.Legend = append(ov.Legend, dov.Legend...)
	}
	var buf bytes.Buffer
	if err := render.MapSVG(&buf, b.Map, ov, render.MapOptions{HexSize: hexSize, Palette: render.NewPalette(b.Rules)}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *Server) mapSVG(w http.ResponseWriter, r *http.Request) {
	_, b, ds, _ := s.state()
	q := r.URL.Query()
	turn := -1
	if t := q.Get("turn"); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 {
			http.Error(w, "turn must be a turn index", http.StatusBadRequest)
			return
		}
		turn = n
	}
	data, err := MapSVG(b, ds, q.Get("scenario"), turn)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(data)
}

// events streams an event named "battle" with the check's number each
// time the battle is checked again after a save, and at once on connect.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	last := 0
	tick := time.NewTicker(s.opt.Every)
	defer tick.Stop()
	for {
		if gen, _, _, _ := s.state(); gen != last {
			last = gen
			if _, err := fmt.Fprintf(w, "event: battle\ndata: %d\n\n", gen); err != nil {
				return
			}
			fl.Flush()
		}
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
		}
	}
}
