package layering

import (
	"os/exec"
	"strings"
	"testing"
)

// TestModelsDrawNothing asks the go tool what battle, validate and the
// pipeline that runs them link:
// none of the PDF, PNG, font or HTML-template libraries, and none of the
// emit-side packages that use them.
func TestModelsDrawNothing(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	cmd := exec.Command(goTool, "list", "-deps", "github.com/muster-wargames/muster/battle", "github.com/muster-wargames/muster/validate", "github.com/muster-wargames/muster/pipeline")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	banned := []string{
		"codeberg.org/go-pdf/fpdf",
		"image/png",
		"golang.org/x/image/font",
		"html/template",
		"github.com/muster-wargames/muster/render",
		"github.com/muster-wargames/muster/sheets",
		"github.com/muster-wargames/muster/compile",
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, b := range banned {
			if dep == b || strings.HasPrefix(dep, b+"/") {
				t.Errorf("battle, validate or pipeline links %s", dep)
			}
		}
	}
}
