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
}

func (r *jsonReport) Flush() error {
	out := struct {
		Diagnostics []jsonDiag `json:"diagnostics"`
	}{Diagnostics: []jsonDiag{}}
	for _, d := range r.ds {
		out.Diagnostics = append(out.Diagnostics, jsonDiag{d.Code, d.Severity.String(), d.Pos.File, d.Pos.Line, d.Pos.Column, d.Message, d.Rule, d.Hint, d.Suppression})
	}
	enc := json.NewEncoder(r.w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
