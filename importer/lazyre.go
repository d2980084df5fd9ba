package importer

import (
	"regexp"
	"sync"
)

// lazyRE is a regular expression compiled on first use: the importer's
// patterns cost nothing to the commands that never import.
type lazyRE struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

func lazy(expr string) *lazyRE { return &lazyRE{expr: expr} }

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}

func (l *lazyRE) MatchString(s string) bool              { return l.get().MatchString(s) }
func (l *lazyRE) FindString(s string) string             { return l.get().FindString(s) }
func (l *lazyRE) FindStringSubmatch(s string) []string   { return l.get().FindStringSubmatch(s) }
func (l *lazyRE) FindStringSubmatchIndex(s string) []int { return l.get().FindStringSubmatchIndex(s) }
func (l *lazyRE) ReplaceAllString(s, repl string) string { return l.get().ReplaceAllString(s, repl) }
func (l *lazyRE) FindAllString(s string, n int) []string { return l.get().FindAllString(s, n) }
func (l *lazyRE) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}
