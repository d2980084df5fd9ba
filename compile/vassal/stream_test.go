package vassal

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"

	kpflate "github.com/klauspost/compress/flate"
)

// The module is written as the output folder takes it: ModuleStream's
// output has a writer and no bytes, and what it writes, each time it is
// called, is the archive Module holds whole. Its deflated entries, made
// with compressors kept from one entry to the next (deflaters), are the
// bytes a compressor of their own makes: the archive's members zipped
// again, a new compressor an entry, give the same archive.
func TestModuleStream(t *testing.T) {
	b := loadExample(t)
	outs, err := ModuleStream(b)
	if err != nil {
		t.Fatal(err)
	}
	if outs[0].Name != b.ID+".vmod" || outs[0].Data != nil || outs[0].Write == nil {
		t.Fatalf("ModuleStream's module: %q, %d bytes held, writer %v", outs[0].Name, len(outs[0].Data), outs[0].Write != nil)
	}
	var first, second bytes.Buffer
	if err := outs[0].Write(&first); err != nil {
		t.Fatal(err)
	}
	if err := outs[0].Write(&second); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Error("the module written twice differs")
	}
	if whole := buildVmod(t, loadExample(t)); !bytes.Equal(whole, first.Bytes()) {
		t.Error("Module's bytes are not what ModuleStream writes")
	}
	files, names := unzipAll(t, first.Bytes())
	var fresh bytes.Buffer
	zw := zip.NewWriter(&fresh)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return kpflate.NewWriter(w, zipLevel)
	})
	deflated := 0
	for _, n := range names {
		h := &zip.FileHeader{Name: n, Method: zipMethod(n), Modified: zipTime}
		h.SetMode(0o644)
		if h.Method == zip.Deflate {
			deflated++
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(files[n])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if deflated < 3 {
		t.Fatalf("%d deflated members: the test shows nothing", deflated)
	}
	if !bytes.Equal(fresh.Bytes(), first.Bytes()) {
		t.Error("the archive with a compressor an entry differs from the module's")
	}
}
