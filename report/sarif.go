package report

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/diag"
)

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the subset
// GitHub code scanning reads: one run, one rule per diagnostic code that the
// report uses, one result per diagnostic.

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// InformationURI is muster's home page, which SARIF names as the tool's.
const InformationURI = "https://github.com/muster-wargames/muster"

// HelpURI is where a code is documented: its section of docs/codes.md,
// whose headings are the codes ("## R002", anchor #r002).
func HelpURI(code string) string {
	return InformationURI + "/blob/main/docs/codes.md#" + strings.ToLower(code)
}

// srcRoot is the base the artifact URIs are relative to.
const srcRoot = "%SRCROOT%"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool sarifTool `json:"tool"`
	// OriginalURIBaseIDs says where %SRCROOT% is, when a file was given
	// by an absolute path (and so the report holds that path anyway).
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                   `json:"columnKind"`
	Results            []sarifResult            `json:"results"`
	Invocations        []sarifInvoc             `json:"invocations"`
}

type sarifInvoc struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name,omitempty"`
	ShortDescription     *sarifText        `json:"shortDescription,omitempty"`
	FullDescription      *sarifText        `json:"fullDescription,omitempty"`
	HelpURI              string            `json:"helpUri,omitempty"`
	Help                 *sarifText        `json:"help,omitempty"`
	DefaultConfiguration sarifConfig       `json:"defaultConfiguration"`
	Properties           map[string]string `json:"properties,omitempty"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
	// RelatedLocations are the places the finding cites, each with its
	// note; PartialFingerprints its fingerprint (diag.Diagnostic.
	// Fingerprint: code, subjects, structural path, never the message);
	// Fixes its suggested edits.
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	Properties          map[string]string `json:"properties,omitempty"`
	// Suppressions mark a finding accepted by a `# muster:ignore` comment
	// (kind inSource) or a baseline (kind external).
	Suppressions []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification"`
}

type sarifLocation struct {
	ID               *int           `json:"id,omitempty"`
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
	Message          *sarifText     `json:"message,omitempty"`
}

// sarifLogical is a place in a played game: the piece, named with its
// step and hex.
type sarifLogical struct {
	Name               string `json:"name,omitempty"`
	FullyQualifiedName string `json:"fullyQualifiedName,omitempty"`
	Kind               string `json:"kind,omitempty"`
}

type sarifFix struct {
	Description     *sarifText            `json:"description,omitempty"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent *sarifText  `json:"insertedContent,omitempty"`
}

// fingerprintKey names muster's fingerprint among a result's
// partialFingerprints, with its version.
const fingerprintKey = "musterFingerprint/v1"

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "note"
}

// location is a diagnostic's file as SARIF's artifact location, and
// whether it is relative to the root given (an absolute path, or a
// relative one that climbs out of the working folder, under root):
//
//	map.yaml (relative)            uri map.yaml, uriBaseId %SRCROOT%
//	ROOT/b/map.yaml (absolute)     uri b/map.yaml, uriBaseId %SRCROOT% (rooted)
//	/elsewhere/map.yaml            uri file:///elsewhere/map.yaml, no base
func location(file, root string) (a sarifArtifact, rooted bool) {
	slash := strings.ReplaceAll(file, "\\", "/")
	abs := filepath.IsAbs(file) || path.IsAbs(slash)
	if !abs && slash != ".." && !strings.HasPrefix(path.Clean(slash), "../") {
		return sarifArtifact{URI: relativeURI(slash), URIBaseID: srcRoot}, false
	}
	full := file
	if !abs && root != "" {
		full = filepath.Join(root, file)
	}
	if root != "" {
		if rel, err := filepath.Rel(root, full); err == nil && filepath.IsLocal(rel) {
			return sarifArtifact{URI: relativeURI(filepath.ToSlash(rel)), URIBaseID: srcRoot}, true
		}
	}
	return sarifArtifact{URI: fileURI(full)}, false
}

// relativeURI is a relative slash path as a relative-path reference: its
// characters escaped, and "./" before a first segment that holds a colon,
// which a reader would otherwise take for a scheme (RFC 3986, 4.2).
func relativeURI(p string) string {
	u := (&url.URL{Path: p}).EscapedPath()
	if first, _, _ := strings.Cut(u, "/"); strings.Contains(first, ":") {
		u = "./" + u
	}
	return u
}

// fileURI is an absolute path as a file: URI.
func fileURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x is file:///C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// physical is a file position as SARIF's physical location, whether it is
// made relative to the root, and false for no file.
func (s *sarif) physical(p diag.Pos) (*sarifPhysical, bool, bool) {
	if p.File == "" {
		return nil, false, false
	}
	a, under := location(p.File, s.root)
	loc := &sarifPhysical{ArtifactLocation: a}
	if p.Line > 0 {
		loc.Region = &sarifRegion{StartLine: p.Line, StartColumn: p.Column}
	}
	return loc, under, true
}

// quoted reports whether the source at p, when the report has it, opens a
// quoted scalar.
func (s *sarif) quoted(p diag.Pos) bool {
	src, ok := s.texts[p.File]
	if !ok {
		return false
	}
	lines := bytes.SplitN(src, []byte("\n"), p.Line+1)
	if len(lines) < p.Line {
		return false
	}
	line := []rune(string(lines[p.Line-1]))
	return p.Column-1 < len(line) && (line[p.Column-1] == '"' || line[p.Column-1] == '\'')
}

// rule describes a code as a SARIF rule; a code the lookup does not know
// is a rule with its id alone.
func (s *sarif) rule(code string) sarifRule {
	r := sarifRule{ID: code, DefaultConfiguration: sarifConfig{Level: "error"}}
	c, ok := s.lookup(code)
	if !ok {
		return r
	}
	r.ID = c.Code
	r.Name = ruleName(c.Title)
	r.ShortDescription = &sarifText{Text: c.Title}
	r.HelpURI = HelpURI(c.Code)
	r.FullDescription = &sarifText{Text: c.Doc}
	help := c.Doc
	md := "**" + c.Code + ": " + c.Title + "**\n\n" + c.Doc
	if c.Rule != "" {
		help += "\n\nRule: " + c.Rule
		md += "\n\nRule: " + c.Rule
	}
	help += "\n\nMore: muster explain " + c.Code
	md += "\n\nMore: `muster explain " + c.Code + "`"
	r.Help = &sarifText{Text: help, Markdown: md}
	r.DefaultConfiguration.Level = sarifLevel(c.Severity)
	r.Properties = map[string]string{"system": c.System}
	if c.Rule != "" {
		r.Properties["rule"] = c.Rule
	}
	return r
}

// ruleName turns a title into the PascalCase name SARIF suggests.
func ruleName(title string) string {
	var b strings.Builder
	up := true
	for _, r := range title {
		switch {
		case r >= 'a' && r <= 'z':
			if up {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}

type sarif struct {
	w       io.Writer
	lookup  func(string) (diag.Code, bool)
	version string
	root    string
	texts   Texts
	failed  string
	held
}

// SARIF is the SARIF 2.1.0 log, written on Flush; its rules are the codes
// the diagnostics use, described by Options.Lookup, each with a helpUri to
// its section of docs/codes.md. Artifact URIs are relative to %SRCROOT%:
// a file given by an absolute path under Options.Root is made relative to
// it, and the run's originalUriBaseIds then says where %SRCROOT% is.
func SARIF(w io.Writer, o Options) Report {
	return &sarif{w: w, lookup: o.lookup, version: o.Version, root: o.Root, texts: o.Texts, failed: o.Failed}
}

// executed is SARIF's executionSuccessful: false when input could not be
// read (a diagnostic that Exit turns into ExitBadInput), so that a run
// which exits 2 is not shown as a run that checked everything.
func executed(ds []diag.Diagnostic) bool {
	st, _ := Exit(ds, Lenient)
	return st != ExitBadInput
}

func (s *sarif) Flush() error {
	ds := s.ds
	codes := map[string]bool{}
	for _, d := range ds {
		codes[strings.ToUpper(d.Code)] = true
	}
	var ids []string
	for c := range codes {
		ids = append(ids, c)
	}
	sort.Strings(ids)
	index := map[string]int{}
	rules := make([]sarifRule, 0, len(ids))
	for i, id := range ids {
		index[id] = i
		rules = append(rules, s.rule(id))
	}
	results := make([]sarifResult, 0, len(ds))
	rooted := false
	for _, d := range ds {
		code := strings.ToUpper(d.Code)
		msg := d.Message
		if d.Hint != "" {
			msg += "\nhint: " + d.Hint
		}
		r := sarifResult{RuleID: rules[index[code]].ID, RuleIndex: index[code], Level: sarifLevel(d.Severity), Message: sarifText{Text: msg}}
		if loc, under, ok := s.physical(d.Pos); ok {
			rooted = rooted || under
			r.Locations = []sarifLocation{{PhysicalLocation: loc}}
		}
		for i, rel := range d.Related {
			l := sarifLocation{ID: &i, Message: &sarifText{Text: rel.Note}}
			switch at := rel.At.(type) {
			case diag.Pos:
				loc, under, ok := s.physical(at)
				if !ok {
					continue
				}
				rooted = rooted || under
				l.PhysicalLocation = loc
			case diag.Play:
				// the game's file, and the piece in it as a logical place
				if loc, under, ok := s.physical(diag.Pos{File: at.Game}); ok {
					rooted = rooted || under
					l.PhysicalLocation = loc
				}
				l.LogicalLocations = []sarifLogical{{Name: at.Piece, FullyQualifiedName: at.String(), Kind: "element"}}
			}
			r.RelatedLocations = append(r.RelatedLocations, l)
		}
		r.PartialFingerprints = map[string]string{fingerprintKey: d.Fingerprint()}
		for _, f := range d.Fixes {
			fix := sarifFix{Description: &sarifText{Text: f.Title}}
			for _, e := range f.Edits {
				if e.At.File == "" || e.At.Line == 0 || e.At.Column == 0 {
					continue
				}
				a, under := location(e.At.File, s.root)
				rooted = rooted || under
				col := e.At.Column
				if s.quoted(e.At) {
					col++ // the edit keeps the quotes
				}
				fix.ArtifactChanges = append(fix.ArtifactChanges, sarifArtifactChange{ArtifactLocation: a, Replacements: []sarifReplacement{{
					DeletedRegion:   sarifRegion{StartLine: e.At.Line, StartColumn: col, EndColumn: col + utf8.RuneCountInString(e.Old)},
					InsertedContent: &sarifText{Text: e.New},
				}}})
			}
			if len(fix.ArtifactChanges) > 0 {
				r.Fixes = append(r.Fixes, fix)
			}
		}
		if d.Rule != "" {
			r.Properties = map[string]string{"rule": d.Rule}
		}
		if d.Suppression != nil {
			r.Suppressions = []sarifSuppression{{Kind: d.Suppression.Kind, Status: "accepted", Justification: d.Suppression.Justification}}
		}
		results = append(results, r)
	}
	run := sarifRun{
		Tool:        sarifTool{Driver: sarifDriver{Name: "muster", Version: s.version, InformationURI: InformationURI, Rules: rules}},
		ColumnKind:  "unicodeCodePoints",
		Results:     results,
		Invocations: []sarifInvoc{{ExecutionSuccessful: executed(ds) && s.failed == ""}},
	}
	if s.failed != "" {
		run.Invocations[0].ToolExecutionNotifications = []sarifNotification{{Level: "error", Message: sarifText{Text: s.failed}}}
	}
	if rooted {
		run.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: {URI: strings.TrimSuffix(fileURI(s.root), "/") + "/"}}
	}
	log := sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}}
	enc := json.NewEncoder(s.w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}
