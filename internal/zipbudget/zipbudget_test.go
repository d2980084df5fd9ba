package zipbudget

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func archive(t *testing.T, members ...string) *zip.Reader {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i, m := range members {
		w, err := zw.Create(string(rune('a' + i)))
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(m))
	}
	zw.Close()
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	return zr
}

// TestLimits: a member at the limit is read, one byte past is refused,
// whether read whole or streamed; the total likewise.
func TestLimits(t *testing.T) {
	zr := archive(t, strings.Repeat("x", 100), strings.Repeat("y", 100))
	b := New(100, 200)
	for _, f := range zr.File {
		if _, err := b.Read(f); err != nil {
			t.Fatalf("%s at the limits: %v", f.Name, err)
		}
	}
	var le *LimitError
	if _, err := New(99, 1000).Read(zr.File[0]); !errors.As(err, &le) || le.Limit != "member" || err.Error() != "a inflates to more than 99 bytes, the limit for one member of an archive" {
		t.Errorf("one past the member limit: %v", err)
	}
	b = New(100, 199)
	b.Read(zr.File[0])
	if _, err := b.Read(zr.File[1]); !errors.As(err, &le) || le.Limit != "total" {
		t.Errorf("one past the total: %v", err)
	}
	// Streamed, the sizes are counted as they inflate.
	rc, _ := New(99, 1000).Open(zr.File[0])
	if _, err := io.ReadAll(rc); !errors.As(err, &le) || le.Limit != "member" {
		t.Errorf("streamed past the member limit: %v", err)
	}
	if b := New(1<<20, 1<<30); b.Used() != 0 {
		t.Errorf("used %d", b.Used())
	}
}
