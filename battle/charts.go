package battle

import (
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/oob"
	"github.com/muster-wargames/muster/schema"
)

// A Chart is a picture of a table the battle supplies (battle.yaml's
// charts:), for a table the seeds do not print: a play engine shows it
// beside the tables the ruleset prints (play.charts).
type Chart struct {
	Name    string
	Source  string
	Picture *oob.Picture
}

// CodeChartImage: a chart's picture that cannot be used.
var CodeChartImage = diag.Code{Code: "B019", Severity: diag.Error, Title: "chart picture cannot be used",
	Doc: "A chart under battle.yaml's `charts:` (`{name: Fire Table, image: charts/fire.png}`) is the battle's own picture of a table the seeds do not print; the VASSAL module shows it in its Tables window beside the tables the ruleset prints. Its `image:` must be a PNG or JPEG file inside the battle folder, at most 4096 x 4096 pixels, whole: muster reads it as it reads a map's art (M014). The message says which: no such file, not a picture, too large, or damaged."}

// chartMaxPixels: a chart's picture is at most 4096 x 4096.
const chartMaxPixels = 4096 * 4096

// readCharts reads battle.yaml's charts: into Battle.Charts, each picture
// through readPicture (B019); a chart whose picture cannot be used is left
// out.
func (ld *loader) readCharts(d *schema.Doc, n *schema.Node) {
	for _, c := range schema.Items(n) {
		img := schema.Get(c, "image")
		if img == nil || !schema.IsScalar(img) || schema.Str(img) == "" {
			continue // the schema says so
		}
		pic, ok := ld.readPicture(d, img, "chart", CodeChartImage, chartMaxPixels)
		if !ok {
			continue
		}
		ld.b.Charts = append(ld.b.Charts, Chart{Name: schema.Str(schema.Get(c, "name")), Source: schema.Str(schema.Get(c, "source")), Picture: pic})
	}
}
