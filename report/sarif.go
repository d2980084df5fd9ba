package report

import (
	"encoding/json"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strings"

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
	ExecutionSuccessful bool `json:"executionSuccessful"`
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
	RuleID     string            `json:"ruleId"`
	RuleIndex  int               `json:"ruleIndex"`
	Level      string            `json:"level"`
	Message    sarifText         `json:"message"`
	Locations  []sarifLocation   `json:"locations,omitempty"`
	Properties map[string]string `json:"properties,omitempty"`
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
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

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
		return sarifArtifact{URI: (&url.URL{Path: slash}).EscapedPath(), URIBaseID: srcRoot}, false
	}
	full := file
	if !abs && root != "" {
		full = filepath.Join(root, file)
	}
	if root != "" {
		if rel, err := filepath.Rel(root, full); err == nil && filepath.IsLocal(rel) {
			return sarifArtifact{URI: (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), URIBaseID: srcRoot}, true
		}
	}
	return sarifArtifact{URI: fileURI(full)}, false
}

// fileURI is an absolute path as a file: URI.
func fileURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x is file:///C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
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
	held
}

// SARIF is the SARIF 2.1.0 log, written on Flush; its rules are the codes
// the diagnostics use, described by Options.Lookup, each with a helpUri to
// its section of docs/codes.md. Artifact URIs are relative to %SRCROOT%:
// a file given by an absolute path under Options.Root is made relative to
// it, and the run's originalUriBaseIds then says where %SRCROOT% is.
func SARIF(w io.Writer, o Options) Report {
	return &sarif{w: w, lookup: o.lookup, version: o.Version, root: o.Root}
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
		if d.Pos.File != "" {
			a, under := location(d.Pos.File, s.root)
			rooted = rooted || under
			loc := sarifPhysical{ArtifactLocation: a}
			if d.Pos.Line > 0 {
				loc.Region = &sarifRegion{StartLine: d.Pos.Line, StartColumn: d.Pos.Column}
			}
			r.Locations = []sarifLocation{{loc}}
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
		Invocations: []sarifInvoc{{ExecutionSuccessful: executed(ds)}},
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
