package compile

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// appendHex must write exactly what encoding/json writes for a HexOut.
func TestAppendHexMatchesJSON(t *testing.T) {
	words := []string{"", "A0101", "clear", "woods", `a "quoted" name`, `back\slash`, "tab\there", "<&>", "Lafayette’s ford", "line\u2028sep", "\x01ctl", "\xffbad"}
	pick := func(r *rand.Rand) string { return words[r.Intn(len(words))] }
	list := func(r *rand.Rand) []string {
		switch n := r.Intn(4); n {
		case 0:
			return nil
		default:
			out := []string{}
			for i := 1; i < n; i++ {
				out = append(out, pick(r))
			}
			return out
		}
	}
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 2000; i++ {
		h := HexOut{Label: pick(r), Aliases: list(r), X: r.Intn(2000) - 3, Y: r.Intn(2000), Terrain: pick(r), Neighbours: list(r)}
		if r.Intn(2) == 0 {
			e := r.Intn(40) - 2
			h.Elevation = &e
		}
		if r.Intn(3) == 0 {
			h.Hexsides = map[string][]string{}
			for j := r.Intn(4); j > 0; j-- {
				h.Hexsides[pick(r)] = list(r)
			}
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(&h); err != nil {
			t.Fatal(err)
		}
		got := appendHex(nil, &h)
		if !bytes.Equal(got, bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
			t.Fatalf("hex %d:\n got %s\nwant %s", i, got, want.Bytes())
		}
	}
}

// sortStacks must give the order a stable sort by side and hex gives.
func TestSortStacksIsStable(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	st := make([]StackOut, 3000)
	for i := range st {
		st[i] = StackOut{Side: []string{"USA", "CSA"}[r.Intn(2)], Hex: []string{"A0101", "A0102", "B0101", "C2210"}[r.Intn(4)], Breastworks: i}
	}
	want := slices.Clone(st)
	slices.SortStableFunc(want, func(a, b StackOut) int {
		if c := strings.Compare(a.Side, b.Side); c != 0 {
			return c
		}
		return strings.Compare(a.Hex, b.Hex)
	})
	got := sortStacks(st)
	for i := range want {
		if got[i].Breastworks != want[i].Breastworks {
			t.Fatalf("place %d: got stack %d, want %d", i, got[i].Breastworks, want[i].Breastworks)
		}
	}
}
