package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"math/bits"
	"sync"
)

// The VASSAL pictures (boards of a few million pixels, hundreds of
// counters) are flat colour: long runs, and rows that repeat the row above
// for most of their length. A general deflate (BestSpeed) spends most of a
// build's instructions hashing and matching them. encodeRuns writes a PNG
// whose zlib stream has one fixed-Huffman deflate block made of three
// kinds of token only: a literal; a copy of the row above (distance = the
// row's length), as long as the bytes agree; a run of the byte before
// (distance 1). Its Adler-32 is summed per token, not per byte, and a row
// equal to the one above costs a compare and a few tokens. Any PNG
// decoder reads it (the tests decode it with image/png and compare every
// pixel); it is not image/png's bytes.

const adlerMod = 65521

// fixedTables holds the fixed-Huffman codes (RFC 1951 3.2.6), bit-reversed
// for LSB-first writing: lit[v] for literals and length[l] for a match
// length with its extra bits, each as the bits and their count; and run,
// the whole codes of copies from distance 1 (runs of one byte).
type fixedTables struct {
	lit    [256]struct{ bits, n uint32 }
	length [259]struct{ bits, n uint32 }
	run    *[259]struct{ bits, n uint32 }
}

// huffman makes the tables on first use: nothing runs at package
// initialisation (docs/architecture.md, "Conventions").
var huffman = sync.OnceValue(func() *fixedTables {
	t := new(fixedTables)
	for v := range t.lit {
		t.lit[v].bits, t.lit[v].n = fixedCode(v)
	}
	for l := 3; l <= 258; l++ {
		i := len(lengthBase) - 1
		for lengthBase[i] > l {
			i--
		}
		c, n := fixedCode(257 + i)
		t.length[l].bits = c | uint32(l-lengthBase[i])<<n
		t.length[l].n = n + lengthExtra[i]
	}
	d, dn := distCode(1)
	t.run = joinCodes(&t.length, d, dn)
	return t
})

var (
	lengthBase  = [...]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [...]uint32{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [...]int{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [...]uint32{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// fixedCode is the fixed-Huffman code of a literal/length symbol,
// bit-reversed, and its length.
func fixedCode(sym int) (uint32, uint32) {
	var code, n uint32
	switch {
	case sym < 144:
		code, n = 0x30+uint32(sym), 8
	case sym < 256:
		code, n = 0x190+uint32(sym-144), 9
	case sym < 280:
		code, n = uint32(sym-256), 7
	default:
		code, n = 0xc0+uint32(sym-280), 8
	}
	return bits.Reverse32(code) >> (32 - n), n
}

// distCode is the fixed code of a distance (5 bits, reversed) with its
// extra bits.
func distCode(d int) (uint32, uint32) {
	i := len(distBase) - 1
	for distBase[i] > d {
		i--
	}
	return bits.Reverse32(uint32(i))>>27 | uint32(d-distBase[i])<<5, 5 + distExtra[i]
}

// runCoder makes the zlib stream of the rows given to row, one at a time.
type runCoder struct {
	out            []byte
	acc            uint64 // bits not yet written, LSB first
	nacc           uint32
	rowLen         int
	prev           []byte // the row before, nil for the first
	prevS, prevW   int64  // its Adler sums from zero (see sums)
	s1, s2         uint32 // Adler-32 of the stream so far
	last           byte   // the stream's last byte
	dist1, distRow struct{ bits, n uint32 }
	fixed          *fixedTables
	// upCode is, for each length 3-258, the whole code of a copy of that
	// length from the row above: its length code and the distance code
	// (one put instead of two; empty when rows are too long to copy).
	upCode *[259]struct{ bits, n uint32 }
}

// upTables keeps the joined codes of each row length a coder has used: a
// module's counters share one.
var upTables sync.Map // int → *[259]struct{ bits, n uint32 }

// upCodes is joinCodes for the row length's distance, made once.
func upCodes(length *[259]struct{ bits, n uint32 }, rowLen int, dist, dn uint32) *[259]struct{ bits, n uint32 } {
	if t, ok := upTables.Load(rowLen); ok {
		return t.(*[259]struct{ bits, n uint32 })
	}
	t, _ := upTables.LoadOrStore(rowLen, joinCodes(length, dist, dn))
	return t.(*[259]struct{ bits, n uint32 })
}

// joinCodes gives the codes of copies of lengths 3-258 from a distance
// whose code is dist, dn, given the length codes.
func joinCodes(length *[259]struct{ bits, n uint32 }, dist, dn uint32) *[259]struct{ bits, n uint32 } {
	var t [259]struct{ bits, n uint32 }
	for l := 3; l <= 258; l++ {
		lc := length[l]
		t[l].bits, t[l].n = lc.bits|dist<<lc.n, lc.n+dn
	}
	return &t
}

func newRunCoder(rowLen int) *runCoder {
	c := &runCoder{rowLen: rowLen, s1: 1, fixed: huffman()}
	c.out = append(c.out, 0x78, 0x01) // deflate, 32 KiB window, fastest
	c.dist1.bits, c.dist1.n = distCode(1)
	if rowLen <= 32768 {
		c.distRow.bits, c.distRow.n = distCode(rowLen)
		c.upCode = upCodes(&c.fixed.length, rowLen, c.distRow.bits, c.distRow.n)
	}
	c.put(0b011, 3) // BFINAL, BTYPE 01: one fixed-Huffman block
	return c
}

func (c *runCoder) put(b, n uint32) {
	c.acc |= uint64(b) << c.nacc
	c.nacc += n
	if c.nacc >= 32 {
		if len(c.out)+4 > cap(c.out) {
			c.grow()
		}
		c.out = binary.LittleEndian.AppendUint32(c.out, uint32(c.acc))
		c.acc >>= 32
		c.nacc -= 32
	}
}

// grow doubles the stream's buffer: append grows a buffer of megabytes by
// a quarter at a time, which allocates several times a board's stream.
func (c *runCoder) grow() {
	out := make([]byte, len(c.out), 2*cap(c.out)+4096)
	copy(out, c.out)
	c.out = out
}

// match writes copies of length l from distance dist, in pieces of at most
// 258 (the last at least 3).
func (c *runCoder) match(l int, dist struct{ bits, n uint32 }) {
	for l > 0 {
		k := min(l, 258)
		if r := l - k; r > 0 && r < 3 {
			k = l - 3
		}
		lc := c.fixed.length[k]
		c.put(lc.bits, lc.n)
		c.put(dist.bits, dist.n)
		l -= k
	}
}

// sums gives S = Σ b and W = Σ (len-j)·b[j]: what b adds to Adler's s1
// and s2 when both start at zero.
func sums(b []byte) (s, w uint64) {
	for _, x := range b {
		s += uint64(x)
		w += s
	}
	return s, w
}

// row codes one row (its filter byte first). A row the length of the row
// before starts from that row's Adler sums and adds, for each byte not
// copied from above, what it changes: copies from above, most of a board,
// cost nothing but their compare.
func (c *runCoder) row(data []byte) {
	n := len(data)
	prev := c.prev
	if c.distRow.n == 0 || len(prev) != n {
		c.rowAlone(data)
		return
	}
	prev = prev[:n]            // as long as data: its indexes need no checks
	rs, rw := c.prevS, c.prevW // the row's Adler sums from zero
	lit := &c.fixed.lit
	if n < 3 || !bytes.Equal(data, prev) {
		for i := 0; i < n; {
			// A copy needs its first byte to match: most literals are
			// found by two compares, without a scan.
			if data[i] == prev[i] {
				// how far data agrees with prev from i, eight bytes at a
				// time (a call here would spill every variable of the
				// loop)
				j := i + 1
			scan:
				for {
					if j+8 > n {
						for j < n && data[j] == prev[j] {
							j++
						}
						break scan
					}
					if x := binary.LittleEndian.Uint64(data[j:j+8]) ^ binary.LittleEndian.Uint64(prev[j:j+8]); x != 0 {
						j += bits.TrailingZeros64(x) >> 3
						break scan
					}
					j += 8
				}
				if up := j - i; up >= 3 {
					if up <= 258 {
						k := c.upCode[up]
						c.put(k.bits, k.n)
					} else {
						c.match(up, c.distRow)
					}
					i += up
					c.last = data[i-1]
					continue
				}
			}
			if i+2 < n && data[i] == c.last && data[i+1] == c.last && data[i+2] == c.last {
				if run := runLen(data[i:], c.last); run >= 3 {
					c.run(run)
					k, v := int64(run), int64(c.last)
					// weights n-j for j in [i, i+run): their sum, less
					// what the bytes above held there
					ps, pw := sums(prev[i : i+run])
					rs += k*v - int64(ps)
					rw += v*(k*int64(n-i)-k*(k-1)/2) - int64(pw) - int64(n-i-run)*int64(ps)
					i += run
					continue
				}
			}
			b := data[i]
			lc := lit[b]
			c.put(lc.bits, lc.n)
			// b at i, in place of the byte above
			d := int64(b) - int64(prev[i])
			rs += d
			rw += int64(n-i) * d
			c.last = b
			i++
		}
	} else {
		c.match(n, c.distRow)
	}
	c.end(data, rs, rw)
}

// rowAlone codes a row with no row above to copy from (the first, or one
// too long for a copy): runs of the byte before and literals, its Adler
// sums from zero.
func (c *runCoder) rowAlone(data []byte) {
	n := len(data)
	var rs, rw int64
	started := c.prev != nil // is there a byte before, for runs
	lit := &c.fixed.lit
	for i := 0; i < n; {
		if (started || i > 0) && data[i] == c.last {
			if run := runLen(data[i:], c.last); run >= 3 {
				c.run(run)
				k, v := int64(run), int64(c.last)
				rs += k * v
				rw += v * (k*int64(n-i) - k*(k-1)/2)
				i += run
				continue
			}
		}
		b := data[i]
		lc := lit[b]
		c.put(lc.bits, lc.n)
		rs += int64(b)
		rw += int64(n-i) * int64(b)
		c.last = b
		i++
	}
	c.end(data, rs, rw)
}

// run writes a run of l copies of the byte before.
func (c *runCoder) run(l int) {
	if l <= 258 {
		k := c.fixed.run[l]
		c.put(k.bits, k.n)
	} else {
		c.match(l, c.dist1)
	}
}

// end adds the row, whose Adler sums from zero are rs, rw, to the
// stream's Adler-32 and keeps it as the row above.
func (c *runCoder) end(data []byte, rs, rw int64) {
	n := len(data)
	c.last = data[n-1]
	// rs and rw are the row's own sums (kept as changes from the row
	// above's, but whole at the end): never negative
	c.s2 = uint32((uint64(c.s2) + uint64(n)%adlerMod*uint64(c.s1) + uint64(rw)%adlerMod) % adlerMod)
	c.s1 = uint32((uint64(c.s1) + uint64(rs)%adlerMod) % adlerMod)
	c.prev = data // packRows keeps it whole through the next row
	c.prevS, c.prevW = rs, rw
}

// finish ends the block and appends the Adler-32.
func (c *runCoder) finish() []byte {
	eob, n := fixedCode(256)
	c.put(eob, n)
	for c.nacc > 0 {
		c.out = append(c.out, byte(c.acc))
		c.acc >>= 8
		c.nacc -= min(c.nacc, 8)
	}
	return binary.BigEndian.AppendUint32(c.out, c.s2<<16|c.s1)
}

// runLen is how many leading bytes of a are v.
func runLen(a []byte, v byte) int {
	p := uint64(v) * 0x0101010101010101
	i := 0
	for ; i+8 <= len(a); i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:i+8]) ^ p; x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < len(a) && a[i] == v {
		i++
	}
	return i
}

// encodeRuns encodes a paletted image as a PNG through runCoder.
func encodeRuns(img *image.Paletted) []byte {
	depth := paletteDepth(img)
	if depth == 0 {
		return encodeStd(img, png.BestSpeed)
	}
	c := newRunCoder(1 + (depth*img.Bounds().Dx()+7)/8)
	if b, ok := zBufs.Get().(*[]byte); ok {
		c.out = append((*b)[:0], c.out...)
	}
	packRows(img, depth, c.row)
	z := c.finish()
	// the PNG in one allocation: the header's chunks (at most 1,111
	// bytes: IHDR, a PLTE and a tRNS of 256 colours, and the signature),
	// then 12 bytes around each IDAT chunk and the IEND
	var out bytes.Buffer
	out.Grow(1111 + len(z) + 12*(len(z)>>16+2))
	writeHeader(&out, img, depth)
	for rest := z; len(rest) > 0; {
		k := min(len(rest), 1<<16)
		writeChunk(&out, "IDAT", rest[:k])
		rest = rest[k:]
	}
	writeChunk(&out, "IEND", nil)
	zBufs.Put(&z)
	return out.Bytes()
}

// zBufs keeps the buffer a coder wrote its stream into, for the next
// picture's: the stream is copied into the PNG's chunks.
var zBufs sync.Pool
