package battle

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
)

// The loader reads a picture's size and checks its structure without an
// image decoder: battle and validate link no picture library (see
// internal/layering), and a header read first refuses an absurd size
// before anything would decode a pixel. The compilers decode the pixels.

var pngSig = []byte("\x89PNG\r\n\x1a\n")

// pictureHead returns a picture's format ("png", "jpeg") and size, and an
// error when it is neither, or its structure is broken: a PNG chunk with a
// wrong checksum or cut short, no IEND; a JPEG segment cut short, no
// frame header or no end marker.
func pictureHead(data []byte) (format string, w, h int, err error) {
	switch {
	case bytes.HasPrefix(data, pngSig):
		w, h, err = pngHead(data)
		return "png", w, h, err
	case len(data) >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF:
		w, h, err = jpegHead(data)
		return "jpeg", w, h, err
	}
	return "", 0, 0, errNotPicture
}

var (
	errNotPicture = errors.New("not a PNG or JPEG picture")
	errCut        = errors.New("the file ends too soon")
)

// pngHead reads IHDR for the size, then walks every chunk to IEND,
// checking each checksum. A broken size is reported before the walk.
func pngHead(data []byte) (w, h int, err error) {
	p := data[len(pngSig):]
	if len(p) < 25 || string(p[4:8]) != "IHDR" || binary.BigEndian.Uint32(p) != 13 {
		return 0, 0, errors.New("no PNG header (IHDR)")
	}
	w, h = int(binary.BigEndian.Uint32(p[8:])), int(binary.BigEndian.Uint32(p[12:]))
	for {
		if len(p) < 12 {
			return w, h, errCut
		}
		n := binary.BigEndian.Uint32(p)
		if uint64(n) > uint64(len(p)-12) {
			return w, h, errCut
		}
		body := p[4 : 8+n]
		if crc32.ChecksumIEEE(body) != binary.BigEndian.Uint32(p[8+n:]) {
			return w, h, errors.New("chunk " + string(body[:4]) + " is damaged (its checksum is wrong)")
		}
		if string(body[:4]) == "IEND" {
			return w, h, nil
		}
		p = p[12+n:]
	}
}

// jpegHead walks the segments to the first frame header (SOFn) for the
// size, and checks that the file ends with the end-of-image marker.
func jpegHead(data []byte) (w, h int, err error) {
	p := data[2:]
	for {
		if len(p) < 4 || p[0] != 0xFF {
			return 0, 0, errCut
		}
		m := p[1]
		if m == 0xFF { // fill byte
			p = p[1:]
			continue
		}
		n := int(binary.BigEndian.Uint16(p[2:]))
		if n < 2 || len(p) < 2+n {
			return 0, 0, errCut
		}
		if m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC {
			if n < 7 {
				return 0, 0, errCut
			}
			h, w = int(binary.BigEndian.Uint16(p[5:])), int(binary.BigEndian.Uint16(p[7:]))
			break
		}
		if m == 0xDA || m == 0xD9 {
			return 0, 0, errors.New("no frame header before the image data")
		}
		p = p[2+n:]
	}
	if !bytes.HasSuffix(bytes.TrimRight(data, "\x00"), []byte{0xFF, 0xD9}) {
		return w, h, errCut
	}
	return w, h, nil
}
