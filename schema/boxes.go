package schema

import "encoding/json"

// boxes are the values short scalars were made into, so that a scalar
// written again (a unit's type, a weapon code, a strength) shares the value
// made the first time instead of allocating one more: a direct-mapped table
// by the text's hash, a slot kept by the last scalar hashed to it. Values
// are never changed once made (thin copies a mapping it changes), so
// sharing them is safe.
type boxes struct {
	strs, nums [256]box
}

type box struct {
	s string
	v any
}

// maxBoxed is the longest scalar shared: a longer one is seldom written twice.
const maxBoxed = 16

func (b *boxes) slot(tab *[256]box, s string) *box {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return &tab[(h^h>>8)&255]
}

// str is s as a value.
func (b *boxes) str(s string) any {
	if b == nil || len(s) > maxBoxed || s == "" {
		return s
	}
	e := b.slot(&b.strs, s)
	if e.v != nil && e.s == s {
		return e.v
	}
	e.s, e.v = s, s
	return e.v
}

// num is the number written s as a value.
func (b *boxes) num(s string) any {
	if b == nil || len(s) > maxBoxed {
		return json.Number(s)
	}
	e := b.slot(&b.nums, s)
	if e.v != nil && e.s == s {
		return e.v
	}
	e.s, e.v = s, json.Number(s)
	return e.v
}
