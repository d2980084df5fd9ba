package report

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/diag"
)

// echoInCells is echoIn as it was written first, a cell a rune built
// before the window is cut: the oracle TestEchoInSame holds echoIn to.
func echoInCells(src string, ix *runeIndex, col int) (string, int) {
	type cell struct {
		s     string
		width int
	}
	offset, total := 0, 0
	if ix != nil {
		total = ix.runes
		col = max(0, min(col, total))
		from := max(0, min(col-echoWidth/2, total-echoWidth))
		to := min(total, from+echoWidth)
		src, offset, col = src[ix.at(from):ix.at(to)], from, col-from
	}
	var cells []cell
	for _, r := range src {
		switch {
		case r == '\t':
			cells = append(cells, cell{" ", 1})
		case diag.Unprintable(r):
			e := diag.EscapeRune(r)
			cells = append(cells, cell{e, len(e)})
		default:
			cells = append(cells, cell{string(r), 1})
		}
	}
	col = max(0, min(col, len(cells)))
	from, to := 0, len(cells)
	if to > echoWidth {
		from = max(0, col-echoWidth/2)
		to = min(len(cells), from+echoWidth)
		from = max(0, to-echoWidth)
	}
	var b strings.Builder
	caret := 0
	if from > 0 || offset > 0 {
		b.WriteString("…")
		caret = 1
	}
	for i := from; i < to; i++ {
		if i < col {
			caret += cells[i].width
		}
		b.WriteString(cells[i].s)
	}
	if to < len(cells) || offset+to < total {
		b.WriteString("…")
	}
	return b.String(), caret
}

// TestEchoInSame: the echo of a line and its caret are what a cell a
// rune gave, for lines of every length about the echo's width (one past
// it too), with tabs, escapes, wide and invalid bytes, read whole or
// through a rune index, at columns before, in and past the line.
func TestEchoInSame(t *testing.T) {
	parts := []string{"a", "Z", " ", "\t", "\x1b", "\x7f", "\u0085", "é", "漢", "\u2028", "\ufeff", "\xff", "\xe2\x82", ":", "-"}
	rng := rand.New(rand.NewSource(29))
	for _, n := range []int{0, 1, 5, echoWidth - 1, echoWidth, echoWidth + 1, 2 * echoWidth, 700} {
		for k := 0; k < 40; k++ {
			var sb strings.Builder
			for i := 0; i < n; i++ {
				if k%4 == 0 {
					sb.WriteByte(byte('a' + i%26)) // plain ASCII
				} else {
					sb.WriteString(parts[rng.Intn(len(parts))])
				}
			}
			src := sb.String()
			for _, col := range []int{-1, 0, 1, n / 2, n - 1, n, n + 1, n + 200} {
				for _, ix := range []*runeIndex{nil, newRuneIndex(src)} {
					got, gc := echoIn(src, ix, col)
					want, wc := echoInCells(src, ix, col)
					if got != want || gc != wc {
						t.Fatalf("echoIn(%q, index %v, %d) = %q, %d; a cell a rune gives %q, %d", src, ix != nil, col, got, gc, want, wc)
					}
				}
			}
		}
	}
}

// TestEchoInAllocations: a line's echo is one string built, not a string
// a rune (182 findings' echoes were 11.6 M instructions of a TSS validate).
func TestEchoInAllocations(t *testing.T) {
	src := strings.Repeat("units: [12 Mass, 13 Mass], ", 4)
	if n := testing.AllocsPerRun(20, func() { echoIn(src, nil, 30) }); n > 1 {
		t.Errorf("echoIn allocates %.0f times a line, want 1", n)
	}
}
