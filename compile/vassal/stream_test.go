package vassal

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
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

// A stretch of traits already in a prototype is found by one key made
// once (shareRun: the key's size known before it is written), not a key
// that grows as it is written: a kind of piece asks once a piece.
func TestShareRunKeyOnce(t *testing.T) {
	m, err := newVmod(loadExample(t))
	if err != nil {
		t.Fatal(err)
	}
	run := []trait{
		{"report;" + strings.Repeat("a report of the piece's state changes;", 20), ""},
		{"emb2;" + strings.Repeat("a layer of the piece;", 30), "1"},
		{"clone;Clone;67,130", ""},
	}
	name, ok := m.shareRun(run, "Unit inf USA", true)
	if !ok {
		t.Fatal("the run is not shared")
	}
	if again, _ := m.shareRun(run, "Unit inf USA", true); again != name {
		t.Fatalf("the run again is %q, first %q", again, name)
	}
	if n := testing.AllocsPerRun(5, func() { m.shareRun(run, "Unit inf USA", true) }); n > 1 {
		t.Errorf("finding a shared run allocated %v times, want 1", n)
	}
}
