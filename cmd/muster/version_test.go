package main

import (
	"runtime/debug"
	"testing"
)

// TestVersionText: `muster version` prints the module version, and the
// commit, its date and uncommitted changes when the build recorded them.
func TestVersionText(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, c := range []struct {
		name, override string
		bi             *debug.BuildInfo
		want           string
	}{
		{"no build info", "", nil, "muster (devel) (bundle format 1, schemas v1)\n"},
		{"released", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"}},
			"muster v1.2.3 (bundle format 1, schemas v1)\nbuilt with go1.26.8\n"},
		{"clone, clean", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261201104512-64ae971a2b3c"},
			Settings: vcs("-buildmode", "exe", "vcs", "git", "vcs.revision", "64ae971a2b3c4d5e6f708192a3b4c5d6e7f80912", "vcs.time", "2026-12-01T10:45:12Z", "vcs.modified", "false")},
			"muster v0.0.0-20261201104512-64ae971a2b3c (bundle format 1, schemas v1)\ncommit 64ae971a2b3c4d5e6f708192a3b4c5d6e7f80912 of 2026-12-01T10:45:12Z\nbuilt with go1.26.8\n"},
		{"clone, modified", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", "64ae971", "vcs.modified", "true")},
			"muster (devel) (bundle format 1, schemas v1)\ncommit 64ae971, with uncommitted changes\n"},
		{"ldflags", "1.0.0-rc1", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			"muster 1.0.0-rc1 (bundle format 1, schemas v1)\n"},
	} {
		if got := versionText(c.override, c.bi); got != c.want {
			t.Errorf("%s:\ngot  %q\nwant %q", c.name, got, c.want)
		}
	}
}
