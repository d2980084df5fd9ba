package sheets

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Markdown writes the sheet as GitHub-flavoured Markdown, for review in a
// pull request.
func (sh *Sheet) Markdown(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# %s\n\n", mdText(sh.Title))
	if sh.Subtitle != "" {
		fmt.Fprintf(bw, "**%s**\n\n", mdText(sh.Subtitle))
	}
	if sh.Note != "" {
		fmt.Fprintf(bw, "> %s\n\n", mdText(sh.Note))
	}
	if len(sh.Legend) > 0 {
		bw.WriteString("| Key | Meaning |\n|---|---|\n")
		for _, l := range sh.Legend {
			fmt.Fprintf(bw, "| %s | %s |\n", mdCell(l[0]), mdCell(l[1]))
		}
		bw.WriteString("\n")
	}
	if sh.Withdrawals {
		bw.WriteString("Units marked **(W)** withdraw during the scenario.\n\n")
	}
	for _, s := range sh.Sides {
		fmt.Fprintf(bw, "## %s (%s)\n\n", mdText(s.Name), mdText(s.ID))
		for _, b := range s.Blocks {
			if b.TotalsOnly {
				fmt.Fprintf(bw, "**Totals, %s:** %s\n\n", mdText(b.Label), b.Totals)
				continue
			}
			lvl := min(3+b.Depth, 6)
			fmt.Fprintf(bw, "%s %s (%s)\n\n", strings.Repeat("#", lvl), mdText(b.Heading), mdText(b.Level))
			for _, l := range b.Leaders {
				fmt.Fprintf(bw, "- %s: **%s**", l.Role, mdText(l.Name))
				if l.Ratings != "" {
					fmt.Fprintf(bw, " — %s", mdText(l.Ratings))
				}
				if l.Where != "" {
					fmt.Fprintf(bw, " — %s", mdText(l.Where))
				}
				bw.WriteString("\n")
			}
			if len(b.Leaders) > 0 {
				bw.WriteString("\n")
			}
			if len(b.Rows) > 0 {
				bw.WriteString("|")
				for _, c := range s.Columns {
					fmt.Fprintf(bw, " %s |", mdCell(c))
				}
				bw.WriteString("\n|")
				for range s.Columns {
					bw.WriteString("---|")
				}
				bw.WriteString("\n")
				for _, r := range b.Rows {
					bw.WriteString("|")
					for i, c := range r.Cells {
						c = mdCell(c)
						if i == 0 && r.Withdraws {
							c = "**" + c + "** (W)"
						}
						fmt.Fprintf(bw, " %s |", c)
					}
					bw.WriteString("\n")
				}
				fmt.Fprintf(bw, "\n*%s: %s*\n\n", mdText(b.Label), b.Totals)
			}
		}
		fmt.Fprintf(bw, "**%s totals:** %s\n\n", mdText(s.Name), s.Totals)
	}
	return bw.Flush()
}

var mdEscaper = strings.NewReplacer("\\", "\\\\", "*", "\\*", "_", "\\_", "`", "\\`", "<", "&lt;", ">", "&gt;", "[", "\\[", "]", "\\]")

func mdText(s string) string {
	return mdEscaper.Replace(strings.Join(strings.Fields(s), " "))
}

func mdCell(s string) string {
	if s == "" {
		return " "
	}
	return strings.ReplaceAll(mdText(s), "|", "\\|")
}
