package sheets

import (
	"html/template"
	"io"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/render"
)

// Page is the paper a sheet is printed on.
type Page struct {
	Paper       string // "letter" or "a4"
	Orientation string // "portrait" or "landscape"
	// Compress the PDF's page streams (true for files; tests turn it off
	// to read the text).
	Compress bool
}

func (p Page) cssSize() string {
	paper := "letter"
	if strings.EqualFold(p.Paper, "a4") {
		paper = "A4"
	}
	o := "portrait"
	if p.Orientation == "landscape" {
		o = "landscape"
	}
	return paper + " " + o
}

// htmlTmpl is parsed on first use, not at start-up.
var htmlTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("oob").Funcs(template.FuncMap{
		"indent": func(d int) int { return d * 14 },
		"hlevel": func(d int) int { return min(3+d, 6) },
		"last":   func(i int, xs []string) bool { return i == len(xs)-1 },
	}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.S.Title}}{{if .S.Subtitle}} — {{.S.Subtitle}}{{end}}</title>
<style>
@page { size: {{.Size}}; margin: 12mm; }
body { font-family: Helvetica, Arial, sans-serif; font-size: 10pt; color: ` + render.SheetInkHTML + `; margin: 0 auto; max-width: 60em; }
h1 { font-size: 16pt; margin: 0 0 2pt; }
.subtitle { font-weight: bold; margin: 0 0 6pt; }
.note { font-style: italic; color: ` + render.SheetNoteHTML + `; margin: 0 0 8pt; }
table.legend { font-size: 8pt; margin-bottom: 10pt; }
section.side { break-before: page; }
section.side:first-of-type { break-before: auto; }
h2 { font-size: 14pt; padding: 3pt 6pt; margin: 10pt 0 4pt; }
.block { break-inside: avoid; page-break-inside: avoid; margin: 4pt 0 6pt; }
.block h3, .block h4, .block h5, .block h6 { margin: 2pt 0; font-size: 11pt; }
.level { font-weight: normal; color: ` + render.SheetLevelHTML + `; font-size: 9pt; }
ul.leaders { list-style: none; margin: 0 0 3pt; padding: 0; font-size: 9pt; }
.role { color: ` + render.SheetLevelHTML + `; }
table.units { border-collapse: collapse; font-size: 8.5pt; width: 100%; }
table.units th, table.units td { border: 0.5pt solid ` + render.SheetTableRule + `; padding: 1pt 4pt; text-align: left; }
table.units th { background: ` + render.SheetTableHeadHTML + `; }
tr { break-inside: avoid; page-break-inside: avoid; }
tr.withdraws td { background: ` + render.SheetWithdraws + `; }
tr.withdraws td:first-child::after { content: " (W)"; font-weight: bold; }
.totals { font-size: 9pt; font-style: italic; margin: 2pt 0; }
.sum { font-size: 9.5pt; font-weight: bold; margin: 2pt 0 8pt; break-before: avoid; }
@media print { body { max-width: none; } }
</style>
</head>
<body>
<h1>{{.S.Title}}</h1>
{{if .S.Subtitle}}<p class="subtitle">{{.S.Subtitle}}</p>{{end}}
{{if .S.Note}}<p class="note">{{.S.Note}}</p>{{end}}
{{if .S.Legend}}<table class="legend">{{range .S.Legend}}<tr><th>{{index . 0}}</th><td>{{index . 1}}</td></tr>{{end}}</table>{{end}}
{{range .S.Sides}}{{$side := .}}<section class="side">
<h2 style="background: {{.Color}}; color: {{.Text}}">{{.Name}} ({{.ID}})</h2>
{{range .Blocks}}{{if .TotalsOnly}}<p class="sum" style="margin-left: {{indent .Depth}}pt">Totals, {{.Label}}: {{.Totals}}</p>
{{else}}<div class="block" style="margin-left: {{indent .Depth}}pt">
<h{{hlevel .Depth}}>{{.Heading}} <span class="level">{{.Level}}</span></h{{hlevel .Depth}}>
{{if .Leaders}}<ul class="leaders">{{range .Leaders}}<li><span class="role">{{.Role}}:</span> <b>{{.Name}}</b>{{if .Ratings}} — {{.Ratings}}{{end}}{{if .Where}} — {{.Where}}{{end}}</li>{{end}}</ul>{{end}}
{{if .Rows}}<table class="units"><thead><tr>{{range $side.Columns}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr{{if .Withdraws}} class="withdraws"{{end}}>{{range .Cells}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>
<p class="totals">{{.Label}}: {{.Totals}}</p>{{end}}
</div>
{{end}}{{end}}<p class="sum">{{.Name}} totals: {{.Totals}}</p>
</section>
{{end}}</body>
</html>
`))
})

// HTML writes the sheet as one HTML page that prints from a browser with
// the same page breaks as the PDF: a block never splits, each side starts
// a page.
func (sh *Sheet) HTML(w io.Writer, p Page) error {
	return htmlTmpl().Execute(w, struct {
		S    *Sheet
		Size string
	}{sh, p.cssSize()})
}
