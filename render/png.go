package render

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"sync"
)

// The VASSAL pictures are paletted, and image/png packs a paletted image
// of 16 colours or fewer one pixel at a time through ColorIndexAt: most of
// a board's cost. encodePaletted writes the same bytes as png.Encoder
// (the same chunks, the rows packed the same way, the same zlib stream cut
// into the same IDAT chunks), packing the rows straight from Pix.

// encodePaletted encodes img as png.Encoder{CompressionLevel: level} does.
func encodePaletted(img *image.Paletted, level png.CompressionLevel) []byte {
	depth := paletteDepth(img)
	if depth == 0 {
		return encodeStd(img, level) // image/png reports these
	}
	var out bytes.Buffer
	writeHeader(&out, img, depth)
	bw := bufio.NewWriterSize(idatWriter{&out}, 1<<15)
	zw, err := getZlib(bw, zlibLevel(level))
	if err != nil {
		return encodeStd(img, level)
	}
	defer putZlib(zw, zlibLevel(level))
	// Rows go to zlib in batches; the stream does not depend on how its
	// input is cut.
	w := img.Bounds().Dx()
	rowLen := 1 + (depth*w+7)/8
	batch := max(1, (64<<10)/rowLen)
	buf := make([]byte, 0, batch*rowLen)
	h := img.Bounds().Dy()
	y := 0
	packRows(img, depth, func(row []byte) {
		buf = append(buf, row...)
		y++
		if len(buf)+rowLen > cap(buf) || y == h {
			if _, err := zw.Write(buf); err != nil {
				panic(err) // writing to a buffer cannot fail
			}
			buf = buf[:0]
		}
	})
	if err := zw.Close(); err != nil {
		panic(err)
	}
	if err := bw.Flush(); err != nil {
		panic(err)
	}
	writeChunk(&out, "IEND", nil)
	return out.Bytes()
}

// paletteDepth is the bit depth image/png gives a paletted image, 0 for one
// it refuses.
func paletteDepth(img *image.Paletted) int {
	b := img.Bounds()
	n := len(img.Palette)
	switch {
	case b.Dx() <= 0 || b.Dy() <= 0 || n < 1 || n > 256:
		return 0
	case n <= 2:
		return 1
	case n <= 4:
		return 2
	case n <= 16:
		return 4
	}
	return 8
}

// writeHeader writes the signature and the IHDR, PLTE and tRNS chunks, as
// image/png does.
func writeHeader(out *bytes.Buffer, img *image.Paletted, depth int) {
	b := img.Bounds()
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8] = byte(depth)
	ihdr[9] = 3 // paletted
	writeChunk(out, "IHDR", ihdr[:])
	pal := img.Palette
	plte := make([]byte, 3*len(pal))
	alpha := make([]byte, len(pal))
	last := -1
	for i, c := range pal {
		c1 := color.NRGBAModel.Convert(c).(color.NRGBA)
		plte[3*i], plte[3*i+1], plte[3*i+2] = c1.R, c1.G, c1.B
		if c1.A != 0xff {
			last = i
		}
		alpha[i] = c1.A
	}
	writeChunk(out, "PLTE", plte)
	if last != -1 {
		writeChunk(out, "tRNS", alpha[:last+1])
	}
}

// packRows gives each row of img as PNG stores it: the filter byte (none,
// as image/png for paletted images) and the pixels packed depth bits each.
// Two slices take turns, so a row given stays as it was through the next
// call (the row above, for runCoder), and is reused after that. A row is
// packed only where its pixels differ from the row above's (packDiff): the
// rest is the packed row above, copied.
func packRows(img *image.Paletted, depth int, row func([]byte)) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	n := 1 + (depth*w+7)/8
	bufs := make([]byte, 2*n)
	for y := 0; y < h; y++ {
		buf := bufs[y%2*n : y%2*n+n]
		up := bufs[(y+1)%2*n : (y+1)%2*n+n] // the row above, packed
		off := img.PixOffset(b.Min.X, b.Min.Y+y)
		pix := img.Pix[off : off+w]
		buf[0] = 0
		switch {
		case depth == 8:
			copy(buf[1:], pix)
		case y == 0:
			packRow(buf[1:], pix, depth)
		default:
			above := img.Pix[off-img.Stride : off-img.Stride+w]
			copy(buf, up)
			if !bytes.Equal(pix, above) {
				// the row above again (most of a picture of boxes) is
				// left as copied
				packDiff(buf[1:], pix, above, depth)
			}
		}
		row(buf)
	}
}

// packRow packs one row of pixels: whole bytes first, as image/png's loop
// packs them, then the last byte's pixels, highest first.
func packRow(out, pix []byte, depth int) {
	perByte := 8 / depth
	full := len(pix) / perByte * perByte
	pack(out[:full/perByte], pix[:full], depth)
	if rest := pix[full:]; len(rest) > 0 {
		var a uint8
		for _, p := range rest {
			a = a<<uint(depth) | p
		}
		out[len(out)-1] = a << uint(depth*(perByte-len(rest)))
	}
}

// packDiff packs into out, which holds the row above packed, the pixels of
// pix that differ from those above: eight bytes of out at a time, packed
// again only where a word of their pixels differs; the bytes after the
// last whole eight packed again always.
func packDiff(out, pix, above []byte, depth int) {
	perByte := 8 / depth
	k := 0 // bytes of out done
	switch depth {
	case 4:
		k = packDiff4(out, pix, above)
	case 2:
		k = packDiff2(out, pix, above)
	default: // 8·perByte pixels, perByte words, make 8 bytes
		for ; perByte*(k+8) <= len(pix); k += 8 {
			p := pix[perByte*k : perByte*(k+8)]
			if !bytes.Equal(p, above[perByte*k:perByte*(k+8)]) {
				pack(out[k:k+8], p, depth)
			}
		}
	}
	packRow(out[k:], pix[perByte*k:], depth)
}

// packDiff4 is packDiff's loop for four-bit pixels: 16 pixels, two words
// of each row, make 8 bytes, compared 32 pixels at a time. It returns how
// many bytes of out it covered.
func packDiff4(out, pix, above []byte) int {
	n := min(len(pix), 2*len(out)) &^ 15
	pix, above = pix[:n:n], above[:n:n] // i <= n: no bounds checks in the loop
	i := 32
	for ; i <= n; i += 32 { // 32 pixels compared at once, most of them alike
		p, q := pix[i-32:i], above[i-32:i]
		a, b := binary.LittleEndian.Uint64(p[0:8]), binary.LittleEndian.Uint64(p[8:16])
		c, d := binary.LittleEndian.Uint64(p[16:24]), binary.LittleEndian.Uint64(p[24:32])
		x := (a ^ binary.LittleEndian.Uint64(q[0:8])) | (b ^ binary.LittleEndian.Uint64(q[8:16]))
		y := (c ^ binary.LittleEndian.Uint64(q[16:24])) | (d ^ binary.LittleEndian.Uint64(q[24:32]))
		if x|y == 0 {
			continue
		}
		if x != 0 {
			binary.LittleEndian.PutUint64(out[i/2-16:i/2-8], pack4(a)|pack4(b)<<32)
		}
		if y != 0 {
			binary.LittleEndian.PutUint64(out[i/2-8:i/2], pack4(c)|pack4(d)<<32)
		}
	}
	if i -= 16; i <= n { // 16 left
		p, q := pix[i-16:i], above[i-16:i]
		a, b := binary.LittleEndian.Uint64(p[:8]), binary.LittleEndian.Uint64(p[8:])
		if (a^binary.LittleEndian.Uint64(q[:8]))|(b^binary.LittleEndian.Uint64(q[8:])) != 0 {
			binary.LittleEndian.PutUint64(out[i/2-8:i/2], pack4(a)|pack4(b)<<32)
		}
	}
	return n / 2
}

// packDiff2 is packDiff's loop for two-bit pixels: 32 pixels, four words
// of each row, make 8 bytes (as pack2 packs them). It returns how many
// bytes of out it covered.
func packDiff2(out, pix, above []byte) int {
	n := min(len(pix), 4*len(out)) &^ 31
	pix, above = pix[:n:n], above[:n:n]
	q := func(x uint64) uint64 { y := x * pack2Mul; return y>>24&0xff | y>>56<<8 }
	for i := 32; i <= n; i += 32 {
		p, o := pix[i-32:i], above[i-32:i]
		a, b := binary.LittleEndian.Uint64(p[0:8]), binary.LittleEndian.Uint64(p[8:16])
		c, d := binary.LittleEndian.Uint64(p[16:24]), binary.LittleEndian.Uint64(p[24:32])
		if (a^binary.LittleEndian.Uint64(o[0:8]))|(b^binary.LittleEndian.Uint64(o[8:16]))|
			(c^binary.LittleEndian.Uint64(o[16:24]))|(d^binary.LittleEndian.Uint64(o[24:32])) != 0 {
			binary.LittleEndian.PutUint64(out[i/4-8:i/4], q(a)|q(b)<<16|q(c)<<32|q(d)<<48)
		}
	}
	return n / 4
}

// pack packs the pixels of whole bytes, first pixel highest, eight at a
// time where it can: the pixels are loaded as one little-endian word, and
// each pixel index is below 1<<depth, so the shifted copies a multiply or
// the shifts make never overlap.
func pack(out, pix []byte, depth int) {
	perByte := 8 / depth
	i := 0
	switch depth {
	case 4: // two pixels a byte: 16 pixels make 8 bytes, 8 make 4
		for ; i+8 <= len(out); i += 8 {
			p := pix[2*i : 2*i+16 : 2*i+16] // one bounds check for the loads
			a := pack4(binary.LittleEndian.Uint64(p[:8]))
			b := pack4(binary.LittleEndian.Uint64(p[8:]))
			binary.LittleEndian.PutUint64(out[i:i+8:i+8], a|b<<32)
		}
		for ; i+4 <= len(out); i += 4 {
			binary.LittleEndian.PutUint32(out[i:], uint32(pack4(binary.LittleEndian.Uint64(pix[2*i:2*i+8]))))
		}
	case 2: // four pixels a byte (pack2), the last words two bytes each
		i = pack2(out, pix)
		for ; i+2 <= len(out); i += 2 {
			y := binary.LittleEndian.Uint64(pix[4*i:]) * pack2Mul
			out[i], out[i+1] = byte(y>>24), byte(y>>56)
		}
	case 1: // eight pixels a byte: the multiply lands them in bits 56-63
		for ; i < len(out); i++ {
			x := binary.LittleEndian.Uint64(pix[8*i : 8*i+8])
			out[i] = byte(x * 0x8040201008040201 >> 56)
		}
	}
	for ; i < len(out); i++ {
		var a byte
		for _, p := range pix[perByte*i : perByte*(i+1)] {
			a = a<<uint(depth) | p
		}
		out[i] = a
	}
}

// pack4 packs a word of eight four-bit pixels into its low four bytes.
func pack4(x uint64) uint64 {
	t := (x<<4 | x>>8) & 0x00ff00ff00ff00ff // each 16-bit lane: its byte in the low half
	t = (t | t>>8) & 0x0000ffff0000ffff
	return (t | t>>16) & 0xffffffff
}

// pack2Mul multiplies a word of eight two-bit pixels into pack2's bytes.
const pack2Mul = 1<<30 | 1<<20 | 1<<10 | 1

// pack2 packs 32 pixels of two bits into 8 bytes at a time while whole
// words remain, and returns how many bytes of out it filled. One multiply
// packs a word of eight pixels: it lands the first four in bits 24-31 and
// the last four in bits 56-63, and the other products it makes fall on
// even bits below each, one a bit, so their sum stays under the bits
// above (at most 3·Σ4^j < 2^24 below bit 24, 2^56-2^32 below bit 56).
func pack2(out, pix []byte) int {
	q := func(x uint64) uint64 { y := x * pack2Mul; return y>>24&0xff | y>>56<<8 }
	n := min(len(out)/8, len(pix)/32)
	for k := range n {
		p := pix[32*k : 32*k+32 : 32*k+32]
		a := binary.LittleEndian.Uint64(p[0:8])
		b := binary.LittleEndian.Uint64(p[8:16])
		c := binary.LittleEndian.Uint64(p[16:24])
		d := binary.LittleEndian.Uint64(p[24:32])
		binary.LittleEndian.PutUint64(out[8*k:8*k+8], q(a)|q(b)<<16|q(c)<<32|q(d)<<48)
	}
	return 8 * n
}

// zlibs keep zlib writers for reuse, by level (offset by 2, for
// HuffmanOnly); a reset writer writes what a new one would.
var zlibs [12]sync.Pool

func getZlib(w io.Writer, level int) (*zlib.Writer, error) {
	if level+2 >= 0 && level+2 < len(zlibs) {
		if zw, ok := zlibs[level+2].Get().(*zlib.Writer); ok {
			zw.Reset(w)
			return zw, nil
		}
	}
	return zlib.NewWriterLevel(w, level)
}

func putZlib(zw *zlib.Writer, level int) {
	if level+2 >= 0 && level+2 < len(zlibs) {
		zlibs[level+2].Put(zw)
	}
}

// zlibLevel is image/png's mapping of its compression levels to zlib's.
func zlibLevel(l png.CompressionLevel) int {
	switch l {
	case png.DefaultCompression:
		return zlib.DefaultCompression
	case png.NoCompression:
		return zlib.NoCompression
	case png.BestSpeed:
		return zlib.BestSpeed
	case png.BestCompression:
		return zlib.BestCompression
	}
	return zlib.DefaultCompression
}

// idatWriter writes each buffer it is given as one IDAT chunk.
type idatWriter struct{ out *bytes.Buffer }

func (iw idatWriter) Write(p []byte) (int, error) {
	writeChunk(iw.out, "IDAT", p)
	return len(p), nil
}

func writeChunk(out *bytes.Buffer, name string, data []byte) {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], name)
	out.Write(hdr[:])
	out.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	out.Write(sum[:])
}

func encodeStd(img image.Image, level png.CompressionLevel) []byte {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: level}
	if err := enc.Encode(&buf, img); err != nil {
		panic(err) // writing to a buffer cannot fail
	}
	return buf.Bytes()
}
