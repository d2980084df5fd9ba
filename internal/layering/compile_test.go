package layering

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCompileLayers asks the go tool what the build targets link: compile
// (the bundle) links none of its targets' packages, and no target links
// the checks.
func TestCompileLayers(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	const mod = "github.com/muster-wargames/muster/"
	for pkg, banned := range map[string][]string{
		"compile":         {"compile/vassal", "compile/targets", "validate", "report"},
		"compile/vassal":  {"compile/targets", "validate", "report"},
		"compile/targets": {"validate", "report"},
	} {
		out, err := exec.Command(goTool, "list", "-deps", mod+pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, b := range banned {
				if dep == mod+b || strings.HasPrefix(dep, mod+b+"/") {
					t.Errorf("%s links %s", pkg, dep)
				}
			}
		}
	}
}
