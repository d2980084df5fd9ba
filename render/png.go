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
)

// The VASSAL pictures are paletted, and image/png packs a paletted image
// of 16 colours or fewer one pixel at a time through ColorIndexAt: most of
// a board's cost. encodePaletted writes the same bytes as png.Encoder
// (the same chunks, the rows packed the same way, the same zlib stream cut
// into the same IDAT chunks), packing the rows straight from Pix.

// encodePaletted encodes img as png.Encoder{CompressionLevel: level} does.
func encodePaletted(img *image.Paletted, level png.CompressionLevel) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	pal := img.Palette
	if w <= 0 || h <= 0 || len(pal) < 1 || len(pal) > 256 {
		return encodeStd(img, level) // image/png reports these
	}
	depth := 8
	switch {
	case len(pal) <= 2:
		depth = 1
	case len(pal) <= 4:
		depth = 2
	case len(pal) <= 16:
		depth = 4
	}
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8] = byte(depth)
	ihdr[9] = 3 // paletted
	writeChunk(&out, "IHDR", ihdr[:])
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
	writeChunk(&out, "PLTE", plte)
	if last != -1 {
		writeChunk(&out, "tRNS", alpha[:last+1])
	}

	bw := bufio.NewWriterSize(idatWriter{&out}, 1<<15)
	zw, err := zlib.NewWriterLevel(bw, zlibLevel(level))
	if err != nil {
		return encodeStd(img, level)
	}
	rowLen := 1 + (depth*w+7)/8
	// Rows go to zlib in batches; the stream does not depend on how its
	// input is cut.
	batch := max(1, (64<<10)/rowLen)
	buf := make([]byte, 0, batch*rowLen)
	perByte := 8 / depth
	for y := 0; y < h; y++ {
		off := img.PixOffset(b.Min.X, b.Min.Y+y)
		pix := img.Pix[off : off+w]
		buf = append(buf, 0) // filter: none, as image/png for paletted images
		if depth == 8 {
			buf = append(buf, pix...)
		} else {
			// whole bytes first, as image/png's loop packs them
			full := w / perByte * perByte
			n := len(buf)
			buf = buf[:n+full/perByte]
			out := buf[n:]
			switch depth {
			case 4:
				for i := range out {
					q := pix[2*i : 2*i+2 : 2*i+2]
					out[i] = q[0]<<4 | q[1]
				}
			case 2:
				for i := range out {
					q := pix[4*i : 4*i+4 : 4*i+4]
					out[i] = ((q[0]<<2|q[1])<<2|q[2])<<2 | q[3]
				}
			case 1:
				for i := range out {
					q := pix[8*i : 8*i+8 : 8*i+8]
					out[i] = ((((((q[0]<<1|q[1])<<1|q[2])<<1|q[3])<<1|q[4])<<1|q[5])<<1|q[6])<<1 | q[7]
				}
			}
			var a uint8
			c := 0
			for _, p := range pix[full:] {
				a = a<<uint(depth) | p
				c++
				if c == perByte {
					buf = append(buf, a)
					a, c = 0, 0
				}
			}
			if c != 0 {
				for c != perByte {
					a <<= uint(depth)
					c++
				}
				buf = append(buf, a)
			}
		}
		if len(buf)+rowLen > cap(buf) || y == h-1 {
			if _, err := zw.Write(buf); err != nil {
				panic(err) // writing to a buffer cannot fail
			}
			buf = buf[:0]
		}
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	if err := bw.Flush(); err != nil {
		panic(err)
	}
	writeChunk(&out, "IEND", nil)
	return out.Bytes()
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
