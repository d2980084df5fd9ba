package vmod

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/publish"
)

// fuzzSeeds are small modules: the ccn-style fixture as it is and flat,
// and hostile shapes (a board image named "..", a huge leading, a tiny dx).
func fuzzSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	for _, edit := range []func(string) string{
		func(s string) string { return s },
		flat,
		func(s string) string { return strings.Replace(flat(s), `image="map.png"`, `image=".."`, 1) },
		func(s string) string { return strings.Replace(flat(s), `hLeading="1"`, `hLeading="100000000"`, 1) },
		func(s string) string { return strings.Replace(flat(s), `dx="45.0"`, `dx="1e-300"`, 1) },
	} {
		seeds = append(seeds, ccnStyle(t, edit))
	}
	return seeds
}

// FuzzImport: any archive is imported or refused, without a panic, within
// the time a small input deserves, and what it would write stays inside
// the battle folder.
func FuzzImport(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("buildFile.xml")
	w.Write([]byte(`<VASSAL.build.GameModule name="m"><VASSAL.build.module.Map mapName="M"/></VASSAL.build.GameModule>`))
	zw.Close()
	f.Add(buf.Bytes())
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		res, err := Import(data, Options{System: "gbacw", Module: "fuzz.vmod"})
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("%d bytes took %v", len(data), d)
		}
		if res == nil {
			if err == nil {
				t.Fatal("no result and no error")
			}
			return
		}
		for name := range res.Files {
			if !publish.LocalName(name) {
				t.Fatalf("the import would write %q, outside the folder", name)
			}
		}
	})
}

// FuzzParseXML: any build file is read into a tree or refused, without a
// panic; a tree keeps to the depth limit.
func FuzzParseXML(f *testing.F) {
	for _, s := range []string{
		`<VASSAL.build.GameModule name="m"><a>text<!-- c -->more</a><b x="1"/></VASSAL.build.GameModule>`,
		strings.Repeat("<a>", 120) + strings.Repeat("</a>", 120),
		"<a>" + strings.Repeat("x<!---->", 20) + "</a>",
		`<a name="` + strings.Repeat("n", 200) + `"><b/></a>`,
		"<a></b>",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := parseXML(bytes.NewReader(data))
		if err != nil {
			return
		}
		depth := 0
		var walk func(n *node, d int)
		walk = func(n *node, d int) {
			if d > depth {
				depth = d
			}
			for _, k := range n.Kids {
				if k.Up != n {
					t.Fatalf("%s's parent is not %s", k.Class, n.Class)
				}
				walk(k, d+1)
			}
		}
		walk(root, 1)
		if depth > maxDepth {
			t.Fatalf("a tree %d deep", depth)
		}
		_ = root.Path()
	})
}

// FuzzScanCommands: a saved game's stream, read in chunks, splits as
// strings.Split does, plain and obfuscated.
func FuzzScanCommands(f *testing.F) {
	f.Add([]byte("begin_save\x1b+/1/a\x1bTURN\tt\x1bend_save"))
	f.Add([]byte("\x1b\x1b"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		want := strings.Split(string(data), "\x1b")
		for _, in := range []string{string(data), obfuscated(string(data))} {
			if strings.HasPrefix(string(data), "!VCSK") && in == string(data) {
				continue // plain text that reads as obfuscated
			}
			var got []string
			err := scanCommands(strings.NewReader(in), func(c []byte, whole bool) {
				if !whole {
					t.Fatalf("a command of a small stream is cut")
				}
				got = append(got, string(c))
			})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\x00") != strings.Join(want, "\x00") || len(got) != len(want) {
				t.Fatalf("%q splits as %q, want %q", in, got, want)
			}
		}
	})
}
