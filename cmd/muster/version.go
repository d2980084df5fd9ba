package main

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/compile"
)

// Version overrides the version the build records, when set at build time
// with -ldflags "-X main.Version=...".
var Version string

// buildInfo is what the Go toolchain recorded in the binary: the module's
// version (v1.2.3 from `go install …@v1.2.3`, a pseudo-version or (devel)
// from a clone) and, for a build in a git checkout, the commit.
var buildInfo = sync.OnceValue(func() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
})

// version is muster's version: Version, else the module version recorded
// in the build, else "(devel)".
func version() string { return moduleVersion(Version, buildInfo()) }

func moduleVersion(override string, bi *debug.BuildInfo) string {
	switch {
	case override != "":
		return override
	case bi != nil && bi.Main.Version != "":
		return bi.Main.Version
	}
	return "(devel)"
}

// versionText is what `muster version` and `muster --version` print: the
// version and the formats it writes, then the commit, its date and whether
// the work tree had changes, when the build recorded them (a build from a
// git checkout does; `go install …@version` and `go test` do not).
func versionText(override string, bi *debug.BuildInfo) string {
	var b strings.Builder
	fmt.Fprintf(&b, "muster %s (bundle format %d, schemas v1)\n", moduleVersion(override, bi), compile.BundleVersion)
	if bi == nil {
		return b.String()
	}
	vcs := map[string]string{}
	for _, s := range bi.Settings {
		vcs[s.Key] = s.Value
	}
	if rev := vcs["vcs.revision"]; rev != "" {
		fmt.Fprintf(&b, "commit %s", rev)
		if t := vcs["vcs.time"]; t != "" {
			fmt.Fprintf(&b, " of %s", t)
		}
		if vcs["vcs.modified"] == "true" {
			b.WriteString(", with uncommitted changes")
		}
		b.WriteString("\n")
	}
	if bi.GoVersion != "" {
		fmt.Fprintf(&b, "built with %s\n", bi.GoVersion)
	}
	return b.String()
}
