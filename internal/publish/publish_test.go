package publish

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRecoverOddName: a killed publish is finished in a folder whose name
// is a glob pattern (out[1] once matched out1, not itself, and the
// journal was left).
func TestRecoverOddName(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out[1]*")
	staging := filepath.Join(out, stagingPrefix+"1")
	if err := os.MkdirAll(filepath.Join(staging, stagedDir), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(staging, stagedDir, "a.json"), []byte("new"), 0o644)
	os.WriteFile(filepath.Join(staging, journalName), []byte(`{"publish":[{"name":"a.json"}]}`), 0o644)
	st, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if b, err := os.ReadFile(filepath.Join(out, "a.json")); err != nil || string(b) != "new" {
		t.Errorf("a.json: %q %v", b, err)
	}
	if len(st.Recovered) != 1 {
		t.Errorf("recovered: %q", st.Recovered)
	}
	if _, err := os.Stat(staging); err == nil {
		t.Errorf("the staging folder is left")
	}
}
