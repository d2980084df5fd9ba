//go:build unix

package battle_test

import (
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/schema"
)

// FuzzFingerprint lays out a folder from the fuzzer's lines, each one
// entry: a first byte choosing its kind (a file, a folder, a named pipe, a
// link inside, a link out of the folder, a link to /dev/zero) and the rest
// its path. battle.Fingerprint must finish, say the same twice, name every
// regular YAML file outside hidden folders with its size and checksum, and
// read nothing in a hidden folder or outside.
func FuzzFingerprint(f *testing.F) {
	f.Add([]byte("fbattle.yaml\nfa.yaml\npp.yaml\nzz.yaml\nox.yaml\n"))
	f.Add([]byte("dsub\nfsub/s.yaml\nd.git\nf.git/h.yaml\nlsub/l.yaml\n"))
	f.Add([]byte("fbig.yaml\nlloop.yaml\nd.hidden\np.hidden/p.yaml\nfx.yml\nfy.txt\n"))
	lim := schema.Limits{MaxBytes: 64, MaxNodes: 100, MaxDepth: 10, MaxAliases: 10, RunBytes: 200, RunNodes: 100}
	f.Fuzz(func(t *testing.T, spec []byte) {
		dir := t.TempDir()
		outside := t.TempDir()
		os.WriteFile(filepath.Join(outside, "secret.yaml"), []byte("secret"), 0o644)
		want := map[string]string{} // the regular YAML files laid, by path
		for i, line := range strings.Split(string(spec), "\n") {
			if len(line) < 2 || i > 20 {
				continue
			}
			name := clean(line[1:])
			if name == "" {
				continue
			}
			p := filepath.Join(dir, filepath.FromSlash(name))
			if _, err := os.Lstat(p); err == nil {
				continue // laid already: never written through a link or into a pipe
			}
			os.MkdirAll(filepath.Dir(p), 0o755)
			switch line[0] % 6 {
			case 0:
				body := strings.Repeat(name, 1+int(line[0])%5)
				if os.WriteFile(p, []byte(body), 0o644) == nil && !hidden(name) && yamlName(name) {
					if st, err := os.Lstat(p); err == nil && st.Mode().IsRegular() {
						want[name] = body
					}
				}
			case 1:
				os.MkdirAll(p, 0o755)
			case 2:
				mkfifo(p)
			case 3:
				os.Symlink(filepath.Base(name)+".x", p)
			case 4:
				os.Symlink(filepath.Join(outside, "secret.yaml"), p)
			case 5:
				os.Symlink("/dev/zero", p)
			}
		}
		fp := func() string {
			done := make(chan string, 1)
			go func() { done <- battle.Fingerprint(dir, lim) }()
			select {
			case s := <-done:
				return s
			case <-time.After(10 * time.Second):
				t.Fatalf("the fingerprint did not finish in 10 seconds")
			}
			return ""
		}
		got := fp()
		if again := fp(); again != got {
			t.Fatalf("two fingerprints of the same folder differ:\n%s\n--\n%s", got, again)
		}
		if strings.Contains(got, fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte("secret")))) {
			t.Fatalf("the fingerprint read a file outside the folder:\n%s", got)
		}
		lines := map[string]string{}
		for _, l := range strings.Split(got, "\n") {
			name, rest, _ := strings.Cut(l, " ")
			lines[name] = rest
			if hidden(name) {
				t.Fatalf("the fingerprint read a hidden folder: %s", l)
			}
		}
		for name, body := range want {
			rest, ok := lines[name]
			if !ok {
				t.Fatalf("%s is not in the fingerprint:\n%s", name, got)
			}
			if len(body) <= int(lim.MaxBytes) && !strings.HasPrefix(rest, "!") && rest != fmt.Sprintf("%d %08x", len(body), crc32.ChecksumIEEE([]byte(body))) {
				t.Fatalf("%s: %q, want its size and checksum", name, rest)
			}
		}
	})
}

// clean makes a fuzzed name a relative path of at most three parts.
func clean(s string) string {
	var parts []string
	for _, p := range strings.Split(s, "/") {
		p = strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r == '.' || r == '_' {
				return r
			}
			return -1
		}, p)
		if p == "" || p == "." || p == ".." || len(parts) == 3 {
			continue
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "/")
}

func hidden(name string) bool {
	parts := strings.Split(name, "/")
	for _, p := range parts[:len(parts)-1] {
		if strings.HasPrefix(p, ".") {
			return true
		}
	}
	return false
}

func yamlName(name string) bool {
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
}

// TestFingerprintPastBudget: a file the fingerprint does not read, because
// the files before it spent the run's budget, still changes it when saved
// with the same size (it was named by its size only: watch and serve
// missed the save).
func TestFingerprintPastBudget(t *testing.T) {
	dir := t.TempDir()
	lim := schema.Limits{MaxBytes: 64, MaxNodes: 100, MaxDepth: 10, MaxAliases: 10, RunBytes: 100, RunNodes: 100}
	os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(strings.Repeat("#", 60)), 0o644)
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte(strings.Repeat("#", 60)), 0o644)
	p := filepath.Join(dir, "c.yaml")
	os.WriteFile(p, []byte("kind: scenario\n"+strings.Repeat("#", 45)), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	before := battle.Fingerprint(dir, lim)
	if !strings.Contains(before, "c.yaml ! ") {
		t.Fatalf("c.yaml was read within the budget:\n%s", before)
	}
	os.WriteFile(p, []byte("kind: forces!!\n"+strings.Repeat("#", 45)), 0o644) // the same size, saved now
	if after := battle.Fingerprint(dir, lim); after == before {
		t.Fatalf("a save of c.yaml past the budget left the fingerprint as it was:\n%s", after)
	}
}
