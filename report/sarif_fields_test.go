package report_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/muster-wargames/muster/report"
)

// TestSARIFFields holds the objects a finding's structure adds to a SARIF
// result to what the SARIF 2.1.0 schema requires of them (sarif-schema-
// 2.1.0.json): partialFingerprints an object of strings; relatedLocations
// unique locations, each with an id of at least -1 and a message with
// text; fixes with at least one artifactChange, each with an
// artifactLocation and at least one replacement, each with a deletedRegion
// whose lines and columns are at least 1, and insertedContent with text.
func TestSARIFFields(t *testing.T) {
	ds, texts := reportInput()
	var buf bytes.Buffer
	if err := report.Write("sarif", &buf, ds, report.Options{Texts: texts}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				PartialFingerprints map[string]any `json:"partialFingerprints"`
				RelatedLocations    []struct {
					ID               *float64                `json:"id"`
					Message          *struct{ Text *string } `json:"message"`
					PhysicalLocation *struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"relatedLocations"`
				Fixes []struct {
					ArtifactChanges []struct {
						ArtifactLocation *struct{ URI string } `json:"artifactLocation"`
						Replacements     []struct {
							DeletedRegion *struct {
								StartLine, StartColumn, EndColumn int
							} `json:"deletedRegion"`
							InsertedContent *struct{ Text *string } `json:"insertedContent"`
						} `json:"replacements"`
					} `json:"artifactChanges"`
				} `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	var fingerprints, related, fixes int
	for _, r := range log.Runs[0].Results {
		for k, v := range r.PartialFingerprints {
			if _, ok := v.(string); !ok || k == "" {
				t.Errorf("partialFingerprints %s: %v is not a string", k, v)
			}
			fingerprints++
		}
		ids := map[float64]bool{}
		for _, l := range r.RelatedLocations {
			related++
			if l.ID == nil || *l.ID < -1 || ids[*l.ID] {
				t.Errorf("related location id %v: missing, below -1 or repeated", l.ID)
			} else {
				ids[*l.ID] = true
			}
			if l.Message == nil || l.Message.Text == nil {
				t.Error("related location without a message text")
			}
			if l.PhysicalLocation == nil || l.PhysicalLocation.ArtifactLocation.URI == "" {
				t.Error("related location without a physical location")
			}
		}
		for _, f := range r.Fixes {
			fixes++
			if len(f.ArtifactChanges) == 0 {
				t.Error("fix without artifactChanges")
			}
			for _, c := range f.ArtifactChanges {
				if c.ArtifactLocation == nil || len(c.Replacements) == 0 {
					t.Error("artifactChange without artifactLocation or replacements")
				}
				for _, rp := range c.Replacements {
					if g := rp.DeletedRegion; g == nil || g.StartLine < 1 || g.StartColumn < 1 || g.EndColumn < g.StartColumn {
						t.Errorf("replacement's deletedRegion %+v", rp.DeletedRegion)
					}
					if rp.InsertedContent == nil || rp.InsertedContent.Text == nil {
						t.Error("replacement without insertedContent text")
					}
				}
			}
		}
	}
	if fingerprints != len(ds) || related == 0 || fixes == 0 {
		t.Errorf("%d fingerprints for %d results, %d related locations, %d fixes: the input exercises every one", fingerprints, len(ds), related, fixes)
	}
}
