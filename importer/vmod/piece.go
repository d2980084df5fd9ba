package vmod

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/compile/vassal/seq"
)

// trait is one decorator of a piece, as the build file writes it: its type
// (with its id before the first ';') and its state.
type trait struct{ typ, state string }

func (t trait) id() string {
	id, _, _ := strings.Cut(t.typ, ";")
	return id
}

// decodePiece reads the text of a PieceSlot or PrototypeDefinition, an
// AddPiece command "+/id/type/state", into its traits, outermost first; the
// last is the BasicPiece ("piece;...").
func decodePiece(text string) ([]trait, bool) {
	parts := seq.Decode(text, '/')
	if len(parts) < 4 || parts[0] != "+" {
		return nil, false
	}
	typ, state := parts[2], parts[3]
	var out []trait
	for i := 0; i < 1000; i++ {
		tt := seq.Decode(typ, '\t')
		ss := seq.Decode(state, '\t')
		st := ""
		if len(ss) > 0 {
			st = ss[0]
		}
		if len(tt) < 2 || strings.HasPrefix(tt[0], "piece;") {
			out = append(out, trait{typ, state})
			return out, true
		}
		out = append(out, trait{tt[0], st})
		typ = tt[1]
		if len(ss) > 1 {
			state = ss[1]
		} else {
			state = ""
		}
	}
	return out, true
}

// basic returns the image and name of a BasicPiece trait.
func basic(t trait) (image, name string) {
	f := seq.Decode(strings.TrimPrefix(t.typ, "piece;"), ';')
	if len(f) >= 4 {
		return f[2], f[3]
	}
	return "", ""
}

// props are what a piece says of itself: Marker and DynamicProperty
// values by key, label texts, layer names and the traits not understood.
type props struct {
	values  map[string]string
	keys    []string // in trait order, outermost first
	labels  []string
	layers  map[string][]string // Layer (emb2) name → its images by level
	unknown []trait
	regen   []trait // traits muster writes and rebuilds from the ruleset
	// counters are the Calculated Properties of a leader's ratings that
	// follow his further counters (compile/vassal counterProp)
	counters []trait
	protos   []string
	missing  []string // prototypes named but not defined
	image    string   // the BasicPiece image
	// nameLabel is the text of a leader's name label (compile/vassal
	// leaderLabels: the Text Label of property "Name"), which follows his
	// faces: his replacement's name on the Face layer's level 2
	nameLabel string
}

func (p *props) set(k, v string) {
	if p.values == nil {
		p.values = map[string]string{}
	}
	if _, ok := p.values[k]; !ok {
		p.keys = append(p.keys, k)
		p.values[k] = v
	}
}

// regenerated are the traits muster's own modules carry that the rebuild
// makes again from the ruleset (states, facing, reports, clone, delete)
// and from the sides (Restricted Access to the piece's side); a unit's
// strength steps restricted while it has no strength (hideCmd) come again
// from its set-ups' strengths.
var regenerated = map[string]bool{"emb2": true, "rotate": true, "report": true, "clone": true, "delete": true, "restrict": true, "hideCmd": true,
	"border": true, "AreaOfEffect": true, "submenu": true, "sendto": true, "markmoved": true, "footprint": true}

// A Calculated Property "Ratings" is a leader's ratings as the stack viewer
// writes them, following his face or counter (compile/vassal's
// leaderCounter), made again from his ratings like the Marker it replaces.

// flagCalcs are the Calculated Properties of muster's rule flags
// (compile/vassal/flags.go), made again from the ruleset's figures.
var flagCalcs = map[string]bool{"StackClass": true, "StackSP": true, "StackWeight": true, "OverStacked": true,
	"OutOfCommand": true, "CommandRadius": true, "CmdBase": true}

// collect reads traits into p, expanding prototypes from defs. The piece's
// own traits come first, so its values win over its prototypes'.
func collect(p *props, traits []trait, defs map[string][]trait, depth int) {
	for _, t := range traits {
		switch t.id() {
		case "piece":
		case "mark":
			ks := seq.Decode(strings.TrimPrefix(t.typ, "mark;"), ',')
			vs := seq.Decode(t.state, ',')
			for i, k := range ks {
				v := ""
				if i < len(vs) {
					v = vs[i]
				}
				p.set(k, v)
			}
		case "PROP":
			f := seq.Decode(strings.TrimPrefix(t.typ, "PROP;"), ';')
			if len(f) > 0 && f[0] != "" {
				p.set(f[0], t.state)
			}
		case "label":
			p.labels = append(p.labels, t.state)
			if f := seq.Decode(strings.TrimPrefix(t.typ, "label;"), ';'); len(f) > 15 && f[15] == "Name" && p.nameLabel == "" {
				p.nameLabel = t.state
			}
		case "prototype":
			name := strings.TrimPrefix(t.typ, "prototype;")
			name, _, _ = strings.Cut(name, ";")
			p.protos = append(p.protos, name)
			d, ok := defs[name]
			if !ok {
				p.missing = append(p.missing, name)
				continue
			}
			if depth < 20 {
				collect(p, d, defs, depth+1)
			}
		default:
			if t.id() == "emb2" {
				f := seq.Decode(strings.TrimPrefix(t.typ, "emb2;"), ';')
				if len(f) > 18 {
					if p.layers == nil {
						p.layers = map[string][]string{}
					}
					if _, ok := p.layers[f[18]]; !ok {
						p.layers[f[18]] = seq.Decode(f[15], ',')
					}
				}
			}
			if regenerated[t.id()] || t.id() == "calcProp" && (flagCalcs[calcName(t)] || calcName(t) == "Ratings") {
				p.regen = append(p.regen, t)
			} else if t.id() == "calcProp" && (counterRe().MatchString(t.typ) || faceRatingRe().MatchString(t.typ)) {
				p.counters = append(p.counters, t)
			} else {
				p.unknown = append(p.unknown, t)
			}
		}
	}
}

// counterRe finds each further counter's value in a counterProp's
// expression, (GetProperty("Counter_Level")==2?"-1":"0"); counterFirst
// the first counter's, the innermost default.
var (
	counterRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`GetProperty\("Counter_Level"\)==([0-9]+)\?"([^"]*)"`)
	})
	counterFirst = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`:"([^"]*)"\)+\}$`) })
)

// faceRatingRe finds a leader's rating, or his name label, that follows
// his replacement face (compile/vassal leaderDef, leaderLabels): the
// replacement's, a quoted string, on the Face layer's level 2; his own is
// the innermost default, read as his counters' ratings are.
var faceRatingRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`GetProperty\("Face_Level"\)==2\?("(?:[^"\\]|\\.)*")`)
})

// calcName is a Calculated Property's name.
func calcName(t trait) string {
	f := seq.Decode(strings.TrimPrefix(t.typ, "calcProp;"), ';')
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// faceRe finds a face's value in the label expression muster writes:
// (GetProperty("disordered_Level")==2?"4":...).
var faceRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`GetProperty\("([A-Za-z0-9_-]+)_Level"\)==([0-9]+)\?"([^"]*)"`)
})
var fieldRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`GetProperty\("([A-Za-z0-9_]+)"\)`) })

// faceValues reads the face values from a muster values label: each part
// between +"-"+ shows one field, and a face that changes it says so, by
// its layer and level; face names the face of a layer's level.
func faceValues(expr string, face func(layer string, level int) string) map[string]map[string]string {
	if !strings.HasPrefix(expr, "{") {
		return nil
	}
	out := map[string]map[string]string{}
	for _, part := range strings.Split(expr, `+"-"+`) {
		var field string
		for _, m := range fieldRe().FindAllStringSubmatch(part, -1) {
			if !strings.HasSuffix(m[1], "_Level") {
				field = m[1]
			}
		}
		if field == "" {
			continue
		}
		for _, m := range faceRe().FindAllStringSubmatch(part, -1) {
			lv, _ := strconv.Atoi(m[2])
			f := face(m[1], lv)
			if out[f] == nil {
				out[f] = map[string]string{}
			}
			out[f][field] = m[3]
		}
	}
	return out
}

// faceOf names the face a layer's level shows: muster names a face's image
// after the piece's own image, "<front>-<face>.png"; without such an
// image, the layer's name is the face.
func (p *props) faceOf(front string) func(string, int) string {
	base := strings.TrimSuffix(front, ".png") + "-"
	return func(layer string, level int) string {
		imgs := p.layers[layer]
		if level >= 1 && level <= len(imgs) {
			if f, ok := strings.CutPrefix(imgs[level-1], base); ok {
				return strings.TrimSuffix(f, ".png")
			}
		}
		return layer
	}
}
