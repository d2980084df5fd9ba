package report

import (
	"encoding/json"
	"io"

	"github.com/muster-wargames/muster/diag"
)

// jsonReport prints {"diagnostics":[...]}.
type jsonReport struct {
	w io.Writer
	held
}

// JSON is the json report, written on Flush.
func JSON(w io.Writer, _ Options) Report { return &jsonReport{w: w} }

type jsonDiag struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
	Rule     string `json:"rule"`
	Hint     string `json:"hint"`
	// Suppression is set on a finding a suppression or a baseline accepts.
	Suppression *diag.Suppression `json:"suppression,omitempty"`
	// Related, Subjects and Fixes are the finding's structure, when it
	// has any (diag.Diagnostic's fields of the same names).
	Related  []jsonRelated  `json:"related,omitempty"`
	Subjects *diag.Subjects `json:"subjects,omitempty"`
	Fixes    []jsonFix      `json:"fixes,omitempty"`
}

// jsonLocation is a location of any kind: kind "file" is a file position.
type jsonLocation struct {
	Kind   string `json:"kind"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	// a place in a played game (kind "play"): its file is the game
	Step  int    `json:"step,omitempty"`
	Piece string `json:"piece,omitempty"`
	Hex   string `json:"hex,omitempty"`
}

type jsonRelated struct {
	Location jsonLocation `json:"location"`
	Note     string       `json:"note"`
}

type jsonEdit struct {
	Location jsonLocation `json:"location"`
	Old      string       `json:"old"`
	New      string       `json:"new"`
}

type jsonFix struct {
	Title string     `json:"title"`
	Edits []jsonEdit `json:"edits"`
}

// locationJSON writes a location of each kind.
func locationJSON(l diag.Location) jsonLocation {
	switch at := l.(type) {
	case diag.Pos:
		return jsonLocation{Kind: "file", File: at.File, Line: at.Line, Column: at.Column}
	case diag.Play:
		return jsonLocation{Kind: "play", File: at.Game, Step: at.Step, Piece: at.Piece, Hex: at.Hex}
	}
	return jsonLocation{Kind: "unknown"}
}

func (r *jsonReport) Flush() error {
	out := struct {
		Diagnostics []jsonDiag `json:"diagnostics"`
	}{Diagnostics: []jsonDiag{}}
	for _, d := range r.ds {
		j := jsonDiag{Code: d.Code, Severity: d.Severity.String(), File: d.Pos.File, Line: d.Pos.Line, Column: d.Pos.Column,
			Message: d.Message, Rule: d.Rule, Hint: d.Hint, Suppression: d.Suppression}
		for _, r := range d.Related {
			j.Related = append(j.Related, jsonRelated{locationJSON(r.At), r.Note})
		}
		if !d.Subjects.Empty() {
			j.Subjects = d.Subjects
		}
		for _, f := range d.Fixes {
			jf := jsonFix{Title: f.Title}
			for _, e := range f.Edits {
				jf.Edits = append(jf.Edits, jsonEdit{locationJSON(e.At), e.Old, e.New})
			}
			j.Fixes = append(j.Fixes, jf)
		}
		out.Diagnostics = append(out.Diagnostics, j)
	}
	enc := json.NewEncoder(r.w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
