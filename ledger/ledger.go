// Package ledger keeps the ids a battle's pieces carry in the modules
// muster builds: VASSAL's gpids. VASSAL's Game Refresher (Refresh Counters)
// finds a piece of a saved game in a new module by its gpid alone, so a
// gpid handed out in order-of-battle order, as a build numbers its slots,
// makes a saved game refresh into the wrong units once one regiment is
// inserted. A ledger, kept in the battle folder and committed with it,
// gives every slot of the module (a piece of the palette, of a set-up, of
// a tray) an id by a key that names what the slot holds and where
// ("scenario intro unit USA 74 IL/1/1/RW"), for ever: a key the ledger
// holds keeps its id, a key renamed in the data (a unit's `was:`) keeps
// the id of the key it was, a new key gets the next id, and a key no
// build uses any more is retired, its id never handed out again.
//
// The file is text, one entry a line, sorted by id:
//
//	# comment
//	next 58
//	1 palette leader USA Rosecrans
//	17 retired palette unit USA 22 IN/1/1/RW
//
// A battle that declares no ledger is numbered as before: the slots in
// order from 1, which is also what a new, empty ledger hands out, so the
// first ledger of a battle keeps the ids of the modules already released.
package ledger

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Ledger is the ids of a battle's pieces.
type Ledger struct {
	// Next is the id the next new key gets: above every id live or
	// retired.
	Next int
	// Live holds the id of each key a build uses.
	Live map[string]int
	// Retired holds the keys no build uses any more, by id.
	Retired map[int]string
}

// New is an empty ledger: its first id is 1.
func New() *Ledger {
	return &Ledger{Next: 1, Live: map[string]int{}, Retired: map[int]string{}}
}

// retired marks an id whose key no build uses.
const retired = "retired "

// Parse reads a ledger. An error names the line.
func Parse(data []byte) (*Ledger, error) {
	l := New()
	seen := map[int]int{} // id → line
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, rest, _ := strings.Cut(line, " ")
		if head == "next" {
			v, err := strconv.Atoi(rest)
			if err != nil || v < 1 {
				return nil, fmt.Errorf("line %d: next must be a whole number from 1, not %q", n, rest)
			}
			l.Next = max(l.Next, v)
			continue
		}
		id, err := strconv.Atoi(head)
		if err != nil || id < 1 {
			return nil, fmt.Errorf("line %d: an entry starts with its id (a whole number from 1), not %q", n, head)
		}
		if at, dup := seen[id]; dup {
			return nil, fmt.Errorf("line %d: id %d is given again (first on line %d): an id names one piece", n, id, at)
		}
		seen[id] = n
		if key, ok := strings.CutPrefix(rest, retired); ok {
			l.Retired[id] = key
		} else {
			if rest == "" {
				return nil, fmt.Errorf("line %d: id %d names no piece", n, id)
			}
			if old, dup := l.Live[rest]; dup {
				return nil, fmt.Errorf("line %d: %q has id %d already (line %d): a piece has one id", n, rest, old, seen[old])
			}
			l.Live[rest] = id
		}
		l.Next = max(l.Next, id+1)
	}
	return l, nil
}

// Format writes the ledger as Parse reads it, sorted by id, under a
// comment saying what it is.
func (l *Ledger) Format(title string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s: the VASSAL id (gpid) of every piece of the modules muster builds.\n", title)
	b.WriteString("# Written by muster build into its output folder; copy it here and commit it.\n")
	b.WriteString("# An id is kept for ever: never edit one, never reuse a retired one.\n")
	fmt.Fprintf(&b, "next %d\n", l.Next)
	type entry struct {
		id  int
		key string
	}
	var es []entry
	for k, id := range l.Live {
		es = append(es, entry{id, k})
	}
	for id, k := range l.Retired {
		es = append(es, entry{id, retired + k})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].id < es[j].id })
	for _, e := range es {
		fmt.Fprintf(&b, "%d %s\n", e.id, e.key)
	}
	return b.Bytes()
}

// Assigner hands out the ids of one build from a ledger.
type Assigner struct {
	old  *Ledger
	next int
	live map[string]int
	took map[int]bool // ids this build has given
	// within says which keys are the build's; nil: every key
	within func(key string) bool
	// New and Renamed count the keys given a new id and the keys that
	// kept the id of the key they were.
	New, Renamed []string
}

// Assign starts a build's ids from the ledger.
func (l *Ledger) Assign() *Assigner { return l.AssignWithin(nil) }

// AssignWithin starts the ids of a build that gives only the keys within
// says are its own (a module's, an extension's, one ledger holding both):
// a key of the ledger outside them stays live whether the build asks for
// it or not. A nil within takes every key.
func (l *Ledger) AssignWithin(within func(key string) bool) *Assigner {
	return &Assigner{old: l, next: l.Next, live: map[string]int{}, took: map[int]bool{}, within: within}
}

// ID is the id of key: the ledger's, else that of the first of was (the
// keys it had before a rename) the ledger holds and no other key of the
// build has taken, else a new one. A key asked again gets its id again.
func (a *Assigner) ID(key string, was ...string) int {
	if id, ok := a.live[key]; ok {
		return id
	}
	give := func(id int) int {
		a.live[key] = id
		a.took[id] = true
		return id
	}
	if id, ok := a.old.Live[key]; ok && !a.took[id] {
		return give(id)
	}
	for _, w := range was {
		if id, ok := a.old.Live[w]; ok && !a.took[id] {
			if _, still := a.live[w]; still {
				continue
			}
			a.Renamed = append(a.Renamed, key)
			return give(id)
		}
	}
	a.New = append(a.New, key)
	a.next++
	return give(a.next - 1)
}

// Next is the id the build would give next: VASSAL's nextPieceSlotId.
func (a *Assigner) Next() int { return a.next }

// Ledger is the ledger after the build: the keys it used, live; every
// other key of the build's (AssignWithin) the ledger held, retired; the
// keys of other builds as they were.
func (a *Assigner) Ledger() *Ledger {
	l := &Ledger{Next: a.next, Live: map[string]int{}, Retired: map[int]string{}}
	for k, id := range a.live {
		l.Live[k] = id
	}
	for id, k := range a.old.Retired {
		l.Retired[id] = k
	}
	for k, id := range a.old.Live {
		switch {
		case a.within != nil && !a.within(k):
			if !a.took[id] {
				l.Live[k] = id // another build's key, kept as it was
			}
		case !a.took[id]:
			l.Retired[id] = k
		}
	}
	return l
}

// Changed reports whether the build's ledger differs from the one it
// started from.
func (a *Assigner) Changed() bool {
	return !bytes.Equal(a.Ledger().Format(""), a.old.Format(""))
}
