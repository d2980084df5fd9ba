package sheets

import (
	"strings"
	"unicode/utf16"
)

// PDFText is text as a PDF sheet's content stream holds it: the embedded
// Unicode font's strings are UTF-16BE, with PDF's string escapes. The
// tests look for a sheet's words by it.
func PDFText(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u >> 8))
		b.WriteByte(byte(u))
	}
	return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`, "\r", `\r`).Replace(b.String())
}
